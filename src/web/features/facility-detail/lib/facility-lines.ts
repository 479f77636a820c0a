// The labelled lines of the detail sections (SPEC section 2): formats, and which lines a facility shows.
import type { BenchmarkMeasure, FacilityDetail } from "../../../../core/api-types.ts";
import {
  formatCount,
  formatDecimal,
  formatPercent,
  formatRatingOutOf5,
  formatUsd,
} from "../../../../core/format.ts";
import { complaintsFigure } from "../../../lib/complaints.ts";
import { entityPath } from "../../../lib/entity-path.ts";

export interface DetailLine {
  label: string;
  value: string;
  /** The measure whose state and national averages are shown beside the value. */
  measure?: BenchmarkMeasure;
  /** The value links here (the affiliated entity's page). */
  href?: string;
  /** A sentence under the line, saying what the value is when its label alone cannot. */
  note?: string;
}

export type DetailSectionId = "quality" | "deficiencies" | "staffing" | "capacity";

export interface DetailSection {
  id: DetailSectionId;
  title: string;
  lines: DetailLine[];
}

/** A line only when there is a value (SPEC: each line is shown only when its value is not null). */
function line<T>(
  label: string,
  value: T | null,
  format: (value: T) => string,
  measure?: BenchmarkMeasure,
): DetailLine[] {
  return value === null ? [] : [{ label, value: format(value), ...(measure ? { measure } : {}) }];
}

function complaintsLine(facility: FacilityDetail): DetailLine[] {
  const figure = complaintsFigure(facility);
  if (figure === null) return [];
  return [
    {
      label: figure.label,
      value: formatCount(figure.value),
      ...(figure.note ? { note: figure.note } : {}),
    },
  ];
}

export function getDetailSections(facility: FacilityDetail): DetailSection[] {
  const entity = facility.affiliatedEntityName?.trim() ?? "";
  return [
    {
      id: "quality",
      title: "Quality Ratings",
      // Ratings always show, 'N/A' when missing.
      lines: [
        {
          label: "Health Inspection",
          value: formatRatingOutOf5(facility.healthInspectionRating),
          measure: "healthInspectionRating",
        },
        { label: "Staffing", value: formatRatingOutOf5(facility.staffingRating), measure: "staffingRating" },
        { label: "Quality Measures", value: formatRatingOutOf5(facility.qmRating), measure: "qmRating" },
      ],
    },
    {
      id: "deficiencies",
      title: "Deficiencies & Compliance",
      lines: [
        // The detail's deficiency score is the survey score the detail call adds (SPEC section 3), compared
        // with that score's averages (not the list's Rating Cycle 1 score).
        ...line(
          "Health Deficiency Score",
          facility.totalWeightedHealthSurveyScore,
          (value) => formatDecimal(value, 2),
          "totalWeightedHealthSurveyScore",
        ),
        // CMS's substantiated complaints; from 2025 on, when CMS no longer publishes them, the complaint
        // citations of the inspection record, labelled and explained as such.
        ...complaintsLine(facility),
        ...line("Infection Control Citations", facility.infectionControlCitations, formatCount),
        ...line("Fines", facility.finesTotalDollars, formatUsd, "finesTotalDollars"),
        ...line("Payment Denials", facility.paymentDenials, formatCount),
      ],
    },
    {
      id: "staffing",
      title: "Staffing & Turnover",
      lines: [
        ...line(
          "RN Staffing Hours",
          facility.rnStaffingHoursPerResidentPerDay,
          (value) => `${formatDecimal(value, 2)} hrs/day`,
          "rnStaffingHoursPerResidentPerDay",
        ),
        ...line(
          "Turnover Rate",
          facility.totalNursingStaffTurnover,
          formatPercent,
          "totalNursingStaffTurnover",
        ),
        ...line("Administrator Turnover", facility.administratorsLeft, formatCount),
      ],
    },
    {
      id: "capacity",
      title: "Capacity & Competitive Insights",
      lines: [
        ...line("Certified Beds", facility.certifiedBeds, formatCount),
        ...line("Average Residents per Day", facility.averageResidentsPerDay, (value) =>
          formatDecimal(value, 0),
        ),
        ...(entity === "" ? [] : [{ label: "Affiliated Entity", value: entity, href: entityPath(entity) }]),
      ],
    },
  ];
}
