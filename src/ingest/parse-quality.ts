// Turns a CMS MDS Quality Measures, Medicare Claims Quality Measures or State/US Averages file into a validated
// release: every value checked (any problem rejects the whole file with its line and column, as for the other
// tables). A national MDS file holds about 250,000 rows (15,000 facilities x 17 measures), a claims file a quarter
// of that, the averages 54: each is read whole and parsed record by record into columns.

import { createHash } from "node:crypto";
import Papa from "papaparse";
import { parseFootnote } from "../core/footnotes.ts";
import {
  AVERAGE_DATE_HEADERS,
  AVERAGE_STATE_HEADERS,
  averageColumnKey,
  quarterIndex,
  quartersOfPeriod,
  type ResidentType,
} from "../core/quality-measures.ts";
import { IngestError } from "./errors.ts";
import { normalizeHeader } from "./layout.ts";
import { type DateFallback, parseCcn, parseDate } from "./parse-release.ts";
import {
  CLAIMS_FIELDS,
  claimsColumns,
  MDS_FIELDS,
  mdsColumns,
  missingQualityColumns,
  type QualityKind,
} from "./quality-layout.ts";
import { type ArchiveTable, decodeCsvText, openCsvStream } from "./source.ts";

/** What a release says of a measure (the same for every facility). */
export interface QualityMeasureRow {
  code: string;
  description: string;
  residentType: ResidentType;
  usedInRating: boolean | null;
  /** MDS: `2025Q2-2026Q1`; claims: `2025-01-01/2025-12-31`. */
  period: string;
}

/** One row per facility and measure, as columns. Footnotes: 0 when the row has none (null: not reported). */
export interface QualityRows {
  ccn: string[];
  code: string[];
  /** MDS: the number of the period's first quarter (year x 4 + quarter - 1); claims: 0. */
  firstQuarter: number[];
  /** MDS: the four quarters' scores and footnotes, four per row, oldest first. */
  quarterScores: (number | null)[];
  quarterFootnotes: number[];
  /** MDS: the four-quarter average; claims: the adjusted score. */
  score: (number | null)[];
  footnote: number[];
  /** Claims only. */
  observed: (number | null)[];
  expected: (number | null)[];
  /** The row's measure period (see QualityMeasureRow.period). */
  period: string[];
  /** Of the row's values: a release that reports a row unchanged writes nothing. */
  digest: string[];
}

export interface AveragesTable {
  /** Every column but the state's and the processing date's, in file order. */
  columns: { key: string; header: string; measureCode: string | null }[];
  /** `NATION` or a state's code, per row. */
  states: string[];
  /** values[row][column]. */
  values: (number | null)[][];
}

export interface QualityRelease {
  kind: QualityKind;
  fileName: string;
  processingDate: string;
  dateSource?: string;
  rowCount: number;
  /** sha256 of the CSV bytes. */
  checksum: string;
  measures: QualityMeasureRow[];
  rows: QualityRows | null;
  averages: AveragesTable | null;
}

export const QUALITY_KINDS: readonly QualityKind[] = ["mds", "claims", "averages"];

export function isQualityKind(kind: string): kind is QualityKind {
  return (QUALITY_KINDS as readonly string[]).includes(kind);
}

function isMissing(value: string): boolean {
  return value === "" || value === ".";
}

/** A score as CMS writes it (`14.391937`, `3.0`); blank, `.` and `NA`-like text are missing only when blank. */
export function parseScore(raw: string): number | null {
  const value = raw.trim();
  if (isMissing(value)) return null;
  const number = Number(value.replace(/,/g, ""));
  if (!/^-?[\d,]*\.?\d+(?:[eE][-+]?\d+)?$/.test(value) || !Number.isFinite(number)) {
    throw new Error(`"${value}" is not a number`);
  }
  return number;
}

function parseResidentType(raw: string): ResidentType {
  const value = raw.trim().toLowerCase();
  if (/^(short|ss\b|s$)/.test(value)) return "shortStay";
  if (/^(long|ls\b|l$)/.test(value)) return "longStay";
  throw new Error(`"${raw.trim()}" is not a resident type (Short Stay or Long Stay)`);
}

function parseYesNo(raw: string): boolean | null {
  const value = raw.trim().toUpperCase();
  if (value === "") return null;
  if (value === "Y" || value === "YES") return true;
  if (value === "N" || value === "NO") return false;
  throw new Error(`"${raw.trim()}" is not Y or N`);
}

function footnoteOf(raw: string): number {
  const code = parseFootnote(raw);
  if (typeof code === "string") throw new Error(code);
  return code ?? 0;
}

function parseCode(raw: string): string {
  const value = raw.trim();
  if (!/^\d{1,4}$/.test(value)) throw new Error(`"${value}" is not a measure code`);
  return value.padStart(3, "0");
}

/** `yyyymmdd`, `YYYY-MM-DD` or `M/D/YYYY` to `YYYY-MM-DD`. */
function dayOf(text: string): string | null {
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  try {
    return parseDate(text);
  } catch {
    return null;
  }
}

/** An MDS measure period, `2025Q2-2026Q1`, as its quarters' numbers. */
function parseMdsPeriod(raw: string): { period: string; first: number } {
  const value = raw.trim().replace(/\s+/g, "");
  const quarters = quartersOfPeriod(value);
  if (quarters?.length !== 4)
    throw new Error(`"${raw.trim()}" is not a period of four quarters (2025Q2-2026Q1)`);
  const [first = "", , , last = ""] = quarters;
  return { period: `${first}-${last}`, first: quarterIndex(first) };
}

/** A claims measure period, `20250101-20251231` (or with dates written otherwise), as `2025-01-01/2025-12-31`. */
function parseClaimsPeriod(raw: string): string {
  const parts = raw
    .trim()
    .split(/\s*(?:[-–]|to)\s*(?=\d{1,2}\/|\d{8}|\d{4}-)/)
    .map((part) => part.trim());
  const [from, to] = parts.map(dayOf);
  if (parts.length !== 2 || !from || !to || to < from) {
    throw new Error(`"${raw.trim()}" is not a measure period (yyyymmdd-yyyymmdd)`);
  }
  return `${from}/${to}`;
}

function sha(text: string): string {
  return createHash("sha256").update(text).digest("base64").slice(0, 22);
}

/** The number of the line a record starts on (1-based), counting line breaks outside quoted text. */
function lineOf(text: string, recordIndex: number): number {
  let line = 1;
  let record = 0;
  let isQuoted = false;
  for (let at = 0; at < text.length && record < recordIndex; at += 1) {
    const char = text.charCodeAt(at);
    if (char === 0x22) isQuoted = !isQuoted;
    else if (char === 0x0a) {
      line += 1;
      if (!isQuoted) record += 1;
    }
  }
  return line;
}

interface Reader {
  fileName: string;
  text: string;
  fail(problem: string, record?: number, column?: string): never;
}

/** Parses the CSV text record by record (the header is record 0). Truncated records reject the file. */
function eachRecord(reader: Reader, onRecord: (cells: string[], record: number) => void): void {
  let record = 0;
  let expected = -1;
  Papa.parse<string[]>(reader.text, {
    delimiter: ",",
    skipEmptyLines: "greedy",
    step: (result) => {
      const cells = result.data;
      const error = result.errors[0];
      if (error) reader.fail(`broken CSV: ${error.message}`, record);
      if (expected < 0) expected = cells.length;
      else if (cells.length !== expected) {
        reader.fail(`the record has ${cells.length} fields where the header has ${expected}`, record);
      }
      onRecord(cells, record);
      record += 1;
    },
  });
  if (record === 0) reader.fail("the file is empty");
}

function processingDateOf(
  reader: Reader,
  header: readonly string[],
  cells: readonly string[],
  column: number | undefined,
  record: number,
  state: { date: string | null },
): void {
  if (column === undefined) return;
  let date: string | null = null;
  try {
    date = parseDate(cells[column] ?? "");
  } catch (error) {
    reader.fail((error as Error).message, record, header[column]);
  }
  if (date === null) reader.fail("blank processing date", record, header[column]);
  if (state.date === null) state.date = date;
  else if (state.date !== date) {
    reader.fail(`processing date ${date} differs from the file's ${state.date}`, record, header[column]);
  }
}

function parseMeasureRows(
  reader: Reader,
  kind: "mds" | "claims",
  fallback: DateFallback | undefined,
): Omit<QualityRelease, "fileName" | "checksum" | "kind"> {
  const rows: QualityRows = {
    ccn: [],
    code: [],
    firstQuarter: [],
    quarterScores: [],
    quarterFootnotes: [],
    score: [],
    footnote: [],
    observed: [],
    expected: [],
    period: [],
    digest: [],
  };
  const measures = new Map<string, QualityMeasureRow>();
  const seen = new Set<string>();
  const date = { date: null as string | null };
  let header: string[] = [];
  let columns: Partial<Record<string, number>> = {};
  eachRecord(reader, (cells, record) => {
    if (record === 0) {
      header = cells;
      columns = kind === "mds" ? mdsColumns(cells) : claimsColumns(cells);
      const problem = missingQualityColumns(kind, columns, fallback !== undefined);
      if (problem) reader.fail(problem, 0);
      return;
    }
    let field = "";
    const cell = (name: string): string => {
      field = name;
      const column = columns[name];
      return column === undefined ? "" : (cells[column] ?? "");
    };
    try {
      const ccn = parseCcn(cell("ccn"));
      const code = parseCode(cell("code"));
      const key = `${ccn}|${code}`;
      if (seen.has(key)) throw new Error(`measure ${code} of ${ccn} is listed twice`);
      seen.add(key);
      const description = cell("description").trim().replace(/\s+/g, " ");
      if (description === "") throw new Error("blank measure description");
      const residentType = parseResidentType(cell("residentType"));
      const usedInRating = parseYesNo(cell("usedInRating"));
      const values: (number | null)[] = [];
      let period: string;
      let first = 0;
      if (kind === "mds") {
        const parsed = parseMdsPeriod(cell("period"));
        period = parsed.period;
        first = parsed.first;
        for (const quarter of [1, 2, 3, 4]) {
          const score = parseScore(cell(`q${quarter}Score`));
          const footnote = footnoteOf(cell(`q${quarter}Footnote`));
          rows.quarterScores.push(score);
          rows.quarterFootnotes.push(footnote);
          values.push(score, footnote);
        }
        rows.score.push(parseScore(cell("average")));
        rows.footnote.push(footnoteOf(cell("averageFootnote")));
        rows.observed.push(null);
        rows.expected.push(null);
      } else {
        period = parseClaimsPeriod(cell("period"));
        rows.score.push(parseScore(cell("adjusted")));
        rows.observed.push(parseScore(cell("observed")));
        rows.expected.push(parseScore(cell("expected")));
        rows.footnote.push(footnoteOf(cell("footnote")));
      }
      field = "processingDate";
      processingDateOf(reader, header, cells, columns.processingDate, record, date);
      const at = rows.score.length - 1;
      values.push(
        rows.score[at] ?? null,
        rows.footnote[at] ?? 0,
        rows.observed[at] ?? null,
        rows.expected[at] ?? null,
      );
      rows.ccn.push(ccn);
      rows.code.push(code);
      rows.firstQuarter.push(first);
      rows.period.push(period);
      rows.digest.push(sha(`${period}|${values.join("|")}`));
      const measure = measures.get(code);
      if (!measure || (measure.usedInRating === null && usedInRating !== null)) {
        measures.set(code, { code, description, residentType, usedInRating, period });
      }
    } catch (error) {
      if (error instanceof IngestError) throw error;
      const fields: Record<string, readonly string[]> = kind === "mds" ? MDS_FIELDS : CLAIMS_FIELDS;
      const column = columns[field];
      reader.fail(
        (error as Error).message,
        record,
        column === undefined ? fields[field]?.[0] : header[column],
      );
    }
  });
  const processingDate = date.date ?? fallback?.date;
  if (!processingDate) return reader.fail("no processing date");
  return {
    processingDate,
    ...(date.date === null && fallback ? { dateSource: fallback.source } : {}),
    rowCount: rows.ccn.length,
    measures: [...measures.values()],
    rows,
    averages: null,
  };
}

function parseAverages(
  reader: Reader,
  fallback: DateFallback | undefined,
): Omit<QualityRelease, "fileName" | "checksum" | "kind"> {
  const stateHeaders = new Set(AVERAGE_STATE_HEADERS.map(normalizeHeader));
  const dateHeaders = new Set(AVERAGE_DATE_HEADERS.map(normalizeHeader));
  const table: AveragesTable = { columns: [], states: [], values: [] };
  const date = { date: null as string | null };
  let header: string[] = [];
  let stateColumn = -1;
  let dateColumn: number | undefined;
  /** The file's column of each kept column. */
  let kept: number[] = [];
  eachRecord(reader, (cells, record) => {
    if (record === 0) {
      header = cells;
      const keys = new Set<string>();
      cells.forEach((cell, index) => {
        const name = normalizeHeader(cell);
        if (stateHeaders.has(name) && stateColumn < 0) stateColumn = index;
        else if (dateHeaders.has(name) && dateColumn === undefined) dateColumn = index;
        else if (name !== "") {
          const { key, measureCode } = averageColumnKey(cell);
          const unique = keys.has(key) ? `${key}_${index + 1}` : key;
          keys.add(unique);
          table.columns.push({ key: unique, header: cell.trim(), measureCode });
          kept.push(index);
        }
      });
      if (stateColumn < 0) reader.fail('missing required column "State or Nation" (or "STATE")', 0);
      if (dateColumn === undefined && !fallback) {
        reader.fail('missing required column "Processing Date" (or "FILEDATE")', 0);
      }
      return;
    }
    const state = (cells[stateColumn] ?? "").trim().toUpperCase();
    if (!/^(NATION|[A-Z]{2})$/.test(state)) {
      reader.fail(`"${state}" is not a state code or NATION`, record, header[stateColumn]);
    }
    if (table.states.includes(state)) reader.fail(`${state} is listed twice`, record, header[stateColumn]);
    processingDateOf(reader, header, cells, dateColumn, record, date);
    const values = kept.map((column) => {
      try {
        return parseScore(cells[column] ?? "");
      } catch (error) {
        return reader.fail((error as Error).message, record, header[column]);
      }
    });
    table.states.push(state);
    table.values.push(values);
  });
  kept = [];
  const processingDate = date.date ?? fallback?.date;
  if (!processingDate) return reader.fail("no processing date");
  return {
    processingDate,
    ...(date.date === null && fallback ? { dateSource: fallback.source } : {}),
    rowCount: table.states.length,
    measures: [],
    rows: null,
    averages: table,
  };
}

/** Parses the CSV bytes of a quality table. */
export function parseQualityRelease(
  fileName: string,
  kind: QualityKind,
  bytes: Buffer,
  fallback?: DateFallback,
): QualityRelease {
  const text = decodeCsvText(bytes);
  const reader: Reader = {
    fileName,
    text,
    fail(problem, record, column) {
      throw new IngestError(
        fileName,
        problem,
        record === undefined ? undefined : lineOf(text, record),
        column,
      );
    },
  };
  const parsed =
    kind === "averages" ? parseAverages(reader, fallback) : parseMeasureRows(reader, kind, fallback);
  const checksum = createHash("sha256").update(bytes).digest("hex");
  return { kind, fileName, checksum, ...parsed };
}

/** Reads the table's member of a monthly archive, or a (gzipped) CSV, whole. */
export async function readQualityRelease(
  path: string,
  kind: QualityKind,
  fallbackFor: (name: string) => DateFallback | undefined,
): Promise<QualityRelease> {
  const { name, stream } = await openCsvStream(path, kind satisfies ArchiveTable);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError(name, `unreadable data: ${(error as Error).message}`);
  }
  return parseQualityRelease(name, kind, Buffer.concat(chunks), fallbackFor(name));
}
