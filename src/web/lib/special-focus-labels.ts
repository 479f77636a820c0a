// The words of CMS's Special Focus Facility program where the product marks a home: the facility cards, the detail
// page's header and the dashboard's filter. CMS's labels and explanations are in src/core/special-focus.ts.
import { formatMonthYear } from "../../core/history.ts";
import {
  type SffFilter,
  SPECIAL_FOCUS_EXPLANATIONS,
  SPECIAL_FOCUS_LABELS,
  type SpecialFocusPeriod,
  type SpecialFocusStatus,
} from "../../core/special-focus.ts";

/** The choices of the dashboard's `sff` filter, as its control and chip name them. */
export const SFF_FILTER_LABELS: Record<SffFilter, string> = {
  sff: "Special Focus Facilities",
  candidate: "SFF candidates",
  either: "Special Focus Facilities or candidates",
};

export interface SpecialFocusMark {
  status: SpecialFocusStatus;
  /** The visible words: 'SFF', 'SFF candidate'. */
  label: string;
  /** CMS's name of the status and its explanation (the mark's tooltip and a screen reader's words). */
  title: string;
}

/** A card's mark of a home on CMS's Special Focus Facility list or a candidate for it; null for neither. */
export function specialFocusMark(facility: {
  specialFocus?: SpecialFocusStatus | null;
}): SpecialFocusMark | null {
  const status = facility.specialFocus ?? null;
  if (status === null) return null;
  return {
    status,
    label: status === "sff" ? "SFF" : "SFF candidate",
    title: `${SPECIAL_FOCUS_LABELS[status]}: ${SPECIAL_FOCUS_EXPLANATIONS[status]}`,
  };
}

/** 'Special Focus Facility, Mar 2024 to Nov 2025 (9 releases)'; a stretch of one release names its month only. */
export function describeSpecialFocusPeriod(period: SpecialFocusPeriod): string {
  const label = SPECIAL_FOCUS_LABELS[period.status];
  const from = formatMonthYear(period.from);
  const to = formatMonthYear(period.to);
  const releases = `${period.releases} ${period.releases === 1 ? "release" : "releases"}`;
  return from === to ? `${label}, ${from} (${releases})` : `${label}, ${from} to ${to} (${releases})`;
}
