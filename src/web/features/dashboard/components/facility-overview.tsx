import type { UseQueryResult } from "@tanstack/react-query";
import { Download, List, LoaderCircle, Star } from "lucide-react";
import { Suspense, useMemo, useRef } from "react";
import type { DataLoad, FacilityQuery } from "../../../../core/api-types.ts";
import { DEFAULT_ALERT_METRIC, PAGE_SIZE_OPTIONS } from "../../../../core/constants.ts";
import { formatCount } from "../../../../core/format.ts";
import { getPageRange, getTotalPages } from "../../../../core/pagination.ts";
import type { DashboardFilters, DashboardView } from "../../../../core/url-state.ts";
import { parsePageSize } from "../../../../core/url-state.ts";
import { CompareBar } from "../../../components/compare-bar.tsx";
import { FacilityMap } from "../../../components/facility-map/index.ts";
import { PageSizeSelect } from "../../../components/page-size-select.tsx";
import { PaginationNav } from "../../../components/pagination-nav.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useCompareSelection } from "../../../hooks/use-compare-selection.ts";
import { apiClient } from "../../../lib/api-client.ts";
import type { FacilityListResult } from "../../../lib/facilities-queries.ts";
import type { FiltersUpdate } from "../hooks/use-dashboard-url-state.ts";
import { describeWithoutLocation } from "../view-title.ts";
import { DataLoadPanel } from "./data-load-panel.tsx";
import { FacilityResults } from "./facility-results.tsx";
import { LazySavedViewsMenu, LazySaveViewDialog } from "./lazy-controls.tsx";
import { ViewSwitch } from "./view-switch.tsx";

interface FacilityOverviewProps {
  filters: DashboardFilters;
  /** The query the list answers: the filters' (the favourites' CCNs in favourites mode), without a place the
   * server did not know. The CSV export and the map show the same view. */
  listQuery: FacilityQuery;
  page: number;
  pageSize: number;
  result: UseQueryResult<FacilityListResult>;
  /** The server's first CMS load while it runs and nothing can be listed yet, else null. */
  firstLoad: DataLoad | null;
  /** True until /api/meta has answered: an empty list then shows the loading state, not the empty text. */
  isAwaitingMeta: boolean;
  favoriteIds: ReadonlySet<string>;
  linkSearch: string;
  onFiltersChange: (update: FiltersUpdate) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  onToggleFavorite: (ccn: string, providerName: string) => void;
  onViewChange: (view: DashboardView) => void;
}

export function FacilityOverview({
  filters,
  listQuery,
  page,
  pageSize,
  result,
  firstLoad,
  isAwaitingMeta,
  favoriteIds,
  linkSearch,
  onFiltersChange,
  onPageChange,
  onPageSizeChange,
  onToggleFavorite,
  onViewChange,
}: FacilityOverviewProps) {
  const sectionRef = useRef<HTMLElement>(null);
  const totalCount = result.data?.totalCount ?? 0;
  const totalPages = getTotalPages(totalCount, pageSize);
  const range = getPageRange(page, pageSize, totalCount);
  const hasRows = !firstLoad && (result.data?.data.length ?? 0) > 0;
  const compare = useCompareSelection();

  // The export and the map are the current view: the same filters as the list, every page.
  const csvUrl = useMemo(() => apiClient.facilitiesCsvUrl(listQuery), [listQuery]);
  const mapQuery = useMemo(() => {
    const { page: _page, ...query } = listQuery;
    return query;
  }, [listQuery]);
  const isMap = filters.view === "map";
  const withoutLocation = filters.near !== "" ? (result.data?.near?.withoutLocation ?? 0) : 0;

  function handlePageChange(next: number) {
    onPageChange(next);
    // Bring the top of the list into view, so the new page starts where the eye is.
    const top = sectionRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) window.scrollBy({ top: top - 16 });
  }

  return (
    <section ref={sectionRef} aria-labelledby="overview-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="overview-title" className="text-lg font-semibold text-slate-900">
            Facility Overview
          </h2>
          <ViewSwitch value={filters.view} onChange={onViewChange} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant={filters.favoritesOnly ? "default" : "outline"}
            onClick={() => onFiltersChange((f) => ({ ...f, favoritesOnly: !f.favoritesOnly }))}
          >
            {filters.favoritesOnly ? (
              <List aria-hidden />
            ) : (
              <Star aria-hidden className="fill-amber-400 text-amber-500" />
            )}
            {filters.favoritesOnly ? "All Facilities" : "Favorites"}
          </Button>
          <LazySaveViewDialog filters={filters} />
          <LazySavedViewsMenu onFiltersChange={onFiltersChange} />
          <Button asChild variant="outline">
            <a href={csvUrl} download>
              <Download aria-hidden />
              Download CSV
            </a>
          </Button>
        </div>
      </div>

      {result.data && !firstLoad && !isMap && (hasRows || !isAwaitingMeta) && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {hasRows
              ? `Showing ${formatCount(range.first)}–${formatCount(range.last)} of ${formatCount(totalCount)} facilities`
              : "No facilities to show"}
          </p>
          <PageSizeSelect
            value={pageSize}
            onChange={onPageSizeChange}
            sizes={PAGE_SIZE_OPTIONS}
            parse={parsePageSize}
          />
        </div>
      )}

      {withoutLocation > 0 && !firstLoad && (
        <p className="text-sm text-slate-600">{describeWithoutLocation(withoutLocation)}</p>
      )}

      {firstLoad ? (
        <DataLoadPanel load={firstLoad} />
      ) : isMap ? (
        // The map's code loads only when it is shown: it is not part of the dashboard's first load.
        <Suspense
          fallback={
            <div role="status" className="flex items-center justify-center gap-2 py-20 text-slate-600">
              <LoaderCircle aria-hidden className="size-5 animate-spin text-blue-600" />
              Loading map...
            </div>
          }
        >
          <FacilityMap
            query={mapQuery}
            near={result.data?.near ?? null}
            onSelectState={(state) => onFiltersChange((f) => ({ ...f, states: [state] }))}
            onShowList={() => onViewChange("list")}
          />
        </Suspense>
      ) : (
        <FacilityResults
          result={result}
          isAwaitingMeta={isAwaitingMeta}
          isAlertFilterOn={filters.alertFilterEnabled}
          alertMetric={filters.ratingMetric ?? DEFAULT_ALERT_METRIC}
          isFavoritesMode={filters.favoritesOnly}
          favoriteCount={favoriteIds.size}
          favoriteIds={favoriteIds}
          compareIds={compare.ids}
          linkSearch={linkSearch}
          nurseHours={
            filters.sort === "nurseHours" ? "all" : filters.sort === "weekendNurseHours" ? "weekend" : null
          }
          onToggleFavorite={onToggleFavorite}
          onToggleCompare={compare.toggle}
        />
      )}

      {hasRows && !isMap && (
        <PaginationNav page={page} totalPages={totalPages} onPageChange={handlePageChange} />
      )}
      <CompareBar />
    </section>
  );
}
