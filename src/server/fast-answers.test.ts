// Cached answers and the web app's files sent before the Hono app (fast-answers.ts), on a real Node server: the same
// status, headers and bytes the app sends, never an answer of data that is no longer served.
import { mkdirSync, writeFileSync } from "node:fs";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import type { Db } from "../db/client.ts";
import { writeDemoFiles } from "../ingest/demo-data.ts";
import { ingestFiles } from "../ingest/ingest.ts";
import { type App, createApp } from "./app.ts";
import { requestListener } from "./fast-answers.ts";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

/** The headers of an answer but those Node adds itself (the date and the connection's). */
function headersOf(answer: Answer): Record<string, string> {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, ...rest } = answer.headers;
  return rest as Record<string, string>;
}

/** A server of `app` that counts the requests the app itself answered (the others were answered before it). */
async function listen(app: App): Promise<{ base: string; viaApp: () => number; server: Server }> {
  let viaApp = 0;
  const server = http.createServer(
    requestListener(app.answerFast, (request, env) => {
      viaApp += 1;
      return app.fetch(request, env);
    }),
  );
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    viaApp: () => viaApp,
    server,
  };
}

/** Lets the app read its security headers (a moment after it is created). */
const settle = () => new Promise((done) => setTimeout(done, 20));

describe("the web app's files, sent before the app", () => {
  let db: Db;
  let app: App;
  let base: string;
  let viaApp: () => number;
  let server: Server;
  const script = `console.log(${JSON.stringify("built ".repeat(2000))});`;
  const style = `body{color:${"#123456;".repeat(400)}}`;
  beforeAll(async () => {
    const web = join(tempDir(), "web");
    mkdirSync(join(web, "assets"), { recursive: true });
    writeFileSync(join(web, "index.html"), "<!doctype html><title>CMS Star Ratings Dashboard</title>");
    // As vite build writes them: the script with its compressed copies (different from what the server would make,
    // so that the test sees which it sends), the style sheet without (compressed at start).
    writeFileSync(join(web, "assets", "index-abc123.js"), script);
    writeFileSync(join(web, "assets", "index-abc123.js.gz"), gzipSync(script, { level: 1 }));
    writeFileSync(join(web, "assets", "index-abc123.js.br"), brotliCompressSync(script));
    writeFileSync(join(web, "assets", "index-def456.css"), style);
    db = await openTestDb(engines[0] as (typeof engines)[number]);
    app = createApp({ db, logger: pino({ level: "silent" }), staticDir: web });
    ({ base, viaApp, server } = await listen(app));
    await settle();
  });
  afterAll(async () => {
    server?.close();
    await db?.close();
  });

  it("sends brotli, gzip or the plain bytes by Accept-Encoding, with the headers the app sends", async () => {
    const brotli = await get(base, "/assets/index-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.status).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body).toString()).toBe(script);
    expect(brotli.body.equals(brotliCompressSync(script))).toBe(true);
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers.vary).toBe("Accept-Encoding");
    expect(brotli.headers["content-length"]).toBe(String(brotli.body.length));

    const gzip = await get(base, "/assets/index-abc123.js", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    // The build's copy, not one made at start.
    expect(gzip.body.equals(gzipSync(script, { level: 1 }))).toBe(true);
    const plain = await get(base, "/assets/index-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);

    // A file the build did not compress is compressed at start.
    const css = await get(base, "/assets/index-def456.css", { "accept-encoding": "br" });
    expect(css.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(css.body).toString()).toBe(style);
    const cssGzip = await get(base, "/assets/index-def456.css", { "accept-encoding": "gzip" });
    expect(gunzipSync(cssGzip.body).toString()).toBe(style);
    expect(viaApp()).toBe(0);

    // The same headers as the app's own answer (security headers included), but the length the app leaves to Node.
    const fromApp = await app.request("/assets/index-abc123.js", {
      headers: { "accept-encoding": "gzip, br" },
    });
    const { "content-length": _length, ...sent } = headersOf(brotli);
    expect(sent).toEqual(Object.fromEntries(fromApp.headers));
    expect(sent["content-security-policy"]).toContain("default-src 'self'");
  });

  it("answers a revalidation with 304, the page for client routes, and leaves the rest to the app", async () => {
    const first = await get(base, "/assets/index-abc123.js");
    const again = await get(base, "/assets/index-abc123.js", {
      "if-none-match": first.headers.etag as string,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const route = await get(base, "/facility/015009?tab=history");
    expect(route.status).toBe(200);
    expect(route.headers["cache-control"]).toBe("no-cache");
    expect(route.body.toString()).toContain("CMS Star Ratings Dashboard");
    const before = viaApp();
    expect(before).toBe(0);

    // A missing asset, an API path, the health and readiness checks, a HEAD: the app's answers.
    expect((await get(base, "/assets/missing-000.js")).status).toBe(404);
    expect((await get(base, "/api/nothing")).status).toBe(404);
    expect((await get(base, "/healthz")).status).toBe(200);
    expect((await get(base, "/readyz")).headers["content-type"]).toMatch(/^application\/json/);
    expect((await get(base, "/assets/index-abc123.js", {}, "HEAD")).status).toBe(200);
    // A percent-encoded path the app decodes to its API.
    expect((await get(base, "/%61pi/nothing")).status).toBe(404);
    expect(viaApp()).toBe(before + 6);
  });
});

/** How long the app trusts a read of the data version here. */
const VERSION_TTL_MS = 3000;

describe.each(engines)("cached answers sent before the app, on $name", (engine) => {
  let db: Db;
  let app: App;
  let base: string;
  let viaApp: () => number;
  let server: Server;
  beforeAll(async () => {
    db = await openTestDb(engine);
    const files = await writeDemoFiles(tempDir(), { facilities: 60, months: 3 });
    await ingestFiles(
      db,
      files.map((file) => file.path),
      { source: "demo" },
    );
    app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: VERSION_TTL_MS });
    ({ base, viaApp, server } = await listen(app));
    await settle();
  }, 120_000);
  afterAll(async () => {
    server?.close();
    await db?.close();
  });

  it("sends a URL's cached answer again, byte for byte and header for header, with its 304", async () => {
    const path = "/api/facilities?state=CA&sort=name";
    const first = await get(base, path, { "accept-encoding": "gzip" });
    expect(first.status).toBe(200);
    expect(first.headers["content-encoding"]).toBe("gzip");
    expect(viaApp()).toBe(1);

    const second = await get(base, path, { "accept-encoding": "gzip" });
    const plain = await get(base, path);
    const revalidated = await get(base, path, { "if-none-match": first.headers.etag as string });
    expect(viaApp()).toBe(1);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(gunzipSync(first.body))).toBe(true);
    expect(JSON.parse(plain.body.toString()).data.length).toBeGreaterThan(0);
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.headers["cache-control"]).toBe("public, max-age=30");

    // What the app itself sends for the same request: the same headers.
    const fromApp = await app.request(path);
    const { "content-length": _length, ...sent } = headersOf(plain);
    expect(sent).toEqual(Object.fromEntries(fromApp.headers));

    // A small answer (kept as text); the same request spelled differently is the app's to answer first.
    await get(base, "/api/lookups/states");
    const states = await get(base, "/api/lookups/states", { "accept-encoding": "gzip" });
    expect(states.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(states.body.toString())).toContain("CA");
    expect(viaApp()).toBe(2);
    const reordered = await get(base, "/api/facilities?sort=name&state=CA", { "accept-encoding": "gzip" });
    expect(viaApp()).toBe(3);
    expect(reordered.body.equals(first.body)).toBe(true);
  });

  it("never sends an answer of data no longer served: new data is read and answered by the app", {
    timeout: 20_000,
  }, async () => {
    const path = "/api/facilities?sort=name&page=1";
    const first = await get(base, path, { "accept-encoding": "gzip" });
    await get(base, path, { "accept-encoding": "gzip" });
    const counted = viaApp();
    await db.query("UPDATE app_state SET data_version = data_version + 1");
    // Once the version read is no longer trusted, the app reads the new version.
    await new Promise((done) => setTimeout(done, VERSION_TTL_MS + 100));
    const after = await get(base, path, { "accept-encoding": "gzip" });
    expect(viaApp()).toBe(counted + 1);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    // The old ETag is no longer a match.
    const stale = await get(base, path, { "if-none-match": first.headers.etag as string });
    expect(stale.status).toBe(200);
  });
});
