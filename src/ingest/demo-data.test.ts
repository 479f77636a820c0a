import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facilityDetailSchema } from "../core/api-types.ts";
import {
  columnsOf,
  PROVIDER_INFO_2021,
  PROVIDER_INFO_2023,
  type ProviderInfoEra,
  providerInfoEra,
} from "./demo/cms-layouts.ts";
import { type DemoFile, demoReleaseDates, writeDemoFiles } from "./demo-data.ts";
import { FIELDS, type FieldName } from "./layout.ts";
import type { ParsedRelease } from "./parse-release.ts";
import { readRelease } from "./read-release.ts";

const RAW = "../../../shared/data/cms/raw/";
const SAMPLE_2026 = fileURLToPath(
  new URL(`${RAW}samples/NH_ProviderInfo_May2026.SAMPLE.csv.gz`, import.meta.url),
);
const SAMPLE_2024 = fileURLToPath(
  new URL(`${RAW}samples/NH_ProviderInfo_Jun2024.SAMPLE.csv.gz`, import.meta.url),
);
const REAL_2021 = fileURLToPath(new URL(`${RAW}NH_ProviderInfo_Aug2021.csv.gz`, import.meta.url));
const MONTH_ABBR = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const tempDirs: string[] = [];
function makeTempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-data-test-"));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface Table {
  header: string[];
  rows: string[][];
  col: (name: string) => number;
}

function readTable(file: string): Table {
  const parsed = Papa.parse<string[]>(fs.readFileSync(file, "utf8"), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header = [], ...rows] = parsed.data;
  return {
    header,
    rows,
    col: (name) => {
      const index = header.indexOf(name);
      if (index < 0) throw new Error(`no column ${name}`);
      return index;
    },
  };
}

/** The header of a real CMS file (gzipped, UTF-8 or cp1252). */
function realHeader(file: string): string[] {
  const text = new TextDecoder("windows-1252").decode(gunzipSync(fs.readFileSync(file)));
  return Papa.parse<string[]>(text.replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, ""), { preview: 1 }).data[0] ?? [];
}

function cell(row: string[], index: number): string {
  return row[index] ?? "";
}

function expectedOverall(hi: number, staffing: number | undefined, qm: number): number {
  let overall = hi;
  if (staffing !== undefined && staffing >= 4 && staffing > hi) overall += 1;
  if (staffing === 1) overall -= 1;
  if (qm === 5) overall += 1;
  if (qm === 1) overall -= 1;
  overall = Math.max(1, Math.min(5, overall));
  return hi === 1 ? Math.min(overall, 2) : overall;
}

const GAP_MONTHS = ["2025-01", "2025-08", "2026-01"];

describe("demoReleaseDates", () => {
  it("walks back from the end month, skipping December and the missing months", () => {
    const dates = demoReleaseDates(14);
    expect(dates).toHaveLength(14);
    expect(dates.at(-1)).toBe("2026-10-01");
    expect(dates[0]).toBe("2025-06-01");
    expect(dates).not.toContain("2025-12-01");
    expect(dates).not.toContain("2026-01-01");
    expect(dates).not.toContain("2025-08-01");
  });

  it("never includes a December or a gap month, oldest first, and skips nothing else", () => {
    const dates = demoReleaseDates(100, "2026-10");
    expect(dates).toHaveLength(100);
    for (const date of dates) {
      expect(date).toMatch(/^\d{4}-(0[1-9]|1[01])-01$/);
      expect(GAP_MONTHS).not.toContain(date.slice(0, 7));
    }
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    // Between two consecutive releases, every skipped month is a December or a known gap.
    for (let i = 1; i < dates.length; i++) {
      const [y0, m0] = (dates[i - 1] ?? "").split("-").map(Number);
      const [y1, m1] = (dates[i] ?? "").split("-").map(Number);
      let y = y0 ?? 0;
      let m = (m0 ?? 0) + 1;
      for (;;) {
        if (m === 13) {
          m = 1;
          y += 1;
        }
        if (y === y1 && m === m1) break;
        const key = `${y}-${String(m).padStart(2, "0")}`;
        expect(m === 12 || GAP_MONTHS.includes(key), `unexpected gap ${key}`).toBe(true);
        m += 1;
      }
    }
  });

  it("uses the given end month", () => {
    expect(demoReleaseDates(3, "2021-08")).toEqual(["2021-06-01", "2021-07-01", "2021-08-01"]);
    expect(demoReleaseDates(2, "2022-01")).toEqual(["2021-11-01", "2022-01-01"]);
    expect(demoReleaseDates(0)).toEqual([]);
    expect(() => demoReleaseDates(3, "2026-13")).toThrow();
  });
});

describe("writeDemoFiles, small run (300 facilities, 14 months)", () => {
  let dir = "";
  let files: DemoFile[] = [];
  let tables: Table[] = [];

  beforeAll(async () => {
    dir = makeTempDir();
    files = await writeDemoFiles(dir, { facilities: 300, months: 14 });
    tables = files.map((f) => readTable(f.path));
  });

  it("writes one file per release, oldest first, named by month", () => {
    expect(files.map((f) => f.processingDate)).toEqual(demoReleaseDates(14));
    for (const f of files) {
      const [year, month] = f.processingDate.split("-");
      expect(path.basename(f.path)).toBe(`NH_ProviderInfo_${MONTH_ABBR[Number(month) - 1]}${year}.csv`);
      expect(path.dirname(f.path)).toBe(dir);
    }
    expect(fs.readdirSync(dir).sort()).toEqual(files.map((f) => path.basename(f.path)).sort());
  });

  it("is deterministic: a second run gives byte-identical files, another seed does not", async () => {
    const again = await writeDemoFiles(makeTempDir(), { facilities: 300, months: 14 });
    expect(again).toHaveLength(files.length);
    files.forEach((f, i) => {
      const other = again[i];
      expect(other).toBeDefined();
      expect(fs.readFileSync(other?.path ?? "").equals(fs.readFileSync(f.path))).toBe(true);
    });
    const reseeded = await writeDemoFiles(makeTempDir(), { facilities: 300, months: 1, seed: 7 });
    const last = files.at(-1);
    expect(fs.readFileSync(reseeded[0]?.path ?? "").equals(fs.readFileSync(last?.path ?? ""))).toBe(false);
  });

  it("uses the 99-column header of the newest layout, LF line ends, no BOM", () => {
    const first = files[0];
    const bytes = fs.readFileSync(first?.path ?? "");
    expect(bytes[0]).toBe("C".charCodeAt(0));
    expect(bytes.includes("\r")).toBe(false);
    for (const table of tables) {
      expect(table.header).toHaveLength(99);
      expect(table.header[0]).toBe("CMS Certification Number (CCN)");
      expect(table.header.slice(18, 21)).toEqual(["Chain Name", "Chain ID", "Number of Facilities in Chain"]);
      expect(table.header.at(-1)).toBe("Processing Date");
      expect(table.header).not.toContain("Affiliated Entity Name");
    }
  });

  it.skipIf(!fs.existsSync(SAMPLE_2026))("header equals the real May 2026 sample's header", () => {
    expect(tables[0]?.header).toEqual(realHeader(SAMPLE_2026));
  });

  it("has 99 fields on every row and the file's processing date on every row", () => {
    tables.forEach((table, i) => {
      expect(table.rows.length).toBeGreaterThan(280);
      const date = files[i]?.processingDate;
      const dateCol = table.col("Processing Date");
      expect(table.rows.filter((row) => row.length !== 99)).toEqual([]);
      expect(table.rows.filter((row) => row[dateCol] !== date)).toEqual([]);
    });
  });

  it("has unique 6-character CCNs with the state's SSA code as prefix", () => {
    const prefixes: Record<string, string> = { AL: "01", CA: "05", FL: "10", NY: "33", TX: "45", DC: "09" };
    for (const table of tables) {
      const ccns = table.rows.map((r) => cell(r, 0));
      expect(new Set(ccns).size).toBe(ccns.length);
      for (const row of table.rows) {
        const ccn = cell(row, 0);
        expect(ccn).toMatch(/^\d{2}[0-9A-Z]\d{3}$/);
        const prefix = prefixes[cell(row, table.col("State"))];
        if (prefix) expect(ccn.slice(0, 2)).toBe(prefix);
      }
      // Sorted like the CMS files.
      expect([...ccns].sort()).toEqual(ccns);
    }
  });

  it("computes the overall rating by the CMS rule, and blank ratings carry a footnote", () => {
    let rated = 0;
    for (const table of tables) {
      const [overall, overallNote, hi, hiNote, qm, staffing, staffingNote] = [
        "Overall Rating",
        "Overall Rating Footnote",
        "Health Inspection Rating",
        "Health Inspection Rating Footnote",
        "QM Rating",
        "Staffing Rating",
        "Staffing Rating Footnote",
      ].map(table.col);
      for (const row of table.rows) {
        const at = (i: number | undefined) => cell(row, i ?? -1);
        if (at(overall) === "") {
          expect(at(overallNote)).toMatch(/^\d+$/);
          expect(at(hi)).toBe("");
          expect(at(hiNote)).toMatch(/^\d+$/);
          continue;
        }
        rated += 1;
        expect(at(overallNote)).toBe("");
        const staffingStars = at(staffing) === "" ? undefined : Number(at(staffing));
        if (staffingStars === undefined) expect(at(staffingNote)).toMatch(/^\d+$/);
        for (const value of [at(overall), at(hi), at(qm)]) expect(value).toMatch(/^[1-5]$/);
        expect(Number(at(overall))).toBe(expectedOverall(Number(at(hi)), staffingStars, Number(at(qm))));
      }
    }
    expect(rated).toBeGreaterThan(3500);
  });
});

describe("writeDemoFiles, default-ish size (2000 facilities, 14 months)", () => {
  let files: DemoFile[] = [];
  let tables: Table[] = [];

  beforeAll(async () => {
    files = await writeDemoFiles(makeTempDir(), { facilities: 2000, months: 14 });
    tables = files.map((f) => readTable(f.path));
  });

  it("covers all 53 state codes every month, big states big and Guam tiny", () => {
    for (const table of tables) {
      const counts = new Map<string, number>();
      for (const row of table.rows) {
        const state = cell(row, table.col("State"));
        counts.set(state, (counts.get(state) ?? 0) + 1);
      }
      expect(counts.size).toBe(53);
      for (const code of ["DC", "PR", "GU"]) expect(counts.get(code) ?? 0).toBeGreaterThanOrEqual(1);
      expect(counts.get("GU") ?? 0).toBeLessThanOrEqual(3);
      for (const big of ["CA", "TX", "OH", "PA", "IL", "NY", "FL"]) {
        expect(counts.get(big) ?? 0).toBeGreaterThan(60);
      }
      expect(table.rows.length).toBeGreaterThan(1950);
      expect(table.rows.length).toBeLessThan(2050);
    }
  });

  it("keeps most facilities from month to month", () => {
    const seen = new Map<string, number>();
    for (const table of tables)
      for (const row of table.rows) seen.set(cell(row, 0), (seen.get(cell(row, 0)) ?? 0) + 1);
    const always = [...seen.values()].filter((n) => n === tables.length).length;
    expect(always / seen.size).toBeGreaterThanOrEqual(0.95);
    expect(always).toBeLessThan(seen.size); // some open or close
  });

  it("has some but not too many overall rating changes between consecutive releases", () => {
    for (let i = 1; i < tables.length; i++) {
      const before = tables[i - 1];
      const after = tables[i];
      if (!before || !after) throw new Error("missing table");
      const overall = after.col("Overall Rating");
      const previous = new Map(before.rows.map((r) => [cell(r, 0), cell(r, overall)]));
      let compared = 0;
      let changed = 0;
      for (const row of after.rows) {
        const old = previous.get(cell(row, 0));
        const now = cell(row, overall);
        if (old === undefined || old === "" || now === "") continue;
        compared += 1;
        if (old !== now) changed += 1;
      }
      const share = changed / compared;
      expect(share, `${files[i]?.processingDate}`).toBeGreaterThan(0.01);
      expect(share, `${files[i]?.processingDate}`).toBeLessThan(0.15);
    }
  });

  it("leaves about 2% of facilities without ratings in a month", () => {
    for (const table of tables) {
      const blank = table.rows.filter((r) => cell(r, table.col("Overall Rating")) === "").length;
      expect(blank / table.rows.length).toBeGreaterThan(0.003);
      expect(blank / table.rows.length).toBeLessThan(0.05);
    }
  });
});

describe("writeDemoFiles, chains at full size (15000 facilities, 1 month)", () => {
  let table: Table;

  beforeAll(async () => {
    const files = await writeDemoFiles(makeTempDir(), { facilities: 15000, months: 1 });
    expect(files).toHaveLength(1);
    table = readTable(files[0]?.path ?? "");
  });

  it("has about 600 chains holding about 70% of facilities, with consistent chain columns", () => {
    const [name, id, count, avgOverall] = [
      "Chain Name",
      "Chain ID",
      "Number of Facilities in Chain",
      "Chain Average Overall 5-star Rating",
    ].map(table.col);
    const overall = table.col("Overall Rating");
    const members = new Map<string, string[][]>();
    for (const row of table.rows) {
      const chainId = cell(row, id ?? -1);
      if (chainId === "") {
        expect(cell(row, name ?? -1)).toBe("");
        expect(cell(row, count ?? -1)).toBe("");
        continue;
      }
      expect(chainId).toMatch(/^\d+$/);
      members.set(chainId, [...(members.get(chainId) ?? []), row]);
    }
    expect(table.rows.length).toBeGreaterThan(14900);
    expect(members.size).toBeGreaterThan(450);
    expect(members.size).toBeLessThan(750);
    const chained = [...members.values()].reduce((sum, rows) => sum + rows.length, 0);
    expect(chained / table.rows.length).toBeGreaterThan(0.6);
    expect(chained / table.rows.length).toBeLessThan(0.8);

    const names = new Set<string>();
    const sizes: number[] = [];
    for (const rows of members.values()) {
      const first = rows[0] ?? [];
      names.add(cell(first, name ?? -1));
      sizes.push(rows.length);
      for (const row of rows) {
        expect(cell(row, name ?? -1)).toBe(cell(first, name ?? -1));
        expect(Number(cell(row, count ?? -1))).toBe(rows.length);
      }
      const ratings = rows.map((r) => cell(r, overall)).filter((v) => v !== "");
      if (ratings.length > 0) {
        const mean = ratings.reduce((sum, v) => sum + Number(v), 0) / ratings.length;
        expect(Math.abs(Number(cell(first, avgOverall ?? -1)) - mean)).toBeLessThanOrEqual(0.051);
      }
    }
    expect(names.size).toBe(members.size);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(300);
    expect(Math.max(...sizes)).toBeGreaterThan(100);
    expect(sizes.filter((n) => n <= 5).length).toBeGreaterThan(50);
  });
});

describe("command line", () => {
  it("writes the files and prints one line", () => {
    const dir = makeTempDir();
    const script = fileURLToPath(new URL("./demo-data.ts", import.meta.url));
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", script, dir, "--facilities", "80", "--months", "2"],
      { encoding: "utf8" },
    );
    expect(out.trim().split("\n")).toHaveLength(1);
    expect(out).toContain("2");
    expect(out).toContain(dir);
    expect(fs.readdirSync(dir).sort()).toEqual([
      "NH_ProviderInfo_Oct2026.csv",
      "NH_ProviderInfo_Sep2026.csv",
    ]);
  });
});

describe("the CMS layouts", () => {
  it.skipIf(!fs.existsSync(REAL_2021))("2021 is the header of the real August 2021 file", () => {
    expect(PROVIDER_INFO_2021).toEqual(realHeader(REAL_2021));
  });

  it.skipIf(!fs.existsSync(SAMPLE_2024))("2023 is the header of the real June 2024 sample", () => {
    expect(PROVIDER_INFO_2023).toEqual(realHeader(SAMPLE_2024));
  });

  it("goes by the processing date: 2021 to June 2023, 2023 to 2024, then 2025", () => {
    expect(providerInfoEra("2021-08-01")).toBe("2021");
    expect(providerInfoEra("2023-06-01")).toBe("2021");
    expect(providerInfoEra("2023-07-01")).toBe("2023");
    expect(providerInfoEra("2024-11-01")).toBe("2023");
    expect(providerInfoEra("2025-02-01")).toBe("2025");
  });
});

/** The fields the product shows (a facility's detail, which holds the list's), as the ingest reads them. */
const SHOWN_FIELDS = Object.keys(facilityDetailSchema.shape).filter(
  (key): key is FieldName => key in FIELDS && key !== "processingDate",
);

describe("writeDemoFiles across the layouts (400 facilities, 45 months from July 2022)", () => {
  let files: DemoFile[] = [];
  let releases: ParsedRelease[] = [];

  beforeAll(async () => {
    files = await writeDemoFiles(makeTempDir(), { facilities: 400, months: 45 });
    releases = await Promise.all(files.map((file) => readRelease(file.path)));
  });

  it("writes each month in the layout CMS used then", () => {
    const eras = new Set<ProviderInfoEra>();
    for (const file of files) {
      const era = providerInfoEra(file.processingDate);
      eras.add(era);
      const table = readTable(file.path);
      expect(table.header).toEqual(columnsOf(era));
      expect(table.rows.filter((row) => row.length !== table.header.length)).toEqual([]);
    }
    expect([...eras]).toEqual(["2021", "2023", "2025"]);
    expect(releases.every((release) => release.kind === "provider")).toBe(true);
  });

  it("has values in every field the product shows, in every month whose layout has its column", () => {
    expect(SHOWN_FIELDS.length).toBeGreaterThan(25);
    const everFilled = new Set<FieldName>();
    for (const release of releases) {
      for (const field of SHOWN_FIELDS) {
        const values = release.fields[field];
        if (values === undefined) continue;
        const filled = values.filter((value) => value !== null);
        const where = `${field} in ${release.fileName}`;
        expect(filled.length, where).toBeGreaterThan(0);
        if (typeof filled[0] === "number")
          expect(
            filled.some((value) => value !== 0),
            where,
          ).toBe(true);
        everFilled.add(field);
      }
    }
    expect(SHOWN_FIELDS.filter((field) => !everFilled.has(field))).toEqual([]);
    // Like CMS's own files: the newest layout has no substantiated complaints, the oldest no turnover, entity or
    // weekend hours (CMS added them in 2022).
    const missing = (era: ProviderInfoEra) => {
      const release = releases[files.findIndex((file) => providerInfoEra(file.processingDate) === era)];
      return SHOWN_FIELDS.filter((field) => release?.fields[field] === undefined);
    };
    expect(missing("2025")).toEqual(["substantiatedComplaints"]);
    expect(missing("2023")).toEqual([]);
    expect(missing("2021")).toEqual([
      "affiliatedEntityName",
      "weekendTotalNurseHours",
      "totalNursingStaffTurnover",
      "administratorsLeft",
      "latitude",
      "longitude",
      "affiliatedEntityId",
    ]);
  });

  it("has penalties, complaints and infection control citations in the shares of the real files", () => {
    // [field, which values count, least and most share of the month's facilities]; Aug 2021: 44% fined, 10%
    // with payment denials, 48% cited for infection control, 62% with substantiated complaints (10% with 10+).
    const bounds: [FieldName, (value: number) => boolean, number, number][] = [
      ["finesTotalDollars", (v) => v > 0, 0.33, 0.55],
      ["paymentDenials", (v) => v > 0, 0.04, 0.16],
      ["infectionControlCitations", (v) => v > 0, 0.15, 0.6],
      ["infectionControlCitations", (v) => v >= 0, 0.3, 1],
      ["substantiatedComplaints", (v) => v > 0, 0.5, 0.75],
      ["substantiatedComplaints", (v) => v >= 10, 0.05, 0.25],
    ];
    for (const release of releases) {
      for (const [field, counts, least, most] of bounds) {
        const values = release.fields[field];
        if (values === undefined) continue;
        const share =
          values.filter((value) => typeof value === "number" && counts(value)).length / values.length;
        expect(share, `${field} in ${release.fileName}`).toBeGreaterThanOrEqual(least);
        expect(share, `${field} in ${release.fileName}`).toBeLessThanOrEqual(most);
      }
    }
  });
});

describe("the newest month alone (what a first start publishes first)", () => {
  it("writes only the newest Provider Information file, with the same bytes as in the whole dataset", async () => {
    const options = { facilities: 300, months: 14, inspections: "yearly" as const };
    const whole = await writeDemoFiles(makeTempDir(), options);
    const newest = await writeDemoFiles(makeTempDir(), { ...options, newestProviderOnly: true });
    expect(newest).toHaveLength(1);
    const [only] = newest;
    const last = whole.filter((file) => file.table === "provider").at(-1);
    expect(only?.table).toBe("provider");
    expect(only?.processingDate).toBe(last?.processingDate);
    expect(fs.readFileSync(only?.path ?? "").equals(fs.readFileSync(last?.path ?? ""))).toBe(true);
  });
});
