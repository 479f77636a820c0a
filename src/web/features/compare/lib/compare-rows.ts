// The rows of the comparison table: every field of the facility detail, grouped as on the detail page, with the
// direction in which a value is better where that is well defined, and which values of a row are the best. Some
// rows are shown only for some facilities: the complaints row is CMS's substantiated complaints, or, where the
// newest file has none (from 2025), the complaint citations of the inspection record; the inspection record's rows
// are left out while it is not loaded (every value unknown).
import type { FacilityDetail } from "../../../../core/api-types.ts";
import {
  formatCount,
  formatDecimal,
  formatPercent,
  formatRatingOutOf5,
  formatUsd,
} from "../../../../core/format.ts";
import { formatShortDate } from "../../../../core/history.ts";
import { HARM_LEVELS, harmLabel, SCOPE_SEVERITY_CODES } from "../../../../core/inspections.ts";
import type { FacilityQualityMeasures, QualityMeasure } from "../../../../core/quality-measures.ts";
import type { FacilityStaffing, StaffingKey } from "../../../../core/staffing.ts";
import {
  COMPLAINT_CITATIONS_LABEL,
  COMPLAINT_CITATIONS_NOTE,
  complaintsKind,
  SUBSTANTIATED_COMPLAINTS_LABEL,
} from "../../../lib/complaints.ts";
import { entityPath } from "../../../lib/entity-path.ts";
import { formatPhone } from "../../../lib/facility-contact.ts";
import { formatScore, periodLabel } from "../../../lib/quality-measure-scores.ts";
import { formatStaffingValue } from "../../../lib/staffing-figures.ts";

/**
 * A facility as the comparison shows it: its detail, and, once loaded, its staffing figures and quality measures
 * (their rows are shown when some facility has a value).
 */
export type ComparedFacility = FacilityDetail & {
  staffing?: FacilityStaffing | undefined;
  qualityMeasures?: FacilityQualityMeasures | undefined;
};

/** Higher is better (ratings, nurse hours) or lower is better (deficiencies, fines, turnover). */
export type Better = "higher" | "lower";

export interface CompareRow {
  id: string;
  label: string;
  /** Set where "better" is well defined; the best value(s) of the row are then marked. */
  better?: Better;
  /** The number compared for `better`, null when the facility lacks it. */
  value?: (facility: ComparedFacility) => number | null;
  /** The text of a cell; "N/A" when the value is missing. */
  text: (facility: ComparedFacility) => string;
  /** Where the cell links to, if anywhere. */
  href?: (facility: ComparedFacility) => string | null;
  /** Words under the label saying which value is better, where "higher/lower is better" would read oddly. */
  betterHint?: string;
  /** A sentence under the label, saying what the row is when its label alone cannot. */
  note?: string;
  /** Whether the row is shown for these facilities; always when absent. */
  shown?: (facilities: readonly ComparedFacility[]) => boolean;
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
  pick: (facility: ComparedFacility) => number | null,
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

/** The list fields of the citations of each harm level. */
const CITATION_FIELDS = {
  minimal: "citationsMinimalHarm",
  potential: "citationsPotentialHarm",
  actual: "citationsActualHarm",
  jeopardy: "citationsImmediateJeopardy",
} as const;

/**
 * A row of the inspection record: less is better; shown when some facility's value is known (the record is loaded).
 */
function inspectionRow(
  id: string,
  label: string,
  pick: (facility: FacilityDetail) => number | null,
  format: (value: number) => string,
): CompareRow {
  return {
    ...numberRow(id, label, pick, format, "lower"),
    shown: (facilities) => facilities.some((facility) => pick(facility) !== null),
  };
}

/**
 * How severe the most severe citation of the three years is: 1 (A) to 12 (L), 0 when the facility has none; null
 * when no health citations file is loaded (its citation counts are unknown).
 */
function severityOf(facility: FacilityDetail): number | null {
  if (facility.citationsMinimalHarm == null) return null;
  const code = facility.mostSevereCitation ?? null;
  return code === null ? 0 : SCOPE_SEVERITY_CODES.indexOf(code) + 1;
}

function ratingRow(id: string, label: string, pick: (facility: FacilityDetail) => number | null): CompareRow {
  return numberRow(id, label, pick, (value) => formatRatingOutOf5(value), "higher");
}

/** The staffing figures compared beyond the three of the detail's card, each in its better direction. */
const STAFFING_ROWS: readonly [StaffingKey, string, Better][] = [
  ["totalNurseHours", "Total Nurse Hours", "higher"],
  ["nurseAideHours", "Nurse Aide Hours", "higher"],
  ["lpnHours", "LPN Hours", "higher"],
  ["weekendTotalNurseHours", "Weekend Total Nurse Hours", "higher"],
  ["weekendRnHours", "Weekend RN Hours", "higher"],
  ["physicalTherapistHours", "Physical Therapist Hours", "higher"],
  ["rnTurnover", "RN Turnover", "lower"],
];

/** A staffing figure's row (per resident per day for hours), shown once some facility's staffing has it. */
function staffingRow(key: StaffingKey, label: string, better: Better): CompareRow {
  const figure = (facility: ComparedFacility) =>
    facility.staffing?.figures.find((candidate) => candidate.key === key);
  const pick = (facility: ComparedFacility) => figure(facility)?.value ?? null;
  return {
    id: `staffing-${key}`,
    label,
    better,
    value: pick,
    text: (facility) => {
      const found = figure(facility);
      return found?.value == null ? MISSING : formatStaffingValue(found.value, found.unit);
    },
    ...(key.endsWith("Hours") ? { note: "Per resident per day." } : {}),
    shown: (facilities) => facilities.some((facility) => pick(facility) !== null),
  };
}

/**
 * The quality measures' rows: every measure some facility reports, short-stay first, each compared in its own
 * direction (lower is better for most; vaccinations and improvements higher).
 */
export function qualityMeasureRows(facilities: readonly ComparedFacility[]): CompareRow[] {
  const measures = new Map<string, QualityMeasure>();
  for (const facility of facilities) {
    for (const measure of facility.qualityMeasures?.measures ?? []) {
      const key = `${measure.source}-${measure.code}`;
      if (!measures.has(key)) measures.set(key, measure);
    }
  }
  const order = (measure: QualityMeasure) => `${measure.residentType === "shortStay" ? 0 : 1}${measure.code}`;
  return [...measures.entries()]
    .sort(([, a], [, b]) => order(a).localeCompare(order(b)))
    .map(([key, measure]) => {
      const own = (facility: ComparedFacility) =>
        facility.qualityMeasures?.measures.find(
          (candidate) => `${candidate.source}-${candidate.code}` === key,
        );
      const pick = (facility: ComparedFacility) => own(facility)?.score ?? null;
      return {
        id: `quality-${key}`,
        label: measure.description,
        better: measure.betterWhen,
        value: pick,
        text: (facility) => {
          const found = own(facility);
          return found?.score == null ? MISSING : formatScore(found, found.score);
        },
        note: `${measure.residentType === "shortStay" ? "Short-stay" : "Long-stay"} residents, ${periodLabel(measure.period)}${measure.usedInRating ? "; used in the QM star" : ""}.`,
      };
    });
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
      {
        ...numberRow(
          "substantiatedComplaints",
          SUBSTANTIATED_COMPLAINTS_LABEL,
          (f) => f.substantiatedComplaints,
          formatCount,
          "lower",
        ),
        shown: (facilities) => complaintsKind(facilities) === "substantiated",
      },
      {
        ...numberRow(
          "complaintCitationsThreeYears",
          COMPLAINT_CITATIONS_LABEL,
          (f) => f.complaintCitationsThreeYears ?? null,
          formatCount,
          "lower",
        ),
        note: COMPLAINT_CITATIONS_NOTE,
        shown: (facilities) => complaintsKind(facilities) === "citations",
      },
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
    id: "inspections",
    title: "Inspection Record, Last 3 Years",
    // Most severe first, as a family reads the record.
    rows: [
      ...[...HARM_LEVELS]
        .reverse()
        .map((level) =>
          inspectionRow(
            CITATION_FIELDS[level.key],
            `${level.label} (${level.codes[0]}-${level.codes[2]})`,
            (f) => f[CITATION_FIELDS[level.key]] ?? null,
            formatCount,
          ),
        ),
      {
        ...inspectionRow(
          "mostSevereCitation",
          "Most severe citation",
          (f) => severityOf(f),
          () => "",
        ),
        text: (f) => {
          if (severityOf(f) === null) return MISSING;
          const code = f.mostSevereCitation ?? null;
          return code === null ? "None" : `${code} (${harmLabel(code)})`;
        },
        betterHint: "less severe is better",
      },
      {
        ...inspectionRow(
          "abuse",
          "Abuse cited",
          (f) => (f.abuse == null ? null : f.abuse ? 1 : 0),
          (value) => (value > 0 ? "Yes" : "No"),
        ),
        betterHint: "none is better",
        note: "CMS's abuse icon, or a citation for abuse, neglect or exploitation.",
      },
      inspectionRow("finesThreeYears", "Fines", (f) => f.finesThreeYears ?? null, formatCount),
      inspectionRow(
        "fineDollarsThreeYears",
        "Fines in dollars",
        (f) => f.fineDollarsThreeYears ?? null,
        formatUsd,
      ),
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
      ...STAFFING_ROWS.map(([key, label, better]) => staffingRow(key, label, better)),
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
 * The sections and rows shown for these facilities (a section none of whose rows is shown is left out); the quality
 * measures follow the staffing rows, one row per measure the facilities report.
 */
export function compareSections(facilities: readonly ComparedFacility[]): CompareSection[] {
  const sections = COMPARE_SECTIONS.flatMap((section) =>
    section.id === "staffing"
      ? [section, { id: "quality-measures", title: "Quality Measures", rows: qualityMeasureRows(facilities) }]
      : [section],
  );
  return sections
    .map((section) => ({
      ...section,
      rows: section.rows.filter((row) => row.shown?.(facilities) ?? true),
    }))
    .filter((section) => section.rows.length > 0);
}

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
