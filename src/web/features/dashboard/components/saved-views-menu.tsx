import { Bookmark, ChevronDown, Rss, Trash2 } from "lucide-react";
import { type KeyboardEvent, useRef } from "react";
import { DEFAULT_PAGE_SIZE } from "../../../../core/constants.ts";
import { toFacilityQuery } from "../../../../core/url-state.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { useFavorites } from "../../../hooks/use-favorites.ts";
import { changesFeedUrl, copyFeedLink } from "../../../lib/changes-feed.ts";
import { type SavedView, savedViewsStore } from "../../../lib/saved-views.ts";
import { toast } from "../../../lib/toast.ts";
import type { ControlActivation } from "../controls-loader.ts";
import type { FiltersUpdate } from "../hooks/use-dashboard-url-state.ts";
import { useSavedViews } from "../hooks/use-saved-views.ts";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

function formatSavedDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

/** A row's actions, left to right. */
const ROW_ACTIONS = ["load", "subscribe", "delete"] as const;
type RowAction = (typeof ROW_ACTIONS)[number];

/** ArrowRight goes to the row's next action, ArrowLeft to the one before (the menu's arrows go up and down). */
function moveWithinRow(event: KeyboardEvent<HTMLDivElement>, from: RowAction) {
  const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
  const to = ROW_ACTIONS[ROW_ACTIONS.indexOf(from) + step];
  if (step === 0 || to === undefined) return;
  const target = event.currentTarget.parentElement?.querySelector<HTMLElement>(`[data-view-action="${to}"]`);
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * Each saved view is a row: its name loads it with one click; the feed icon beside it copies the address of the
 * view's feed of rating changes ("Subscribe to changes"); the bin deletes it (the menu stays open, so several can go
 * in a row). Up and down arrows walk through all of them, left and right move within a row.
 */
export function SavedViewsMenu({
  onFiltersChange,
  activation = null,
}: {
  onFiltersChange: (update: FiltersUpdate) => void;
  /** Set when the visitor activated the placeholder before this loaded: the menu opens at once. */
  activation?: ControlActivation | null;
}) {
  const views = useSavedViews();
  const { sortedIds: favoriteIds } = useFavorites();
  const contentRef = useRef<HTMLDivElement>(null);

  function handleLoad(view: SavedView) {
    onFiltersChange(() => view.filters);
    toast.success("View loaded", { description: view.name });
  }

  function handleSubscribe(view: SavedView) {
    // A favourites view follows the favourites of this device as they are now.
    const query = toFacilityQuery(
      { filters: view.filters, page: 1 },
      { pageSize: DEFAULT_PAGE_SIZE, favoriteIds },
    );
    void copyFeedLink(
      changesFeedUrl(query),
      `Add it to a feed reader to follow the rating changes of the facilities in "${view.name}".`,
    );
  }

  function handleDelete(view: SavedView, index: number) {
    // The deleted row takes the focus with it: hand it to the next view (or the previous one), on its name rather
    // than its bin, so that a second Enter cannot delete another view by accident.
    const neighbour = views[index + 1] ?? views[index - 1];
    try {
      savedViewsStore.remove(view.id);
    } catch {
      toast.error("Error deleting view", { description: "There was a problem deleting your view" });
      return;
    }
    toast.success("View deleted", { description: view.name });
    requestAnimationFrame(() => {
      const content = contentRef.current;
      if (!content) return;
      const next = neighbour
        ? content.querySelector<HTMLElement>(
            `[data-view-id="${CSS.escape(neighbour.id)}"] [data-view-action="load"]`,
          )
        : null;
      (next ?? content).focus({ preventScroll: true });
    });
  }

  return (
    <DropdownMenu defaultOpen={activation !== null}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Bookmark aria-hidden />
          Saved Views
          {views.length > 0 && (
            <span className="rounded-full bg-slate-200 px-1.5 text-xs leading-5 font-semibold text-slate-700">
              {views.length}
            </span>
          )}
          <ChevronDown aria-hidden className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        ref={contentRef}
        align="end"
        className="w-80"
        focusFirstItemOnMount={activation === "keyboard"}
      >
        <DropdownMenuLabel>Load a saved view</DropdownMenuLabel>
        {views.length === 0 ? (
          <DropdownMenuItem disabled>No saved views yet</DropdownMenuItem>
        ) : (
          views.map((view, index) => (
            <div key={view.id} role="none" data-view-id={view.id} className="flex items-center gap-1">
              <DropdownMenuItem
                data-view-action="load"
                onSelect={() => handleLoad(view)}
                onKeyDown={(event) => moveWithinRow(event, "load")}
                className="min-w-0 flex-1 justify-between"
              >
                <span className="truncate">{view.name}</span>
                <span className="shrink-0 text-xs text-slate-500">{formatSavedDate(view.dateCreated)}</span>
              </DropdownMenuItem>
              <DropdownMenuItem
                data-view-action="subscribe"
                aria-label={`Subscribe to changes of view "${view.name}"`}
                title="Subscribe to changes: copy the address of this view's feed of rating changes"
                onSelect={() => handleSubscribe(view)}
                onKeyDown={(event) => moveWithinRow(event, "subscribe")}
                className="shrink-0 px-2 text-slate-500"
              >
                <Rss aria-hidden />
              </DropdownMenuItem>
              <DropdownMenuItem
                data-view-action="delete"
                aria-label={`Delete view "${view.name}"`}
                title="Delete this view"
                onSelect={(event) => {
                  event.preventDefault();
                  handleDelete(view, index);
                }}
                onKeyDown={(event) => moveWithinRow(event, "delete")}
                className="shrink-0 px-2 text-slate-500 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-700"
              >
                <Trash2 aria-hidden />
              </DropdownMenuItem>
            </div>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
