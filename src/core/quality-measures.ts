// The quality measures behind the QM star: CMS's MDS Quality Measures (`djen-97ju`) and Medicare Claims Quality
// Measures (`ijh5-nb2v`), per facility and measure code, and the columns of CMS's State/US Averages file
// (`xcdc-v8bm`). Shared by the ingest (which maps the averages' QM columns to measure codes), the server (the
// answer of GET /api/facilities/{ccn}/quality-measures) and the web app (its types).

import * as z from "zod/mini";
import { isCalendarDate } from "./api-params.ts";

/** Where a measure comes from: the residents' assessments (MDS) or Medicare claims. */
export type QualitySource = "mds" | "claims";
export type ResidentType = "shortStay" | "longStay";
export type BetterWhen = "lower" | "higher";

export interface QualityQuarter {
  /** `2026Q1` */
  quarter: string;
  score: number | null;
  /** The footnote in words (src/core/footnotes.ts), null when there is none. */
  footnote: string | null;
}

export interface QualityHistoryPoint {
  /** A quarter (`2026Q1`) for MDS measures; the measure period (`2025-01-01/2025-12-31`) for claims measures. */
  period: string;
  score: number | null;
}

export interface QualityMeasure {
  code: string;
  description: string;
  residentType: ResidentType;
  source: QualitySource;
  usedInRating: boolean;
  /** MDS: the four quarters (`2025Q2-2026Q1`); claims: the dates covered (`2025-01-01/2025-12-31`). */
  period: string;
  /** MDS: the four-quarter average; claims: the risk-adjusted score. */
  score: number | null;
  /** Claims only (null for MDS measures). */
  observed: number | null;
  expected: number | null;
  /** MDS only: the four quarters of the period, oldest first (empty for claims measures). */
  quarters: QualityQuarter[];
  /** The footnote of `score`, in words. */
  footnote: string | null;
  /** The state's and the nation's averages: CMS's own where its averages file has the measure, else the product's. */
  state: number | null;
  national: number | null;
  /**
   * "cms": CMS's State/US Averages file of the newest release, exactly as published; "product": the average of the
   * current facilities' scores, worked out by the product because CMS publishes none for this measure.
   */
  averagesSource: "cms" | "product";
  betterWhen: BetterWhen;
  /** Every quarter (MDS) or measure period (claims) kept, oldest first, each from the newest release reporting it. */
  history: QualityHistoryPoint[];
}

export interface FacilityQualityMeasures {
  /** The processing date of the newest quality measures release loaded (null when none is). */
  processingDate: string | null;
  /** The processing date of the CMS averages used (null when no averages file is loaded). */
  averagesProcessingDate: string | null;
  measures: QualityMeasure[];
  /** Why `measures` is empty; null when it is not. */
  footnote: string | null;
}

interface MeasureInfo {
  source: QualitySource;
  residentType: ResidentType;
  betterWhen: BetterWhen;
  /** How CMS has described it (measure files and the averages file's column headers), newest first. */
  descriptions: readonly string[];
}

/**
 * CMS's measure codes (data dictionary, tables 3, 11 and 12, and its revisions in table 18), with each measure's
 * direction. A code CMS adds later is still loaded; its direction is then told from its description.
 */
export const MEASURES: Readonly<Record<string, MeasureInfo>> = {
  "401": mds(
    "longStay",
    "lower",
    "Percentage of long stay residents whose need for help with daily activities has increased",
  ),
  "404": mds("longStay", "lower", "Percentage of long stay residents who lose too much weight"),
  "405": mds(
    "longStay",
    "lower",
    "Percentage of low risk long stay residents who lose control of their bowels or bladder",
  ),
  "406": mds(
    "longStay",
    "lower",
    "Percentage of long stay residents with a catheter inserted and left in their bladder",
  ),
  "407": mds("longStay", "lower", "Percentage of long stay residents with a urinary tract infection"),
  "408": mds("longStay", "lower", "Percentage of long stay residents who have depressive symptoms"),
  "409": mds("longStay", "lower", "Percentage of long stay residents who were physically restrained"),
  "410": mds(
    "longStay",
    "lower",
    "Percentage of long stay residents experiencing one or more falls with major injury",
  ),
  "411": mds(
    "longStay",
    "higher",
    "Percentage of long stay residents assessed and appropriately given the seasonal influenza vaccine",
  ),
  "415": mds(
    "longStay",
    "higher",
    "Percentage of long stay residents assessed and appropriately given the pneumococcal vaccine",
  ),
  "419": mds(
    "longStay",
    "lower",
    "Percentage of long stay residents who received an antipsychotic medication",
  ),
  "430": mds(
    "shortStay",
    "higher",
    "Percentage of short stay residents assessed and appropriately given the pneumococcal vaccine",
  ),
  "434": mds(
    "shortStay",
    "lower",
    "Percentage of short stay residents who newly received an antipsychotic medication",
  ),
  "451": mds(
    "longStay",
    "lower",
    "Percentage of long stay residents whose ability to walk independently worsened",
    "Percentage of long stay residents whose ability to move independently worsened",
  ),
  "452": mds(
    "longStay",
    "lower",
    "Percentage of long stay residents who received an antianxiety or hypnotic medication",
  ),
  "453": mds("longStay", "lower", "Percentage of high risk long stay residents with pressure ulcers"),
  "471": mds("shortStay", "higher", "Percentage of short stay residents who made improvements in function"),
  "472": mds(
    "shortStay",
    "higher",
    "Percentage of short stay residents who were assessed and appropriately given the seasonal influenza vaccine",
  ),
  "476": mds(
    "shortStay",
    "lower",
    "Percentage of SNF residents with pressure ulcers that are new or worsened",
  ),
  "479": mds("longStay", "lower", "Percentage of long stay residents with pressure ulcers"),
  "480": mds(
    "longStay",
    "lower",
    "Percentage of long stay residents with new or worsened bowel or bladder incontinence",
  ),
  "521": claims(
    "shortStay",
    "Percentage of short stay residents who were rehospitalized after a nursing home admission",
  ),
  "522": claims(
    "shortStay",
    "Percentage of short stay residents who had an outpatient emergency department visit",
  ),
  "551": claims("longStay", "Number of hospitalizations per 1000 long-stay resident days"),
  "552": claims(
    "longStay",
    "Number of outpatient emergency department visits per 1000 long-stay resident days",
  ),
};

function mds(residentType: ResidentType, betterWhen: BetterWhen, ...descriptions: string[]): MeasureInfo {
  return { source: "mds", residentType, betterWhen, descriptions };
}

/** Every claims measure counts hospital or emergency use: fewer is better. */
function claims(residentType: ResidentType, ...descriptions: string[]): MeasureInfo {
  return { source: "claims", residentType, betterWhen: "lower", descriptions };
}

/** Descriptions compare without case, hyphens, punctuation or spacing ("long-stay" is "long stay"). */
export function normalizeDescription(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const CODE_BY_DESCRIPTION = new Map(
  Object.entries(MEASURES).flatMap(([code, info]) =>
    info.descriptions.map((description) => [normalizeDescription(description), code] as const),
  ),
);

/** The measure code a description (or an averages column header) stands for; null when it is no known measure. */
export function measureCodeOfDescription(description: string): string | null {
  return CODE_BY_DESCRIPTION.get(normalizeDescription(description)) ?? null;
}

/** Whether a lower or a higher score is better: vaccinations and improvements are better higher, the rest lower. */
export function betterWhenOf(code: string, description: string): BetterWhen {
  const known = MEASURES[code];
  if (known) return known.betterWhen;
  return /vaccin|improve/i.test(description) ? "higher" : "lower";
}

// ---------------------------------------------------------------------------------------------------------------
// The State/US Averages file

/**
 * The stable keys of the averages file's columns (its headers changed over the years: `RNHRD` in the 2019-2020
 * archives' `StateAverages_Download.csv`, "Reported RN Staffing Hours per Resident per Day" since), each with the
 * headers CMS has used. The QM columns are keyed `qm<code>`, their code told from their header (the measure's
 * description, or `QM<code>` in the 2019-2020 archives). A column no key knows is still kept, under a key made from
 * its header (see averageColumnKey).
 */
export const AVERAGE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  overallRating: ["Overall Rating", "overall_rating"],
  healthInspectionRating: ["Health Inspection Rating", "survey_rating"],
  qmRating: ["QM Rating", "quality_rating"],
  longStayQmRating: ["Long-Stay QM Rating", "ls_quality_rating"],
  shortStayQmRating: ["Short-Stay QM Rating", "ss_quality_rating"],
  staffingRating: ["Staffing Rating", "staffing_rating"],
  cycle1HealthDeficiencies: [
    "Cycle 1 Total Number of Health Deficiencies",
    "cycle_1_defs",
    "C1_HLTH_DEFS_CNT",
  ],
  cycle1FireSafetyDeficiencies: [
    "Cycle 1 Total Number of Fire Safety Deficiencies",
    "cycle_1_fs_defs",
    "C1_FS_DEFS_CNT",
  ],
  cycle2HealthDeficiencies: [
    "Cycle 2 Total Number of Health Deficiencies",
    "cycle_2_defs",
    "C2_HLTH_DEFS_CNT",
  ],
  cycle2FireSafetyDeficiencies: [
    "Cycle 2 Total Number of Fire Safety Deficiencies",
    "cycle_2_fs_defs",
    "C2_FS_DEFS_CNT",
  ],
  cycle3HealthDeficiencies: [
    "Cycle 3 Total Number of Health Deficiencies",
    "cycle_3_defs",
    "C3_HLTH_DEFS_CNT",
  ],
  cycle3FireSafetyDeficiencies: [
    "Cycle 3 Total Number of Fire Safety Deficiencies",
    "cycle_3_fs_defs",
    "C3_FS_DEFS_CNT",
  ],
  averageResidentsPerDay: ["Average Number of Residents per Day", "RESTOT"],
  nurseAideHours: ["Reported Nurse Aide Staffing Hours per Resident per Day", "AIDHRD"],
  lpnHours: ["Reported LPN Staffing Hours per Resident per Day", "VOCHRD"],
  rnHours: ["Reported RN Staffing Hours per Resident per Day", "RNHRD"],
  licensedHours: ["Reported Licensed Staffing Hours per Resident per Day", "TOTLICHRD"],
  totalNurseHours: ["Reported Total Nurse Staffing Hours per Resident per Day", "TOTHRD"],
  weekendTotalNurseHours: ["Total number of nurse staff hours per resident per day on the weekend"],
  weekendRnHours: ["Registered Nurse hours per resident per day on the weekend"],
  physicalTherapistHours: ["Reported Physical Therapist Staffing Hours per Resident Per Day", "PTHRD"],
  totalNurseTurnover: ["Total nursing staff turnover"],
  rnTurnover: ["Registered Nurse turnover"],
  administratorsLeft: ["Number of administrators who have left the nursing home"],
  nursingCaseMixIndex: ["Nursing Case-Mix Index"],
  caseMixRnHours: ["Case-Mix RN Staffing Hours per Resident per Day", "CM_RN", "exp_rn"],
  caseMixTotalNurseHours: [
    "Case-Mix Total Nurse Staffing Hours per Resident per Day",
    "CM_TOTAL",
    "exp_total",
  ],
  caseMixWeekendTotalNurseHours: ["Case-Mix Weekend Total Nurse Staffing Hours per Resident per Day"],
  fineCount: ["Number of Fines", "fine_cnt"],
  fineDollars: ["Fine Amount in Dollars", "fine_tot"],
};

/** The headers of the averages file that are not values: the row's state or NATION, and the processing date. */
export const AVERAGE_STATE_HEADERS = ["State or Nation", "STATE", "State"] as const;
export const AVERAGE_DATE_HEADERS = ["Processing Date", "FILEDATE"] as const;

const KEY_BY_HEADER = new Map(
  Object.entries(AVERAGE_COLUMNS).flatMap(([key, headers]) =>
    headers.map((header) => [normalizeDescription(header), key] as const),
  ),
);

/**
 * The stable key of an averages column and the measure code it averages (null for other columns): a known header's
 * key, `qm<code>` for a QM column, else a key made from the header's words (so that no column is lost).
 */
export function averageColumnKey(header: string): { key: string; measureCode: string | null } {
  const known = KEY_BY_HEADER.get(normalizeDescription(header));
  if (known) return { key: known, measureCode: null };
  const short = /^\s*QM[_ ]?(\d{3})\s*$/i.exec(header);
  const code = short?.[1] ?? measureCodeOfDescription(header);
  if (code) return { key: `qm${code}`, measureCode: code };
  const words = normalizeDescription(header).split(" ").filter(Boolean);
  const key = words
    .map((word, index) => (index === 0 ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`))
    .join("");
  return { key: key === "" ? "column" : key, measureCode: null };
}

/** The averages of one release for a state (or the nation), every column by its key. */
export type CmsAverages = Record<string, number | null>;

/** `2025Q2-2026Q1`'s quarters, oldest first; null when the text is no such period. */
export function quartersOfPeriod(period: string): string[] | null {
  const match = /^(\d{4})Q([1-4])\s*-\s*(\d{4})Q([1-4])$/.exec(period.trim());
  if (!match) return null;
  const first = Number(match[1]) * 4 + Number(match[2]) - 1;
  const last = Number(match[3]) * 4 + Number(match[4]) - 1;
  if (last < first || last - first > 7) return null;
  const quarters: string[] = [];
  for (let index = first; index <= last; index += 1) quarters.push(quarterName(index));
  return quarters;
}

/** A quarter's number (year x 4 + quarter - 1) as `2026Q1`. */
export function quarterName(index: number): string {
  return `${Math.floor(index / 4)}Q${(index % 4) + 1}`;
}

/** `2026Q1` as its number (year x 4 + quarter - 1). */
export function quarterIndex(quarter: string): number {
  return Number(quarter.slice(0, 4)) * 4 + Number(quarter.slice(5)) - 1;
}

// ---------------------------------------------------------------------------------------------------------------
// The answers' schemas (the OpenAPI document's, and the web app's parse of the answers)

const nullableNumber = z.nullable(z.number());

export const qualityMeasureSchema = z.object({
  code: z.string(),
  description: z.string(),
  residentType: z.enum(["shortStay", "longStay"]),
  source: z.enum(["mds", "claims"]),
  usedInRating: z.boolean(),
  period: z.string(),
  score: nullableNumber,
  observed: nullableNumber,
  expected: nullableNumber,
  quarters: z.array(
    z.object({ quarter: z.string(), score: nullableNumber, footnote: z.nullable(z.string()) }),
  ),
  footnote: z.nullable(z.string()),
  state: nullableNumber,
  national: nullableNumber,
  averagesSource: z.enum(["cms", "product"]),
  betterWhen: z.enum(["lower", "higher"]),
  history: z.array(z.object({ period: z.string(), score: nullableNumber })),
});

export const facilityQualityMeasuresSchema = z.object({
  processingDate: z.nullable(z.string()),
  averagesProcessingDate: z.nullable(z.string()),
  measures: z.array(qualityMeasureSchema),
  footnote: z.nullable(z.string()),
});

export const cmsAveragesSchema = z.object({
  processingDate: z.nullable(z.string()),
  columns: z.array(z.object({ key: z.string(), header: z.string(), measureCode: z.nullable(z.string()) })),
  rows: z.array(z.object({ state: z.string(), values: z.record(z.string(), nullableNumber) })),
});
export type CmsAveragesTable = z.infer<typeof cmsAveragesSchema>;

export const cmsAveragesQuerySchemas = {
  processingDate: z
    .string()
    .check(
      z.refine(isCalendarDate, { error: "processingDate must be a date YYYY-MM-DD" }),
      z.meta({ description: "The release (its processing date); the newest when left out." }),
    ),
};

// The interfaces above and the schemas describe one shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const isSameShape: Same<z.infer<typeof facilityQualityMeasuresSchema>, FacilityQualityMeasures> = true;
void isSameShape;
