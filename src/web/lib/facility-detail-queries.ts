// Queries of a facility's detail, history, changes, inspections, penalties and averages: the key factory and the options every caller
// shares (SPEC section 9: fresh 5 min, cached 10 min, 1 retry, no refetch on mount, focus or reconnect). Used by
// the detail page and the comparison; the dashboard refreshes them when the data changes.
import { queryOptions } from "@tanstack/react-query";
import { DETAIL_CACHE_MS, DETAIL_STALE_MS } from "../../core/constants.ts";
import { ApiError, apiClient } from "./api-client.ts";

export const DETAIL_RETRY_COUNT = 1;

export const facilityDetailKeys = {
  all: ["facility-detail"] as const,
  facility: (ccn: string) => [...facilityDetailKeys.all, ccn.toUpperCase(), "facility"] as const,
  history: (ccn: string) => [...facilityDetailKeys.all, ccn.toUpperCase(), "history"] as const,
  changes: (ccn: string) => [...facilityDetailKeys.all, ccn.toUpperCase(), "changes"] as const,
  inspections: (ccn: string) => [...facilityDetailKeys.all, ccn.toUpperCase(), "inspections"] as const,
  penalties: (ccn: string) => [...facilityDetailKeys.all, ccn.toUpperCase(), "penalties"] as const,
  staffing: (ccn: string) => [...facilityDetailKeys.all, ccn.toUpperCase(), "staffing"] as const,
  ownership: (ccn: string) => [...facilityDetailKeys.all, ccn.toUpperCase(), "ownership"] as const,
  qualityMeasures: (ccn: string) =>
    [...facilityDetailKeys.all, ccn.toUpperCase(), "quality-measures"] as const,
  /** Averages are shared by every facility of a state: keyed by the state, not the facility. */
  benchmarks: (state: string | null) => [...facilityDetailKeys.all, "benchmarks", state ?? "US"] as const,
};

/** A 4xx (unknown or malformed CCN) will not change on a second try; anything else is retried once. */
export function shouldRetryDetailQuery(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < DETAIL_RETRY_COUNT;
}

const DETAIL_QUERY_POLICY = {
  staleTime: DETAIL_STALE_MS,
  gcTime: DETAIL_CACHE_MS,
  retry: shouldRetryDetailQuery,
  refetchOnMount: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

export function facilityQueryOptions(ccn: string) {
  return queryOptions({
    queryKey: facilityDetailKeys.facility(ccn),
    queryFn: ({ signal }) => apiClient.facility(ccn.toUpperCase(), signal),
    ...DETAIL_QUERY_POLICY,
  });
}

export function historyQueryOptions(ccn: string) {
  return queryOptions({
    queryKey: facilityDetailKeys.history(ccn),
    queryFn: ({ signal }) => apiClient.history(ccn.toUpperCase(), signal),
    ...DETAIL_QUERY_POLICY,
  });
}

/** Every rating change in the facility's history, newest first (the "What changed" section). */
export function changesQueryOptions(ccn: string) {
  return queryOptions({
    queryKey: facilityDetailKeys.changes(ccn),
    queryFn: ({ signal }) => apiClient.changes(ccn.toUpperCase(), signal),
    ...DETAIL_QUERY_POLICY,
  });
}

/** The facility's surveys and health citations, and its last three years' scope and severity grid. */
export function inspectionsQueryOptions(ccn: string) {
  return queryOptions({
    queryKey: facilityDetailKeys.inspections(ccn),
    queryFn: ({ signal }) => apiClient.inspections(ccn.toUpperCase(), signal),
    ...DETAIL_QUERY_POLICY,
  });
}

/** The facility's fines and payment denials, and their totals. */
export function penaltiesQueryOptions(ccn: string) {
  return queryOptions({
    queryKey: facilityDetailKeys.penalties(ccn),
    queryFn: ({ signal }) => apiClient.penalties(ccn.toUpperCase(), signal),
    ...DETAIL_QUERY_POLICY,
  });
}

/** Every staffing figure beside the state's and the nation's averages, and their history. */
export function staffingQueryOptions(ccn: string) {
  return queryOptions({
    queryKey: facilityDetailKeys.staffing(ccn),
    queryFn: ({ signal }) => apiClient.staffing(ccn.toUpperCase(), signal),
    ...DETAIL_QUERY_POLICY,
  });
}

/** The quality measures behind the QM star, beside the averages, each with its history. */
export function qualityMeasuresQueryOptions(ccn: string) {
  return queryOptions({
    queryKey: facilityDetailKeys.qualityMeasures(ccn),
    queryFn: ({ signal }) => apiClient.qualityMeasures(ccn.toUpperCase(), signal),
    ...DETAIL_QUERY_POLICY,
  });
}

/** The facility's owners and managers, and the owners who came and went. */
export function ownershipQueryOptions(ccn: string) {
  return queryOptions({
    queryKey: facilityDetailKeys.ownership(ccn),
    queryFn: ({ signal }) => apiClient.ownership(ccn.toUpperCase(), signal),
    ...DETAIL_QUERY_POLICY,
  });
}

/** The state's (when the facility has one) and the nation's averages shown beside each measure. */
export function benchmarksQueryOptions(state: string | null) {
  return queryOptions({
    queryKey: facilityDetailKeys.benchmarks(state),
    queryFn: ({ signal }) => apiClient.benchmarks(state, signal),
    ...DETAIL_QUERY_POLICY,
  });
}
