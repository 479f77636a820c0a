// Turns the text of one CMS CSV into a validated release: its kind, processing date and one array per column.
// Any problem rejects the whole file with its line and column.
import { createHash } from "node:crypto";
import Papa from "papaparse";
import { IngestError } from "./errors.ts";
import {
  detectLayout,
  FIELDS,
  type FieldName,
  type FieldType,
  normalizeHeader,
  type ReleaseKind,
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
  /** One array per field the file has, one value per data row. */
  fields: Partial<Record<FieldName, CellValue[]>>;
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

const PARSERS: Record<FieldType, (raw: string) => CellValue> = {
  ccn: parseCcn,
  text: parseText,
  rating: parseRating,
  integer: parseInteger,
  number: parseNumber,
  date: parseDate,
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

export function parseRelease(
  fileName: string,
  bytes: Buffer,
  text: string,
  fallback?: DateFallback,
): ParsedRelease {
  const fail = (problem: string, recordIndex?: number, column?: string): never => {
    throw new IngestError(
      fileName,
      problem,
      recordIndex === undefined ? undefined : lineOfRecord(text, recordIndex),
      column,
    );
  };
  const parsed = Papa.parse<string[]>(text, { delimiter: ",", skipEmptyLines: true });
  const csvError = parsed.errors[0];
  if (csvError) fail(`malformed CSV: ${csvError.message}`, csvError.row ?? undefined);
  const [header, ...records] = parsed.data;
  if (!header) return fail("the file is empty");
  const layout = detectLayout(header, { hasFallbackDate: fallback !== undefined });
  if (typeof layout === "string") return fail(layout, 0);
  if (records.length === 0) fail("the file has a header but no rows");
  const hasDateColumn = layout.columns.processingDate !== undefined;

  const present = Object.entries(layout.columns) as [FieldName, number][];
  const fields: Partial<Record<FieldName, CellValue[]>> = {};
  for (const [field] of present) fields[field] = new Array<CellValue>(records.length);
  const ccnColumn = layout.columns.ccn ?? 0;
  const locationColumn = header.findIndex((cell) => normalizeHeader(cell) === "location");
  const stateHint = (record: string[]): string | null => {
    const state = layout.columns.state === undefined ? "" : (record[layout.columns.state] ?? "").trim();
    if (state) return state.toUpperCase();
    return locationColumn >= 0 ? stateFromLocation(record[locationColumn] ?? "") : null;
  };
  const dateColumn = layout.columns.processingDate ?? 0;
  const firstCcnRecord = new Map<string, number>();
  let processingDate: string | null = null;
  let rawProcessingDate: string | null = null;

  for (let rowIndex = 0; rowIndex < records.length; rowIndex += 1) {
    const record = records[rowIndex] as string[];
    const recordIndex = rowIndex + 1;
    if (record.length !== header.length) {
      fail(
        `expected ${header.length} fields but found ${record.length}${record.length < header.length ? " (truncated row)" : ""}`,
        recordIndex,
      );
    }
    for (const [field, column] of present) {
      const raw = record[column] ?? "";
      let value: CellValue;
      try {
        value =
          field === "ccn" && isSpreadsheetNumber(raw)
            ? recoverSpreadsheetCcn(raw, stateHint(record))
            : PARSERS[FIELDS[field].type](raw);
      } catch (error) {
        return fail((error as Error).message, recordIndex, header[column]);
      }
      (fields[field] as CellValue[])[rowIndex] = value;
    }
    const ccn = (fields.ccn as CellValue[])[rowIndex] as string;
    const earlier = firstCcnRecord.get(ccn);
    if (earlier !== undefined) {
      fail(
        `duplicate CCN ${ccn} (first on line ${lineOfRecord(text, earlier)})`,
        recordIndex,
        header[ccnColumn],
      );
    }
    firstCcnRecord.set(ccn, recordIndex);
    const rawDate = record[dateColumn] ?? "";
    if (hasDateColumn && rawDate !== rawProcessingDate) {
      const date = (fields.processingDate as CellValue[])[rowIndex] as string | null;
      if (date === null) fail("Processing Date is blank", recordIndex, header[dateColumn]);
      if (processingDate !== null && date !== processingDate) {
        fail(
          `Processing Date ${date} differs from ${processingDate} on earlier rows`,
          recordIndex,
          header[dateColumn],
        );
      }
      processingDate = date;
      rawProcessingDate = rawDate;
    }
  }
  if (layout.kind === "provider") {
    const names = fields.providerName as CellValue[];
    const blank = names.indexOf(null);
    if (blank >= 0) fail("Provider Name is blank", blank + 1, header[layout.columns.providerName ?? 0]);
  }

  return {
    fileName,
    kind: layout.kind,
    processingDate: hasDateColumn ? (processingDate as string) : (fallback as DateFallback).date,
    ...(hasDateColumn ? {} : { dateSource: (fallback as DateFallback).source }),
    rowCount: records.length,
    checksum: createHash("sha256").update(bytes).digest("hex"),
    fields,
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
