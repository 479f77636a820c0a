import { Bookmark, ChevronDown, Trash2 } from "lucide-react";
import { type KeyboardEvent, useRef } from "react";
import { Button } from "../../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
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

/** ArrowRight from a view's name goes to its delete button, ArrowLeft back (the menu's arrows go up and down). */
function moveWithinRow(event: KeyboardEvent<HTMLDivElement>, to: "load" | "delete") {
  if (event.key !== (to === "delete" ? "ArrowRight" : "ArrowLeft")) return;
  const target = event.currentTarget.parentElement?.querySelector<HTMLElement>(`[data-view-action="${to}"]`);
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * Each saved view is a row: its name loads it with one click; the bin beside it deletes it (the menu stays open,
 * so several can go in a row). Up and down arrows walk through both, left and right move within a row.
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
  const contentRef = useRef<HTMLDivElement>(null);

  function handleLoad(view: SavedView) {
    onFiltersChange(() => view.filters);
    toast.success("View loaded", { description: view.name });
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
                onKeyDown={(event) => moveWithinRow(event, "delete")}
                className="min-w-0 flex-1 justify-between"
              >
                <span className="truncate">{view.name}</span>
                <span className="shrink-0 text-xs text-slate-500">{formatSavedDate(view.dateCreated)}</span>
              </DropdownMenuItem>
              <DropdownMenuItem
                data-view-action="delete"
                aria-label={`Delete view "${view.name}"`}
                title="Delete this view"
                onSelect={(event) => {
                  event.preventDefault();
                  handleDelete(view, index);
                }}
                onKeyDown={(event) => moveWithinRow(event, "load")}
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
