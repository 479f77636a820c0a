// Facility-list queries (SPEC sections 4, 7, 9): key factory and options, shared by the dashboard and the entity
// page (its facilities are the list filtered by the entity).
import { queryOptions } from "@tanstack/react-query";
import type { FacilityListResponse, FacilityQuery } from "../../core/api-types.ts";
import { ALERT_QUERY_TIMEOUT_MS, FACILITY_STALE_MS } from "../../core/constants.ts";
import { ApiError, apiClient } from "./api-client.ts";

const FACILITY_CACHE_MS = 5 * 60_000;

/**
 * A list answer as the dashboard shows it. `nearError` is the server's message for a place it does not know
 * (docs/api.md, "Places, distance and the map"): the list is then the same view without the place.
 */
export type FacilityListResult = FacilityListResponse & { nearError?: string };

export const facilityKeys = {
  all: ["facilities"] as const,
  lists: () => [...facilityKeys.all, "list"] as const,
  list: (query: FacilityQuery) => [...facilityKeys.lists(), query] as const,
};

/**
 * True when the cards of `previous` may stay on screen while `next` loads: the same filtered set on another page
 * or page size, or the favourites view after a favourite was added or removed. Any other change is a new filter
 * and shows the loading state.
 */
export function canKeepPreviousData(previous: FacilityQuery, next: FacilityQuery): boolean {
  const { page: _pageA, pageSize: _sizeA, ccns: ccnsA, ...filtersA } = previous;
  const { page: _pageB, pageSize: _sizeB, ccns: ccnsB, ...filtersB } = next;
  if ((ccnsA === null) !== (ccnsB === null)) return false;
  return JSON.stringify(filtersA) === JSON.stringify(filtersB);
}

/** Aborts with a message the error view recognises as a timeout. */
async function fetchWithTimeout(query: FacilityQuery, signal: AbortSignal): Promise<FacilityListResponse> {
  const controller = new AbortController();
  const abort = () => controller.abort(signal.reason);
  signal.addEventListener("abort", abort, { once: true });
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, ALERT_QUERY_TIMEOUT_MS);
  try {
    return await apiClient.facilities(query, controller.signal, { revalidate: true });
  } catch (error) {
    if (isTimedOut) {
      throw new Error(`Request timeout: no answer within ${ALERT_QUERY_TIMEOUT_MS / 1000} seconds`);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", abort);
  }
}

/** The query without its place: no radius, and the order by distance (which needs a place) back to the default. */
export function withoutPlace(query: FacilityQuery): FacilityQuery {
  return {
    ...query,
    near: null,
    radius: null,
    sort: query.sort === "distance" ? null : (query.sort ?? null),
  };
}

function fetchList(query: FacilityQuery, signal: AbortSignal): Promise<FacilityListResponse> {
  return query.alertEnabled ? fetchWithTimeout(query, signal) : apiClient.facilities(query, signal);
}

function isUnknownPlace(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400 && error.param === "near";
}

export async function fetchFacilities(
  query: FacilityQuery,
  signal: AbortSignal,
): Promise<FacilityListResult> {
  try {
    try {
      return await fetchList(query, signal);
    } catch (error) {
      // A place the server does not know is a typing matter, not a failure of the list: the visitor sees the
      // server's message under the Near field and the view without the place, never an error screen.
      if (!query.near || !isUnknownPlace(error)) throw error;
      return { ...(await fetchList(withoutPlace(query), signal)), nearError: error.message };
    }
  } catch (error) {
    if (!signal.aborted) console.error("Error loading facilities", error);
    throw error;
  }
}

export function facilitiesQueryOptions(query: FacilityQuery) {
  return queryOptions({
    queryKey: facilityKeys.list(query),
    queryFn: ({ signal }) => fetchFacilities(query, signal),
    // Alert results are never cached (SPEC section 9).
    staleTime: query.alertEnabled ? 0 : FACILITY_STALE_MS,
    gcTime: query.alertEnabled ? 0 : FACILITY_CACHE_MS,
    // Paging keeps the current cards on screen while the next page loads; a new filter shows the loading state.
    placeholderData: (previousData, previousQuery) => {
      const previousKey = previousQuery?.queryKey[2];
      return previousKey && canKeepPreviousData(previousKey, query) ? previousData : undefined;
    },
    // A refused request (4xx) will not succeed on retry; a failed one gets one more try.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
  });
}
