// Strict parsing of API query strings (the server's boundary) and their canonical encoding (the web client's
// requests and the server's cache keys). The browser's own URL parsing is lenient; see url-state.ts.
import { normalizeAlertMetric } from "./alert-metrics.ts";
import { type CitationQuery, type FacilityQuery, LIST_SORTS, type ListSort } from "./api-types.ts";
import {
  ALERT_PERIODS,
  type AlertPeriod,
  CCN_PATTERN,
  DEFAULT_ALERT_METRIC,
  DEFAULT_ALERT_PERIOD,
  DEFAULT_ALERT_THRESHOLD,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
} from "./constants.ts";
import { HARM_FILTERS, type HarmFilter, normalizeTag } from "./inspections.ts";

export const MAX_SEARCH_LENGTH = 200;
export const MAX_ENTITY_LENGTH = 300;
export const MAX_LIST_VALUES = 1000;

export class QueryParamError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
    this.name = "QueryParamError";
  }
}

/**
 * Characters no query value may hold: NUL and the other C0 and C1 control characters (PostgreSQL refuses NUL in text;
 * the others are never part of a facility name or entity), and U+FFFD, which is what bytes that were not valid UTF-8
 * (a lone surrogate's encoding among them) decode to.
 */
const FORBIDDEN_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
  /[\u0000-\u001f\u007f-\u009f\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Longest query parameter name or value considered at all. */
export const MAX_PARAM_LENGTH = 2000;

/**
 * Checks every parameter of a raw query string (the part after `?`) before it is parsed: invalid percent-encoding,
 * control characters, text that was not UTF-8 and over-long values are refused with the parameter's name.
 */
export function checkRawQuery(rawQuery: string): void {
  for (const pair of rawQuery.split("&")) {
    if (pair === "") continue;
    const [rawName = "", rawValue = ""] = pair.split(/=(.*)/s);
    const name = safeDecode(rawName) ?? rawName.replace(/%/g, "");
    const param = FORBIDDEN_TEXT.test(name) || name.length > 100 ? "query" : name;
    const value = safeDecode(rawValue);
    if (value === null || safeDecode(rawName) === null) {
      throw new QueryParamError(param, `${param} is not valid percent-encoded UTF-8`);
    }
    if (param === "query")
      throw new QueryParamError("query", "a query parameter name holds forbidden characters");
    if (FORBIDDEN_TEXT.test(value)) {
      throw new QueryParamError(param, `${param} must not contain control characters or invalid text`);
    }
    if (value.length > MAX_PARAM_LENGTH) {
      throw new QueryParamError(param, `${param} must be at most ${MAX_PARAM_LENGTH} characters`);
    }
  }
}

/** Decodes `+` and percent-encoding as a query string does; null when it is not valid UTF-8 percent-encoding. */
function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/** A path segment (a CCN or an entity name): the same rules as a query value. */
export function checkPathText(segment: string, param: string): void {
  if (FORBIDDEN_TEXT.test(segment)) {
    throw new QueryParamError(param, `${param} must not contain control characters or invalid text`);
  }
}

/** The `state` of /api/benchmarks: null when absent; otherwise one two-letter code, upper-cased. */
export function parseBenchmarkState(params: URLSearchParams): string | null {
  const values = params.getAll("state");
  if (values.length === 0) return null;
  const [value = ""] = values;
  if (values.length > 1 || !/^[A-Za-z]{2}$/.test(value)) {
    throw new QueryParamError("state", "state must be one two-letter code");
  }
  return value.toUpperCase();
}

/** The affiliated entity name of /api/entities/{name} (already percent-decoded), matched exactly. */
export function parseEntityName(name: string): string {
  if (name.length === 0 || name.length > MAX_ENTITY_LENGTH) {
    throw new QueryParamError("name", `name must be 1 to ${MAX_ENTITY_LENGTH} characters`);
  }
  return name;
}

/** Values the spec says are dropped from an id list before querying. */
const DROPPED_IDS = new Set(["", "undefined", "null"]);

function parseIntParam(params: URLSearchParams, name: string, min: number, max: number): number | null {
  const raw = params.get(name);
  if (raw === null) return null;
  if (!/^\d{1,9}$/.test(raw.trim()))
    throw new QueryParamError(name, `${name} must be an integer from ${min} to ${max}`);
  const value = Number(raw.trim());
  if (value < min || value > max)
    throw new QueryParamError(name, `${name} must be an integer from ${min} to ${max}`);
  return value;
}

function parseBooleanParam(params: URLSearchParams, name: string): boolean {
  const raw = params.get(name);
  if (raw === null) return false;
  if (raw === "true") return true;
  if (raw === "false") return false;
  throw new QueryParamError(name, `${name} must be true or false`);
}

function parseList(params: URLSearchParams, name: string): string[] {
  const values = params.getAll(name);
  if (values.length > MAX_LIST_VALUES)
    throw new QueryParamError(name, `at most ${MAX_LIST_VALUES} ${name} values`);
  return values;
}

export function parseCcn(raw: string, param = "ccn"): string {
  if (!CCN_PATTERN.test(raw)) throw new QueryParamError(param, "ccn must be 6 letters or digits");
  return raw.toUpperCase();
}

export function parsePeriod(params: URLSearchParams, name: string): AlertPeriod {
  const raw = params.get(name);
  if (raw === null) return DEFAULT_ALERT_PERIOD;
  if (!(ALERT_PERIODS as readonly string[]).includes(raw)) {
    throw new QueryParamError(name, `${name} must be one of ${ALERT_PERIODS.join(", ")}`);
  }
  return raw as AlertPeriod;
}

/** Repeatable `ccn` parameters: the spec's dropped ids are removed; `null` means no restriction. */
export function parseCcnList(params: URLSearchParams): string[] | null {
  if (!params.has("ccn")) return null;
  const kept = parseList(params, "ccn").filter((value) => !DROPPED_IDS.has(value.trim()));
  return [...new Set(kept.map((value) => parseCcn(value.trim())))];
}

export function parseFacilityQuery(params: URLSearchParams): FacilityQuery {
  const search = (params.get("search") ?? "").trim();
  if (search.length > MAX_SEARCH_LENGTH) {
    throw new QueryParamError("search", `search must be at most ${MAX_SEARCH_LENGTH} characters`);
  }
  const states = parseList(params, "state").map((value) => {
    if (!/^[A-Za-z]{2}$/.test(value)) throw new QueryParamError("state", "state must be a two-letter code");
    return value.toUpperCase();
  });
  const entities = parseList(params, "entity").map((value) => {
    if (value.length === 0 || value.length > MAX_ENTITY_LENGTH) {
      throw new QueryParamError("entity", `entity must be 1 to ${MAX_ENTITY_LENGTH} characters`);
    }
    return value;
  });
  return {
    search,
    rating: parseIntParam(params, "rating", 1, 5),
    states: [...new Set(states)].sort(),
    entities: [...new Set(entities)].sort(),
    ccns: parseCcnList(params),
    alertEnabled: parseBooleanParam(params, "alertEnabled"),
    alertThreshold: parseIntParam(params, "alertThreshold", 1, 5) ?? DEFAULT_ALERT_THRESHOLD,
    alertMetric: normalizeAlertMetric(params.get("alertMetric") ?? DEFAULT_ALERT_METRIC),
    alertPeriod: parsePeriod(params, "alertPeriod"),
    page: parseIntParam(params, "page", 1, 1_000_000) ?? 1,
    pageSize: parseIntParam(params, "pageSize", 1, MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE,
    ...parseDistance(params),
    harm: parseHarm(params),
    abuse: parseBooleanParam(params, "abuse"),
  };
}

/** The `harm` filter: null when absent; `actual` or `jeopardy` (src/core/inspections.ts). */
function parseHarm(params: URLSearchParams): HarmFilter | null {
  const raw = params.get("harm");
  if (raw === null) return null;
  if (!(HARM_FILTERS as readonly string[]).includes(raw)) {
    throw new QueryParamError("harm", `harm must be one of ${HARM_FILTERS.join(", ")}`);
  }
  return raw as HarmFilter;
}

/** The longest `category` of /api/citations (CMS's longest is about 60 characters). */
export const MAX_CATEGORY_LENGTH = 200;
/** The longest `q` of /api/citations. */
export const MAX_CITATION_TEXT_LENGTH = 200;
/**
 * How deep /api/citations pages (page x pageSize): a page is found by skipping the citations before it, which costs
 * a few milliseconds per thousand; hundreds of thousands would hold the database for seconds. Filters reach the rest.
 */
export const MAX_CITATION_DEPTH = 10_000;

/** A `YYYY-MM-DD` calendar date parameter; null when absent. */
function parseDateParam(params: URLSearchParams, name: string): string | null {
  const raw = params.get(name);
  if (raw === null) return null;
  const value = raw.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(`${value}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new QueryParamError(name, `${name} must be a date written YYYY-MM-DD`);
  }
  return value;
}

/** GET /api/citations (docs/api.md): strict, like the list's parameters. Unknown states are checked by the server. */
export function parseCitationQuery(params: URLSearchParams): CitationQuery {
  const rawTag = params.get("tag");
  let tag: string | null = null;
  if (rawTag !== null && rawTag.trim() !== "") {
    tag = normalizeTag(rawTag);
    if (tag === null) {
      throw new QueryParamError(
        "tag",
        "tag must be a deficiency tag number: 1 to 4 digits, optionally after F",
      );
    }
  }
  const category = (params.get("category") ?? "").trim();
  if (category.length > MAX_CATEGORY_LENGTH) {
    throw new QueryParamError("category", `category must be at most ${MAX_CATEGORY_LENGTH} characters`);
  }
  const q = (params.get("q") ?? "").trim().replace(/\s+/g, " ");
  if (q.length > MAX_CITATION_TEXT_LENGTH) {
    throw new QueryParamError("q", `q must be at most ${MAX_CITATION_TEXT_LENGTH} characters`);
  }
  const from = parseDateParam(params, "from");
  const to = parseDateParam(params, "to");
  if (from !== null && to !== null && from > to) {
    throw new QueryParamError("from", "from must not be after to");
  }
  const { states, entities } = parseFacilityQuery(
    new URLSearchParams([
      ...params.getAll("state").map((value) => ["state", value]),
      ...params.getAll("entity").map((value) => ["entity", value]),
    ]),
  );
  const pageSize = parseIntParam(params, "pageSize", 1, MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE;
  const deepest = Math.floor(MAX_CITATION_DEPTH / pageSize);
  const page = parseIntParam(params, "page", 1, 1_000_000) ?? 1;
  if (page > deepest) {
    throw new QueryParamError(
      "page",
      `page must be at most ${deepest} with pageSize ${pageSize}: only the first ${MAX_CITATION_DEPTH.toLocaleString("en-US")} citations of a view are paged; filters (dates, state, tag) reach the others`,
    );
  }
  return {
    tag,
    category: category === "" ? null : category,
    harm: parseHarm(params),
    states,
    entities,
    from,
    to,
    q,
    page,
    pageSize,
  };
}

/** The canonical query string of a citations query (defaults omitted, lists sorted): equal queries, equal strings. */
export function citationQueryToSearchParams(query: Partial<CitationQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.tag) params.set("tag", query.tag);
  if (query.category) params.set("category", query.category);
  if (query.harm) params.set("harm", query.harm);
  for (const state of [...(query.states ?? [])].sort()) params.append("state", state);
  for (const entity of [...(query.entities ?? [])].sort()) params.append("entity", entity);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.q) params.set("q", query.q);
  if (query.page != null && query.page !== 1) params.set("page", String(query.page));
  if (query.pageSize != null && query.pageSize !== DEFAULT_PAGE_SIZE)
    params.set("pageSize", String(query.pageSize));
  return params;
}

export const DEFAULT_RADIUS_MILES = 25;
export const MAX_RADIUS_MILES = 500;
export const MAX_PLACE_LENGTH = 100;

/** The message of a place that is not a ZIP code or "City, ST", or that no place matches. */
export function unknownPlaceMessage(place: string): string {
  return `Unknown place '${place}': use a 5-digit ZIP code or 'City, ST'`;
}

/**
 * A place as the API compares it: a 5-digit ZIP code (a ZIP+4's first five digits), or "city, ST" with the city
 * lower-cased and its spaces single; null when the text is neither.
 */
export function normalizePlace(text: string): string | null {
  const trimmed = text.trim();
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(trimmed);
  if (zip) return zip[1] as string;
  const city = /^([^,]*[^\s,][^,]*?)\s*,\s*([A-Za-z]{2})$/.exec(trimmed);
  if (!city) return null;
  return `${(city[1] as string).trim().toLowerCase().replace(/\s+/g, " ")}, ${(city[2] as string).toUpperCase()}`;
}

/** The `q` of /api/places: the text typed so far, 1 to 100 characters. */
export function parsePlaceText(params: URLSearchParams): string {
  const values = params.getAll("q");
  const text = (values[0] ?? "").trim();
  if (values.length !== 1 || text.length === 0 || text.length > MAX_PLACE_LENGTH) {
    throw new QueryParamError("q", `q must be one text of 1 to ${MAX_PLACE_LENGTH} characters`);
  }
  return text;
}

/** `near`, `radius` and `sort` of a list query (docs/api.md, "Places, distance and the map"). */
function parseDistance(params: URLSearchParams): Pick<FacilityQuery, "near" | "radius" | "sort"> {
  const rawNear = params.get("near");
  let near: string | null = null;
  if (rawNear !== null && rawNear.trim() !== "") {
    const shown = rawNear.trim().slice(0, MAX_PLACE_LENGTH);
    near = rawNear.length <= MAX_PLACE_LENGTH ? normalizePlace(rawNear) : null;
    if (near === null) throw new QueryParamError("near", unknownPlaceMessage(shown));
  }
  const radius = parseIntParam(params, "radius", 1, MAX_RADIUS_MILES);
  const rawSort = params.get("sort");
  let sort: ListSort | null = null;
  if (rawSort !== null) {
    if (!(LIST_SORTS as readonly string[]).includes(rawSort)) {
      throw new QueryParamError("sort", `sort must be one of ${LIST_SORTS.join(", ")}`);
    }
    sort = rawSort as ListSort;
    if (sort === "distance" && near === null) {
      throw new QueryParamError("sort", "sort=distance needs a place in near");
    }
  }
  return {
    near,
    radius: near === null || radius === DEFAULT_RADIUS_MILES ? null : radius,
    sort: sort === defaultSort(near) ? null : sort,
  };
}

/** The list's order when `sort` is not given. */
export function defaultSort(near: string | null | undefined): ListSort {
  return near ? "distance" : "name";
}

/** The order a query asks for, its default applied. */
export function effectiveSort(query: Pick<FacilityQuery, "near" | "sort">): ListSort {
  return query.sort ?? defaultSort(query.near);
}

/** The radius a query asks for, in miles, its default applied (null without `near`). */
export function effectiveRadius(query: Pick<FacilityQuery, "near" | "radius">): number | null {
  return query.near ? (query.radius ?? DEFAULT_RADIUS_MILES) : null;
}

/**
 * The canonical query string of a facility query: defaults omitted, lists sorted. Equal queries give equal
 * strings, so it doubles as a cache key.
 */
export function facilityQueryToSearchParams(query: Partial<FacilityQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.rating != null) params.set("rating", String(query.rating));
  for (const state of [...(query.states ?? [])].sort()) params.append("state", state);
  for (const entity of [...(query.entities ?? [])].sort()) params.append("entity", entity);
  if (query.ccns != null) {
    // An empty restriction still has to reach the server: it means "none of them".
    if (query.ccns.length === 0) params.append("ccn", "");
    for (const ccn of [...query.ccns].sort()) params.append("ccn", ccn);
  }
  if (query.alertEnabled) {
    params.set("alertEnabled", "true");
    if (query.alertThreshold != null && query.alertThreshold !== DEFAULT_ALERT_THRESHOLD) {
      params.set("alertThreshold", String(query.alertThreshold));
    }
    if (query.alertMetric && query.alertMetric !== DEFAULT_ALERT_METRIC)
      params.set("alertMetric", query.alertMetric);
    if (query.alertPeriod && query.alertPeriod !== DEFAULT_ALERT_PERIOD)
      params.set("alertPeriod", query.alertPeriod);
  }
  if (query.near) {
    params.set("near", query.near);
    if (query.radius != null && query.radius !== DEFAULT_RADIUS_MILES)
      params.set("radius", String(query.radius));
  }
  if (query.sort && query.sort !== defaultSort(query.near)) params.set("sort", query.sort);
  if (query.harm) params.set("harm", query.harm);
  if (query.abuse) params.set("abuse", "true");
  if (query.page != null && query.page !== 1) params.set("page", String(query.page));
  if (query.pageSize != null && query.pageSize !== DEFAULT_PAGE_SIZE)
    params.set("pageSize", String(query.pageSize));
  return params;
}
