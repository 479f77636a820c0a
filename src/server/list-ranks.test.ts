// The unfiltered list read from the ranks kept at publication (migration 0038, src/db/list-order.ts): every page of
// every order is the page the same facilities give when read by skipping (a filter naming every state takes that
// way), on both engines; and a database whose ranks are not computed yet still serves its pages.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDb } from "../../test/databases.ts";
import { facilityListResponseSchema } from "../core/api-types.ts";
import type { Db } from "../db/client.ts";
import { RANK_COLUMNS } from "../db/list-order.ts";
import { ingestDemo } from "../ingest/sources.ts";
import { createApp } from "./app.ts";

const PAGE_SIZE = 37;

describe.each(engines)("the list's kept ranks ($name)", (engine) => {
  let db: Db;
  let states: string[];
  beforeAll(async () => {
    db = await openTestDb(engine);
    await ingestDemo(db, { facilities: 400, months: 3 });
    states = (await db.query<{ state: string }>("SELECT DISTINCT state FROM facility ORDER BY state")).map(
      (row) => row.state,
    );
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  /** Every page of a view, in order, as CCNs, and the total the view's summary states. */
  async function allPages(query: string, cacheEntries?: number) {
    const app = createApp({
      db,
      logger: pino({ level: "silent" }),
      dataVersionTtlMs: 0,
      ...(cacheEntries === undefined ? {} : { cacheEntries }),
    });
    const ccns: string[] = [];
    let total = 0;
    for (let page = 1; page <= 50; page += 1) {
      const response = await app.request(`/api/facilities?${query}&page=${page}&pageSize=${PAGE_SIZE}`);
      expect(response.status).toBe(200);
      const body = facilityListResponseSchema.parse(await response.json());
      total = body.totalCount;
      ccns.push(...body.data.map((item) => item.ccn));
      if (body.data.length < PAGE_SIZE) break;
    }
    return { ccns, total };
  }

  it("gives every page of each order as reading the whole order would", async () => {
    const [nulls] = await db.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM facility
       WHERE ${Object.values(RANK_COLUMNS)
         .map((column) => `${column} IS NULL`)
         .join(" OR ")}`,
    );
    expect(nulls?.n).toBe(0);
    const everyState = states.map((state) => `state=${state}`).join("&");
    for (const sort of Object.keys(RANK_COLUMNS)) {
      const ranked = await allPages(`sort=${sort}`);
      const skipped = await allPages(`sort=${sort}&${everyState}`);
      expect(ranked.total, sort).toBe(400);
      expect(ranked.ccns, sort).toHaveLength(400);
      expect(ranked.ccns, sort).toEqual(skipped.ccns);
    }
  });

  it("serves the pages of a database whose ranks are not computed yet", async () => {
    const expected = await allPages("sort=rating");
    await db.exec("UPDATE facility SET name_rank = NULL, rating_rank = NULL");
    try {
      expect(await allPages("sort=rating", 0)).toEqual(expected);
    } finally {
      await db.exec(
        `UPDATE facility f SET rating_rank = r.rating_rank, name_rank = r.name_rank FROM (
           SELECT ccn, row_number() OVER (ORDER BY coalesce(6 - nullif(overall_rating, 0), 6), provider_name, ccn)
             AS rating_rank, row_number() OVER (ORDER BY provider_name, ccn) AS name_rank FROM facility
         ) r WHERE r.ccn = f.ccn`,
      );
    }
  });
});
