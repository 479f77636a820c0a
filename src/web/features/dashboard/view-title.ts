// Titles and labels that describe the current view in words (summary heading, filter chips).
import { DEFAULT_RADIUS_MILES } from "../../../core/api-query.ts";
import type { AlertPeriod } from "../../../core/constants.ts";
import { formatCount } from "../../../core/format.ts";
import { type DashboardFilters, parseOwnerFilter } from "../../../core/url-state.ts";

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

/** "Within 25 mi of 94110": the radius of the filters and the place's label. */
export function describePlace(filters: DashboardFilters, place: string): string {
  return `Within ${filters.radius ?? DEFAULT_RADIUS_MILES} mi of ${place}`;
}

/** "12 facilities without a location are not shown": a view filtered by a place lists only those with one. */
export function describeWithoutLocation(count: number): string {
  return count === 1
    ? "1 facility without a location is not shown"
    : `${formatCount(count)} facilities without a location are not shown`;
}

/**
 * The heading of the summary row: what the numbers below it cover. `place` is the label of the place the list
 * is filtered by; null when there is none, or when the server did not know it (the list then ignores it).
 */
export function getViewTitle(filters: DashboardFilters, place: string | null = null): string {
  const base = filters.favoritesOnly ? "Favorite Facilities" : "Facilities";
  const parts: string[] = [];
  if (filters.states.length > 0) parts.push(`in ${joinList(filters.states, "states")}`);
  if (place !== null) parts.push(`within ${filters.radius ?? DEFAULT_RADIUS_MILES} mi of ${place}`);
  if (filters.affiliatedEntities.length > 0) {
    parts.push(`of ${joinList(filters.affiliatedEntities, "affiliated entities")}`);
  }
  if (filters.ratingMin != null) parts.push(`rated ${filters.ratingMin}+ stars`);
  if (filters.search.trim() !== "") parts.push(`matching “${filters.search.trim()}”`);
  if (filters.harm === "actual") parts.push("with harm cited");
  if (filters.harm === "jeopardy") parts.push("with immediate jeopardy cited");
  if (filters.abuse) parts.push("with abuse cited");
  if (filters.owners.length > 0) {
    const names = filters.owners.map((value) => parseOwnerFilter(value)?.name ?? value);
    parts.push(`of ${joinList(names, "owners")}`);
  }
  if (filters.sff === "sff") parts.push("on the Special Focus list");
  if (filters.sff === "candidate") parts.push("that are SFF candidates");
  if (filters.sff === "either") parts.push("on the Special Focus list or candidates");
  if (filters.ownershipChanged) parts.push("with a new owner in the last year");
  if (filters.alertFilterEnabled) parts.push("with rating changes");

  if (parts.length === 0) return filters.favoritesOnly ? base : "All Facilities";
  if (parts.length > 2) return filters.favoritesOnly ? "Filtered Favorite Facilities" : "Filtered Facilities";
  return `${base} ${parts.join(", ")}`;
}
