// The columns the product reads from CMS's quality measure tables, MDS Quality Measures (one row per facility and
// MDS measure: four quarterly scores and their average) and Medicare Claims Quality Measures (one row per facility
// and claims measure: adjusted, observed and expected scores), under every header name CMS has used: the
// abbreviated `QualityMsrMDS_Download.csv` and `QualityMsrClaims_Download.csv` of the 2019-2020 monthly archives
// (`provnum`, `msr_cd`, `stay_type`, `q1_measure_score`, `score_adjusted`, `filedate`, ...), the `Federal Provider
// Number` files of 2020 to mid 2023 and the `CMS Certification Number (CCN)` files since. The State/US Averages file
// keeps every column (src/core/quality-measures.ts has its keys); here only which file is which.
// What the columns mean: the CMS data dictionary (tables 3, 11 and 12 of NH_Data_Dictionary_Mar2023).

import { AVERAGE_DATE_HEADERS, AVERAGE_STATE_HEADERS } from "../core/quality-measures.ts";
import { normalizeHeader } from "./layout.ts";

/** The three quality tables, by what their rows are. */
export type QualityKind = "mds" | "claims" | "averages";

const CCN_HEADERS = [
  "CMS Certification Number (CCN)",
  "Federal Provider Number",
  "Provider Number",
  "provnum",
];
const PROCESSING_DATE_HEADERS = ["Processing Date", "FILEDATE"];
const STATE_HEADERS = ["State", "Provider State", "STATE"];

export const MDS_FIELDS = {
  ccn: CCN_HEADERS,
  state: STATE_HEADERS,
  code: ["Measure Code", "msr_cd"],
  description: ["Measure Description", "msr_descr"],
  residentType: ["Resident type", "stay_type"],
  q1Score: ["Q1 Measure Score", "q1_measure_score"],
  q1Footnote: ["Footnote for Q1 Measure Score", "q1_measure_fn"],
  q2Score: ["Q2 Measure Score", "q2_measure_score"],
  q2Footnote: ["Footnote for Q2 Measure Score", "q2_measure_fn"],
  q3Score: ["Q3 Measure Score", "q3_measure_score"],
  q3Footnote: ["Footnote for Q3 Measure Score", "q3_measure_fn"],
  q4Score: ["Q4 Measure Score", "q4_measure_score"],
  q4Footnote: ["Footnote for Q4 Measure Score", "q4_measure_fn"],
  average: ["Four Quarter Average Score", "measure_score_4qtr_avg"],
  averageFootnote: ["Footnote for Four Quarter Average Score", "score4qtr_fn"],
  usedInRating: ["Used in Quality Measure Five Star Rating", "five_star_msr"],
  period: ["Measure Period", "measure_period"],
  processingDate: PROCESSING_DATE_HEADERS,
} as const;

export const CLAIMS_FIELDS = {
  ccn: CCN_HEADERS,
  state: STATE_HEADERS,
  code: ["Measure Code", "msr_cd"],
  description: ["Measure Description", "msr_descr"],
  residentType: ["Resident type", "stay_type"],
  adjusted: ["Adjusted Score", "score_adjusted"],
  observed: ["Observed Score", "score_observed"],
  expected: ["Expected Score", "score_expected"],
  footnote: ["Footnote for the Measure Score", "score_fn"],
  usedInRating: ["Used in Quality Measure Five Star Rating", "five_star_msr"],
  period: ["Measure Period", "measure_period"],
  processingDate: PROCESSING_DATE_HEADERS,
} as const;

export type MdsField = keyof typeof MDS_FIELDS;
export type ClaimsField = keyof typeof CLAIMS_FIELDS;

const REQUIRED = {
  mds: ["ccn", "code", "description", "residentType", "q1Score", "q4Score", "average", "period"],
  claims: ["ccn", "code", "description", "residentType", "adjusted", "period"],
} as const;

export type QualityColumns<Field extends string> = Partial<Record<Field, number>>;

function columnsOf<Field extends string>(
  fields: Record<Field, readonly string[]>,
  header: readonly string[],
): QualityColumns<Field> {
  const byHeader = new Map<string, Field>();
  for (const [field, headers] of Object.entries(fields) as [Field, readonly string[]][]) {
    for (const name of headers) byHeader.set(normalizeHeader(name), field);
  }
  const columns: QualityColumns<Field> = {};
  header.forEach((cell, index) => {
    const field = byHeader.get(normalizeHeader(cell));
    if (field !== undefined && columns[field] === undefined) columns[field] = index;
  });
  return columns;
}

export function mdsColumns(header: readonly string[]): QualityColumns<MdsField> {
  return columnsOf(MDS_FIELDS, header);
}

export function claimsColumns(header: readonly string[]): QualityColumns<ClaimsField> {
  return columnsOf(CLAIMS_FIELDS, header);
}

function hasHeader(header: readonly string[], names: readonly string[]): boolean {
  const wanted = new Set(names.map(normalizeHeader));
  return header.some((cell) => wanted.has(normalizeHeader(cell)));
}

/**
 * Which quality table a header is of (null when none): MDS when it has quarterly scores beside a CCN and a measure
 * code, claims when it has an adjusted score, the averages when it has "State or Nation" (or the archives'
 * `STATE`) and no CCN.
 */
export function qualityKindOf(header: readonly string[]): QualityKind | null {
  const hasCcn = hasHeader(header, CCN_HEADERS);
  if (hasCcn && hasHeader(header, MDS_FIELDS.code)) {
    if (hasHeader(header, MDS_FIELDS.q1Score)) return "mds";
    if (hasHeader(header, CLAIMS_FIELDS.adjusted)) return "claims";
  }
  if (!hasCcn && hasHeader(header, AVERAGE_STATE_HEADERS) && header.length > 3) return "averages";
  return null;
}

/** The problem with a header of the table, or null: the columns every file of the table has. */
export function missingQualityColumns(
  kind: "mds" | "claims",
  columns: QualityColumns<string>,
  hasFallbackDate: boolean,
): string | null {
  const fields: Record<string, readonly string[]> = kind === "mds" ? MDS_FIELDS : CLAIMS_FIELDS;
  const missing: string[] = REQUIRED[kind].filter((field) => columns[field] === undefined);
  if (columns.processingDate === undefined && !hasFallbackDate) missing.push("processingDate");
  if (missing.length === 0) return null;
  const names = missing.map((field) => {
    const headers = fields[field] ?? [field];
    return `"${headers[0]}"${headers.length > 1 ? ` (or "${headers.at(-1)}")` : ""}`;
  });
  const table = kind === "mds" ? "MDS quality measures" : "claims quality measures";
  return `missing required ${missing.length > 1 ? "columns" : "column"} ${names.join(", ")} of a ${table} file`;
}

export { AVERAGE_DATE_HEADERS, AVERAGE_STATE_HEADERS };
