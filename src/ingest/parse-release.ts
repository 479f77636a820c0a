// Turns the text of one CMS CSV into a validated release: its kind, processing date and one array per column.
// Any problem rejects the whole file with its line and column.
import { createHash } from "node:crypto";
import Papa from "papaparse";
import { parseFootnote } from "../core/footnotes.ts";
import { arrayLiteral } from "../db/array-literal.ts";
import { IngestError } from "./errors.ts";
import {
  detectLayout,
  FIELDS,
  type FieldName,
  type FieldType,
  type Layout,
  normalizeHeader,
  RATING_FIELDS,
  type ReleaseKind,
  STAFFING_FIELDS,
} from "./layout.ts";
import { isSpreadsheetNumber, recoverSpreadsheetCcn, stateFromLocation } from "./spreadsheet-ccn.ts";

export type CellValue = string | number | null;

/** The processing date of a file that has none, and where it was taken from (for the ingest's output). */
export interface DateFallback {
  date: string;
  source: string;
}

export interface ParsedRelease {
  fileName: string;
  kind: ReleaseKind;
  processingDate: string;
  /** Set when the file has no processing date column: where its date came from instead. */
  dateSource?: string;
  rowCount: number;
  /** sha256 of the CSV bytes: the same data loaded twice is recognised whatever the wrapper (zip, gzip). */
  checksum: string;
  /** One array per field the file has, one value per data row (none when read for its snapshot alone). */
  fields: Partial<Record<FieldName, CellValue[]>>;
  /**
   * Read with `keep: "snapshot"`: the snapshot's fields the file has, each as the text of a PostgreSQL array (see
   * arrayLiteral), so that a few strings cross from the reader's thread instead of 100,000 values. Such a release
   * adds its snapshot; it cannot replace the facilities.
   */
  snapshotArrays?: Partial<Record<FieldName, string>>;
}

/** Blank and '.' stand for a missing value in CMS files. */
function isMissing(value: string): boolean {
  return value === "" || value === ".";
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

export function parseDate(raw: string): string | null {
  const value = raw.trim();
  if (isMissing(value)) return null;
  let year: number;
  let month: number;
  let day: number;
  const iso = ISO_DATE.exec(value);
  const us = US_DATE.exec(value);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [year, month, day] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else throw new Error(`"${value}" is not a date (expected YYYY-MM-DD or MM/DD/YYYY)`);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    throw new Error(`"${value}" is not a valid date`);
  return date.toISOString().slice(0, 10);
}

/** CCNs are 6-character strings; numeric ones that lost their leading zeros (spreadsheets) are padded. */
export function parseCcn(raw: string): string {
  const value = raw.trim().toUpperCase();
  const padded = /^\d{1,5}$/.test(value) ? value.padStart(6, "0") : value;
  if (!/^[0-9A-Z]{6}$/.test(padded)) throw new Error(`"${raw}" is not a CMS Certification Number`);
  return padded;
}

function parseNumber(raw: string): number | null {
  const value = raw.trim();
  if (isMissing(value)) return null;
  const number = Number(value.replace(/[$,]/g, ""));
  if (!Number.isFinite(number)) throw new Error(`"${value}" is not a number`);
  return number;
}

/** A star rating: 1 to 5. Blank, '.' and 0 ("not rated") are missing. */
function parseRating(raw: string): number | null {
  const number = parseNumber(raw);
  if (number === null || number === 0) return null;
  if (!Number.isInteger(number) || number < 1 || number > 5)
    throw new Error(`"${raw.trim()}" is not a rating 1-5`);
  return number;
}

function parseInteger(raw: string): number | null {
  const number = parseNumber(raw);
  return number === null ? null : Math.round(number);
}

function parseText(raw: string): string | null {
  const value = raw.trim();
  return value === "" ? null : value;
}

/** Y/N (also Yes/No), as PostgreSQL's boolean text 't' and 'f'. */
export function parseFlag(raw: string): string | null {
  const value = raw.trim().toUpperCase();
  if (isMissing(value)) return null;
  if (value === "Y" || value === "YES") return "t";
  if (value === "N" || value === "NO") return "f";
  throw new Error(`"${raw.trim()}" is not Y or N`);
}

/**
 * A footnote code (table 17 of the data dictionary); several codes keep the first. A cell that is no code (the
 * 2016-2019 download files wrote "Data Not Available" in their staffing flags) is read as none rather than failing
 * the file: a footnote annotates a figure, whose own cell says whether it is there.
 */
function parseFootnoteCell(raw: string): number | null {
  const code = parseFootnote(raw);
  return typeof code === "string" ? null : code;
}

/**
 * Special Focus Status: "SFF" (a Special Focus Facility) is `sff`, "SFF Candidate" `candidate`, blank neither (null).
 * The download file of early 2019 (`SFF`) says Y or N: Y is `sff`, N neither.
 */
export function parseSpecialFocus(raw: string): string | null {
  const value = raw
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, " ");
  if (isMissing(value) || value === "N" || value === "NO") return null;
  if (value === "SFF" || value === "Y" || value === "YES") return "sff";
  if (value === "SFF CANDIDATE" || value === "CANDIDATE") return "candidate";
  throw new Error(`"${raw.trim()}" is not a special focus status (SFF, SFF Candidate or blank)`);
}

const PARSERS: Record<FieldType, (raw: string) => CellValue> = {
  ccn: parseCcn,
  text: parseText,
  rating: parseRating,
  integer: parseInteger,
  number: parseNumber,
  date: parseDate,
  flag: parseFlag,
  footnote: parseFootnoteCell,
  specialFocus: parseSpecialFocus,
};

/** The 1-based line on which CSV record `recordIndex` (0 = header) starts; records may span lines. */
function lineOfRecord(text: string, recordIndex: number): number {
  let offset = 0;
  let seen = 0;
  if (recordIndex > 0) {
    Papa.parse<string[]>(text, {
      delimiter: ",",
      skipEmptyLines: true,
      preview: recordIndex,
      step: (result) => {
        seen += 1;
        offset = result.meta.cursor;
      },
    });
  }
  // Skip the line break (and any blank lines) that end the previous record.
  while (seen > 0 && (text[offset] === "\r" || text[offset] === "\n")) offset += 1;
  let line = 1;
  for (let index = 0; index < offset; index += 1) if (text.charCodeAt(index) === 10) line += 1;
  return line;
}

/**
 * The fields a release's history needs (its ratings, staffing and special focus status): a release read for its
 * history alone keeps only these (see ParseOptions).
 */
export const SNAPSHOT_FIELDS: readonly FieldName[] = [
  "ccn",
  ...RATING_FIELDS,
  ...STAFFING_FIELDS,
  "specialFocus",
];

export interface ParseOptions {
  /**
   * "snapshot": every value is still validated, but only the snapshot's fields are kept, as `snapshotArrays` (a
   * Provider Information file older than the newest one of a run adds history and never the facilities).
   */
  keep?: "all" | "snapshot";
}

export function parseRelease(
  fileName: string,
  bytes: Buffer,
  text: string,
  fallback?: DateFallback,
  options: ParseOptions = {},
): ParsedRelease {
  const fail = (problem: string, recordIndex?: number, column?: string): never => {
    throw new IngestError(
      fileName,
      problem,
      recordIndex === undefined ? undefined : lineOfRecord(text, recordIndex),
      column,
    );
  };
  // Record by record: the file is never held as rows of cells, only as its text and the kept columns.
  const file = { header: null, layout: null } as
    | { header: string[]; layout: Layout }
    | { header: null; layout: null };
  /** The file's fields and their columns, and where each one's values go (null: validated, not kept). */
  let present: [FieldName, number][] = [];
  let values: (CellValue[] | null)[] = [];
  /** The first record without a provider name (a Provider Information file must name every facility). */
  let blankNameRecord: number | null = null;
  const fields: Partial<Record<FieldName, CellValue[]>> = {};
  const ccns: CellValue[] = [];
  const firstCcnRecord = new Map<string, number>();
  let processingDate = null as string | null;
  let rawProcessingDate: string | null = null;
  let locationColumn = -1;
  let rowCount = 0;

  const start = (header: string[]): Layout => {
    const layout = detectLayout(header, { hasFallbackDate: fallback !== undefined });
    if (typeof layout === "string") return fail(layout, 0);
    present = Object.entries(layout.columns) as [FieldName, number][];
    const keep = options.keep === "snapshot" ? new Set(SNAPSHOT_FIELDS) : null;
    values = present.map(([field]) => {
      if (field === "ccn") return ccns;
      if (keep && !keep.has(field)) return null;
      const column: CellValue[] = [];
      fields[field] = column;
      return column;
    });
    fields.ccn = ccns;
    locationColumn = header.findIndex((cell) => normalizeHeader(cell) === "location");
    return layout;
  };

  const addRecord = (record: string[], header: string[], { columns }: Layout, recordIndex: number) => {
    if (record.length !== header.length) {
      fail(
        `expected ${header.length} fields but found ${record.length}${record.length < header.length ? " (truncated row)" : ""}`,
        recordIndex,
      );
    }
    const stateHint = (): string | null => {
      const state = columns.state === undefined ? "" : (record[columns.state] ?? "").trim();
      if (state) return state.toUpperCase();
      return locationColumn >= 0 ? stateFromLocation(record[locationColumn] ?? "") : null;
    };
    let date: CellValue = null;
    for (let index = 0; index < present.length; index += 1) {
      const [field, column] = present[index] as [FieldName, number];
      const raw = record[column] ?? "";
      let value: CellValue;
      try {
        value =
          field === "ccn" && isSpreadsheetNumber(raw)
            ? recoverSpreadsheetCcn(raw, stateHint())
            : PARSERS[FIELDS[field].type](raw);
      } catch (error) {
        return fail((error as Error).message, recordIndex, header[column]);
      }
      if (field === "processingDate") date = value;
      else if (field === "providerName" && value === null) blankNameRecord ??= recordIndex;
      values[index]?.push(value);
    }
    rowCount += 1;
    const ccn = ccns[rowCount - 1] as string;
    const earlier = firstCcnRecord.get(ccn);
    if (earlier !== undefined) {
      fail(
        `duplicate CCN ${ccn} (first on line ${lineOfRecord(text, earlier)})`,
        recordIndex,
        header[columns.ccn ?? 0],
      );
    }
    firstCcnRecord.set(ccn, recordIndex);
    const dateColumn = columns.processingDate;
    if (dateColumn === undefined) return;
    const rawDate = record[dateColumn] ?? "";
    if (rawDate !== rawProcessingDate) {
      if (date === null) fail("Processing Date is blank", recordIndex, header[dateColumn]);
      if (processingDate !== null && date !== processingDate) {
        fail(
          `Processing Date ${date} differs from ${processingDate} on earlier rows`,
          recordIndex,
          header[dateColumn],
        );
      }
      processingDate = date as string;
      rawProcessingDate = rawDate;
    }
  };

  let recordIndex = 0;
  Papa.parse<string[]>(text, {
    delimiter: ",",
    skipEmptyLines: true,
    step: (result) => {
      const csvError = result.errors[0];
      if (csvError) fail(`malformed CSV: ${csvError.message}`, recordIndex);
      if (file.header === null) Object.assign(file, { header: result.data, layout: start(result.data) });
      else addRecord(result.data, file.header, file.layout, recordIndex);
      recordIndex += 1;
    },
  });
  if (file.header === null) return fail("the file is empty");
  const { header, layout } = file;
  if (rowCount === 0) fail("the file has a header but no rows");
  const hasDateColumn = layout.columns.processingDate !== undefined;
  if (layout.kind === "provider" && blankNameRecord !== null) {
    fail("Provider Name is blank", blankNameRecord, header[layout.columns.providerName ?? 0]);
  }

  return {
    fileName,
    kind: layout.kind,
    processingDate: hasDateColumn ? (processingDate as string) : (fallback as DateFallback).date,
    ...(hasDateColumn ? {} : { dateSource: (fallback as DateFallback).source }),
    rowCount,
    checksum: createHash("sha256").update(bytes).digest("hex"),
    ...(options.keep === "snapshot"
      ? {
          fields: {},
          snapshotArrays: Object.fromEntries(
            Object.entries(fields).map(([field, column]) => [field, arrayLiteral(column)]),
          ),
        }
      : { fields }),
  };
}

/** The kind and processing date of a file, from its header and first record; null when they cannot be told. */
export function peekRelease(
  head: string,
  fallback?: DateFallback,
): { kind: ReleaseKind; processingDate: string } | null {
  const [header, first] = Papa.parse<string[]>(head, {
    delimiter: ",",
    skipEmptyLines: true,
    preview: 2,
  }).data;
  if (!header || !first) return null;
  const layout = detectLayout(header, { hasFallbackDate: fallback !== undefined });
  if (typeof layout === "string") return null;
  if (layout.columns.processingDate === undefined) {
    return fallback ? { kind: layout.kind, processingDate: fallback.date } : null;
  }
  try {
    const processingDate = parseDate(first[layout.columns.processingDate] ?? "");
    return processingDate ? { kind: layout.kind, processingDate } : null;
  } catch {
    return null;
  }
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** The month of a `MonYYYY` token in a file name (`NH_ProviderInfo_Jul2026.csv`), as its first day. */
export function monthFromName(name: string): string | null {
  const match =
    /(?<![A-Za-z])(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[_ -]?((?:19|20)\d\d)(?!\d)/i.exec(
      name,
    );
  if (!match) return null;
  const month = MONTHS.indexOf((match[1] as string).toLowerCase()) + 1;
  return `${match[2]}-${String(month).padStart(2, "0")}-01`;
}
