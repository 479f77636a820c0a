// The built web app's files as the benchmarks weigh them: the initial JavaScript and CSS of `/` (the scripts and
// module preloads of index.html) and any file's gzip size (level 9, as the server stores static files).
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

export const DIST_WEB = join(resolve(import.meta.dirname, ".."), "dist/web");

/** Every built asset as a path from the site's root ("/assets/index-....js"), without the build's .gz and .br copies. */
export function builtAssets(): string[] {
  return readdirSync(join(DIST_WEB, "assets"))
    .filter((name) => !/\.(gz|br)$/.test(name))
    .map((name) => `/assets/${name}`);
}

/** The files index.html loads before anything else, as paths from the site's root ("/assets/index-....js"). */
export function initialAssets(): { js: string[]; css: string[] } {
  const html = readFileSync(join(DIST_WEB, "index.html"), "utf8");
  const js = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
  ].map((match) => match[1] as string);
  const css = [...html.matchAll(/<link[^>]+href="([^"]+\.css)"/g)].map((match) => match[1] as string);
  return { js, css };
}

/** Gzip size in KB of a built file given by its path from the site's root. */
export const gzipKb = (file: string) =>
  gzipSync(readFileSync(join(DIST_WEB, file)), { level: 9 }).length / 1024;
