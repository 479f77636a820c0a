import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client.ts";
import { openDb } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { createApp } from "./app.ts";

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
});
