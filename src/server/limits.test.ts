import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client.ts";
import { openDb } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { createApp, WARM_PATHS } from "./app.ts";
import { NOTHING_LOADED_TEXT } from "./routes/insight-routes.ts";

describe("request bodies", () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ dataDir: "memory://" });
    await migrate(db);
  });
  afterAll(() => db.close());

  it("refuses a body over 16 KiB with a 413, and reads a GET without looking for one", async () => {
    const app = createApp({ db, logger: pino({ level: "silent" }) });
    const large = await app.request("/api/facilities", { method: "POST", body: "x".repeat(20 * 1024) });
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ error: { message: "The request body is too large" } });
    const small = await app.request("/api/facilities", { method: "POST", body: "x" });
    expect(small.status).toBe(404);
    expect((await app.request("/api/facilities")).status).toBe(200);
  });

  it("answers every warmed path of an empty database (a first start still loading) without a server error", async () => {
    const app = createApp({ db, logger: pino({ level: "silent" }) });
    for (const path of WARM_PATHS.filter((warm) => warm !== "/api/benchmarks")) {
      expect((await app.request(path)).status, path).toBe(200);
    }
    // The averages do not exist before a release: the caller is told so, not given a 500.
    const benchmarks = await app.request("/api/benchmarks");
    expect(benchmarks.status).toBe(503);
    expect(await benchmarks.json()).toEqual({ error: { message: NOTHING_LOADED_TEXT } });
  });
});
