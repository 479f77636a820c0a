// Answers sent straight on Node's request, before the Hono app, for what the server holds in memory ready to send:
// the cached API answers of URLs it has answered before (app.ts learns them) and the files of the built web app.
// Through the app, a cached answer of 50 KB took about twice the time Node's own HTTP stack takes to send the same
// bytes: the web Request and Response of the adapter, the middleware chain, the routing, the headers built one by one
// and written from a Headers object. Here each answer's headers are one list built once (the same headers the app
// sends: the security headers are read from the app's own middleware), written with its bytes in one call. Anything
// else (another method, a URL not learned, an entry gone from the cache, a data version to read again) goes to the
// app, which answers it as always.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono, type MiddlewareHandler } from "hono";
import type { StaticFile } from "./static-files.ts";

/** A response's headers as Node's writeHead takes them: names and values in one flat list. */
export type HeaderList = readonly string[];

/** Answers a request from memory and returns its status, or returns 0 (and sends nothing) when it cannot. */
export type FastAnswer = (url: string, request: IncomingMessage, response: ServerResponse) => number;

/** The headers a middleware adds to every answer, read from an answer of a small app that uses it. */
export async function headersAddedBy(middleware: MiddlewareHandler): Promise<HeaderList> {
  const probe = new Hono();
  probe.use("*", middleware);
  probe.get("/", (c) => c.body(null, 204));
  const response = await probe.request("/");
  return [...response.headers].flat();
}

export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return acceptEncoding !== undefined && /\bgzip\b/.test(acceptEncoding);
}

export function acceptsBrotli(acceptEncoding: string | undefined): boolean {
  return acceptEncoding !== undefined && /\bbr\b/.test(acceptEncoding);
}

/** Sends an answer whose headers are ready. */
export function sendReady(response: ServerResponse, status: number, headers: HeaderList, body?: Uint8Array) {
  response.writeHead(status, headers as string[]);
  response.end(body);
}

/** A file ready to send: its headers for each form it has, and for a 304. */
interface ReadyFile {
  etag: string;
  notModified: HeaderList;
  identity: [HeaderList, Buffer];
  gzip?: [HeaderList, Buffer];
  brotli?: [HeaderList, Buffer];
}

function readyFile(file: StaticFile, cacheControl: string, security: HeaderList): ReadyFile {
  const common = [...security, "cache-control", cacheControl, "etag", file.etag, "vary", "Accept-Encoding"];
  const form = (body: Buffer, encoding?: string): [HeaderList, Buffer] => [
    [
      ...common,
      "content-type",
      file.contentType,
      ...(encoding ? ["content-encoding", encoding] : []),
      "content-length",
      String(body.length),
    ],
    body,
  ];
  return {
    etag: file.etag,
    notModified: common,
    identity: form(file.body),
    ...(file.gzipped && { gzip: form(file.gzipped, "gzip") }),
    ...(file.brotli && { brotli: form(file.brotli, "br") }),
  };
}

/** A longer URL is left to the app, which checks the length of URLs. */
const MAX_FAST_URL = 2048;
/** Cache-Control of the built assets, whose names carry a content hash. */
export const ASSET_CACHE = "public, max-age=31536000, immutable";
/** Cache-Control of the page: always asked again (a 304 when the build did not change). */
export const PAGE_CACHE = "no-cache";

/**
 * The built web app's answers, as the app routes them: a file under /assets/, and the page (index.html) for every
 * other path outside /api, /healthz and /readyz. A path the app might route otherwise (percent-encoded, or a missing asset,
 * whose 404 the app answers) is left to it.
 */
export function staticAnswers(files: Map<string, StaticFile>, security: HeaderList): FastAnswer {
  const assets = new Map<string, ReadyFile>();
  for (const [path, file] of files) {
    if (path.startsWith("/assets/")) assets.set(path, readyFile(file, ASSET_CACHE, security));
  }
  const index = files.get("/index.html");
  const page = index && readyFile(index, PAGE_CACHE, security);
  return (url, request, response) => {
    const queryStart = url.indexOf("?");
    const path = queryStart < 0 ? url : url.slice(0, queryStart);
    let file: ReadyFile | undefined;
    if (path.startsWith("/assets")) file = assets.get(path);
    else if (
      url.length <= MAX_FAST_URL &&
      path.charCodeAt(0) === 47 /* / */ &&
      path.charCodeAt(1) !== 47 &&
      !path.startsWith("/api") &&
      !path.startsWith("/healthz") &&
      !path.startsWith("/readyz") &&
      !path.includes("%")
    )
      file = page;
    if (!file) return 0;
    if (request.headers["if-none-match"] === file.etag) {
      sendReady(response, 304, file.notModified);
      return 304;
    }
    const acceptEncoding = request.headers["accept-encoding"];
    const [headers, body] =
      (file.brotli && acceptsBrotli(acceptEncoding) && file.brotli) ||
      (file.gzip && acceptsGzip(acceptEncoding) && file.gzip) ||
      file.identity;
    sendReady(response, 200, headers, body);
    return 200;
  };
}

/**
 * Node's request listener for an app: its fast answers first, then the app through @hono/node-server (with Node's
 * request and response as the app's `env`, so that it learns the URLs as Node received them).
 */
export function requestListener(
  answerFast: (request: IncomingMessage, response: ServerResponse) => boolean,
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
  hostname?: string,
): RequestListener {
  const fallback = getRequestListener(fetch, { hostname });
  return (request, response) => {
    if (!answerFast(request, response)) void fallback(request, response);
  };
}
