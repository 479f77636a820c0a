// Queries of the affiliated-entity page: the entity's summary, trend and staffing and quality measures (key factory
// and options), and its facilities, which are the dashboard's facility list filtered by the entity (the same query,
// keys and cache).
import { queryOptions } from "@tanstack/react-query";
import type { FacilityQuery } from "../../../../core/api-types.ts";
import {
  DEFAULT_ALERT_METRIC,
  DEFAULT_ALERT_PERIOD,
  DEFAULT_ALERT_THRESHOLD,
  DETAIL_CACHE_MS,
  DETAIL_STALE_MS,
} from "../../../../core/constants.ts";
import { ApiError, apiClient } from "../../../lib/api-client.ts";
import { facilitiesQueryOptions } from "../../../lib/facilities-queries.ts";

/** Cards per page: a whole number of rows in the grid's 1, 2 and 3 columns. */
export const ENTITY_PAGE_SIZE = 24;

export const entityKeys = {
  all: ["entity"] as const,
  summary: (name: string) => [...entityKeys.all, name, "summary"] as const,
  trend: (name: string) => [...entityKeys.all, name, "trend"] as const,
  staffingQuality: (name: string) => [...entityKeys.all, name, "staffing-quality"] as const,
};

/** An unknown name (404) or a refused one (400) will not change on a second try; anything else is retried once. */
export function shouldRetryEntityQuery(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

// An entity's figures change only with a new CMS release: cached like a facility's detail.
const ENTITY_QUERY_POLICY = {
  staleTime: DETAIL_STALE_MS,
  gcTime: DETAIL_CACHE_MS,
  retry: shouldRetryEntityQuery,
  refetchOnWindowFocus: false,
} as const;

export function entityQueryOptions(name: string) {
  return queryOptions({
    queryKey: entityKeys.summary(name),
    queryFn: ({ signal }) => apiClient.entity(name, signal),
    ...ENTITY_QUERY_POLICY,
  });
}

export function entityTrendQueryOptions(name: string) {
  return queryOptions({
    queryKey: entityKeys.trend(name),
    queryFn: ({ signal }) => apiClient.entityTrend(name, signal),
    ...ENTITY_QUERY_POLICY,
  });
}

export function entityStaffingQualityQueryOptions(name: string) {
  return queryOptions({
    queryKey: entityKeys.staffingQuality(name),
    queryFn: ({ signal }) => apiClient.entityStaffingQuality(name, signal),
    ...ENTITY_QUERY_POLICY,
  });
}

/** The facility-list request of one page of the entity's facilities, in the list's usual order. */
export function entityFacilitiesQuery(name: string, page: number): FacilityQuery {
  return {
    search: "",
    rating: null,
    states: [],
    entities: [name],
    ccns: null,
    alertEnabled: false,
    alertThreshold: DEFAULT_ALERT_THRESHOLD,
    alertMetric: DEFAULT_ALERT_METRIC,
    alertPeriod: DEFAULT_ALERT_PERIOD,
    page,
    pageSize: ENTITY_PAGE_SIZE,
  };
}

export function entityFacilitiesQueryOptions(name: string, page: number) {
  return facilitiesQueryOptions(entityFacilitiesQuery(name, page));
}
