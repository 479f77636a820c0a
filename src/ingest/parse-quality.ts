// Turns a CMS MDS Quality Measures, Medicare Claims Quality Measures or State/US Averages file into a validated
// release: every value checked (any problem rejects the whole file with its line and column, as for the other
// tables). A national MDS file holds about 250,000 rows (15,000 facilities x 17 measures), a claims file a quarter
// of that, the averages 54: each is streamed in pieces that end at record boundaries (csv-pieces.ts), never held as
// one text, into typed columns (a CCN and a measure code are numbers into small dictionaries, scores are doubles),
// which a parse worker hands over without copying strings.

import { createHash, hash } from "node:crypto";
import { Readable } from "node:stream";
import { parseFootnote } from "../core/footnotes.ts";
import {
  AVERAGE_DATE_HEADERS,
  AVERAGE_STATE_HEADERS,
  averageColumnKey,
  quarterIndex,
  quartersOfPeriod,
  type ResidentType,
} from "../core/quality-measures.ts";
import { eachCsvRecord, ReadAgainAsCp1252, type RecordContext } from "./csv-pieces.ts";
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
import { type ArchiveTable, openCsvStream } from "./source.ts";

/** What a release says of a measure (the same for every facility). */
export interface QualityMeasureRow {
  code: string;
  description: string;
  residentType: ResidentType;
  usedInRating: boolean | null;
  /** MDS: `2025Q2-2026Q1`; claims: `2025-01-01/2025-12-31`. */
  period: string;
}

/**
 * One row per facility and measure, as typed columns. A missing score is NaN (CMS never publishes one); a footnote
 * is 0 when the row has none.
 */
export interface QualityRows {
  /** The file's CCNs; row r's is ccns[ccn[r]]. */
  ccns: string[];
  ccn: Int32Array;
  /** The file's measure codes; row r's is codes[code[r]]. */
  codes: string[];
  code: Int32Array;
  /** MDS: the number of the period's first quarter (year x 4 + quarter - 1); claims: 0. */
  firstQuarter: Int32Array;
  /** MDS: the four quarters' scores and footnotes, four per row, oldest first. */
  quarterScores: Float64Array;
  quarterFootnotes: Int16Array;
  /** MDS: the four-quarter average; claims: the adjusted score. */
  score: Float64Array;
  footnote: Int16Array;
  /** Claims only (NaN for MDS rows). */
  observed: Float64Array;
  expected: Float64Array;
  /** The file's measure periods (see QualityMeasureRow.period); row r's is periods[period[r]]. */
  periods: string[];
  period: Int32Array;
}

/** The values a row reports (its period, then each quarter's score and footnote and the average with its footnote, or
 * the claims scores and footnote), as text. */
function rowValues(rows: QualityRows, row: number): string {
  const text = (value: number) => (Number.isNaN(value) ? "" : `${value}`);
  let values = rows.periods[rows.period[row] as number] as string;
  if (rows.quarterScores.length > 0) {
    for (let quarter = 0; quarter < 4; quarter += 1) {
      values += `|${text(rows.quarterScores[row * 4 + quarter] as number)}|${rows.quarterFootnotes[row * 4 + quarter]}`;
    }
    values += `|${text(rows.score[row] as number)}|${rows.footnote[row]}||`;
  } else {
    values += `|${text(rows.score[row] as number)}|${rows.footnote[row]}|${text(rows.observed[row] as number)}|${text(rows.expected[row] as number)}`;
  }
  return values;
}

/**
 * A row's digest as stored (quality_mds.digest, quality_claims.digest): of the values it reports, so that a release
 * reporting a row unchanged writes nothing. Computed when a load needs it (the rows of an older release never do),
 * not by the parse.
 */
export function rowDigest(rows: QualityRows, row: number): string {
  return hash("sha1", rowValues(rows, row), "buffer").subarray(0, 16).toString("base64url");
}

/**
 * The digest of a file's rows (quality_release.content_digest): of every row's CCN, measure code and values, in file
 * order, and nothing else (not the processing date), so that a month that repeats the last release's quarters is
 * known as such without comparing its rows one by one. `pace` runs every so often (a national MDS file has 255,000
 * rows).
 */
export async function contentDigest(rows: QualityRows, pace: () => Promise<void>): Promise<string> {
  const digest = createHash("sha1");
  for (let row = 0; row < rows.ccn.length; row += 1) {
    if ((row & 1023) === 0) await pace();
    digest.update(
      `${rows.ccns[rows.ccn[row] as number]}|${rows.codes[rows.code[row] as number]}|${rowValues(rows, row)}\n`,
    );
  }
  return digest.digest("base64url");
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

type TypedColumn = Float64Array | Int32Array | Int16Array | Uint8Array;

/** A typed column that grows as records come (doubling), cut to its length at the end. */
class Growable<T extends TypedColumn> {
  array: T;
  length = 0;
  constructor(
    private readonly make: (length: number) => T,
    private readonly width = 1,
  ) {
    this.array = make(4096 * width);
  }
  /** Room for one more row; returns where its values start. */
  next(): number {
    const at = this.length * this.width;
    if (at + this.width > this.array.length) {
      const bigger = this.make(this.array.length * 2);
      bigger.set(this.array);
      this.array = bigger;
    }
    this.length += 1;
    return at;
  }
  push(value: number): void {
    const at = this.next(); // first: it may replace the array
    this.array[at] = value;
  }
  /** The column, exactly as long as its rows (a copy: a worker hands over the whole buffer). */
  done(): T {
    return this.array.slice(0, this.length * this.width) as T;
  }
}

const floats = (length: number) => new Float64Array(length);
const ints = (length: number) => new Int32Array(length);
const shorts = (length: number) => new Int16Array(length);

/** The index of a value in a dictionary of the file's distinct values. */
function indexIn(values: string[], byValue: Map<string, number>, value: string): number {
  let index = byValue.get(value);
  if (index === undefined) {
    index = values.length;
    values.push(value);
    byValue.set(value, index);
  }
  return index;
}

/** A plain decimal number (`14.391937`, `-3`, `.5`): read by Number() as it is. */
const PLAIN_NUMBER = /^-?\d*\.?\d+$/;

/** A score as stored in the typed columns: NaN when missing. */
function scoreValue(raw: string): number {
  if (raw === "") return Number.NaN;
  if (PLAIN_NUMBER.test(raw)) return Number(raw);
  return parseScore(raw) ?? Number.NaN;
}

/** A record's cell of a column (none, or a column beyond the record: blank). */
function cellOf(cells: readonly string[], column: number | undefined): string {
  return column === undefined ? "" : (cells[column] ?? "");
}

/** The fields of the quarters' scores and footnotes, oldest first. */
const QUARTER_SCORES = ["q1Score", "q2Score", "q3Score", "q4Score"];
const QUARTER_FOOTNOTES = ["q1Footnote", "q2Footnote", "q3Footnote", "q4Footnote"];

/** What a table's parser does with the records, then the release. */
interface TableParser {
  onRecord(cells: string[], record: number, context: RecordContext): void;
  finish(fail: (problem: string) => never): Omit<QualityRelease, "fileName" | "checksum" | "kind">;
}

/** Checks a record's processing date against the file's (parsed once per distinct raw value). */
class ProcessingDate {
  date: string | null = null;
  private raw: string | null = null;
  check(
    header: readonly string[],
    cells: readonly string[],
    column: number | undefined,
    context: RecordContext,
  ) {
    if (column === undefined) return;
    const raw = cells[column] ?? "";
    if (raw === this.raw) return;
    let date: string | null = null;
    try {
      date = parseDate(raw);
    } catch (error) {
      context.fail((error as Error).message, header[column]);
    }
    if (date === null) context.fail("blank processing date", header[column]);
    if (this.date === null) this.date = date;
    else if (this.date !== date) {
      context.fail(`processing date ${date} differs from the file's ${this.date}`, header[column]);
    }
    this.raw = raw;
  }
}

function measureRowsParser(kind: "mds" | "claims", fallback: DateFallback | undefined): TableParser {
  const ccns: string[] = [];
  const ccnByRaw = new Map<string, number>();
  const ccnByValue = new Map<string, number>();
  const codes: string[] = [];
  const codeByRaw = new Map<string, number>();
  const periods: string[] = [];
  const periodByRaw = new Map<string, number>();
  const firstOfPeriod: number[] = [];
  const ccn = new Growable(ints);
  const code = new Growable(ints);
  const period = new Growable(ints);
  const firstQuarter = new Growable(ints);
  const quarterScores = new Growable(floats, kind === "mds" ? 4 : 0);
  const quarterFootnotes = new Growable(shorts, kind === "mds" ? 4 : 0);
  const score = new Growable(floats);
  const footnote = new Growable(shorts);
  const observed = new Growable(floats);
  const expected = new Growable(floats);
  const measures = new Map<string, QualityMeasureRow>();
  /** ccn index x 4096 + code index of the rows seen: a facility's measure listed twice rejects the file. */
  const seen = new Set<number>();
  const date = new ProcessingDate();
  let header: string[] = [];
  let columns: Partial<Record<string, number>> = {};
  /** The parsed footnote of each raw text (a handful of distinct values). */
  const footnotes = new Map<string, number>();
  const footnoteValue = (raw: string): number => {
    let value = footnotes.get(raw);
    if (value === undefined) {
      value = footnoteOf(raw);
      footnotes.set(raw, value);
    }
    return value;
  };
  /** The raw description, resident type and use in the rating each measure's rows were last checked with. */
  const checked = new Map<string, [string, string, string]>();
  return {
    onRecord(cells, record, context) {
      if (record === 0) {
        header = cells;
        columns = kind === "mds" ? mdsColumns(cells) : claimsColumns(cells);
        const problem = missingQualityColumns(kind, columns, fallback !== undefined);
        if (problem) context.fail(problem);
        return;
      }
      // The field being read, named when its cell rejects the file.
      let field = "";
      try {
        field = "ccn";
        const rawCcn = cellOf(cells, columns[field]);
        let ccnIndex = ccnByRaw.get(rawCcn);
        if (ccnIndex === undefined) {
          ccnIndex = indexIn(ccns, ccnByValue, parseCcn(rawCcn));
          ccnByRaw.set(rawCcn, ccnIndex);
        }
        field = "code";
        const rawCode = cellOf(cells, columns[field]);
        let codeIndex = codeByRaw.get(rawCode);
        if (codeIndex === undefined) {
          const parsed = parseCode(rawCode);
          codeIndex = codes.indexOf(parsed);
          if (codeIndex < 0) codeIndex = codes.push(parsed) - 1;
          codeByRaw.set(rawCode, codeIndex);
        }
        const measureCode = codes[codeIndex] as string;
        const key = ccnIndex * 4096 + codeIndex;
        if (seen.has(key)) throw new Error(`measure ${measureCode} of ${ccns[ccnIndex]} is listed twice`);
        seen.add(key);
        field = "period";
        const rawPeriod = cellOf(cells, columns[field]);
        let periodIndex = periodByRaw.get(rawPeriod);
        if (periodIndex === undefined) {
          let text: string;
          let first = 0;
          if (kind === "mds") {
            const parsed = parseMdsPeriod(rawPeriod);
            text = parsed.period;
            first = parsed.first;
          } else text = parseClaimsPeriod(rawPeriod);
          periodIndex = periods.indexOf(text);
          if (periodIndex < 0) {
            periodIndex = periods.push(text) - 1;
            firstOfPeriod.push(first);
          }
          periodByRaw.set(rawPeriod, periodIndex);
        }
        if (kind === "mds") {
          const row = quarterScores.next();
          quarterFootnotes.next();
          for (let quarter = 0; quarter < 4; quarter += 1) {
            field = QUARTER_SCORES[quarter] as string;
            const value = scoreValue(cellOf(cells, columns[field]));
            field = QUARTER_FOOTNOTES[quarter] as string;
            const note = footnoteValue(cellOf(cells, columns[field]));
            quarterScores.array[row + quarter] = value;
            quarterFootnotes.array[row + quarter] = note;
          }
          field = "average";
          const average = scoreValue(cellOf(cells, columns[field]));
          field = "averageFootnote";
          const note = footnoteValue(cellOf(cells, columns[field]));
          score.push(average);
          footnote.push(note);
          observed.push(Number.NaN);
          expected.push(Number.NaN);
        } else {
          field = "adjusted";
          const adjusted = scoreValue(cellOf(cells, columns[field]));
          field = "observed";
          const seenValue = scoreValue(cellOf(cells, columns[field]));
          field = "expected";
          const expectedValue = scoreValue(cellOf(cells, columns[field]));
          field = "footnote";
          const note = footnoteValue(cellOf(cells, columns[field]));
          score.push(adjusted);
          observed.push(seenValue);
          expected.push(expectedValue);
          footnote.push(note);
        }
        field = "description";
        const rawDescription = cellOf(cells, columns[field]);
        field = "residentType";
        const rawResidentType = cellOf(cells, columns[field]);
        field = "usedInRating";
        const rawUsed = cellOf(cells, columns[field]);
        const measure = measures.get(measureCode);
        const last = checked.get(measureCode);
        if (!measure || (measure.usedInRating === null && rawUsed.trim() !== "")) {
          field = "description";
          const description = rawDescription.trim().replace(/\s+/g, " ");
          if (description === "") throw new Error("blank measure description");
          field = "residentType";
          const residentType = parseResidentType(rawResidentType);
          field = "usedInRating";
          const usedInRating = parseYesNo(rawUsed);
          measures.set(measureCode, {
            code: measureCode,
            description,
            residentType,
            usedInRating,
            period: periods[periodIndex] as string,
          });
          checked.set(measureCode, [rawDescription, rawResidentType, rawUsed]);
        } else if (
          !last ||
          last[0] !== rawDescription ||
          last[1] !== rawResidentType ||
          last[2] !== rawUsed
        ) {
          // Checked on every row all the same (once per distinct text): a broken cell rejects the file wherever
          // it is.
          field = "description";
          if (rawDescription.trim() === "") throw new Error("blank measure description");
          field = "residentType";
          parseResidentType(rawResidentType);
          field = "usedInRating";
          parseYesNo(rawUsed);
          checked.set(measureCode, [rawDescription, rawResidentType, rawUsed]);
        }
        field = "processingDate";
        date.check(header, cells, columns.processingDate, context);
        ccn.push(ccnIndex);
        code.push(codeIndex);
        period.push(periodIndex);
        firstQuarter.push(firstOfPeriod[periodIndex] as number);
      } catch (error) {
        if (error instanceof IngestError) throw error;
        const fields: Record<string, readonly string[]> = kind === "mds" ? MDS_FIELDS : CLAIMS_FIELDS;
        const column = columns[field];
        context.fail((error as Error).message, column === undefined ? fields[field]?.[0] : header[column]);
      }
    },
    finish(fail) {
      const processingDate = date.date ?? fallback?.date;
      if (!processingDate) return fail("no processing date");
      return {
        processingDate,
        ...(date.date === null && fallback ? { dateSource: fallback.source } : {}),
        rowCount: ccn.length,
        measures: [...measures.values()],
        rows: {
          ccns,
          ccn: ccn.done(),
          codes,
          code: code.done(),
          firstQuarter: firstQuarter.done(),
          quarterScores: quarterScores.done(),
          quarterFootnotes: quarterFootnotes.done(),
          score: score.done(),
          footnote: footnote.done(),
          observed: observed.done(),
          expected: expected.done(),
          periods,
          period: period.done(),
        },
        averages: null,
      };
    },
  };
}

function averagesParser(fallback: DateFallback | undefined): TableParser {
  const stateHeaders = new Set(AVERAGE_STATE_HEADERS.map(normalizeHeader));
  const dateHeaders = new Set(AVERAGE_DATE_HEADERS.map(normalizeHeader));
  const table: AveragesTable = { columns: [], states: [], values: [] };
  const date = new ProcessingDate();
  let header: string[] = [];
  let stateColumn = -1;
  let dateColumn: number | undefined;
  /** The file's column of each kept column. */
  const kept: number[] = [];
  return {
    onRecord(cells, record, context) {
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
        if (stateColumn < 0) context.fail('missing required column "State or Nation" (or "STATE")');
        if (dateColumn === undefined && !fallback) {
          context.fail('missing required column "Processing Date" (or "FILEDATE")');
        }
        return;
      }
      const state = (cells[stateColumn] ?? "").trim().toUpperCase();
      if (!/^(NATION|[A-Z]{2})$/.test(state)) {
        context.fail(`"${state}" is not a state code or NATION`, header[stateColumn]);
      }
      if (table.states.includes(state)) context.fail(`${state} is listed twice`, header[stateColumn]);
      date.check(header, cells, dateColumn, context);
      const values = kept.map((column) => {
        try {
          return parseScore(cells[column] ?? "");
        } catch (error) {
          return context.fail((error as Error).message, header[column]);
        }
      });
      table.states.push(state);
      table.values.push(values);
    },
    finish(fail) {
      const processingDate = date.date ?? fallback?.date;
      if (!processingDate) return fail("no processing date");
      return {
        processingDate,
        ...(date.date === null && fallback ? { dateSource: fallback.source } : {}),
        rowCount: table.states.length,
        measures: [],
        rows: null,
        averages: table,
      };
    },
  };
}

/** Parses a quality table's CSV byte stream (read again as cp1252 when it turns out not to be UTF-8). */
async function parseQualityStream(
  fileName: string,
  kind: QualityKind,
  open: () => Promise<AsyncIterable<Buffer> & { destroy?: () => void }>,
  fallback: DateFallback | undefined,
): Promise<QualityRelease> {
  for (const encoding of ["utf8", "cp1252"] as const) {
    const parser = kind === "averages" ? averagesParser(fallback) : measureRowsParser(kind, fallback);
    const stream = await open();
    try {
      const { checksum, records } = await eachCsvRecord(fileName, stream, encoding, parser.onRecord);
      const fail = (problem: string): never => {
        throw new IngestError(fileName, problem);
      };
      if (records === 0) fail("the file is empty");
      return { kind, fileName, checksum, ...parser.finish(fail) };
    } catch (error) {
      if (!(error instanceof ReadAgainAsCp1252)) throw error;
    } finally {
      stream.destroy?.();
    }
  }
  throw new Error("unreachable: cp1252 reads every byte");
}

/** Parses the CSV bytes of a quality table. */
export function parseQualityRelease(
  fileName: string,
  kind: QualityKind,
  bytes: Buffer,
  fallback?: DateFallback,
): Promise<QualityRelease> {
  return parseQualityStream(fileName, kind, async () => Readable.from([bytes]), fallback);
}

/** Reads the table's member of a monthly archive, or a (gzipped) CSV, streamed. */
export async function readQualityRelease(
  path: string,
  kind: QualityKind,
  fallbackFor: (name: string) => DateFallback | undefined,
): Promise<QualityRelease> {
  let name = "";
  const open = async () => {
    const opened = await openCsvStream(path, kind satisfies ArchiveTable);
    name = opened.name;
    return opened.stream;
  };
  // The member's name (for messages and the date in it) is known once the stream is open.
  const first = await open();
  first.destroy();
  return parseQualityStream(name, kind, open, fallbackFor(name));
}
