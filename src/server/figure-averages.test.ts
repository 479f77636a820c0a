// The staffing figures' and quality measures' averages of groups of facilities (docs/api.md), in-process against a
// real database on every engine, on demo data with quality files: GET /api/benchmarks gives every figure and
// measure, CMS's averages exactly where its file has them and the product's mean elsewhere, the same figures a
// facility's answers show; GET /api/entities/{name}/staffing-quality gives the mean of the entity's facilities'
// own figures (worked out here from their answers) beside the nation's, with the entity endpoints' 400/404/304.
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import { benchmarksSchema, facilityListResponseSchema } from "../core/api-types.ts";
import { entityStaffingQualitySchema } from "../core/figure-averages.ts";
import { facilityQualityMeasuresSchema } from "../core/quality-measures.ts";
import { facilityStaffingSchema, STAFFING_KEYS } from "../core/staffing.ts";
import type { Db } from "../db/client.ts";
import { writeDemoFiles } from "../ingest/demo-data.ts";
import { ingestFiles } from "../ingest/ingest.ts";
import { type App, createApp } from "./app.ts";
import { readCmsAverages } from "./quality-repository.ts";

const dir = tempDir();
let paths: string[] = [];

beforeAll(async () => {
  const files = await writeDemoFiles(join(dir, "demo"), {
    facilities: 60,
    months: 2,
    quality: "monthly",
    endMonth: "2026-07",
  });
  paths = files.map((file) => file.path);
}, 60_000);

async function getJson<T>(app: App, path: string, schema: z.ZodMiniType<T>): Promise<T> {
  const response = await app.request(path);
  expect(response.status, path).toBe(200);
  return z.parse(schema, await response.json());
}

/** The mean of the values given (nulls left out), and how many they are. */
function mean(values: (number | null | undefined)[]): { average: number | null; count: number } {
  const present = values.filter((value): value is number => typeof value === "number");
  return {
    average: present.length === 0 ? null : present.reduce((sum, value) => sum + value, 0) / present.length,
    count: present.length,
  };
}

describe.each(engines)("staffing and quality averages, $name", (engine) => {
  let db: Db;
  let app: App;

  beforeAll(async () => {
    db = await openTestDb(engine);
    const results = await ingestFiles(db, paths, { source: "files" });
    expect(results.filter((result) => result.status === "failed")).toEqual([]);
    app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  it("gives every staffing figure and quality measure beside the state and the nation, as a facility's answers do", async () => {
    const list = await getJson(app, "/api/facilities?pageSize=1000", facilityListResponseSchema);
    const facility = list.data.find((item) => item.state !== null) ?? list.data[0];
    const state = facility?.state as string;
    const [staffing, quality, plain, withState, cms] = await Promise.all([
      getJson(app, `/api/facilities/${facility?.ccn}/staffing`, facilityStaffingSchema),
      getJson(app, `/api/facilities/${facility?.ccn}/quality-measures`, facilityQualityMeasuresSchema),
      getJson(app, "/api/benchmarks", benchmarksSchema),
      getJson(app, `/api/benchmarks?state=${state.toLowerCase()}`, benchmarksSchema),
      readCmsAverages(db, state),
    ]);
    expect(plain.state).toBeNull();
    expect(plain.averagesProcessingDate).toBe(cms.processingDate);
    expect(plain.averagesProcessingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(plain.national.staffing)).toEqual([...STAFFING_KEYS]);
    // The older fields are as they were.
    expect(plain.national.overallRating.count).toBeGreaterThan(0);
    for (const figure of staffing.figures) {
      expect(withState.national.staffing[figure.key], figure.key).toEqual({
        average: figure.national,
        source: figure.averagesSource,
      });
      expect(withState.state?.staffing[figure.key], figure.key).toEqual({
        average: figure.state,
        source: figure.averagesSource,
      });
      expect(plain.national.staffing[figure.key]).toEqual(withState.national.staffing[figure.key]);
      // CMS's figure exactly where its file has the column.
      const published = cms.national?.[figure.key];
      if (published !== undefined && published !== null) {
        expect(figure.averagesSource).toBe("cms");
        expect(plain.national.staffing[figure.key]?.average).toBe(published);
      }
    }
    expect(quality.measures.length).toBeGreaterThan(0);
    for (const measure of quality.measures) {
      expect(withState.national.qualityMeasures[measure.code], measure.code).toEqual({
        average: measure.national,
        source: measure.averagesSource,
      });
      expect(withState.state?.qualityMeasures[measure.code], measure.code).toEqual({
        average: measure.state,
        source: measure.averagesSource,
      });
    }
    // Every measure column of CMS's file is there, exactly as published.
    const cmsCodes = Object.keys(cms.national ?? {}).filter((key) => /^qm\d+$/.test(key));
    expect(cmsCodes.length).toBeGreaterThan(0);
    for (const key of cmsCodes) {
      expect(plain.national.qualityMeasures[key.slice(2)]).toEqual({
        average: cms.national?.[key] ?? null,
        source: "cms",
      });
    }
  }, 120_000);

  it("works out the product's national average of a measure CMS publishes none for over the current facilities", async () => {
    // A measure column left out of CMS's file: the product's own mean stands in for it, labelled.
    await db.exec(`
      DELETE FROM cms_average_column WHERE measure_code = '410';
      UPDATE app_state SET data_version = data_version + 1, derived_version = derived_version + 1;`);
    const list = await getJson(app, "/api/facilities?pageSize=1000", facilityListResponseSchema);
    const answers = await Promise.all(
      list.data.map((item) =>
        getJson(app, `/api/facilities/${item.ccn}/quality-measures`, facilityQualityMeasuresSchema),
      ),
    );
    const scores = answers.map(
      (answer) => answer.measures.find((measure) => measure.code === "410")?.score ?? null,
    );
    const expected = mean(scores);
    expect(expected.count).toBeGreaterThan(0);
    const body = await getJson(app, "/api/benchmarks", benchmarksSchema);
    expect(body.national.qualityMeasures["410"]?.source).toBe("product");
    expect(body.national.qualityMeasures["410"]?.average).toBeCloseTo(expected.average as number, 5);
  }, 120_000);

  it("gives an entity's mean staffing figures and quality measures beside the nation's", async () => {
    const [largest] = await db.query<{ name: string; n: number }>(
      `SELECT affiliated_entity_name AS name, count(*)::integer AS n FROM facility
       WHERE affiliated_entity_name IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
    );
    expect(largest?.n).toBeGreaterThan(1);
    const name = largest?.name as string;
    const path = `/api/entities/${encodeURIComponent(name)}/staffing-quality`;
    const [body, benchmarks, members] = await Promise.all([
      getJson(app, path, entityStaffingQualitySchema),
      getJson(app, "/api/benchmarks", benchmarksSchema),
      getJson(
        app,
        `/api/facilities?entity=${encodeURIComponent(name)}&pageSize=1000`,
        facilityListResponseSchema,
      ),
    ]);
    expect(body.name).toBe(name);
    expect(body.facilityCount).toBe(members.totalCount);
    const staffing = await Promise.all(
      members.data.map((item) =>
        getJson(app, `/api/facilities/${item.ccn}/staffing`, facilityStaffingSchema),
      ),
    );
    const quality = await Promise.all(
      members.data.map((item) =>
        getJson(app, `/api/facilities/${item.ccn}/quality-measures`, facilityQualityMeasuresSchema),
      ),
    );
    expect(body.staffing.map((figure) => figure.key)).toEqual([...STAFFING_KEYS]);
    for (const figure of body.staffing) {
      const expected = mean(
        staffing.map((answer) => answer.figures.find((one) => one.key === figure.key)?.value),
      );
      expect(figure.facilities, figure.key).toBe(expected.count);
      if (expected.average === null) expect(figure.average).toBeNull();
      else expect(figure.average, figure.key).toBeCloseTo(expected.average, 5);
      expect(figure.national).toBe(benchmarks.national.staffing[figure.key]?.average);
      expect(figure.averagesSource).toBe(benchmarks.national.staffing[figure.key]?.source);
    }
    expect(
      body.staffing.filter((figure) => figure.average !== null && figure.facilities > 1).length,
    ).toBeGreaterThan(5);
    expect(body.qualityMeasures.filter((measure) => measure.facilities > 1).length).toBeGreaterThan(5);
    expect(body.qualityProcessingDate).toBe(quality[0]?.processingDate);
    for (const measure of body.qualityMeasures) {
      const found = quality.map((answer) => answer.measures.find((one) => one.code === measure.code));
      const expected = mean(found.map((one) => one?.score));
      expect(measure.facilities, measure.code).toBe(expected.count);
      if (expected.average === null) expect(measure.score).toBeNull();
      else expect(measure.score, measure.code).toBeCloseTo(expected.average, 5);
      expect(measure.national).toBe(benchmarks.national.qualityMeasures[measure.code]?.average);
      expect(measure.averagesSource).toBe(benchmarks.national.qualityMeasures[measure.code]?.source);
      const sample = found.find((one) => one !== undefined);
      if (sample) {
        expect(measure).toMatchObject({
          description: sample.description,
          residentType: sample.residentType,
          source: sample.source,
          usedInRating: sample.usedInRating,
          betterWhen: sample.betterWhen,
          period: sample.period,
        });
      }
    }

    // Cached like the entity's other answers: an ETag, 304 on revalidation.
    const first = await app.request(path);
    const etag = first.headers.get("etag");
    expect(first.headers.get("cache-control")).toBe("public, max-age=300");
    expect(etag).toBeTruthy();
    const again = await app.request(path, { headers: { "if-none-match": etag as string } });
    expect(again.status).toBe(304);
  }, 120_000);

  it("answers an unknown entity with 404 and a refused name with 400 naming it", async () => {
    const unknown = await app.request("/api/entities/NO%20SUCH%20ENTITY/staffing-quality");
    expect(unknown.status).toBe(404);
    const refused = await app.request("/api/entities/BAD%00NAME/staffing-quality");
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toMatch(/name/);
  });
});
