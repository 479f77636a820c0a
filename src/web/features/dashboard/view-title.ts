// Titles and labels that describe the current view in words (summary heading, filter chips).
import type { AlertPeriod } from "../../../core/constants.ts";
import type { DashboardFilters } from "../../../core/url-state.ts";

export const PERIOD_LABELS: Record<AlertPeriod, string> = {
  lastPeriod: "Last period",
  lastQuarter: "Last quarter",
};

export const PERIOD_DESCRIPTIONS: Record<AlertPeriod, string> = {
  lastPeriod: "Latest release against the one before it",
  lastQuarter: "Latest release against one at least 3 months earlier",
};

function joinList(values: readonly string[], noun: string): string {
  if (values.length <= 3) return values.join(", ");
  return `${values.length} ${noun}`;
}

/** The heading of the summary row: what the numbers below it cover. */
export function getViewTitle(filters: DashboardFilters): string {
  const base = filters.favoritesOnly ? "Favorite Facilities" : "Facilities";
  const parts: string[] = [];
  if (filters.states.length > 0) parts.push(`in ${joinList(filters.states, "states")}`);
  if (filters.affiliatedEntities.length > 0) {
    parts.push(`of ${joinList(filters.affiliatedEntities, "affiliated entities")}`);
  }
  if (filters.ratingMin != null) parts.push(`rated ${filters.ratingMin}+ stars`);
  if (filters.search.trim() !== "") parts.push(`matching “${filters.search.trim()}”`);
  if (filters.alertFilterEnabled) parts.push("with rating changes");

  if (parts.length === 0) return filters.favoritesOnly ? base : "All Facilities";
  if (parts.length > 2) return filters.favoritesOnly ? "Filtered Favorite Facilities" : "Filtered Facilities";
  return `${base} ${parts.join(", ")}`;
}
