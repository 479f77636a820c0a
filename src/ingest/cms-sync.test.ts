// syncFromCms and `npm run ingest -- --latest --backfill` end to end against the CMS stand-in (test/cms-standin),
// with archives built from the first records of the real Aug 2021 Provider Information file in each layout CMS has
// used (L1 2019-2020, L2 in a sub-folder, L3 with manifest and macOS junk). Expected values are read from the
// fixture CSVs with papaparse, never with the product's parser.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import Papa from "papaparse";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { realFile } from "../../scripts/real-data.ts";
import { buildAnnualBundle, buildMonthlyArchive, truncate } from "../../test/cms-standin/archives.ts";
import {
  layoutForArchiveDate,
  perturbRatings,
  setProcessingDate,
  sliceRows,
  toLayout,
} from "../../test/cms-standin/layouts.ts";
import {
  type CmsStandin,
  type CurrentFile,
  type ListedArchive,
  startCmsStandin,
} from "../../test/cms-standin/server.ts";
import { tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import { type Db, openDb } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { type CmsSyncOptions, type SyncStatus, syncFromCms } from "./cms-sync.ts";
import type { IngestFileResult } from "./ingest.ts";
import { decodeCsvText, READER_VERSIONS } from "./source.ts";

const REAL = realFile("NH_ProviderInfo_Aug2021.csv.gz");
const exists = existsSync(REAL);
const ROOT = resolve(import.meta.dirname, "../..");
const BURNS = "015009";

// ------------------------------------------------------------------------------------------------------------
// CSV helpers (papaparse only)

function rows(csv: string): string[][] {
  return Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
}

function columnOf(header: readonly string[], names: readonly string[]): number {
  const index = header.findIndex((cell) => names.includes(cell.trim()));
  if (index < 0) throw new Error(`no column ${names.join(" / ")} in ${header.slice(0, 5).join(",")}...`);
  return index;
}

const OVERALL = ["Overall Rating", "overall_rating"];
const CCN = ["Federal Provider Number", "provnum"];
const DATE_COLUMNS = ["Processing Date", "FILEDATE"];

/** Sets one cell of the row of a CCN (the CSV is written back with every field quoted, CRLF). */
function setCell(csv: string, ccn: string, names: readonly string[], value: string): string {
  const data = rows(csv);
  const header = data[0] ?? [];
  const column = columnOf(header, names);
  const row = data.find((r, i) => i > 0 && r[columnOf(header, CCN)] === ccn);
  if (!row) throw new Error(`no row for ${ccn}`);
  row[column] = value;
  return `${Papa.unparse(data, { quotes: true, newline: "\r\n" })}\r\n`;
}

function dropColumns(csv: string, names: readonly string[]): string {
  const data = rows(csv);
  const header = data[0] ?? [];
  const drop = new Set(header.flatMap((cell, i) => (names.includes(cell.trim()) ? [i] : [])));
  if (drop.size === 0) throw new Error(`no column ${names.join(" / ")}`);
  return `${Papa.unparse(
    data.map((r) => r.filter((_cell, i) => !drop.has(i))),
    { quotes: true, newline: "\r\n" },
  )}\r\n`;
}

/** Every CCN's overall rating in a fixture CSV (blank: not rated). */
function overallByCcn(csv: string): Map<string, number | null> {
  const [header = [], ...records] = rows(csv);
  const ccn = columnOf(header, CCN);
  const overall = columnOf(header, OVERALL);
  return new Map(
    records.map((r) => {
      const value = (r[overall] ?? "").trim();
      return [r[ccn] ?? "", value === "" ? null : Number(value)] as const;
    }),
  );
}

function cellOf(csv: string, ccn: string, names: readonly string[]): string {
  const [header = [], ...records] = rows(csv);
  const row = records.find((r) => r[columnOf(header, CCN)] === ccn);
  return row?.[columnOf(header, names)] ?? "";
}

// ------------------------------------------------------------------------------------------------------------
// Fixtures

/** The first 300 records of the real Aug 2021 file (2021-style header, Processing Date 2021-08-01). */
let base = "";
/** The first 1,700 records (about 1 MB): the file for the throttled and broken-off downloads. */
let big = "";

/** A month of data: the base with moved ratings, its processing date, and BURNS's overall rating (and name) set. */
function month(date: string, seed: number, burnsOverall: string, burnsName?: string): string {
  let csv = setProcessingDate(perturbRatings(base, seed), date);
  csv = setCell(csv, BURNS, ["Overall Rating"], burnsOverall);
  if (burnsName) {
    csv = setCell(csv, BURNS, ["Provider Name"], burnsName);
    csv = setCell(csv, BURNS, ["Provider City"], "OLDTOWN");
  }
  return csv;
}

interface Built {
  /** The listing name, `nursing-homes_<date>`. */
  name: string;
  entry: ListedArchive;
  /** The Provider Information CSV inside, as served (after the layout conversion). */
  csv: string;
}

/** A monthly archive as CMS zipped it on `date` (layout by date: L2 in a sub-folder, L3 with junk). */
async function archive(
  date: string,
  dataMonth: string,
  csv: string,
  options: { fileDateFormat?: "iso" | "us"; transform?: (csv: string) => string } = {},
): Promise<Built> {
  const layout = layoutForArchiveDate(date);
  let providerCsv =
    layout === "L1" ? toLayout(csv, "L1", { fileDateFormat: options.fileDateFormat ?? "iso" }) : csv;
  if (options.transform) providerCsv = options.transform(providerCsv);
  const body = await buildMonthlyArchive({
    layout,
    archiveDate: date,
    dataMonth,
    providerCsv,
    subfolder: layout === "L2",
    junk: layout === "L3",
  });
  return { name: `nursing-homes_${date}`, entry: { date, body }, csv: providerCsv };
}

function current(csv: string): CurrentFile {
  return { fileName: "NH_ProviderInfo_Oct2026.csv", modified: "2026-10-05", body: Buffer.from(csv) };
}

/** The results of the Provider Information files and members (an archive also gives its inspection tables'). */
function providerResults(result: { results: IngestFileResult[] }): IngestFileResult[] {
  return result.results.filter(
    (r) =>
      !/HealthCitations|HealthDeficiencies|FireSafety|Penalties|QualityMsr|StateUSAverages|StateAverages|Ownership/.test(
        r.file,
      ),
  );
}

/** GETs of files (not the metadata or the listing). */
function fileGets(standin: CmsStandin): number {
  return standin.requests.filter((r) => r.method === "GET" && r.path.includes("/files/")).length;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** The 1-based line of the CSV text on which the record of a CCN starts (found in the text itself). */
function lineOfCcn(csv: string, ccn: string): number {
  const index = csv.split(/\r?\n/).findIndex((line) => line.startsWith(`"${ccn}",`));
  if (index < 0) throw new Error(`no line for ${ccn}`);
  return index + 1;
}

const tempDirs: string[] = [];
function temp(): string {
  const dir = tempDir();
  tempDirs.push(dir);
  return dir;
}

beforeAll(() => {
  if (!exists) return;
  const text = decodeCsvText(gunzipSync(readFileSync(REAL)));
  base = sliceRows(text, 300);
  big = sliceRows(text, 1700);
});

afterAll(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!exists)("fixtures", () => {
  it("are the real file's first records, in the layouts CMS used", async () => {
    expect(rows(base)).toHaveLength(301);
    expect(cellOf(base, BURNS, ["Provider Name"])).toBe("BURNS NURSING HOME, INC.");
    expect(cellOf(base, BURNS, ["Overall Rating"])).toBe("5");
    expect(cellOf(base, BURNS, ["Staffing Rating"])).toBe("1");
    expect(Buffer.byteLength(big)).toBeGreaterThan(1_000_000);
    const l1 = await archive("2020-06-18", "2020-06", month("2020-06-01", 1, "3"));
    const header = rows(l1.csv)[0] ?? [];
    expect(header[0]).toBe("provnum");
    expect(header).toContain("PROVNAME");
    expect(header.at(-1)).toBe("FILEDATE");
    expect(header).not.toContain("Processing Date");
    const us = await archive("2020-03-19", "2020-03", month("2020-03-01", 2, "3"), { fileDateFormat: "us" });
    expect(cellOf(us.csv, BURNS, ["FILEDATE"])).toBe("3/1/2020");
  });
});

// ------------------------------------------------------------------------------------------------------------

describe.skipIf(!exists).each(engines)("syncFromCms on $name", (engine) => {
  let db: Db;
  let standin: CmsStandin | null = null;
  let cacheDir: string;

  // Every test gets an empty, migrated database. PGlite takes about 2 s to start, so its one instance is emptied
  // (schema dropped and migrated again, 0.1 s) instead; PostgreSQL gets a new schema per test.
  let pglite: Db | null = null;
  beforeEach(async () => {
    cacheDir = temp();
    if (engine.name !== "pglite") {
      db = await openTestDb(engine);
      return;
    }
    if (pglite) {
      await pglite.exec("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
      await migrate(pglite);
    } else pglite = await openTestDb(engine);
    db = pglite;
  });
  afterEach(async () => {
    await standin?.close();
    standin = null;
    if (db !== pglite) await db?.close();
  });
  afterAll(async () => {
    await pglite?.close();
  });

  async function serve(archives: Built[], currentCsv?: string): Promise<CmsStandin> {
    standin = await startCmsStandin({
      ...(currentCsv ? { current: current(currentCsv) } : {}),
      archives: archives.map((a) => a.entry),
    });
    return standin;
  }

  const sync = (cms: CmsStandin, options: Partial<CmsSyncOptions> = {}) =>
    syncFromCms(db, { baseUrl: cms.baseUrl, cacheDir, latest: false, archives: "all", ...options });

  async function monthHistory(date: string): Promise<Map<string, number | null>> {
    const found = await db.query<{ ccn: string; overall_rating: number | null }>(
      "SELECT ccn, overall_rating FROM rating_snapshot WHERE processing_date = $1::date",
      [date],
    );
    return new Map(found.map((r) => [r.ccn, r.overall_rating]));
  }

  async function releaseDates(): Promise<string[]> {
    const found = await db.query<{ processing_date: string }>(
      "SELECT processing_date FROM release ORDER BY 1",
    );
    return found.map((r) => r.processing_date);
  }

  async function cmsFiles(): Promise<{ url: string; status: string; processing_date: string | null }[]> {
    return db.query("SELECT url, status, processing_date FROM cms_file ORDER BY url");
  }

  it("loads all three archive layouts and the current CSV, each month with its own values", async () => {
    const l1 = await archive("2020-06-18", "2020-06", month("2020-06-01", 11, "3", "BURNS 2020"));
    const l2 = await archive("2021-08-20", "2021-08", month("2021-08-01", 12, "5", "BURNS 2021"));
    const l3 = await archive("2026-07-22", "2026-07", month("2026-07-01", 13, "4", "BURNS JUL 2026"));
    const currentCsv = month("2026-10-01", 14, "2");
    const cms = await serve([l1, l2, l3], currentCsv);

    const result = await sync(cms, { latest: true });
    expect(result.failures).toEqual([]);
    expect(result.hasCurrent).toBe(true);
    // The current Provider Information, health citations, fire safety citations, penalties, MDS, claims, averages and
    // ownership files, and the three archives.
    expect(result.loadedCount).toBe(11);
    expect(providerResults(result).map((r) => [r.status, r.processingDate, r.dateSource])).toEqual([
      ["loaded", "2026-10-01", undefined],
      ["loaded", "2020-06-01", undefined],
      ["loaded", "2021-08-01", undefined],
      ["loaded", "2026-07-01", undefined],
    ]);
    expect(providerResults(result).map((r) => r.file)).toEqual([
      "NH_ProviderInfo_Oct2026.csv",
      "nursing-homes_2020-06-18.zip:ProviderInfo_Download.csv",
      "nursing-homes_2021-08-20.zip:nursing_homes_including_rehab_services_08_2021/NH_ProviderInfo_Aug2021.csv",
      "nursing-homes_2026-07-22.zip:4pq5-n9py_2026-07-22_NH_ProviderInfo_Jul2026.csv",
    ]);
    expect(providerResults(result).every((r) => r.rowCount === 300)).toBe(true);
    // Each archive's health citations and penalties, in its own layout, and the current files of both.
    expect(
      result.results
        .filter((r) => r.kind === "citations" || r.kind === "penalties")
        .map((r) => [r.file, r.status]),
    ).toEqual([
      ["NH_HealthCitations_Oct2026.csv", "loaded"],
      ["NH_Penalties_Oct2026.csv", "loaded"],
      ["nursing-homes_2020-06-18.zip:HealthDeficiencies_Download.csv", "loaded"],
      ["nursing-homes_2020-06-18.zip:Penalties_Download.csv", "loaded"],
      [
        "nursing-homes_2021-08-20.zip:nursing_homes_including_rehab_services_08_2021/NH_HealthCitations_Aug2021.csv",
        "loaded",
      ],
      [
        "nursing-homes_2021-08-20.zip:nursing_homes_including_rehab_services_08_2021/NH_Penalties_Aug2021.csv",
        "loaded",
      ],
      ["nursing-homes_2026-07-22.zip:r5ix-sfxw_2026-07-22_NH_HealthCitations_Jul2026.csv", "loaded"],
      ["nursing-homes_2026-07-22.zip:g6vv-u9sr_2026-07-22_NH_Penalties_Jul2026.csv", "loaded"],
    ]);
    expect(
      await db.query(
        "SELECT kind, processing_date, row_count FROM inspection_release ORDER BY kind, processing_date",
      ),
    ).toEqual(
      ["citations", "fire", "penalties"].flatMap((kind) =>
        ["2020-06-01", "2021-08-01", "2026-07-01", "2026-10-01"].map((date) => ({
          kind,
          processing_date: date,
          // Two citations per facility; one or two fire safety citations; a fine for every third (inspections.ts).
          row_count: kind === "citations" ? 600 : kind === "fire" ? 450 : 100,
        })),
      ),
    );
    // Each archive's fire safety citations, in its own layout (FireSafetyDeficiencies_Download.csv in 2020), and the
    // current file's, kept apart from the health citations.
    expect(result.results.filter((r) => r.kind === "fire").map((r) => [r.file, r.status])).toEqual([
      ["NH_FireSafetyCitations_Oct2026.csv", "loaded"],
      ["nursing-homes_2020-06-18.zip:FireSafetyDeficiencies_Download.csv", "loaded"],
      [
        "nursing-homes_2021-08-20.zip:nursing_homes_including_rehab_services_08_2021/NH_FireSafetyCitations_Aug2021.csv",
        "loaded",
      ],
      ["nursing-homes_2026-07-22.zip:ifjz-ge4w_2026-07-22_NH_FireSafetyCitations_Jul2026.csv", "loaded"],
    ]);
    // Each release's survey of each facility once: 300 facilities' surveys of four releases, 450 citations each.
    expect(
      await db.query(
        `SELECT count(*)::integer AS citations, count(DISTINCT (ccn, survey_date))::integer AS surveys,
           count(*) FILTER (WHERE prefix NOT IN ('K', 'E'))::integer AS others
         FROM fire_citation`,
      ),
    ).toEqual([{ citations: 4 * 450, surveys: 4 * 300, others: 0 }]);
    expect(await db.query("SELECT count(*)::integer AS n FROM citation WHERE prefix <> 'F'")).toEqual([
      { n: 0 },
    ]);

    // Each archive's quality measures and averages, in its own layout, and the current files of the three: the
    // averages with the archive's other tables, oldest first, then the MDS and claims measures newest first.
    expect(
      result.results
        .filter((r) => r.kind === "mds" || r.kind === "claims" || r.kind === "averages")
        .map((r) => [r.file, r.status]),
    ).toEqual([
      ["NH_QualityMsr_MDS_Oct2026.csv", "loaded"],
      ["NH_QualityMsr_Claims_Oct2026.csv", "loaded"],
      ["NH_StateUSAverages_Oct2026.csv", "loaded"],
      ["nursing-homes_2020-06-18.zip:StateAverages_Download.csv", "loaded"],
      [
        "nursing-homes_2021-08-20.zip:nursing_homes_including_rehab_services_08_2021/NH_StateUSAverages_Aug2021.csv",
        "loaded",
      ],
      ["nursing-homes_2026-07-22.zip:xcdc-v8bm_2026-07-22_NH_StateUSAverages_Jul2026.csv", "loaded"],
      ["nursing-homes_2026-07-22.zip:ijh5-nb2v_2026-07-22_NH_QualityMsr_Claims_Jul2026.csv", "loaded"],
      ["nursing-homes_2026-07-22.zip:djen-97ju_2026-07-22_NH_QualityMsr_MDS_Jul2026.csv", "loaded"],
      [
        "nursing-homes_2021-08-20.zip:nursing_homes_including_rehab_services_08_2021/NH_QualityMsr_Claims_Aug2021.csv",
        "loaded",
      ],
      [
        "nursing-homes_2021-08-20.zip:nursing_homes_including_rehab_services_08_2021/NH_QualityMsr_MDS_Aug2021.csv",
        "loaded",
      ],
      ["nursing-homes_2020-06-18.zip:QualityMsrClaims_Download.csv", "loaded"],
      ["nursing-homes_2020-06-18.zip:QualityMsrMDS_Download.csv", "loaded"],
    ]);
    expect(
      await db.query("SELECT kind, count(*)::integer AS n FROM quality_release GROUP BY kind ORDER BY kind"),
    ).toEqual([
      { kind: "averages", n: 4 },
      { kind: "claims", n: 4 },
      { kind: "mds", n: 4 },
    ]);
    // Two MDS measures per facility, each quarter kept once over the four releases.
    expect(await db.query("SELECT count(*)::integer AS n FROM quality_mds")).toEqual([{ n: 600 }]);
    // Each archive's Ownership member, in its own layout, and the current file: every facility's owners now.
    expect(result.results.filter((r) => r.kind === "ownership").map((r) => [r.file, r.status])).toEqual([
      ["NH_Ownership_Oct2026.csv", "loaded"],
      ["nursing-homes_2020-06-18.zip:Ownership_Download.csv", "loaded"],
      [
        "nursing-homes_2021-08-20.zip:nursing_homes_including_rehab_services_08_2021/NH_Ownership_Aug2021.csv",
        "loaded",
      ],
      ["nursing-homes_2026-07-22.zip:y2hd-n93e_2026-07-22_NH_Ownership_Jul2026.csv", "loaded"],
    ]);
    expect(
      await db.query(
        `SELECT (SELECT count(*)::integer FROM ownership_release) AS releases,
           (SELECT count(DISTINCT ccn)::integer FROM owner_facility) AS facilities`,
      ),
    ).toEqual([{ releases: 4, facilities: 300 }]);
    // A refresh downloads nothing new and loads nothing.
    const gets = fileGets(cms);
    const again = await sync(cms, { latest: true });
    expect(again).toMatchObject({ results: [], failures: [], loadedCount: 0 });
    expect(fileGets(cms)).toBe(gets);

    // A database whose files a product without fire safety citations loaded: the next run reads the archives and
    // the current file again, from its cache, for that table alone, and then nothing more.
    const fireBefore = await db.query(
      "SELECT * FROM fire_citation ORDER BY ccn, survey_date, prefix, tag, rank",
    );
    await db.exec(`UPDATE cms_file SET readers = readers - 'fire' WHERE readers ? 'fire';
      DELETE FROM fire_citation; DELETE FROM inspection_group WHERE kind = 'fire';
      DELETE FROM inspection_release WHERE kind = 'fire';`);
    const reread = await sync(cms, { latest: true });
    expect(reread.failures).toEqual([]);
    expect(fileGets(cms)).toBe(gets);
    expect(reread.results.map((r) => r.kind)).toEqual(["fire", "fire", "fire", "fire"]);
    expect(
      await db.query("SELECT * FROM fire_citation ORDER BY ccn, survey_date, prefix, tag, rank"),
    ).toEqual(fireBefore);
    expect(await sync(cms, { latest: true })).toMatchObject({ results: [], failures: [], loadedCount: 0 });
    expect(fileGets(cms)).toBe(gets);

    expect(
      await db.query("SELECT processing_date, source, kind FROM release ORDER BY processing_date"),
    ).toEqual([
      { processing_date: "2020-06-01", source: "cms", kind: "provider" },
      { processing_date: "2021-08-01", source: "cms", kind: "provider" },
      { processing_date: "2026-07-01", source: "cms", kind: "provider" },
      { processing_date: "2026-10-01", source: "cms", kind: "provider" },
    ]);

    // The facility list is the current file's, whatever the order of loading.
    expect(await db.query("SELECT count(*)::integer AS n FROM facility")).toEqual([{ n: 300 }]);
    expect(await db.query("SELECT provider_name, city, state FROM facility WHERE ccn = $1", [BURNS])).toEqual(
      [
        {
          provider_name: cellOf(currentCsv, BURNS, ["Provider Name"]),
          city: cellOf(currentCsv, BURNS, ["Provider City"]),
          state: cellOf(currentCsv, BURNS, ["Provider State"]),
        },
      ],
    );
    expect(cellOf(currentCsv, BURNS, ["Provider City"])).toBe("RUSSELLVILLE");

    const fixtures: [string, string][] = [
      ["2020-06-01", l1.csv],
      ["2021-08-01", l2.csv],
      ["2026-07-01", l3.csv],
      ["2026-10-01", currentCsv],
    ];
    expect(
      await db.query(
        "SELECT processing_date, overall_rating FROM rating_snapshot WHERE ccn = $1 ORDER BY 1",
        [BURNS],
      ),
    ).toEqual(
      fixtures.map(([date, csv]) => ({
        processing_date: date,
        overall_rating: overallByCcn(csv).get(BURNS),
      })),
    );
    expect(fixtures.map(([, csv]) => overallByCcn(csv).get(BURNS))).toEqual([3, 5, 4, 2]);
    // Every facility of every month, not just one.
    for (const [date, csv] of fixtures) expect(await monthHistory(date)).toEqual(overallByCcn(csv));
    // The months differ (perturbRatings moved some ratings).
    expect(overallByCcn(l1.csv)).not.toEqual(overallByCcn(l2.csv));
  });

  it("reads an L1 FILEDATE written M/D/YYYY", async () => {
    const l1 = await archive("2020-03-19", "2020-03", month("2020-03-01", 21, "3"), { fileDateFormat: "us" });
    expect(cellOf(l1.csv, BURNS, ["FILEDATE"])).toBe("3/1/2020");
    const cms = await serve([l1]);
    const result = await sync(cms);
    expect(result.failures).toEqual([]);
    expect(providerResults(result).map((r) => [r.status, r.processingDate])).toEqual([
      ["loaded", "2020-03-01"],
    ]);
    expect(await releaseDates()).toEqual(["2020-03-01"]);
    expect(await monthHistory("2020-03-01")).toEqual(overallByCcn(l1.csv));
  });

  it("dates a file without a date column by the month in its member's name, else by the archive's listing date", async () => {
    // Listed on 2022-04-02, holding March: the member's name says Mar2022.
    const named = await archive("2022-04-02", "2022-03", month("2022-03-01", 31, "2"), {
      transform: (csv) => dropColumns(csv, DATE_COLUMNS),
    });
    // L1: ProviderInfo_Download.csv, no month in any name; listed on 2020-05-20.
    const unnamed = await archive("2020-05-20", "2020-05", month("2020-05-01", 32, "4"), {
      transform: (csv) => dropColumns(csv, DATE_COLUMNS),
    });
    for (const built of [named, unnamed]) {
      const header = rows(built.csv)[0] ?? [];
      expect(header.some((cell) => DATE_COLUMNS.includes(cell))).toBe(false);
    }
    expect(rows(unnamed.csv)[0]?.[0]).toBe("provnum");
    const cms = await serve([named, unnamed]);
    const result = await sync(cms);
    expect(result.failures).toEqual([]);
    const [fromListing, fromName] = providerResults(result);
    expect(fromListing).toMatchObject({
      status: "loaded",
      file: "nursing-homes_2020-05-20.zip:ProviderInfo_Download.csv",
      processingDate: "2020-05-01",
    });
    expect(fromListing?.dateSource).toMatch(/archive's date/);
    expect(fromListing?.dateSource).toContain("2020-05-20");
    expect(fromName).toMatchObject({ status: "loaded", processingDate: "2022-03-01" });
    expect(fromName?.dateSource).toMatch(/month in its name/);
    expect(fromName?.dateSource).toContain("NH_ProviderInfo_Mar2022.csv");
    expect(await releaseDates()).toEqual(["2020-05-01", "2022-03-01"]);
    expect(await monthHistory("2020-05-01")).toEqual(overallByCcn(unnamed.csv));
    expect(await monthHistory("2022-03-01")).toEqual(overallByCcn(named.csv));
    expect((await cmsFiles()).map((f) => [f.status, f.processing_date])).toEqual([
      ["loaded", "2020-05-01"],
      ["loaded", "2022-03-01"],
    ]);
  });

  it("loads the good files and nothing of a truncated zip, a bad value or an annual bundle", async () => {
    const good = await archive("2021-08-20", "2021-08", month("2021-08-01", 41, "5"));
    const good2 = await archive("2026-07-22", "2026-07", month("2026-07-01", 42, "4"));
    const whole = await archive("2022-02-18", "2022-02", month("2022-02-01", 43, "3"));
    const cut: Built = {
      ...whole,
      entry: { ...whole.entry, body: truncate(whole.entry.body as Buffer, 0.5) },
    };
    const victim = rows(base)[120]?.[0] ?? "";
    const badCsv = setCell(month("2022-05-01", 44, "3"), victim, ["Overall Rating"], "9");
    const bad = await archive("2022-05-19", "2022-05", badCsv);
    const small = await buildMonthlyArchive({
      layout: "L1",
      archiveDate: "2019-03-20",
      dataMonth: "2019-03",
      providerCsv: toLayout(sliceRows(month("2019-03-01", 45, "3"), 20), "L1"),
    });
    const bundle: Built = {
      name: "nursing-homes_2019",
      csv: "",
      entry: {
        name: "nursing-homes_2019",
        date: "2019-12-31",
        type: "annual_theme",
        body: await buildAnnualBundle([{ name: "nursing-homes_2019-03-20.zip", archive: small }]),
      },
    };
    const cms = await serve([good, cut, bundle, bad, good2]);

    const result = await sync(cms);
    expect(cms.downloads("nursing-homes_2019.zip")).toBe(0);
    expect(providerResults(result).map((r) => [r.file.split(":")[0], r.status])).toEqual([
      ["nursing-homes_2021-08-20.zip", "loaded"],
      [expect.stringMatching(/nursing-homes_2022-02-18\.zip$/), "failed"],
      [expect.stringMatching(/nursing-homes_2022-05-19\.zip$/), "failed"],
      ["nursing-homes_2026-07-22.zip", "loaded"],
    ]);
    expect(result.loadedCount).toBe(2);
    expect(result.failures).toHaveLength(2);
    const [zipFailure, valueFailure] = result.failures;
    expect(zipFailure).toMatch(/^nursing-homes_2022-02-18\.zip: unreadable zip archive/);
    expect(valueFailure).toContain("nursing-homes_2022-05-19.zip:");
    expect(valueFailure).toContain(
      `(line ${lineOfCcn(bad.csv, victim)}, column "Overall Rating"): "9" is not a rating 1-5`,
    );

    expect(await releaseDates()).toEqual(["2021-08-01", "2026-07-01"]);
    expect(
      await db.query(
        "SELECT count(*)::integer AS n FROM rating_snapshot WHERE processing_date IN ('2022-02-01', '2022-05-01')",
      ),
    ).toEqual([{ n: 0 }]);
    expect(await db.query("SELECT count(*)::integer AS n FROM rating_snapshot")).toEqual([{ n: 600 }]);
    expect(await db.query("SELECT count(*)::integer AS n FROM staged_month")).toEqual([{ n: 0 }]);
    expect(await monthHistory("2021-08-01")).toEqual(overallByCcn(good.csv));
    expect(await monthHistory("2026-07-01")).toEqual(overallByCcn(good2.csv));
    expect((await cmsFiles()).map((f) => [f.url.split("/").pop(), f.status, f.processing_date])).toEqual([
      ["nursing-homes_2021-08-20.zip", "loaded", "2021-08-01"],
      ["nursing-homes_2022-02-18.zip", "failed", null],
      ["nursing-homes_2022-05-19.zip", "failed", "2022-05-01"],
      ["nursing-homes_2026-07-22.zip", "loaded", "2026-07-01"],
    ]);
  });

  it("of two archives of one month loads the one listed later; a re-run downloads and loads nothing", async () => {
    const earlier = await archive("2022-01-20", "2022-01", month("2022-01-01", 51, "2"));
    const later = await archive("2022-01-25", "2022-01", month("2022-01-01", 52, "4"));
    expect(overallByCcn(earlier.csv)).not.toEqual(overallByCcn(later.csv));
    const cms = await serve([earlier, later]);

    const first = await sync(cms);
    expect(first.failures).toEqual([]);
    expect(providerResults(first).map((r) => [r.file.split(":")[0], r.status, r.processingDate])).toEqual([
      ["nursing-homes_2022-01-25.zip", "loaded", "2022-01-01"],
    ]);
    expect(await releaseDates()).toEqual(["2022-01-01"]);
    expect(await monthHistory("2022-01-01")).toEqual(overallByCcn(later.csv));
    expect(
      await db.query("SELECT processing_date, overall_rating FROM rating_snapshot WHERE ccn = $1", [BURNS]),
    ).toEqual([{ processing_date: "2022-01-01", overall_rating: 4 }]);
    const files = await db.query<{
      url: string;
      status: string;
      processing_date: string;
      detail: string | null;
    }>("SELECT url, status, processing_date, detail FROM cms_file ORDER BY url");
    expect(files.map((f) => [f.url.split("/").pop(), f.status, f.processing_date])).toEqual([
      ["nursing-homes_2022-01-20.zip", "superseded", "2022-01-01"],
      ["nursing-homes_2022-01-25.zip", "loaded", "2022-01-01"],
    ]);
    expect(files[0]?.detail).toContain("nursing-homes_2022-01-25.zip");

    const gets = fileGets(cms);
    expect(gets).toBe(2);
    const again = await sync(cms);
    expect(again).toMatchObject({ results: [], failures: [], loadedCount: 0 });
    expect(fileGets(cms)).toBe(gets);
    expect(await monthHistory("2022-01-01")).toEqual(overallByCcn(later.csv));
  });

  it("reads again, from its cache, what an older reader read: the staffing figures and a table never read", async () => {
    const built = [
      await archive("2021-08-20", "2021-08", month("2021-08-01", 71, "5")),
      await archive("2026-07-22", "2026-07", month("2026-07-01", 72, "4")),
    ];
    const cms = await serve(built);
    expect((await sync(cms)).failures).toEqual([]);
    const staffing = () =>
      db.query("SELECT * FROM staffing_period ORDER BY ccn, from_date").then((rows) => JSON.stringify(rows));
    const averages = () =>
      db
        .query("SELECT * FROM cms_average ORDER BY processing_date, state")
        .then((rows) => JSON.stringify(rows));
    const staffingBefore = await staffing();
    const averagesBefore = await averages();
    expect(staffingBefore.length).toBeGreaterThan(100);
    expect(averagesBefore.length).toBeGreaterThan(100);
    const snapshotsBefore = await monthHistory("2021-08-01");
    expect(
      (await db.query<{ readers: unknown }>("SELECT readers FROM cms_file")).map((row) => row.readers),
    ).toEqual([READER_VERSIONS, READER_VERSIONS]);

    // A database loaded before the readers were recorded, by a product that read no staffing figures and no
    // State/US averages.
    await db.exec(`UPDATE cms_file SET readers = NULL;
      DELETE FROM staffing_period;
      DELETE FROM cms_average; DELETE FROM cms_average_column;
      DELETE FROM quality_release WHERE kind = 'averages';`);
    const gets = fileGets(cms);
    const lines: string[] = [];
    const again = await sync(cms, { log: (line) => lines.push(line) });
    expect(again.failures).toEqual([]);
    // Nothing downloaded: both archives come from the cache, read for those tables alone.
    expect(fileGets(cms)).toBe(gets);
    expect(lines.filter((line) => line.startsWith("reading "))).toHaveLength(2);
    // (And for the tables these small archives do not hold, never read either: nothing of them is loaded.)
    expect(lines[0]).toContain(" again for provider, averages");
    expect(lines[0]).toContain("the product reads more of it than when it was loaded");
    expect(again.results.map((result) => [result.kind, result.processingDate]).sort()).toEqual([
      ["averages", "2021-08-01"],
      ["averages", "2026-07-01"],
      ["provider", "2021-08-01"],
      ["provider", "2026-07-01"],
    ]);
    expect(await staffing()).toEqual(staffingBefore);
    expect(await averages()).toEqual(averagesBefore);
    expect(await monthHistory("2021-08-01")).toEqual(snapshotsBefore);
    expect(await releaseDates()).toEqual(["2021-08-01", "2026-07-01"]);

    const third = await sync(cms);
    expect(third).toMatchObject({ results: [], failures: [], loadedCount: 0 });
    expect(fileGets(cms)).toBe(gets);
  });

  it("loads the archives' quality measures after their other tables, newest first; a run stopped before them leaves them to the next", async () => {
    const built = [
      await archive("2021-08-20", "2021-08", month("2021-08-01", 73, "5")),
      await archive("2026-07-22", "2026-07", month("2026-07-01", 74, "4")),
    ];
    const cms = await serve(built);
    // Stopped once the first quality measures file is loaded.
    const stop = new AbortController();
    const first = await sync(cms, {
      signal: stop.signal,
      log: (line) => {
        if (/QualityMsr/.test(line)) stop.abort();
      },
    });
    expect(first.failures).toEqual([]);
    const tables = (result: { results: IngestFileResult[] }) =>
      result.results.map((r) => `${r.processingDate} ${r.table}`);
    expect(tables(first)).toEqual([
      ...["provider", "citations", "fire", "penalties", "averages", "ownership"].map(
        (t) => `2021-08-01 ${t}`,
      ),
      ...["provider", "citations", "fire", "penalties", "averages", "ownership"].map(
        (t) => `2026-07-01 ${t}`,
      ),
      "2026-07-01 claims",
    ]);
    const readers = await db.query<{ url: string; readers: Record<string, number> }>(
      "SELECT url, readers FROM cms_file ORDER BY url",
    );
    expect(readers.map((row) => Object.keys(row.readers).sort())).toEqual([
      Object.keys(READER_VERSIONS)
        .filter((table) => table !== "mds" && table !== "claims")
        .sort(),
      Object.keys(READER_VERSIONS)
        .filter((table) => table !== "mds")
        .sort(),
    ]);

    // The next run reads them from its cache, downloading nothing.
    const gets = fileGets(cms);
    const second = await sync(cms);
    expect(second.failures).toEqual([]);
    expect(fileGets(cms)).toBe(gets);
    expect(tables(second)).toEqual(["2026-07-01 mds", "2021-08-01 claims", "2021-08-01 mds"]);
    const loaded = await db.query<{ kind: string; n: number }>(
      "SELECT kind, count(*)::integer AS n FROM quality_release GROUP BY kind ORDER BY kind",
    );
    expect(loaded).toEqual([
      { kind: "averages", n: 2 },
      { kind: "claims", n: 2 },
      { kind: "mds", n: 2 },
    ]);
    expect(await sync(cms)).toMatchObject({ results: [], failures: [], loadedCount: 0 });
  });

  it('archives "all" loads every monthly archive listed; a run with an empty cache downloads nothing', async () => {
    const built = [
      await archive("2020-06-18", "2020-06", month("2020-06-01", 61, "3")),
      await archive("2021-08-20", "2021-08", month("2021-08-01", 62, "5")),
      await archive("2022-01-25", "2022-01", month("2022-01-01", 63, "2")),
      await archive("2026-07-22", "2026-07", month("2026-07-01", 64, "4")),
    ];
    const cms = await serve(built);
    const first = await sync(cms);
    expect(first.failures).toEqual([]);
    expect(providerResults(first).map((r) => [r.status, r.processingDate])).toEqual([
      ["loaded", "2020-06-01"],
      ["loaded", "2021-08-01"],
      ["loaded", "2022-01-01"],
      ["loaded", "2026-07-01"],
    ]);
    expect(await releaseDates()).toEqual(["2020-06-01", "2021-08-01", "2022-01-01", "2026-07-01"]);
    const gets = fileGets(cms);
    expect(gets).toBe(4);

    cacheDir = temp();
    const again = await sync(cms);
    expect(again).toMatchObject({ results: [], failures: [], loadedCount: 0 });
    expect(fileGets(cms)).toBe(gets);
    expect(await filesUnder(cacheDir)).toEqual([]);
    expect(await releaseDates()).toEqual(["2020-06-01", "2021-08-01", "2022-01-01", "2026-07-01"]);
  });

  it("completes a throttled download with the exact bytes, reporting its progress", async () => {
    const csv = setProcessingDate(big, "2026-10-01");
    const cms = await serve([], csv);
    cms.throttle(200_000);
    const statuses: SyncStatus[] = [];
    const started = performance.now();
    const result = await sync(cms, { latest: true, archives: 0, onStatus: (s) => statuses.push(s) });
    const seconds = (performance.now() - started) / 1000;
    expect(result.failures).toEqual([]);
    expect(providerResults(result).map((r) => [r.status, r.processingDate, r.rowCount])).toEqual([
      ["loaded", "2026-10-01", 1700],
    ]);
    const size = Buffer.byteLength(csv);
    expect(seconds).toBeGreaterThan((size / 200_000) * 0.8);
    // The current Provider Information, health citations, fire safety citations, penalties, MDS, claims, averages
    // and ownership files.
    const files = await filesUnder(cacheDir);
    expect(files).toHaveLength(8);
    const file = files.find((name) => name.endsWith("NH_ProviderInfo_Oct2026.csv"));
    expect((await readFile(file ?? "")).equals(Buffer.from(csv))).toBe(true);

    const progress = statuses.flatMap((s) =>
      s.bytesDone === null || s.bytesDone === 0 || !s.step.includes("NH_ProviderInfo") ? [] : [s],
    );
    expect(progress.length).toBeGreaterThan(10);
    for (const [i, s] of progress.entries()) {
      expect(s.bytesTotal).toBe(size);
      if (i > 0) expect(s.bytesDone).toBeGreaterThan(progress[i - 1]?.bytesDone ?? 0);
    }
    expect(progress.at(-1)?.bytesDone).toBe(size);
    expect(statuses.at(-1)).toMatchObject({ step: "Done", filesDone: 8, filesTotal: 8, bytesDone: null });
    expect(await monthHistory("2026-10-01")).toEqual(overallByCcn(csv));
  });

  it("resumes a download broken off mid-file with a Range request, and loads it", async () => {
    const csv = setProcessingDate(big, "2026-10-01");
    const cms = await serve([], csv);
    cms.breakOff("NH_ProviderInfo_Oct2026.csv", 300_000);
    const result = await sync(cms, { latest: true, archives: 0 });
    expect(result.failures).toEqual([]);
    expect(providerResults(result).map((r) => [r.status, r.processingDate, r.rowCount])).toEqual([
      ["loaded", "2026-10-01", 1700],
    ]);
    const gets = cms.requests
      .filter((r) => r.method === "GET" && r.path.endsWith("/NH_ProviderInfo_Oct2026.csv"))
      .map((r) => [r.range, r.status]);
    // The client resumes from what reached it: at most the 300,000 bytes sent (TCP may lose the unread tail).
    expect(gets).toEqual([
      [null, 200],
      [expect.stringMatching(/^bytes=\d+-$/), 206],
    ]);
    const offset = Number(/\d+/.exec(String(gets[1]?.[0]))?.[0]);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(300_000);
    const file = (await filesUnder(cacheDir)).find((name) => name.endsWith("NH_ProviderInfo_Oct2026.csv"));
    expect((await readFile(file ?? "")).equals(Buffer.from(csv))).toBe(true);
    expect(await monthHistory("2026-10-01")).toEqual(overallByCcn(csv));
  });
});

// ------------------------------------------------------------------------------------------------------------

interface Run {
  code: number;
  output: string;
}

function runCli(env: Record<string, string>): Promise<Run> {
  return new Promise((done) => {
    execFile(
      "npx",
      ["tsx", "src/ingest/cli.ts", "--latest", "--backfill", "all"],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        done({ code, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

describe.skipIf(!exists)("npm run ingest -- --latest --backfill all", () => {
  let standin: CmsStandin | null = null;
  afterAll(async () => {
    await standin?.close();
  });

  it("exits 1 naming the failed file and loads the rest; a second run loads and downloads nothing", async () => {
    const good = await archive("2021-08-20", "2021-08", month("2021-08-01", 81, "5"));
    const good2 = await archive("2026-07-22", "2026-07", month("2026-07-01", 82, "4"));
    const whole = await archive("2022-02-18", "2022-02", month("2022-02-01", 83, "3"));
    const cms = await startCmsStandin({
      current: current(month("2026-10-01", 84, "2")),
      archives: [
        good.entry,
        { ...whole.entry, body: truncate(whole.entry.body as Buffer, 0.5) },
        good2.entry,
      ],
    });
    standin = cms;
    const dir = temp();
    const dataDir = join(dir, "db");
    const env = {
      CMS_BASE_URL: cms.baseUrl,
      DATA_DIR: dataDir,
      CMS_CACHE_DIR: join(dir, "cache"),
      DATABASE_URL: "",
    };
    const countReleases = async () => {
      const db = await openDb({ dataDir });
      try {
        return await db.query("SELECT processing_date, source FROM release ORDER BY 1");
      } finally {
        await db.close();
      }
    };
    const loaded = [
      { processing_date: "2021-08-01", source: "cms" },
      { processing_date: "2026-07-01", source: "cms" },
      { processing_date: "2026-10-01", source: "cms" },
    ];

    const first = await runCli(env);
    expect(first.code, first.output).toBe(1);
    expect(first.output).toMatch(/FAILED nursing-homes_2022-02-18\.zip: unreadable zip archive/);
    expect(first.output).toMatch(/loaded nursing-homes_2021-08-20\.zip:/);
    // The eight current files (Provider Information, health and fire safety citations, penalties, MDS and claims
    // quality measures, State/US averages, ownership), and the two good archives' eight tables each.
    expect(first.output).toMatch(/24 file\(s\) ingested or already present, 1 failed/);
    expect(await countReleases()).toEqual(loaded);

    cms.remove("nursing-homes_2022-02-18");
    const gets = fileGets(cms);
    const second = await runCli(env);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toMatch(/Nothing new at CMS/);
    expect(second.output).not.toMatch(/loaded |Downloading/);
    expect(fileGets(cms)).toBe(gets);
    expect(await countReleases()).toEqual(loaded);
  });
});
