// Ingest of the real CMS files in ../shared/data/cms/raw (skipped when that folder is absent).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasRealData, realFile, realReleaseFiles } from "../../scripts/real-data.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import type { Db } from "../db/client.ts";
import { ingestFiles } from "./ingest.ts";

const FILES = {
  "NH_ProviderInfo_Aug2021.csv.gz": { date: "2021-08-01", rows: 15_283, kind: "provider" },
  "Star_Ratings_Feb2017.csv.gz": { date: "2017-02-01", rows: 15_655, kind: "ratings" },
  "Star_Ratings_Jun2020.csv.gz": { date: "2020-06-01", rows: 15_421, kind: "ratings" },
  "Star_Ratings_Jul2020.csv.gz": { date: "2020-07-01", rows: 15_404, kind: "ratings" },
  "Star_Ratings_Aug2020.csv.gz": { date: "2020-08-01", rows: 15_377, kind: "ratings" },
  // Edited in a spreadsheet: no names or states, so it adds history but cannot replace the facilities.
  "NH_ProviderInfo_Apr2023_PARTIAL.csv.gz": { date: "2023-04-01", rows: 15_076, kind: "ratings" },
} as const;

/** Overall ratings by CCN read straight from a Star Ratings export, without any of the ingest code. */
function overallByCcn(name: string): Map<string, number> {
  const text = gunzipSync(readFileSync(realFile(name))).toString("latin1");
  const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  const ccnColumn = header?.indexOf("Federal Provider Number") ?? -1;
  const overallColumn = header?.indexOf("Overall Rating") ?? -1;
  const result = new Map<string, number>();
  for (const row of rows) {
    const rating = Number(row[overallColumn]);
    if (row[overallColumn] && rating > 0) result.set(String(row[ccnColumn]), rating);
  }
  return result;
}

describe.skipIf(!hasRealData).each(engines)("real CMS files on $name", (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(engine);
    const paths = realReleaseFiles();
    const results = await ingestFiles(db, paths, { source: "files" });
    expect(results.filter((result) => result.status !== "loaded")).toEqual([]);
  }, 300_000);
  afterAll(async () => {
    await db?.close();
  });

  it("records every file with its exact row count, date and kind", async () => {
    const releases = await db.query<{ file: string; date: string; rows: number; kind: string }>(
      "SELECT file_name AS file, to_char(processing_date, 'YYYY-MM-DD') AS date, row_count AS rows, kind FROM release",
    );
    expect(Object.fromEntries(releases.map(({ file, ...rest }) => [file, rest]))).toEqual(FILES);
    const snapshots = await db.query<{ date: string; rows: number }>(
      `SELECT to_char(processing_date, 'YYYY-MM-DD') AS date, count(*)::integer AS rows
       FROM rating_snapshot GROUP BY processing_date`,
    );
    for (const file of Object.values(FILES)) {
      expect(snapshots.find((row) => row.date === file.date)?.rows).toBe(file.rows);
    }
  });

  it("keeps facility 015009 with its Aug 2021 values", async () => {
    const [facility] = await db.query(
      `SELECT provider_name, city, state, overall_rating, health_inspection_rating, qm_rating, staffing_rating,
              certified_beds, average_residents_per_day FROM facility WHERE ccn = '015009'`,
    );
    expect(facility).toEqual({
      provider_name: "BURNS NURSING HOME, INC.",
      city: "RUSSELLVILLE",
      state: "AL",
      overall_rating: 5,
      health_inspection_rating: 5,
      qm_rating: 5,
      staffing_rating: 1,
      certified_beds: 57,
      average_residents_per_day: 51.4,
    });
  });

  it("keeps 015009's rating history across the files", async () => {
    const history = await db.query<{ date: string; staffing: number }>(
      `SELECT to_char(processing_date, 'YYYY-MM-DD') AS date, staffing_rating AS staffing
       FROM rating_snapshot WHERE ccn = '015009' ORDER BY processing_date`,
    );
    expect(history).toEqual([
      { date: "2017-02-01", staffing: 5 },
      { date: "2020-06-01", staffing: 4 },
      { date: "2020-07-01", staffing: 4 },
      { date: "2020-08-01", staffing: 4 },
      { date: "2021-08-01", staffing: 1 },
      { date: "2023-04-01", staffing: 4 },
    ]);
  });

  it("has the Aug 2021 facts: 53 state codes, 15,048 rated facilities, mean overall 3.218", async () => {
    const [facts] = await db.query<{ states: number; rated: number; mean: number }>(
      `SELECT count(DISTINCT state)::integer AS states, count(overall_rating)::integer AS rated,
              avg(overall_rating)::float8 AS mean FROM facility`,
    );
    expect(facts?.states).toBe(53);
    expect(facts?.rated).toBe(15_048);
    expect(facts?.mean).toBeCloseTo(3.218, 3);
    expect(await db.query("SELECT count(*)::integer AS n FROM state_lu")).toEqual([{ n: 53 }]);
  });

  it("stores the same month-to-month changes as the raw files show", async () => {
    const july = overallByCcn("Star_Ratings_Jul2020.csv.gz");
    const august = overallByCcn("Star_Ratings_Aug2020.csv.gz");
    let changed = 0;
    for (const [ccn, rating] of august) if (july.has(ccn) && july.get(ccn) !== rating) changed += 1;
    const [row] = await db.query<{ changed: number }>(
      `SELECT count(*)::integer AS changed FROM rating_snapshot a
       JOIN rating_snapshot j ON j.ccn = a.ccn AND j.processing_date = '2020-07-01'
       WHERE a.processing_date = '2020-08-01' AND a.overall_rating <> j.overall_rating`,
    );
    expect(changed).toBeGreaterThan(10);
    expect(row?.changed).toBe(changed);
  });

  it("precomputes the alerts that a per-request window-function query would find", async () => {
    const metrics = ["overall", "health_inspection", "staffing", "qm"];
    for (const [period, rank] of [
      ["lastPeriod", "2"],
      ["lastQuarter", "q"],
    ] as const) {
      for (const metric of metrics) {
        for (const threshold of [1, 2, 3]) {
          // The original product's way: rank the processing dates, then compare each facility's two snapshots.
          const [expected] = await db.query<{ n: number }>(
            `WITH dates AS (
               SELECT processing_date, rank() OVER (ORDER BY processing_date DESC) AS r
               FROM (SELECT DISTINCT processing_date FROM rating_snapshot) d
             ), pair AS (
               SELECT (SELECT processing_date FROM dates WHERE r = 1) AS latest,
                      ${
                        rank === "2"
                          ? "(SELECT processing_date FROM dates WHERE r = 2)"
                          : `(SELECT max(processing_date) FROM dates
                              WHERE processing_date <= (SELECT processing_date FROM dates WHERE r = 1) - interval '3 months')`
                      } AS previous
             )
             SELECT count(*)::integer AS n FROM pair, rating_snapshot l
             JOIN rating_snapshot p ON p.ccn = l.ccn
             WHERE l.processing_date = pair.latest AND p.processing_date = pair.previous
               AND abs(coalesce(l.${metric}_rating - p.${metric}_rating, 0)) >= $1`,
            [threshold],
          );
          const [actual] = await db.query<{ n: number }>(
            `SELECT count(*)::integer AS n FROM rating_alert WHERE period = $1 AND abs_${metric}_diff >= $2`,
            [period, threshold],
          );
          expect({ period, metric, threshold, n: actual?.n }).toEqual({
            period,
            metric,
            threshold,
            n: expected?.n,
          });
        }
      }
    }
    const [overall] = await db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM rating_alert WHERE period = 'lastPeriod' AND abs_overall_diff >= 1",
    );
    expect(overall?.n).toBeGreaterThan(1000);
  });
});
