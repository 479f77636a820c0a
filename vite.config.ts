import { constants } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

export default defineConfig({
  root: "src/web",
  publicDir: false,
  plugins: [
    react(),
    tailwindcss(),
    // Every text file of the build also as .gz (level 9) and .br (quality 11), which the server serves from memory
    // (src/server/static-files.ts): brotli at its best quality takes seconds for the whole build, too long for every
    // start of the server.
    compression({
      include: /\.(html|js|mjs|css|json|svg|txt)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm("gzip", { level: 9 }),
        defineAlgorithm("brotliCompress", {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
      ],
      logLevel: "silent",
    }),
  ],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    // The sizes are not printed: computing them took a second of every `npm start`.
    reportCompressedSize: false,
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:3000", "/healthz": "http://127.0.0.1:3000" },
  },
});
