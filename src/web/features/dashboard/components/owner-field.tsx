// The owner field of the filter bar: owners and managers from CMS's Ownership files, suggested as one types (GET
// /api/owners); a chosen owner is added to the `owner` filter (a chip each). Its combobox (downshift) loads with the
// other controls once the first list is on screen (controls-loader.ts); until then a plain field holds its place,
// keeps what is typed and hands its focus and caret to the combobox when it arrives. Beside it, CMS's flag of a
// change of ownership in the last 12 months.
import { Building2, X } from "lucide-react";
import {
  type ComponentProps,
  lazy,
  Suspense,
  startTransition,
  useId,
  useOptimistic,
  useRef,
  useState,
} from "react";
import { MAX_OWNER_QUERY_LENGTH } from "../../../../core/ownership.ts";
import type { DashboardFilters } from "../../../../core/url-state.ts";
import { focusRing } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import { loadControl } from "../controls-loader.ts";
import type { FiltersUpdate } from "../hooks/use-dashboard-url-state.ts";
import type { NearHandoff } from "./near-input-props.ts";
import type { OwnerInputProps } from "./owner-input-props.ts";
import { PlainComboboxInput } from "./plain-combobox-input.tsx";

/** The field before the combobox arrives (and for good, should it fail to load): it keeps the text typed. */
export function PlainOwnerInput({ inputProps, draft, onDraftChange, handoff }: OwnerInputProps) {
  return (
    <PlainComboboxInput
      inputProps={inputProps}
      draft={draft}
      onDraftChange={onDraftChange}
      handoff={handoff}
    />
  );
}

const OwnerCombobox = lazy(() =>
  loadControl(() => import("./owner-combobox.tsx"))
    .then((module) => ({ default: module.OwnerCombobox }))
    .catch((error: unknown) => {
      console.error("The owner field's suggestions could not be loaded", error);
      return { default: PlainOwnerInput };
    }),
);

export function OwnershipControls({
  filters,
  onFiltersChange,
}: {
  filters: DashboardFilters;
  onFiltersChange: (update: FiltersUpdate) => void;
}) {
  const [draft, setDraft] = useState("");
  // The address changes in a transition (React Router): the box shows its new state at once.
  const [changedShown, showChanged] = useOptimistic(filters.ownershipChanged);
  const handoff = useRef<NearHandoff | null>(null);
  const id = useId();
  const ids = { label: `${id}label`, input: `${id}input`, menu: `${id}menu` };
  const hintId = `${id}hint`;
  const changedId = `${id}changed`;

  const inputProps: ComponentProps<"input"> = {
    id: ids.input,
    placeholder: "Type an owner's name",
    maxLength: MAX_OWNER_QUERY_LENGTH,
    autoComplete: "off",
    spellCheck: false,
    "aria-describedby": hintId,
    className: cn("pl-8", draft !== "" && "pr-8"),
  };
  const fieldProps: OwnerInputProps = {
    ids,
    inputProps,
    draft,
    onDraftChange: setDraft,
    selected: filters.owners,
    onAdd: (owner) =>
      onFiltersChange((f) => ({ ...f, owners: f.owners.includes(owner) ? f.owners : [...f.owners, owner] })),
    handoff,
  };

  return (
    <>
      <div className="flex items-center gap-2">
        <label id={ids.label} htmlFor={ids.input} className="text-sm font-medium text-slate-700">
          Owner
        </label>
        <div className="relative w-80">
          <Building2
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-2.5 z-10 size-4 -translate-y-1/2 text-slate-400"
          />
          <Suspense fallback={<PlainOwnerInput {...fieldProps} />}>
            <OwnerCombobox {...fieldProps} />
          </Suspense>
          {draft !== "" && (
            <button
              type="button"
              aria-label="Clear owner text"
              onClick={() => {
                setDraft("");
                document.getElementById(ids.input)?.focus();
              }}
              className={cn(
                "absolute top-1/2 right-1.5 z-10 -translate-y-1/2 rounded-sm p-1 text-slate-400 hover:text-slate-700",
                focusRing,
              )}
            >
              <X aria-hidden className="size-4" />
            </button>
          )}
        </div>
        <span id={hintId} className="sr-only">
          Type at least two letters of an owner's or manager's name, then choose a suggestion to show its
          homes.
        </span>
      </div>
      <div className="flex items-center gap-2">
        <input
          id={changedId}
          type="checkbox"
          checked={changedShown}
          onChange={(event) => {
            const ownershipChanged = event.target.checked;
            startTransition(() => {
              showChanged(ownershipChanged);
              onFiltersChange((f) => ({ ...f, ownershipChanged }));
            });
          }}
          className="size-4 accent-blue-600"
        />
        <label htmlFor={changedId} className="text-sm text-slate-700">
          Changed owner in the last year
        </label>
      </div>
    </>
  );
}
