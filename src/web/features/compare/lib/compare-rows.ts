// The rows of the comparison table: every field of the facility detail, grouped as on the detail page, with the
// direction in which a value is better where that is well defined, and which values of a row are the best.
import type { FacilityDetail } from "../../../../core/api-types.ts";
import {
  formatCount,
  formatDecimal,
  formatPercent,
  formatRatingOutOf5,
  formatUsd,
} from "../../../../core/format.ts";
import { formatShortDate } from "../../../../core/history.ts";
import { entityPath } from "../../../lib/entity-path.ts";
import { formatPhone } from "../../../lib/facility-contact.ts";

/** Higher is better (ratings, nurse hours) or lower is better (deficiencies, fines, turnover). */
export type Better = "higher" | "lower";

export interface CompareRow {
  id: string;
  label: string;
  /** Set where "better" is well defined; the best value(s) of the row are then marked. */
  better?: Better;
  /** The number compared for `better`, null when the facility lacks it. */
  value?: (facility: FacilityDetail) => number | null;
  /** The text of a cell; "N/A" when the value is missing. */
  text: (facility: FacilityDetail) => string;
  /** Where the cell links to, if anywhere. */
  href?: (facility: FacilityDetail) => string | null;
}

export interface CompareSection {
  id: string;
  title: string;
  rows: CompareRow[];
}

export const MISSING = "N/A";

function text(value: string | null | undefined): string {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? MISSING : trimmed;
}

/** A row of a number: compared in the given direction (if any), formatted when present. */
function numberRow(
  id: string,
  label: string,
  pick: (facility: FacilityDetail) => number | null,
  format: (value: number) => string,
  better?: Better,
): CompareRow {
  return {
    id,
    label,
    ...(better ? { better } : {}),
    value: pick,
    text: (facility) => {
      const value = pick(facility);
      return value === null ? MISSING : format(value);
    },
  };
}

function ratingRow(id: string, label: string, pick: (facility: FacilityDetail) => number | null): CompareRow {
  return numberRow(id, label, pick, (value) => formatRatingOutOf5(value), "higher");
}

export const COMPARE_SECTIONS: readonly CompareSection[] = [
  {
    id: "ratings",
    title: "Quality Ratings",
    rows: [
      ratingRow("overallRating", "Overall Rating", (f) => f.overallRating),
      ratingRow("healthInspectionRating", "Health Inspection", (f) => f.healthInspectionRating),
      ratingRow("staffingRating", "Staffing", (f) => f.staffingRating),
      ratingRow("qmRating", "Quality Measures", (f) => f.qmRating),
      ratingRow("longStayQmRating", "Long-Stay QM", (f) => f.longStayQmRating),
      ratingRow("shortStayQmRating", "Short-Stay QM", (f) => f.shortStayQmRating),
    ],
  },
  {
    id: "deficiencies",
    title: "Deficiencies & Compliance",
    rows: [
      // The detail page's "Health Deficiency Score" is the total weighted survey score (SPEC section 3).
      numberRow(
        "totalWeightedHealthSurveyScore",
        "Health Deficiency Score",
        (f) => f.totalWeightedHealthSurveyScore,
        (value) => formatDecimal(value, 2),
        "lower",
      ),
      numberRow(
        "healthDeficiencyScore",
        "Rating Cycle 1 Deficiency Score",
        (f) => f.healthDeficiencyScore,
        (value) => formatDecimal(value, 2),
        "lower",
      ),
      numberRow(
        "substantiatedComplaints",
        "Substantiated Complaints",
        (f) => f.substantiatedComplaints,
        formatCount,
        "lower",
      ),
      numberRow(
        "infectionControlCitations",
        "Infection Control Citations",
        (f) => f.infectionControlCitations,
        formatCount,
        "lower",
      ),
      numberRow("finesTotalDollars", "Fines", (f) => f.finesTotalDollars, formatUsd, "lower"),
      numberRow("paymentDenials", "Payment Denials", (f) => f.paymentDenials, formatCount, "lower"),
    ],
  },
  {
    id: "staffing",
    title: "Staffing & Turnover",
    rows: [
      numberRow(
        "rnStaffingHoursPerResidentPerDay",
        "RN Staffing Hours",
        (f) => f.rnStaffingHoursPerResidentPerDay,
        (value) => `${formatDecimal(value, 2)} hrs/day`,
        "higher",
      ),
      numberRow(
        "totalNursingStaffTurnover",
        "Turnover Rate",
        (f) => f.totalNursingStaffTurnover,
        formatPercent,
        "lower",
      ),
      numberRow(
        "administratorsLeft",
        "Administrator Turnover",
        (f) => f.administratorsLeft,
        formatCount,
        "lower",
      ),
    ],
  },
  {
    id: "capacity",
    title: "Capacity & Entity",
    rows: [
      // More beds or residents is neither better nor worse: not marked.
      numberRow("certifiedBeds", "Certified Beds", (f) => f.certifiedBeds, formatCount),
      numberRow(
        "averageResidentsPerDay",
        "Average Residents per Day",
        (f) => f.averageResidentsPerDay,
        (value) => formatDecimal(value, 0),
      ),
      {
        id: "affiliatedEntityName",
        label: "Affiliated Entity",
        text: (f) => text(f.affiliatedEntityName),
        href: (f) => {
          const name = f.affiliatedEntityName?.trim();
          return name ? entityPath(name) : null;
        },
      },
      { id: "ownershipType", label: "Ownership", text: (f) => text(f.ownershipType) },
    ],
  },
  {
    id: "location",
    title: "Location & Contact",
    rows: [
      { id: "address", label: "Address", text: (f) => text(f.address) },
      { id: "city", label: "City/Town", text: (f) => text(f.city) },
      { id: "state", label: "State", text: (f) => text(f.state) },
      { id: "zip", label: "ZIP Code", text: (f) => text(f.zip) },
      { id: "county", label: "County", text: (f) => text(f.county) },
      { id: "phone", label: "Phone", text: (f) => (f.phone?.trim() ? formatPhone(f.phone) : MISSING) },
      { id: "ccn", label: "CCN", text: (f) => f.ccn },
      { id: "processingDate", label: "Data as of", text: (f) => formatShortDate(f.processingDate) },
    ],
  },
];

/**
 * Which values of a row are the best: the highest (or lowest) among the known values; ties are all best; a
 * missing value never is. A best value needs something to be better than, so nothing is marked unless at least
 * two facilities have a value.
 */
export function markBest(values: readonly (number | null)[], better: Better): boolean[] {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (known.length < 2) return values.map(() => false);
  const best = better === "higher" ? Math.max(...known) : Math.min(...known);
  return values.map((value) => value !== null && value === best);
}
