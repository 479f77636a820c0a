// The citations page's state lives in the address (/citations?...), read leniently and written with replace
// semantics, like the dashboard's. A filter change returns to page 1; so does a new page size.
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  type CitationFilters,
  citationStateToParams,
  DEFAULT_CITATION_FILTERS,
  parseCitationParams,
} from "../../../../core/citation-url-state.ts";

export function useCitationUrlState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseCitationParams(searchParams), [searchParams]);

  const setFilters = useCallback(
    (update: (filters: CitationFilters) => CitationFilters) => {
      setSearchParams(
        (current) => {
          const previous = parseCitationParams(current);
          return citationStateToParams({ ...previous, filters: update(previous.filters), page: 1 });
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const setPage = useCallback(
    (page: number) => {
      setSearchParams((current) => citationStateToParams({ ...parseCitationParams(current), page }), {
        replace: true,
      });
    },
    [setSearchParams],
  );

  const setPageSize = useCallback(
    (pageSize: number) => {
      setSearchParams(
        (current) => citationStateToParams({ ...parseCitationParams(current), page: 1, pageSize }),
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const clearFilters = useCallback(() => setFilters(() => DEFAULT_CITATION_FILTERS), [setFilters]);

  return { ...state, setFilters, setPage, setPageSize, clearFilters };
}
