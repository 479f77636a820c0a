// The dashboard's state in the address bar (SPEC sections 2 "Dashboard query parameters", 3 "Filter set", 4, 5).
// Parsing is lenient: a visitor's hand-edited or stale link never breaks the page, bad values fall back to the
// spec's defaults. Encoding is canonical, so equal states give equal links. Pure and isomorphic.
import { normalizeAlertMetric } from "./alert-metrics.ts";
import { DEFAULT_RADIUS_MILES, defaultSort, MAX_PLACE_LENGTH, MAX_RADIUS_MILES } from "./api-query.ts";
import { type FacilityQuery, LIST_SORTS, type ListSort } from "./api-types.ts";
import {
  ALERT_PERIODS,
  type AlertMetric,
  type AlertPeriod,
  DEFAULT_ALERT_METRIC,
  DEFAULT_ALERT_PERIOD,
  DEFAULT_ALERT_THRESHOLD,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
} from "./constants.ts";
import { HARM_FILTERS, type HarmFilter } from "./inspections.ts";
import {
  MAX_OWNER_FILTERS,
  MAX_OWNER_NAME_LENGTH,
  OWNER_TYPES,
  type OwnerType,
  ownerKey,
} from "./ownership.ts";
import { SFF_FILTERS, type SffFilter } from "./special-focus.ts";

/** The spec's filter set, as far as the dashboard shows it, plus favourites mode. */
export interface DashboardFilters {
  search: string;
  ratingMin: number | null;
  states: string[];
  affiliatedEntities: string[];
  alertFilterEnabled: boolean;
  /** `null` when the address gives none (alerts off clears it). */
  ratingChangeThreshold: number | null;
  ratingMetric: AlertMetric | null;
  timePeriod: AlertPeriod | null;
  favoritesOnly: boolean;
  /** A place as the visitor typed it (a ZIP code or "City, ST"), "" for none; the server resolves or refuses it. */
  near: string;
  /** Miles around `near`; null for the default (25), and always null without `near`. */
  radius: number | null;
  /** The list's order; null for the default (distance with `near`, name without). */
  sort: ListSort | null;
  /** Facilities with a citation at G or worse (`actual`) or J or worse (`jeopardy`) in three years; null for all. */
  harm: HarmFilter | null;
  /** Only facilities with CMS's Abuse Icon or an abuse citation in three years. */
  abuse: boolean;
  /**
   * Only facilities where one of these owners has a role now: `organization:ACME HEALTH, LLC` (the type, a colon and
   * the owner's name as CMS spells it, which the chips show), in the order chosen.
   */
  owners: string[];
  /** Special Focus Facilities (`sff`), candidates (`candidate`) or either; null for all. */
  sff: SffFilter | null;
  /** Only facilities CMS flags as having changed ownership in the last 12 months. */
  ownershipChanged: boolean;
  /** Cards or map. Not a filter, but kept with them, so that links and saved views show the view as it was. */
  view: DashboardView;
}

export const DASHBOARD_VIEWS = ["list", "map"] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

/** The radius choices offered beside the Near field (the address accepts any the API does: 1 to 500). */
export const RADIUS_CHOICES = [5, 10, 25, 50, 100] as const;

export interface DashboardUrlState {
  filters: DashboardFilters;
  page: number;
}

export const DEFAULT_FILTERS: DashboardFilters = Object.freeze({
  search: "",
  ratingMin: null,
  states: [],
  affiliatedEntities: [],
  alertFilterEnabled: false,
  ratingChangeThreshold: null,
  ratingMetric: null,
  timePeriod: null,
  favoritesOnly: false,
  near: "",
  radius: null,
  sort: null,
  harm: null,
  abuse: false,
  owners: [],
  sff: null,
  ownershipChanged: false,
  view: "list",
});

/** The server refuses longer values; the browser shortens them instead of failing. */
export const MAX_URL_SEARCH_LENGTH = 200;
export const MAX_URL_ENTITY_LENGTH = 300;
export const MAX_URL_PAGE = 1_000_000;
const RATING_MIN = 1;
const RATING_MAX = 5;

export const URL_PARAMS = {
  search: "search",
  rating: "rating",
  state: "state",
  entity: "entity",
  alertEnabled: "alertEnabled",
  alertThreshold: "alertThreshold",
  alertMetric: "alertMetric",
  alertPeriod: "alertPeriod",
  favorites: "favorites",
  near: "near",
  radius: "radius",
  sort: "sort",
  harm: "harm",
  abuse: "abuse",
  owner: "owner",
  sff: "sff",
  ownershipChanged: "ownershipChanged",
  view: "view",
  page: "page",
} as const;

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** A minimum rating: an integer 1 to 5, anything else (not a number, out of range) is no minimum. */
export function parseRatingParam(raw: string | null): number | null {
  if (raw === null || raw.trim() === "") return null;
  const value = Number(raw.trim());
  if (!Number.isInteger(value) || value < RATING_MIN || value > RATING_MAX) return null;
  return value;
}

/** An alert threshold: a non-numeric value becomes 1 (spec 5); numbers are rounded into 1 to 5. */
export function parseThresholdParam(raw: string | null): number | null {
  if (raw === null) return null;
  const value = Number(raw.trim());
  if (raw.trim() === "" || !Number.isFinite(value)) return DEFAULT_ALERT_THRESHOLD;
  return Math.min(5, Math.max(1, Math.round(value)));
}

/** Any unrecognised period is the default period. */
export function parsePeriodParam(raw: string | null): AlertPeriod | null {
  if (raw === null) return null;
  return ALERT_PERIODS.find((period) => period === raw) ?? DEFAULT_ALERT_PERIOD;
}

/** Any unrecognised metric is Overall Rating (spec 5). */
export function parseMetricParam(raw: string | null): AlertMetric | null {
  if (raw === null) return null;
  return normalizeAlertMetric(raw);
}

export function parsePageParam(raw: string | null): number {
  if (raw === null) return 1;
  const value = Number(raw.trim());
  if (!Number.isFinite(value) || value < 1) return 1;
  return Math.min(MAX_URL_PAGE, Math.floor(value));
}

export function parseStatesParam(values: string[]): string[] {
  return unique(
    values.map((value) => value.trim().toUpperCase()).filter((value) => /^[A-Z]{2}$/.test(value)),
  );
}

export function parseEntitiesParam(values: string[]): string[] {
  return unique(values.filter((value) => value.trim() !== "" && value.length <= MAX_URL_ENTITY_LENGTH));
}

/** A place: kept as typed (trimmed, capped at the API's 100 characters); whether it is one is the server's call. */
export function parseNearParam(raw: string | null): string {
  return (raw ?? "").trim().slice(0, MAX_PLACE_LENGTH).trim();
}

/** A radius: an integer 1 to 500 miles; anything else, and the default 25, is null. */
export function parseRadiusParam(raw: string | null): number | null {
  if (raw === null || raw.trim() === "") return null;
  const value = Number(raw.trim());
  if (!Number.isInteger(value) || value < 1 || value > MAX_RADIUS_MILES || value === DEFAULT_RADIUS_MILES) {
    return null;
  }
  return value;
}

/** An order: name, distance or rating; distance needs a place, and the default order is null. */
export function parseSortParam(raw: string | null, near: string): ListSort | null {
  const sort = LIST_SORTS.find((value) => value === raw?.trim());
  if (sort === undefined || (sort === "distance" && near === "")) return null;
  return sort === defaultSort(near) ? null : sort;
}

/** A harm filter: `actual` or `jeopardy`; anything else is no harm filter. */
export function parseHarmParam(raw: string | null): HarmFilter | null {
  return HARM_FILTERS.find((value) => value === raw?.trim()) ?? null;
}

/** An owner filter's value read back: its type and name (trimmed); null when it names no type or no name. */
export function parseOwnerFilter(value: string): { type: OwnerType; name: string } | null {
  const at = value.indexOf(":");
  if (at < 0) return null;
  const type = OWNER_TYPES.find((candidate) => candidate === value.slice(0, at).trim().toLowerCase());
  const name = value.slice(at + 1).trim();
  if (!type || !/[\p{L}\p{N}]/u.test(name) || name.length > MAX_OWNER_NAME_LENGTH) return null;
  return { type, name };
}

/**
 * Owner filters: `individual:<name>` or `organization:<name>`; others are dropped, as are repeats of an owner (its
 * name compared as owners are) and any past the API's 100.
 */
export function parseOwnersParam(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const owners: string[] = [];
  for (const value of values) {
    const owner = parseOwnerFilter(value);
    if (!owner) continue;
    const key = ownerKey(owner.type, owner.name);
    if (seen.has(key)) continue;
    seen.add(key);
    owners.push(`${owner.type}:${owner.name}`);
  }
  return owners.slice(0, MAX_OWNER_FILTERS);
}

/** A special focus filter: `sff`, `candidate` or `either`; anything else is none. */
export function parseSffParam(raw: string | null): SffFilter | null {
  return SFF_FILTERS.find((value) => value === raw?.trim()) ?? null;
}

export function parseViewParam(raw: string | null): DashboardView {
  return raw === "map" ? "map" : "list";
}

/**
 * The place, radius and order in their one form: no radius or distance order without a place, defaults as
 * null. A removed place takes its radius with it, and the list returns to its order by name.
 */
export function normalizePlaceFilters(filters: DashboardFilters): DashboardFilters {
  const near = parseNearParam(filters.near);
  return {
    ...filters,
    near,
    radius: near === "" ? null : parseRadiusParam(filters.radius == null ? null : String(filters.radius)),
    sort: parseSortParam(filters.sort, near),
  };
}

/** The filters without a place (its chip removed, or Clear filters). */
export function withoutNear(filters: DashboardFilters): DashboardFilters {
  return normalizePlaceFilters({ ...filters, near: "", radius: null });
}

export function parseDashboardParams(params: URLSearchParams): DashboardUrlState {
  const near = parseNearParam(params.get(URL_PARAMS.near));
  return {
    filters: {
      search: (params.get(URL_PARAMS.search) ?? "").slice(0, MAX_URL_SEARCH_LENGTH),
      ratingMin: parseRatingParam(params.get(URL_PARAMS.rating)),
      states: parseStatesParam(params.getAll(URL_PARAMS.state)),
      affiliatedEntities: parseEntitiesParam(params.getAll(URL_PARAMS.entity)),
      alertFilterEnabled: params.get(URL_PARAMS.alertEnabled) === "true",
      ratingChangeThreshold: parseThresholdParam(params.get(URL_PARAMS.alertThreshold)),
      ratingMetric: parseMetricParam(params.get(URL_PARAMS.alertMetric)),
      timePeriod: parsePeriodParam(params.get(URL_PARAMS.alertPeriod)),
      favoritesOnly: params.get(URL_PARAMS.favorites) === "true",
      near,
      radius: near === "" ? null : parseRadiusParam(params.get(URL_PARAMS.radius)),
      sort: parseSortParam(params.get(URL_PARAMS.sort), near),
      harm: parseHarmParam(params.get(URL_PARAMS.harm)),
      abuse: params.get(URL_PARAMS.abuse) === "true",
      owners: parseOwnersParam(params.getAll(URL_PARAMS.owner)),
      sff: parseSffParam(params.get(URL_PARAMS.sff)),
      ownershipChanged: params.get(URL_PARAMS.ownershipChanged) === "true",
      view: parseViewParam(params.get(URL_PARAMS.view)),
    },
    page: parsePageParam(params.get(URL_PARAMS.page)),
  };
}

/**
 * The address of a dashboard state, in the spec's parameter order. Alert settings are written only while the
 * alert filter is on (turning it off clears them, spec 4); page 1 is left out.
 */
export function dashboardStateToParams(state: DashboardUrlState): URLSearchParams {
  const filters = normalizePlaceFilters(state.filters);
  const params = new URLSearchParams();
  const search = filters.search.slice(0, MAX_URL_SEARCH_LENGTH);
  if (search.trim() !== "") params.set(URL_PARAMS.search, search);
  if (filters.ratingMin != null) params.set(URL_PARAMS.rating, String(filters.ratingMin));
  for (const value of unique(filters.states)) params.append(URL_PARAMS.state, value);
  for (const value of unique(filters.affiliatedEntities)) params.append(URL_PARAMS.entity, value);
  if (filters.alertFilterEnabled) {
    params.set(URL_PARAMS.alertEnabled, "true");
    params.set(URL_PARAMS.alertThreshold, String(filters.ratingChangeThreshold ?? DEFAULT_ALERT_THRESHOLD));
    params.set(URL_PARAMS.alertMetric, filters.ratingMetric ?? DEFAULT_ALERT_METRIC);
    params.set(URL_PARAMS.alertPeriod, filters.timePeriod ?? DEFAULT_ALERT_PERIOD);
  }
  if (filters.favoritesOnly) params.set(URL_PARAMS.favorites, "true");
  if (filters.near !== "") params.set(URL_PARAMS.near, filters.near);
  if (filters.radius != null) params.set(URL_PARAMS.radius, String(filters.radius));
  if (filters.sort != null) params.set(URL_PARAMS.sort, filters.sort);
  if (filters.harm != null) params.set(URL_PARAMS.harm, filters.harm);
  if (filters.abuse) params.set(URL_PARAMS.abuse, "true");
  for (const owner of parseOwnersParam(filters.owners)) params.append(URL_PARAMS.owner, owner);
  if (filters.sff != null) params.set(URL_PARAMS.sff, filters.sff);
  if (filters.ownershipChanged) params.set(URL_PARAMS.ownershipChanged, "true");
  if (filters.view !== "list") params.set(URL_PARAMS.view, filters.view);
  if (state.page > 1) params.set(URL_PARAMS.page, String(state.page));
  return params;
}

/** True when a filter differs from its default or favourites mode is on (Share View and Clear show then). */
export function hasActiveFilters(filters: DashboardFilters): boolean {
  return (
    filters.search.trim() !== "" ||
    filters.ratingMin != null ||
    filters.states.length > 0 ||
    filters.affiliatedEntities.length > 0 ||
    filters.alertFilterEnabled ||
    filters.favoritesOnly ||
    filters.near.trim() !== "" ||
    filters.harm != null ||
    filters.abuse ||
    filters.owners.length > 0 ||
    filters.sff != null ||
    filters.ownershipChanged
  );
}

/** True when the address says more than `/`: a filter, or another order or view (Share View shows then). */
export function hasNonDefaultView(filters: DashboardFilters): boolean {
  const { sort, view } = normalizePlaceFilters(filters);
  return hasActiveFilters(filters) || sort !== null || view !== "list";
}

/** Alert filter off to on (spec 4): threshold 1, period lastPeriod, metric the previous one or Overall Rating. */
export function enableAlertFilter(filters: DashboardFilters): DashboardFilters {
  return {
    ...filters,
    alertFilterEnabled: true,
    ratingChangeThreshold: DEFAULT_ALERT_THRESHOLD,
    timePeriod: DEFAULT_ALERT_PERIOD,
    ratingMetric: filters.ratingMetric ?? DEFAULT_ALERT_METRIC,
  };
}

/** Alert filter on to off (spec 4): clears threshold, period and metric. */
export function disableAlertFilter(filters: DashboardFilters): DashboardFilters {
  return {
    ...filters,
    alertFilterEnabled: false,
    ratingChangeThreshold: null,
    timePeriod: null,
    ratingMetric: null,
  };
}

/** Reads a remembered page size; anything that is not one of the choices is the default. */
export function parsePageSize(raw: string | null): number {
  const value = Number(raw);
  return PAGE_SIZE_OPTIONS.find((option) => option === value) ?? DEFAULT_PAGE_SIZE;
}

/** The API request for a dashboard state. `favoriteIds` restricts the list in favourites mode. */
export function toFacilityQuery(
  state: DashboardUrlState,
  options: { pageSize: number; favoriteIds: readonly string[] },
): FacilityQuery {
  const filters = normalizePlaceFilters(state.filters);
  return {
    search: filters.search.trim(),
    rating: filters.ratingMin,
    states: [...filters.states].sort(),
    entities: [...filters.affiliatedEntities].sort(),
    ccns: filters.favoritesOnly ? [...options.favoriteIds].sort() : null,
    alertEnabled: filters.alertFilterEnabled,
    alertThreshold: filters.alertFilterEnabled
      ? (filters.ratingChangeThreshold ?? DEFAULT_ALERT_THRESHOLD)
      : DEFAULT_ALERT_THRESHOLD,
    alertMetric: filters.alertFilterEnabled
      ? (filters.ratingMetric ?? DEFAULT_ALERT_METRIC)
      : DEFAULT_ALERT_METRIC,
    alertPeriod: filters.alertFilterEnabled
      ? (filters.timePeriod ?? DEFAULT_ALERT_PERIOD)
      : DEFAULT_ALERT_PERIOD,
    page: state.page,
    pageSize: options.pageSize,
    near: filters.near === "" ? null : filters.near,
    radius: filters.radius,
    sort: filters.sort,
    harm: filters.harm,
    abuse: filters.abuse,
    // Owner keys, sorted: equal views are one request and one cache entry, however the owners were chosen.
    owners: [
      ...new Set(
        parseOwnersParam(filters.owners).flatMap((value) => {
          const owner = parseOwnerFilter(value);
          return owner ? [ownerKey(owner.type, owner.name)] : [];
        }),
      ),
    ].sort(),
    sff: filters.sff,
    ownershipChanged: filters.ownershipChanged,
  };
}
