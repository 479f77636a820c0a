// CSV transforms that turn a Provider Information CSV into what a CMS monthly archive of a given era holds.
// Deliberately independent of the product's header mapping (src/ingest/layout.ts): the fixtures must not agree with
// the product by construction. The L1 names are those of the CMS layouts (src/ingest/demo/cms-layouts.ts).

import Papa from "papaparse";
import {
  L1_RENAMES,
  l1InspectionColumns,
  NOT_IN_L1,
  NOT_IN_L1_PATTERN,
} from "../../src/ingest/demo/cms-layouts.ts";
import { mulberry32 } from "../../src/ingest/demo/random.ts";

/** L1: archives dated 2019-01..2020-07; L2: 2020-08..2026-06; L3: from 2026-07. */
export type ArchiveLayout = "L1" | "L2" | "L3";

export function layoutForArchiveDate(date: string): ArchiveLayout {
  const match = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(date);
  if (!match) throw new RangeError(`archive date must be 'YYYY-MM-DD', got '${date}'`);
  const month = date.slice(0, 7);
  if (month <= "2020-07") return "L1";
  if (month <= "2026-06") return "L2";
  return "L3";
}

// ------------------------------------------------------------------------------------------------------------
// CSV text -> CSV text, row by row, keeping the file's style (BOM, line break, quote-every-field, final line
// break). Parsed and written in chunks so that a full-size month never exists as one array of rows.

interface CsvStyle {
  bom: boolean;
  newline: "\n" | "\r\n";
  quoteAll: boolean;
  finalNewline: boolean;
}

interface CsvMapper {
  /** Returns the output header. */
  header(header: string[]): string[];
  /** Returns the output row (may be the input row, changed in place). */
  row(row: string[]): string[];
}

const BATCH_ROWS = 2000;

function mapCsv(text: string, mapper: CsvMapper): string {
  const bom = text.charCodeAt(0) === 0xfeff;
  const body = bom ? text.slice(1) : text;
  const firstNewline = body.indexOf("\n");
  const style: CsvStyle = {
    bom,
    newline: firstNewline > 0 && body[firstNewline - 1] === "\r" ? "\r\n" : "\n",
    quoteAll: body.startsWith('"'),
    finalNewline: /[\r\n]$/.test(body),
  };
  const parts: string[] = [];
  let header: string[] | null = null;
  let batch: string[][] = [];
  const flush = () => {
    if (batch.length > 0) parts.push(Papa.unparse(batch, { quotes: style.quoteAll, newline: style.newline }));
    batch = [];
  };
  Papa.parse<string[]>(body, {
    header: false,
    skipEmptyLines: true,
    newline: style.newline,
    step: (results) => {
      const row = results.data;
      if (header === null) {
        header = row;
        batch.push(mapper.header(row));
      } else batch.push(mapper.row(row));
      if (batch.length >= BATCH_ROWS) flush();
    },
  });
  flush();
  if (header === null) throw new Error("CSV has no header");
  return `${bom ? "\uFEFF" : ""}${parts.join(style.newline)}${style.finalNewline ? style.newline : ""}`;
}

function columnIndex(header: readonly string[], names: readonly string[]): number {
  const wanted = new Set(names.map((name) => name.trim().toLowerCase()));
  return header.findIndex((name) => wanted.has(name.trim().toLowerCase()));
}

// ------------------------------------------------------------------------------------------------------------
// L1 headers

const L1_NAME_BY_SOURCE = new Map<string, string>(
  L1_RENAMES.flatMap(([l1, sources]) => sources.map((source) => [source.toLowerCase(), l1] as const)),
);

/** Lower-case names of the columns an L1 file does not have. */
const NOT_IN_2019 = new Set(NOT_IN_L1.map((name) => name.toLowerCase()));

const PROCESSING_DATE = "Processing Date";

function isDroppedFromL1(name: string): boolean {
  const key = name.trim().toLowerCase();
  return key === PROCESSING_DATE.toLowerCase() || NOT_IN_2019.has(key) || NOT_IN_L1_PATTERN.test(key);
}

/** `YYYY-MM-DD` or `M/D/YYYY` (what CMS files hold) in the wanted format; anything else passes unchanged. */
function formatDate(value: string, format: "iso" | "us"): string {
  const text = value.trim();
  let y: string | undefined;
  let m: string | undefined;
  let d: string | undefined;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (iso) [, y, m, d] = iso;
  else if (us) [, m, d, y] = us;
  if (y === undefined || m === undefined || d === undefined) return value;
  return format === "us"
    ? `${Number(m)}/${Number(d)}/${y}`
    : `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
}

/**
 * The Provider Information CSV as an archive of the given layout holds it. L2 and L3 keep the text as it is.
 * L1 renames the columns to the abbreviated 2019 names, drops the columns 2019 did not have and `Processing Date`,
 * and appends `FILEDATE` with the same date (ISO by default, `M/D/YYYY` with fileDateFormat "us").
 */
export function toLayout(
  csvText: string,
  layout: ArchiveLayout,
  options: { fileDateFormat?: "iso" | "us" } = {},
): string {
  if (layout !== "L1") return csvText;
  const format = options.fileDateFormat ?? "iso";
  let kept: number[] = [];
  let dateColumn = -1;
  const out = mapCsv(csvText, {
    header: (header) => {
      dateColumn = columnIndex(header, [PROCESSING_DATE]);
      kept = [...header.keys()].filter((i) => !isDroppedFromL1(header[i] ?? ""));
      const names = kept.map((i) => {
        const name = header[i] ?? "";
        return L1_NAME_BY_SOURCE.get(name.trim().toLowerCase()) ?? name;
      });
      return [...names, "FILEDATE"];
    },
    row: (row) => {
      const mapped = kept.map((i) => row[i] ?? "");
      mapped.push(dateColumn < 0 ? "" : formatDate(row[dateColumn] ?? "", format));
      return mapped;
    },
  });
  return out;
}

/**
 * A health citations or penalties CSV as an L1 archive of `archiveMonth` holds it: the columns renamed and cut as
 * its download files have them (l1InspectionColumns), `hlthsrvy_post20171128` set from the survey date where the
 * archive has it.
 */
export function inspectionToL1(csvText: string, archiveMonth: string): string {
  let sources: number[] = [];
  let surveyDate = -1;
  return mapCsv(csvText, {
    header: (header) => {
      const columns = l1InspectionColumns(header, { archiveMonth });
      sources = columns.map(([, full]) => (full === null ? -1 : header.indexOf(full)));
      surveyDate = header.indexOf("Survey Date");
      return columns.map(([l1]) => l1);
    },
    row: (row) =>
      sources.map((source) =>
        source >= 0 ? (row[source] ?? "") : (row[surveyDate] ?? "") >= "2017-11-28" ? "Y" : "N",
      ),
  });
}

/** Sets `Processing Date` (or an L1 `FILEDATE`) of every row to isoDate. */
export function setProcessingDate(csvText: string, isoDate: string): string {
  let column = -1;
  return mapCsv(csvText, {
    header: (header) => {
      column = columnIndex(header, [PROCESSING_DATE, "FILEDATE"]);
      if (column < 0) throw new Error("CSV has no Processing Date column");
      return header;
    },
    row: (row) => {
      while (row.length <= column) row.push("");
      row[column] = isoDate;
      return row;
    },
  });
}

// ------------------------------------------------------------------------------------------------------------
// Rating changes

const RATING_COLUMNS: readonly (readonly string[])[] = [
  ["Overall Rating", "overall_rating"],
  ["Health Inspection Rating", "survey_rating"],
  ["Staffing Rating", "staffing_rating"],
  ["QM Rating", "quality_rating"],
];

/**
 * Deterministically moves some ratings: about 10% of the rows get one or more of Overall, Health Inspection,
 * Staffing and QM Rating moved by one star (kept within 1..5). Blank or non-numeric ratings stay as they are.
 */
export function perturbRatings(csvText: string, seed: number): string {
  const random = mulberry32(seed);
  let columns: number[] = [];
  return mapCsv(csvText, {
    header: (header) => {
      columns = RATING_COLUMNS.map((names) => columnIndex(header, names)).filter((i) => i >= 0);
      return header;
    },
    row: (row) => {
      if (random() >= 0.1) return row;
      const rated = columns.filter((i) => /^[1-5]$/.test((row[i] ?? "").trim()));
      if (rated.length === 0) return row;
      let moves = rated.filter(() => random() < 0.5);
      if (moves.length === 0) moves = [rated[Math.floor(random() * rated.length)] ?? (rated[0] as number)];
      for (const i of moves) {
        const stars = Number((row[i] ?? "").trim());
        const step = stars === 1 ? 1 : stars === 5 ? -1 : random() < 0.5 ? -1 : 1;
        row[i] = String(stars + step);
      }
      return row;
    },
  });
}

/** The header and the first n records, byte for byte as they are in csvText (records may span lines). */
export function sliceRows(csvText: string, n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError("n must be a whole number >= 0");
  const parsed = Papa.parse<string[]>(csvText, { header: false, preview: n + 1 });
  if (!parsed.meta.truncated) return csvText;
  const newline = parsed.meta.linebreak || "\n";
  // Papa's cursor stops either before or after the record's line break.
  const records = csvText.slice(0, parsed.meta.cursor).replace(/\r?\n$|\r$/, "");
  return `${records}${newline}`;
}

// ------------------------------------------------------------------------------------------------------------
// A new month's surveys

const CITATION_COLUMNS = {
  ccn: ["CMS Certification Number (CCN)", "Federal Provider Number", "provnum"],
  surveyDate: ["Survey Date", "survey_date_output"],
  corrected: ["Deficiency Corrected", "defstat"],
  correctionDate: ["Correction Date", "statdate"],
  cycle: ["Inspection Cycle", "cycle"],
  standard: ["Standard Deficiency", "standard"],
} as const;

/**
 * A health citations CSV as the next release would list it when about `share` of the facilities had a standard
 * survey on `surveyDate`: each such facility's citations of its newest standard survey (cycle 1) are cited again on
 * that date, not yet corrected, as its new cycle 1; its other citations move one cycle back, and those that fall
 * past cycle 3 leave the file, as CMS's releases show a new survey. The other facilities' rows stay as they were.
 * Deterministic for a seed.
 */
export function addSurveys(csvText: string, surveyDate: string, seed: number, share = 1 / 30): string {
  const random = mulberry32(seed);
  const bom = csvText.charCodeAt(0) === 0xfeff;
  const parsed = Papa.parse<string[]>(bom ? csvText.slice(1) : csvText, { skipEmptyLines: true });
  const [header, ...rows] = parsed.data;
  if (!header) throw new Error("CSV has no header");
  const column = Object.fromEntries(
    Object.entries(CITATION_COLUMNS).map(([key, names]) => {
      const index = columnIndex(header, names);
      if (index < 0) throw new Error(`CSV has no ${names[0]} column`);
      return [key, index];
    }),
  ) as Record<keyof typeof CITATION_COLUMNS, number>;
  const out: string[][] = [header];
  const flush = (group: string[][]) => {
    const cited = group.filter((row) => row[column.cycle] === "1" && row[column.standard] === "Y");
    if (cited.length === 0 || random() >= share) {
      out.push(...group);
      return;
    }
    for (const row of cited) {
      const again = [...row];
      again[column.surveyDate] = surveyDate;
      again[column.corrected] = "Deficient, Provider has plan of correction";
      again[column.correctionDate] = "";
      out.push(again);
    }
    for (const row of group) {
      const cycle = Number(row[column.cycle]) + 1;
      if (cycle > 3) continue;
      row[column.cycle] = String(cycle);
      out.push(row);
    }
  };
  let group: string[][] = [];
  for (const row of rows) {
    if (group.length > 0 && group[0]?.[column.ccn] !== row[column.ccn]) {
      flush(group);
      group = [];
    }
    group.push(row);
  }
  if (group.length > 0) flush(group);
  const newline = parsed.meta.linebreak === "\r\n" ? "\r\n" : "\n";
  return `${bom ? "\uFEFF" : ""}${Papa.unparse(out, { newline })}${newline}`;
}
