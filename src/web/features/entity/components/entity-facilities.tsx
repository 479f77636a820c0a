// The entity's facilities: the dashboard's cards and pagination, one page of ENTITY_PAGE_SIZE at a time.
import type { UseQueryResult } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { type MouseEvent, useRef } from "react";
import { useNavigate } from "react-router";
import type { FacilityListResponse } from "../../../../core/api-types.ts";
import { formatCount } from "../../../../core/format.ts";
import { getPageRange, getTotalPages } from "../../../../core/pagination.ts";
import { ErrorMessage } from "../../../components/status-message.tsx";
import { cn } from "../../../lib/cn.ts";
import { FacilityCard } from "../../dashboard/components/facility-card.tsx";
import { PaginationNav } from "../../dashboard/components/pagination-nav.tsx";
import { ENTITY_PAGE_SIZE } from "../api/entity-queries.ts";

/** Cards at the end of a page that are always laid out (see .fc-card-eager). */
const EAGER_CARD_COUNT = 12;

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
  onToggleCompare: (ccn: string, providerName: string) => void;
}) {
  const navigate = useNavigate();
  const sectionRef = useRef<HTMLElement>(null);
  const totalCount = result.data?.totalCount ?? 0;
  const totalPages = getTotalPages(totalCount, ENTITY_PAGE_SIZE);
  const range = getPageRange(page, ENTITY_PAGE_SIZE, totalCount);
  const facilities = result.data?.data ?? [];

  // The cards are plain links (as on the dashboard): routed client-side here, modified clicks open new tabs.
  function handleGridClick(event: MouseEvent<HTMLUListElement>) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest("a") : null;
    const href = anchor?.getAttribute("href");
    if (!anchor || !href?.startsWith("/") || anchor.target) return;
    event.preventDefault();
    navigate(href);
  }

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
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: clicks come from the links inside, which have keyboard access */}
          <ul
            aria-label="Facilities"
            onClick={handleGridClick}
            aria-busy={result.isPlaceholderData}
            className={cn(
              "fc-grid grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3",
              result.isPlaceholderData && "opacity-60 transition-opacity",
            )}
          >
            {facilities.map((facility, index) => (
              <li key={facility.ccn}>
                <FacilityCard
                  facility={facility}
                  isFavorite={favoriteIds.has(facility.ccn)}
                  isCompared={compareIds.has(facility.ccn)}
                  search=""
                  alertMetric={null}
                  isEager={index >= facilities.length - EAGER_CARD_COUNT}
                  onToggleFavorite={onToggleFavorite}
                  onToggleCompare={onToggleCompare}
                />
              </li>
            ))}
          </ul>
          {totalPages > 1 && (
            <PaginationNav page={page} totalPages={totalPages} onPageChange={handlePageChange} />
          )}
        </>
      )}
    </section>
  );
}
