import { Bookmark, ChevronDown, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { type SavedView, savedViewsStore } from "../../../lib/saved-views.ts";
import { toast } from "../../../lib/toast.ts";
import type { FiltersUpdate } from "../hooks/use-dashboard-url-state.ts";
import { useSavedViews } from "../hooks/use-saved-views.ts";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

function formatSavedDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

/** Load a saved view with one click; delete from a sub-menu, out of the way of loading. */
export function SavedViewsMenu({ onFiltersChange }: { onFiltersChange: (update: FiltersUpdate) => void }) {
  const views = useSavedViews();

  function handleLoad(view: SavedView) {
    onFiltersChange(() => view.filters);
    toast.success("View loaded", { description: view.name });
  }

  function handleDelete(view: SavedView) {
    try {
      savedViewsStore.remove(view.id);
      toast.success("View deleted", { description: view.name });
    } catch {
      toast.error("Error deleting view", { description: "There was a problem deleting your view" });
    }
  }

  return (
    <DropdownMenu>
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
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel>Load a saved view</DropdownMenuLabel>
        {views.length === 0 ? (
          <DropdownMenuItem disabled>No saved views yet</DropdownMenuItem>
        ) : (
          views.map((view) => (
            <DropdownMenuItem key={view.id} onSelect={() => handleLoad(view)} className="justify-between">
              <span className="truncate">{view.name}</span>
              <span className="shrink-0 text-xs text-slate-500">{formatSavedDate(view.dateCreated)}</span>
            </DropdownMenuItem>
          ))
        )}
        {views.length > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuSub>
              <DropdownMenuSubTrigger>
                <Trash2 aria-hidden className="text-slate-500" />
                Delete a view
              </DropdownMenuSubTrigger>
              <DropdownMenuSubContent className="w-64">
                {views.map((view) => (
                  <DropdownMenuItem
                    key={view.id}
                    variant="destructive"
                    onSelect={() => handleDelete(view)}
                    aria-label={`Delete ${view.name}`}
                  >
                    <Trash2 aria-hidden />
                    <span className="truncate">{view.name}</span>
                  </DropdownMenuItem>
                ))}
              </DropdownMenuSubContent>
            </DropdownMenuSub>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
