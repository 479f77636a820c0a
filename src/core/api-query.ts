// Strict parsing of API query strings (the server's boundary) and their canonical encoding (the web client's
// requests and the server's cache keys). The browser's own URL parsing is lenient; see url-state.ts.
import { normalizeAlertMetric } from "./alert-metrics.ts";
import {
  alertQuerySchemas,
  benchmarkQuerySchemas,
  checkParam,
  citationQuerySchemas,
  DEFAULT_RADIUS_MILES,
  facilityQuerySchemas,
  isCalendarDate,
  MAX_PARAM_LENGTH,
  MAX_PLACE_LENGTH,
  pathSchemas,
  placeQuerySchemas,
  QueryParamError,
} from "./api-params.ts";
import type { CitationQuery, FacilityQuery, ListSort } from "./api-types.ts";
import {
  type AlertPeriod,
  DEFAULT_ALERT_METRIC,
  DEFAULT_ALERT_PERIOD,
  DEFAULT_ALERT_THRESHOLD,
  DEFAULT_PAGE_SIZE,
} from "./constants.ts";
import {
  type HarmFilter,
  type InspectionType,
  isInspectionType,
  normalizeTag,
  type SurveyKind,
} from "./inspections.ts";
import { OWNER_TYPES, type OwnerType, ownerKey } from "./ownership.ts";
import type { SffFilter } from "./special-focus.ts";

// The rules themselves are the schemas of api-params.ts; these names stay importable from here.
export {
  DEFAULT_RADIUS_MILES,
  MAX_CATEGORY_LENGTH,
  MAX_CITATION_TEXT_LENGTH,
  MAX_ENTITY_LENGTH,
  MAX_LIST_VALUES,
  MAX_PARAM_LENGTH,
  MAX_PLACE_LENGTH,
  MAX_RADIUS_MILES,
  MAX_SEARCH_LENGTH,
  QueryParamError,
} from "./api-params.ts";

/**
 * Characters no query value may hold: NUL and the other C0 and C1 control characters (PostgreSQL refuses NUL in text;
 * the others are never part of a facility name or entity), and U+FFFD, which is what bytes that were not valid UTF-8
 * (a lone surrogate's encoding among them) decode to.
 */
const FORBIDDEN_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
  /[\u0000-\u001f\u007f-\u009f\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

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

/**
 * The name of the path parameter at `index` of a raw API path's "/"-separated segments (the first is empty), as a
 * 400 names it: the CCN of /api/facilities/{ccn}[/...], the entity name of /api/entities/{name}[/trend], the type
 * and name of /api/owners/{type}/{name}; "path" for any other segment.
 */
export function pathParamName(rawPath: string, index: number): string {
  const [, , resource] = rawPath.split("/", 3);
  if (index !== 3 && !(resource === "owners" && index === 4)) return "path";
  if (resource === "facilities") return "ccn";
  if (resource === "entities") return "name";
  if (resource === "owners") return index === 3 ? "type" : "name";
  return "path";
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
  if (values.length > 1) throw new QueryParamError("state", "state must be one two-letter code");
  return checkParam(benchmarkQuerySchemas.state, value, "state").toUpperCase();
}

/** The affiliated entity name of /api/entities/{name} (already percent-decoded), matched exactly. */
export function parseEntityName(name: string): string {
  return checkParam(pathSchemas.name, name, "name");
}

/** Values the spec says are dropped from an id list before querying. */
const DROPPED_IDS = new Set(["", "undefined", "null"]);

type IntegerSchema = typeof facilityQuerySchemas.page;

/** An integer parameter: its text is 1 to 9 digits (spaces around ignored), its value within its schema's range. */
function parseIntParam(params: URLSearchParams, name: string, schema: IntegerSchema): number | null {
  const raw = params.get(name);
  if (raw === null) return null;
  const text = raw.trim();
  return checkParam(schema, /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN, name);
}

function parseBooleanParam(
  params: URLSearchParams,
  name: "alertEnabled" | "abuse" | "ownershipChanged",
): boolean {
  const raw = params.get(name);
  if (raw === null) return false;
  return checkParam(facilityQuerySchemas[name], raw, name) === "true";
}

/** The values of a repeatable parameter (at most its schema's number of values), each checked by its schema. */
function parseList(
  params: URLSearchParams,
  name: string,
  schema: typeof facilityQuerySchemas.state,
): string[] {
  return checkParam(schema, params.getAll(name), name);
}

export function parseCcn(raw: string, param = "ccn"): string {
  return checkParam(pathSchemas.ccn, raw, param).toUpperCase();
}

export function parsePeriod(params: URLSearchParams, name: "period" | "alertPeriod"): AlertPeriod {
  const raw = params.get(name);
  if (raw === null) return DEFAULT_ALERT_PERIOD;
  const schema = name === "period" ? alertQuerySchemas.period : facilityQuerySchemas.alertPeriod;
  return checkParam(schema, raw, name);
}

/** Repeatable `ccn` parameters: the spec's dropped ids are removed; `null` means no restriction. */
export function parseCcnList(params: URLSearchParams): string[] | null {
  if (!params.has("ccn")) return null;
  const kept = parseList(params, "ccn", alertQuerySchemas.ccn).filter(
    (value) => !DROPPED_IDS.has(value.trim()),
  );
  return [...new Set(kept.map((value) => parseCcn(value.trim())))];
}

export function parseFacilityQuery(params: URLSearchParams): FacilityQuery {
  const search = checkParam(facilityQuerySchemas.search, (params.get("search") ?? "").trim(), "search");
  const states = parseList(params, "state", facilityQuerySchemas.state).map((value) => value.toUpperCase());
  const entities = parseList(params, "entity", facilityQuerySchemas.entity);
  return {
    search,
    rating: parseIntParam(params, "rating", facilityQuerySchemas.rating),
    states: [...new Set(states)].sort(),
    entities: [...new Set(entities)].sort(),
    ccns: parseCcnList(params),
    alertEnabled: parseBooleanParam(params, "alertEnabled"),
    alertThreshold:
      parseIntParam(params, "alertThreshold", facilityQuerySchemas.alertThreshold) ?? DEFAULT_ALERT_THRESHOLD,
    alertMetric: normalizeAlertMetric(params.get("alertMetric") ?? DEFAULT_ALERT_METRIC),
    alertPeriod: parsePeriod(params, "alertPeriod"),
    page: parseIntParam(params, "page", facilityQuerySchemas.page) ?? 1,
    pageSize: parseIntParam(params, "pageSize", facilityQuerySchemas.pageSize) ?? DEFAULT_PAGE_SIZE,
    ...parseDistance(params),
    harm: parseHarm(params),
    abuse: parseBooleanParam(params, "abuse"),
    owners: parseOwners(params),
    sff: parseSff(params),
    ownershipChanged: parseBooleanParam(params, "ownershipChanged"),
  };
}

/** The `owner` filters as owner keys (`organization:ACME HEALTH LLC`), without repeats, sorted. */
function parseOwners(params: URLSearchParams): string[] {
  const values = checkParam(facilityQuerySchemas.owner, params.getAll("owner"), "owner");
  const keys = values.map((value) => {
    const at = value.indexOf(":");
    const type = value.slice(0, at).trim() as OwnerType;
    if (!OWNER_TYPES.includes(type)) throw new QueryParamError("owner", "owner must name a type");
    return ownerKey(type, value.slice(at + 1));
  });
  return [...new Set(keys)].sort();
}

/** The `sff` filter: null when absent; `sff`, `candidate` or `either` (src/core/special-focus.ts). */
function parseSff(params: URLSearchParams): SffFilter | null {
  const raw = params.get("sff");
  if (raw === null) return null;
  return checkParam(facilityQuerySchemas.sff, raw, "sff");
}

/** The `harm` filter: null when absent; `actual` or `jeopardy` (src/core/inspections.ts). */
function parseHarm(params: URLSearchParams): HarmFilter | null {
  const raw = params.get("harm");
  if (raw === null) return null;
  return checkParam(facilityQuerySchemas.harm, raw, "harm");
}

/**
 * How deep /api/citations pages (page x pageSize): a page is found by skipping the citations before it, which costs
 * a few milliseconds per thousand; hundreds of thousands would hold the database for seconds. Filters reach the rest.
 */
export const MAX_CITATION_DEPTH = 10_000;

/** A `YYYY-MM-DD` calendar date parameter; null when absent. */
function parseDateParam(params: URLSearchParams, name: "from" | "to"): string | null {
  const raw = params.get(name);
  if (raw === null) return null;
  const value = checkParam(citationQuerySchemas[name], raw, name).trim();
  if (!isCalendarDate(value)) {
    throw new QueryParamError(name, `${name} must be a date written YYYY-MM-DD`);
  }
  return value;
}

/**
 * The `type` and `kind` of /api/citations: `kind` is repeatable, each value a flag (standard, complaint,
 * infectionControl: at most one) or a type (health, fire: another spelling of `type`, which it must not contradict).
 */
function parseCitationKinds(params: URLSearchParams): { kind: SurveyKind | null; type: InspectionType } {
  const rawType = params.get("type");
  let type: InspectionType | null =
    rawType === null ? null : checkParam(citationQuerySchemas.type, rawType.trim(), "type");
  let kind: SurveyKind | null = null;
  for (const raw of params.getAll("kind")) {
    const value = checkParam(citationQuerySchemas.kind, raw.trim(), "kind");
    if (isInspectionType(value)) {
      if (type !== null && type !== value) {
        throw new QueryParamError("kind", `kind ${value} contradicts the inspection type ${type}`);
      }
      type = value;
    } else {
      if (kind !== null && kind !== value) {
        throw new QueryParamError(
          "kind",
          "kind may name one of standard, complaint and infectionControl (and one of health and fire)",
        );
      }
      kind = value;
    }
  }
  return { kind, type: type ?? "health" };
}

/** GET /api/citations/categories (docs/api.md): the inspection type, `type` or `kind` (health, fire), health by default. */
export function parseCitationCategoriesQuery(params: URLSearchParams): { type: InspectionType } {
  const { kind, type } = parseCitationKinds(params);
  if (kind !== null) {
    throw new QueryParamError("kind", "kind may only name an inspection type here: health or fire");
  }
  return { type };
}

/** GET /api/citations (docs/api.md): strict, like the list's parameters. Unknown states are checked by the server. */
export function parseCitationQuery(params: URLSearchParams): CitationQuery {
  const rawTag = params.get("tag");
  let tag: string | null = null;
  if (rawTag !== null && checkParam(citationQuerySchemas.tag, rawTag, "tag").trim() !== "") {
    tag = normalizeTag(rawTag);
    if (tag === null) {
      throw new QueryParamError(
        "tag",
        "tag must be a deficiency tag number: 1 to 4 digits, optionally after F, K or E",
      );
    }
  }
  const category = checkParam(
    citationQuerySchemas.category,
    (params.get("category") ?? "").trim(),
    "category",
  );
  const q = checkParam(citationQuerySchemas.q, (params.get("q") ?? "").trim().replace(/\s+/g, " "), "q");
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
  const pageSize = parseIntParam(params, "pageSize", facilityQuerySchemas.pageSize) ?? DEFAULT_PAGE_SIZE;
  const deepest = Math.floor(MAX_CITATION_DEPTH / pageSize);
  const page = parseIntParam(params, "page", facilityQuerySchemas.page) ?? 1;
  if (page > deepest) {
    throw new QueryParamError(
      "page",
      `page must be at most ${deepest} with pageSize ${pageSize}: only the first ${MAX_CITATION_DEPTH.toLocaleString("en-US")} citations of a view are paged; filters (dates, state, tag) reach the others`,
    );
  }
  const { kind, type } = parseCitationKinds(params);
  return {
    tag,
    category: category === "" ? null : category,
    harm: parseHarm(params),
    kind,
    type,
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
  if (query.kind) params.set("kind", query.kind);
  if (query.type && query.type !== "health") params.set("type", query.type);
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
  if (values.length !== 1) {
    throw new QueryParamError("q", `q must be one text of 1 to ${MAX_PLACE_LENGTH} characters`);
  }
  return checkParam(placeQuerySchemas.q, text, "q");
}

/** `near`, `radius` and `sort` of a list query (docs/api.md, "Places, distance and the map"). */
function parseDistance(params: URLSearchParams): Pick<FacilityQuery, "near" | "radius" | "sort"> {
  const rawNear = params.get("near");
  let near: string | null = null;
  if (rawNear !== null && rawNear.trim() !== "") {
    const shown = rawNear.trim().slice(0, MAX_PLACE_LENGTH);
    near = facilityQuerySchemas.near.safeParse(rawNear).success ? normalizePlace(rawNear) : null;
    if (near === null) throw new QueryParamError("near", unknownPlaceMessage(shown));
  }
  const radius = parseIntParam(params, "radius", facilityQuerySchemas.radius);
  const rawSort = params.get("sort");
  let sort: ListSort | null = null;
  if (rawSort !== null) {
    sort = checkParam(facilityQuerySchemas.sort, rawSort, "sort");
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
  for (const owner of [...new Set(query.owners ?? [])].sort()) params.append("owner", owner);
  if (query.sff) params.set("sff", query.sff);
  if (query.ownershipChanged) params.set("ownershipChanged", "true");
  if (query.page != null && query.page !== 1) params.set("page", String(query.page));
  if (query.pageSize != null && query.pageSize !== DEFAULT_PAGE_SIZE)
    params.set("pageSize", String(query.pageSize));
  return params;
}
