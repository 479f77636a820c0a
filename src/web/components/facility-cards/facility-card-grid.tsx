// The grid of facility cards, on the dashboard and on an affiliated entity's page.
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import type { FacilityListItem } from "../../../core/api-types.ts";
import type { AlertMetric } from "../../../core/constants.ts";
import { cn } from "../../lib/cn.ts";
import { FacilityCard, type NurseHoursFact } from "./facility-card.tsx";

/** Cards at the end of a page that are always laid out (see .fc-card-eager). */
const EAGER_CARD_COUNT = 12;

export function FacilityCardGrid({
  facilities,
  isPlaceholder,
  favoriteIds,
  compareIds,
  search,
  alertMetric,
  nurseHours = null,
  onToggleFavorite,
  onToggleCompare,
}: {
  facilities: readonly FacilityListItem[];
  /** The previous page's cards, shown dimmed while the next page loads. */
  isPlaceholder: boolean;
  favoriteIds: ReadonlySet<string>;
  /** The facilities chosen for comparison. */
  compareIds: ReadonlySet<string>;
  /** The query string a card's link keeps (the dashboard's view), "" for none. */
  search: string;
  alertMetric: AlertMetric | null;
  /** The nurse hours the cards show (the list is sorted by them), none otherwise. */
  nurseHours?: NurseHoursFact | null;
  onToggleFavorite: (ccn: string, providerName: string) => void;
  onToggleCompare: (facility: FacilityListItem) => void;
}) {
  const navigate = useNavigate();

  // One handler for all cards: plain links inside, routed client-side here (modified clicks open new tabs).
  function handleGridClick(event: MouseEvent<HTMLUListElement>) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest("a") : null;
    const href = anchor?.getAttribute("href");
    if (!anchor || !href?.startsWith("/") || anchor.target) return;
    event.preventDefault();
    navigate(href);
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: clicks come from the links inside, which have keyboard access
    <ul
      aria-label="Facilities"
      onClick={handleGridClick}
      aria-busy={isPlaceholder}
      className={cn(
        "fc-grid grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3",
        isPlaceholder && "opacity-60 transition-opacity",
      )}
    >
      {facilities.map((facility, index) => (
        <li key={facility.ccn}>
          <FacilityCard
            facility={facility}
            isFavorite={favoriteIds.has(facility.ccn)}
            isCompared={compareIds.has(facility.ccn)}
            search={search}
            alertMetric={alertMetric}
            nurseHours={nurseHours}
            isEager={index >= facilities.length - EAGER_CARD_COUNT}
            onToggleFavorite={onToggleFavorite}
            onToggleCompare={onToggleCompare}
          />
        </li>
      ))}
    </ul>
  );
}
