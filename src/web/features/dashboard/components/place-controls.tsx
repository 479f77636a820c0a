// The place row of the filter bar: Near (a place), the radius around it and the list's order.
import { useId } from "react";
import { DEFAULT_RADIUS_MILES, defaultSort } from "../../../../core/api-query.ts";
import type { ListSort } from "../../../../core/api-types.ts";
import { type DashboardFilters, RADIUS_CHOICES } from "../../../../core/url-state.ts";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import type { FiltersUpdate } from "../hooks/use-dashboard-url-state.ts";
import { NearField } from "./near-field.tsx";

const SORT_LABELS: Record<ListSort, string> = {
  name: "Name",
  distance: "Distance",
  rating: "Rating",
  nurseHours: "Nurse hours (most first)",
  weekendNurseHours: "Weekend nurse hours (most first)",
};

function isListSort(value: string): value is ListSort {
  return value in SORT_LABELS;
}

export function PlaceControls({
  filters,
  nearError,
  onFiltersChange,
}: {
  filters: DashboardFilters;
  /** The server's message for a place it does not know (the list then ignores the place). */
  nearError: string | null;
  onFiltersChange: (update: FiltersUpdate) => void;
}) {
  const radiusId = useId();
  const sortId = useId();
  const hasNear = filters.near !== "";
  // Distance is offered only while the list is filtered by a place it knows.
  const hasPlace = hasNear && nearError === null;
  const radius = filters.radius ?? DEFAULT_RADIUS_MILES;
  // A radius from a link that is not one of the choices (the address takes 1 to 500) is shown as it is.
  const radiusChoices: readonly number[] = (RADIUS_CHOICES as readonly number[]).includes(radius)
    ? RADIUS_CHOICES
    : [...RADIUS_CHOICES, radius].sort((a, b) => a - b);
  const sort = filters.sort ?? defaultSort(hasPlace ? filters.near : null);

  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
      <NearField
        value={filters.near}
        error={nearError}
        onApply={(near) => onFiltersChange((f) => ({ ...f, near }))}
      />
      <div className="flex items-center gap-2">
        <label htmlFor={radiusId} className="text-sm font-medium text-slate-700">
          Within
        </label>
        <NativeSelect
          id={radiusId}
          value={String(radius)}
          disabled={!hasNear}
          title={hasNear ? undefined : "Choose a place first"}
          onChange={(event) => {
            const miles = Number(event.target.value);
            onFiltersChange((f) => ({ ...f, radius: miles }));
          }}
          className="w-28"
        >
          {radiusChoices.map((miles) => (
            <option key={miles} value={String(miles)}>
              {miles} mi
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={sortId} className="text-sm font-medium text-slate-700">
          Sort by
        </label>
        <NativeSelect
          id={sortId}
          value={sort}
          onChange={(event) => {
            const next = event.target.value;
            if (isListSort(next)) onFiltersChange((f) => ({ ...f, sort: next }));
          }}
          className="w-32"
        >
          <option value="name">{SORT_LABELS.name}</option>
          {hasPlace && <option value="distance">{SORT_LABELS.distance}</option>}
          <option value="rating">{SORT_LABELS.rating}</option>
          <option value="nurseHours">{SORT_LABELS.nurseHours}</option>
          <option value="weekendNurseHours">{SORT_LABELS.weekendNurseHours}</option>
        </NativeSelect>
      </div>
    </div>
  );
}
