// Turns a CMS Health Deficiencies, Fire Safety Deficiencies or Penalties file into a validated, compact release: every value checked (any
// problem rejects the whole file with its line and column, as for Provider Information), the rows grouped by what
// a later release replaces as a whole, and each group's digest, so that a load writes only what changed.
//
// A national health citations file holds about 400,000 rows (ten times a Provider Information file): it is
// streamed in pieces that end at record boundaries, never held as one text, and its values are kept as codes into
// small dictionaries of the distinct values (a few thousand descriptions, dates and amounts), not as strings.

import { createHash } from "node:crypto";
import { eachCsvRecord, ReadAgainAsCp1252, type RecordContext } from "./csv-pieces.ts";
import { IngestError } from "./errors.ts";
import {
  detectInspectionLayout,
  FIELDS_OF,
  FIRE_SAFETY_PREFIXES,
  type InspectionFieldType,
  type InspectionKind,
  type InspectionLayout,
  isCitationKind,
  SCOPE_SEVERITY_CODES,
} from "./inspection-layout.ts";
import { normalizeHeader } from "./layout.ts";
import { type DateFallback, parseCcn, parseDate, parseFlag } from "./parse-release.ts";
import { type ArchiveTable, openCsvStream } from "./source.ts";
import { isSpreadsheetNumber, recoverSpreadsheetCcn, stateFromLocation } from "./spreadsheet-ccn.ts";

export type InspectionValue = string | number | null;

/** A column as codes into a dictionary of its distinct values. */
export interface CodedColumn {
  values: InspectionValue[];
  codes: Int32Array;
}

/**
 * The groups a later release replaces whole: a survey (facility, survey date and survey type) for citations, the
 * penalties of a facility on one penalty date for penalties. See docs/ingest.md, "Inspection records".
 */
export interface InspectionGroups {
  ccn: string[];
  date: string[];
  /** The survey type ('' when the file has none); '' for penalties. */
  surveyType: string[];
  /** A digest of the group's rows (their values, in a canonical order): the same rows give the same digest. */
  digest: string[];
  /** Group g's rows are rows start[g] to start[g + 1] - 1. */
  start: Int32Array;
}

export interface InspectionRelease {
  kind: InspectionKind;
  fileName: string;
  processingDate: string;
  /** Set when the file has no processing date column: where its date came from instead. */
  dateSource?: string;
  rowCount: number;
  /** sha256 of the CSV bytes (see ParsedRelease). */
  checksum: string;
  groups: InspectionGroups;
  /**
   * The rows, group by group and within a group in canonical order, one coded column per stored field (see
   * ROW_FIELDS), plus `rank`: a row's number among the group's rows with the same identity (1 for the first).
   */
  columns: Record<string, CodedColumn>;
}

/** The fields stored per row (the group's fields are in `groups`), in the order of the canonical text. */
const CITATION_ROW_FIELDS = [
  "prefix",
  "tag",
  "scopeSeverity",
  "category",
  "description",
  "correctionStatus",
  "correctionDate",
  "inspectionCycle",
  "standard",
  "complaint",
  "infectionControl",
  "underIdr",
  "underIidr",
] as const;
export const ROW_FIELDS: Record<InspectionKind, readonly string[]> = {
  citations: CITATION_ROW_FIELDS,
  fire: CITATION_ROW_FIELDS,
  penalties: ["penaltyType", "fineAmount", "denialStartDate", "denialDays"],
};

/**
 * How many of the first row fields tell two rows of a group apart (the rest are the row's current state): the
 * prefix and tag of a citation; a penalty is told apart by its place in the group's canonical order alone.
 */
const IDENTITY_FIELDS: Record<InspectionKind, number> = { citations: 2, fire: 2, penalties: 0 };

// ---------------------------------------------------------------------------------------------------------------
// Values

function isMissing(value: string): boolean {
  return value === "" || value === ".";
}

function parseText(raw: string): string | null {
  const value = raw.trim().replace(/\s+/g, " ");
  return value === "" ? null : value;
}

/** A whole number, kept as CMS wrote it (the June 2021 penalties list a payment denial of -526 days). */
function parseWholeNumber(raw: string): number | null {
  const value = raw.trim();
  if (isMissing(value)) return null;
  const number = Number(value.replace(/,/g, ""));
  if (!/^-?[\d,]+$/.test(value) || !Number.isSafeInteger(number))
    throw new Error(`"${value}" is not a whole number`);
  return number;
}

/** Dollars, with or without `$`, thousands separators and cents (`$6600`, `6,600.00`). */
function parseMoney(raw: string): number | null {
  const value = raw.trim();
  if (isMissing(value)) return null;
  const number = Number(value.replace(/^\$/, "").replace(/,(?=\d{3}(?:\D|$))/g, ""));
  if (!/^\$?[\d,]*\.?\d*$/.test(value) || !Number.isFinite(number) || number < 0) {
    throw new Error(`"${value}" is not an amount of dollars`);
  }
  return number;
}

/** A deficiency tag as CMS writes it, four digits (`0689`); a tag whose leading zeros a spreadsheet dropped is padded. */
function parseTag(raw: string): string | null {
  const value = raw.trim();
  if (value === "") return null;
  const match = /^(?:[A-Z]-?)?(\d{1,4})$/i.exec(value);
  if (!match) throw new Error(`"${value}" is not a deficiency tag number`);
  return (match[1] as string).padStart(4, "0");
}

function parseScopeSeverity(raw: string): string | null {
  const value = raw.trim().toUpperCase();
  if (isMissing(value)) return null;
  if (value.length !== 1 || !SCOPE_SEVERITY_CODES.includes(value)) {
    throw new Error(`"${raw.trim()}" is not a scope and severity code A-L`);
  }
  return value;
}

/** A fire safety citation's prefix: K (Life Safety Code) or E (emergency preparedness). */
function parseFirePrefix(raw: string): string | null {
  const value = raw.trim().toUpperCase();
  if (value === "") return null;
  if (!(FIRE_SAFETY_PREFIXES as readonly string[]).includes(value)) {
    throw new Error(`"${raw.trim()}" is not a fire safety deficiency prefix (K or E)`);
  }
  return value;
}

function parsePenaltyType(raw: string): string | null {
  const value = raw.trim().replace(/\s+/g, " ").toLowerCase();
  if (value === "") return null;
  if (value === "fine") return "Fine";
  if (value === "payment denial") return "Payment Denial";
  throw new Error(`"${raw.trim()}" is not a penalty type (Fine or Payment Denial)`);
}

const PARSERS: Record<InspectionFieldType, (raw: string) => InspectionValue> = {
  ccn: parseCcn,
  text: parseText,
  date: parseDate,
  integer: parseWholeNumber,
  money: parseMoney,
  flag: parseFlag,
  tag: parseTag,
  scopeSeverity: parseScopeSeverity,
  firePrefix: parseFirePrefix,
  penaltyType: parsePenaltyType,
};

/** Values without which a row says nothing: the group's key and the row's identity. */
const REQUIRED_VALUES: Record<InspectionKind, readonly string[]> = {
  citations: ["surveyDate", "tag"],
  fire: ["surveyDate", "tag"],
  penalties: ["penaltyDate", "penaltyType"],
};

// ---------------------------------------------------------------------------------------------------------------
// Parsing

interface ColumnBuilder {
  field: string;
  column: number;
  type: InspectionFieldType;
  /** A blank value rejects the file (see REQUIRED_VALUES). */
  isRequired: boolean;
  /** Codes of the raw cells seen before (their parse is the same every time). */
  byRaw: Map<string, number>;
  byValue: Map<InspectionValue, number>;
  values: InspectionValue[];
  codes: GrowableCodes;
}

class GrowableCodes {
  array = new Int32Array(1024);
  length = 0;
  push(code: number): void {
    if (this.length === this.array.length) {
      const bigger = new Int32Array(this.array.length * 2);
      bigger.set(this.array);
      this.array = bigger;
    }
    this.array[this.length] = code;
    this.length += 1;
  }
}

function codeOf(builder: ColumnBuilder, value: InspectionValue): number {
  let code = builder.byValue.get(value);
  if (code === undefined) {
    code = builder.values.length;
    builder.values.push(value);
    builder.byValue.set(value, code);
  }
  return code;
}

export interface InspectionParseOptions {
  /** The table the file holds (as its archive member's name, or its header, told). */
  kind: InspectionKind;
  fallback?: DateFallback;
}

/** Parses the CSV bytes of one inspection file, streamed. */
async function parseStream(
  fileName: string,
  stream: AsyncIterable<Buffer>,
  { kind, fallback }: InspectionParseOptions,
  encoding: "utf8" | "cp1252",
): Promise<InspectionRelease> {
  const fields: Record<string, { type: InspectionFieldType }> = FIELDS_OF[kind];

  let header: string[] | null = null;
  let layout: InspectionLayout | null = null;
  let builders: ColumnBuilder[] = [];
  let rowFieldBuilders: ColumnBuilder[] = [];
  /** Rejects the file at the record being read (its line), naming the column (csv-pieces.ts). */
  let context: RecordContext | null = null;
  const fail = (problem: string, column?: string): never => {
    if (context) return context.fail(problem, column);
    throw new IngestError(fileName, problem);
  };

  // Groups and their rows.
  const groupOf = new Map<string, number>();
  const groups: { ccn: string[]; date: string[]; surveyType: string[] } = {
    ccn: [],
    date: [],
    surveyType: [],
  };
  const rowGroup = new GrowableCodes();
  const ccnByRaw = new Map<string, string>();
  let processingDate: string | null = null;
  let rawProcessingDate: string | null = null;
  let rowCount = 0;
  let locationColumn = -1;
  let stateColumn: number | undefined;
  let ccnColumn = 0;
  let groupDateField = "";
  let surveyTypeColumn: number | undefined;

  const start = (cells: string[]) => {
    const detected = detectInspectionLayout(kind, cells, { hasFallbackDate: fallback !== undefined });
    if (typeof detected === "string") return fail(detected);
    layout = detected;
    header = cells;
    locationColumn = cells.findIndex((cell) => normalizeHeader(cell) === "location");
    stateColumn = detected.columns.state;
    ccnColumn = detected.columns.ccn ?? 0;
    groupDateField = isCitationKind(kind) ? "surveyDate" : "penaltyDate";
    surveyTypeColumn = isCitationKind(kind) ? detected.columns.surveyType : undefined;
    const builderOf = (field: string): ColumnBuilder => ({
      field,
      column: detected.columns[field] ?? -1,
      type: (fields[field] as { type: InspectionFieldType }).type,
      isRequired: REQUIRED_VALUES[kind].includes(field),
      byRaw: new Map(),
      byValue: new Map(),
      values: [],
      codes: new GrowableCodes(),
    });
    rowFieldBuilders = ROW_FIELDS[kind].map(builderOf);
    builders = [
      ...rowFieldBuilders,
      builderOf(groupDateField),
      ...(detected.columns.processingDate === undefined ? [] : [builderOf("processingDate")]),
    ];
  };

  const addRecord = (record: string[]) => {
    const cells = header as string[];
    for (const builder of builders) {
      let code: number;
      if (builder.column < 0) code = codeOf(builder, null);
      else {
        const raw = record[builder.column] ?? "";
        const known = builder.byRaw.get(raw);
        if (known === undefined) {
          let parsed: InspectionValue = null;
          try {
            parsed = PARSERS[builder.type](raw);
          } catch (error) {
            fail((error as Error).message, cells[builder.column]);
          }
          code = codeOf(builder, parsed);
          builder.byRaw.set(raw, code);
        } else code = known;
      }
      if (builder.isRequired && builder.values[code] === null) {
        fail(`${cells[builder.column] ?? builder.field} is blank`, cells[builder.column]);
      }
      builder.codes.push(code);
    }
    // The CCN: padded, or recovered from a spreadsheet's scientific notation with the row's state.
    const rawCcn = record[ccnColumn] ?? "";
    let ccn = ccnByRaw.get(rawCcn);
    if (ccn === undefined) {
      try {
        if (isSpreadsheetNumber(rawCcn)) {
          const state =
            (stateColumn === undefined ? "" : (record[stateColumn] ?? "").trim().toUpperCase()) ||
            (locationColumn >= 0 ? stateFromLocation(record[locationColumn] ?? "") : null);
          ccn = recoverSpreadsheetCcn(rawCcn, state || null);
        } else {
          ccn = parseCcn(rawCcn);
          ccnByRaw.set(rawCcn, ccn);
        }
      } catch (error) {
        return fail((error as Error).message, cells[ccnColumn]);
      }
    }
    const dateBuilder = builders[rowFieldBuilders.length] as ColumnBuilder;
    const date = dateBuilder.values[
      dateBuilder.codes.array[dateBuilder.codes.length - 1] as number
    ] as string;
    const surveyType =
      surveyTypeColumn === undefined ? "" : (parseText(record[surveyTypeColumn] ?? "") ?? "");
    const key = `${ccn}|${date}|${surveyType}`;
    let group = groupOf.get(key);
    if (group === undefined) {
      group = groups.ccn.length;
      groupOf.set(key, group);
      groups.ccn.push(ccn);
      groups.date.push(date);
      groups.surveyType.push(surveyType);
    }
    rowGroup.push(group);
    rowCount += 1;
    const dateColumn = (layout as InspectionLayout).columns.processingDate;
    if (dateColumn === undefined) return;
    const rawDate = record[dateColumn] ?? "";
    if (rawDate !== rawProcessingDate) {
      const builder = builders.at(-1) as ColumnBuilder;
      const parsed = builder.values[builder.codes.array[builder.codes.length - 1] as number] as string | null;
      if (parsed === null) fail("Processing Date is blank", cells[dateColumn]);
      if (processingDate !== null && parsed !== processingDate) {
        fail(`Processing Date ${parsed} differs from ${processingDate} on earlier rows`, cells[dateColumn]);
      }
      processingDate = parsed;
      rawProcessingDate = rawDate;
    }
  };

  const { checksum } = await eachCsvRecord(fileName, stream, encoding, (cells, record, recordContext) => {
    context = recordContext;
    if (record === 0) start(cells);
    else addRecord(cells);
  });
  if (header === null) throw new IngestError(fileName, "the file is empty");
  if (rowCount === 0) throw new IngestError(fileName, "the file has a header but no rows", 1);
  const hasDateColumn = (layout as InspectionLayout | null)?.columns.processingDate !== undefined;

  const { start: groupStart, order } = groupRows(rowGroup, groups.ccn.length);
  const rowColumns = rowFieldBuilders.map((builder) => ({
    values: builder.values,
    codes: builder.codes.array,
  }));
  const { digest, rank } = digestGroups(kind, groups, groupStart, order, rowColumns);
  const columns: Record<string, CodedColumn> = {};
  rowFieldBuilders.forEach((builder, index) => {
    const codes = new Int32Array(rowCount);
    const source = (rowColumns[index] as { codes: Int32Array }).codes;
    for (let position = 0; position < rowCount; position += 1)
      codes[position] = source[order[position] as number] as number;
    columns[builder.field] = { values: builder.values, codes };
  });
  columns.rank = rank;
  return {
    kind,
    fileName,
    processingDate: hasDateColumn ? (processingDate as unknown as string) : (fallback as DateFallback).date,
    ...(hasDateColumn ? {} : { dateSource: (fallback as DateFallback).source }),
    rowCount,
    checksum,
    groups: { ...groups, digest, start: groupStart },
    columns,
  };
}

/** The rows in group order (stable: within a group, in file order), and where each group starts. */
function groupRows(rowGroup: GrowableCodes, groupCount: number): { start: Int32Array; order: Int32Array } {
  const counts = new Int32Array(groupCount);
  for (let row = 0; row < rowGroup.length; row += 1) {
    const group = rowGroup.array[row] as number;
    counts[group] = (counts[group] as number) + 1;
  }
  const start = new Int32Array(groupCount + 1);
  for (let group = 0; group < groupCount; group += 1) {
    start[group + 1] = (start[group] as number) + (counts[group] as number);
  }
  const next = start.slice(0, groupCount);
  const order = new Int32Array(rowGroup.length);
  for (let row = 0; row < rowGroup.length; row += 1) {
    const group = rowGroup.array[row] as number;
    const position = next[group] as number;
    order[position] = row;
    next[group] = position + 1;
  }
  return { start, order };
}

/**
 * Sorts each group's rows into their canonical order (by their values, so that the file's row order does not
 * matter), numbers the rows of a group that share an identity, and digests each group's rows.
 */
function digestGroups(
  kind: InspectionKind,
  groups: { ccn: string[]; date: string[]; surveyType: string[] },
  start: Int32Array,
  order: Int32Array,
  rowColumns: { values: InspectionValue[]; codes: Int32Array }[],
): { digest: string[]; rank: CodedColumn } {
  const identityFields = IDENTITY_FIELDS[kind];
  const digest: string[] = [];
  const rankValues: InspectionValue[] = [];
  const rankCodes = new Int32Array(order.length);
  // Each value's text in the canonical text of a row, once per distinct value.
  const texts = rowColumns.map((column) =>
    column.values.map((value) => `${value === null ? "\u0000" : String(value)}\u001f`),
  );
  const textOf = (row: number): string => {
    let text = "";
    for (let field = 0; field < rowColumns.length; field += 1) {
      text += (texts[field] as string[])[(rowColumns[field] as { codes: Int32Array }).codes[row] as number];
    }
    return text;
  };
  /** The identity of a row: its canonical text up to the end of its identity fields. */
  const identityOf = (text: string): string => {
    let end = 0;
    for (let field = 0; field < identityFields; field += 1) end = text.indexOf("\u001f", end) + 1;
    return text.slice(0, end);
  };
  for (let group = 0; group < groups.ccn.length; group += 1) {
    const from = start[group] as number;
    const to = start[group + 1] as number;
    const rows = Array.from(order.subarray(from, to), (row) => ({ row, text: textOf(row) }));
    if (rows.length > 1) rows.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
    let previousIdentity = "";
    let rank = 0;
    let all = "";
    rows.forEach(({ row, text }, index) => {
      order[from + index] = row;
      all += `${text}\u001e`;
      const identity = identityOf(text);
      rank = identity === previousIdentity ? rank + 1 : 1;
      previousIdentity = identity;
      while (rankValues.length <= rank) rankValues.push(rankValues.length);
      rankCodes[from + index] = rank;
    });
    const hash = createHash("sha1").update(all);
    digest.push(hash.digest("base64url"));
  }
  return { digest, rank: { values: rankValues, codes: rankCodes } };
}

/** Reads and parses one Health Deficiencies, Fire Safety Deficiencies or Penalties file (a CSV, gzipped CSV or an archive's member). */
export async function readInspectionRelease(
  path: string,
  table: InspectionKind & ArchiveTable,
  fallbackFor: (sourceName: string) => DateFallback | undefined,
): Promise<InspectionRelease> {
  for (const encoding of ["utf8", "cp1252"] as const) {
    const { name, stream } = await openCsvStream(path, table);
    try {
      return await parseStream(name, stream, { kind: table, fallback: fallbackFor(name) }, encoding);
    } catch (error) {
      if (!(error instanceof ReadAgainAsCp1252)) throw error;
    } finally {
      stream.destroy();
    }
  }
  throw new Error("unreachable: cp1252 reads every byte");
}
