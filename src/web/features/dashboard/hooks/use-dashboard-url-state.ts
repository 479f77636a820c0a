// The dashboard state lives in the address (SPEC "Dashboard query parameters"): read on every render, written
// with replace semantics. A filter change returns to page 1 and invalidates cached facility lists (SPEC 4).
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  type DashboardFilters,
  type DashboardView,
  DEFAULT_FILTERS,
  dashboardStateToParams,
  parseDashboardParams,
  withoutNear,
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

  // List or map shows the same view: the page stays.
  const setView = useCallback(
    (view: DashboardView) => {
      setSearchParams(
        (current) => {
          const state = parseDashboardParams(current);
          return dashboardStateToParams({ ...state, filters: { ...state.filters, view } });
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  // Clear filters clears the filters; the order (unless by distance, which goes with the place) and the view stay.
  const resetFilters = useCallback(
    () => updateFilters((f) => ({ ...DEFAULT_FILTERS, sort: withoutNear(f).sort, view: f.view })),
    [updateFilters],
  );

  return { filters: state.filters, page: state.page, updateFilters, setPage, setView, resetFilters };
}
