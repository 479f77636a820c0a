import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // d3-composite-projections' "main" is a UMD build that Node cannot load in a "type": "module" package; through
    // Vite it resolves to its ES modules ("module"), as in the web build.
    server: { deps: { inline: ["d3-composite-projections"] } },
  },
});
