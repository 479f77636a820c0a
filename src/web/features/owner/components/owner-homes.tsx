// The owner's homes today: the dashboard's facility cards, a page of OWNER_PAGE_SIZE at a time (the owner's answer
// holds them all), or the map of them (the dashboard's map, filtered by the owner, loaded only when shown).
import { LayoutGrid, LoaderCircle, Map as MapIcon } from "lucide-react";
import { Suspense, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { formatCount } from "../../../../core/format.ts";
import type { Owner } from "../../../../core/ownership.ts";
import { FacilityCardGrid } from "../../../components/facility-cards/facility-card-grid.tsx";
import { FacilityMap } from "../../../components/facility-map/index.ts";
import { PaginationNav } from "../../../components/pagination-nav.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useCompareSelection } from "../../../hooks/use-compare-selection.ts";
import { useFavorites } from "../../../hooks/use-favorites.ts";
import { usePageNumber } from "../../../hooks/use-page-number.ts";
import { ownerDashboardPath, ownerFilterValue } from "../../../lib/ownership-labels.ts";
import { OWNER_PAGE_SIZE, pageOfHomes } from "../lib/owner-descriptions.ts";

type HomesView = "cards" | "map";

export function OwnerHomes({ owner }: { owner: Owner }) {
  const sectionRef = useRef<HTMLElement>(null);
  const navigate = useNavigate();
  const [view, setView] = useState<HomesView>("cards");
  const [requestedPage, setPage] = usePageNumber();
  const { favoriteIds, toggleFavorite } = useFavorites();
  const compare = useCompareSelection();
  const { homes, page, pages } = pageOfHomes(owner.facilities, requestedPage);
  const first = (page - 1) * OWNER_PAGE_SIZE + 1;
  const last = first + homes.length - 1;

  function handlePageChange(next: number) {
    setPage(next);
    // Bring the top of the list into view, so the new page starts where the eye is.
    const top = sectionRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) window.scrollBy({ top: top - 16 });
  }

  return (
    <section ref={sectionRef} aria-labelledby="owner-homes" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h2 id="owner-homes" className="text-lg font-semibold text-slate-900">
            Its homes
          </h2>
          {view === "cards" && homes.length > 0 && (
            <p className="text-sm text-slate-600" data-testid="owner-page-range" aria-live="polite">
              Showing {formatCount(first)}–{formatCount(last)} of {formatCount(owner.facilities.length)}
            </p>
          )}
        </div>
        {owner.facilities.length > 0 && (
          // biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, as the dashboard's view switch
          <div role="group" aria-label="Show the homes as" className="flex gap-1">
            <Button
              variant={view === "cards" ? "default" : "outline"}
              size="sm"
              aria-pressed={view === "cards"}
              onClick={() => setView("cards")}
            >
              <LayoutGrid aria-hidden />
              Cards
            </Button>
            <Button
              variant={view === "map" ? "default" : "outline"}
              size="sm"
              aria-pressed={view === "map"}
              onClick={() => setView("map")}
            >
              <MapIcon aria-hidden />
              Map
            </Button>
          </div>
        )}
      </div>
      {owner.facilities.length === 0 ? (
        <p className="py-8 text-center text-slate-500">No homes of this owner are in the current data.</p>
      ) : view === "map" ? (
        <Suspense
          fallback={
            <div role="status" className="flex items-center justify-center gap-2 py-20 text-slate-600">
              <LoaderCircle
                aria-hidden
                className="size-5 animate-spin text-blue-600 motion-reduce:animate-none"
              />
              Loading map...
            </div>
          }
        >
          <FacilityMap
            query={{ owners: [ownerFilterValue(owner)] }}
            near={null}
            onSelectState={(state) => navigate(ownerDashboardPath(owner, state))}
            onShowList={() => setView("cards")}
          />
        </Suspense>
      ) : (
        <>
          <FacilityCardGrid
            facilities={homes}
            isPlaceholder={false}
            favoriteIds={favoriteIds}
            compareIds={compare.ids}
            search=""
            alertMetric={null}
            onToggleFavorite={toggleFavorite}
            onToggleCompare={compare.toggle}
          />
          {pages > 1 && <PaginationNav page={page} totalPages={pages} onPageChange={handlePageChange} />}
        </>
      )}
    </section>
  );
}
