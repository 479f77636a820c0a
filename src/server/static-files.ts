// The built web app, served from memory: every file of the build is read once at start and, when it is text, gzipped
// once at the highest level. Compressing a 500 KB script on every request costs milliseconds of the one thread that
// also answers the API, which under load shows as the slowest requests of all.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative } from "node:path";
import { gzipExact, hashKey } from "./response-cache.ts";

export interface StaticFile {
  contentType: string;
  body: Buffer;
  /** Present when the file is worth compressing. */
  gzipped?: Buffer;
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

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every file of `dir` by its URL path ("/index.html", "/assets/index-abc.js"). */
export function readStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const path of filesUnder(dir)) {
    const extension = extname(path).toLowerCase();
    const body = readFileSync(path);
    const file: StaticFile = {
      contentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
      body,
      etag: `"${hashKey(body.toString("latin1"))}-${body.length}"`,
    };
    if (COMPRESSIBLE.has(extension) && body.length >= 1024) file.gzipped = gzipExact(body, 9);
    files.set(`/${relative(dir, path).split("\\").join("/")}`, file);
  }
  return files;
}
