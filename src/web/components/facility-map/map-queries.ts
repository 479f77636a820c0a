// The map's queries. Their keys sit under the facility-list and facility-detail roots, so the dashboard's refresh
// after a data change (which invalidates those roots) refreshes the map too.
import { queryOptions } from "@tanstack/react-query";
import type { FacilityQuery } from "../../../core/api-types.ts";
import { DETAIL_CACHE_MS, DETAIL_STALE_MS, FACILITY_STALE_MS } from "../../../core/constants.ts";
import { ApiError, apiClient } from "../../lib/api-client.ts";
import { facilityKeys } from "../../lib/facilities-queries.ts";
import { facilityDetailKeys } from "../../lib/facility-detail-queries.ts";

/** The view's filters without paging (the points are every facility of the view). */
export function pointsQueryKey(query: Partial<FacilityQuery>) {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return [...facilityKeys.all, "points", filters] as const;
}

const retryUnlessRefused = (failureCount: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 1;

export function pointsQueryOptions(query: Partial<FacilityQuery>) {
  return queryOptions({
    queryKey: pointsQueryKey(query),
    queryFn: ({ signal }) => apiClient.points(query, signal),
    // Alert results are never cached (SPEC section 9).
    staleTime: query.alertEnabled ? 0 : FACILITY_STALE_MS,
    gcTime: query.alertEnabled ? 0 : 5 * 60_000,
    retry: retryUnlessRefused,
  });
}

export function stateBenchmarksQueryOptions() {
  return queryOptions({
    queryKey: [...facilityDetailKeys.all, "state-benchmarks"] as const,
    queryFn: ({ signal }) => apiClient.stateBenchmarks(signal),
    staleTime: DETAIL_STALE_MS,
    gcTime: DETAIL_CACHE_MS,
    retry: retryUnlessRefused,
  });
}
