// The citations page's state in the address (/citations?tag=...&harm=...): read leniently like the dashboard's
// (url-state.ts), so that a hand-edited or stale link never breaks the page. Choices that are not one of the
// offered values (a harm level, a date that is no date, a page size) are ignored. What the visitor types (a tag,
// words) is kept as typed: whether it is valid is the API's answer, shown under the field. Encoding is canonical.
import { MAX_CATEGORY_LENGTH, MAX_CITATION_TEXT_LENGTH } from "./api-query.ts";
import type { CitationQuery } from "./api-types.ts";
import {
  type HarmFilter,
  type InspectionType,
  isInspectionType,
  isSurveyKind,
  normalizeTag,
  type SurveyKind,
} from "./inspections.ts";
import { parseEntitiesParam, parseHarmParam, parsePageParam, parseStatesParam } from "./url-state.ts";

export interface CitationFilters {
  /** A deficiency tag as typed ("F689", "0689", "689"); "" for any. */
  tag: string;
  /** CMS's category, exactly; "" for any. */
  category: string;
  harm: HarmFilter | null;
  /** The kind of inspection the citations were found on; null for any. */
  kind: SurveyKind | null;
  /** Health citations (the default) or fire safety citations. */
  type: InspectionType;
  states: string[];
  entities: string[];
  /** Survey dates, YYYY-MM-DD, both included; "" for no bound. */
  from: string;
  to: string;
  /** Words that must all be in the description; "" for any. */
  q: string;
}

export interface CitationUrlState {
  filters: CitationFilters;
  page: number;
  pageSize: number;
}

export const CITATION_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_CITATION_PAGE_SIZE = 50;
/** Longer than any tag; the API refuses what is not one. */
export const MAX_URL_TAG_LENGTH = 20;

export const DEFAULT_CITATION_FILTERS: CitationFilters = Object.freeze({
  tag: "",
  category: "",
  harm: null,
  kind: null,
  type: "health",
  states: [],
  entities: [],
  from: "",
  to: "",
  q: "",
});

export const CITATION_URL_PARAMS = {
  tag: "tag",
  category: "category",
  harm: "harm",
  kind: "kind",
  type: "type",
  state: "state",
  entity: "entity",
  from: "from",
  to: "to",
  q: "q",
  page: "page",
  pageSize: "pageSize",
} as const;

/** A calendar date written YYYY-MM-DD; anything else (no date, 2024-02-30, another format) is "". */
export function parseDateParam(raw: string | null): string {
  const value = (raw ?? "").trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return "";
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : "";
}

/** A kind of inspection (src/core/inspections.ts, SURVEY_KINDS); anything else is none. */
export function parseKindParam(raw: string | null): SurveyKind | null {
  const value = (raw ?? "").trim();
  return isSurveyKind(value) ? value : null;
}

/**
 * The inspection type of an address: `type=fire` (or `kind=fire`, the API's other spelling); anything else is
 * health.
 */
export function parseTypeParam(params: URLSearchParams): InspectionType {
  const values = [params.get(CITATION_URL_PARAMS.type), ...params.getAll(CITATION_URL_PARAMS.kind)];
  return values.map((value) => (value ?? "").trim()).find(isInspectionType) ?? "health";
}

/** One of the offered page sizes; anything else is the default. */
export function parseCitationPageSize(raw: string | null): number {
  const value = Number(raw);
  return CITATION_PAGE_SIZES.find((size) => size === value) ?? DEFAULT_CITATION_PAGE_SIZE;
}

/** Words as the API compares them: trimmed, runs of white space as one space, at most 200 characters. */
export function normalizeWords(text: string): string {
  return text.trim().replace(/\s+/g, " ").slice(0, MAX_CITATION_TEXT_LENGTH).trim();
}

export function parseCitationParams(params: URLSearchParams): CitationUrlState {
  const get = (name: string) => params.get(name) ?? "";
  return {
    filters: {
      tag: get(CITATION_URL_PARAMS.tag).trim().slice(0, MAX_URL_TAG_LENGTH),
      category: get(CITATION_URL_PARAMS.category).trim().slice(0, MAX_CATEGORY_LENGTH),
      harm: parseHarmParam(params.get(CITATION_URL_PARAMS.harm)),
      kind: parseKindParam(
        params.getAll(CITATION_URL_PARAMS.kind).find((value) => isSurveyKind(value.trim())) ?? null,
      ),
      type: parseTypeParam(params),
      states: parseStatesParam(params.getAll(CITATION_URL_PARAMS.state)),
      entities: parseEntitiesParam(params.getAll(CITATION_URL_PARAMS.entity)),
      from: parseDateParam(params.get(CITATION_URL_PARAMS.from)),
      to: parseDateParam(params.get(CITATION_URL_PARAMS.to)),
      q: normalizeWords(get(CITATION_URL_PARAMS.q)),
    },
    page: parsePageParam(params.get(CITATION_URL_PARAMS.page)),
    pageSize: parseCitationPageSize(params.get(CITATION_URL_PARAMS.pageSize)),
  };
}

/** The address of a citations state: defaults left out, in the order of the page's fields. */
export function citationStateToParams(state: CitationUrlState): URLSearchParams {
  const { filters } = state;
  const params = new URLSearchParams();
  const tag = filters.tag.trim().slice(0, MAX_URL_TAG_LENGTH);
  if (tag !== "") params.set(CITATION_URL_PARAMS.tag, tag);
  const category = filters.category.trim().slice(0, MAX_CATEGORY_LENGTH);
  if (category !== "") params.set(CITATION_URL_PARAMS.category, category);
  if (filters.harm) params.set(CITATION_URL_PARAMS.harm, filters.harm);
  const kind = parseKindParam(filters.kind);
  if (kind) params.set(CITATION_URL_PARAMS.kind, kind);
  if (filters.type === "fire") params.set(CITATION_URL_PARAMS.type, "fire");
  for (const state of parseStatesParam(filters.states)) params.append(CITATION_URL_PARAMS.state, state);
  for (const entity of parseEntitiesParam(filters.entities))
    params.append(CITATION_URL_PARAMS.entity, entity);
  const from = parseDateParam(filters.from);
  if (from !== "") params.set(CITATION_URL_PARAMS.from, from);
  const to = parseDateParam(filters.to);
  if (to !== "") params.set(CITATION_URL_PARAMS.to, to);
  const q = normalizeWords(filters.q);
  if (q !== "") params.set(CITATION_URL_PARAMS.q, q);
  if (state.page > 1) params.set(CITATION_URL_PARAMS.page, String(state.page));
  const pageSize = parseCitationPageSize(String(state.pageSize));
  if (pageSize !== DEFAULT_CITATION_PAGE_SIZE) params.set(CITATION_URL_PARAMS.pageSize, String(pageSize));
  return params;
}

/** True when any filter is set (the page then offers Clear filters). */
export function hasCitationFilters(filters: CitationFilters): boolean {
  return (
    filters.tag.trim() !== "" ||
    filters.category.trim() !== "" ||
    filters.harm !== null ||
    filters.kind !== null ||
    filters.type !== "health" ||
    filters.states.length > 0 ||
    filters.entities.length > 0 ||
    filters.from !== "" ||
    filters.to !== "" ||
    normalizeWords(filters.q) !== ""
  );
}

/**
 * The filters without the states and the category the server does not know (ignored, like any unknown value
 * of the address), once the lists of both are known; `null` for a list not (yet) known keeps the values.
 */
export function withoutUnknownChoices(
  filters: CitationFilters,
  known: { states: readonly string[] | null; categories: readonly string[] | null },
): CitationFilters {
  const { states, categories } = known;
  return {
    ...filters,
    states: states === null ? filters.states : filters.states.filter((state) => states.includes(state)),
    category: categories === null || categories.includes(filters.category) ? filters.category : "",
  };
}

/**
 * The API request of a citations state. A tag that is one is sent as CMS writes it (so "F689" and "689" are one
 * request); any other text is sent as typed, for the API to refuse with its message.
 */
export function toCitationQuery(state: CitationUrlState): CitationQuery {
  const { filters } = state;
  const tag = filters.tag.trim();
  return {
    tag: tag === "" ? null : (normalizeTag(tag) ?? tag),
    category: filters.category.trim() === "" ? null : filters.category.trim(),
    harm: filters.harm,
    kind: filters.kind,
    type: filters.type,
    states: [...filters.states].sort(),
    entities: [...filters.entities].sort(),
    from: filters.from === "" ? null : filters.from,
    to: filters.to === "" ? null : filters.to,
    q: normalizeWords(filters.q),
    page: state.page,
    pageSize: state.pageSize,
  };
}
