// The map's points from the columns in memory (src/server/points-memory.ts) against the SQL path they replace: for
// hundreds of views (every list filter, alone and combined, each order), the same answer to the byte; and the copy is
// read again for new data, in the background.
import fc from "fast-check";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDb } from "../../test/databases.ts";
import { DEFAULT_RADIUS_MILES, effectiveRadius, parseFacilityQuery } from "../core/api-query.ts";
import { facilityPointsSchema } from "../core/api-types.ts";
import type { Db } from "../db/client.ts";
import { recomputeDerived } from "../ingest/derive.ts";
import { ingestDemo } from "../ingest/sources.ts";
import { createApp } from "./app.ts";
import { listPoints, resolvePlace } from "./places-repository.ts";
import { PointColumns, PointColumnsHolder } from "./points-memory.ts";
import { countWithoutPosition, type DistanceFilter, readDataVersion } from "./repository.ts";

describe.each(engines)("the map's points in memory on $name", (engine) => {
  let db: Db;
  let columns: PointColumns;
  let states: string[];
  let entities: string[];
  let ccns: string[];
  let places: string[];
  let words: string[];

  /** The points of the view of `search` (a list query string) by both paths: [in memory, SQL]. */
  const both = async (search: string): Promise<[string | null, string]> => {
    const query = parseFacilityQuery(new URLSearchParams(search));
    let near: DistanceFilter | null = null;
    if (query.near) {
      const place = await resolvePlace(db, query.near);
      if (!place) throw new Error(`no place ${query.near}`);
      near = { place, radius: effectiveRadius(query) ?? DEFAULT_RADIUS_MILES };
    }
    const sql = await listPoints(db, query, near, await countWithoutPosition(db, query));
    return [columns.points(query, near), sql];
  };

  beforeAll(async () => {
    db = await openTestDb(engine);
    // Four months: both alert periods have changes; the yearly inspection files give harm levels and abuse.
    await ingestDemo(db, { facilities: 700, months: 4 });
    // Facilities without a position (counted, not drawn), unrated ones (0 and none) and a name that sorts oddly.
    await db.exec(`
      UPDATE facility SET latitude = NULL, longitude = NULL, zip = NULL, position_latitude = NULL,
        position_longitude = NULL, position_approximate = NULL, point = NULL
        WHERE ccn IN (SELECT ccn FROM facility ORDER BY ccn LIMIT 7);
      UPDATE facility SET overall_rating = 0,
        point = regexp_replace(point, '\\|[0-9]*\\|([01])$', '|0|\\1')
        WHERE ccn IN (SELECT ccn FROM facility ORDER BY ccn DESC LIMIT 5);
      UPDATE facility SET overall_rating = NULL, point = regexp_replace(point, '\\|[0-9]*\\|([01])$', '||\\1')
        WHERE ccn IN (SELECT ccn FROM facility ORDER BY ccn DESC OFFSET 5 LIMIT 5);
      UPDATE facility SET provider_name = 'the ' || provider_name
        WHERE ccn IN (SELECT ccn FROM facility ORDER BY ccn OFFSET 40 LIMIT 3)`);
    await recomputeDerived(db);
    const read = await PointColumns.read(db);
    if (!read) throw new Error("the data changed while the columns were read");
    columns = read;
    const pick = async (sql: string) => (await db.query<{ value: string }>(sql)).map((row) => row.value);
    states = await pick("SELECT DISTINCT state AS value FROM facility ORDER BY 1");
    entities = await pick(
      "SELECT affiliated_entity_name AS value FROM facility WHERE affiliated_entity_name IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 12",
    );
    ccns = await pick("SELECT ccn AS value FROM facility ORDER BY ccn");
    places = [
      ...(await pick("SELECT key AS value FROM place WHERE kind = 'city' ORDER BY key LIMIT 12")),
      ...(await pick("SELECT DISTINCT zip AS value FROM facility WHERE zip IS NOT NULL ORDER BY 1 LIMIT 12")),
    ];
    words = ["care", "health", "the", "a", "center", "zz%", "of_", "\\", "NURSING"];
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  it("holds every current facility, with the data version it was read under", async () => {
    expect(columns.size).toBe(ccns.length);
    expect(columns.version).toBe(await readDataVersion(db));
  });

  it("answers the common views exactly as the SQL path does", async () => {
    const allBut = (state: string) =>
      states
        .filter((other) => other !== state)
        .map((other) => `state=${other}`)
        .join("&");
    const views = [
      "",
      "sort=rating",
      ...states.slice(0, 6).map((state) => allBut(state)),
      `${allBut(states[0] as string)}&rating=3&sort=rating`,
      `state=${states[1]}&state=${states[2]}`,
      "rating=4",
      "rating=1&sort=rating",
      `entity=${encodeURIComponent(entities[0] as string)}`,
      `entity=${encodeURIComponent(entities[0] as string)}&entity=${encodeURIComponent(entities[1] as string)}&sort=rating`,
      "harm=actual",
      "harm=jeopardy",
      "abuse=true",
      "harm=actual&abuse=true&rating=2",
      "sff=sff",
      "sff=candidate&sort=rating",
      "sff=either&state=CA",
      "ownershipChanged=true",
      "alertEnabled=true&sff=either&ownershipChanged=true",
      "search=care",
      "search=CENTER&sort=rating",
      "search=zz%25",
      "alertEnabled=true",
      "alertEnabled=true&alertPeriod=lastQuarter",
      "alertEnabled=true&alertThreshold=2",
      "alertEnabled=true&alertMetric=QM%20Rating&state=CA&state=TX",
      "alertEnabled=true&alertMetric=Staffing%20Rating&sort=rating",
      `ccns=${ccns.slice(0, 30).join(",")}`,
      `ccns=${ccns.slice(0, 10).join(",")},999999&sort=rating`,
      "ccns=",
      `near=${encodeURIComponent(places[0] as string)}`,
      `near=${encodeURIComponent(places[1] as string)}&radius=500`,
      `near=${encodeURIComponent(places[12] as string)}&radius=100&sort=rating`,
      `near=${encodeURIComponent(places[13] as string)}&radius=500&sort=name&alertEnabled=true`,
      `near=${encodeURIComponent(places[14] as string)}&radius=250&state=${states[0]}&harm=actual`,
    ];
    for (const view of views) {
      const [memory, sql] = await both(view);
      expect(memory, view).toBe(sql);
    }
    // Not a vacuous comparison: the views hold points, and some facilities have none.
    const national = facilityPointsSchema.parse(JSON.parse((await both(""))[1]));
    expect(national.ccn.length).toBe(ccns.length - 7);
    expect(national.withoutPosition).toBe(7);
    expect(national.overallRating.filter((rating) => rating === null).length).toBeGreaterThanOrEqual(5);
    const alerts = facilityPointsSchema.parse(JSON.parse((await both("alertEnabled=true"))[1]));
    expect(alerts.ccn.length).toBeGreaterThan(0);
    expect(alerts.ccn.length).toBeLessThan(national.ccn.length);
  });

  it("answers random views of every filter and order exactly as the SQL path does", async () => {
    const view = fc
      .record({
        states: fc.subarray(states),
        rating: fc.option(fc.integer({ min: 1, max: 5 })),
        entities: fc.subarray(entities, { maxLength: 3 }),
        search: fc.option(fc.constantFrom(...words)),
        harm: fc.option(fc.constantFrom("actual", "jeopardy")),
        abuse: fc.boolean(),
        sff: fc.option(fc.constantFrom("sff", "candidate", "either")),
        ownershipChanged: fc.boolean(),
        alerts: fc.option(
          fc.record({
            period: fc.constantFrom("lastPeriod", "lastQuarter"),
            metric: fc.constantFrom(
              "Overall Rating",
              "Health Inspection Rating",
              "Staffing Rating",
              "QM Rating",
            ),
            threshold: fc.integer({ min: 1, max: 3 }),
          }),
        ),
        ccns: fc.option(fc.subarray(ccns, { maxLength: 40 })),
        near: fc.option(
          fc.record({ place: fc.constantFrom(...places), radius: fc.constantFrom(5, 25, 100, 300, 500) }),
        ),
        sort: fc.constantFrom("", "name", "rating", "distance"),
      })
      .map((v) => {
        const params = new URLSearchParams();
        for (const state of v.states) params.append("state", state);
        if (v.rating !== null) params.set("rating", String(v.rating));
        for (const entity of v.entities) params.append("entity", entity);
        if (v.search !== null) params.set("search", v.search);
        if (v.harm !== null) params.set("harm", v.harm);
        if (v.abuse) params.set("abuse", "true");
        if (v.sff !== null) params.set("sff", v.sff);
        if (v.ownershipChanged) params.set("ownershipChanged", "true");
        if (v.alerts) {
          params.set("alertEnabled", "true");
          params.set("alertPeriod", v.alerts.period);
          params.set("alertMetric", v.alerts.metric);
          params.set("alertThreshold", String(v.alerts.threshold));
        }
        if (v.ccns) params.set("ccns", v.ccns.join(","));
        if (v.near) {
          params.set("near", v.near.place);
          params.set("radius", String(v.near.radius));
        }
        // `sort=distance` needs `near`.
        if (v.sort && (v.sort !== "distance" || v.near)) params.set("sort", v.sort);
        return params.toString();
      });
    await fc.assert(
      fc.asyncProperty(view, async (search) => {
        const [memory, sql] = await both(search);
        expect(memory, search).toBe(sql);
      }),
      { numRuns: 250, seed: 20_260_101 },
    );
  }, 120_000);

  it("leaves alert views to SQL when the alert rows' copies of the list columns are not the facilities' own", async () => {
    const [row] = await db.query<{ ccn: string }>(
      "SELECT ccn FROM rating_alert WHERE is_current AND period = 'lastPeriod' LIMIT 1",
    );
    await db.query("UPDATE rating_alert SET state = 'ZZ' WHERE ccn = $1", [row?.ccn]);
    try {
      const stale = await PointColumns.read(db);
      if (!stale) throw new Error("the data changed while the columns were read");
      const query = parseFacilityQuery(new URLSearchParams("alertEnabled=true&state=ZZ"));
      expect(stale.points(query, null)).toBeNull();
      // The other views are still answered.
      expect(stale.points(parseFacilityQuery(new URLSearchParams("")), null)).toBe((await both(""))[1]);
    } finally {
      await recomputeDerived(db);
    }
  });

  it("is read in the background for each new data version: no request waits for it", async () => {
    const holder = new PointColumnsHolder(db);
    const version = await readDataVersion(db);
    // Not there at first: the caller answers by SQL meanwhile.
    expect(holder.get(version)).toBeNull();
    await holder.build(version);
    const first = holder.get(version);
    expect(first?.version).toBe(version);
    const national = parseFacilityQuery(new URLSearchParams(""));
    const before = first?.points(national, null);

    // New data: one facility no longer current.
    const [gone] = await db.query<{ ccn: string }>(
      "SELECT ccn FROM facility WHERE point IS NOT NULL LIMIT 1",
    );
    await db.query("DELETE FROM facility WHERE ccn = $1", [gone?.ccn]);
    await recomputeDerived(db);
    // As a publication does.
    await db.exec(
      "UPDATE app_state SET data_version = data_version + 1, derived_version = derived_version + 1",
    );
    const next = await readDataVersion(db);
    expect(next).not.toBe(version);
    expect(holder.get(next)).toBeNull();
    await holder.build(next);
    const second = holder.get(next);
    expect(second?.version).toBe(next);
    const after = second?.points(national, null) as string;
    expect(after).not.toBe(before);
    expect(facilityPointsSchema.parse(JSON.parse(after)).ccn).not.toContain(gone?.ccn);
    columns = second as PointColumns;
    expect(after).toBe((await both(""))[1]);
  });

  it("serves the same answer through the API before and after the copy is read", async () => {
    // The real database, counting the statements that aggregate a view's points (the SQL path).
    let sqlAnswers = 0;
    const query: Db["query"] = (sql, params) => {
      if (sql.includes("string_agg(f.point")) sqlAnswers += 1;
      return db.query(sql, params);
    };
    const app = createApp({ db: { ...db, query }, logger: pino({ level: "silent" }), cacheEntries: 0 });
    const paths = [
      "/api/facilities/points",
      `/api/facilities/points?${states
        .slice(1)
        .map((state) => `state=${state}`)
        .join("&")}`,
      "/api/facilities/points?rating=3&sort=rating",
      "/api/facilities/points?alertEnabled=true",
    ];
    const first = await Promise.all(paths.map(async (path) => (await app.request(path)).text()));
    // By now the copy has been read (the first request started it); the answers do not change.
    const deadline = Date.now() + 10_000;
    let again: string[] = [];
    do {
      await new Promise((done) => setTimeout(done, 50));
      again = await Promise.all(paths.map(async (path) => (await app.request(path)).text()));
    } while (Date.now() < deadline && again.some((text, index) => text !== first[index]));
    expect(again).toEqual(first);
    // Answered from memory now: no statement aggregates points any more.
    const counted = sqlAnswers;
    for (const path of paths) await app.request(path);
    expect(counted).toBeGreaterThan(0);
    expect(sqlAnswers).toBe(counted);
    for (const text of first)
      expect(facilityPointsSchema.parse(JSON.parse(text)).ccn.length).toBeGreaterThan(0);
  });
});
