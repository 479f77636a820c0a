// The dashboard route `/` (SPEC section 2): header, summary, filters, and the paged facility cards.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useLocation } from "react-router";
import { getTotalPages } from "../../../core/pagination.ts";
import { hasActiveFilters, hasNonDefaultView, toFacilityQuery } from "../../../core/url-state.ts";
import { useFavorites } from "../../hooks/use-favorites.ts";
import { facilitiesQueryOptions, withoutPlace } from "../../lib/facilities-queries.ts";
import { metaQueryOptions } from "./api/meta-queries.ts";
import { DashboardHeader } from "./components/dashboard-header.tsx";
import { FacilityOverview } from "./components/facility-overview.tsx";
import { FilterBar } from "./components/filter-bar.tsx";
import { ScrollToTopButton } from "./components/scroll-to-top-button.tsx";
import { SummarySection } from "./components/summary-section.tsx";
import { scheduleControlsLoad } from "./controls-loader.ts";
import { getLoadPanel } from "./data-load.ts";
import { useDashboardUrlState } from "./hooks/use-dashboard-url-state.ts";
import { useDataVersionSync } from "./hooks/use-data-version-sync.ts";
import { usePageSize } from "./hooks/use-page-size.ts";
import { getViewTitle } from "./view-title.ts";

export function DashboardPage() {
  const { filters, page, updateFilters, setPage, setView, resetFilters } = useDashboardUrlState();
  const [pageSize, setPageSize] = usePageSize();
  const { favoriteIds, sortedIds, toggleFavorite } = useFavorites();
  const location = useLocation();

  const query = useMemo(
    () => toFacilityQuery({ filters, page }, { pageSize, favoriteIds: sortedIds }),
    [filters, page, pageSize, sortedIds],
  );
  const result = useQuery(facilitiesQueryOptions(query));

  // A place the server did not know: its message goes under the Near field, and the list, the export and the map
  // are the view without it. A known place is named as the server resolved it ("San Francisco, CA").
  const nearError = result.data?.nearError ?? null;
  const listQuery = useMemo(() => (nearError ? withoutPlace(query) : query), [nearError, query]);
  const place = filters.near === "" || nearError ? null : (result.data?.near?.label ?? filters.near);

  // While the server's first CMS load runs there is nothing to list: a progress panel instead of an empty list.
  const metaResult = useQuery(metaQueryOptions());
  const meta = metaResult.data;
  const firstLoad = getLoadPanel(meta, result.isPlaceholderData ? undefined : result.data?.data.length);
  // An empty list may only mean that it is out of date: until /api/meta answers (the first load may not have
  // finished), when meta counts facilities that an unfiltered list lacks (fetched before a load committed), and while
  // an empty list is fetched again. It shows "Loading facilities..." rather than "No facilities match...".
  const isListEmpty = !result.isPlaceholderData && result.data?.totalCount === 0;
  const isAwaitingMeta =
    metaResult.isPending ||
    (isListEmpty && (meta?.facilityCount ?? 0) > 0 && !hasActiveFilters(filters)) ||
    (isListEmpty && result.isFetching);
  useDataVersionSync(meta?.dataVersion);

  const summary = result.isLoadingError || firstLoad ? undefined : result.data?.summary;

  // A page past the end (an old link, a shrunk favourites list) moves to the last page.
  const totalCount = result.isPlaceholderData ? undefined : result.data?.totalCount;
  useEffect(() => {
    if (totalCount === undefined) return;
    const lastPage = Math.max(1, getTotalPages(totalCount, pageSize));
    if (page > lastPage) setPage(lastPage);
  }, [totalCount, page, pageSize, setPage]);

  useEffect(() => {
    document.title = "CMS Star Ratings Dashboard";
  }, []);

  // A page restored from the browser's back/forward cache runs no query: alert lists are never reused, so fetch
  // them again.
  const { refetch } = result;
  const isAlertQuery = query.alertEnabled;
  useEffect(() => {
    if (!isAlertQuery) return;
    const handlePageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void refetch();
    };
    window.addEventListener("pageshow", handlePageShow);
    return () => window.removeEventListener("pageshow", handlePageShow);
  }, [isAlertQuery, refetch]);

  // The menus and dialogs load once the first list (or its error) is on screen.
  const isListSettled = !result.isPending;
  useEffect(() => {
    if (isListSettled) scheduleControlsLoad();
  }, [isListSettled]);

  function handlePageSizeChange(size: number) {
    setPageSize(size);
    setPage(1);
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <main className="mx-auto flex max-w-[90rem] flex-col gap-6 px-6 py-8 lg:px-8">
        <DashboardHeader canShare={hasNonDefaultView(filters)} feedQuery={listQuery} />
        <SummarySection title={getViewTitle(filters, place)} summary={summary} />
        <FilterBar
          filters={filters}
          place={place}
          nearError={nearError}
          onFiltersChange={updateFilters}
          onReset={resetFilters}
        />
        <FacilityOverview
          filters={filters}
          listQuery={listQuery}
          page={page}
          pageSize={pageSize}
          result={result}
          firstLoad={firstLoad}
          isAwaitingMeta={isAwaitingMeta}
          favoriteIds={favoriteIds}
          linkSearch={location.search}
          onFiltersChange={updateFilters}
          onPageChange={setPage}
          onPageSizeChange={handlePageSizeChange}
          onToggleFavorite={toggleFavorite}
          onViewChange={setView}
        />
      </main>
      <ScrollToTopButton />
    </div>
  );
}
