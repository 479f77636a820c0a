// Monthly CMS nursing-home archives (zips) laid out as CMS lays them out in each era, and the annual bundles
// (zips of monthly zips). See ../../../shared/data/cms/README.md, "CMS monthly archives: three layouts".

import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { MONTH_ABBR } from "../../src/ingest/demo/calendar.ts";
import { providerInfoEra } from "../../src/ingest/demo/cms-layouts.ts";
import { inspectionCsvsFor } from "./inspections.ts";
import type { ArchiveLayout } from "./layouts.ts";
import { ownershipCsvFor } from "./ownership.ts";
import { qualityCsvsFor } from "./quality.ts";

export interface MonthlyArchiveOptions {
  layout: ArchiveLayout;
  /** The archive's own date, `YYYY-MM-DD` (not the data month: a late-December archive holds November). */
  archiveDate: string;
  /** The month the data is for, `YYYY-MM`. */
  dataMonth: string;
  /** The Provider Information CSV, stored as given (convert it with toLayout first for L1). */
  providerCsv: string | Buffer;
  /** L2 only: every member under `nursing_homes_including_rehab_services_<MM>_<YYYY>/` (archive date). */
  subfolder?: boolean;
  /** L3 only: add `__MACOSX/._<provider member>` and `.DS_Store`. */
  junk?: boolean;
  /** Add the other tables (penalties, deficiencies, state averages, ...). Default true. */
  extraTables?: boolean;
  /**
   * The health citations and penalties CSVs, stored as given (in the archive's layout); by default a few rows per
   * facility of the Provider Information CSV (inspections.ts).
   */
  citationsCsv?: string | Buffer;
  penaltiesCsv?: string | Buffer;
  /** The fire safety citations CSV, stored as given; by default a few rows per facility (inspections.ts). */
  fireCsv?: string | Buffer;
  /**
   * The MDS and claims quality measures and State/US averages CSVs, stored as given (in the archive's layout); by
   * default two measures of each kind per facility (quality.ts) and a few states' averages.
   */
  mdsCsv?: string | Buffer;
  claimsCsv?: string | Buffer;
  averagesCsv?: string | Buffer;
  /**
   * The Ownership CSV, stored as given (in the archive's layout); by default a few owners per facility
   * (ownership.ts).
   */
  ownershipCsv?: string | Buffer;
}

export interface BundleMember {
  name: string;
  archive: Buffer;
}

/** "2026-07" -> "Jul2026". */
export function monthName(dataMonth: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(dataMonth);
  const abbr = MONTH_ABBR[Number(match?.[2]) - 1];
  if (!match || abbr === undefined) throw new RangeError(`data month must be 'YYYY-MM', got '${dataMonth}'`);
  return `${abbr}${match[1]}`;
}

function checkDate(archiveDate: string): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(archiveDate))
    throw new RangeError(`archive date must be 'YYYY-MM-DD', got '${archiveDate}'`);
}

// ------------------------------------------------------------------------------------------------------------
// Companion tables (a few plausible rows; the product reads Provider Information, health citations and penalties)

type Era = "L1" | "2021" | "2023";

function eraOf(layout: ArchiveLayout, dataMonth: string): Era {
  if (layout === "L1") return "L1";
  return providerInfoEra(dataMonth) === "2021" ? "2021" : "2023";
}

function csvText(rows: readonly (readonly (string | number)[])[]): string {
  const field = (value: string | number): string => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `${rows.map((row) => row.map(field).join(",")).join("\n")}\n`;
}

function processingDate(dataMonth: string): string {
  return `${dataMonth.slice(0, 7)}-01`;
}

function stateAveragesCsv(era: Era, dataMonth: string): string {
  const date = processingDate(dataMonth);
  const header =
    era === "L1"
      ? ["STATE", "cycle_1_defs", "RESTOT", "TOTHRD", "fine_cnt", "fine_tot", "overall_rating", "FILEDATE"]
      : [
          "State or Nation",
          "Cycle 1 Total Number of Health Deficiencies",
          "Average Number of Residents per Day",
          "Reported Total Nurse Staffing Hours per Resident per Day",
          "Number of Fines",
          "Fine Amount in Dollars",
          "Overall Rating",
          "Processing Date",
        ];
  const rows = [
    ["AL", 5.1, 81.9, 3.62, 0.41, 14012.5, 3.2, date],
    ["AK", 7.9, 38.2, 5.71, 0.22, 9087.0, 3.8, date],
    ["CA", 10.4, 80.1, 4.17, 0.56, 13720.3, 3.3, date],
    ["TX", 6.6, 68.7, 3.44, 0.85, 22450.9, 2.7, date],
    ["NATION", 8.9, 77.2, 3.86, 0.63, 17830.7, 3.1, date],
  ];
  return csvText([header, ...rows]);
}

/** Any bytes; what matters is that a PDF sits in the archive. */
const DATA_DICTIONARY_PDF = Buffer.from(
  "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n" +
    "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);

/** An AppleDouble header as macOS Archive Utility writes into `__MACOSX/._<name>`: binary, not a CSV. */
const APPLE_DOUBLE = Buffer.concat([
  Buffer.from([0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00]),
  Buffer.from("Mac OS X        ", "latin1"),
  Buffer.from([0x00, 0x02, 0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x32, 0x00, 0x00, 0x0e, 0xb0]),
  Buffer.from([0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x0e, 0xe2, 0x00, 0x00, 0x01, 0x1e, 0x00, 0x00]),
  Buffer.alloc(24),
]);

const DS_STORE = Buffer.concat([
  Buffer.from([
    0x00, 0x00, 0x00, 0x01, 0x42, 0x75, 0x64, 0x31, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x08, 0x00,
  ]),
  Buffer.alloc(48),
]);

// ------------------------------------------------------------------------------------------------------------
// Members

/** The dataset ids of the L3 members. */
const DATASET_IDS = {
  providerInfo: "4pq5-n9py",
  citations: "r5ix-sfxw",
  fire: "ifjz-ge4w",
  penalties: "g6vv-u9sr",
  stateAverages: "xcdc-v8bm",
  mds: "djen-97ju",
  claims: "ijh5-nb2v",
  ownership: "y2hd-n93e",
} as const;

interface Member {
  name: string;
  data: Buffer | "dir";
}

/** The name of the Provider Information member in an archive with these options. */
export function providerMemberName(options: Omit<MonthlyArchiveOptions, "providerCsv">): string {
  checkDate(options.archiveDate);
  const mon = monthName(options.dataMonth);
  switch (options.layout) {
    case "L1":
      return "ProviderInfo_Download.csv";
    case "L2":
      return `${options.subfolder ? subfolderName(options.archiveDate) : ""}NH_ProviderInfo_${mon}.csv`;
    case "L3":
      return `${DATASET_IDS.providerInfo}_${options.archiveDate}_NH_ProviderInfo_${mon}.csv`;
  }
}

function subfolderName(archiveDate: string): string {
  return `nursing_homes_including_rehab_services_${archiveDate.slice(5, 7)}_${archiveDate.slice(0, 4)}/`;
}

function members(options: MonthlyArchiveOptions): Member[] {
  const { layout, archiveDate, dataMonth } = options;
  checkDate(archiveDate);
  const mon = monthName(dataMonth);
  const era = eraOf(layout, dataMonth);
  const extra = options.extraTables ?? true;
  const provider =
    typeof options.providerCsv === "string" ? Buffer.from(options.providerCsv) : options.providerCsv;
  const text = (value: string): Buffer => Buffer.from(value);
  const providerName = providerMemberName(options);
  const list: Member[] = [];
  const inspections = () => {
    const made =
      options.citationsCsv === undefined ||
      options.penaltiesCsv === undefined ||
      options.fireCsv === undefined
        ? inspectionCsvsFor(provider.toString("utf8"), {
            fallbackDate: processingDate(dataMonth),
            ...(layout === "L1" ? { l1ArchiveMonth: archiveDate.slice(0, 7) } : {}),
          })
        : null;
    const bytes = (value: string | Buffer | undefined, fallback: string | undefined) =>
      typeof value === "string" ? text(value) : (value ?? text(fallback ?? ""));
    const quality =
      options.mdsCsv === undefined || options.claimsCsv === undefined
        ? qualityCsvsFor(provider.toString("utf8"), {
            fallbackDate: processingDate(dataMonth),
            l1: layout === "L1",
          })
        : null;
    return {
      citations: bytes(options.citationsCsv, made?.citations),
      fire: bytes(options.fireCsv, made?.fire),
      penalties: bytes(options.penaltiesCsv, made?.penalties),
      mds: bytes(options.mdsCsv, quality?.mds),
      claims: bytes(options.claimsCsv, quality?.claims),
      averages: bytes(options.averagesCsv, stateAveragesCsv(era, dataMonth)),
      ownership:
        options.ownershipCsv === undefined
          ? text(
              ownershipCsvFor(provider.toString("utf8"), {
                fallbackDate: processingDate(dataMonth),
                l1: layout === "L1",
              }),
            )
          : bytes(options.ownershipCsv, undefined),
    };
  };
  switch (layout) {
    case "L1": {
      list.push({ name: providerName, data: provider });
      if (extra) {
        const { citations, fire, penalties, mds, claims, averages, ownership } = inspections();
        list.push(
          { name: "Penalties_Download.csv", data: penalties },
          { name: "HealthDeficiencies_Download.csv", data: citations },
          { name: "FireSafetyDeficiencies_Download.csv", data: fire },
          { name: "QualityMsrMDS_Download.csv", data: mds },
          { name: "QualityMsrClaims_Download.csv", data: claims },
          { name: "StateAverages_Download.csv", data: averages },
          { name: "Ownership_Download.csv", data: ownership },
        );
      }
      return list;
    }
    case "L2": {
      const folder = options.subfolder ? subfolderName(archiveDate) : "";
      if (folder) list.push({ name: folder, data: "dir" });
      list.push({ name: providerName, data: provider });
      if (extra) {
        const { citations, fire, penalties, mds, claims, averages, ownership } = inspections();
        list.push(
          { name: `${folder}NH_Penalties_${mon}.csv`, data: penalties },
          { name: `${folder}NH_HealthCitations_${mon}.csv`, data: citations },
          { name: `${folder}NH_FireSafetyCitations_${mon}.csv`, data: fire },
          { name: `${folder}NH_QualityMsr_MDS_${mon}.csv`, data: mds },
          { name: `${folder}NH_QualityMsr_Claims_${mon}.csv`, data: claims },
          { name: `${folder}NH_StateUSAverages_${mon}.csv`, data: averages },
          { name: `${folder}NH_Ownership_${mon}.csv`, data: ownership },
          { name: `${folder}NH_Data_Dictionary.pdf`, data: DATA_DICTIONARY_PDF },
        );
      }
      return list;
    }
    case "L3": {
      const tables: { datasetId: string; title: string; name: string; data: Buffer }[] = [
        {
          datasetId: DATASET_IDS.providerInfo,
          title: "Provider Information",
          name: providerName,
          data: provider,
        },
      ];
      if (extra) {
        const { citations, fire, penalties, mds, claims, averages, ownership } = inspections();
        tables.push(
          {
            datasetId: DATASET_IDS.citations,
            title: "Health Deficiencies",
            name: `${DATASET_IDS.citations}_${archiveDate}_NH_HealthCitations_${mon}.csv`,
            data: citations,
          },
          {
            datasetId: DATASET_IDS.fire,
            title: "Fire Safety Deficiencies",
            name: `${DATASET_IDS.fire}_${archiveDate}_NH_FireSafetyCitations_${mon}.csv`,
            data: fire,
          },
          {
            datasetId: DATASET_IDS.penalties,
            title: "Penalties",
            name: `${DATASET_IDS.penalties}_${archiveDate}_NH_Penalties_${mon}.csv`,
            data: penalties,
          },
          {
            datasetId: DATASET_IDS.stateAverages,
            title: "State US Averages",
            name: `${DATASET_IDS.stateAverages}_${archiveDate}_NH_StateUSAverages_${mon}.csv`,
            data: averages,
          },
          {
            datasetId: DATASET_IDS.mds,
            title: "MDS Quality Measures",
            name: `${DATASET_IDS.mds}_${archiveDate}_NH_QualityMsr_MDS_${mon}.csv`,
            data: mds,
          },
          {
            datasetId: DATASET_IDS.claims,
            title: "Medicare Claims Quality Measures",
            name: `${DATASET_IDS.claims}_${archiveDate}_NH_QualityMsr_Claims_${mon}.csv`,
            data: claims,
          },
          {
            datasetId: DATASET_IDS.ownership,
            title: "Ownership",
            name: `${DATASET_IDS.ownership}_${archiveDate}_NH_Ownership_${mon}.csv`,
            data: ownership,
          },
        );
      }
      for (const table of tables) list.push({ name: table.name, data: table.data });
      const manifest = tables.map((table) => ({
        datasetId: table.datasetId,
        title: table.title,
        fileName: table.name,
        bytes: table.data.length,
        archiveDate,
      }));
      list.push({ name: "manifest.json", data: text(`${JSON.stringify(manifest, null, 2)}\n`) });
      if (options.junk)
        list.push(
          { name: `__MACOSX/._${providerName}`, data: APPLE_DOUBLE },
          { name: ".DS_Store", data: DS_STORE },
        );
      return list;
    }
  }
}

/** The member names of an archive with these options, in order (a sub-folder entry ends with `/`). */
export function monthlyArchiveMemberNames(options: MonthlyArchiveOptions): string[] {
  return members(options).map((member) => member.name);
}

function zipOf(entries: readonly Member[], mtime: Date): yazl.ZipFile {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    if (entry.data === "dir") zip.addEmptyDirectory(entry.name, { mtime });
    else zip.addBuffer(entry.data, entry.name, { mtime, compress: true });
  }
  zip.end();
  return zip;
}

function mtimeOf(archiveDate: string): Date {
  return new Date(`${archiveDate}T12:00:00`);
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** Streams the zip to `<file>.tmp`, then renames it, so a half-written archive never has the final name. */
async function writeZip(file: string, zip: yazl.ZipFile): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.tmp`;
  try {
    await pipeline(zip.outputStream, createWriteStream(temp));
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export async function buildMonthlyArchive(options: MonthlyArchiveOptions): Promise<Buffer> {
  return collect(zipOf(members(options), mtimeOf(options.archiveDate)).outputStream);
}

/** Like buildMonthlyArchive, but streams the zip to disk (for full-size archives). */
export async function writeMonthlyArchive(file: string, options: MonthlyArchiveOptions): Promise<void> {
  await writeZip(file, zipOf(members(options), mtimeOf(options.archiveDate)));
}

function bundleEntries(archives: readonly BundleMember[]): Member[] {
  return archives.map((member) => ({
    name: member.name.endsWith(".zip") ? member.name : `${member.name}.zip`,
    data: member.archive,
  }));
}

/** An `annual_theme` entry: a zip of monthly zips (names get `.zip` appended when missing). */
export async function buildAnnualBundle(archives: BundleMember[]): Promise<Buffer> {
  return collect(zipOf(bundleEntries(archives), new Date("2020-01-01T12:00:00")).outputStream);
}

export async function writeAnnualBundle(file: string, archives: BundleMember[]): Promise<void> {
  await writeZip(file, zipOf(bundleEntries(archives), new Date("2020-01-01T12:00:00")));
}

/** The first `fraction` (0..1) of the bytes: a download that broke off. */
export function truncate(buffer: Buffer, fraction: number): Buffer {
  if (!(fraction >= 0 && fraction <= 1)) throw new RangeError("fraction must be within 0..1");
  return Buffer.from(buffer.subarray(0, Math.floor(buffer.length * fraction)));
}
