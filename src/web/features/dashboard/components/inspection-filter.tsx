import { useQuery } from "@tanstack/react-query";
import { ChevronDown, ShieldAlert } from "lucide-react";
import { startTransition, useId, useOptimistic, useState } from "react";
import type { HarmFilter } from "../../../../core/inspections.ts";
import type { DashboardFilters } from "../../../../core/url-state.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { HARM_FILTER_LABELS } from "../../../lib/inspection-labels.ts";
import { metaQueryOptions } from "../api/meta-queries.ts";
import type { ControlActivation } from "../controls-loader.ts";
import type { FiltersUpdate } from "../hooks/use-dashboard-url-state.ts";

const HARM_CHOICES: readonly { value: HarmFilter | null; label: string; hint: string }[] = [
  { value: null, label: "Any", hint: "Every facility, whatever it was cited for" },
  { value: "actual", label: HARM_FILTER_LABELS.actual, hint: "Actual harm or immediate jeopardy cited" },
  { value: "jeopardy", label: HARM_FILTER_LABELS.jeopardy, hint: "Immediate jeopardy cited" },
];

/** How many of the inspection filters are on. */
export function countInspectionFilters(filters: Pick<DashboardFilters, "harm" | "abuse">): number {
  return (filters.harm ? 1 : 0) + (filters.abuse ? 1 : 0);
}

/**
 * The inspection record filters: how severe a citation the facility had in the last three years (a radio
 * group) and whether abuse was cited. Each choice applies at once, like the other menus of the filter bar.
 */
export function InspectionFilter({
  filters,
  onFiltersChange,
  activation = null,
}: {
  filters: DashboardFilters;
  onFiltersChange: (update: FiltersUpdate) => void;
  /** Set when the visitor activated the placeholder before this loaded: the popover opens at once. */
  activation?: ControlActivation | null;
}) {
  const [isOpen, setIsOpen] = useState(activation !== null);
  const count = countInspectionFilters(filters);
  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          className={count > 0 ? "border-blue-300 bg-blue-50 hover:bg-blue-100" : undefined}
        >
          <ShieldAlert aria-hidden className={count > 0 ? "text-blue-600" : undefined} />
          Inspections
          {count > 0 && (
            <span className="rounded-full bg-blue-600 px-1.5 text-xs leading-5 font-semibold text-white">
              {count}
              <span className="sr-only"> on</span>
            </span>
          )}
          <ChevronDown aria-hidden className="opacity-60" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-80" aria-label="Inspection filters">
        <InspectionFilterForm filters={filters} onFiltersChange={onFiltersChange} />
      </PopoverContent>
    </Popover>
  );
}

function InspectionFilterForm({
  filters,
  onFiltersChange,
}: {
  filters: DashboardFilters;
  onFiltersChange: (update: FiltersUpdate) => void;
}) {
  const id = useId();
  const period = useQuery(metaQueryOptions()).data?.inspectionWindow;
  // The address changes in a transition (React Router): the choice shows at once, so that a second arrow key
  // moves on from it rather than from the address's old value.
  const [shown, show] = useOptimistic({ harm: filters.harm, abuse: filters.abuse });
  function choose(change: Partial<Pick<DashboardFilters, "harm" | "abuse">>) {
    startTransition(() => {
      show((current) => ({ ...current, ...change }));
      onFiltersChange((f) => ({ ...f, ...change }));
    });
  }
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h2 className="font-semibold text-slate-900">Inspection record</h2>
        <p id={`${id}-period`} className="text-sm text-slate-600">
          {period === null
            ? "No health inspection citations are loaded yet."
            : period
              ? `Health inspection citations in the last 3 years (${period.start} to ${period.end}).`
              : "Health inspection citations in the last 3 years."}
        </p>
      </div>
      <fieldset className="space-y-1.5" aria-describedby={`${id}-period`}>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Harm found</legend>
        {HARM_CHOICES.map((choice) => {
          const inputId = `${id}-harm-${choice.value ?? "any"}`;
          return (
            <div key={inputId} className="flex items-start gap-2.5">
              <input
                id={inputId}
                type="radio"
                name={`${id}-harm`}
                checked={shown.harm === choice.value}
                onChange={() => choose({ harm: choice.value })}
                aria-describedby={`${inputId}-hint`}
                className="mt-0.5 size-4 accent-blue-600"
              />
              <label htmlFor={inputId} className="text-sm leading-5 text-slate-800">
                {choice.label}
                <span id={`${inputId}-hint`} className="block text-xs text-slate-500">
                  {choice.hint}
                </span>
              </label>
            </div>
          );
        })}
      </fieldset>
      <div className="flex items-start gap-2.5 border-t border-slate-100 pt-3">
        <input
          id={`${id}-abuse`}
          type="checkbox"
          checked={shown.abuse}
          onChange={(event) => choose({ abuse: event.target.checked })}
          aria-describedby={`${id}-abuse-hint`}
          className="mt-0.5 size-4 accent-blue-600"
        />
        <label htmlFor={`${id}-abuse`} className="text-sm leading-5 text-slate-800">
          Abuse cited
          <span id={`${id}-abuse-hint`} className="block text-xs text-slate-500">
            CMS's abuse icon, or a citation for abuse, neglect or exploitation
          </span>
        </label>
      </div>
    </div>
  );
}
