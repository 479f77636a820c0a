// The citations page's queries: one page of citations (GET /api/citations) and the categories and tags the
// filters offer (GET /api/citations/categories).
import { queryOptions } from "@tanstack/react-query";
import type { CitationQuery } from "../../../../core/api-types.ts";
import { FACILITY_STALE_MS } from "../../../../core/constants.ts";
import type { InspectionType } from "../../../../core/inspections.ts";
import { ApiError, apiClient } from "../../../lib/api-client.ts";

const CATEGORIES_STALE_MS = 60 * 60_000;

export const citationKeys = {
  all: ["citations"] as const,
  lists: () => [...citationKeys.all, "list"] as const,
  list: (query: CitationQuery) => [...citationKeys.lists(), query] as const,
  categories: (type: InspectionType) => [...citationKeys.all, "categories", type] as const,
};

/** The same filters on another page or page size: the rows on screen may stay (dimmed) while the next load. */
export function isSameCitationFilter(previous: CitationQuery, next: CitationQuery): boolean {
  const { page: _pageA, pageSize: _sizeA, ...filtersA } = previous;
  const { page: _pageB, pageSize: _sizeB, ...filtersB } = next;
  return JSON.stringify(filtersA) === JSON.stringify(filtersB);
}

/** A refused request (4xx: a field the API does not accept) will not succeed on retry; a failed one gets one more try. */
function retryOnce(failureCount: number, error: Error): boolean {
  return !(error instanceof ApiError && error.status < 500) && failureCount < 1;
}

export function citationsQueryOptions(query: CitationQuery) {
  return queryOptions({
    queryKey: citationKeys.list(query),
    queryFn: ({ signal }) => apiClient.citations(query, signal),
    staleTime: FACILITY_STALE_MS,
    placeholderData: (previousData, previousQuery) => {
      const previousKey = previousQuery?.queryKey[2];
      return previousKey && isSameCitationFilter(previousKey, query) ? previousData : undefined;
    },
    retry: retryOnce,
  });
}

export function citationCategoriesQueryOptions(type: InspectionType) {
  return queryOptions({
    queryKey: citationKeys.categories(type),
    queryFn: ({ signal }) => apiClient.citationCategories(type, signal),
    staleTime: CATEGORIES_STALE_MS,
    retry: 1,
  });
}
