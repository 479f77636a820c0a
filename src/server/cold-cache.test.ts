// A cold response cache under load (after a start, and after every load): identical requests in flight run one
// computation, and the server warms the answers most asked for as soon as it sees new data.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import type { Db, Queryable } from "../db/client.ts";
import { writeDemoFiles } from "../ingest/demo-data.ts";
import { ingestFiles } from "../ingest/ingest.ts";
import { createApp, WARM_PATHS } from "./app.ts";

/** The real database, counting the statements that read rating_alert (the alerts endpoint's table). */
function countingAlertReads(db: Db): { db: Db; alertReads: () => number } {
  let reads = 0;
  const query: Queryable["query"] = (sql, params) => {
    if (/FROM rating_alert a\s+WHERE a\.period/.test(sql)) reads += 1;
    return db.query(sql, params);
  };
  return { db: { ...db, query } as Db, alertReads: () => reads };
}

describe.each(engines)("a cold cache on $name", (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(engine);
    const files = await writeDemoFiles(tempDir(), { facilities: 300, months: 6 });
    await ingestFiles(
      db,
      files.map((file) => file.path),
      { source: "demo" },
    );
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("50 concurrent identical uncached requests run one query and get one answer", async () => {
    const counted = countingAlertReads(db);
    const app = createApp({ db: counted.db, logger: pino({ level: "silent" }) });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => app.request("/api/alerts?period=lastQuarter")),
    );
    const bodies = await Promise.all(responses.map((response) => response.text()));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0] as string).length).toBeGreaterThan(0);
    expect(counted.alertReads()).toBe(1);
    expect(app.computations()).toBe(1);
    // Cached once: the next asks are answered without a query.
    await app.request("/api/alerts?period=lastQuarter");
    expect(counted.alertReads()).toBe(1);
  });

  it("shares an error too: 50 concurrent requests for an unknown facility run one query, all 404", async () => {
    const app = createApp({ db, logger: pino({ level: "silent" }) });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => app.request("/api/facilities/999999")),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(404));
    expect(app.computations()).toBe(1);
  });

  it("warms the answers most asked for when it first sees the data, and again after new data", async () => {
    const app = createApp({ db, logger: pino({ level: "silent" }), warm: true, dataVersionTtlMs: 100 });
    const waitForComputations = async (count: number) => {
      const deadline = Date.now() + 30_000;
      while (app.computations() < count && Date.now() < deadline)
        await new Promise((done) => setTimeout(done, 20));
      expect(app.computations()).toBe(count);
    };
    // Each warm-up: the tables read into the database's buffers, then every answer of WARM_PATHS.
    const perWarmUp = WARM_PATHS.length + 1;
    await app.warmed;
    expect(app.computations()).toBe(perWarmUp);
    // A visitor's first requests for them are answered from the cache.
    for (const path of WARM_PATHS) expect((await app.request(path)).status).toBe(200);
    expect(app.computations()).toBe(perWarmUp);
    // New data (a load bumps the data version): warmed again, without a request.
    await db.exec("UPDATE app_state SET data_version = data_version + 1");
    await waitForComputations(2 * perWarmUp);
    for (const path of WARM_PATHS) await app.request(path);
    expect(app.computations()).toBe(2 * perWarmUp);
  });

  it("a server that starts again warms the answers visitors asked for most before it stopped", async () => {
    const before = createApp({ db, logger: pino({ level: "silent" }), warm: true });
    await before.warmed;
    for (let index = 0; index < 5; index += 1) await before.request("/api/facilities?page=3&state=CA");
    await before.saveState();
    const [saved] = await db.query<{ hits: number }>(
      "SELECT hits FROM popular_request WHERE path = '/api/facilities?page=3&state=CA'",
    );
    expect(saved?.hits).toBe(5);

    const after = createApp({ db, logger: pino({ level: "silent" }), warm: true });
    await after.warmed;
    const warmedCount = after.computations();
    expect((await after.request("/api/facilities?page=3&state=CA")).status).toBe(200);
    expect(after.computations()).toBe(warmedCount);
    // A request nobody asked for before is computed when asked.
    await after.request("/api/facilities?page=4&state=CA");
    expect(after.computations()).toBe(warmedCount + 1);
  });
});
