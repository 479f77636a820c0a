// The built web app, served from memory: every file of the build is read once at start, with its gzip and brotli
// forms. `vite build` writes them beside each text file (`.gz` at level 9, `.br` at quality 11: vite.config.ts);
// a file without them (a folder not built by vite) is compressed here once, brotli at a quality that keeps the start
// fast (quality 11 takes seconds for the whole build). Compressing a 500 KB script on every request costs
// milliseconds of the one thread that also answers the API, which under load shows as the slowest requests of all.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipExact, hashKey } from "./response-cache.ts";

export interface StaticFile {
  contentType: string;
  body: Buffer;
  /** Present when the file is worth compressing. */
  gzipped?: Buffer;
  /** Present with `gzipped`. */
  brotli?: Buffer;
  etag: string;
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=UTF-8",
  ".js": "text/javascript; charset=UTF-8",
  ".mjs": "text/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".json": "application/json; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=UTF-8",
};
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt"]);
/** The compressed copies the build writes beside a file: attached to it, never served under their own names. */
const COMPRESSED_COPY = /\.(gz|br)$/;
/** Brotli's quality for a file the build did not compress: about gzip 9's time, and smaller. */
const START_BROTLI_QUALITY = 5;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The build's compressed copy of `path`, or `compress(body)` when there is none. */
function compressedCopy(path: string, compress: () => Buffer): Buffer {
  return existsSync(path) ? readFileSync(path) : compress();
}

/** Every file of `dir` by its URL path ("/index.html", "/assets/index-abc.js"). */
export function readStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const path of filesUnder(dir)) {
    if (COMPRESSED_COPY.test(path)) continue;
    const extension = extname(path).toLowerCase();
    const body = readFileSync(path);
    const file: StaticFile = {
      contentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
      body,
      etag: `"${hashKey(body.toString("latin1"))}-${body.length}"`,
    };
    if (COMPRESSIBLE.has(extension) && body.length >= 1024) {
      file.gzipped = compressedCopy(`${path}.gz`, () => gzipExact(body, 9));
      file.brotli = compressedCopy(`${path}.br`, () =>
        brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: START_BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
      );
    }
    files.set(`/${relative(dir, path).split("\\").join("/")}`, file);
  }
  return files;
}
