// Benchmarks, rating changes, affiliated entities and the CSV export (docs/api.md), in-process against a real
// database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), compared with an independent reading of the input
// files with nothing but a CSV parser: the demo dataset (with a few hostile names), and the real CMS files.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import iconv from "iconv-lite";
import Papa from "papaparse";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { hasRealData, realFile } from "../../scripts/real-data.ts";
import { tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import {
  BENCHMARK_MEASURES,
  type Benchmark,
  type BenchmarkMeasure,
  benchmarksSchema,
  CHANGE_METRICS,
  type ChangeMetric,
  type Entity,
  type EntityTrendPoint,
  entitySchema,
  entityTrendPointSchema,
  type RatingChange,
  ratingChangeSchema,
} from "../core/api-types.ts";
import type { Db } from "../db/client.ts";
import { type DemoFile, writeDemoFiles } from "../ingest/demo-data.ts";
import { ingestFiles } from "../ingest/ingest.ts";
import { createApp } from "./app.ts";
import { csvLines } from "./csv-export.ts";

/** One facility of one file, as the model reads it. */
interface ModelRow {
  ccn: string;
  name: string;
  state: string | null;
  chain: string | null;
  ratings: Record<ChangeMetric, number | null>;
  measures: Partial<Record<BenchmarkMeasure, number | null>>;
}

interface ModelMonth {
  date: string;
  rows: Map<string, ModelRow>;
}

/** The file columns of each rating (the same header names in every layout used here). */
const RATING_COLUMNS: Record<ChangeMetric, string> = {
  overallRating: "Overall Rating",
  healthInspectionRating: "Health Inspection Rating",
  staffingRating: "Staffing Rating",
  qmRating: "QM Rating",
};

/** The file columns of the other benchmark measures. */
const MEASURE_COLUMNS: Record<Exclude<BenchmarkMeasure, ChangeMetric>, string> = {
  healthDeficiencyScore: "Rating Cycle 1 Health Deficiency Score",
  totalWeightedHealthSurveyScore: "Total Weighted Health Survey Score",
  rnStaffingHoursPerResidentPerDay: "Reported RN Staffing Hours per Resident per Day",
  totalNursingStaffTurnover: "Total nursing staff turnover",
  finesTotalDollars: "Total Amount of Fines in Dollars",
};

/** A number cell: blank and CMS's "." are missing. */
const numberOf = (text: string | undefined): number | null => {
  const value = (text ?? "").trim();
  return value === "" || value === "." ? null : Number(value);
};
/** A rating cell: 0 is not a rating. */
const ratingOf = (text: string | undefined): number | null => {
  const value = numberOf(text);
  return value === 0 ? null : value;
};

/** Reads a CSV text's facilities with Papa Parse alone. `ccnColumn` names the CCN column of the layout. */
function readModel(text: string, date: string, ccnColumn: string, stateColumn: string): ModelMonth {
  const [header = [], ...records] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  const at = (record: string[], name: string) => {
    const index = header.indexOf(name);
    return index < 0 ? undefined : record[index];
  };
  const rows = new Map<string, ModelRow>();
  for (const record of records) {
    // A spreadsheet dropped the leading zeros of some files' CCNs.
    const ccn = (at(record, ccnColumn) ?? "").trim().toUpperCase().padStart(6, "0");
    const ratings = Object.fromEntries(
      CHANGE_METRICS.map((metric) => [metric, ratingOf(at(record, RATING_COLUMNS[metric]))]),
    ) as Record<ChangeMetric, number | null>;
    const measures: Partial<Record<BenchmarkMeasure, number | null>> = { ...ratings };
    for (const [measure, column] of Object.entries(MEASURE_COLUMNS)) {
      measures[measure as BenchmarkMeasure] = numberOf(at(record, column));
    }
    rows.set(ccn, {
      ccn,
      name: (at(record, "Provider Name") ?? "").trim(),
      state: (at(record, stateColumn) ?? "").trim() || null,
      chain: (at(record, "Chain Name") ?? "").trim() || null,
      ratings,
      measures,
    });
  }
  return { date, rows };
}

const mean = (values: number[]) =>
  values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;

function expectedBenchmark(
  rows: ModelRow[],
): Record<BenchmarkMeasure, { average: number | null; count: number }> {
  return Object.fromEntries(
    BENCHMARK_MEASURES.map((measure) => {
      const values = rows
        .map((row) => row.measures[measure])
        .filter((value): value is number => value != null);
      return [measure, { average: mean(values), count: values.length }];
    }),
  ) as Record<BenchmarkMeasure, { average: number | null; count: number }>;
}

function expectBenchmark(
  actual: Benchmark | null,
  expected: ReturnType<typeof expectedBenchmark>,
  label: string,
) {
  expect(actual, label).not.toBeNull();
  for (const measure of BENCHMARK_MEASURES) {
    const { average, count } = (actual as Benchmark)[measure];
    expect(count, `${label} ${measure} count`).toBe(expected[measure].count);
    if (expected[measure].average === null) expect(average, `${label} ${measure}`).toBeNull();
    else expect(average, `${label} ${measure}`).toBeCloseTo(expected[measure].average as number, 9);
  }
}

/** Every change of a facility's ratings from one of its snapshots to the next, newest first. */
function expectedChanges(months: readonly ModelMonth[], ccn: string): RatingChange[] {
  const snapshots = months
    .filter((month) => month.rows.has(ccn))
    .map((month) => ({ date: month.date, row: month.rows.get(ccn) as ModelRow }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const changes: RatingChange[] = [];
  for (let index = snapshots.length - 1; index >= 1; index -= 1) {
    const now = snapshots[index] as (typeof snapshots)[number];
    const before = snapshots[index - 1] as (typeof snapshots)[number];
    for (const metric of CHANGE_METRICS) {
      const from = before.row.ratings[metric];
      const to = now.row.ratings[metric];
      if (from != null && to != null && from !== to) {
        changes.push({
          processingDate: now.date,
          previousProcessingDate: before.date,
          metric,
          from,
          to,
        });
      }
    }
  }
  return changes;
}

const byNameThenCcn = (a: ModelRow, b: ModelRow) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.ccn < b.ccn ? -1 : a.ccn > b.ccn ? 1 : 0;

/** A CSV answer as rows of cells (Response.text() drops the byte order mark; one test checks the bytes). */
function parseCsv(text: string): string[][] {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
}

type App = ReturnType<typeof createApp>;

async function getJson<T>(app: App, path: string, schema: z.ZodMiniType<T>): Promise<T> {
  const response = await app.request(path);
  expect(response.status, path).toBe(200);
  // Every answer keeps the contract the web app parses (src/core/api-types.ts).
  return schema.parse(await response.json());
}

/** The CCNs of the facility list's view, every page. */
async function listCcns(app: App, query: string): Promise<string[]> {
  const ccns: string[] = [];
  for (let page = 1; ; page += 1) {
    const response = await app.request(`/api/facilities?${query}&page=${page}&pageSize=1000`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { ccn: string }[]; totalCount: number };
    ccns.push(...body.data.map((item) => item.ccn));
    if (ccns.length >= body.totalCount || body.data.length === 0) return ccns;
  }
}

describe("csvLines", () => {
  it("quotes commas, quotes and line breaks, and defuses formulas in text but not numbers", () => {
    expect(
      csvLines([
        ["a,b", 'say "hi"', "two\nlines", -1.5, null, 0, "plain"],
        ["=SUM(A1)", "+1", "-x", "@cmd", "\tx", "x=1", 3],
      ]),
    ).toBe(
      '"a,b","say ""hi""","two\nlines",-1.5,,0,plain\r\n' +
        `"'=SUM(A1)","'+1","'-x","'@cmd","'\tx",x=1,3\r\n`,
    );
    expect(csvLines([])).toBe("");
  });
});

// ---- The demo dataset ----

/** A provider name with a comma, quotes and a leading "=", and an entity name that needs percent-encoding. */
const HOSTILE_NAME = '=HYPERLINK("http://example.test"),"Quoted", Inc.';
const ODD_ENTITY = 'A/B "Care" & Co., 100% ?#';

const dir = tempDir();
let files: DemoFile[];
let months: ModelMonth[];
let current: ModelRow[];
/** The month a second file republishes, and that file. */
let republishedPath: string;
let republished: ModelMonth;

const readDemo = (path: string, date: string) =>
  readModel(readFileSync(path, "utf8"), date, "CMS Certification Number (CCN)", "State");

/** Rewrites a demo file's records with `edit` (the file stays valid CSV). */
function editCsv(path: string, edit: (at: (name: string) => number, records: string[][]) => void, to = path) {
  const [header = [], ...records] = Papa.parse<string[]>(readFileSync(path, "utf8"), {
    skipEmptyLines: true,
  }).data;
  edit((name) => header.indexOf(name), records);
  writeFileSync(to, `${Papa.unparse([header, ...records], { newline: "\n" })}\n`);
}

beforeAll(async () => {
  // More facilities than one chunk of the CSV export (1,000).
  files = await writeDemoFiles(dir, { facilities: 1100, months: 14 });
  const newest = files.at(-1) as DemoFile;
  editCsv(newest.path, (at, records) => {
    (records[3] as string[])[at("Provider Name")] = HOSTILE_NAME;
    // Every facility of one chain in the newest file: the entity's name is the current facilities'.
    const chain = (records[10] as string[])[at("Chain Name")] as string;
    expect(chain).not.toBe("");
    for (const record of records) {
      if (record[at("Chain Name")] === chain) record[at("Chain Name")] = ODD_ENTITY;
    }
    // More entities than one row of the stored trend counts holds (100, migration 0008): pairs of independent
    // facilities become small groups.
    records
      .filter((record) => record[at("Chain Name")] === "")
      .slice(0, 300)
      .forEach((record, index) => {
        record[at("Chain Name")] = `INDEPENDENT GROUP ${String(Math.floor(index / 2)).padStart(3, "0")}`;
      });
  });
  months = files.map((file) => readDemo(file.path, file.processingDate));
  current = [...(months.at(-1) as ModelMonth).rows.values()].sort(byNameThenCcn);
  // A second file for an older month, with every third overall rating moved by one star.
  const month = files.at(-4) as DemoFile;
  republishedPath = join(dir, "republished.csv");
  editCsv(
    month.path,
    (at, records) => {
      records.forEach((record, index) => {
        const rating = Number(record[at("Overall Rating")]);
        if (index % 3 === 0 && rating >= 1 && rating <= 5) {
          record[at("Overall Rating")] = String(rating === 5 ? 4 : rating + 1);
        }
      });
    },
    republishedPath,
  );
  republished = readDemo(republishedPath, month.processingDate);
}, 60_000);

describe.each(engines)("benchmarks, changes, entities and CSV on demo data, $name", (engine) => {
  let db: Db;
  let app: App;
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

  beforeAll(async () => {
    db = await openTestDb(engine);
    // As the CMS sync loads a history: the newest file first (the facilities), then the older months one publication
    // at a time, each adding its month to the entity trends without recomputing the others.
    const newest = await ingestFiles(db, [(files.at(-1) as DemoFile).path], { source: "demo" });
    const older = await ingestFiles(
      db,
      files.slice(0, -1).map((file) => file.path),
      { source: "demo", publishEachFile: true },
    );
    expect([...newest, ...older].every((result) => result.status === "loaded")).toBe(true);
    app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  it("gives the national and every state's averages of the current facilities, nulls excluded", async () => {
    const national = expectedBenchmark(current);
    const plain = await getJson(app, "/api/benchmarks", benchmarksSchema);
    expect(plain.state).toBeNull();
    expectBenchmark(plain.national, national, "national");
    const states = [...new Set(current.map((row) => row.state as string))].sort();
    expect(states.length).toBeGreaterThan(40);
    for (const state of states) {
      const body = await getJson(app, `/api/benchmarks?state=${state.toLowerCase()}`, benchmarksSchema);
      expectBenchmark(body.state, expectedBenchmark(current.filter((row) => row.state === state)), state);
      expectBenchmark(body.national, national, `national with ${state}`);
    }
    // Some measures are missing for some facilities: the counts differ from the facility count.
    expect(national.totalNursingStaffTurnover.count).toBeLessThan(current.length);
  });

  it("lists every rating change of a facility's history, newest first", async () => {
    const changed = current
      .map((row) => ({ ccn: row.ccn, changes: expectedChanges(months, row.ccn) }))
      .sort((a, b) => b.changes.length - a.changes.length);
    const unchanged = changed.find((entry) => entry.changes.length === 0);
    const sample = [...changed.slice(0, 5), ...changed.slice(200, 203), ...(unchanged ? [unchanged] : [])];
    expect(changed[0]?.changes.length).toBeGreaterThan(3);
    for (const { ccn, changes } of sample) {
      const body = await getJson(
        app,
        `/api/facilities/${ccn.toLowerCase()}/changes`,
        z.array(ratingChangeSchema),
      );
      expect(body, ccn).toEqual(changes);
    }
  });

  it("summarises each affiliated entity's current facilities", async () => {
    const chains = [
      ...new Set(current.map((row) => row.chain).filter((chain) => chain !== null)),
    ] as string[];
    expect(chains).toContain(ODD_ENTITY);
    expect(chains.length).toBeGreaterThan(150);
    for (const chain of chains) {
      const rows = current.filter((row) => row.chain === chain);
      const ratings = (metric: ChangeMetric) =>
        mean(rows.map((row) => row.ratings[metric]).filter((value): value is number => value != null));
      const overall = rows.map((row) => row.ratings.overallRating);
      const count = (stars: number) => overall.filter((value) => value === stars).length;
      const expected: Entity = {
        name: chain,
        facilityCount: rows.length,
        states: [...new Set(rows.map((row) => row.state as string))].sort(),
        averageRatings: {
          overallRating: ratings("overallRating"),
          healthInspectionRating: ratings("healthInspectionRating"),
          staffingRating: ratings("staffingRating"),
          qmRating: ratings("qmRating"),
        },
        ratingDistribution: {
          "1": count(1),
          "2": count(2),
          "3": count(3),
          "4": count(4),
          "5": count(5),
          unrated: overall.filter((value) => value === null).length,
        },
        // No health citations or penalties file is loaded here (src/server/inspections.test.ts loads them).
        inspections: null,
      };
      const body = await getJson(app, `/api/entities/${encodeURIComponent(chain)}`, entitySchema);
      const { averageRatings, ...rest } = body;
      const { averageRatings: expectedAverages, ...expectedRest } = expected;
      expect(rest, chain).toEqual(expectedRest);
      for (const metric of CHANGE_METRICS) {
        if (expectedAverages[metric] === null) expect(averageRatings[metric]).toBeNull();
        else
          expect(averageRatings[metric], `${chain} ${metric}`).toBeCloseTo(
            expectedAverages[metric] as number,
            9,
          );
      }
    }
    // Its facilities are the list filtered by the entity.
    const ccns = await listCcns(app, `entity=${encodeURIComponent(ODD_ENTITY)}`);
    expect(ccns).toEqual(current.filter((row) => row.chain === ODD_ENTITY).map((row) => row.ccn));
  });

  /** The trend of an entity's current facilities over `history`, one point a month. */
  const expectedTrend = (history: readonly ModelMonth[], chain: string): EntityTrendPoint[] => {
    const members = current.filter((row) => row.chain === chain).map((row) => row.ccn);
    return history.map((month) => {
      const present = members.map((ccn) => month.rows.get(ccn)).filter((row) => row !== undefined);
      return {
        processingDate: month.date,
        facilities: present.length,
        averageOverallRating: mean(
          present.map((row) => row.ratings.overallRating).filter((value): value is number => value != null),
        ),
      };
    });
  };
  const expectTrend = async (chain: string, expected: EntityTrendPoint[]) => {
    const body = await getJson(
      app,
      `/api/entities/${encodeURIComponent(chain)}/trend`,
      z.array(entityTrendPointSchema),
    );
    expect(
      body.map((point) => [point.processingDate, point.facilities]),
      chain,
    ).toEqual(expected.map((point) => [point.processingDate, point.facilities]));
    body.forEach((point, index) => {
      const average = expected[index]?.averageOverallRating ?? null;
      if (average === null) expect(point.averageOverallRating).toBeNull();
      else expect(point.averageOverallRating, `${chain} ${point.processingDate}`).toBeCloseTo(average, 9);
    });
  };

  it("gives each entity's monthly trend over every month, ascending, including months before a facility opened", async () => {
    const chains = [
      ...new Set(current.map((row) => row.chain).filter((chain) => chain !== null)),
    ] as string[];
    for (const chain of chains) await expectTrend(chain, expectedTrend(months, chain));
    // Facilities open during the history: some entity has fewer facilities in its first month than now.
    const grew = chains.some((chain) => {
      const trend = expectedTrend(months, chain);
      return (trend[0]?.facilities ?? 0) < (trend.at(-1)?.facilities ?? 0);
    });
    expect(grew).toBe(true);
  });

  it("stores each entity's trend at publication exactly as entity_trend() computes it from the monthly counts", async () => {
    const rows = await db.query<{ name: string; stored: string | null; computed: string | null }>(
      `SELECT e.name, t.body AS stored, entity_trend(e.name) AS computed
       FROM entity_summary e LEFT JOIN entity_trend_text t ON t.name = e.name`,
    );
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      expect(row.stored, row.name).not.toBeNull();
      expect(row.stored, row.name).toBe(row.computed);
    }
  });

  it("exports every facility of the view as CSV, in the list's order, with the detail's fields", async () => {
    const response = await get("/api/facilities.csv?page=3&pageSize=10");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="cms-facilities-${files.at(-1)?.processingDate}.csv"`,
    );
    expect(response.headers.get("cache-control")).toBe("public, max-age=30");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const [header = [], ...rows] = parseCsv(text);
    expect(header.slice(0, 4)).toEqual(["CCN", "Provider Name", "City/Town", "State"]);
    for (const name of [
      "Overall Rating",
      "Total Amount of Fines in Dollars",
      "Number of Certified Beds",
      "Latitude",
    ]) {
      expect(header).toContain(name);
    }
    expect(rows.map((row) => row[0])).toEqual(current.map((row) => row.ccn));
    const column = (name: string) => header.indexOf(name);
    for (const row of rows) {
      const model = (months.at(-1) as ModelMonth).rows.get(row[0] as string) as ModelRow;
      const cell = (value: number | null | undefined) => (value == null ? "" : String(value));
      expect(row[column("State")]).toBe(model.state);
      expect(row[column("Overall Rating")]).toBe(cell(model.ratings.overallRating));
      expect(row[column("Staffing Rating")]).toBe(cell(model.ratings.staffingRating));
      expect(Number(row[column("Total Amount of Fines in Dollars")] || Number.NaN)).toEqual(
        model.measures.finesTotalDollars ?? Number.NaN,
      );
      expect(row[column("Affiliated Entity Name")]).toBe(model.chain ?? "");
      // A spreadsheet must not run a name as a formula: it is prefixed with ' (and quoted: it has commas).
      expect(row[1]).toBe(model.name.startsWith("=") ? `'${model.name}` : model.name);
    }
    expect(text).toContain(`"'=HYPERLINK(""http://example.test""),""Quoted"", Inc."`);
  });

  it("exports the list's filtered views: states, rating, search, entity, favourites and alerts", async () => {
    const csvCcns = async (query: string) => {
      const response = await get(`/api/facilities.csv?${query}`);
      expect(response.status, query).toBe(200);
      return parseCsv(await response.text())
        .slice(1)
        .map((row) => row[0]);
    };
    const word = (current[40] as ModelRow).name.split(" ")[0]?.toLowerCase() as string;
    const cases: [string, ModelRow[]][] = [
      ["state=CA&state=tx", current.filter((row) => row.state === "CA" || row.state === "TX")],
      ["rating=4", current.filter((row) => (row.ratings.overallRating ?? 0) >= 4)],
      [
        `search=${encodeURIComponent(word)}`,
        current.filter(
          (row) => row.name.toLowerCase().includes(word) || (row.chain ?? "").toLowerCase().includes(word),
        ),
      ],
      [`entity=${encodeURIComponent(ODD_ENTITY)}`, current.filter((row) => row.chain === ODD_ENTITY)],
      ["ccn=&ccn=undefined", []],
      [`ccn=${current[5]?.ccn}&ccn=${current[900]?.ccn}`, [current[5] as ModelRow, current[900] as ModelRow]],
    ];
    for (const [query, rows] of cases) {
      expect(rows.length === 0 || rows.length < current.length, query).toBe(true);
      expect(await csvCcns(query), query).toEqual(rows.map((row) => row.ccn));
    }
    // Alert views: the same facilities, in the same order, as the list with the same filters.
    for (const query of [
      "alertEnabled=true",
      "alertEnabled=true&alertPeriod=lastQuarter&alertMetric=Staffing%20Rating&alertThreshold=2",
      "alertEnabled=true&state=CA&rating=2",
    ]) {
      const expected = await listCcns(app, query);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(await csvCcns(query), query).toEqual(expected);
    }
    const alerts = await get("/api/facilities.csv?alertEnabled=true");
    expect(alerts.headers.get("cache-control")).toBe("no-cache");
  });

  it("compresses the streamed export when the client accepts gzip", async () => {
    const response = await get("/api/facilities.csv?state=CA", { "accept-encoding": "gzip" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const text = gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
    expect(parseCsv(text).length).toBe(1 + current.filter((row) => row.state === "CA").length);
  });

  it("answers an export whose query fails with an error that carries no ETag", async () => {
    await db.exec("ALTER TABLE facility RENAME TO facility_away");
    try {
      const response = await get("/api/facilities.csv?state=CA");
      expect(response.status).toBe(500);
      expect(response.headers.get("etag")).toBeNull();
      expect(response.headers.get("cache-control")).toBe("no-store");
    } finally {
      await db.exec("ALTER TABLE facility_away RENAME TO facility");
    }
  });

  it("fails an export that a load's publication would split between two releases", async () => {
    const response = await get("/api/facilities.csv");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    // The header, then the first chunk (read before the answer started); the next chunk is read on demand.
    expect((await reader.read()).done).toBe(false);
    await db.exec(
      "UPDATE app_state SET data_version = data_version + 1, derived_version = derived_version + 1",
    );
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return "complete";
      })(),
    ).rejects.toThrow(/data changed/);
  });

  it("answers revalidation with 304, with the detail's cache lifetime", async () => {
    const ccn = current[0]?.ccn as string;
    const chain = encodeURIComponent(current.find((row) => row.chain)?.chain as string);
    for (const path of [
      "/api/benchmarks?state=CA",
      `/api/facilities/${ccn}/changes`,
      `/api/entities/${chain}`,
      `/api/entities/${chain}/trend`,
      "/api/facilities.csv?state=CA",
    ]) {
      const first = await get(path);
      const etag = first.headers.get("etag") as string;
      expect(etag, path).toMatch(/^".+"$/);
      expect(first.headers.get("cache-control"), path).toBe(
        path.includes(".csv") ? "public, max-age=30" : "public, max-age=300",
      );
      const again = await get(path, { "if-none-match": etag });
      expect(again.status, path).toBe(304);
    }
    // The same export spelled differently (page and pageSize are not part of it) is the same resource.
    const csv = await get("/api/facilities.csv?state=CA");
    expect(
      (
        await get("/api/facilities.csv?state=ca&page=2&pageSize=5", {
          "if-none-match": csv.headers.get("etag") as string,
        })
      ).status,
    ).toBe(304);
  });

  it.each([
    ["/api/benchmarks?state=CAL", 400, "state"],
    ["/api/benchmarks?state=ZZ", 400, "state"],
    ["/api/benchmarks?state=CA&state=TX", 400, "state"],
    ["/api/benchmarks?state=", 400, "state"],
    ["/api/benchmarks?state=%00", 400, "state"],
    ["/api/facilities/01-234/changes", 400, "ccn"],
    ["/api/facilities/%00/changes", 400, "ccn"],
    ["/api/facilities/ZZ9999/changes", 404, undefined],
    ["/api/entities/%00", 400, "name"],
    ["/api/entities/a%01b/trend", 400, "name"],
    ["/api/entities/%zz", 400, "name"],
    ["/api/entities/%ED%A0%80", 400, "name"],
    [`/api/entities/${"x".repeat(301)}`, 400, "name"],
    [`/api/entities/${"x".repeat(301)}/trend`, 400, "name"],
    ["/api/entities/No%20Such%20Entity", 404, undefined],
    ["/api/entities/No%20Such%20Entity/trend", 404, undefined],
    ["/api/facilities.csv?rating=9", 400, "rating"],
    ["/api/facilities.csv?state=CAL", 400, "state"],
    ["/api/facilities.csv?alertPeriod=lastYear", 400, "alertPeriod"],
    ["/api/facilities.csv?alertEnabled=yes", 400, "alertEnabled"],
    ["/api/facilities.csv?ccn=bad!", 400, "ccn"],
    ["/api/facilities.csv?search=a%00", 400, "search"],
  ])("answers %s with %i naming %s", async (path, status, param) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { error: { message: string; param?: string } };
    expect(body.error.param).toBe(param);
    expect(body.error.message.length).toBeGreaterThan(5);
  });

  it("answers a hostile value of every parameter of the new endpoints with a 400 naming it", async () => {
    const chain = encodeURIComponent(current.find((row) => row.chain)?.chain as string);
    const endpoints: Record<string, string[]> = {
      "/api/benchmarks": ["state", "any"],
      "/api/facilities.csv": [
        "search",
        "rating",
        "state",
        "entity",
        "ccn",
        "alertEnabled",
        "alertMetric",
        "page",
      ],
      [`/api/facilities/${current[0]?.ccn}/changes`]: ["any"],
      [`/api/entities/${chain}`]: ["any"],
      [`/api/entities/${chain}/trend`]: ["any"],
    };
    const hostile = [
      "%00",
      "a%00b",
      "x%01y",
      "%7F",
      "%C2%85",
      "%ED%A0%80",
      "%C3%28",
      "%zz",
      "100%",
      "a".repeat(2001),
    ];
    for (const [path, params] of Object.entries(endpoints)) {
      for (const param of params) {
        for (const value of hostile) {
          const response = await get(`${path}?${param}=${value}`);
          expect(response.status, `${path}?${param}=${value.slice(0, 20)}`).toBe(400);
          expect(((await response.json()) as { error: { param?: string } }).error.param).toBe(param);
        }
      }
    }
  });

  it("ignores page and pageSize in the export, even invalid ones", async () => {
    const response = await get("/api/facilities.csv?page=0&pageSize=99999&state=AK");
    expect(response.status).toBe(200);
    expect(parseCsv(await response.text()).length).toBe(
      1 + current.filter((row) => row.state === "AK").length,
    );
  });

  it("answers a second file for a published month with that month's new ratings and changes", async () => {
    const month = republished.date;
    const results = await ingestFiles(db, [republishedPath], { source: "demo" });
    expect(results.map((result) => result.status)).toEqual(["loaded"]);
    const updated = months.map((entry) => (entry.date === month ? republished : entry));
    const chains = [
      ...new Set(current.map((row) => row.chain).filter((chain) => chain !== null)),
    ] as string[];
    const moved = chains.filter(
      (chain) =>
        expectedTrend(updated, chain).find((point) => point.processingDate === month)
          ?.averageOverallRating !==
        expectedTrend(months, chain).find((point) => point.processingDate === month)?.averageOverallRating,
    );
    expect(moved.length).toBeGreaterThan(10);
    for (const chain of moved.slice(0, 20)) await expectTrend(chain, expectedTrend(updated, chain));
    const ccn = current.find((row) => {
      const before = months.find((entry) => entry.date === month)?.rows.get(row.ccn)?.ratings.overallRating;
      return before != null && republished.rows.get(row.ccn)?.ratings.overallRating !== before;
    })?.ccn as string;
    const changes = await getJson(app, `/api/facilities/${ccn}/changes`, z.array(ratingChangeSchema));
    expect(changes).toEqual(expectedChanges(updated, ccn));
  });
});

// ---- The real CMS files ----

/** The real files of ../shared/data/cms/raw with their months (README) and their CCN and state columns. */
const REAL_FILES = [
  ["Star_Ratings_Feb2017.csv.gz", "2017-02-01", "Provider State"],
  ["Star_Ratings_Jun2020.csv.gz", "2020-06-01", "Provider State"],
  ["Star_Ratings_Jul2020.csv.gz", "2020-07-01", "Provider State"],
  ["Star_Ratings_Aug2020.csv.gz", "2020-08-01", "Provider State"],
  ["NH_ProviderInfo_Aug2021.csv.gz", "2021-08-01", "Provider State"],
  ["NH_ProviderInfo_Apr2023_PARTIAL.csv.gz", "2023-04-01", "Provider State"],
] as const;

describe.skipIf(!hasRealData).each(engines)(
  "benchmarks, changes and CSV on the real CMS files, $name",
  (engine) => {
    let db: Db;
    let app: App;
    let realMonths: ModelMonth[];
    let facilities: ModelRow[];

    beforeAll(async () => {
      realMonths = REAL_FILES.map(([name, date, stateColumn]) =>
        readModel(
          iconv.decode(gunzipSync(readFileSync(realFile(name))), "win1252"),
          date,
          "Federal Provider Number",
          stateColumn,
        ),
      );
      // The facility list is the newest Provider Information file (the April 2023 one has no names or states).
      facilities = [...(realMonths[4] as ModelMonth).rows.values()].sort(byNameThenCcn);
      db = await openTestDb(engine);
      const results = await ingestFiles(
        db,
        REAL_FILES.map(([name]) => realFile(name)),
        { source: "files" },
      );
      expect(results.filter((result) => result.status !== "loaded")).toEqual([]);
      app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
    }, 300_000);
    afterAll(async () => {
      await db?.close();
    });

    it("gives the Aug 2021 national and state averages: 15,048 rated facilities, mean 3.218; no turnover data", async () => {
      const national = await getJson(app, "/api/benchmarks", benchmarksSchema);
      expect(national.national.overallRating.count).toBe(15_048);
      expect(national.national.overallRating.average).toBeCloseTo(3.218, 3);
      expect(national.national.totalNursingStaffTurnover).toEqual({ average: null, count: 0 });
      expectBenchmark(national.national, expectedBenchmark(facilities), "national");
      const states = [...new Set(facilities.map((row) => row.state as string))].sort();
      expect(states).toHaveLength(53);
      for (const state of states) {
        const body = await getJson(app, `/api/benchmarks?state=${state}`, benchmarksSchema);
        expectBenchmark(
          body.state,
          expectedBenchmark(facilities.filter((row) => row.state === state)),
          state,
        );
      }
    });

    it("lists the rating changes of 015009 and other facilities across the six files", async () => {
      const body = await getJson(app, "/api/facilities/015009/changes", z.array(ratingChangeSchema));
      // README: its staffing rating runs 5 (Feb 2017), 4 (Jun, Jul, Aug 2020), 1 (Aug 2021), 4 (Apr 2023).
      expect(body.filter((change) => change.metric === "staffingRating")).toEqual([
        {
          processingDate: "2023-04-01",
          previousProcessingDate: "2021-08-01",
          metric: "staffingRating",
          from: 1,
          to: 4,
        },
        {
          processingDate: "2021-08-01",
          previousProcessingDate: "2020-08-01",
          metric: "staffingRating",
          from: 4,
          to: 1,
        },
        {
          processingDate: "2020-06-01",
          previousProcessingDate: "2017-02-01",
          metric: "staffingRating",
          from: 5,
          to: 4,
        },
      ]);
      expect(body).toEqual(expectedChanges(realMonths, "015009"));
      // Alphanumeric CCNs, facilities missing from some files, and the busiest histories.
      const ccns = [...new Set(realMonths.flatMap((month) => [...month.rows.keys()]))];
      const withChanges = ccns
        .map((ccn) => ({ ccn, changes: expectedChanges(realMonths, ccn) }))
        .sort((a, b) => b.changes.length - a.changes.length || (a.ccn < b.ccn ? -1 : 1));
      const sample = [
        ...withChanges.slice(0, 4),
        ...withChanges.filter((entry) => /[A-Z]/.test(entry.ccn)).slice(0, 2),
        ...withChanges.filter((entry) => !(realMonths[4] as ModelMonth).rows.has(entry.ccn)).slice(0, 2),
      ];
      expect(sample.length).toBeGreaterThanOrEqual(6);
      for (const { ccn, changes } of sample) {
        expect(
          await getJson(app, `/api/facilities/${ccn}/changes`, z.array(ratingChangeSchema)),
          ccn,
        ).toEqual(changes);
      }
    });

    it("exports all 15,283 Aug 2021 facilities as CSV in the list's order, names intact", async () => {
      const response = await app.request("/api/facilities.csv");
      expect(response.headers.get("content-disposition")).toBe(
        'attachment; filename="cms-facilities-2021-08-01.csv"',
      );
      const [header = [], ...rows] = parseCsv(await response.text());
      expect(rows).toHaveLength(15_283);
      expect(rows.map((row) => row[0])).toEqual(facilities.map((row) => row.ccn));
      const nameColumn = header.indexOf("Provider Name");
      const stateColumn = header.indexOf("State");
      rows.forEach((row, index) => {
        const model = facilities[index] as ModelRow;
        const name = /^[=+\-@\t\r]/.test(model.name) ? `'${model.name}` : model.name;
        expect(row[nameColumn], model.ccn).toBe(name);
        expect(row[stateColumn], model.ccn).toBe(model.state);
      });
      // Real names hold commas and quotes.
      expect(facilities.some((row) => row.name.includes(","))).toBe(true);
    });
  },
);
