// The Near field: a place, a ZIP code or "City, ST", with suggestions as one types (docs/api.md, "Places,
// distance and the map"). Its combobox (downshift, about 12 KB gzip) loads with the other controls once the first
// list is on screen (controls-loader.ts), which keeps it out of the initial JavaScript. Until then a plain text
// field holds its place and works as one: what is typed is kept, Enter applies it, and the focus and the caret
// move over to the combobox when it arrives, which then suggests places for the text already typed.
import { MapPin, X } from "lucide-react";
import { type ComponentProps, lazy, Suspense, useId, useRef, useState } from "react";
import { MAX_PLACE_LENGTH } from "../../../../core/api-query.ts";
import { focusRing } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import { loadControl } from "../controls-loader.ts";
import type { NearHandoff, NearInputProps } from "./near-input-props.ts";
import { PlainComboboxInput } from "./plain-combobox-input.tsx";

/** The field before the combobox arrives (and for good, should it fail to load): type, then Enter. */
export function PlainNearInput({ onApply, ...props }: NearInputProps) {
  return <PlainComboboxInput {...props} onEnter={onApply} />;
}

const NearCombobox = lazy(() =>
  loadControl(() => import("./near-combobox.tsx"))
    .then((module) => ({ default: module.NearCombobox }))
    .catch((error: unknown) => {
      // Without suggestions the field still takes a place typed in full.
      console.error("The Near field's suggestions could not be loaded", error);
      return { default: PlainNearInput };
    }),
);

/**
 * `value` is the applied place (the address's `near`); the text being typed is local until it is applied, by
 * choosing a suggestion or pressing Enter. `error` is the server's word on a place it does not know.
 */
export function NearField({
  value,
  error,
  onApply,
}: {
  value: string;
  error: string | null;
  onApply: (near: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  // Adjusting state while rendering (as the search box does): a place applied elsewhere (a removed chip, a loaded
  // view, Clear filters) shows in the field at once.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setDraft(value);
  }
  const handoff = useRef<NearHandoff | null>(null);
  const id = useId();
  const ids = { label: `${id}label`, input: `${id}input`, menu: `${id}menu` };
  const hintId = `${id}hint`;
  const errorId = `${id}error`;

  function apply(text: string) {
    const near = text.trim();
    setDraft(near);
    onApply(near);
  }

  const inputProps: ComponentProps<"input"> = {
    id: ids.input,
    placeholder: "ZIP code or City, ST",
    maxLength: MAX_PLACE_LENGTH,
    autoComplete: "off",
    spellCheck: false,
    enterKeyHint: "search",
    "aria-describedby": error ? `${errorId} ${hintId}` : hintId,
    "aria-invalid": error ? true : undefined,
    className: cn("pl-8", draft !== "" && "pr-8", error && "border-red-600"),
  };
  const fieldProps: NearInputProps = {
    ids,
    inputProps,
    draft,
    onDraftChange: setDraft,
    onApply: apply,
    handoff,
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <label id={ids.label} htmlFor={ids.input} className="text-sm font-medium text-slate-700">
          Near
        </label>
        <div className="relative w-64">
          <MapPin
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-2.5 z-10 size-4 -translate-y-1/2 text-slate-400"
          />
          <Suspense fallback={<PlainNearInput {...fieldProps} />}>
            <NearCombobox {...fieldProps} />
          </Suspense>
          {draft !== "" && (
            <button
              type="button"
              aria-label="Clear place"
              onClick={() => {
                setDraft("");
                if (value !== "") onApply("");
                document.getElementById(ids.input)?.focus();
              }}
              className={cn(
                // 24 px: the smallest target WCAG 2.2 allows (2.5.8).
                "absolute top-1/2 right-1.5 z-10 -translate-y-1/2 rounded-sm p-1 text-slate-400 hover:text-slate-700",
                focusRing,
              )}
            >
              <X aria-hidden className="size-4" />
            </button>
          )}
        </div>
      </div>
      <span id={hintId} className="sr-only">
        Type a ZIP code or a city and state, then choose a suggestion or press Enter.
      </span>
      {error && (
        <p id={errorId} role="alert" className="w-0 min-w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
