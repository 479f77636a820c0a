// The one typed client of the HTTP API. Components and hooks never call fetch directly.
import * as z from "zod/mini";
import { citationQueryToSearchParams, facilityQueryToSearchParams } from "../../core/api-query.ts";
import {
  type AlertWithCcn,
  alertWithCcnSchema,
  apiErrorSchema,
  type Benchmarks,
  benchmarksSchema,
  type CitationCategories,
  type CitationList,
  type CitationQuery,
  citationCategoriesSchema,
  citationListSchema,
  type Entity,
  type EntityTrendPoint,
  entitySchema,
  entityTrendPointSchema,
  type FacilityDetail,
  type FacilityInspections,
  type FacilityListResponse,
  type FacilityPenalties,
  type FacilityPoints,
  type FacilityQuery,
  facilityDetailSchema,
  facilityInspectionsSchema,
  facilityListResponseSchema,
  facilityPenaltiesSchema,
  facilityPointsSchema,
  type Meta,
  metaSchema,
  type Place,
  placeSchema,
  type RatingChange,
  type RatingSnapshot,
  ratingChangeSchema,
  ratingSnapshotSchema,
  type StateBenchmarks,
  stateBenchmarksSchema,
} from "../../core/api-types.ts";
import type { AlertPeriod } from "../../core/constants.ts";
import { type EntityStaffingQuality, entityStaffingQualitySchema } from "../../core/figure-averages.ts";
import type { InspectionType } from "../../core/inspections.ts";
import {
  type FacilityOwnership,
  facilityOwnershipSchema,
  type Owner,
  type OwnerSuggestion,
  type OwnerType,
  ownerApiPath,
  ownerSchema,
  ownerSuggestionSchema,
} from "../../core/ownership.ts";
import { type FacilityQualityMeasures, facilityQualityMeasuresSchema } from "../../core/quality-measures.ts";

import { type FacilityStaffing, facilityStaffingSchema } from "../../core/staffing.ts";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly param?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * The longest time the browser may reuse an answer without asking (`max-age=300` of detail and history,
 * docs/api.md). After the server's data changed, reads skip the HTTP cache (conditional requests) for that long,
 * so a refetch gets the new data instead of a copy cached before the change.
 */
const LONGEST_MAX_AGE_MS = 300_000;
let revalidateReadsUntil = 0;

/** Called when the server's data version changed: cached answers from before it must not be reused. */
export function revalidateCachedReads(now = Date.now()): void {
  revalidateReadsUntil = now + LONGEST_MAX_AGE_MS;
}

/** The fetch cache mode of a read: the caller's, else `no-cache` shortly after a data change. */
export function readCacheMode(cache: RequestCache | undefined, now = Date.now()): RequestCache | undefined {
  return cache ?? (now < revalidateReadsUntil ? "no-cache" : undefined);
}

async function getJson<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  signal?: AbortSignal,
  cache?: RequestCache,
): Promise<z.infer<S>> {
  const mode = readCacheMode(cache);
  const response = await fetch(path, {
    signal: signal ?? null,
    headers: { accept: "application/json" },
    ...(mode ? { cache: mode } : {}),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(body);
    throw new ApiError(
      parsed.success ? parsed.data.error.message : `Request failed with status ${response.status}`,
      response.status,
      parsed.success ? parsed.data.error.param : undefined,
    );
  }
  return schema.parse(body);
}

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export const apiClient = {
  meta: (signal?: AbortSignal): Promise<Meta> => getJson("/api/meta", metaSchema, signal),
  /** `revalidate` skips the browser's HTTP cache (a conditional request): alert results are never cached. */
  facilities: (
    query: Partial<FacilityQuery>,
    signal?: AbortSignal,
    options?: { revalidate?: boolean },
  ): Promise<FacilityListResponse> =>
    getJson(
      withQuery("/api/facilities", facilityQueryToSearchParams(query)),
      facilityListResponseSchema,
      signal,
      options?.revalidate ? "no-cache" : undefined,
    ),
  facility: (ccn: string, signal?: AbortSignal): Promise<FacilityDetail> =>
    getJson(`/api/facilities/${encodeURIComponent(ccn)}`, facilityDetailSchema, signal),
  history: (ccn: string, signal?: AbortSignal): Promise<RatingSnapshot[]> =>
    getJson(`/api/facilities/${encodeURIComponent(ccn)}/history`, z.array(ratingSnapshotSchema), signal),
  alerts: (period: AlertPeriod, ccns?: string[], signal?: AbortSignal): Promise<AlertWithCcn[]> => {
    const params = new URLSearchParams({ period });
    for (const ccn of ccns ?? []) params.append("ccn", ccn);
    return getJson(withQuery("/api/alerts", params), z.array(alertWithCcnSchema), signal);
  },
  states: (signal?: AbortSignal): Promise<string[]> =>
    getJson("/api/lookups/states", z.array(z.string()), signal),
  entities: (signal?: AbortSignal): Promise<string[]> =>
    getJson("/api/lookups/entities", z.array(z.string()), signal),
  /** The state's (when given) and the nation's averages over the current facilities. */
  benchmarks: (state: string | null, signal?: AbortSignal): Promise<Benchmarks> =>
    getJson(
      withQuery("/api/benchmarks", new URLSearchParams(state ? { state } : {})),
      benchmarksSchema,
      signal,
    ),
  changes: (ccn: string, signal?: AbortSignal): Promise<RatingChange[]> =>
    getJson(`/api/facilities/${encodeURIComponent(ccn)}/changes`, z.array(ratingChangeSchema), signal),
  /** The facility's surveys with their health citations (newest first) and its last three years' grid. */
  inspections: (ccn: string, signal?: AbortSignal): Promise<FacilityInspections> =>
    getJson(`/api/facilities/${encodeURIComponent(ccn)}/inspections`, facilityInspectionsSchema, signal),
  /** The facility's fines and payment denials (newest first) and their totals. */
  penalties: (ccn: string, signal?: AbortSignal): Promise<FacilityPenalties> =>
    getJson(`/api/facilities/${encodeURIComponent(ccn)}/penalties`, facilityPenaltiesSchema, signal),
  /** Every staffing figure of the facility beside the averages, and their history over the releases. */
  staffing: (ccn: string, signal?: AbortSignal): Promise<FacilityStaffing> =>
    getJson(`/api/facilities/${encodeURIComponent(ccn)}/staffing`, facilityStaffingSchema, signal),
  /** The facility's quality measures (MDS and claims) beside the averages, each with its history. */
  qualityMeasures: (ccn: string, signal?: AbortSignal): Promise<FacilityQualityMeasures> =>
    getJson(
      `/api/facilities/${encodeURIComponent(ccn)}/quality-measures`,
      facilityQualityMeasuresSchema,
      signal,
    ),
  /** The facility's owners and managers now, and the owners who came and went over the releases loaded. */
  ownership: (ccn: string, signal?: AbortSignal): Promise<FacilityOwnership> =>
    getJson(`/api/facilities/${encodeURIComponent(ccn)}/ownership`, facilityOwnershipSchema, signal),
  /** Up to 20 owners whose name holds every word of `text`, most homes first (the dashboard's owner field). */
  ownerSuggestions: (text: string, signal?: AbortSignal): Promise<OwnerSuggestion[]> =>
    getJson(
      withQuery("/api/owners", new URLSearchParams({ q: text })),
      z.array(ownerSuggestionSchema),
      signal,
    ),
  /** An owner's homes, their ratings and inspection record beside the nation's, and its homes gained and lost. */
  owner: (type: OwnerType, name: string, signal?: AbortSignal): Promise<Owner> =>
    getJson(ownerApiPath(type, name), ownerSchema, signal),
  entity: (name: string, signal?: AbortSignal): Promise<Entity> =>
    getJson(`/api/entities/${encodeURIComponent(name)}`, entitySchema, signal),
  /** The entity's current facilities' average staffing figures and quality measures beside the nation's. */
  entityStaffingQuality: (name: string, signal?: AbortSignal): Promise<EntityStaffingQuality> =>
    getJson(
      `/api/entities/${encodeURIComponent(name)}/staffing-quality`,
      entityStaffingQualitySchema,
      signal,
    ),
  entityTrend: (name: string, signal?: AbortSignal): Promise<EntityTrendPoint[]> =>
    getJson(`/api/entities/${encodeURIComponent(name)}/trend`, z.array(entityTrendPointSchema), signal),
  /** Up to 10 places (ZIP codes, cities) whose ZIP or name starts with `text`, for the Near field. */
  places: (text: string, signal?: AbortSignal): Promise<Place[]> =>
    getJson(withQuery("/api/places", new URLSearchParams({ q: text })), z.array(placeSchema), signal),
  /** Every facility of a filtered view that has a position (page and pageSize are not sent), for the map. */
  points: (query: Partial<FacilityQuery>, signal?: AbortSignal): Promise<FacilityPoints> => {
    const params = facilityQueryToSearchParams(query);
    params.delete("page");
    params.delete("pageSize");
    return getJson(withQuery("/api/facilities/points", params), facilityPointsSchema, signal);
  },
  /** Each state's averages over its current facilities, for the map's state layer. */
  stateBenchmarks: (signal?: AbortSignal): Promise<StateBenchmarks> =>
    getJson("/api/benchmarks/states", stateBenchmarksSchema, signal),
  /** Citations across the current facilities, newest first, one page of them (GET /api/citations). */
  citations: (query: CitationQuery, signal?: AbortSignal): Promise<CitationList> =>
    getJson(withQuery("/api/citations", citationQueryToSearchParams(query)), citationListSchema, signal),
  /** The categories and tags of the current facilities' citations of a type (health or fire safety), with counts. */
  citationCategories: (type: InspectionType, signal?: AbortSignal): Promise<CitationCategories> =>
    getJson(
      type === "health" ? "/api/citations/categories" : `/api/citations/categories?type=${type}`,
      citationCategoriesSchema,
      signal,
    ),
  /** The address of the CSV export of a filtered view (every facility; page and pageSize are not sent). */
  facilitiesCsvUrl: (query: Partial<FacilityQuery>): string => {
    const params = facilityQueryToSearchParams(query);
    params.delete("page");
    params.delete("pageSize");
    return withQuery("/api/facilities.csv", params);
  },
};
