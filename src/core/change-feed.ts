// The feeds of rating changes (docs/api.md, "Feeds of rating changes"): their address for a view of the list, and
// the words of their titles and entries. Pure and isomorphic: the server writes the feeds, the web app links to them.
import { effectiveRadius, facilityQueryToSearchParams } from "./api-query.ts";
import type { ChangeMetric, FacilityQuery } from "./api-types.ts";
import { DEFAULT_ALERT_PERIOD, DEFAULT_ALERT_THRESHOLD } from "./constants.ts";
import { formatMonthYear } from "./dates.ts";

export const CHANGES_FEED_PATH = "/api/feeds/changes.atom";
/** The releases a feed covers: the newest 12 processing dates. */
export const RECENT_RELEASES = 12;
/** Entries in one feed document; older ones are on the pages its `next` link leads to. */
export const FEED_PAGE_SIZE = 200;
export const FEED_AUTHOR = "CMS Star Ratings Dashboard";

/** The ratings as the detail page's "What changed" names them. */
export const CHANGE_METRIC_LABELS: Record<ChangeMetric, string> = {
  overallRating: "Overall",
  healthInspectionRating: "Health Inspection",
  staffingRating: "Staffing",
  qmRating: "Quality Measures",
};

/**
 * The query string of a view's feed: the list's filters in their canonical form (src/core/api-query.ts); the
 * list's page, page size and order do not apply to a feed.
 */
export function changesFeedParams(query: Partial<FacilityQuery>): URLSearchParams {
  const params = facilityQueryToSearchParams(query);
  params.delete("page");
  params.delete("pageSize");
  params.delete("sort");
  return params;
}

/** The address (path and query) of page `page` of a view's feed. */
export function changesFeedPath(query: Partial<FacilityQuery>, page = 1): string {
  const params = changesFeedParams(query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${CHANGES_FEED_PATH}?${search}` : CHANGES_FEED_PATH;
}

function joinList(values: readonly string[], noun: string): string {
  return values.length <= 3 ? values.join(", ") : `${values.length} ${noun}`;
}

/** What the feed's view holds, besides its filters: the place's label, and the facility of a one-facility feed. */
export interface FeedViewNames {
  place?: string | null;
  facility?: { name: string; state: string | null } | null;
}

/**
 * The feed's title: "Rating changes: CA, 4+ stars", "Rating changes: SUNNY ACRES (CA)", "Rating changes: all
 * facilities".
 */
export function changesFeedTitle(query: FacilityQuery, names: FeedViewNames = {}): string {
  const parts: string[] = [];
  if (query.ccns) {
    if (query.ccns.length === 1 && names.facility) parts.push(facilityLabel(names.facility));
    else if (query.ccns.length === 1) parts.push(`CCN ${query.ccns[0]}`);
    else parts.push(`${query.ccns.length} selected ${query.ccns.length === 1 ? "facility" : "facilities"}`);
  }
  if (query.states.length > 0) parts.push(joinList(query.states, "states"));
  if (query.near) {
    parts.push(`within ${effectiveRadius(query)} mi of ${names.place ?? query.near}`);
  }
  if (query.entities.length > 0) parts.push(`of ${joinList(query.entities, "affiliated entities")}`);
  if (query.owners?.length) {
    const names = query.owners.map((owner) => owner.slice(owner.indexOf(":") + 1));
    parts.push(`run by ${joinList(names, "owners")}`);
  }
  if (query.rating != null) parts.push(`${query.rating}+ stars`);
  if (query.search) parts.push(`matching “${query.search}”`);
  if (query.alertEnabled) {
    const threshold = query.alertThreshold ?? DEFAULT_ALERT_THRESHOLD;
    const period =
      (query.alertPeriod ?? DEFAULT_ALERT_PERIOD) === "lastQuarter" ? "last quarter" : "last period";
    parts.push(`alerts: ${query.alertMetric} ±${threshold}, ${period}`);
  }
  return `Rating changes: ${parts.length > 0 ? parts.join(", ") : "all facilities"}`;
}

function facilityLabel(facility: { name: string; state: string | null }): string {
  return facility.state ? `${facility.name} (${facility.state})` : facility.name;
}

/** One rating that changed: from and to, in stars. */
export interface FeedChange {
  metric: ChangeMetric;
  from: number;
  to: number;
}

/** An entry's title: "SUNNY ACRES (CA): Overall 3 → 4, Staffing 2 → 3". */
export function changeEntryTitle(
  facility: { name: string; state: string | null },
  changes: readonly FeedChange[],
): string {
  const list = changes.map(
    (change) => `${CHANGE_METRIC_LABELS[change.metric]} ${change.from} → ${change.to}`,
  );
  return `${facilityLabel(facility)}: ${list.join(", ")}`;
}

/** A change in words: "Overall: 3 → 4 stars (up 1)". */
export function describeChange(change: FeedChange): string {
  const size = Math.abs(change.to - change.from);
  const direction = change.to > change.from ? "up" : "down";
  return `${CHANGE_METRIC_LABELS[change.metric]}: ${change.from} → ${change.to} stars (${direction} ${size})`;
}

/** "the release of Oct 2026 (processing date 2026-10-01), compared with Sep 2026". */
export function describeReleases(date: string, previousDate: string): string {
  return `the release of ${formatMonthYear(date)} (processing date ${date}), compared with ${formatMonthYear(previousDate)}`;
}
