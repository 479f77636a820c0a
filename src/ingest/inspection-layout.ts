// The columns the product reads from CMS's inspection tables, Health Deficiencies (one row per health citation),
// Fire Safety Deficiencies (one row per fire safety or emergency preparedness citation, in the same layout) and
// Penalties (one row per fine or payment denial), under every header name CMS has used for them: the abbreviated
// `HealthDeficiencies_Download.csv`, `FireSafetyDeficiencies_Download.csv` and `Penalties_Download.csv` of the
// 2019-2020 monthly archives (`provnum`, `survey_date_output`, `DEFPREF`, `TAG`, `SCOPE`, `pnlty_date`,
// `fine_amt`, `FILEDATE`, ...), the `Federal Provider Number` files of 2017 to early 2023 and the `CMS
// Certification Number (CCN)` files since. What the columns mean: the CMS data dictionary (tables 6, 7 and 14 of
// NH_Data_Dictionary_Mar2023).

import { ABUSE_CATEGORY, SCOPE_SEVERITY_CODES as CODES } from "../core/inspections.ts";
import { normalizeHeader } from "./layout.ts";

/**
 * The three inspection tables, by what their rows are: health citations (F tags), fire safety citations (K tags of
 * the Life Safety Code and E tags of emergency preparedness) and penalties.
 */
export type InspectionKind = "citations" | "fire" | "penalties";

/** The tables of citations (health or fire safety), which share their layout, rules and identity. */
export type CitationKind = Exclude<InspectionKind, "penalties">;

export function isCitationKind(kind: InspectionKind): kind is CitationKind {
  return kind !== "penalties";
}

/** The deficiency prefixes a fire safety file may hold: K (Life Safety Code) and E (emergency preparedness). */
export const FIRE_SAFETY_PREFIXES = ["K", "E"] as const;

export type InspectionFieldType =
  | "ccn"
  | "text"
  | "date"
  | "integer"
  | "money"
  | "flag"
  | "tag"
  | "scopeSeverity"
  | "firePrefix"
  | "penaltyType";

export interface InspectionFieldSpec {
  type: InspectionFieldType;
  headers: readonly string[];
}

const CCN_HEADERS = [
  "CMS Certification Number (CCN)",
  "Federal Provider Number",
  "Provider Number",
  "provnum",
];
const PROCESSING_DATE_HEADERS = ["Processing Date", "FILEDATE"];
/** Read only to recover a CCN a spreadsheet mangled (see spreadsheet-ccn.ts). */
const STATE_HEADERS = ["State", "Provider State"];

export const CITATION_FIELDS = {
  ccn: { type: "ccn", headers: CCN_HEADERS },
  state: { type: "text", headers: STATE_HEADERS },
  surveyDate: { type: "date", headers: ["Survey Date", "survey_date_output"] },
  surveyType: { type: "text", headers: ["Survey Type", "SurveyType"] },
  prefix: { type: "text", headers: ["Deficiency Prefix", "DEFPREF"] },
  // Since November 2019 (`CATEGORY` in the archives' download file, `Category of Deficiency` on display).
  category: { type: "text", headers: ["Deficiency Category", "Category of Deficiency", "CATEGORY"] },
  tag: { type: "tag", headers: ["Deficiency Tag Number", "TAG"] },
  description: { type: "text", headers: ["Deficiency Description", "TAG_DESC"] },
  scopeSeverity: { type: "scopeSeverity", headers: ["Scope Severity Code", "SCOPE"] },
  correctionStatus: { type: "text", headers: ["Deficiency Corrected", "DEFSTAT"] },
  correctionDate: { type: "date", headers: ["Correction Date", "STATDATE"] },
  inspectionCycle: { type: "integer", headers: ["Inspection Cycle", "CYCLE"] },
  standard: { type: "flag", headers: ["Standard Deficiency", "STANDARD"] },
  complaint: { type: "flag", headers: ["Complaint Deficiency", "COMPLAINT"] },
  // Since January 2021.
  infectionControl: { type: "flag", headers: ["Infection Control Inspection Deficiency"] },
  // Since January 2023.
  underIdr: { type: "flag", headers: ["Citation under IDR"] },
  underIidr: { type: "flag", headers: ["Citation under IIDR"] },
  processingDate: { type: "date", headers: PROCESSING_DATE_HEADERS },
} as const satisfies Record<string, InspectionFieldSpec>;

/**
 * Fire Safety Deficiencies (table 6): the health citations' columns, plus `Tag Version` ("Old" or "New": whether
 * a K tag was cited under the Life Safety Code before or after 5 July 2016), which is read only to tell the table
 * from the health one and not kept (a survey's date says it). The prefix must be K or E.
 */
export const FIRE_CITATION_FIELDS = {
  ...CITATION_FIELDS,
  prefix: { type: "firePrefix", headers: ["Deficiency Prefix", "DEFPREF"] },
  tagVersion: { type: "text", headers: ["Tag Version", "TAG_VERSION", "TAGVERSION"] },
} as const satisfies Record<string, InspectionFieldSpec>;

export const PENALTY_FIELDS = {
  ccn: { type: "ccn", headers: CCN_HEADERS },
  state: { type: "text", headers: STATE_HEADERS },
  penaltyDate: { type: "date", headers: ["Penalty Date", "pnlty_date"] },
  penaltyType: { type: "penaltyType", headers: ["Penalty Type", "pnlty_type"] },
  fineAmount: { type: "money", headers: ["Fine Amount", "fine_amt"] },
  denialStartDate: { type: "date", headers: ["Payment Denial Start Date", "payden_strt_dt"] },
  denialDays: { type: "integer", headers: ["Payment Denial Length in Days", "payden_days"] },
  processingDate: { type: "date", headers: PROCESSING_DATE_HEADERS },
} as const satisfies Record<string, InspectionFieldSpec>;

export type CitationField = keyof typeof CITATION_FIELDS;
export type PenaltyField = keyof typeof PENALTY_FIELDS;

/** Columns without which a file is not of its table (the processing date may come from elsewhere: see below). */
const REQUIRED: Record<InspectionKind, readonly string[]> = {
  citations: ["ccn", "surveyDate", "tag", "scopeSeverity"],
  fire: ["ccn", "surveyDate", "tag", "scopeSeverity"],
  penalties: ["ccn", "penaltyDate", "penaltyType"],
};

export const FIELDS_OF: Record<InspectionKind, Record<string, InspectionFieldSpec>> = {
  citations: CITATION_FIELDS,
  fire: FIRE_CITATION_FIELDS,
  penalties: PENALTY_FIELDS,
};

export interface InspectionLayout {
  kind: InspectionKind;
  /** Index of each field's column in the header, for the fields the file has. */
  columns: Partial<Record<string, number>>;
}

function headerMap(fields: Record<string, InspectionFieldSpec>): Map<string, string> {
  return new Map(
    Object.entries(fields).flatMap(([field, spec]) =>
      spec.headers.map((header) => [normalizeHeader(header), field] as const),
    ),
  );
}

const HEADER_TO_FIELD: Record<InspectionKind, Map<string, string>> = {
  citations: headerMap(CITATION_FIELDS),
  fire: headerMap(FIRE_CITATION_FIELDS),
  penalties: headerMap(PENALTY_FIELDS),
};

function columnsOf(kind: InspectionKind, header: readonly string[]): Partial<Record<string, number>> {
  const columns: Partial<Record<string, number>> = {};
  header.forEach((cell, index) => {
    const field = HEADER_TO_FIELD[kind].get(normalizeHeader(cell));
    if (field && columns[field] === undefined) columns[field] = index;
  });
  return columns;
}

/** The first header name of a field, as messages name it. */
export function fieldHeader(kind: InspectionKind, field: string): string {
  return FIELDS_OF[kind][field]?.headers[0] ?? field;
}

/**
 * Which inspection table a header is of (null when neither: a Provider Information file, or something else):
 * a file is of a table when it has that table's tag or penalty column besides a CCN. A citations file is a fire
 * safety one when it has `Tag Version` (which only Fire Safety Deficiencies has), or when its first row says so
 * (`firstRow`: a prefix K or E, or the survey type "Fire Safety"); else a health one.
 */
export function inspectionKindOf(
  header: readonly string[],
  firstRow?: readonly string[],
): InspectionKind | null {
  const citations = columnsOf("fire", header);
  if (citations.ccn !== undefined && citations.tag !== undefined) {
    if (citations.tagVersion !== undefined) return "fire";
    const cell = (column: number | undefined) =>
      column === undefined ? "" : (firstRow?.[column] ?? "").trim().toUpperCase();
    const prefix = cell(citations.prefix);
    const isFire =
      (FIRE_SAFETY_PREFIXES as readonly string[]).includes(prefix) ||
      cell(citations.surveyType) === "FIRE SAFETY";
    return isFire ? "fire" : "citations";
  }
  const penalties = columnsOf("penalties", header);
  if (penalties.ccn !== undefined && penalties.penaltyDate !== undefined) return "penalties";
  return null;
}

/** Each table in words, as messages name it. */
export const TABLE_WORDS: Record<InspectionKind, string> = {
  citations: "health citations",
  fire: "fire safety citations",
  penalties: "penalties",
};

/**
 * Maps a header row to the fields of the table. Returns the problem as a string when the file lacks a column
 * every file of the table has (the processing date unless the caller knows it otherwise).
 */
export function detectInspectionLayout(
  kind: InspectionKind,
  header: readonly string[],
  { hasFallbackDate = false }: { hasFallbackDate?: boolean } = {},
): InspectionLayout | string {
  const columns = columnsOf(kind, header);
  const missing = REQUIRED[kind].filter((field) => columns[field] === undefined);
  if (columns.processingDate === undefined && !hasFallbackDate) missing.push("processingDate");
  if (missing.length > 0) {
    const names = missing.map((field) => {
      const headers = FIELDS_OF[kind][field]?.headers ?? [field];
      return `"${headers[0]}"${headers.length > 1 ? ` (or "${headers.at(-1)}")` : ""}`;
    });
    const table = TABLE_WORDS[kind];
    return `missing required ${missing.length > 1 ? "columns" : "column"} ${names.join(", ")} of a ${table} file`;
  }
  return { kind, columns };
}

/**
 * CMS's grid of scope and severity: A-C no actual harm with potential for minimal harm, D-F no actual harm with
 * potential for more than minimal harm, G-I actual harm, J-L immediate jeopardy (within each, isolated, pattern,
 * widespread; src/core/inspections.ts has its words).
 */
export const SCOPE_SEVERITY_CODES = CODES.join("");

/** CMS's name of the citation category the abuse figures count. */
export { ABUSE_CATEGORY };
