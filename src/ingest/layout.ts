// The columns the product reads from CMS files, under every header name CMS has used for them from 2017 to
// 2026: the abbreviated `ProviderInfo_Download.csv` of the 2019-2020 monthly archives (`provnum`, `PROVNAME`,
// `FILEDATE`, ...), Star Ratings exports, `Federal Provider Number` files, `CMS Certification Number (CCN)` files
// with `Affiliated Entity ...`, and the 2025+ `Chain ...` files.

export type FieldType =
  | "ccn"
  | "text"
  | "rating"
  | "integer"
  | "number"
  | "date"
  | "flag"
  | "footnote"
  | "specialFocus";

export interface FieldSpec {
  type: FieldType;
  headers: readonly string[];
}

export const FIELDS = {
  ccn: {
    type: "ccn",
    headers: ["CMS Certification Number (CCN)", "Federal Provider Number", "Provider Number", "provnum"],
  },
  processingDate: { type: "date", headers: ["Processing Date", "FILEDATE"] },
  providerName: { type: "text", headers: ["Provider Name", "PROVNAME"] },
  address: { type: "text", headers: ["Provider Address", "ADDRESS"] },
  city: { type: "text", headers: ["City/Town", "Provider City", "CITY"] },
  state: { type: "text", headers: ["State", "Provider State"] },
  zip: { type: "text", headers: ["ZIP Code", "Provider Zip Code", "ZIP"] },
  phone: { type: "text", headers: ["Telephone Number", "Provider Phone Number", "PHONE"] },
  county: { type: "text", headers: ["County/Parish", "Provider County Name", "COUNTY_NAME"] },
  ownershipType: { type: "text", headers: ["Ownership Type", "OWNERSHIP"] },
  certifiedBeds: { type: "integer", headers: ["Number of Certified Beds", "BEDCERT"] },
  averageResidentsPerDay: { type: "number", headers: ["Average Number of Residents per Day", "RESTOT"] },
  overallRating: { type: "rating", headers: ["Overall Rating", "overall_rating"] },
  healthInspectionRating: { type: "rating", headers: ["Health Inspection Rating", "survey_rating"] },
  qmRating: { type: "rating", headers: ["QM Rating", "quality_rating"] },
  longStayQmRating: { type: "rating", headers: ["Long-Stay QM Rating", "ls_quality_rating"] },
  shortStayQmRating: { type: "rating", headers: ["Short-Stay QM Rating", "ss_quality_rating"] },
  staffingRating: { type: "rating", headers: ["Staffing Rating", "staffing_rating"] },
  healthDeficiencyScore: {
    type: "number",
    headers: ["Rating Cycle 1 Health Deficiency Score", "cycle_1_defs_score"],
  },
  totalWeightedHealthSurveyScore: {
    type: "number",
    headers: ["Total Weighted Health Survey Score", "WEIGHTED_ALL_CYCLES_SCORE"],
  },
  substantiatedComplaints: { type: "integer", headers: ["Number of Substantiated Complaints", "cmplnt_cnt"] },
  infectionControlCitations: {
    type: "integer",
    headers: ["Number of Citations from Infection Control Inspections"],
  },
  finesTotalDollars: { type: "number", headers: ["Total Amount of Fines in Dollars", "FINE_TOT"] },
  paymentDenials: { type: "integer", headers: ["Number of Payment Denials", "PAYDEN_CNT"] },
  // Staffing (table 2 of the data dictionary). The 2019-2020 archives' download file names them in short (`AIDHRD`,
  // `exp_aide`, `adj_aide`, `STAFFING_FLAG`, ...); before October 2018 CMS called the case-mix hours "Expected", and
  // before April 2018 nurse aides "CNA". Weekend hours and turnover came in January 2022, the adjusted weekend hours
  // in August 2022, the case-mix index and case-mix weekend hours in 2025.
  reportedStaffingFootnote: { type: "footnote", headers: ["Reported Staffing Footnote", "STAFFING_FLAG"] },
  physicalTherapistStaffingFootnote: {
    type: "footnote",
    headers: ["Physical Therapist Staffing Footnote", "PT_STAFFING_FLAG"],
  },
  nurseAideHours: {
    type: "number",
    headers: [
      "Reported Nurse Aide Staffing Hours per Resident per Day",
      "Reported CNA Staffing Hours per Resident per Day",
      "AIDHRD",
    ],
  },
  lpnHours: { type: "number", headers: ["Reported LPN Staffing Hours per Resident per Day", "VOCHRD"] },
  rnStaffingHoursPerResidentPerDay: {
    type: "number",
    headers: ["Reported RN Staffing Hours per Resident per Day", "RNHRD"],
  },
  licensedHours: {
    type: "number",
    headers: ["Reported Licensed Staffing Hours per Resident per Day", "TOTLICHRD"],
  },
  totalNurseHours: {
    type: "number",
    headers: ["Reported Total Nurse Staffing Hours per Resident per Day", "TOTHRD"],
  },
  weekendTotalNurseHours: {
    type: "number",
    headers: ["Total number of nurse staff hours per resident per day on the weekend"],
  },
  weekendRnHours: { type: "number", headers: ["Registered Nurse hours per resident per day on the weekend"] },
  physicalTherapistHours: {
    type: "number",
    headers: ["Reported Physical Therapist Staffing Hours per Resident Per Day", "PTHRD"],
  },
  totalNursingStaffTurnover: { type: "number", headers: ["Total nursing staff turnover"] },
  totalNursingStaffTurnoverFootnote: { type: "footnote", headers: ["Total nursing staff turnover footnote"] },
  rnTurnover: { type: "number", headers: ["Registered Nurse turnover"] },
  rnTurnoverFootnote: { type: "footnote", headers: ["Registered Nurse turnover footnote"] },
  administratorsLeft: {
    type: "integer",
    headers: ["Number of administrators who have left the nursing home"],
  },
  administratorTurnoverFootnote: { type: "footnote", headers: ["Administrator turnover footnote"] },
  nursingCaseMixIndex: { type: "number", headers: ["Nursing Case-Mix Index"] },
  nursingCaseMixIndexRatio: { type: "number", headers: ["Nursing Case-Mix Index Ratio"] },
  caseMixNurseAideHours: {
    type: "number",
    headers: [
      "Case-Mix Nurse Aide Staffing Hours per Resident per Day",
      "Expected Nurse Aide Staffing Hours per Resident per Day",
      "Expected CNA Staffing Hours per Resident per Day",
      "exp_aide",
    ],
  },
  caseMixLpnHours: {
    type: "number",
    headers: [
      "Case-Mix LPN Staffing Hours per Resident per Day",
      "Expected LPN Staffing Hours per Resident per Day",
      "exp_lpn",
    ],
  },
  caseMixRnHours: {
    type: "number",
    headers: [
      "Case-Mix RN Staffing Hours per Resident per Day",
      "Expected RN Staffing Hours per Resident per Day",
      "exp_rn",
    ],
  },
  caseMixTotalNurseHours: {
    type: "number",
    headers: [
      "Case-Mix Total Nurse Staffing Hours per Resident per Day",
      "Expected Total Nurse Staffing Hours per Resident per Day",
      "exp_total",
    ],
  },
  caseMixWeekendTotalNurseHours: {
    type: "number",
    headers: ["Case-Mix Weekend Total Nurse Staffing Hours per Resident per Day"],
  },
  adjustedNurseAideHours: {
    type: "number",
    headers: [
      "Adjusted Nurse Aide Staffing Hours per Resident per Day",
      "Adjusted CNA Staffing Hours per Resident per Day",
      "adj_aide",
    ],
  },
  adjustedLpnHours: {
    type: "number",
    headers: ["Adjusted LPN Staffing Hours per Resident per Day", "adj_lpn"],
  },
  adjustedRnHours: { type: "number", headers: ["Adjusted RN Staffing Hours per Resident per Day", "adj_rn"] },
  adjustedTotalNurseHours: {
    type: "number",
    headers: ["Adjusted Total Nurse Staffing Hours per Resident per Day", "adj_total"],
  },
  adjustedWeekendTotalNurseHours: {
    type: "number",
    headers: ["Adjusted Weekend Total Nurse Staffing Hours per Resident per Day"],
  },
  // Since October 2019 (`ABUSE`, then `ABUSE_ICON` in the archives' download file).
  abuseIcon: { type: "flag", headers: ["Abuse Icon", "ABUSE_ICON", "ABUSE"] },
  // The home's own fields (table 2 of the data dictionary), in every Provider Information layout; the 2019-2020
  // download file names them in short. Special Focus Status was `SFF` (Y/N: a Special Focus Facility or not,
  // candidates not shown) until June 2019, then `SFFStatus` (SFF, SFF Candidate or blank).
  legalBusinessName: { type: "text", headers: ["Legal Business Name", "LBN"] },
  firstApprovedDate: {
    type: "date",
    headers: ["Date First Approved to Provide Medicare and Medicaid Services", "PARTICIPATION_DATE"],
  },
  isCcrc: { type: "flag", headers: ["Continuing Care Retirement Community", "CCRC_FACIL"] },
  isInHospital: { type: "flag", headers: ["Provider Resides in Hospital", "INHOSP"] },
  specialFocus: {
    type: "specialFocus",
    headers: ["Special Focus Status", "Special Focus Facility", "SFFStatus", "SFF_STATUS", "SFF"],
  },
  isInspectionOverTwoYears: {
    type: "flag",
    headers: ["Most Recent Health Inspection More Than 2 Years Ago", "OLDSURVEY"],
  },
  ownershipChanged: {
    type: "flag",
    headers: ["Provider Changed Ownership in Last 12 Months", "CHOW_LAST_12MOS"],
  },
  residentFamilyCouncil: { type: "text", headers: ["With a Resident and Family Council", "RESFAMCOUNCIL"] },
  sprinklerStatus: {
    type: "text",
    headers: ["Automatic Sprinkler Systems in All Required Areas", "SPRINKLER_STATUS"],
  },
  affiliatedEntityName: { type: "text", headers: ["Affiliated Entity Name", "Chain Name"] },
  affiliatedEntityId: { type: "text", headers: ["Affiliated Entity ID", "Chain ID"] },
  latitude: { type: "number", headers: ["Latitude"] },
  longitude: { type: "number", headers: ["Longitude"] },
} as const satisfies Record<string, FieldSpec>;

export type FieldName = keyof typeof FIELDS;

export const RATING_FIELDS = [
  "overallRating",
  "healthInspectionRating",
  "qmRating",
  "longStayQmRating",
  "shortStayQmRating",
  "staffingRating",
] as const satisfies readonly FieldName[];

/** The staffing columns, kept per release (src/ingest/staffing.ts), for files read for their history too. */
export const STAFFING_FIELDS = [
  "nurseAideHours",
  "lpnHours",
  "rnStaffingHoursPerResidentPerDay",
  "licensedHours",
  "totalNurseHours",
  "weekendTotalNurseHours",
  "weekendRnHours",
  "physicalTherapistHours",
  "caseMixNurseAideHours",
  "caseMixLpnHours",
  "caseMixRnHours",
  "caseMixTotalNurseHours",
  "caseMixWeekendTotalNurseHours",
  "adjustedNurseAideHours",
  "adjustedLpnHours",
  "adjustedRnHours",
  "adjustedTotalNurseHours",
  "adjustedWeekendTotalNurseHours",
  "totalNursingStaffTurnover",
  "rnTurnover",
  "administratorsLeft",
  "nursingCaseMixIndex",
  "nursingCaseMixIndexRatio",
  "reportedStaffingFootnote",
  "physicalTherapistStaffingFootnote",
  "totalNursingStaffTurnoverFootnote",
  "rnTurnoverFootnote",
  "administratorTurnoverFootnote",
] as const satisfies readonly FieldName[];
export type StaffingField = (typeof STAFFING_FIELDS)[number];

/** Columns a file must have to be a Provider Information file (one that can replace the current facilities). */
const PROVIDER_FIELDS = ["providerName", "city", "state"] as const satisfies readonly FieldName[];

export type ReleaseKind = "provider" | "ratings";

export interface Layout {
  kind: ReleaseKind;
  /** Index of each field's column in the header, for the fields the file has. */
  columns: Partial<Record<FieldName, number>>;
}

/** Header cells compare case-insensitively, ignoring surrounding quotes and whitespace. */
export function normalizeHeader(cell: string): string {
  return cell
    .replace(/^\uFEFF/, "")
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase();
}

const HEADER_TO_FIELD = new Map<string, FieldName>(
  (Object.entries(FIELDS) as [FieldName, FieldSpec][]).flatMap(([field, spec]) =>
    spec.headers.map((header) => [normalizeHeader(header), field] as const),
  ),
);

/**
 * Maps a header row to the product's fields. Returns the problem as a string when the file lacks what every
 * release needs (a CCN, the processing date unless the caller knows it otherwise, and at least one rating).
 */
export function detectLayout(
  header: readonly string[],
  { hasFallbackDate = false }: { hasFallbackDate?: boolean } = {},
): Layout | string {
  const columns: Partial<Record<FieldName, number>> = {};
  header.forEach((cell, index) => {
    const field = HEADER_TO_FIELD.get(normalizeHeader(cell));
    if (field && columns[field] === undefined) columns[field] = index;
  });
  if (columns.ccn === undefined) {
    return 'missing required column "CMS Certification Number (CCN)" (or "Federal Provider Number")';
  }
  if (columns.processingDate === undefined && !hasFallbackDate) {
    return 'missing required column "Processing Date" (or "FILEDATE")';
  }
  if (!RATING_FIELDS.some((field) => columns[field] !== undefined)) {
    return 'missing required rating columns (e.g. "Overall Rating")';
  }
  const kind = PROVIDER_FIELDS.every((field) => columns[field] !== undefined) ? "provider" : "ratings";
  return { kind, columns };
}
