import { ChevronDown, Flag } from "lucide-react";
import { startTransition, useId, useOptimistic, useState } from "react";
import type { SffFilter } from "../../../../core/special-focus.ts";
import type { DashboardFilters } from "../../../../core/url-state.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { SFF_FILTER_LABELS } from "../../../lib/special-focus-labels.ts";
import type { ControlActivation } from "../controls-loader.ts";
import type { FiltersUpdate } from "../hooks/use-dashboard-url-state.ts";

const CHOICES: readonly { value: SffFilter | null; label: string; hint: string }[] = [
  { value: null, label: "Any", hint: "Every facility" },
  {
    value: "sff",
    label: SFF_FILTER_LABELS.sff,
    hint: "Homes CMS inspects about twice as often for a history of serious quality issues",
  },
  { value: "candidate", label: SFF_FILTER_LABELS.candidate, hint: "Homes CMS may pick for the program" },
  { value: "either", label: SFF_FILTER_LABELS.either, hint: "Homes on the program or candidates for it" },
];

/**
 * CMS's Special Focus Facility program: the homes on it, the candidates, or either (a radio group). A choice
 * applies at once, like the other menus of the filter bar.
 */
export function SpecialFocusFilter({
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
  const isOn = filters.sff !== null;
  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          className={isOn ? "border-blue-300 bg-blue-50 hover:bg-blue-100" : undefined}
        >
          <Flag aria-hidden className={isOn ? "text-blue-600" : undefined} />
          Special focus
          {isOn && (
            <span className="rounded-full bg-blue-600 px-1.5 text-xs leading-5 font-semibold text-white">
              1<span className="sr-only"> on</span>
            </span>
          )}
          <ChevronDown aria-hidden className="opacity-60" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-80" aria-label="Special focus filter">
        <SpecialFocusForm filters={filters} onFiltersChange={onFiltersChange} />
      </PopoverContent>
    </Popover>
  );
}

function SpecialFocusForm({
  filters,
  onFiltersChange,
}: {
  filters: DashboardFilters;
  onFiltersChange: (update: FiltersUpdate) => void;
}) {
  const id = useId();
  // The address changes in a transition (React Router): the choice shows at once, so that a second arrow key
  // moves on from it rather than from the address's old value.
  const [shown, show] = useOptimistic(filters.sff);
  function choose(sff: SffFilter | null) {
    startTransition(() => {
      show(sff);
      onFiltersChange((f) => ({ ...f, sff }));
    });
  }
  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <h2 className="font-semibold text-slate-900">Special Focus Facilities</h2>
        <p id={`${id}-about`} className="text-sm text-slate-600">
          CMS's program for homes with a history of serious quality issues, and its candidates, as CMS's
          newest release lists them.
        </p>
      </div>
      <fieldset className="space-y-1.5" aria-describedby={`${id}-about`}>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Show</legend>
        {CHOICES.map((choice) => {
          const inputId = `${id}-sff-${choice.value ?? "any"}`;
          return (
            <div key={inputId} className="flex items-start gap-2.5">
              <input
                id={inputId}
                type="radio"
                name={`${id}-sff`}
                checked={shown === choice.value}
                onChange={() => choose(choice.value)}
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
    </div>
  );
}
