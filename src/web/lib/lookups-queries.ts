// Lookup lists for the state and entity filters. A failure leaves the list empty, silently (SPEC section 7).
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "./api-client.ts";

const LOOKUP_STALE_MS = 60 * 60_000;

export const lookupKeys = {
  all: ["lookups"] as const,
  states: () => [...lookupKeys.all, "states"] as const,
  entities: () => [...lookupKeys.all, "entities"] as const,
};

export function statesQueryOptions() {
  return queryOptions({
    queryKey: lookupKeys.states(),
    queryFn: ({ signal }) => apiClient.states(signal),
    staleTime: LOOKUP_STALE_MS,
    retry: 1,
  });
}

export function entitiesQueryOptions() {
  return queryOptions({
    queryKey: lookupKeys.entities(),
    queryFn: ({ signal }) => apiClient.entities(signal),
    staleTime: LOOKUP_STALE_MS,
    retry: 1,
  });
}
