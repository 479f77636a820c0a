// The alerts of a few facilities from memory (src/server/alerts-memory.ts) against the SQL path they replace: the
// same answer to the byte for any set of CCNs (known, unknown, repeated, none), for both periods; and the app answers
// from memory once a period's texts are read.
import fc from "fast-check";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDb } from "../../test/databases.ts";
import { ALERT_PERIODS } from "../core/constants.ts";
import type { Db } from "../db/client.ts";
import { ingestDemo } from "../ingest/sources.ts";
import { alertsOf, readAlertTexts } from "./alerts-memory.ts";
import { createApp } from "./app.ts";
import { listAlerts } from "./repository.ts";

describe.each(engines)("a few facilities' alerts from memory on $name", (engine) => {
  let db: Db;
  let ccns: string[];

  beforeAll(async () => {
    db = await openTestDb(engine);
    // Four months: both periods have changes, and facilities that came in the newest month have no alert.
    await ingestDemo(db, { facilities: 300, months: 4 });
    ccns = (await db.query<{ ccn: string }>("SELECT ccn FROM facility ORDER BY ccn")).map((row) => row.ccn);
  }, 180_000);

  afterAll(async () => {
    await db?.close();
  });

  it("gives, for any set of CCNs, the bytes the SQL path gives", async () => {
    for (const period of ALERT_PERIODS) {
      const texts = await readAlertTexts(db, period);
      expect(texts.size).toBeGreaterThan(0);
      const ccn = fc.oneof(fc.constantFrom(...ccns), fc.constantFrom("ZZ9999", "015009", "01A193"));
      await fc.assert(
        fc.asyncProperty(fc.array(ccn, { maxLength: 12 }), async (asked) => {
          const unique = [...new Set(asked)];
          expect(alertsOf(texts, asked)).toBe(await listAlerts(db, period, unique));
        }),
        { numRuns: 40 },
      );
    }
  });

  it("answers from memory once the period's alerts are read, as before", async () => {
    const app = createApp({ db, logger: pino({ level: "silent" }) });
    const path = (some: string[]) =>
      `/api/alerts?period=lastQuarter&${some.map((c) => `ccn=${c}`).join("&")}`;
    const first = await app.request(path(ccns.slice(0, 2)));
    expect(await first.text()).toBe(await listAlerts(db, "lastQuarter", ccns.slice(0, 2)));
    // The first request started the read of every alert of the period (a few hundred rows here).
    await new Promise((done) => setTimeout(done, 2000));
    const pairs = Array.from({ length: 20 }, (_, at) => [
      ccns[2 * at + 3] as string,
      ccns[2 * at + 2] as string,
    ]);
    const expected = await Promise.all(pairs.map((pair) => listAlerts(db, "lastQuarter", pair)));
    // A change the memory cannot see (the data version stays): the answers show they come from memory.
    await db.exec("UPDATE rating_alert SET overall_diff = 9 WHERE period = 'lastQuarter'");
    expect(await listAlerts(db, "lastQuarter", pairs[0] as string[])).not.toBe(expected[0]);
    for (const [at, pair] of pairs.entries()) {
      const response = await app.request(path(pair));
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(expected[at]);
    }
  });
});
