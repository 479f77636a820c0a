// The CMS stand-in itself: archive layouts, CSV transforms, the server's routes and its fault controls.

import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { writeDemoFiles } from "../../src/ingest/demo-data.ts";
import {
  buildAnnualBundle,
  buildMonthlyArchive,
  type MonthlyArchiveOptions,
  monthName,
  truncate,
  writeMonthlyArchive,
} from "./archives.ts";
import { buildHistory } from "./history.ts";
import {
  addSurveys,
  layoutForArchiveDate,
  perturbRatings,
  setProcessingDate,
  sliceRows,
  toLayout,
} from "./layouts.ts";
import { type CmsStandin, startCmsStandin } from "./server.ts";

const METADATA = "/provider-data/api/1/metastore/schemas/dataset/items/4pq5-n9py";
const LISTING = "/provider-data/api/1/archive/aggregate/theme/nursing-homes/relative";
const REAL_AUG_2021 = new URL("../../../shared/data/cms/raw/NH_ProviderInfo_Aug2021.csv.gz", import.meta.url);

interface ZipEntry {
  data: Buffer;
  compressionMethod: number;
}

async function readZip(buffer: Buffer): Promise<Map<string, ZipEntry>> {
  const zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true });
  const entries = new Map<string, ZipEntry>();
  return new Promise((resolve, reject) => {
    zip.on("error", reject);
    zip.on("end", () => resolve(entries));
    zip.on("entry", (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith("/")) {
        entries.set(entry.fileName, { data: Buffer.alloc(0), compressionMethod: entry.compressionMethod });
        zip.readEntry();
        return;
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("error", reject);
        stream.on("end", () => {
          entries.set(entry.fileName, {
            data: Buffer.concat(chunks),
            compressionMethod: entry.compressionMethod,
          });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

function parse(text: string): string[][] {
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

/** Reads a response body, counting the bytes; resolves with what arrived and the error that ended it, if any. */
async function drain(response: Response): Promise<{ body: Buffer; error: unknown }> {
  const chunks: Uint8Array[] = [];
  let error: unknown = null;
  try {
    const reader = response.body?.getReader();
    for (;;) {
      const step = await reader?.read();
      if (!step || step.done) break;
      chunks.push(step.value);
    }
  } catch (caught) {
    error = caught;
  }
  return { body: Buffer.concat(chunks), error };
}

let tmp: string;
let demoCsv: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "cms-standin-"));
  const files = await writeDemoFiles(path.join(tmp, "demo"), {
    facilities: 50,
    months: 1,
    endMonth: "2026-10",
  });
  demoCsv = await readFile(files[0]?.path ?? "", "utf8");
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const CSV_2021 = [
  "Federal Provider Number,Provider Name,Provider Address,Provider City,Provider State,Provider Zip Code,Provider Phone Number,Provider County Name,Number of Certified Beds,Overall Rating,Health Inspection Rating,Staffing Rating,QM Rating,Number of Citations from Infection Control Inspections,Location,Processing Date",
  '015009,"BURNS NURSING HOME, INC.",701 MONROE STREET NW,RUSSELLVILLE,AL,35653,2563324110,Franklin,57,5,5,1,5,0,"701 MONROE STREET NW\nRUSSELLVILLE, AL 35653",2021-08-01',
  '01A193,"RIVERSIDE ""EAST""",100 RIVER ROAD,DECATUR,AL,35601,2565550100,Morgan,120,,,,,1,"100 RIVER ROAD\nDECATUR, AL 35601",2021-08-01',
  "",
].join("\n");

describe("layouts", () => {
  it("picks the layout by archive date", () => {
    expect(layoutForArchiveDate("2019-01-17")).toBe("L1");
    expect(layoutForArchiveDate("2020-07-31")).toBe("L1");
    expect(layoutForArchiveDate("2020-08-01")).toBe("L2");
    expect(layoutForArchiveDate("2026-06-30")).toBe("L2");
    expect(layoutForArchiveDate("2026-07-01")).toBe("L3");
    expect(() => layoutForArchiveDate("July 2026")).toThrow(RangeError);
    expect(monthName("2026-07")).toBe("Jul2026");
    expect(monthName("2019-12")).toBe("Dec2019");
  });

  it("L2 and L3 keep the CSV as it is", () => {
    expect(toLayout(demoCsv, "L2")).toBe(demoCsv);
    expect(toLayout(CSV_2021, "L3")).toBe(CSV_2021);
  });

  it("L1 renames a 2021-style header, drops Processing Date and appends FILEDATE", () => {
    const rows = parse(toLayout(CSV_2021, "L1"));
    expect(rows[0]).toEqual([
      "provnum",
      "PROVNAME",
      "ADDRESS",
      "CITY",
      "STATE",
      "ZIP",
      "PHONE",
      "COUNTY_NAME",
      "BEDCERT",
      "overall_rating",
      "survey_rating",
      "staffing_rating",
      "quality_rating",
      "FILEDATE",
    ]);
    expect(rows[1]).toEqual([
      "015009",
      "BURNS NURSING HOME, INC.",
      "701 MONROE STREET NW",
      "RUSSELLVILLE",
      "AL",
      "35653",
      "2563324110",
      "Franklin",
      "57",
      "5",
      "5",
      "1",
      "5",
      "2021-08-01",
    ]);
    expect(rows[2]?.[1]).toBe('RIVERSIDE "EAST"');
    expect(rows).toHaveLength(3);
    const us = parse(toLayout(CSV_2021, "L1", { fileDateFormat: "us" }));
    expect(us[1]?.at(-1)).toBe("8/1/2021");
  });

  it("L1 renames the 2025+ header and drops the columns 2019 did not have", () => {
    const l1 = parse(toLayout(demoCsv, "L1"));
    const header = l1[0] ?? [];
    for (const name of ["provnum", "PROVNAME", "CITY", "STATE", "ZIP", "BEDCERT", "RESTOT", "overall_rating"])
      expect(header).toContain(name);
    for (const name of [
      "survey_rating",
      "quality_rating",
      "staffing_rating",
      "cycle_1_defs_score",
      "FINE_TOT",
    ])
      expect(header).toContain(name);
    expect(header.at(-1)).toBe("FILEDATE");
    const lower = header.map((h) => h.toLowerCase());
    for (const gone of ["processing date", "chain name", "chain id", "latitude", "longitude", "location"])
      expect(lower).not.toContain(gone);
    expect(lower.some((h) => h.includes("turnover"))).toBe(false);
    expect(lower.some((h) => h.startsWith("cms certification"))).toBe(false);
    const source = parse(demoCsv);
    expect(l1).toHaveLength(source.length);
    expect(new Set(l1.slice(1).map((row) => row.at(-1)))).toEqual(new Set(["2026-10-01"]));
    // Same CCNs, same order, leading zeros kept.
    expect(l1.slice(1).map((row) => row[0])).toEqual(source.slice(1).map((row) => row[0]));
  });

  it.skipIf(!existsSync(REAL_AUG_2021))(
    "L1 converts the real Aug 2021 file (cp1252, CRLF, every field quoted)",
    () => {
      const text = new TextDecoder("windows-1252").decode(gunzipSync(readFileSync(REAL_AUG_2021)));
      const l1 = toLayout(text, "L1");
      expect(l1.slice(0, 10)).toBe('"provnum",');
      expect(l1).toContain("\r\n");
      const rows = parse(l1);
      const header = rows[0] ?? [];
      expect(header).toContain("RN_staffing_rating");
      expect(header).toContain("cycle_1_defs_score");
      expect(header).not.toContain("Processing Date");
      const burns = rows.find((row) => row[0] === "015009");
      expect(burns?.[header.indexOf("PROVNAME")]).toBe("BURNS NURSING HOME, INC.");
      expect(burns?.[header.indexOf("staffing_rating")]).toBe("1");
      expect(burns?.[header.indexOf("FILEDATE")]).toBe("2021-08-01");
    },
  );

  it("sliceRows keeps the first records byte for byte, quoted newlines included", () => {
    const two = sliceRows(CSV_2021, 1);
    expect(two).toBe(`${CSV_2021.split("\n").slice(0, 3).join("\n")}\n`);
    expect(parse(sliceRows(demoCsv, 7))).toHaveLength(8);
    expect(sliceRows(CSV_2021, 99)).toBe(CSV_2021);
  });

  it("setProcessingDate rewrites every row", () => {
    const rows = parse(setProcessingDate(CSV_2021, "2022-03-01"));
    expect(rows.slice(1).map((row) => row.at(-1))).toEqual(["2022-03-01", "2022-03-01"]);
    expect(rows[1]?.[14]).toBe("701 MONROE STREET NW\nRUSSELLVILLE, AL 35653");
  });

  it("perturbRatings moves about 10% of the rows by one star, deterministically", async () => {
    const files = await writeDemoFiles(path.join(tmp, "demo-big"), { facilities: 2000, months: 1 });
    const text = await readFile(files[0]?.path ?? "", "utf8");
    const moved = perturbRatings(text, 7);
    expect(perturbRatings(text, 7)).toBe(moved);
    expect(perturbRatings(text, 8)).not.toBe(moved);
    const before = parse(text);
    const after = parse(moved);
    const header = before[0] ?? [];
    const columns = ["Overall Rating", "Health Inspection Rating", "Staffing Rating", "QM Rating"].map(
      (name) => header.indexOf(name),
    );
    let changedRows = 0;
    for (const [i, row] of before.entries()) {
      if (i === 0) continue;
      const other = after[i] ?? [];
      let changed = false;
      for (const [j, value] of row.entries()) {
        if (value === other[j]) continue;
        expect(columns).toContain(j);
        expect(value).not.toBe("");
        expect(Math.abs(Number(value) - Number(other[j]))).toBe(1);
        expect(Number(other[j])).toBeGreaterThanOrEqual(1);
        expect(Number(other[j])).toBeLessThanOrEqual(5);
        changed = true;
      }
      if (changed) changedRows += 1;
    }
    expect(changedRows / (before.length - 1)).toBeGreaterThan(0.05);
    expect(changedRows / (before.length - 1)).toBeLessThan(0.15);
  });

  it("addSurveys gives a share of the facilities a new standard survey, moving their older cycles back", async () => {
    const files = await writeDemoFiles(path.join(tmp, "demo-surveys"), {
      facilities: 600,
      months: 1,
      inspections: "monthly",
    });
    const text = await readFile(files.find((file) => file.table === "citations")?.path ?? "", "utf8");
    const next = addSurveys(text, "2026-12-15", 3, 0.25);
    expect(addSurveys(text, "2026-12-15", 3, 0.25)).toBe(next);
    const [header = [], ...before] = parse(text);
    const [headerAfter, ...after] = parse(next);
    expect(headerAfter).toEqual(header);
    const at = (name: string) => header.indexOf(name);
    const [ccn, date, cycle, standard, corrected, correction] = [
      "CMS Certification Number (CCN)",
      "Survey Date",
      "Inspection Cycle",
      "Standard Deficiency",
      "Deficiency Corrected",
      "Correction Date",
    ].map(at) as [number, number, number, number, number, number];
    const byFacility = (rows: string[][]) => {
      const groups = new Map<string, string[][]>();
      for (const row of rows) groups.set(row[ccn] ?? "", [...(groups.get(row[ccn] ?? "") ?? []), row]);
      return groups;
    };
    const old = byFacility(before);
    const now = byFacility(after);
    expect([...now.keys()].sort()).toEqual([...old.keys()].sort());
    let surveyed = 0;
    for (const [facility, rows] of now) {
      const was = old.get(facility) ?? [];
      const fresh = rows.filter((row) => row[date] === "2026-12-15");
      if (fresh.length === 0) {
        expect(rows).toEqual(was);
        continue;
      }
      surveyed += 1;
      // The new survey cites again what the newest standard survey cited, not yet corrected, as cycle 1.
      const newest = was.filter((row) => row[cycle] === "1" && row[standard] === "Y");
      expect(fresh).toHaveLength(newest.length);
      for (const row of fresh) {
        expect(row[cycle]).toBe("1");
        expect(row[corrected]).toBe("Deficient, Provider has plan of correction");
        expect(row[correction]).toBe("");
      }
      // The rest move one cycle back; cycle 3 leaves the file.
      const moved = rows.filter((row) => row[date] !== "2026-12-15");
      const kept = was.filter((row) => row[cycle] !== "3");
      expect(moved.map((row) => row[cycle])).toEqual(kept.map((row) => String(Number(row[cycle]) + 1)));
    }
    expect(surveyed / now.size).toBeGreaterThan(0.15);
    expect(surveyed / now.size).toBeLessThan(0.35);
  });
});

describe("archives", () => {
  const base = (layout: MonthlyArchiveOptions["layout"], archiveDate: string, dataMonth: string) => ({
    layout,
    archiveDate,
    dataMonth,
    providerCsv: layout === "L1" ? toLayout(demoCsv, "L1") : demoCsv,
  });

  it("L1: ProviderInfo_Download.csv with FILEDATE, and the other tables, at the root", async () => {
    const zip = await readZip(await buildMonthlyArchive(base("L1", "2019-12-26", "2019-11")));
    expect([...zip.keys()]).toEqual([
      "ProviderInfo_Download.csv",
      "Penalties_Download.csv",
      "HealthDeficiencies_Download.csv",
      "FireSafetyDeficiencies_Download.csv",
      "QualityMsrMDS_Download.csv",
      "QualityMsrClaims_Download.csv",
      "StateAverages_Download.csv",
      "Ownership_Download.csv",
    ]);
    const provider = zip.get("ProviderInfo_Download.csv");
    expect(provider?.compressionMethod).toBe(8);
    const header = parse(provider?.data.toString() ?? "")[0] ?? [];
    expect(header[0]).toBe("provnum");
    expect(header.at(-1)).toBe("FILEDATE");
    expect(header).not.toContain("Processing Date");
    const penalties = parse(zip.get("Penalties_Download.csv")?.data.toString() ?? "");
    expect(penalties[0]?.[0]).toBe("provnum");
    expect(penalties.length).toBeGreaterThan(1);
    // Fire safety citations under the health download file's short names, without a tag version.
    const fire = parse(zip.get("FireSafetyDeficiencies_Download.csv")?.data.toString() ?? "");
    expect(fire[0]?.slice(0, 1)).toEqual(["provnum"]);
    expect(fire[0]).toContain("DEFPREF");
    expect(fire[0]).not.toContain("Tag Version");
    expect(new Set(fire.slice(1).map((row) => row[fire[0]?.indexOf("DEFPREF") ?? -1]))).toEqual(
      new Set(["K", "E"]),
    );
    const ownership = parse(zip.get("Ownership_Download.csv")?.data.toString() ?? "");
    expect(ownership[0]).toEqual([
      "PROVNUM",
      "PROVNAME",
      "address",
      "city",
      "state",
      "zip",
      "ROLE_DESC",
      "OWNER_TYPE",
      "OWNER_NAME",
      "OWNER_PERCENTAGE",
      "ASSOCIATION_DATE",
      "filedate",
    ]);
    expect(ownership[1]?.[10]).toBe("since 01/01/2015");
  });

  it("L2: NH_*_MonYYYY.csv and the data dictionary, optionally in the sub-folder named by the archive date", async () => {
    const flat = await readZip(await buildMonthlyArchive(base("L2", "2022-01-28", "2022-01")));
    expect([...flat.keys()]).toEqual([
      "NH_ProviderInfo_Jan2022.csv",
      "NH_Penalties_Jan2022.csv",
      "NH_HealthCitations_Jan2022.csv",
      "NH_FireSafetyCitations_Jan2022.csv",
      "NH_QualityMsr_MDS_Jan2022.csv",
      "NH_QualityMsr_Claims_Jan2022.csv",
      "NH_StateUSAverages_Jan2022.csv",
      "NH_Ownership_Jan2022.csv",
      "NH_Data_Dictionary.pdf",
    ]);
    expect(flat.get("NH_ProviderInfo_Jan2022.csv")?.data.toString()).toBe(demoCsv);
    const nested = await readZip(
      await buildMonthlyArchive({ ...base("L2", "2021-12-19", "2021-11"), subfolder: true }),
    );
    const folder = "nursing_homes_including_rehab_services_12_2021/";
    expect([...nested.keys()]).toEqual([
      folder,
      `${folder}NH_ProviderInfo_Nov2021.csv`,
      `${folder}NH_Penalties_Nov2021.csv`,
      `${folder}NH_HealthCitations_Nov2021.csv`,
      `${folder}NH_FireSafetyCitations_Nov2021.csv`,
      `${folder}NH_QualityMsr_MDS_Nov2021.csv`,
      `${folder}NH_QualityMsr_Claims_Nov2021.csv`,
      `${folder}NH_StateUSAverages_Nov2021.csv`,
      `${folder}NH_Ownership_Nov2021.csv`,
      `${folder}NH_Data_Dictionary.pdf`,
    ]);
    const bare = await readZip(
      await buildMonthlyArchive({ ...base("L2", "2022-01-28", "2022-01"), extraTables: false }),
    );
    expect([...bare.keys()]).toEqual(["NH_ProviderInfo_Jan2022.csv"]);
  });

  it("L3: dataset-id names with the archive date, manifest.json, and macOS junk when asked", async () => {
    const zip = await readZip(
      await buildMonthlyArchive({ ...base("L3", "2026-08-03", "2026-07"), junk: true }),
    );
    const provider = "4pq5-n9py_2026-08-03_NH_ProviderInfo_Jul2026.csv";
    expect([...zip.keys()]).toEqual([
      provider,
      "r5ix-sfxw_2026-08-03_NH_HealthCitations_Jul2026.csv",
      "ifjz-ge4w_2026-08-03_NH_FireSafetyCitations_Jul2026.csv",
      "g6vv-u9sr_2026-08-03_NH_Penalties_Jul2026.csv",
      "xcdc-v8bm_2026-08-03_NH_StateUSAverages_Jul2026.csv",
      "djen-97ju_2026-08-03_NH_QualityMsr_MDS_Jul2026.csv",
      "ijh5-nb2v_2026-08-03_NH_QualityMsr_Claims_Jul2026.csv",
      "y2hd-n93e_2026-08-03_NH_Ownership_Jul2026.csv",
      "manifest.json",
      `__MACOSX/._${provider}`,
      ".DS_Store",
    ]);
    const manifest = JSON.parse(zip.get("manifest.json")?.data.toString() ?? "null") as {
      datasetId: string;
      fileName: string;
    }[];
    expect(manifest.map((m) => [m.datasetId, m.fileName])).toEqual([
      ["4pq5-n9py", provider],
      ["r5ix-sfxw", "r5ix-sfxw_2026-08-03_NH_HealthCitations_Jul2026.csv"],
      ["ifjz-ge4w", "ifjz-ge4w_2026-08-03_NH_FireSafetyCitations_Jul2026.csv"],
      ["g6vv-u9sr", "g6vv-u9sr_2026-08-03_NH_Penalties_Jul2026.csv"],
      ["xcdc-v8bm", "xcdc-v8bm_2026-08-03_NH_StateUSAverages_Jul2026.csv"],
      ["djen-97ju", "djen-97ju_2026-08-03_NH_QualityMsr_MDS_Jul2026.csv"],
      ["ijh5-nb2v", "ijh5-nb2v_2026-08-03_NH_QualityMsr_Claims_Jul2026.csv"],
      ["y2hd-n93e", "y2hd-n93e_2026-08-03_NH_Ownership_Jul2026.csv"],
    ]);
    const junk = zip.get(`__MACOSX/._${provider}`)?.data ?? Buffer.alloc(0);
    expect(junk.length).toBeGreaterThan(0);
    expect(junk.subarray(0, 4)).toEqual(Buffer.from([0x00, 0x05, 0x16, 0x07]));
    const clean = await readZip(await buildMonthlyArchive(base("L3", "2026-08-03", "2026-07")));
    expect([...clean.keys()].some((name) => name.startsWith("__MACOSX") || name === ".DS_Store")).toBe(false);
  });

  it("writeMonthlyArchive writes the same zip to disk", async () => {
    const file = path.join(tmp, "written", "nursing-homes_2026-08-03.zip");
    await writeMonthlyArchive(file, base("L3", "2026-08-03", "2026-07"));
    const zip = await readZip(await readFile(file));
    expect(zip.has("4pq5-n9py_2026-08-03_NH_ProviderInfo_Jul2026.csv")).toBe(true);
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  it("an annual bundle is a zip of monthly zips; a truncated archive does not open", async () => {
    const jan = await buildMonthlyArchive({
      ...base("L2", "2022-01-28", "2022-01"),
      providerCsv: sliceRows(demoCsv, 5),
    });
    const feb = await buildMonthlyArchive({
      ...base("L2", "2022-02-20", "2022-02"),
      providerCsv: sliceRows(demoCsv, 5),
    });
    const bundle = await readZip(
      await buildAnnualBundle([
        { name: "nursing-homes_2022-01-28.zip", archive: jan },
        { name: "nursing-homes_2022-02-20", archive: feb },
      ]),
    );
    expect([...bundle.keys()]).toEqual(["nursing-homes_2022-01-28.zip", "nursing-homes_2022-02-20.zip"]);
    const inner = await readZip(bundle.get("nursing-homes_2022-02-20.zip")?.data ?? Buffer.alloc(0));
    expect(inner.has("NH_ProviderInfo_Feb2022.csv")).toBe(true);
    const cut = truncate(jan, 0.5);
    expect(cut.length).toBe(Math.floor(jan.length / 2));
    await expect(readZip(cut)).rejects.toThrow();
  });
});

describe("server", () => {
  let standin: CmsStandin;
  let zipA: Buffer;
  let blob: Buffer;
  let blobPath: string;

  beforeAll(async () => {
    zipA = await buildMonthlyArchive({
      layout: "L2",
      archiveDate: "2026-05-21",
      dataMonth: "2026-05",
      providerCsv: demoCsv,
    });
    blob = randomBytes(300_000);
    blobPath = path.join(tmp, "blob.zip");
    await writeFile(blobPath, blob);
    await writeFile(path.join(tmp, "current.csv"), demoCsv);
    standin = await startCmsStandin({
      current: {
        fileName: "NH_ProviderInfo_Oct2026.csv",
        body: { path: path.join(tmp, "current.csv") },
        modified: "2026-10-05",
      },
      archives: [
        { date: "2026-05-21", body: zipA },
        { date: "2026-06-24", body: { path: blobPath } },
        { name: "nursing-homes_2025", date: "2025-12-31", type: "annual_theme", body: zipA },
      ],
    });
  });

  afterAll(async () => {
    await standin?.close();
  });

  interface Listing {
    data: {
      name: string;
      nid: string;
      identifier: string;
      type: string;
      theme: string;
      url: string;
      size: number;
      date: string;
      access_level: string;
    }[];
  }

  async function listing(): Promise<Listing> {
    const response = await fetch(`${standin.baseUrl}${LISTING}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Listing;
  }

  it("lists the archives as CMS does, newest first, with relative urls", async () => {
    const { data } = await listing();
    expect(data.map((e) => [e.name, e.type, e.date])).toEqual([
      ["nursing-homes_2026-06-24", "theme", "2026-06-24"],
      ["nursing-homes_2026-05-21", "theme", "2026-05-21"],
      ["nursing-homes_2025", "annual_theme", "2025-12-31"],
    ]);
    const first = data[1];
    expect(first).toMatchObject({
      theme: "nursing-homes",
      url: "/provider-data/sites/default/files/dataset-archives/theme/nursing-homes/nursing-homes_2026-05-21.zip",
      size: zipA.length,
      access_level: "public",
    });
    expect(typeof first?.nid).toBe("string");
    expect(typeof first?.identifier).toBe("string");
    const response = await fetch(new URL(first?.url ?? "", standin.baseUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(zipA.length));
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("etag")).toBeTruthy();
    expect(response.headers.get("last-modified")).toBe(new Date("2026-05-21T12:00:00Z").toUTCString());
    expect(Buffer.from(await response.arrayBuffer()).equals(zipA)).toBe(true);
  });

  it("publish adds an entry while running, remove takes it away", async () => {
    standin.publish({ date: "2026-07-22", body: zipA });
    const { data } = await listing();
    expect(data[0]?.name).toBe("nursing-homes_2026-07-22");
    expect(data).toHaveLength(4);
    const response = await fetch(new URL(data[0]?.url ?? "", standin.baseUrl));
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    standin.remove("nursing-homes_2026-07-22");
    expect((await listing()).data).toHaveLength(3);
    const gone = await fetch(new URL(data[0]?.url ?? "", standin.baseUrl));
    expect(gone.status).toBe(404);
  });

  it("serves the metadata with the current CSV's downloadURL (flat, or nested with show-reference-ids)", async () => {
    const response = await fetch(`${standin.baseUrl}${METADATA}`);
    const body = (await response.json()) as {
      identifier: string;
      title: string;
      modified: string;
      distribution: { "@type": string; mediaType: string; downloadURL: string }[];
    };
    expect(body).toMatchObject({
      identifier: "4pq5-n9py",
      title: "Provider Information",
      modified: "2026-10-05",
    });
    const distribution = body.distribution[0];
    expect(distribution?.["@type"]).toBe("dcat:Distribution");
    expect(distribution?.mediaType).toBe("text/csv");
    expect(distribution?.downloadURL).toMatch(
      new RegExp(
        `^${standin.baseUrl}/provider-data/sites/default/files/resources/[0-9a-f]{32}_\\d{10}/NH_ProviderInfo_Oct2026\\.csv$`,
      ),
    );
    const csv = await fetch(distribution?.downloadURL ?? "");
    expect(csv.headers.get("content-type")).toBe("text/csv");
    expect(await csv.text()).toBe(demoCsv);
    const nested = (await (await fetch(`${standin.baseUrl}${METADATA}?show-reference-ids`)).json()) as {
      distribution: { data: { downloadURL: string } }[];
    };
    expect(nested.distribution[0]?.data.downloadURL).toBe(distribution?.downloadURL);

    standin.setCurrent(null);
    expect((await fetch(`${standin.baseUrl}${METADATA}`)).status).toBe(404);
    standin.setCurrent({
      fileName: "NH_ProviderInfo_Oct2026.csv",
      body: Buffer.from(demoCsv),
      modified: "2026-10-05",
    });
    expect((await fetch(`${standin.baseUrl}${METADATA}`)).status).toBe(200);
  });

  it("serves the current fire safety citations file (ifjz-ge4w), made from the current facilities", async () => {
    const response = await fetch(
      `${standin.baseUrl}/provider-data/api/1/metastore/schemas/dataset/items/ifjz-ge4w`,
    );
    const body = (await response.json()) as { title: string; distribution: { downloadURL: string }[] };
    expect(body.title).toBe("Fire Safety Deficiencies");
    const url = body.distribution[0]?.downloadURL ?? "";
    expect(url).toMatch(/\/NH_FireSafetyCitations_Oct2026\.csv$/);
    const rows = parse(await (await fetch(url)).text());
    expect(rows[0]).toContain("Tag Version");
    const prefix = rows[0]?.indexOf("Deficiency Prefix") ?? -1;
    expect(new Set(rows.slice(1).map((row) => row[prefix]))).toEqual(new Set(["K", "E"]));
  });

  it("answers ranges with 206 and Content-Range, past the end with 416, and HEAD without a body", async () => {
    const url = `${standin.baseUrl}/provider-data/sites/default/files/dataset-archives/theme/nursing-homes/nursing-homes_2026-06-24.zip`;
    const tail = await fetch(url, { headers: { Range: "bytes=100000-" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(`bytes 100000-${blob.length - 1}/${blob.length}`);
    expect(tail.headers.get("content-length")).toBe(String(blob.length - 100000));
    expect(Buffer.from(await tail.arrayBuffer()).equals(blob.subarray(100000))).toBe(true);

    const middle = await fetch(url, { headers: { Range: "bytes=10-19" } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get("content-range")).toBe(`bytes 10-19/${blob.length}`);
    expect(Buffer.from(await middle.arrayBuffer()).equals(blob.subarray(10, 20))).toBe(true);

    const past = await fetch(url, { headers: { Range: `bytes=${blob.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${blob.length}`);
    await past.arrayBuffer();

    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(blob.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    expect(standin.requests.at(-1)).toMatchObject({ method: "HEAD", status: 200, range: null });
    expect(standin.requests.at(-2)).toMatchObject({
      method: "GET",
      status: 416,
      range: `bytes=${blob.length}-`,
    });
  });

  it("breakOff cuts the body after N bytes, then a Range request completes the file", async () => {
    const suffix = "nursing-homes_2026-06-24.zip";
    const url = `${standin.baseUrl}/provider-data/sites/default/files/dataset-archives/theme/nursing-homes/${suffix}`;
    const before = standin.downloads(suffix);
    standin.breakOff(suffix, 123_457);
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-length")).toBe(String(blob.length));
    const cut = await drain(first);
    expect(cut.error).toBeTruthy();
    expect(cut.body.length).toBe(123_457);
    expect(cut.body.equals(blob.subarray(0, 123_457))).toBe(true);

    const rest = await fetch(url, { headers: { Range: `bytes=${cut.body.length}-` } });
    expect(rest.status).toBe(206);
    const resumed = await drain(rest);
    expect(resumed.error).toBeNull();
    expect(Buffer.concat([cut.body, resumed.body]).equals(blob)).toBe(true);
    expect(standin.downloads(suffix)).toBe(before + 2);
  });

  it("stall sends N bytes and then nothing, keeping the connection open", async () => {
    const suffix = "nursing-homes_2026-05-21.zip";
    standin.stall(suffix, 5_000);
    const url = `${standin.baseUrl}/provider-data/sites/default/files/dataset-archives/theme/nursing-homes/${suffix}`;
    const started = performance.now();
    const response = await fetch(url, { signal: AbortSignal.timeout(600) });
    const result = await drain(response);
    expect(performance.now() - started).toBeGreaterThan(500);
    expect(result.error).toBeTruthy();
    expect(result.body.length).toBe(5_000);
    // The next download is served normally.
    const next = await drain(await fetch(url));
    expect(next.body.equals(zipA)).toBe(true);
  });

  it("throttle slows downloads down to about the given rate", async () => {
    const url = `${standin.baseUrl}/provider-data/sites/default/files/dataset-archives/theme/nursing-homes/nursing-homes_2026-06-24.zip`;
    standin.throttle(500_000);
    try {
      const started = performance.now();
      const { body } = await drain(await fetch(url));
      const seconds = (performance.now() - started) / 1000;
      expect(body.length).toBe(blob.length);
      // 300 kB at 500 kB/s: about 0.6 s.
      expect(seconds).toBeGreaterThan(0.45);
      expect(seconds).toBeLessThan(3);
      expect(body.length / seconds).toBeLessThan(650_000);
    } finally {
      standin.throttle(null);
    }
    const started = performance.now();
    await drain(await fetch(url));
    expect(performance.now() - started).toBeLessThan(300);
  });

  it("failJson makes the metadata and the listing fail or hang until reset", async () => {
    standin.failJson(503);
    expect((await fetch(`${standin.baseUrl}${LISTING}`)).status).toBe(503);
    expect((await fetch(`${standin.baseUrl}${METADATA}`)).status).toBe(503);
    standin.failJson("hang");
    await expect(
      fetch(`${standin.baseUrl}${LISTING}`, { signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    standin.failJson(null);
    expect((await fetch(`${standin.baseUrl}${LISTING}`)).status).toBe(200);
    expect(standin.requests.filter((r) => r.path === LISTING && r.status === 503)).toHaveLength(1);
  });
});

describe("history", () => {
  it("builds a CMS-like history of archives and reuses it", async () => {
    const dir = path.join(tmp, "history");
    const messages: string[] = [];
    const history = await buildHistory({
      dir,
      facilities: 30,
      archives: 90,
      onProgress: (m) => messages.push(m),
    });
    expect(messages.length).toBeGreaterThan(0);
    const monthly = history.archives.filter((a) => a.type === "theme");
    const annual = history.archives.filter((a) => a.type === "annual_theme");
    expect(monthly).toHaveLength(90);
    expect(annual.map((a) => a.name)).toEqual([
      "nursing-homes_2019",
      "nursing-homes_2020",
      "nursing-homes_2021",
      "nursing-homes_2022",
      "nursing-homes_2023",
      "nursing-homes_2024",
      "nursing-homes_2025",
    ]);
    expect(history.months[0]).toBe("2019-01");
    expect(history.months.at(-1)).toBe("2026-11");
    expect(history.months).not.toContain("2021-12");
    expect(history.months).not.toContain("2025-08");
    expect(history.current.fileName).toBe("NH_ProviderInfo_Nov2026.csv");
    expect(monthly.at(-1)?.date).toBe("2026-11-20");
    const bodyOf = async (name: string | undefined) => {
      const entry = history.archives.find((a) => a.name === name);
      const body = entry?.body;
      if (!body || Buffer.isBuffer(body)) throw new Error(`no archive ${name}`);
      return readZip(await readFile(body.path));
    };

    // Layout by archive date.
    const first = await bodyOf(monthly[0]?.name);
    expect(first.has("ProviderInfo_Download.csv")).toBe(true);
    const dec2021 = monthly.find((a) => a.date.startsWith("2021-12"));
    expect(dec2021).toBeDefined();
    const dec = await bodyOf(dec2021?.name);
    expect(dec.has("nursing_homes_including_rehab_services_12_2021/NH_ProviderInfo_Nov2021.csv")).toBe(true);
    const newest = await bodyOf(monthly.at(-1)?.name);
    expect(newest.has("4pq5-n9py_2026-11-20_NH_ProviderInfo_Nov2026.csv")).toBe(true);
    expect(newest.has(".DS_Store")).toBe(true);
    const currentBody = history.current.body;
    if (Buffer.isBuffer(currentBody)) throw new Error("current is a buffer");
    expect(newest.get("4pq5-n9py_2026-11-20_NH_ProviderInfo_Nov2026.csv")?.data.toString()).toBe(
      await readFile(currentBody.path, "utf8"),
    );
    // Re-published months: two archives of one month, the later with moved ratings.
    const byMonth = new Map<string, string[]>();
    let archivedLater = 0;
    for (const archive of monthly) {
      const zip = await bodyOf(archive.name);
      const member = [...zip.keys()].find(
        (name) => /ProviderInfo/.test(name) && !name.startsWith("__MACOSX"),
      );
      const text = zip.get(member ?? "")?.data.toString() ?? "";
      const header = parse(sliceRows(text, 1))[0] ?? [];
      const dateColumn = header.findIndex((h) => h === "Processing Date" || h === "FILEDATE");
      const month = (parse(sliceRows(text, 1))[1]?.[dateColumn] ?? "").slice(0, 7);
      byMonth.set(month, [...(byMonth.get(month) ?? []), text]);
      if (archive.date.slice(0, 7) !== month) archivedLater += 1;
    }
    // Some archives are dated in the month after their data (always when the next month has none).
    expect(archivedLater).toBeGreaterThan(7);
    expect(byMonth.size).toBe(85);
    const twice = [...byMonth.values()].filter((texts) => texts.length === 2);
    expect(twice).toHaveLength(5);
    for (const [a, b] of twice) expect(a).not.toBe(b);

    // Annual bundles are zips of monthly zips.
    const bundle = await bodyOf("nursing-homes_2019");
    expect(bundle.size).toBeGreaterThanOrEqual(2);
    for (const [name, entry] of bundle) {
      expect(name).toMatch(/^nursing-homes_2019-\d\d-\d\d\.zip$/);
      expect((await readZip(entry.data)).has("ProviderInfo_Download.csv")).toBe(true);
    }

    // A second call with the same arguments reuses the build.
    const stamp = await stat(path.join(dir, "build.json"));
    const again = await buildHistory({ dir, facilities: 30, archives: 90 });
    expect(again).toEqual(history);
    expect((await stat(path.join(dir, "build.json"))).mtimeMs).toBe(stamp.mtimeMs);

    // And the server serves it.
    const standin = await startCmsStandin({ current: history.current, archives: history.archives });
    try {
      const listed = (await (await fetch(`${standin.baseUrl}${LISTING}`)).json()) as {
        data: { type: string }[];
      };
      expect(listed.data).toHaveLength(97);
    } finally {
      await standin.close();
    }
  });
});
