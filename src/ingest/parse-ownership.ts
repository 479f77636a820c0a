// Turns a CMS Ownership file into a validated release: every value checked (any problem rejects the whole file with
// its line and column, as for the other tables). A national file holds about 150,000 rows (15,000 facilities, ten
// owners and managers each); it is streamed in pieces that end at record boundaries (csv-pieces.ts) into columns of
// indexes into small dictionaries (an owner's name repeats across its facilities, a role text across all), which a
// parse worker hands over without copying a string per row. The rows come out grouped by facility, each facility's
// rows with a digest, so that a load compares one digest per facility with what is stored (load-ownership.ts).

import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { normalizeOwnerName, type OwnerType, ownerKey, roleKey } from "../core/ownership.ts";
import { eachCsvRecord, ReadAgainAsCp1252, type RecordContext } from "./csv-pieces.ts";
import { IngestError } from "./errors.ts";
import {
  missingOwnershipColumns,
  OWNERSHIP_FIELDS,
  type OwnershipColumns,
  type OwnershipField,
  type OwnershipKind,
  ownershipColumns,
} from "./ownership-layout.ts";
import { type DateFallback, parseCcn, parseDate } from "./parse-release.ts";
import { type ArchiveTable, openCsvStream } from "./source.ts";
import { isSpreadsheetNumber, recoverSpreadsheetCcn, stateFromLocation } from "./spreadsheet-ccn.ts";

/** An owner as a file lists it. */
export interface ListedOwner {
  key: string;
  type: OwnerType;
  /** The name as the file writes it (spaces collapsed). */
  name: string;
}

/**
 * The file's rows, one per facility, owner and role (a row listed twice is kept once), grouped by facility (in CCN
 * order) and within a facility ordered by owner key and role key. Each column holds indexes into its dictionary.
 */
export interface OwnershipRows {
  ccns: string[];
  /** Facility f's rows are rows facilityStart[f] to facilityStart[f + 1] - 1. */
  facilityStart: Int32Array;
  /** Per facility: a digest of its rows' values (base64url), what the load compares with the stored one. */
  digests: string[];
  owners: ListedOwner[];
  owner: Int32Array;
  /** CMS's role texts as written (spaces collapsed); role r's key is roleKey(roles[r]). */
  roles: string[];
  role: Int32Array;
  /** CMS's percentage texts (index 0: blank) and their numbers (null when not a number from 0 to 100). */
  percentageTexts: (string | null)[];
  percentages: (number | null)[];
  percentage: Int32Array;
  /** Association dates, YYYY-MM-DD (index 0: none). */
  sinceDates: (string | null)[];
  since: Int32Array;
}

export interface OwnershipRelease {
  kind: OwnershipKind;
  fileName: string;
  processingDate: string;
  dateSource?: string;
  /** Rows of the file (before repeated rows are dropped). */
  rowCount: number;
  /** sha256 of the CSV bytes. */
  checksum: string;
  rows: OwnershipRows;
}

/** An owner type as CMS writes it: `Individual` or `Organization` (also `I` and `O`). */
export function parseOwnerType(raw: string): OwnerType {
  const value = raw.trim().toUpperCase();
  if (value === "INDIVIDUAL" || value === "I") return "individual";
  if (value === "ORGANIZATION" || value === "ORGANISATION" || value === "O") return "organization";
  throw new Error(`"${raw.trim()}" is not an owner type (Individual or Organization)`);
}

/**
 * An ownership percentage as CMS writes it: `100%`, `5.5%` or `50` is a number (0 to 100); any other text
 * (`NO PERCENTAGE PROVIDED`, `NOT APPLICABLE`) is kept as text with no number. Blank is neither.
 */
export function parsePercentage(raw: string): { text: string | null; value: number | null } {
  const text = raw.trim().replace(/\s+/g, " ");
  if (text === "" || text === ".") return { text: null, value: null };
  const number = /^(\d{1,3}(?:\.\d+)?)\s*%?$/.exec(text);
  const value = number ? Number(number[1]) : null;
  return { text, value: value !== null && value <= 100 ? value : null };
}

/**
 * An association date as CMS writes it, `since 01/01/2010` (or the date alone, `01/01/2010`, `2010-01-01`), as
 * YYYY-MM-DD. Text without a digit (`NO DATE PROVIDED`) and blank are none; a date that is no calendar day is an
 * error.
 */
export function parseAssociationDate(raw: string): string | null {
  const value = raw
    .trim()
    .replace(/^since\s+/i, "")
    .trim();
  if (!/\d/.test(value)) return null;
  const date = parseDate(value);
  return date;
}

/** The index of a value in a dictionary of the file's distinct values. */
function indexIn<T>(values: T[], byValue: Map<string, number>, key: string, value: T): number {
  let index = byValue.get(key);
  if (index === undefined) {
    index = values.length;
    values.push(value);
    byValue.set(key, index);
  }
  return index;
}

/** A growable column of 32-bit integers. */
class IntColumn {
  array = new Int32Array(4096);
  length = 0;
  push(value: number): void {
    if (this.length === this.array.length) {
      const bigger = new Int32Array(this.array.length * 2);
      bigger.set(this.array);
      this.array = bigger;
    }
    this.array[this.length] = value;
    this.length += 1;
  }
  at(index: number): number {
    return this.array[index] as number;
  }
}

function ownershipParser(fallback: DateFallback | undefined) {
  let header: string[] = [];
  let columns: OwnershipColumns = {};
  const ccns: string[] = [];
  const ccnByValue = new Map<string, number>();
  const ccnByRaw = new Map<string, number>();
  const owners: ListedOwner[] = [];
  const ownerByRaw = new Map<string, number>();
  const ownerByKey = new Map<string, number>();
  const roles: string[] = [];
  const roleByRaw = new Map<string, number>();
  const percentageTexts: (string | null)[] = [null];
  const percentages: (number | null)[] = [null];
  const percentageByRaw = new Map<string, number>([["", 0]]);
  const sinceDates: (string | null)[] = [null];
  const sinceByRaw = new Map<string, number>([["", 0]]);
  const sinceByDate = new Map<string, number>();
  const ccn = new IntColumn();
  const owner = new IntColumn();
  const role = new IntColumn();
  const percentage = new IntColumn();
  const since = new IntColumn();
  let date: string | null = null;
  let rawDate: string | null = null;
  return {
    onRecord(cells: string[], record: number, context: RecordContext): void {
      if (record === 0) {
        header = cells;
        columns = ownershipColumns(cells);
        const problem = missingOwnershipColumns(columns, fallback !== undefined);
        if (problem) context.fail(problem);
        return;
      }
      let field: OwnershipField = "ccn";
      const cell = (name: OwnershipField): string => {
        field = name;
        const column = columns[name];
        return column === undefined ? "" : (cells[column] ?? "");
      };
      try {
        const rawCcn = cell("ccn");
        let ccnIndex = ccnByRaw.get(rawCcn);
        if (ccnIndex === undefined) {
          let value: string;
          if (isSpreadsheetNumber(rawCcn)) {
            const state = cell("state").trim().toUpperCase() || stateFromLocation(cell("location")) || null;
            field = "ccn";
            value = recoverSpreadsheetCcn(rawCcn, state);
          } else value = parseCcn(rawCcn);
          ccnIndex = indexIn(ccns, ccnByValue, value, value);
          if (!isSpreadsheetNumber(rawCcn)) ccnByRaw.set(rawCcn, ccnIndex);
        }
        const rawType = cell("ownerType");
        const rawName = cell("ownerName");
        const ownerRaw = `${rawType}\u0000${rawName}`;
        let ownerIndex = ownerByRaw.get(ownerRaw);
        if (ownerIndex === undefined) {
          field = "ownerType";
          const type = parseOwnerType(rawType);
          field = "ownerName";
          const name = rawName.trim().replace(/\s+/g, " ");
          if (name === "") throw new Error("blank owner name");
          if (normalizeOwnerName(name) === "") throw new Error(`"${name}" has no letter or digit`);
          const key = ownerKey(type, name);
          // The first spelling of an owner in the file is its name here (a file rarely spells one owner twice).
          ownerIndex = indexIn(owners, ownerByKey, key, { key, type, name });
          ownerByRaw.set(ownerRaw, ownerIndex);
        }
        const rawRole = cell("role");
        let roleIndex = roleByRaw.get(rawRole);
        if (roleIndex === undefined) {
          const text = rawRole.trim().replace(/\s+/g, " ");
          if (text === "") throw new Error("blank role");
          roleIndex = roles.indexOf(text);
          if (roleIndex < 0) roleIndex = roles.push(text) - 1;
          roleByRaw.set(rawRole, roleIndex);
        }
        const rawPercentage = cell("percentage");
        let percentageIndex = percentageByRaw.get(rawPercentage);
        if (percentageIndex === undefined) {
          const parsed = parsePercentage(rawPercentage);
          percentageIndex = parsed.text === null ? 0 : percentageTexts.indexOf(parsed.text);
          if (percentageIndex < 0) {
            percentageIndex = percentageTexts.push(parsed.text) - 1;
            percentages.push(parsed.value);
          }
          percentageByRaw.set(rawPercentage, percentageIndex);
        }
        const rawSince = cell("associationDate");
        let sinceIndex = sinceByRaw.get(rawSince);
        if (sinceIndex === undefined) {
          const parsed = parseAssociationDate(rawSince);
          sinceIndex = parsed === null ? 0 : indexIn(sinceDates, sinceByDate, parsed, parsed);
          sinceByRaw.set(rawSince, sinceIndex);
        }
        field = "processingDate";
        const dateColumn = columns.processingDate;
        if (dateColumn !== undefined) {
          const raw = cells[dateColumn] ?? "";
          if (raw !== rawDate) {
            const parsed = parseDate(raw);
            if (parsed === null) throw new Error("blank processing date");
            if (date === null) date = parsed;
            else if (date !== parsed)
              throw new Error(`processing date ${parsed} differs from the file's ${date}`);
            rawDate = raw;
          }
        }
        ccn.push(ccnIndex);
        owner.push(ownerIndex);
        role.push(roleIndex);
        percentage.push(percentageIndex);
        since.push(sinceIndex);
      } catch (error) {
        if (error instanceof IngestError) throw error;
        const column = columns[field];
        context.fail(
          (error as Error).message,
          column === undefined ? OWNERSHIP_FIELDS[field][0] : header[column],
        );
      }
    },
    finish(fail: (problem: string) => never): Omit<OwnershipRelease, "fileName" | "checksum" | "kind"> {
      const processingDate = date ?? fallback?.date;
      if (!processingDate) return fail("no processing date");
      const rowCount = ccn.length;
      const roleKeys = roles.map(roleKey);
      // Rows in order of facility (CCN), owner key and role key; a row that repeats one before it is dropped.
      const order = Array.from({ length: rowCount }, (_, row) => row);
      const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      order.sort(
        (a, b) =>
          compare(ccns[ccn.at(a)] as string, ccns[ccn.at(b)] as string) ||
          compare((owners[owner.at(a)] as ListedOwner).key, (owners[owner.at(b)] as ListedOwner).key) ||
          compare(roleKeys[role.at(a)] as string, roleKeys[role.at(b)] as string) ||
          a - b,
      );
      const kept = order.filter((row, at) => {
        const before = order[at - 1];
        return (
          before === undefined ||
          ccn.at(before) !== ccn.at(row) ||
          owner.at(before) !== owner.at(row) ||
          roleKeys[role.at(before)] !== roleKeys[role.at(row)]
        );
      });
      const facilityCcns: string[] = [];
      const starts: number[] = [];
      kept.forEach((row, at) => {
        const before = kept[at - 1];
        if (before === undefined || ccn.at(before) !== ccn.at(row)) {
          facilityCcns.push(ccns[ccn.at(row)] as string);
          starts.push(at);
        }
      });
      starts.push(kept.length);
      const pick = (column: IntColumn) => Int32Array.from(kept, (row) => column.at(row));
      const rows: OwnershipRows = {
        ccns: facilityCcns,
        facilityStart: Int32Array.from(starts),
        digests: [],
        owners,
        owner: pick(owner),
        roles,
        role: pick(role),
        percentageTexts,
        percentages,
        percentage: pick(percentage),
        sinceDates,
        since: pick(since),
      };
      rows.digests = facilityCcns.map((_, facility) => facilityDigest(rows, facility));
      return {
        processingDate,
        ...(date === null && fallback ? { dateSource: fallback.source } : {}),
        rowCount,
        rows,
      };
    },
  };
}

/** One row's values, as digested and as stored rows are compared. */
export function rowValues(rows: OwnershipRows, row: number): string {
  const owner = rows.owners[rows.owner[row] as number] as ListedOwner;
  return [
    owner.key,
    roleKey(rows.roles[rows.role[row] as number] as string),
    owner.name,
    rows.roles[rows.role[row] as number],
    rows.percentageTexts[rows.percentage[row] as number] ?? "",
    rows.sinceDates[rows.since[row] as number] ?? "",
  ].join("\u0001");
}

/** The digest of a facility's rows (ownership_facility.digest): equal rows, equal digests. */
function facilityDigest(rows: OwnershipRows, facility: number): string {
  const hash = createHash("sha1");
  for (
    let row = rows.facilityStart[facility] as number;
    row < (rows.facilityStart[facility + 1] as number);
    row += 1
  )
    hash.update(`${rowValues(rows, row)}\n`);
  return hash.digest().subarray(0, 16).toString("base64url");
}

async function parseOwnershipStream(
  fileName: string,
  open: () => Promise<AsyncIterable<Buffer> & { destroy?: () => void }>,
  fallback: DateFallback | undefined,
): Promise<OwnershipRelease> {
  for (const encoding of ["utf8", "cp1252"] as const) {
    const parser = ownershipParser(fallback);
    const stream = await open();
    try {
      const { checksum, records } = await eachCsvRecord(fileName, stream, encoding, parser.onRecord);
      const fail = (problem: string): never => {
        throw new IngestError(fileName, problem);
      };
      if (records === 0) fail("the file is empty");
      return { kind: "ownership", fileName, checksum, ...parser.finish(fail) };
    } catch (error) {
      if (!(error instanceof ReadAgainAsCp1252)) throw error;
    } finally {
      stream.destroy?.();
    }
  }
  throw new Error("unreachable: cp1252 reads every byte");
}

/** Parses the CSV bytes of an Ownership file. */
export function parseOwnershipRelease(
  fileName: string,
  bytes: Buffer,
  fallback?: DateFallback,
): Promise<OwnershipRelease> {
  return parseOwnershipStream(fileName, async () => Readable.from([bytes]), fallback);
}

/** Reads the Ownership member of a monthly archive, or a (gzipped) CSV, streamed. */
export async function readOwnershipRelease(
  path: string,
  fallbackFor: (name: string) => DateFallback | undefined,
): Promise<OwnershipRelease> {
  let name = "";
  const open = async () => {
    const opened = await openCsvStream(path, "ownership" satisfies ArchiveTable);
    name = opened.name;
    return opened.stream;
  };
  const first = await open();
  first.destroy();
  return parseOwnershipStream(name, open, fallbackFor(name));
}

/** The typed columns a parse worker moves to the loading thread instead of copying. */
export function transferablesOf(release: OwnershipRelease): ArrayBuffer[] {
  const { rows } = release;
  return [rows.facilityStart, rows.owner, rows.role, rows.percentage, rows.since].map(
    (column) => column.buffer as ArrayBuffer,
  );
}
