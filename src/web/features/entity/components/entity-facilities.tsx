// The entity's facilities: the facility cards and pagination the dashboard also uses, one page of ENTITY_PAGE_SIZE at
// a time.
import type { UseQueryResult } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useRef } from "react";
import type { FacilityListItem, FacilityListResponse } from "../../../../core/api-types.ts";
import { formatCount } from "../../../../core/format.ts";
import { getPageRange, getTotalPages } from "../../../../core/pagination.ts";
import { FacilityCardGrid } from "../../../components/facility-cards/facility-card-grid.tsx";
import { PaginationNav } from "../../../components/pagination-nav.tsx";
import { ErrorMessage } from "../../../components/status-message.tsx";
import { ENTITY_PAGE_SIZE } from "../api/entity-queries.ts";

export function EntityFacilities({
  result,
  page,
  favoriteIds,
  compareIds,
  onPageChange,
  onToggleFavorite,
  onToggleCompare,
}: {
  result: UseQueryResult<FacilityListResponse>;
  page: number;
  favoriteIds: ReadonlySet<string>;
  /** The facilities chosen for comparison. */
  compareIds: ReadonlySet<string>;
  onPageChange: (page: number) => void;
  onToggleFavorite: (ccn: string, providerName: string) => void;
  onToggleCompare: (facility: FacilityListItem) => void;
}) {
  const sectionRef = useRef<HTMLElement>(null);
  const totalCount = result.data?.totalCount ?? 0;
  const totalPages = getTotalPages(totalCount, ENTITY_PAGE_SIZE);
  const range = getPageRange(page, ENTITY_PAGE_SIZE, totalCount);
  const facilities = result.data?.data ?? [];

  function handlePageChange(next: number) {
    onPageChange(next);
    // Bring the top of the list into view, so the new page starts where the eye is.
    const top = sectionRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) window.scrollBy({ top: top - 16 });
  }

  return (
    <section ref={sectionRef} aria-labelledby="entity-facilities" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="entity-facilities" className="text-lg font-semibold text-slate-900">
          Facilities
        </h2>
        {facilities.length > 0 && (
          <p className="text-sm text-slate-600" data-testid="entity-page-range" aria-live="polite">
            Showing {formatCount(range.first)}–{formatCount(range.last)} of {formatCount(totalCount)}
          </p>
        )}
      </div>
      {result.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 py-16 text-slate-600">
          <LoaderCircle
            aria-hidden
            className="size-5 animate-spin text-blue-600 motion-reduce:animate-none"
          />
          Loading facilities...
        </div>
      ) : result.isLoadingError ? (
        <ErrorMessage text={`Error loading facilities: ${result.error.message}`} />
      ) : facilities.length === 0 ? (
        <p className="py-8 text-center text-slate-500">
          No facilities of this entity are in the current data.
        </p>
      ) : (
        <>
          <FacilityCardGrid
            facilities={facilities}
            isPlaceholder={result.isPlaceholderData}
            favoriteIds={favoriteIds}
            compareIds={compareIds}
            search=""
            alertMetric={null}
            onToggleFavorite={onToggleFavorite}
            onToggleCompare={onToggleCompare}
          />
          {totalPages > 1 && (
            <PaginationNav page={page} totalPages={totalPages} onPageChange={handlePageChange} />
          )}
        </>
      )}
    </section>
  );
}
