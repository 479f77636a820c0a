// The columns the product reads from CMS files, under every header name CMS has used for them from 2017 to
// 2026 (Star Ratings exports, `Federal Provider Number` files, `CMS Certification Number (CCN)` files with
// `Affiliated Entity ...`, and the 2025+ `Chain ...` files).

export type FieldType = "ccn" | "text" | "rating" | "integer" | "number" | "date";

export interface FieldSpec {
  type: FieldType;
  headers: readonly string[];
}

export const FIELDS = {
  ccn: {
    type: "ccn",
    headers: ["CMS Certification Number (CCN)", "Federal Provider Number", "Provider Number"],
  },
  processingDate: { type: "date", headers: ["Processing Date"] },
  providerName: { type: "text", headers: ["Provider Name"] },
  address: { type: "text", headers: ["Provider Address"] },
  city: { type: "text", headers: ["City/Town", "Provider City"] },
  state: { type: "text", headers: ["State", "Provider State"] },
  zip: { type: "text", headers: ["ZIP Code", "Provider Zip Code"] },
  phone: { type: "text", headers: ["Telephone Number", "Provider Phone Number"] },
  county: { type: "text", headers: ["County/Parish", "Provider County Name"] },
  ownershipType: { type: "text", headers: ["Ownership Type"] },
  certifiedBeds: { type: "integer", headers: ["Number of Certified Beds"] },
  averageResidentsPerDay: { type: "number", headers: ["Average Number of Residents per Day"] },
  overallRating: { type: "rating", headers: ["Overall Rating"] },
  healthInspectionRating: { type: "rating", headers: ["Health Inspection Rating"] },
  qmRating: { type: "rating", headers: ["QM Rating"] },
  longStayQmRating: { type: "rating", headers: ["Long-Stay QM Rating"] },
  shortStayQmRating: { type: "rating", headers: ["Short-Stay QM Rating"] },
  staffingRating: { type: "rating", headers: ["Staffing Rating"] },
  healthDeficiencyScore: { type: "number", headers: ["Rating Cycle 1 Health Deficiency Score"] },
  totalWeightedHealthSurveyScore: { type: "number", headers: ["Total Weighted Health Survey Score"] },
  substantiatedComplaints: { type: "integer", headers: ["Number of Substantiated Complaints"] },
  infectionControlCitations: {
    type: "integer",
    headers: ["Number of Citations from Infection Control Inspections"],
  },
  finesTotalDollars: { type: "number", headers: ["Total Amount of Fines in Dollars"] },
  paymentDenials: { type: "integer", headers: ["Number of Payment Denials"] },
  rnStaffingHoursPerResidentPerDay: {
    type: "number",
    headers: ["Reported RN Staffing Hours per Resident per Day"],
  },
  totalNursingStaffTurnover: { type: "number", headers: ["Total nursing staff turnover"] },
  administratorsLeft: {
    type: "integer",
    headers: ["Number of administrators who have left the nursing home"],
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
 * release needs (a CCN, the processing date and at least one rating).
 */
export function detectLayout(header: readonly string[]): Layout | string {
  const columns: Partial<Record<FieldName, number>> = {};
  header.forEach((cell, index) => {
    const field = HEADER_TO_FIELD.get(normalizeHeader(cell));
    if (field && columns[field] === undefined) columns[field] = index;
  });
  if (columns.ccn === undefined) {
    return 'missing required column "CMS Certification Number (CCN)" (or "Federal Provider Number")';
  }
  if (columns.processingDate === undefined) return 'missing required column "Processing Date"';
  if (!RATING_FIELDS.some((field) => columns[field] !== undefined)) {
    return 'missing required rating columns (e.g. "Overall Rating")';
  }
  const kind = PROVIDER_FIELDS.every((field) => columns[field] !== undefined) ? "provider" : "ratings";
  return { kind, columns };
}
