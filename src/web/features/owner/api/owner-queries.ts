// The owner page's query (key factory and options): an owner's answer changes only with a new CMS release, so it is
// cached like a facility's detail; an unknown (404) or refused (400) owner is not asked again.
import { queryOptions } from "@tanstack/react-query";
import { DETAIL_CACHE_MS, DETAIL_STALE_MS } from "../../../../core/constants.ts";
import type { OwnerType } from "../../../../core/ownership.ts";
import { ApiError, apiClient } from "../../../lib/api-client.ts";

export const ownerKeys = {
  all: ["owner"] as const,
  owner: (type: OwnerType, name: string) => [...ownerKeys.all, type, name] as const,
};

export function shouldRetryOwnerQuery(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function ownerQueryOptions(type: OwnerType, name: string) {
  return queryOptions({
    queryKey: ownerKeys.owner(type, name),
    queryFn: ({ signal }) => apiClient.owner(type, name, signal),
    staleTime: DETAIL_STALE_MS,
    gcTime: DETAIL_CACHE_MS,
    retry: shouldRetryOwnerQuery,
    refetchOnWindowFocus: false,
  });
}
