import { useQuery } from "@tanstack/react-query";
import type { DashboardFilters } from "../../../../core/url-state.ts";
import { entitiesQueryOptions, statesQueryOptions } from "../../../lib/lookups-queries.ts";
import type { FiltersUpdate } from "../hooks/use-dashboard-url-state.ts";
import { ActiveFilters } from "./active-filters.tsx";
import {
  LazyAlertSettings,
  LazyInspectionFilter,
  LazyMultiSelect,
  LazyRatingFilter,
  LazySpecialFocusFilter,
} from "./lazy-controls.tsx";
import { OwnershipControls } from "./owner-field.tsx";
import { PlaceControls } from "./place-controls.tsx";
import { SearchBox } from "./search-box.tsx";

const NO_OPTIONS: readonly string[] = [];

export function FilterBar({
  filters,
  place,
  nearError,
  onFiltersChange,
  onReset,
}: {
  filters: DashboardFilters;
  /** The label of the place the list is filtered by; null for none (or one the server did not know). */
  place: string | null;
  /** The server's message for a place it does not know. */
  nearError: string | null;
  onFiltersChange: (update: FiltersUpdate) => void;
  onReset: () => void;
}) {
  // A failed lookup leaves its list empty, without a message (SPEC section 7).
  const states = useQuery(statesQueryOptions()).data ?? NO_OPTIONS;
  const entities = useQuery(entitiesQueryOptions()).data ?? NO_OPTIONS;

  return (
    <section
      aria-label="Search and filters"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
    >
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox value={filters.search} onSubmit={(search) => onFiltersChange((f) => ({ ...f, search }))} />
        <LazyRatingFilter
          value={filters.ratingMin}
          onChange={(ratingMin) => onFiltersChange((f) => ({ ...f, ratingMin }))}
        />
        <LazyMultiSelect
          label="States"
          options={states}
          selected={filters.states}
          onSelectedChange={(selected) => onFiltersChange((f) => ({ ...f, states: selected }))}
          filterPlaceholder="Type to filter states..."
          emptyText="No states found"
          contentClassName="w-64"
        />
        <LazyMultiSelect
          label="Affiliated entities"
          options={entities}
          selected={filters.affiliatedEntities}
          onSelectedChange={(selected) => onFiltersChange((f) => ({ ...f, affiliatedEntities: selected }))}
          filterPlaceholder="Type to filter entities..."
          emptyText="No entities found"
          contentClassName="w-96"
        />
        <LazyInspectionFilter filters={filters} onFiltersChange={onFiltersChange} />
        <LazyAlertSettings filters={filters} onFiltersChange={onFiltersChange} />
      </div>
      <PlaceControls filters={filters} nearError={nearError} onFiltersChange={onFiltersChange} />
      {/* Who runs the homes, and CMS's oversight of the worst of them. */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <OwnershipControls filters={filters} onFiltersChange={onFiltersChange} />
        <LazySpecialFocusFilter filters={filters} onFiltersChange={onFiltersChange} />
      </div>
      <ActiveFilters filters={filters} place={place} onFiltersChange={onFiltersChange} onReset={onReset} />
    </section>
  );
}
