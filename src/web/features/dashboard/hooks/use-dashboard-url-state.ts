// The dashboard state lives in the address (SPEC "Dashboard query parameters"): read on every render, written
// with replace semantics. A filter change returns to page 1 and invalidates cached facility lists (SPEC 4).
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  type DashboardFilters,
  DEFAULT_FILTERS,
  dashboardStateToParams,
  parseDashboardParams,
} from "../../../../core/url-state.ts";
import { facilityKeys } from "../../../lib/facilities-queries.ts";

export type FiltersUpdate = (filters: DashboardFilters) => DashboardFilters;

export function useDashboardUrlState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const state = useMemo(() => parseDashboardParams(searchParams), [searchParams]);

  const updateFilters = useCallback(
    (update: FiltersUpdate) => {
      setSearchParams(
        (current) =>
          dashboardStateToParams({ filters: update(parseDashboardParams(current).filters), page: 1 }),
        { replace: true },
      );
      void queryClient.invalidateQueries({ queryKey: facilityKeys.lists(), refetchType: "none" });
    },
    [setSearchParams, queryClient],
  );

  const setPage = useCallback(
    (page: number) => {
      setSearchParams((current) => dashboardStateToParams({ ...parseDashboardParams(current), page }), {
        replace: true,
      });
    },
    [setSearchParams],
  );

  const resetFilters = useCallback(() => updateFilters(() => DEFAULT_FILTERS), [updateFilters]);

  return { filters: state.filters, page: state.page, updateFilters, setPage, resetFilters };
}
