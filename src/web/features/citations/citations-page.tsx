// The citations route, /citations: health (or fire safety) inspection citations across the current facilities,
// newest first, filtered by inspection type, tag, category, harm level, kind of inspection, states, affiliated entities, survey dates and words of the description,
// all kept in the address and paged like the dashboard. Loaded lazily: none of it is in the dashboard's bundle.
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { LoaderCircle, RotateCcw, SearchX, TriangleAlert } from "lucide-react";
import { startTransition, useEffect, useMemo, useOptimistic } from "react";
import { Link, useLocation } from "react-router";
import type { CitationList } from "../../../core/api-types.ts";
import {
  CITATION_PAGE_SIZES,
  type CitationFilters,
  parseCitationPageSize,
  toCitationQuery,
  withoutUnknownChoices,
} from "../../../core/citation-url-state.ts";
import { formatCount } from "../../../core/format.ts";
import { getPageRange, getTotalPages } from "../../../core/pagination.ts";
import { PageSizeSelect } from "../../components/page-size-select.tsx";
import { PaginationNav } from "../../components/pagination-nav.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useDocumentTitle } from "../../hooks/use-document-title.ts";
import { ApiError } from "../../lib/api-client.ts";
import { entitiesQueryOptions, statesQueryOptions } from "../../lib/lookups-queries.ts";
import { citationCategoriesQueryOptions, citationsQueryOptions } from "./api/citations-queries.ts";
import { CitationFilterForm } from "./components/citation-filters.tsx";
import { CitationTable } from "./components/citation-table.tsx";
import { useCitationUrlState } from "./hooks/use-citation-url-state.ts";
import { type CitationField, describeCitationCount, fieldOfParam } from "./lib/citation-format.ts";

const NO_OPTIONS: readonly string[] = [];

/** The dashboard's view this page was opened from (its Citations link passes its query string), else `/`. */
function useDashboardHref(): string {
  const state: unknown = useLocation().state;
  const search =
    state && typeof state === "object" && "dashboardSearch" in state ? String(state.dashboardSearch) : "";
  return `/${search.startsWith("?") ? search : ""}`;
}

export function CitationsPage() {
  useDocumentTitle("Citations | CMS Star Ratings Dashboard");
  const { filters, page, pageSize, setFilters, setPage, setPageSize, clearFilters } = useCitationUrlState();
  const dashboardHref = useDashboardHref();

  const statesResult = useQuery(statesQueryOptions());
  const entities = useQuery(entitiesQueryOptions()).data ?? NO_OPTIONS;
  const categoriesResult = useQuery(citationCategoriesQueryOptions(filters.type));
  const categories = categoriesResult.data?.categories;

  // States and a category the server does not know are ignored, as any unknown value of the address; until
  // their lists arrive (or fail), a query that names them waits.
  const knownCategories = useMemo(
    () => categories?.flatMap((entry) => (entry.category === null ? [] : [entry.category])) ?? null,
    [categories],
  );
  const known = useMemo(
    () => ({ states: statesResult.data ?? null, categories: knownCategories }),
    [statesResult.data, knownCategories],
  );
  const effective = useMemo(() => withoutUnknownChoices(filters, known), [filters, known]);
  const isAwaitingLists =
    (filters.states.length > 0 && statesResult.isPending) ||
    (filters.category !== "" && categoriesResult.isPending);
  const hasUnknown =
    effective.states.length !== filters.states.length || effective.category !== filters.category;
  useEffect(() => {
    if (hasUnknown) setFilters(() => effective);
  }, [hasUnknown, effective, setFilters]);

  // The address changes in a transition (React Router): the form shows a choice at once, so that a second key
  // press (ArrowDown twice in a menu) starts from the first one's value, not from the address's old one.
  const [shownFilters, showFilters] = useOptimistic(effective);
  function applyFilters(next: CitationFilters) {
    startTransition(() => {
      showFilters(next);
      setFilters(() => next);
    });
  }

  const query = useMemo(
    () => toCitationQuery({ filters: effective, page, pageSize }),
    [effective, page, pageSize],
  );
  const result = useQuery({ ...citationsQueryOptions(query), enabled: !isAwaitingLists && !hasUnknown });

  // A refusal (400) names its parameter: its message goes under that field.
  const refusal = result.error instanceof ApiError && result.error.status === 400 ? result.error : null;
  const refusedField = refusal ? fieldOfParam(refusal.param) : null;
  const errors: Partial<Record<CitationField, string>> =
    refusal && refusedField ? { [refusedField]: refusal.message } : {};

  // A page past the end (an old link) moves to the last page.
  const totalCount = result.isPlaceholderData ? undefined : result.data?.totalCount;
  useEffect(() => {
    if (totalCount === undefined) return;
    const lastPage = Math.max(1, getTotalPages(totalCount, pageSize));
    if (page > lastPage) setPage(lastPage);
  }, [totalCount, page, pageSize, setPage]);

  function handlePageChange(next: number) {
    setPage(next);
    // The new page starts at the top of the table.
    const top = document.getElementById("citations-results")?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) window.scrollBy({ top: top - 16 });
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <main className="mx-auto flex max-w-[90rem] flex-col gap-6 px-6 py-8 lg:px-8">
        <nav aria-label="Breadcrumb">
          <Link
            to={dashboardHref}
            className="rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-200/60 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            {"< Dashboard"}
          </Link>
        </nav>
        <header className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 lg:text-3xl">Citations</h1>
          <p className="text-slate-600">
            Health or fire safety inspection citations of the current facilities, newest survey first. A tag
            can be written F689, 0689 or 689 (K353 for a fire safety tag).
          </p>
        </header>
        <CitationFilterForm
          filters={shownFilters}
          categories={categories ?? []}
          states={statesResult.data ?? NO_OPTIONS}
          entities={entities}
          errors={errors}
          onApply={applyFilters}
          onClear={clearFilters}
        />
        <section id="citations-results" aria-labelledby="citations-results-title" className="space-y-4">
          <h2 id="citations-results-title" className="sr-only">
            Results
          </h2>
          <Results
            result={result}
            isWaiting={isAwaitingLists || hasUnknown}
            refusal={refusal ? { message: refusal.message, isField: refusedField !== null } : null}
            page={page}
            pageSize={pageSize}
            onPageChange={handlePageChange}
            onPageSizeChange={setPageSize}
          />
        </section>
      </main>
    </div>
  );
}

function Results({
  result,
  isWaiting,
  refusal,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: {
  result: UseQueryResult<CitationList>;
  isWaiting: boolean;
  refusal: { message: string; isField: boolean } | null;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}) {
  if (refusal) {
    return (
      <p
        role="alert"
        className="flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-900"
      >
        <TriangleAlert aria-hidden className="size-4 shrink-0 text-red-600" />
        {refusal.isField
          ? `These filters cannot be searched: ${refusal.message}. Correct the marked field.`
          : `These filters cannot be searched: ${refusal.message}.`}
      </p>
    );
  }
  if (isWaiting || result.isPending) {
    return (
      <div role="status" className="flex items-center justify-center gap-2 py-16 text-slate-600">
        <LoaderCircle aria-hidden className="size-5 animate-spin text-blue-600 motion-reduce:animate-none" />
        Loading citations...
      </div>
    );
  }
  if (result.isError) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
        <p>Error loading citations: {result.error.message}</p>
        <Button variant="outline" className="mt-4" onClick={() => void result.refetch()}>
          <RotateCcw aria-hidden />
          Try again
        </Button>
      </div>
    );
  }
  const { data, totalCount } = result.data;
  const range = getPageRange(page, pageSize, totalCount);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          <strong className="font-semibold text-slate-900" data-testid="citation-count">
            {describeCitationCount(totalCount)}
          </strong>
          {data.length > 0 && (
            <span>
              {" "}
              · showing {formatCount(range.first)}–{formatCount(range.last)}
            </span>
          )}
        </p>
        <PageSizeSelect
          value={pageSize}
          onChange={onPageSizeChange}
          sizes={CITATION_PAGE_SIZES}
          parse={parseCitationPageSize}
        />
      </div>
      {data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
          <SearchX aria-hidden className="size-8 text-slate-400" />
          <p className="max-w-md text-slate-600">No citations match these filters.</p>
        </div>
      ) : (
        <>
          <CitationTable rows={data} isPlaceholder={result.isPlaceholderData} />
          <PaginationNav
            page={page}
            totalPages={getTotalPages(totalCount, pageSize)}
            onPageChange={onPageChange}
          />
        </>
      )}
    </>
  );
}
