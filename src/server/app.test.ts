// The API in-process against a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), checked
// against an independent reading of the same input files.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import Papa from "papaparse";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import {
  type FacilityListItem,
  type FacilityListResponse,
  facilityListResponseSchema,
} from "../core/api-types.ts";
import type { Db } from "../db/client.ts";
import { openDb } from "../db/client.ts";
import { type DemoFile, writeDemoFiles } from "../ingest/demo-data.ts";
import { ingestFiles } from "../ingest/ingest.ts";
import { createApp } from "./app.ts";
import { TIMEOUT_MESSAGE } from "./errors.ts";

interface ModelRow {
  ccn: string;
  name: string;
  state: string;
  chain: string | null;
  residents: number | null;
  deficiency: number | null;
  abuseIcon: boolean | null;
  specialFocus: "sff" | "candidate" | null;
  ownershipChanged: boolean | null;
  ratings: Record<string, number | null>;
  staffing: {
    totalNurseHours: number | null;
    rnHours: number | null;
    weekendTotalNurseHours: number | null;
    totalNurseTurnover: number | null;
  };
}

const METRIC_HEADERS: Record<string, string> = {
  "Overall Rating": "Overall Rating",
  "Health Inspection Rating": "Health Inspection Rating",
  "Staffing Rating": "Staffing Rating",
  "QM Rating": "QM Rating",
  "Long-Stay QM Rating": "Long-Stay QM Rating",
  "Short-Stay QM Rating": "Short-Stay QM Rating",
};

/** Reads a generated file with nothing but a CSV parser: the model the API answers are compared with. */
function readModel(file: DemoFile): ModelRow[] {
  const [header = [], ...rows] = Papa.parse<string[]>(readFileSync(file.path, "utf8"), {
    skipEmptyLines: true,
  }).data;
  const at = (row: string[], name: string) => row[header.indexOf(name)] ?? "";
  const num = (value: string) => (value === "" ? null : Number(value));
  return rows.map((row) => ({
    ccn: at(row, "CMS Certification Number (CCN)"),
    name: at(row, "Provider Name"),
    state: at(row, "State"),
    chain: at(row, "Chain Name") || null,
    residents: num(at(row, "Average Number of Residents per Day")),
    deficiency: num(at(row, "Rating Cycle 1 Health Deficiency Score")),
    abuseIcon: at(row, "Abuse Icon") === "" ? null : at(row, "Abuse Icon") === "Y",
    specialFocus:
      at(row, "Special Focus Status") === "SFF"
        ? "sff"
        : at(row, "Special Focus Status") === "SFF Candidate"
          ? "candidate"
          : null,
    ownershipChanged:
      at(row, "Provider Changed Ownership in Last 12 Months") === ""
        ? null
        : at(row, "Provider Changed Ownership in Last 12 Months") === "Y",
    staffing: {
      totalNurseHours: num(at(row, "Reported Total Nurse Staffing Hours per Resident per Day")),
      rnHours: num(at(row, "Reported RN Staffing Hours per Resident per Day")),
      weekendTotalNurseHours: num(
        at(row, "Total number of nurse staff hours per resident per day on the weekend"),
      ),
      totalNurseTurnover: num(at(row, "Total nursing staff turnover")),
    },
    ratings: Object.fromEntries(
      Object.entries(METRIC_HEADERS).map(([metric, column]) => {
        const value = num(at(row, column));
        return [metric, value === 0 ? null : value];
      }),
    ),
  }));
}

const byNameThenCcn = (a: ModelRow, b: ModelRow) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.ccn < b.ccn ? -1 : a.ccn > b.ccn ? 1 : 0;

function expectedSummary(rows: ModelRow[]) {
  const rated = rows.map((row) => row.ratings["Overall Rating"]).filter((value) => value != null);
  const scores = rows.map((row) => row.deficiency).filter((value) => value != null);
  const mean = (values: number[]) =>
    values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  return {
    totalFacilities: rows.length,
    totalResidents: rows.reduce(
      (sum, row) => sum + (row.residents == null ? 0 : Math.round(row.residents)),
      0,
    ),
    averageRating: mean(rated as number[]),
    averageDeficiencyScore: mean(scores as number[]),
  };
}

const dir = tempDir();
let files: DemoFile[];
let latest: ModelRow[];
let previous: Map<string, ModelRow>;
let quarterPrevious: Map<string, ModelRow>;

beforeAll(async () => {
  files = await writeDemoFiles(dir, { facilities: 600, months: 14 });
  latest = readModel(files.at(-1) as DemoFile).sort(byNameThenCcn);
  previous = new Map(readModel(files.at(-2) as DemoFile).map((row) => [row.ccn, row]));
  const latestDate = new Date(`${files.at(-1)?.processingDate}T00:00:00Z`);
  latestDate.setUTCMonth(latestDate.getUTCMonth() - 3);
  const limit = latestDate.toISOString().slice(0, 10);
  const quarterFile = files.filter((file) => file.processingDate <= limit).at(-1) as DemoFile;
  quarterPrevious = new Map(readModel(quarterFile).map((row) => [row.ccn, row]));
}, 60_000);

/** The list item the API should give for a facility of the newest file. */
function expectedListItem(model: ModelRow) {
  return {
    ccn: model.ccn,
    providerName: model.name,
    city: expect.any(String),
    state: model.state,
    overallRating: model.ratings["Overall Rating"],
    healthInspectionRating: model.ratings["Health Inspection Rating"],
    staffingRating: model.ratings["Staffing Rating"],
    qmRating: model.ratings["QM Rating"],
    averageResidentsPerDay: model.residents == null ? null : Math.round(model.residents),
    healthDeficiencyScore: model.deficiency,
    affiliatedEntityName: model.chain,
    distanceMiles: null,
    // No health citations or penalties file is loaded here: the three years are unknown, but the Abuse Icon is not.
    citationsMinimalHarm: null,
    citationsPotentialHarm: null,
    citationsActualHarm: null,
    citationsImmediateJeopardy: null,
    mostSevereCitation: null,
    abuse: model.abuseIcon,
    finesThreeYears: null,
    fineDollarsThreeYears: null,
    ...model.staffing,
    specialFocus: model.specialFocus,
    ownershipChanged: model.ownershipChanged,
  };
}

function expectedAlertRows(period: "lastPeriod" | "lastQuarter", metric: string, threshold: number) {
  const before = period === "lastPeriod" ? previous : quarterPrevious;
  return latest.filter((row) => {
    const old = before.get(row.ccn);
    if (!old) return false;
    const now = row.ratings[metric];
    const then = old.ratings[metric];
    const diff = now == null || then == null ? 0 : now - then;
    return Math.abs(diff) >= threshold;
  });
}

describe.each(engines)("API on $name", (engine) => {
  let db: Db;
  let app: ReturnType<typeof createApp>;
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  const list = async (query: string): Promise<FacilityListResponse> => {
    const response = await get(`/api/facilities?${query}`);
    expect(response.status, query).toBe(200);
    // Every list answer keeps the contract the web app reads (docs/api.md).
    return facilityListResponseSchema.parse(await response.json());
  };
  const expectList = async (query: string, rows: ModelRow[]) => {
    const body = await list(`${query}&pageSize=1000`);
    expect(body.totalCount, query).toBe(rows.length);
    expect(
      body.data.map((item) => item.ccn),
      query,
    ).toEqual(rows.map((row) => row.ccn));
    const summary = expectedSummary(rows);
    expect(body.summary.totalFacilities).toBe(summary.totalFacilities);
    expect(body.summary.totalResidents).toBe(summary.totalResidents);
    for (const key of ["averageRating", "averageDeficiencyScore"] as const) {
      if (summary[key] == null) expect(body.summary[key]).toBeNull();
      else expect(body.summary[key]).toBeCloseTo(summary[key] as number, 9);
    }
    return body;
  };

  beforeAll(async () => {
    db = await openTestDb(engine);
    const results = await ingestFiles(
      db,
      files.map((file) => file.path),
      { source: "demo" },
    );
    expect(results.every((result) => result.status === "loaded")).toBe(true);
    app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("answers /healthz and /api/meta", async () => {
    expect(await (await get("/healthz")).json()).toEqual({ ok: true });
    const meta = await (await get("/api/meta")).json();
    expect(meta).toMatchObject({
      source: "demo",
      latestProcessingDate: files.at(-1)?.processingDate,
      facilitiesProcessingDate: files.at(-1)?.processingDate,
      processingDates: files.map((file) => file.processingDate),
      facilityCount: latest.length,
    });
    expect(meta.snapshotCount).toBeGreaterThan(latest.length * 13);
  });

  it("lists the newest facilities by name then CCN, 100 a page, with the whole set's summary", async () => {
    const body = await list("");
    expect(body.totalCount).toBe(latest.length);
    expect(body.data).toHaveLength(100);
    expect(body.data.map((item) => item.ccn)).toEqual(latest.slice(0, 100).map((row) => row.ccn));
    const first = body.data[0] as FacilityListItem;
    const model = latest[0] as ModelRow;
    expect(first).toEqual(expectedListItem(model));
    await expectList("", latest);
  });

  it("filters by search, rating, states, entities and ccn, alone and combined", async () => {
    const someChain = latest.find((row) => row.chain)?.chain as string;
    const word = (latest[7] as ModelRow).name.split(" ")[0]?.toLowerCase() as string;
    const states = ["CA", "TX", "AK"];
    const ccns = latest.slice(3, 9).map((row) => row.ccn);
    const matchesSearch = (row: ModelRow, text: string) =>
      row.name.toLowerCase().includes(text) || (row.chain ?? "").toLowerCase().includes(text);
    await expectList(
      `search=${encodeURIComponent(word.toUpperCase())}`,
      latest.filter((row) => matchesSearch(row, word)),
    );
    const chainPart = someChain.slice(2, 8).toLowerCase();
    await expectList(
      `search=${encodeURIComponent(chainPart)}`,
      latest.filter((row) => matchesSearch(row, chainPart)),
    );
    await expectList(
      "rating=4",
      latest.filter((row) => (row.ratings["Overall Rating"] ?? 0) >= 4),
    );
    await expectList(
      states.map((state) => `state=${state}`).join("&"),
      latest.filter((row) => states.includes(row.state)),
    );
    await expectList(
      `entity=${encodeURIComponent(someChain)}`,
      latest.filter((row) => row.chain === someChain),
    );
    await expectList(
      ccns.map((ccn) => `ccn=${ccn}`).join("&"),
      latest.filter((row) => ccns.includes(row.ccn)),
    );
    await expectList(
      `rating=3&state=CA&state=TX&search=${word}`,
      latest.filter(
        (row) =>
          (row.ratings["Overall Rating"] ?? 0) >= 3 &&
          ["CA", "TX"].includes(row.state) &&
          matchesSearch(row, word),
      ),
    );
    await expectList("search=%25%25no-such-facility", []);
  });

  it("an empty favourites set (only dropped ids) gives an empty list", async () => {
    const body = await list("ccn=&ccn=undefined&ccn=null");
    expect(body).toEqual({
      data: [],
      totalCount: 0,
      summary: { totalFacilities: 0, totalResidents: 0, averageRating: null, averageDeficiencyScore: null },
      near: null,
    });
  });

  it("keeps only facilities whose chosen rating changed by the threshold, with their alerts", async () => {
    for (const period of ["lastPeriod", "lastQuarter"] as const) {
      for (const metric of Object.keys(METRIC_HEADERS)) {
        for (const threshold of [1, 2]) {
          const query = `alertEnabled=true&alertPeriod=${period}&alertMetric=${encodeURIComponent(metric)}&alertThreshold=${threshold}`;
          const rows = expectedAlertRows(period, metric, threshold);
          const body = await expectList(query, rows);
          for (const item of body.data) {
            expect(item.ratingAlert?.ratingMetric).toBe(metric);
            expect(item.ratingAlert?.latestDate).toBe(files.at(-1)?.processingDate);
          }
        }
      }
    }
    const body = await list("alertEnabled=true&state=CA&rating=2");
    expect(body.totalCount).toBe(
      expectedAlertRows("lastPeriod", "Overall Rating", 1).filter(
        (row) => row.state === "CA" && (row.ratings["Overall Rating"] ?? 0) >= 2,
      ).length,
    );
    const alert = body.data[0]?.ratingAlert;
    if (alert) {
      expect(alert.overallDiff).toBe((alert.latestOverall ?? 0) - (alert.previousOverall ?? 0));
      expect(Math.abs(alert.overallDiff)).toBeGreaterThanOrEqual(1);
    }
  });

  it("gives each alert item the facility's list fields and both ratings of every metric, alike in every view", async () => {
    const stems: Record<string, string> = {
      "Overall Rating": "Overall",
      "Health Inspection Rating": "HealthInspection",
      "Staffing Rating": "Staffing",
      "QM Rating": "Qm",
      "Long-Stay QM Rating": "LongStayQm",
      "Short-Stay QM Rating": "ShortStayQm",
    };
    const metric = "Staffing Rating";
    const rows = expectedAlertRows("lastPeriod", metric, 1);
    const model = rows[0] as ModelRow;
    const old = previous.get(model.ccn) as ModelRow;
    const expectedAlert: Record<string, unknown> = {
      ratingMetric: metric,
      latestDate: files.at(-1)?.processingDate,
      previousDate: files.at(-2)?.processingDate,
    };
    for (const [name, stem] of Object.entries(stems)) {
      const now = model.ratings[name] ?? null;
      const then = old.ratings[name] ?? null;
      expectedAlert[`latest${stem}`] = now;
      expectedAlert[`previous${stem}`] = then;
      expectedAlert[`${stem.charAt(0).toLowerCase()}${stem.slice(1)}Diff`] =
        now == null || then == null ? 0 : now - then;
    }
    const expected = { ...expectedListItem(model), ratingAlert: expectedAlert };
    const view = `alertEnabled=true&alertMetric=${encodeURIComponent(metric)}`;
    // The view without other filters (precomputed order) and a filtered one (read from the alert rows).
    expect((await list(view)).data[0]).toEqual(expected);
    expect((await list(`${view}&state=${model.state}`)).data[0]).toEqual(expected);
  });

  it("pages the alert views without overlap or gaps", async () => {
    for (const filter of ["", "&rating=1"]) {
      const query = `alertEnabled=true&alertPeriod=lastQuarter${filter}`;
      const expected = expectedAlertRows("lastQuarter", "Overall Rating", 1).filter(
        (row) => !filter || row.ratings["Overall Rating"] != null,
      );
      expect(expected.length).toBeGreaterThan(20);
      const pageSize = 9;
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / pageSize) + 1; page += 1) {
        const body = await list(`${query}&page=${page}&pageSize=${pageSize}`);
        expect(body.totalCount, `${query} page ${page}`).toBe(expected.length);
        seen.push(...body.data.map((item) => item.ccn));
      }
      expect(seen, query).toEqual(expected.map((row) => row.ccn));
    }
  });

  it("treats an unknown alert metric as Overall Rating", async () => {
    const unknown = await list("alertEnabled=true&alertMetric=Bogus");
    const overall = await list("alertEnabled=true&alertMetric=Overall%20Rating");
    expect(unknown.totalCount).toBe(overall.totalCount);
    expect(unknown.data.map((item) => item.ccn)).toEqual(overall.data.map((item) => item.ccn));
  });

  it("pages without overlap or gaps", async () => {
    const seen: string[] = [];
    const pageSize = 37;
    const pages = Math.ceil(latest.length / pageSize);
    for (let page = 1; page <= pages + 1; page += 1) {
      const body = await list(`page=${page}&pageSize=${pageSize}`);
      expect(body.totalCount).toBe(latest.length);
      seen.push(...body.data.map((item) => item.ccn));
    }
    expect(seen).toEqual(latest.map((row) => row.ccn));
  });

  it("serves a facility's detail and history, 404 for an unknown CCN", async () => {
    const model = latest[5] as ModelRow;
    const detail = await (await get(`/api/facilities/${model.ccn}`)).json();
    expect(detail).toMatchObject({
      ccn: model.ccn,
      providerName: model.name,
      processingDate: files.at(-1)?.processingDate,
      affiliatedEntityName: model.chain,
    });
    for (const key of ["certifiedBeds", "finesTotalDollars", "latitude", "zip", "ownershipType"]) {
      expect(detail).toHaveProperty(key);
    }
    const history = (await (await get(`/api/facilities/${model.ccn.toLowerCase()}/history`)).json()) as {
      processingDate: string;
      overallRating: number | null;
    }[];
    expect(history.map((row) => row.processingDate)).toEqual(
      files
        .filter((file) => readFileSync(file.path, "utf8").includes(`\n${model.ccn},`))
        .map((f) => f.processingDate),
    );
    expect(history.at(-1)?.overallRating).toBe(model.ratings["Overall Rating"]);
    const missing = await get("/api/facilities/ZZ9999");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { message: "No facility with CCN ZZ9999" } });
    expect(await (await get("/api/facilities/ZZ9999/history")).json()).toEqual([]);
    expect((await get("/api/no-such-endpoint")).status).toBe(404);
  });

  it("serves alerts by period, for all or some facilities, and the lookups", async () => {
    const all = (await (await get("/api/alerts?period=lastQuarter")).json()) as { ccn: string }[];
    expect(all.length).toBe(latest.filter((row) => quarterPrevious.has(row.ccn)).length);
    const some = latest.slice(0, 3).map((row) => row.ccn);
    const subset = (await (await get(`/api/alerts?${some.map((c) => `ccn=${c}`).join("&")}`)).json()) as {
      ccn: string;
    }[];
    expect(subset.map((row) => row.ccn).sort()).toEqual(some.filter((ccn) => previous.has(ccn)).sort());
    const states = await (await get("/api/lookups/states")).json();
    expect(states).toEqual([...new Set(latest.map((row) => row.state))].sort());
    const entities = await (await get("/api/lookups/entities")).json();
    expect(entities).toEqual([...new Set(latest.map((row) => row.chain).filter(Boolean))].sort());
  });

  it.each([
    ["/api/facilities?rating=0", "rating"],
    ["/api/facilities?rating=x", "rating"],
    ["/api/facilities?rating=6", "rating"],
    ["/api/facilities?alertThreshold=x", "alertThreshold"],
    ["/api/facilities?alertThreshold=9&alertEnabled=true", "alertThreshold"],
    ["/api/facilities?alertPeriod=lastYear", "alertPeriod"],
    ["/api/facilities?alertEnabled=yes", "alertEnabled"],
    ["/api/facilities?page=0", "page"],
    ["/api/facilities?pageSize=1001", "pageSize"],
    ["/api/facilities?pageSize=ten", "pageSize"],
    ["/api/facilities?state=CAL", "state"],
    ["/api/facilities?ccn=12345", "ccn"],
    [`/api/facilities?search=${"x".repeat(201)}`, "search"],
    ["/api/facilities/01-234", "ccn"],
    ["/api/facilities/0123456/history", "ccn"],
    ["/api/alerts?period=x", "period"],
    ["/api/alerts?ccn=bad!", "ccn"],
  ])("rejects %s as a 400 naming %s", async (path, param) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; param: string } };
    expect(body.error.param).toBe(param);
    expect(body.error.message.length).toBeGreaterThan(5);
  });

  it("answers revalidation with 304 until the data changes, with list and detail cache lifetimes", async () => {
    const first = await get("/api/facilities?state=CA");
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=30");
    const again = await get("/api/facilities?state=CA", { "if-none-match": etag });
    expect(again.status).toBe(304);
    // The same query spelled differently is the same resource.
    expect((await get("/api/facilities?state=ca&page=1", { "if-none-match": etag })).status).toBe(304);
    const detail = await get(`/api/facilities/${latest[0]?.ccn}`);
    expect(detail.headers.get("cache-control")).toBe("public, max-age=300");
    expect((await get(`/api/facilities/${latest[0]?.ccn}/history`)).headers.get("cache-control")).toBe(
      "public, max-age=300",
    );
    await db.exec(
      "UPDATE app_state SET data_version = data_version + 1, derived_version = derived_version + 1",
    );
    const changed = await get("/api/facilities?state=CA", { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("compresses large responses and sets the security headers", async () => {
    const response = await get("/api/facilities?pageSize=500", { "accept-encoding": "gzip, br" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    // In-process responses are not decoded by a client, so the bytes are the gzip stream itself.
    const body = JSON.parse(
      gunzipSync(Buffer.from(await response.arrayBuffer())).toString(),
    ) as FacilityListResponse;
    expect(body.data).toHaveLength(500);
  });

  it("when the alert query fails, returns the facilities without alerts and says why", async () => {
    await db.exec("ALTER TABLE rating_alert RENAME TO rating_alert_away");
    try {
      const response = await get("/api/facilities?alertEnabled=true&pageSize=5");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const body = (await response.json()) as FacilityListResponse;
      expect(body.error).toBe("The rating alerts could not be loaded. Try again later.");
      expect(body.totalCount).toBe(latest.length);
      expect(body.data[0]?.ratingAlert).toBeUndefined();
    } finally {
      await db.exec("ALTER TABLE rating_alert_away RENAME TO rating_alert");
    }
  });

  it.runIf(engine.name === "postgres")("turns a statement timeout into the timeout message", async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const slow = await openDb({ databaseUrl: url, statementTimeoutMs: 1 });
    try {
      // Every query sleeps past the 1 ms statement timeout: the answer is the timeout, not a generic 500.
      const sleepy = createApp({
        db: { ...slow, query: () => slow.query("SELECT pg_sleep(0.05)") },
        logger: pino({ level: "silent" }),
        cacheEntries: 0,
      });
      const timedOut = await sleepy.request("/api/lookups/states");
      expect(timedOut.status).toBe(503);
      expect(await timedOut.json()).toEqual({ error: { message: TIMEOUT_MESSAGE } });
      expect(TIMEOUT_MESSAGE).toMatch(/canceling statement/);
    } finally {
      await slow.close();
    }
  });

  it("rejects oversized URLs", async () => {
    const response = await get(`/api/facilities?search=${"a".repeat(9000)}`);
    expect(response.status).toBe(414);
  });

  const ENDPOINT_PARAMS: Record<string, string[]> = {
    "/api/facilities": [
      "search",
      "rating",
      "state",
      "entity",
      "ccn",
      "alertEnabled",
      "alertThreshold",
      "alertMetric",
      "alertPeriod",
      "page",
      "pageSize",
    ],
    "/api/alerts": ["period", "ccn"],
    "/api/facilities/015000": ["any"],
    "/api/facilities/015000/history": ["any"],
    "/api/meta": ["any"],
    "/api/lookups/states": ["any"],
    "/api/lookups/entities": ["any"],
  };
  /** Raw (already percent-encoded) values no parameter may carry. */
  const HOSTILE_VALUES = [
    "%00",
    "a%00b",
    "x%01y",
    "%7F",
    "%C2%85",
    "%ED%A0%80", // a lone surrogate, encoded: not valid UTF-8
    "%C3%28", // invalid UTF-8
    "%zz",
    "100%",
    "%E0%A4",
    "a".repeat(2001),
  ];

  it("answers a hostile value of every parameter of every endpoint with a 400 naming it", async () => {
    for (const [path, params] of Object.entries(ENDPOINT_PARAMS)) {
      for (const param of params) {
        for (const value of HOSTILE_VALUES) {
          const response = await get(`${path}?${param}=${value}`);
          expect(response.status, `${path}?${param}=${value.slice(0, 20)}`).toBe(400);
          const body = (await response.json()) as { error: { param?: string } };
          expect(body.error.param, `${path}?${param}=${value.slice(0, 20)}`).toBe(param);
        }
      }
    }
    for (const segment of ["%00", "01%0050", "%ED%A0%80", "%zz", "0150%C3%28"]) {
      for (const suffix of ["", "/history"]) {
        const response = await get(`/api/facilities/${segment}${suffix}`);
        expect(response.status, segment).toBe(400);
        expect(((await response.json()) as { error: { param?: string } }).error.param).toBe("ccn");
      }
    }
    // Each path parameter is named as the API documents it.
    for (const [path, param] of [
      ["/api/entities/%C3%28", "name"],
      ["/api/entities/%00/trend", "name"],
      ["/api/owners/%zz/ACME", "type"],
      ["/api/owners/organization/%C3%28", "name"],
      ["/api/owners/individual/a%00b", "name"],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { error: { param?: string } }).error.param, path).toBe(param);
    }
  });

  it("never answers any text in any parameter with a 5xx; control characters are a 400 naming the parameter", async () => {
    const text = fc.string({ unit: "binary", maxLength: 16 });
    const paths = fc.constantFrom(...Object.keys(ENDPOINT_PARAMS));
    await fc.assert(
      fc.asyncProperty(paths, fc.nat(), text, async (path, index, value) => {
        const params = ENDPOINT_PARAMS[path] as string[];
        const param = params[index % params.length] as string;
        // A lone surrogate cannot be percent-encoded as UTF-8; the browser sends U+FFFD for it.
        const encoded = encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "\ufffd"));
        const response = await get(`${path}?${param}=${encoded}`);
        expect(response.status, `${path}?${param}=${encoded}`).toBeLessThan(500);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters the server must refuse.
        if (/[\u0000-\u001f\u007f-\u009f\ud800-\udfff\ufffd]/.test(value)) {
          expect(response.status).toBe(400);
          expect(((await response.json()) as { error: { param?: string } }).error.param).toBe(param);
        }
      }),
      { numRuns: engine.name === "pglite" ? 1500 : 800 },
    );
  });

  it("never answers a random query string with a 5xx", async () => {
    const keys = fc.constantFrom(
      "search",
      "rating",
      "state",
      "entity",
      "ccn",
      "alertEnabled",
      "alertThreshold",
      "alertMetric",
      "alertPeriod",
      "page",
      "pageSize",
      "other",
    );
    const values = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer({ min: -5, max: 2000 }).map(String),
      fc.constantFrom(
        "true",
        "false",
        "lastQuarter",
        "CA",
        "015000",
        "",
        "%",
        "_",
        "\\",
        "null",
        "1e3",
        "NaN",
      ),
    );
    const paths = fc.constantFrom("/api/facilities", "/api/alerts", "/api/facilities/015000", "/api/meta");
    await fc.assert(
      fc.asyncProperty(paths, fc.array(fc.tuple(keys, values), { maxLength: 8 }), async (path, pairs) => {
        const params = new URLSearchParams(pairs);
        const response = await get(`${path}?${params.toString()}`);
        expect(response.status, `${path}?${params}`).toBeLessThan(500);
        if (response.status >= 400) {
          expect(Object.keys((await response.json()) as object)).toEqual(["error"]);
        }
      }),
      { numRuns: engine.name === "pglite" ? 2000 : 1000 },
    );
  });
});
