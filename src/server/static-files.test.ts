import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test/csv-fixtures.ts";
import { openDb } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { createApp } from "./app.ts";

describe("the built web app, served from memory", () => {
  it("serves assets gzipped once, with a year's cache, ETag revalidation, and 404 for a missing asset", async () => {
    const dir = tempDir();
    const web = join(dir, "web");
    mkdirSync(join(web, "assets"), { recursive: true });
    const script = `console.log(${JSON.stringify("x".repeat(5000))});`;
    writeFileSync(join(web, "index.html"), "<!doctype html><title>CMS Star Ratings Dashboard</title>");
    writeFileSync(join(web, "assets", "index-abc123.js"), script);
    const db = await openDb({ dataDir: join(dir, "db") });
    await migrate(db);
    try {
      const app = createApp({ db, logger: pino({ level: "silent" }), staticDir: web });
      const asset = await app.request("/assets/index-abc123.js", { headers: { "accept-encoding": "gzip" } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(asset.headers.get("content-encoding")).toBe("gzip");
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(gunzipSync(Buffer.from(await asset.arrayBuffer())).toString("utf8")).toBe(script);

      const plain = await app.request("/assets/index-abc123.js");
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(await plain.text()).toBe(script);

      const etag = asset.headers.get("etag") ?? "";
      const again = await app.request("/assets/index-abc123.js", { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);

      expect((await app.request("/assets/missing-000.js")).status).toBe(404);

      // Any other path is a client route: the page, never cached without asking.
      const route = await app.request("/facility/015009");
      expect(route.status).toBe(200);
      expect(route.headers.get("cache-control")).toBe("no-cache");
      expect(await route.text()).toContain("CMS Star Ratings Dashboard");
    } finally {
      await db.close();
    }
  });
});
