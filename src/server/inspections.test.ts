// The inspection record in the API (docs/api.md, "Inspections, penalties and citations"), in-process against a real
// database (PGlite, and PostgreSQL with TEST_DATABASE_URL), checked against what this file computes on its own from
// the loaded CSV files (papaparse, no ingest or server code): the demo's health citations and penalties, and the
// real CMS penalties files.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import iconv from "iconv-lite";
import Papa from "papaparse";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasRealData, realFile } from "../../scripts/real-data.ts";
import { tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import {
  type CitationRow,
  citationCategoriesSchema,
  citationListSchema,
  entitySchema,
  type FacilityListItem,
  facilityDetailSchema,
  facilityInspectionsSchema,
  facilityListResponseSchema,
  facilityPenaltiesSchema,
  facilityPointsSchema,
} from "../core/api-types.ts";
import type { Db } from "../db/client.ts";
import { type DemoFile, writeDemoFiles } from "../ingest/demo-data.ts";
import { ingestFiles } from "../ingest/ingest.ts";
import { type App, createApp } from "./app.ts";

type Row = Record<string, string>;
const CCN = "CMS Certification Number (CCN)";
const ABUSE = "Freedom from Abuse, Neglect, and Exploitation Deficiencies";
/** CMS's harm levels, written here on their own (the API must say the same). */
const HARM_WORDS: Record<string, string> = {
  A: "No actual harm, potential for minimal harm",
  B: "No actual harm, potential for minimal harm",
  C: "No actual harm, potential for minimal harm",
  D: "No actual harm, potential for more than minimal harm",
  E: "No actual harm, potential for more than minimal harm",
  F: "No actual harm, potential for more than minimal harm",
  G: "Actual harm",
  H: "Actual harm",
  I: "Actual harm",
  J: "Immediate jeopardy",
  K: "Immediate jeopardy",
  L: "Immediate jeopardy",
};

const records = (path: string): Row[] =>
  Papa.parse<Row>(readFileSync(path, "utf8"), { header: true, skipEmptyLines: true }).data;

/** The union of the files' groups (a survey, or a facility's penalties of a date), as the newest file lists each. */
function union(paths: { path: string; date: string }[], key: (row: Row) => string): Row[] {
  const groups = new Map<string, { date: string; rows: Row[] }>();
  for (const file of paths) {
    const byGroup = new Map<string, Row[]>();
    for (const row of records(file.path)) byGroup.set(key(row), [...(byGroup.get(key(row)) ?? []), row]);
    for (const [group, rows] of byGroup) {
      const kept = groups.get(group);
      if (!kept || kept.date <= file.date) groups.set(group, { date: file.date, rows });
    }
  }
  return [...groups.values()].flatMap((group) => group.rows);
}

const threeYearsBefore = (date: string) => `${Number(date.slice(0, 4)) - 3}${date.slice(4)}`;
const flag = (value: string | undefined) => (value === "Y" ? true : value === "N" ? false : null);
const byNameThenCcn = (a: Row, b: Row) =>
  (a["Provider Name"] ?? "") < (b["Provider Name"] ?? "")
    ? -1
    : (a["Provider Name"] ?? "") > (b["Provider Name"] ?? "")
      ? 1
      : (a[CCN] ?? "") < (b[CCN] ?? "")
        ? -1
        : 1;

/** What the API should say, computed from the loaded files: the newest provider file and the inspection files. */
function model(provider: string, loaded: DemoFile[], newestDate: string) {
  const facilities = records(provider).sort(byNameThenCcn);
  const current = new Map(facilities.map((row) => [row[CCN] ?? "", row]));
  const citations = union(
    loaded
      .filter((file) => file.table === "citations")
      .map((file) => ({ path: file.path, date: file.processingDate })),
    (row) => `${row[CCN]}|${row["Survey Date"]}|${row["Survey Type"]}`,
  );
  const penalties = union(
    loaded
      .filter((file) => file.table === "penalties")
      .map((file) => ({ path: file.path, date: file.processingDate })),
    (row) => `${row[CCN]}|${row["Penalty Date"]}`,
  );
  const fire = union(
    loaded
      .filter((file) => file.table === "fire")
      .map((file) => ({ path: file.path, date: file.processingDate })),
    (row) => `${row[CCN]}|${row["Survey Date"]}|${row["Survey Type"]}`,
  );
  const start = threeYearsBefore(newestDate);
  const inWindow = (date: string | undefined) => (date ?? "") >= start && (date ?? "") <= newestDate;
  const figures = new Map(
    facilities.map((facility) => {
      const ccn = facility[CCN] ?? "";
      const own = citations.filter((row) => row[CCN] === ccn && inWindow(row["Survey Date"]));
      const codes = own.map((row) => row["Scope Severity Code"] ?? "");
      const between = (from: string, to: string) => codes.filter((code) => code >= from && code <= to).length;
      const fines = penalties.filter(
        (row) => row[CCN] === ccn && row["Penalty Type"] === "Fine" && inWindow(row["Penalty Date"]),
      );
      const abuseCitations = own.filter((row) => row["Deficiency Category"] === ABUSE).length;
      const complaintCitations = own.filter((row) => row["Complaint Deficiency"] === "Y").length;
      return [
        ccn,
        {
          citationsMinimalHarm: between("A", "C"),
          citationsPotentialHarm: between("D", "F"),
          citationsActualHarm: between("G", "I"),
          citationsImmediateJeopardy: between("J", "L"),
          mostSevereCitation: [...codes].sort().at(-1) ?? null,
          abuse: facility["Abuse Icon"] === "Y" || abuseCitations > 0,
          finesThreeYears: fines.length,
          fineDollarsThreeYears: fines.reduce((sum, row) => sum + Number(row["Fine Amount"]), 0),
          abuseCitations,
          complaintCitations,
          grid: Object.fromEntries(
            Object.keys(HARM_WORDS).map((code) => [code, codes.filter((value) => value === code).length]),
          ),
        },
      ];
    }),
  );
  return { facilities, current, citations, penalties, fire, figures, start, end: newestDate };
}
type Model = ReturnType<typeof model>;

/** Rewrites a CSV file's records with `edit` into `to`. */
function editCsv(
  path: string,
  to: string,
  edit: (at: (name: string) => number, rows: string[][]) => string[][],
) {
  const [header = [], ...rows] = Papa.parse<string[]>(readFileSync(path, "utf8"), {
    skipEmptyLines: true,
  }).data;
  writeFileSync(
    to,
    `${Papa.unparse([header, ...edit((name) => header.indexOf(name), rows)], { newline: "\n" })}\n`,
  );
}

const dir = tempDir();
let files: DemoFile[];
/** The newest month's files, loaded by the later tests; the newest provider file, edited (see beforeAll). */
let newest: { provider: DemoFile; edited: string; citations: DemoFile; penalties: DemoFile };
/** The first load: every file but the newest month's. */
let firstLoad: DemoFile[];

beforeAll(async () => {
  files = await writeDemoFiles(dir, { facilities: 400, months: 27, inspections: "yearly" });
  const date = files.at(-1)?.processingDate as string;
  const ofNewest = (table: DemoFile["table"]) =>
    files.find((file) => file.table === table && file.processingDate === date) as DemoFile;
  // The newest Provider Information file with facilities that closed (five), and one that moved to another state.
  const edited = join(dir, "edited-provider.csv");
  editCsv(ofNewest("provider").path, edited, (at, rows) => {
    const moved = rows[20] as string[];
    moved[at("State")] = moved[at("State")] === "TX" ? "CA" : "TX";
    return rows.filter((_, index) => index % 80 !== 7);
  });
  newest = {
    provider: ofNewest("provider"),
    edited,
    citations: ofNewest("citations"),
    penalties: ofNewest("penalties"),
  };
  firstLoad = files.filter((file) => file.processingDate !== date);
}, 120_000);

describe.each(engines)("inspections API on demo data, $name", (engine) => {
  let db: Db;
  let app: App;
  let expected: Model;
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  const json = async (path: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    return response.json();
  };
  /** Every item of a list view, read in pages of 1,000. */
  const listAll = async (query: string) => {
    const items: FacilityListItem[] = [];
    for (let page = 1; ; page += 1) {
      const body = facilityListResponseSchema.parse(
        await json(`/api/facilities?${query}&pageSize=1000&page=${page}`),
      );
      items.push(...body.data);
      if (items.length >= body.totalCount || body.data.length === 0) return { ...body, data: items };
    }
  };
  /** Every citation of a citations query, read in pages. */
  const citationsAll = async (query: string, pageSize = 1000) => {
    const rows: CitationRow[] = [];
    for (let page = 1; ; page += 1) {
      const body = citationListSchema.parse(
        await json(`/api/citations?${query}&pageSize=${pageSize}&page=${page}`),
      );
      rows.push(...body.data);
      if (rows.length >= body.totalCount || body.data.length === 0)
        return { totalCount: body.totalCount, rows };
    }
  };
  const load = async (paths: string[]) => {
    const results = await ingestFiles(db, paths, { source: "demo" });
    expect(results.filter((result) => result.status !== "loaded")).toEqual([]);
  };

  beforeAll(async () => {
    db = await openTestDb(engine);
    await load(firstLoad.map((file) => file.path));
    app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
    const newestProvider = firstLoad.filter((file) => file.table === "provider").at(-1) as DemoFile;
    expected = model(newestProvider.path, firstLoad, newestProvider.processingDate);
  }, 300_000);
  afterAll(async () => {
    await db?.close();
  });

  /** The citations of the current facilities that `keep` keeps, in the API's order (newest survey first). */
  const expectedCitations = (keep: (row: Row) => boolean) =>
    expected.citations
      .filter((row) => expected.current.has(row[CCN] ?? "") && keep(row))
      .map((row): Row => ({ ...row, State: expected.current.get(row[CCN] ?? "")?.State ?? "" }))
      .sort((a, b) => {
        const key = (row: Row) => [
          row["Survey Date"],
          row[CCN],
          row["Survey Type"],
          row["Deficiency Tag Number"],
        ];
        const [x, y] = [key(a), key(b)];
        if (x[0] !== y[0]) return (x[0] ?? "") < (y[0] ?? "") ? 1 : -1;
        for (let index = 1; index < x.length; index += 1) {
          if (x[index] !== y[index]) return (x[index] ?? "") < (y[index] ?? "") ? -1 : 1;
        }
        return 0;
      });
  const citationKey = (row: CitationRow) => `${row.surveyDate}|${row.ccn}|${row.surveyType}|${row.tag}`;
  const rowKey = (row: Row) =>
    `${row["Survey Date"]}|${row[CCN]}|${row["Survey Type"]}|${row["Deficiency Tag Number"]}`;

  it("gives each list item its three years, counted back from the newest processing date, not the newest citations file", async () => {
    const meta = (await json("/api/meta")) as { inspectionWindow: unknown };
    // The newest file loaded is a Provider Information file; the newest citations file is older.
    expect(
      expected.end > (firstLoad.filter((file) => file.table === "citations").at(-1)?.processingDate ?? ""),
    ).toBe(true);
    expect(meta.inspectionWindow).toEqual({ start: expected.start, end: expected.end });
    const list = await listAll("");
    expect(list.data.map((item) => item.ccn)).toEqual(expected.facilities.map((row) => row[CCN]));
    for (const item of list.data) {
      const {
        abuseCitations: _,
        grid: __,
        complaintCitations: ___,
        ...figures
      } = expected.figures.get(item.ccn) ?? {};
      expect({ ccn: item.ccn, ...pick(item, Object.keys(figures)) }).toEqual({ ccn: item.ccn, ...figures });
    }
    // The window matters: counted back from the citations file instead, some facility would differ.
    const older = model(
      firstLoad.filter((file) => file.table === "provider").at(-1)?.path ?? "",
      firstLoad,
      firstLoad.filter((file) => file.table === "citations").at(-1)?.processingDate ?? "",
    );
    expect(
      [...older.figures].some(
        ([ccn, figures]) =>
          figures.citationsPotentialHarm !== expected.figures.get(ccn)?.citationsPotentialHarm,
      ),
    ).toBe(true);
  });

  it("gives the detail the complaint citations of the three years, where CMS no longer counts complaints", async () => {
    // The demo's newest file is in the 2025 layout, which has no Number of Substantiated Complaints.
    const counts = [...expected.figures.values()].map((own) => own.complaintCitations);
    expect(counts.some((count) => count > 0)).toBe(true);
    expect(counts.some((count) => count === 0)).toBe(true);
    // Facilities with complaint citations, and every 25th facility.
    const ccns = [...expected.figures]
      .filter(([, own], index) => own.complaintCitations > 0 || index % 25 === 0)
      .map(([ccn]) => ccn);
    for (const ccn of ccns) {
      const detail = facilityDetailSchema.parse(await json(`/api/facilities/${ccn}`));
      expect([ccn, detail.complaintCitationsThreeYears]).toEqual([
        ccn,
        expected.figures.get(ccn)?.complaintCitations,
      ]);
      expect(detail.substantiatedComplaints).toBeNull();
      // A count of the facility's citations, not all of them.
      const own = expected.figures.get(ccn);
      const all =
        (own?.citationsMinimalHarm ?? 0) +
        (own?.citationsPotentialHarm ?? 0) +
        (own?.citationsActualHarm ?? 0) +
        (own?.citationsImmediateJeopardy ?? 0);
      expect(detail.complaintCitationsThreeYears ?? 0).toBeLessThanOrEqual(all);
    }
    expect(
      ccns.some((ccn) => {
        const own = expected.figures.get(ccn);
        return (own?.complaintCitations ?? 0) < (own?.citationsPotentialHarm ?? 0);
      }),
    ).toBe(true);
  });

  it("sums each affiliated entity's three years of inspections, beside the nation's", async () => {
    const list = await listAll("");
    /** The figures of these facilities, added up from the files (the model), not from the list's columns. */
    const totals = (ccns: string[]) => {
      const figures = ccns.map((ccn) => {
        const own = expected.figures.get(ccn);
        if (!own) throw new Error(`no figures for ${ccn}`);
        return own;
      });
      const count = (keep: (own: (typeof figures)[number]) => boolean) => figures.filter(keep).length;
      const sum = (value: (own: (typeof figures)[number]) => number) =>
        figures.reduce((total, own) => total + value(own), 0);
      return {
        facilities: ccns.length,
        citations: {
          minimal: sum((own) => own.citationsMinimalHarm),
          potential: sum((own) => own.citationsPotentialHarm),
          actual: sum((own) => own.citationsActualHarm),
          jeopardy: sum((own) => own.citationsImmediateJeopardy),
        },
        facilitiesWithActualHarm: count(
          (own) => own.citationsActualHarm + own.citationsImmediateJeopardy > 0,
        ),
        facilitiesWithImmediateJeopardy: count((own) => own.citationsImmediateJeopardy > 0),
        facilitiesWithAbuse: count((own) => own.abuse),
        fines: sum((own) => own.finesThreeYears),
        fineDollars: sum((own) => own.fineDollarsThreeYears),
        facilitiesFined: count((own) => own.finesThreeYears > 0),
      };
    };
    const national = totals(list.data.map((item) => item.ccn));
    expect(national.citations.actual).toBeGreaterThan(0);
    expect(national.facilitiesFined).toBeGreaterThan(0);
    const entities = new Map<string, string[]>();
    for (const item of list.data) {
      if (item.affiliatedEntityName === null) continue;
      entities.set(item.affiliatedEntityName, [...(entities.get(item.affiliatedEntityName) ?? []), item.ccn]);
    }
    // The largest entities and a few of one facility.
    const sizes = [...entities].sort((a, b) => b[1].length - a[1].length);
    const sample = [...sizes.slice(0, 6), ...sizes.filter(([, ccns]) => ccns.length === 1).slice(0, 3)];
    expect(sample.length).toBeGreaterThan(5);
    for (const [name, ccns] of sample) {
      const body = entitySchema.parse(await json(`/api/entities/${encodeURIComponent(name)}`));
      expect(body.inspections, name).toEqual({
        window: { start: expected.start, end: expected.end },
        totals: totals(ccns),
        national,
      });
    }
  });

  it("filters lists, points, the CSV and alert views by harm and abuse, with their summaries", async () => {
    const states = [...new Set(expected.facilities.map((row) => row.State ?? ""))].sort().slice(0, 6);
    const filters: [string, (ccn: string) => boolean][] = [
      ["harm=actual", (ccn) => (expected.figures.get(ccn)?.mostSevereCitation ?? "") >= "G"],
      ["harm=jeopardy", (ccn) => (expected.figures.get(ccn)?.mostSevereCitation ?? "") >= "J"],
      ["abuse=true", (ccn) => expected.figures.get(ccn)?.abuse === true],
    ];
    for (const [filter, keep] of filters) {
      const matching = expected.facilities.filter((row) => keep(row[CCN] ?? ""));
      expect(matching.length, filter).toBeGreaterThan(2);
      expect(matching.length, filter).toBeLessThan(expected.facilities.length);
      for (const [more, also] of [
        ["", () => true],
        [`&rating=3`, (row: Row) => Number(row["Overall Rating"]) >= 3],
        [states.map((state) => `&state=${state}`).join(""), (row: Row) => states.includes(row.State ?? "")],
        [`&search=care`, (row: Row) => /care/i.test(`${row["Provider Name"]} ${row["Chain Name"] ?? ""}`)],
      ] as [string, (row: Row) => boolean][]) {
        const rows = matching.filter(also);
        const list = await listAll(`${filter}${more}`);
        expect(
          list.data.map((item) => item.ccn),
          `${filter}${more}`,
        ).toEqual(rows.map((row) => row[CCN]));
        expect(list.totalCount).toBe(rows.length);
        expect(list.summary.totalFacilities).toBe(rows.length);
        expect(list.summary.totalResidents).toBe(
          rows.reduce(
            (sum, row) => sum + Math.floor(Number(row["Average Number of Residents per Day"] || 0) + 0.5),
            0,
          ),
        );
        const rated = rows.map((row) => Number(row["Overall Rating"])).filter((rating) => rating > 0);
        if (rated.length)
          expect(list.summary.averageRating).toBeCloseTo(rated.reduce((a, b) => a + b, 0) / rated.length, 9);
      }
      const points = facilityPointsSchema.parse(await json(`/api/facilities/points?${filter}`));
      expect(points.ccn.length + points.withoutPosition).toBe(matching.length);
      expect(points.ccn).toEqual(
        matching.map((row) => row[CCN]).filter((ccn) => points.ccn.includes(ccn ?? "")),
      );
      const csv = Papa.parse<string[]>(await (await get(`/api/facilities.csv?${filter}`)).text(), {
        skipEmptyLines: true,
      }).data;
      expect(csv.slice(1).map((cells) => cells[0])).toEqual(matching.map((row) => row[CCN]));
      // An alert view with the filter: the alert view's facilities that the filter keeps, in its order.
      const alerts = await listAll("alertEnabled=true&alertPeriod=lastQuarter");
      const filtered = await listAll(`alertEnabled=true&alertPeriod=lastQuarter&${filter}`);
      expect(filtered.data.map((item) => item.ccn)).toEqual(
        alerts.data.filter((item) => keep(item.ccn)).map((item) => item.ccn),
      );
      expect(filtered.data.every((item) => item.ratingAlert !== undefined)).toBe(true);
    }
    // Harm and abuse together.
    const both = expected.facilities.filter((row) =>
      filters.every(([filter, keep]) => filter === "harm=jeopardy" || keep(row[CCN] ?? "")),
    );
    expect((await listAll("harm=actual&abuse=true")).data.map((item) => item.ccn)).toEqual(
      both.map((row) => row[CCN]),
    );
  });

  it("writes the three years in the CSV, after the list's columns", async () => {
    const [header = [], ...rows] = Papa.parse<string[]>(
      await (await get("/api/facilities.csv?state=CA")).text(),
      {
        skipEmptyLines: true,
      },
    ).data;
    const columns = [
      "Citations in 3 Years: No Actual Harm, Potential for Minimal Harm (A-C)",
      "Citations in 3 Years: No Actual Harm, Potential for More Than Minimal Harm (D-F)",
      "Citations in 3 Years: Actual Harm (G-I)",
      "Citations in 3 Years: Immediate Jeopardy (J-L)",
      "Most Severe Citation in 3 Years (Scope/Severity)",
      "Abuse (Abuse Icon or Abuse Citation in 3 Years)",
      "Fines in 3 Years",
      "Fines in 3 Years in Dollars",
    ];
    expect(
      header.slice(
        header.indexOf("Affiliated Entity Name") + 1,
        header.indexOf("Affiliated Entity Name") + 9,
      ),
    ).toEqual(columns);
    expect(rows.length).toBeGreaterThan(0);
    for (const cells of rows) {
      const figures = expected.figures.get(cells[0] ?? "");
      const at = (name: string) => cells[header.indexOf(name)];
      expect([
        at(columns[0] as string),
        at(columns[3] as string),
        at(columns[4] as string),
        at(columns[5] as string),
        at(columns[7] as string),
      ]).toEqual([
        String(figures?.citationsMinimalHarm),
        String(figures?.citationsImmediateJeopardy),
        figures?.mostSevereCitation ?? "",
        figures?.abuse ? "Y" : "N",
        String(figures?.fineDollarsThreeYears),
      ]);
      // The detail's complaint citations, after CMS's substantiated complaints.
      expect(at("Complaint Citations in 3 Years")).toBe(String(figures?.complaintCitations));
      expect(header.indexOf("Complaint Citations in 3 Years")).toBe(
        header.indexOf("Number of Substantiated Complaints") + 1,
      );
    }
  });

  it("answers 400 naming harm or abuse for a bad value, and keeps one cache entry per filter however written", async () => {
    for (const [query, param] of [
      ["harm=severe", "harm"],
      ["harm=", "harm"],
      ["abuse=yes", "abuse"],
    ]) {
      for (const path of ["/api/facilities", "/api/facilities.csv", "/api/facilities/points"]) {
        const response = await get(`${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(await response.json()).toEqual({ error: { message: expect.any(String), param } });
      }
    }
    const first = await get("/api/facilities?harm=actual&state=ca&abuse=true");
    const same = await get("/api/facilities?abuse=true&state=CA&harm=actual", {
      "if-none-match": first.headers.get("etag") ?? "",
    });
    expect(same.status).toBe(304);
    const without = await get("/api/facilities?abuse=false&state=CA", {
      "if-none-match": first.headers.get("etag") ?? "",
    });
    expect(without.status).toBe(200);
    expect(without.headers.get("etag")).toBe((await get("/api/facilities?state=CA")).headers.get("etag"));
  });

  it("lists a facility's surveys newest first with every citation's fields, and its three years for the grid", async () => {
    const busiest = [...expected.figures].sort(
      (a, b) => b[1].citationsPotentialHarm - a[1].citationsPotentialHarm,
    )[0]?.[0] as string;
    for (const ccn of [busiest, ...expected.facilities.slice(0, 25).map((row) => row[CCN] ?? "")]) {
      const body = facilityInspectionsSchema.parse(
        await json(`/api/facilities/${ccn.toLowerCase()}/inspections`),
      );
      const own = expected.citations.filter((row) => row[CCN] === ccn);
      const surveys = [...new Set(own.map((row) => `${row["Survey Date"]}|${row["Survey Type"]}`))]
        .sort()
        .reverse();
      const health = body.surveys.filter((survey) => survey.type === "health");
      expect(health.map((survey) => `${survey.surveyDate}|${survey.surveyType}`)).toEqual(surveys);
      for (const survey of health) {
        const rows = own
          .filter(
            (row) => row["Survey Date"] === survey.surveyDate && row["Survey Type"] === survey.surveyType,
          )
          .map((row) => ({
            prefix: row["Deficiency Prefix"],
            tag: row["Deficiency Tag Number"],
            category: row["Deficiency Category"],
            description: row["Deficiency Description"],
            scopeSeverity: row["Scope Severity Code"],
            harmLevel: HARM_WORDS[row["Scope Severity Code"] ?? ""],
            corrected: row["Deficiency Corrected"],
            correctionDate: row["Correction Date"] || null,
            inspectionCycle: Number(row["Inspection Cycle"]),
            standard: flag(row["Standard Deficiency"]),
            complaint: flag(row["Complaint Deficiency"]),
            infectionControl: flag(row["Infection Control Inspection Deficiency"]),
            disputed: flag(row["Citation under IDR"]) || flag(row["Citation under IIDR"]),
          }));
        const order = (a: object, b: object) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
        expect([...survey.citations].sort(order)).toEqual(rows.sort(order));
        // The survey's kinds: every flag one of its citations has, in the order standard, complaint, infection.
        expect(survey.kinds, `${ccn} ${survey.surveyDate}`).toEqual(
          (["standard", "complaint", "infectionControl"] as const).filter((kind) =>
            rows.some((row) => row[kind] === true),
          ),
        );
        expect(survey.citations.map((citation) => citation.tag)).toEqual(rows.map((row) => row.tag).sort());
      }
      const figures = expected.figures.get(ccn);
      expect(body.threeYears).toEqual({
        windowStart: expected.start,
        windowEnd: expected.end,
        grid: figures?.grid,
        minimalHarm: figures?.citationsMinimalHarm,
        potentialHarm: figures?.citationsPotentialHarm,
        actualHarm: figures?.citationsActualHarm,
        immediateJeopardy: figures?.citationsImmediateJeopardy,
        mostSevere: figures?.mostSevereCitation,
        abuseCitations: figures?.abuseCitations,
        abuseIcon: flag(expected.current.get(ccn)?.["Abuse Icon"]),
        abuse: figures?.abuse,
      });
    }
  });

  it("lists a facility's fire safety surveys beside its health ones, marked, with their own three years", async () => {
    const withFire = [...new Set(expected.fire.map((row) => row[CCN] ?? ""))].filter((ccn) =>
      expected.current.has(ccn),
    );
    expect(withFire.length).toBeGreaterThan(100);
    for (const ccn of withFire.slice(0, 30)) {
      const body = facilityInspectionsSchema.parse(await json(`/api/facilities/${ccn}/inspections`));
      const own = expected.fire.filter((row) => row[CCN] === ccn);
      const surveys = [...new Set(own.map((row) => `${row["Survey Date"]}|${row["Survey Type"]}`))]
        .sort()
        .reverse();
      const fire = body.surveys.filter((survey) => survey.type === "fire");
      expect(fire.map((survey) => `${survey.surveyDate}|${survey.surveyType}`)).toEqual(surveys);
      // Newest first across both types; on one day, the health survey before the fire safety one.
      const order = body.surveys.map((survey) => `${survey.surveyDate}|${survey.type === "health" ? 1 : 0}`);
      expect(order).toEqual([...order].sort().reverse());
      for (const survey of fire) {
        const rows = own.filter((row) => row["Survey Date"] === survey.surveyDate);
        expect(survey.surveyType).toBe("Fire Safety");
        expect(
          survey.citations.map((citation) => `${citation.prefix}${citation.tag}${citation.scopeSeverity}`),
        ).toEqual(
          rows
            .map(
              (row) =>
                `${row["Deficiency Prefix"]}${row["Deficiency Tag Number"]}${row["Scope Severity Code"]}`,
            )
            .sort(),
        );
        expect(
          survey.citations.every(
            (citation) => citation.harmLevel === HARM_WORDS[citation.scopeSeverity ?? ""],
          ),
        ).toBe(true);
      }
      // The three years of fire safety citations, counted here from the files, apart from the health ones.
      const inWindow = own.filter(
        (row) => (row["Survey Date"] ?? "") >= expected.start && (row["Survey Date"] ?? "") <= expected.end,
      );
      const codes = inWindow.map((row) => row["Scope Severity Code"] ?? "");
      const between = (from: string, to: string) => codes.filter((code) => code >= from && code <= to).length;
      expect(body.fireThreeYears).toEqual({
        windowStart: expected.start,
        windowEnd: expected.end,
        citations: inWindow.length,
        surveys: new Set(inWindow.map((row) => row["Survey Date"])).size,
        grid: Object.fromEntries(
          Object.keys(HARM_WORDS).map((code) => [code, codes.filter((value) => value === code).length]),
        ),
        minimalHarm: between("A", "C"),
        potentialHarm: between("D", "F"),
        actualHarm: between("G", "I"),
        immediateJeopardy: between("J", "L"),
        mostSevere: [...codes].sort().at(-1) ?? null,
        emergencyPreparedness: inWindow.filter((row) => row["Deficiency Prefix"] === "E").length,
      });
      // The health figures are the health citations' alone.
      expect(body.threeYears?.minimalHarm).toBe(expected.figures.get(ccn)?.citationsMinimalHarm);
    }
  });

  it("searches fire safety citations with type=fire or kind=fire, and health ones by default", async () => {
    const fireRows = expected.fire
      .filter((row) => expected.current.has(row[CCN] ?? ""))
      .map(
        (row) =>
          `${row["Survey Date"]}|${row[CCN]}|${row["Deficiency Prefix"]}${row["Deficiency Tag Number"]}`,
      )
      .sort((a, b) => {
        const [x, y] = [a.split("|"), b.split("|")];
        return (x[0] ?? "") !== (y[0] ?? "")
          ? (x[0] ?? "") < (y[0] ?? "")
            ? 1
            : -1
          : a < b
            ? -1
            : a > b
              ? 1
              : 0;
      });
    const all = await citationsAll("kind=fire");
    expect(all.totalCount).toBe(fireRows.length);
    expect(all.rows.map((row) => `${row.surveyDate}|${row.ccn}|${row.prefix}${row.tag}`)).toEqual(fireRows);
    expect(all.rows.every((row) => row.type === "fire" && row.surveyType === "Fire Safety")).toBe(true);
    // type=fire is the same query (one cache entry); health is the default, and its rows say so.
    const etag = (await get("/api/citations?kind=fire")).headers.get("etag");
    expect((await get("/api/citations?type=fire")).headers.get("etag")).toBe(etag);
    expect((await get("/api/citations?type=fire&kind=fire")).headers.get("etag")).toBe(etag);
    const health = citationListSchema.parse(await json("/api/citations?kind=health&pageSize=5"));
    expect(health).toEqual(citationListSchema.parse(await json("/api/citations?pageSize=5")));
    expect(health.data.every((row) => row.type === "health" && row.prefix === "F")).toBe(true);
    // With the other filters: a K tag, harm, a state, dates, and a flag beside the type.
    const k353 = await citationsAll("type=fire&tag=K353");
    expect(k353.rows.map((row) => `${row.surveyDate}|${row.ccn}|${row.prefix}${row.tag}`)).toEqual(
      fireRows.filter((key) => key.endsWith("|K0353")),
    );
    const state = expected.current.get(fireRows[0]?.split("|")[1] ?? "")?.State ?? "";
    const inState = await citationsAll(`type=fire&state=${state}&kind=standard`);
    expect(inState.totalCount).toBe(
      fireRows.filter((key) => expected.current.get(key.split("|")[1] ?? "")?.State === state).length,
    );
    const harmed = expected.fire.filter(
      (row) => expected.current.has(row[CCN] ?? "") && (row["Scope Severity Code"] ?? "") >= "G",
    ).length;
    expect((await citationsAll("kind=fire&harm=actual")).totalCount).toBe(harmed);
    // A contradicting kind is a 400 naming kind.
    const contradiction = await get("/api/citations?type=health&kind=fire");
    expect(contradiction.status).toBe(400);
    expect(await contradiction.json()).toEqual({
      error: { message: "kind fire contradicts the inspection type health", param: "kind" },
    });
  });

  it("lists a facility's penalties newest first with their totals", async () => {
    const fined = [...new Set(expected.penalties.map((row) => row[CCN] ?? ""))].filter((ccn) =>
      expected.current.has(ccn),
    );
    expect(fined.length).toBeGreaterThan(10);
    for (const ccn of fined.slice(0, 30)) {
      const body = facilityPenaltiesSchema.parse(await json(`/api/facilities/${ccn}/penalties`));
      const own = expected.penalties.filter((row) => row[CCN] === ccn);
      expect(body.penalties.map((penalty) => penalty.date)).toEqual(
        own
          .map((row) => row["Penalty Date"])
          .sort()
          .reverse(),
      );
      const fines = own.filter((row) => row["Penalty Type"] === "Fine");
      const denials = own.filter((row) => row["Penalty Type"] === "Payment Denial");
      expect(body.totals).toEqual({
        fines: fines.length,
        fineDollars: fines.reduce((sum, row) => sum + Number(row["Fine Amount"]), 0),
        paymentDenials: denials.length,
        denialDays: denials.reduce((sum, row) => sum + Number(row["Payment Denial Length in Days"]), 0),
      });
      expect(body.threeYears).toMatchObject({
        fines: expected.figures.get(ccn)?.finesThreeYears,
        fineDollars: expected.figures.get(ccn)?.fineDollarsThreeYears,
        windowStart: expected.start,
        windowEnd: expected.end,
      });
    }
    const quiet = expected.facilities.find((row) => !fined.includes(row[CCN] ?? ""))?.[CCN] as string;
    expect(await json(`/api/facilities/${quiet}/penalties`)).toMatchObject({
      penalties: [],
      totals: { fines: 0, fineDollars: 0, paymentDenials: 0, denialDays: 0 },
    });
  });

  it("answers 404 for an unknown CCN and 400 for a malformed one", async () => {
    for (const path of ["inspections", "penalties"]) {
      const unknown = await get(`/api/facilities/ZZ9999/${path}`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: { message: "No facility with CCN ZZ9999" } });
      const bad = await get(`/api/facilities/12345/${path}`);
      expect(bad.status).toBe(400);
      expect((await bad.json()).error.param).toBe("ccn");
    }
    // The routes around them still answer.
    expect((await get("/api/facilities/points")).status).toBe(200);
    expect((await get(`/api/facilities/${expected.facilities[0]?.[CCN]}`)).status).toBe(200);
  });

  const checkCitations = async () => {
    const cases: [string, (row: Row) => boolean][] = [
      ["", () => true],
      ["tag=0689", (row) => row["Deficiency Tag Number"] === "0689"],
      [`category=${encodeURIComponent(ABUSE.toLowerCase())}`, (row) => row["Deficiency Category"] === ABUSE],
      ["harm=actual", (row) => (row["Scope Severity Code"] ?? "") >= "G"],
      ["harm=jeopardy", (row) => (row["Scope Severity Code"] ?? "") >= "J"],
      [
        "state=CA&state=TX",
        (row) => ["CA", "TX"].includes(expected.current.get(row[CCN] ?? "")?.State ?? ""),
      ],
      [
        "state=TX&harm=actual",
        (row) =>
          expected.current.get(row[CCN] ?? "")?.State === "TX" && (row["Scope Severity Code"] ?? "") >= "G",
      ],
      [
        "from=2025-01-15&to=2025-11-10",
        (row) => (row["Survey Date"] ?? "") >= "2025-01-15" && (row["Survey Date"] ?? "") <= "2025-11-10",
      ],
      [
        "from=2025-02-01&to=2025-06-30&tag=F880",
        (row) =>
          (row["Survey Date"] ?? "") >= "2025-02-01" &&
          (row["Survey Date"] ?? "") <= "2025-06-30" &&
          row["Deficiency Tag Number"] === "0880",
      ],
      [
        "from=2025-03-05&to=2025-03-20",
        (row) => (row["Survey Date"] ?? "") >= "2025-03-05" && (row["Survey Date"] ?? "") <= "2025-03-20",
      ],
      ["to=2024-12-31", (row) => (row["Survey Date"] ?? "") <= "2024-12-31"],
      [
        "state=CA&from=2025-06-01",
        (row) =>
          expected.current.get(row[CCN] ?? "")?.State === "CA" && (row["Survey Date"] ?? "") >= "2025-06-01",
      ],
      [
        "q=PREVENT%20%20abuse",
        (row) =>
          /prevent/i.test(row["Deficiency Description"] ?? "") &&
          /abuse/i.test(row["Deficiency Description"] ?? ""),
      ],
      ["q=no%20such%20words", () => false],
      ["kind=standard", (row) => row["Standard Deficiency"] === "Y"],
      ["kind=complaint", (row) => row["Complaint Deficiency"] === "Y"],
      ["kind=infectionControl", (row) => row["Infection Control Inspection Deficiency"] === "Y"],
      [
        "kind=complaint&harm=actual",
        (row) => row["Complaint Deficiency"] === "Y" && (row["Scope Severity Code"] ?? "") >= "G",
      ],
      [
        "kind=infectionControl&state=CA&state=TX",
        (row) =>
          row["Infection Control Inspection Deficiency"] === "Y" &&
          ["CA", "TX"].includes(expected.current.get(row[CCN] ?? "")?.State ?? ""),
      ],
      [
        "kind=standard&from=2025-01-15&to=2025-11-10&tag=F880",
        (row) =>
          row["Standard Deficiency"] === "Y" &&
          row["Deficiency Tag Number"] === "0880" &&
          (row["Survey Date"] ?? "") >= "2025-01-15" &&
          (row["Survey Date"] ?? "") <= "2025-11-10",
      ],
      [
        "kind=complaint&from=2024-06-01",
        (row) => row["Complaint Deficiency"] === "Y" && (row["Survey Date"] ?? "") >= "2024-06-01",
      ],
    ];
    const entity = expected.facilities.find((row) => row["Chain Name"])?.["Chain Name"] as string;
    cases.push([
      `entity=${encodeURIComponent(entity)}&harm=actual`,
      (row) =>
        expected.current.get(row[CCN] ?? "")?.["Chain Name"] === entity &&
        (row["Scope Severity Code"] ?? "") >= "G",
    ]);
    for (const [query, keep] of cases) {
      const rows = expectedCitations(keep);
      const first = citationListSchema.parse(await json(`/api/citations?${query}`));
      expect(first.totalCount, query).toBe(rows.length);
      expect(first.data.map(citationKey), query).toEqual(rows.slice(0, 100).map(rowKey));
    }
  };

  it("lists citations across the current facilities newest first, filtered, paged, with their count", async () => {
    await checkCitations();
    const all = await citationsAll("", 1000);
    const rows = expectedCitations(() => true);
    expect(all.rows.map(citationKey)).toEqual(rows.map(rowKey));
    // Pages of another size hold the same rows; a page past the end is empty with the same count.
    const paged = await citationsAll("harm=actual", 7);
    expect(paged.rows.map(citationKey)).toEqual(
      expectedCitations((row) => (row["Scope Severity Code"] ?? "") >= "G").map(rowKey),
    );
    expect(paged.totalCount).toBeLessThan(9000);
    const past = citationListSchema.parse(await json("/api/citations?harm=actual&page=10&pageSize=1000"));
    expect(past).toEqual({ data: [], totalCount: paged.totalCount });
    // Deeper than the first 10,000 citations of a view is a 400 naming page.
    expect((await get("/api/citations?page=100")).status).toBe(200);
    const deep = await get("/api/citations?page=101");
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({
      error: { message: expect.stringMatching(/^page must be at most 100 with pageSize 100/), param: "page" },
    });
    expect((await get("/api/citations?page=11&pageSize=1000")).status).toBe(400);
    // Each row: the facility and the citation as the facility's own answer has it.
    const row = all.rows[3] as CitationRow;
    const facility = expected.current.get(row.ccn);
    expect([row.providerName, row.state]).toEqual([facility?.["Provider Name"], facility?.State]);
    expect(row.harmLevel).toBe(HARM_WORDS[row.scopeSeverity ?? ""]);
  });

  it("reads a tag as CMS writes it, with or without F, and answers 400 naming the parameter", async () => {
    const etag = (await get("/api/citations?tag=0689")).headers.get("etag");
    for (const tag of ["F689", "F0689", "689", "0689", "f-0689", "%20689%20"]) {
      const response = await get(`/api/citations?tag=${tag}`);
      expect(response.headers.get("etag"), tag).toBe(etag);
      expect(citationListSchema.parse(await response.json()).data.every((row) => row.tag === "0689")).toBe(
        true,
      );
    }
    expect((await get("/api/citations?q=abuse%20prevent", { "if-none-match": "x" })).status).toBe(200);
    for (const [query, param] of [
      ["tag=abc", "tag"],
      ["tag=F68a", "tag"],
      ["tag=12345", "tag"],
      ["tag=G0689", "tag"],
      ["from=2025-02-30", "from"],
      ["to=20250101", "to"],
      ["from=2025-06-01&to=2025-05-31", "from"],
      [`q=${"a".repeat(201)}`, "q"],
      [`category=${"a".repeat(201)}`, "category"],
      ["state=ZZ", "state"],
      ["state=C", "state"],
      ["harm=some", "harm"],
      ["kind=Health", "kind"],
      ["kind=fire&kind=health", "kind"],
      ["type=fire&kind=health", "kind"],
      ["kind=standard&kind=complaint", "kind"],
      ["type=smoke", "type"],
      ["type=", "type"],
      ["kind=Complaint", "kind"],
      ["kind=", "kind"],
      ["page=0", "page"],
      ["pageSize=1001", "pageSize"],
      ["pageSize=x", "pageSize"],
      ["entity=", "entity"],
    ]) {
      const response = await get(`/api/citations?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toEqual({ error: { message: expect.any(String), param } });
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    expect((await get(`/api/citations?q=${"a".repeat(200)}`)).status).toBe(200);
  });

  it("lists the categories and tags with their counts", async () => {
    const body = citationCategoriesSchema.parse(await json("/api/citations/categories"));
    const rows = expectedCitations(() => true);
    const byCategory = new Map<string, Map<string, number>>();
    for (const row of rows) {
      const tags = byCategory.get(row["Deficiency Category"] ?? "") ?? new Map<string, number>();
      tags.set(row["Deficiency Tag Number"] ?? "", (tags.get(row["Deficiency Tag Number"] ?? "") ?? 0) + 1);
      byCategory.set(row["Deficiency Category"] ?? "", tags);
    }
    expect(body.categories.map((category) => category.category)).toEqual([...byCategory.keys()].sort());
    for (const category of body.categories) {
      const tags = byCategory.get(category.category ?? "") as Map<string, number>;
      expect(category.tags.map((tag) => [tag.tag, tag.citations])).toEqual([...tags].sort());
      expect(category.citations).toBe([...tags.values()].reduce((a, b) => a + b, 0));
      expect(category.tags.every((tag) => tag.prefix === "F" && typeof tag.description === "string")).toBe(
        true,
      );
    }
  });

  it("lists the fire safety citations' categories with type=fire or kind=fire, and 400s for a bad one", async () => {
    const body = citationCategoriesSchema.parse(await json("/api/citations/categories?type=fire"));
    const byCategory = new Map<string, Map<string, number>>();
    for (const row of expected.fire.filter((row) => expected.current.has(row[CCN] ?? ""))) {
      const category = row["Deficiency Category"] ?? "";
      const tag = `${row["Deficiency Prefix"]}${row["Deficiency Tag Number"]}`;
      const tags = byCategory.get(category) ?? new Map<string, number>();
      tags.set(tag, (tags.get(tag) ?? 0) + 1);
      byCategory.set(category, tags);
    }
    expect(byCategory.size).toBeGreaterThan(1);
    expect(body.categories.map((category) => category.category)).toEqual([...byCategory.keys()].sort());
    for (const category of body.categories) {
      const tags = byCategory.get(category.category ?? "") as Map<string, number>;
      expect(category.tags.map((tag) => [`${tag.prefix}${tag.tag}`, tag.citations])).toEqual(
        [...tags].sort(),
      );
      expect(category.citations).toBe([...tags.values()].reduce((a, b) => a + b, 0));
    }
    // kind=fire is another spelling; health stays the default.
    expect(await json("/api/citations/categories?kind=fire")).toEqual(body);
    expect(await json("/api/citations/categories?type=health")).toEqual(
      await json("/api/citations/categories"),
    );
    for (const [query, param] of [
      ["type=smoke", "type"],
      ["kind=standard", "kind"],
      ["type=fire&kind=health", "kind"],
    ]) {
      const response = await get(`/api/citations/categories?${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()) as unknown, query).toEqual({
        error: { message: expect.any(String), param },
      });
    }
  });

  it("keeps the counts right when facilities close or move (a Provider Information file alone)", async () => {
    await load([newest.edited]);
    expected = model(newest.edited, firstLoad, newest.provider.processingDate);
    expect(expected.facilities.length).toBeLessThan(400);
    expect(((await json("/api/meta")) as { inspectionWindow: unknown }).inspectionWindow).toEqual({
      start: expected.start,
      end: expected.end,
    });
    await checkCitations();
    const list = await listAll("harm=actual");
    expect(list.data.map((item) => item.ccn)).toEqual(
      expected.facilities
        .filter((row) => (expected.figures.get(row[CCN] ?? "")?.mostSevereCitation ?? "") >= "G")
        .map((row) => row[CCN]),
    );
  });

  it("counts again when a citations file changes the record", async () => {
    await load([newest.citations.path, newest.penalties.path]);
    expected = model(
      newest.edited,
      [...firstLoad, newest.citations, newest.penalties],
      newest.provider.processingDate,
    );
    await checkCitations();
    const list = await listAll("");
    for (const item of list.data.slice(0, 50)) {
      const {
        abuseCitations: _,
        grid: __,
        complaintCitations: ___,
        ...figures
      } = expected.figures.get(item.ccn) ?? {};
      expect(pick(item, Object.keys(figures))).toEqual(figures);
    }
  });
});

function pick(item: object, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, (item as Record<string, unknown>)[key]]));
}

/** The penalties of a real file by CCN, read without any of the ingest code (cp1252, papaparse). */
function realPenalties(name: string) {
  const text = iconv.decode(gunzipSync(readFileSync(realFile(`related/${name}`))), "win1252");
  const iso = (value: string) => {
    const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
    return value === "" ? "" : us ? `${us[3]}-${us[1]}-${us[2]}` : value;
  };
  return Papa.parse<string[]>(text, { skipEmptyLines: true })
    .data.slice(1)
    .map((row) => ({
      ccn: row[0] ?? "",
      date: iso(row[6] ?? ""),
      type: row[7] ?? "",
      amount: Number((row[8] ?? "").replace("$", "") || 0),
      days: Number(row[10] || 0),
    }));
}

describe.skipIf(!hasRealData).each(engines)("penalties of the real CMS files on $name", (engine) => {
  let db: Db;
  let app: App;
  beforeAll(async () => {
    db = await openTestDb(engine);
    const results = await ingestFiles(
      db,
      [
        realFile("NH_ProviderInfo_Aug2021.csv.gz"),
        realFile("related/NH_Penalties_Jun2021.csv.gz"),
        realFile("related/Penalties_Feb2017.csv.gz"),
      ],
      { source: "files" },
    );
    expect(results.map((result) => result.status)).toEqual(["loaded", "loaded", "loaded"]);
    app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  it("totals each facility's penalties as the files do, newest first", async () => {
    const penalties = [
      ...realPenalties("NH_Penalties_Jun2021.csv.gz"),
      ...realPenalties("Penalties_Feb2017.csv.gz"),
    ];
    const byCcn = new Map<string, typeof penalties>();
    for (const penalty of penalties) byCcn.set(penalty.ccn, [...(byCcn.get(penalty.ccn) ?? []), penalty]);
    // The facilities with the most penalties, and every 40th other one.
    const ccns = [...byCcn.keys()].sort((a, b) => (byCcn.get(b)?.length ?? 0) - (byCcn.get(a)?.length ?? 0));
    const sample = [
      ...ccns.slice(0, 40),
      ...ccns.filter((_, index) => index % 40 === 0),
      "015019",
      "015375",
      "056056",
    ];
    // The window: three years back from the newest processing date (the Aug 2021 Provider Information file).
    const inWindow = (date: string) => date >= "2018-08-01" && date <= "2021-08-01";
    for (const ccn of sample) {
      const own = byCcn.get(ccn) ?? [];
      const response = await app.request(`/api/facilities/${ccn}/penalties`);
      expect(response.status, ccn).toBe(200);
      const body = facilityPenaltiesSchema.parse(await response.json());
      const fines = own.filter((penalty) => penalty.type === "Fine");
      const denials = own.filter((penalty) => penalty.type === "Payment Denial");
      expect(body.totals, ccn).toEqual({
        fines: fines.length,
        fineDollars: fines.reduce((sum, penalty) => sum + penalty.amount, 0),
        paymentDenials: denials.length,
        denialDays: denials.reduce((sum, penalty) => sum + penalty.days, 0),
      });
      expect(body.penalties.map((penalty) => penalty.date)).toEqual(
        own
          .map((penalty) => penalty.date)
          .sort()
          .reverse(),
      );
      if (body.threeYears) {
        const recent = fines.filter((penalty) => inWindow(penalty.date));
        expect([body.threeYears.fines, body.threeYears.fineDollars]).toEqual([
          recent.length,
          recent.reduce((sum, penalty) => sum + penalty.amount, 0),
        ]);
      }
    }
  });

  it("has no citations to count without a health citations file: the figures are unknown, the Abuse Icon is CMS's", async () => {
    const list = facilityListResponseSchema.parse(
      await (await app.request("/api/facilities?harm=actual")).json(),
    );
    expect(list.totalCount).toBe(0);
    const text = iconv.decode(
      gunzipSync(readFileSync(realFile("NH_ProviderInfo_Aug2021.csv.gz"))),
      "win1252",
    );
    const [header = [], ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    const icons = rows.filter((row) => row[header.indexOf("Abuse Icon")] === "Y").length;
    expect(icons).toBeGreaterThan(100);
    const abuse = facilityListResponseSchema.parse(
      await (await app.request("/api/facilities?abuse=true&pageSize=1")).json(),
    );
    expect(abuse.totalCount).toBe(icons);
    expect(abuse.data[0]).toMatchObject({ citationsActualHarm: null, mostSevereCitation: null, abuse: true });
    expect(typeof abuse.data[0]?.finesThreeYears).toBe("number");
  });

  it("keeps CMS's substantiated complaints of the Aug 2021 file, with no complaint citations to count", async () => {
    const detail = facilityDetailSchema.parse(await (await app.request("/api/facilities/015009")).json());
    expect(detail.substantiatedComplaints).toEqual(expect.any(Number));
    expect(detail.complaintCitationsThreeYears).toBeNull();
  });
});

describe.each(engines)("the kinds of inspection in a file before January 2021, $name", (engine) => {
  let db: Db;
  let app: App;
  let rows: Row[];
  beforeAll(async () => {
    // A December 2020 release: its health citations file has no infection control flag (CMS added it in 2021).
    const old = await writeDemoFiles(join(dir, "before-2021"), {
      facilities: 150,
      months: 2,
      endMonth: "2020-12",
      inspections: "yearly",
    });
    const citations = old.find((file) => file.table === "citations") as DemoFile;
    rows = records(citations.path);
    expect(Object.keys(rows[0] ?? {})).not.toContain("Infection Control Inspection Deficiency");
    db = await openTestDb(engine);
    const results = await ingestFiles(
      db,
      old.map((file) => file.path),
      { source: "demo" },
    );
    expect(results.filter((result) => result.status !== "loaded")).toEqual([]);
    app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
  }, 300_000);
  afterAll(async () => {
    await db?.close();
  });

  it("keeps the infection control flag unknown, not false: no survey is of that kind and no citation matches it", async () => {
    // The files of 2020 name the CCN "Federal Provider Number".
    const ccnOf = (row: Row) => row["Federal Provider Number"] ?? "";
    const ccns = [...new Set(rows.map(ccnOf))];
    let untitled = 0;
    for (const ccn of ccns) {
      const body = facilityInspectionsSchema.parse(
        await (await app.request(`/api/facilities/${ccn}/inspections`)).json(),
      );
      for (const survey of body.surveys.filter((each) => each.type === "health")) {
        expect(survey.citations.every((citation) => citation.infectionControl === null)).toBe(true);
        const own = rows.filter((row) => ccnOf(row) === ccn && row["Survey Date"] === survey.surveyDate);
        expect(survey.kinds).toEqual(
          [
            own.some((row) => row["Standard Deficiency"] === "Y") ? "standard" : null,
            own.some((row) => row["Complaint Deficiency"] === "Y") ? "complaint" : null,
          ].filter((kind) => kind !== null),
        );
        // A focused infection control inspection of 2020: neither flag the file has says which kind it was.
        if (survey.kinds.length === 0) untitled += 1;
      }
    }
    expect(untitled).toBeGreaterThan(0);
    const none = citationListSchema.parse(
      await (await app.request("/api/citations?kind=infectionControl")).json(),
    );
    expect(none).toEqual({ data: [], totalCount: 0 });
    const standard = citationListSchema.parse(
      await (await app.request("/api/citations?kind=standard")).json(),
    );
    expect(standard.totalCount).toBeGreaterThan(0);
    expect(standard.data.every((row) => row.standard === true)).toBe(true);
  });
});

describe.each(engines)(
  "an affiliated entity's inspection record without a health citations file, $name",
  (engine) => {
    let db: Db;
    let app: App;
    let loaded: DemoFile[];
    beforeAll(async () => {
      const small = await writeDemoFiles(join(dir, "penalties-only"), {
        facilities: 120,
        months: 2,
        inspections: "yearly",
      });
      loaded = small.filter((file) => file.table !== "citations");
      db = await openTestDb(engine);
      const results = await ingestFiles(
        db,
        loaded.map((file) => file.path),
        { source: "demo" },
      );
      expect(results.map((result) => result.status)).toEqual(loaded.map(() => "loaded"));
      app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
    }, 120_000);
    afterAll(async () => {
      await db?.close();
    });

    it("has its fines, its Abuse Icons, and no citation figures (unknown, not zero)", async () => {
      const provider = loaded.filter((file) => file.table === "provider").at(-1) as DemoFile;
      const expected = model(provider.path, loaded, provider.processingDate);
      const list = facilityListResponseSchema.parse(
        await (await app.request("/api/facilities?pageSize=1000")).json(),
      );
      const chain = list.data.find((item) => item.affiliatedEntityName !== null)?.affiliatedEntityName ?? "";
      const ccns = list.data.filter((item) => item.affiliatedEntityName === chain).map((item) => item.ccn);
      const response = await app.request(`/api/entities/${encodeURIComponent(chain)}`);
      expect(response.status, chain).toBe(200);
      const entity = entitySchema.parse(await response.json());
      const figures = ccns.map((ccn) => expected.figures.get(ccn));
      const fines = figures.reduce((sum, own) => sum + (own?.finesThreeYears ?? 0), 0);
      expect(entity.inspections).toEqual({
        window: { start: expected.start, end: expected.end },
        totals: {
          facilities: ccns.length,
          citations: null,
          facilitiesWithActualHarm: null,
          facilitiesWithImmediateJeopardy: null,
          // Without citations, abuse is CMS's Abuse Icon alone.
          facilitiesWithAbuse: expected.facilities.filter(
            (row) => ccns.includes(row[CCN] ?? "") && row["Abuse Icon"] === "Y",
          ).length,
          fines,
          fineDollars: figures.reduce((sum, own) => sum + (own?.fineDollarsThreeYears ?? 0), 0),
          facilitiesFined: figures.filter((own) => (own?.finesThreeYears ?? 0) > 0).length,
        },
        national: expect.objectContaining({ facilities: list.totalCount, citations: null }),
      });
    });

    it("gives the detail no complaint citations (unknown, not zero)", async () => {
      const provider = loaded.filter((file) => file.table === "provider").at(-1) as DemoFile;
      const [ccn] = records(provider.path).map((row) => row[CCN] ?? "");
      const detail = facilityDetailSchema.parse(await (await app.request(`/api/facilities/${ccn}`)).json());
      expect(detail.complaintCitationsThreeYears).toBeNull();
      expect(detail.finesThreeYears).toEqual(expect.any(Number));
    });
  },
);
