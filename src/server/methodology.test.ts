// GET /api/methodology (docs/api.md) in-process against a real database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): the list of src/core/methodology.ts, with the caching rules of every read.
import { gunzipSync } from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import { METHODOLOGY_EVENTS } from "../core/methodology.ts";
import type { Db } from "../db/client.ts";
import { type DemoFile, writeDemoFiles } from "../ingest/demo-data.ts";
import { ingestFiles } from "../ingest/ingest.ts";
import { type App, createApp } from "./app.ts";

let files: DemoFile[];
beforeAll(async () => {
  files = await writeDemoFiles(tempDir(), { facilities: 50, months: 2 });
}, 60_000);

describe.each(engines)("GET /api/methodology, $name", (engine) => {
  let db: Db;
  let app: App;
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

  beforeAll(async () => {
    db = await openTestDb(engine);
    const loaded = await ingestFiles(db, [(files[0] as DemoFile).path], { source: "demo" });
    expect(loaded.every((result) => result.status === "loaded")).toBe(true);
    app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("lists every event with its date, label, description and source, oldest first", async () => {
    const response = await get("/api/methodology");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, string>[];
    expect(body).toEqual(
      METHODOLOGY_EVENTS.map(({ date, label, description, sourceUrl }) => ({
        date,
        label,
        description,
        sourceUrl,
      })),
    );
    for (const event of body) {
      expect(Object.keys(event).sort()).toEqual(["date", "description", "label", "sourceUrl"]);
      expect(event.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(event.sourceUrl).toMatch(/^https:\/\//);
    }
    const dates = body.map((event) => event.date);
    expect(dates).toEqual([...dates].sort());
    expect(
      body.some((event) => event.date === "2022-07-01" && /turnover/.test(event.description ?? "")),
    ).toBe(true);
  });

  it("answers with an ETag, the detail's cache lifetime, 304 on revalidation, and gzip when asked", async () => {
    const first = await get("/api/methodology");
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=300");
    const again = await get("/api/methodology", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    const gzipped = await get("/api/methodology", { "accept-encoding": "gzip" });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString("utf8"))).toEqual(
      await first.json(),
    );
  });

  it("changes its ETag, not its list, when a load publishes new data", async () => {
    const before = await get("/api/methodology");
    const etag = before.headers.get("etag") as string;
    const loaded = await ingestFiles(db, [(files[1] as DemoFile).path], { source: "demo" });
    expect(loaded.every((result) => result.status === "loaded")).toBe(true);
    const after = await get("/api/methodology", { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(await after.json()).toEqual(await before.json());
  });
});
