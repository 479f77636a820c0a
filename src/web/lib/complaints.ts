// The complaints figure of a facility, as the detail page and the comparison show it. Provider Information counted
// each home's substantiated complaints of the last three years until CMS stopped publishing the count in 2025; from
// then on the product shows the home's complaint citations of the last three years from the inspection record
// (health citations CMS flags "Complaint Deficiency"), labelled as such, with a note saying why.
import type { FacilityDetail } from "../../core/api-types.ts";

export const SUBSTANTIATED_COMPLAINTS_LABEL = "Substantiated Complaints";
export const COMPLAINT_CITATIONS_LABEL = "Complaint citations, last 3 years";
export const COMPLAINT_CITATIONS_NOTE =
  "CMS no longer publishes the number of substantiated complaints. Shown instead: the home's health citations from complaint inspections in the last three years.";

export interface ComplaintsFigure {
  kind: "substantiated" | "citations";
  label: string;
  value: number;
  /** Why the figure is not CMS's count of substantiated complaints. */
  note?: string;
}

type Complaints = Pick<FacilityDetail, "substantiatedComplaints" | "complaintCitationsThreeYears">;

/**
 * Which complaints figure the facilities show together: CMS's substantiated complaints when the file has them for
 * any of them, else the complaint citations when the inspection record is loaded; null when neither is known.
 */
export function complaintsKind(facilities: readonly Complaints[]): ComplaintsFigure["kind"] | null {
  if (facilities.some((facility) => facility.substantiatedComplaints !== null)) return "substantiated";
  if (facilities.some((facility) => (facility.complaintCitationsThreeYears ?? null) !== null))
    return "citations";
  return null;
}

/** The figure of a kind for one facility: its label, value and note; the value null when it lacks it. */
export function complaintsOf(
  facility: Complaints,
  kind: ComplaintsFigure["kind"],
): { label: string; value: number | null; note?: string } {
  return kind === "substantiated"
    ? { label: SUBSTANTIATED_COMPLAINTS_LABEL, value: facility.substantiatedComplaints }
    : {
        label: COMPLAINT_CITATIONS_LABEL,
        value: facility.complaintCitationsThreeYears ?? null,
        note: COMPLAINT_CITATIONS_NOTE,
      };
}

/** The complaints figure of one facility (the detail page); null when neither is known. */
export function complaintsFigure(facility: Complaints): ComplaintsFigure | null {
  const kind = complaintsKind([facility]);
  if (kind === null) return null;
  const { value, ...rest } = complaintsOf(facility, kind);
  return value === null ? null : { kind, value, ...rest };
}
