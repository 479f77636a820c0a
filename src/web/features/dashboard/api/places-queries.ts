// Suggestions for the Near field (GET /api/places). The server keeps them for 5 minutes (max-age=300), and so
// does the cache here: typing back and forth asks again only for new text.
import { queryOptions } from "@tanstack/react-query";
import { MAX_PLACE_LENGTH } from "../../../../core/api-query.ts";
import type { Place } from "../../../../core/api-types.ts";
import { apiClient } from "../../../lib/api-client.ts";

const PLACES_STALE_MS = 5 * 60_000;

export const placeKeys = {
  all: ["places"] as const,
  suggestions: (text: string) => [...placeKeys.all, text] as const,
};

/** The text as the API takes it: trimmed, 1 to 100 characters; "" asks for nothing. */
export function placeQueryText(text: string): string {
  return text.trim().slice(0, MAX_PLACE_LENGTH);
}

export function placesQueryOptions(text: string) {
  const q = placeQueryText(text);
  return queryOptions({
    queryKey: placeKeys.suggestions(q),
    // The signal aborts the request when newer text replaces it.
    queryFn: ({ signal }) => apiClient.places(q, signal),
    enabled: q !== "",
    staleTime: PLACES_STALE_MS,
    // Suggestions are a convenience: a failure shows none rather than waiting for retries.
    retry: false,
  });
}

/**
 * What a chosen suggestion puts in `near`: a ZIP code's five digits (whatever its label adds), else the city's
 * "City, ST" label, both forms the list API resolves.
 */
export function nearTextOf(place: Place): string {
  if (place.kind === "zip") return /^\d{5}/.exec(place.label)?.[0] ?? place.label;
  return place.label;
}
