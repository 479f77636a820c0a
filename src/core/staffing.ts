// A facility's staffing figures (GET /api/facilities/{ccn}/staffing, docs/api.md): every staffing column of CMS's
// Provider Information, each figure with its label and unit for the web app, beside the state's and the nation's
// averages, and the facility's history of them over the releases loaded. Older layouts carry fewer figures: what
// a layout lacks is null, never 0.
import * as z from "zod/mini";

/** The figures, in the order the detail page shows them. */
export const STAFFING_KEYS = [
  "nurseAideHours",
  "lpnHours",
  "rnHours",
  "licensedHours",
  "totalNurseHours",
  "weekendTotalNurseHours",
  "weekendRnHours",
  "physicalTherapistHours",
  "totalNurseTurnover",
  "rnTurnover",
  "administratorsLeft",
  "nursingCaseMixIndex",
  "nursingCaseMixIndexRatio",
] as const;
export type StaffingKey = (typeof STAFFING_KEYS)[number];

export const STAFFING_UNITS = ["hoursPerResidentDay", "percent", "count", "index"] as const;
export type StaffingUnit = (typeof STAFFING_UNITS)[number];

export interface StaffingFigureSpec {
  key: StaffingKey;
  label: string;
  unit: StaffingUnit;
  /**
   * Whether CMS publishes the hours it expects for the facility's residents (case-mix hours) and the reported hours
   * adjusted by them: for nurse aides, LPNs, RNs, all nurses, and all nurses at weekends.
   */
  hasCaseMix: boolean;
}

/** Each figure's label and unit (CMS's column names in a visitor's words). */
export const STAFFING_FIGURES: readonly StaffingFigureSpec[] = [
  {
    key: "nurseAideHours",
    label: "Nurse aide hours per resident per day",
    unit: "hoursPerResidentDay",
    hasCaseMix: true,
  },
  { key: "lpnHours", label: "LPN hours per resident per day", unit: "hoursPerResidentDay", hasCaseMix: true },
  { key: "rnHours", label: "RN hours per resident per day", unit: "hoursPerResidentDay", hasCaseMix: true },
  {
    key: "licensedHours",
    label: "Licensed nurse hours per resident per day (RN and LPN)",
    unit: "hoursPerResidentDay",
    hasCaseMix: false,
  },
  {
    key: "totalNurseHours",
    label: "Total nurse hours per resident per day",
    unit: "hoursPerResidentDay",
    hasCaseMix: true,
  },
  {
    key: "weekendTotalNurseHours",
    label: "Total nurse hours per resident per day at weekends",
    unit: "hoursPerResidentDay",
    hasCaseMix: true,
  },
  {
    key: "weekendRnHours",
    label: "RN hours per resident per day at weekends",
    unit: "hoursPerResidentDay",
    hasCaseMix: false,
  },
  {
    key: "physicalTherapistHours",
    label: "Physical therapist hours per resident per day",
    unit: "hoursPerResidentDay",
    hasCaseMix: false,
  },
  { key: "totalNurseTurnover", label: "Total nursing staff turnover", unit: "percent", hasCaseMix: false },
  { key: "rnTurnover", label: "Registered nurse turnover", unit: "percent", hasCaseMix: false },
  {
    key: "administratorsLeft",
    label: "Administrators who have left the nursing home",
    unit: "count",
    hasCaseMix: false,
  },
  { key: "nursingCaseMixIndex", label: "Nursing case-mix index", unit: "index", hasCaseMix: false },
  {
    key: "nursingCaseMixIndexRatio",
    label: "Nursing case-mix index ratio",
    unit: "index",
    hasCaseMix: false,
  },
];

/**
 * Where a figure's `state` and `national` averages come from: CMS's State/US Averages file where it publishes the
 * figure, else the product's own mean over the current facilities that have a value.
 */
export const AVERAGES_SOURCES = ["cms", "product"] as const;
export type AveragesSource = (typeof AVERAGES_SOURCES)[number];

const value = z.nullable(z.number());

export const staffingFigureSchema = z.object({
  key: z.enum(STAFFING_KEYS),
  label: z.string(),
  unit: z.enum(STAFFING_UNITS),
  /** As reported (CMS's "Reported ..." columns); null when the facility's release has no such figure. */
  value,
  /** The hours CMS expects for the facility's residents (null for figures without case-mix hours). */
  caseMix: value,
  /** The reported hours adjusted for the residents' needs (null for figures without them). */
  adjusted: value,
  /** CMS's footnote in words (src/core/footnotes.ts); null when there is none. */
  footnote: z.nullable(z.string()),
  /** The facility's state's average and the nation's (null when unknown). */
  state: value,
  national: value,
  averagesSource: z.enum(AVERAGES_SOURCES),
});
export type StaffingFigure = z.infer<typeof staffingFigureSchema>;

/** One release of the facility's history: its processing date and each figure's value (null when absent). */
export const staffingHistoryPointSchema = z.object({
  processingDate: z.string(),
  nurseAideHours: value,
  lpnHours: value,
  rnHours: value,
  licensedHours: value,
  totalNurseHours: value,
  weekendTotalNurseHours: value,
  weekendRnHours: value,
  physicalTherapistHours: value,
  totalNurseTurnover: value,
  rnTurnover: value,
  administratorsLeft: value,
  nursingCaseMixIndex: value,
  nursingCaseMixIndexRatio: value,
});
export type StaffingHistoryPoint = z.infer<typeof staffingHistoryPointSchema>;

/** GET /api/facilities/{ccn}/staffing */
export const facilityStaffingSchema = z.object({
  /** The release the figures come from: the current facilities' (or, for a facility no longer listed, its last). */
  processingDate: z.string(),
  figures: z.array(staffingFigureSchema),
  /** Every release loaded that lists the facility, oldest first. */
  history: z.array(staffingHistoryPointSchema),
});
export type FacilityStaffing = z.infer<typeof facilityStaffingSchema>;

/** A figure's average per key (state or nation), as the product computes them and as CMS's file gives them. */
export type StaffingAverages = Record<StaffingKey, number | null>;
