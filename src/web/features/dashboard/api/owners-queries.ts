// Suggestions for the owner field (GET /api/owners?q=): owners whose name holds every word typed, most homes first.
// Kept for 5 minutes, as the place suggestions are: typing back and forth asks again only for new text.
import { queryOptions } from "@tanstack/react-query";
import { MAX_OWNER_QUERY_LENGTH, MIN_OWNER_QUERY_LENGTH } from "../../../../core/ownership.ts";
import { apiClient } from "../../../lib/api-client.ts";

const OWNERS_STALE_MS = 5 * 60_000;

export const ownerSuggestionKeys = {
  all: ["owner-suggestions"] as const,
  suggestions: (text: string) => [...ownerSuggestionKeys.all, text] as const,
};

/** The text as the API takes it: trimmed and capped; "" (asks for nothing) below 2 characters or without a letter or digit. */
export function ownerQueryText(text: string): string {
  const q = text.trim().replace(/\s+/g, " ").slice(0, MAX_OWNER_QUERY_LENGTH).trim();
  return q.length >= MIN_OWNER_QUERY_LENGTH && /[A-Za-z0-9]/.test(q) ? q : "";
}

export function ownerSuggestionsQueryOptions(text: string) {
  const q = ownerQueryText(text);
  return queryOptions({
    queryKey: ownerSuggestionKeys.suggestions(q),
    // The signal aborts the request when newer text replaces it.
    queryFn: ({ signal }) => apiClient.ownerSuggestions(q, signal),
    enabled: q !== "",
    staleTime: OWNERS_STALE_MS,
    // Suggestions are a convenience: a failure shows none rather than waiting for retries.
    retry: false,
  });
}
