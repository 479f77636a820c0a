// The Near field's combobox (WAI-ARIA 1.2, by downshift): places suggested as one types, 150 ms after the last
// keystroke (a request still running for older text is aborted). Up and Down walk the suggestions, Enter applies
// the highlighted one or else the text as typed, Escape closes the list. Loaded lazily (near-field.tsx).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCombobox } from "downshift";
import { useLayoutEffect, useRef } from "react";
import type { Place } from "../../../../core/api-types.ts";
import { Input } from "../../../components/ui/input.tsx";
import { cn } from "../../../lib/cn.ts";
import { nearTextOf, placeQueryText, placesQueryOptions } from "../api/places-queries.ts";
import { useDebouncedValue } from "../hooks/use-debounced-value.ts";
import type { NearInputProps } from "./near-input-props.ts";

const SUGGEST_DELAY_MS = 150;
const NO_PLACES: Place[] = [];
const KIND_LABELS = { zip: "ZIP code", city: "City" } as const;

export function NearCombobox({ ids, inputProps, draft, onDraftChange, onApply, handoff }: NearInputProps) {
  const text = useDebouncedValue(placeQueryText(draft), SUGGEST_DELAY_MS);
  const suggestions = useQuery({ ...placesQueryOptions(text), placeholderData: keepPreviousData });
  // Cleared text suggests nothing, even while an older answer is kept.
  const items = draft.trim() === "" || !suggestions.data ? NO_PLACES : suggestions.data;

  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, openMenu } =
    useCombobox<Place>({
      items,
      inputId: ids.input,
      labelId: ids.label,
      menuId: ids.menu,
      itemToString: (place) => (place ? nearTextOf(place) : ""),
      itemToKey: (place: Place | null) => (place ? `${place.kind}:${place.label}` : ""),
      // The text is the field's (it survives the swap from the plain field); nothing stays "selected": choosing a
      // suggestion applies it, and choosing the same one again applies it again.
      inputValue: draft,
      selectedItem: null,
      onInputValueChange: ({ inputValue }) => onDraftChange(inputValue ?? ""),
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem) onApply(nearTextOf(selectedItem));
      },
      stateReducer: (state, { type, changes }) => {
        // Escape on a closed list and leaving the field keep the text (and apply nothing): the place applies only
        // when chosen or entered, as the search does.
        if (
          type === useCombobox.stateChangeTypes.InputKeyDownEscape ||
          type === useCombobox.stateChangeTypes.InputBlur
        ) {
          return { ...changes, inputValue: state.inputValue, selectedItem: state.selectedItem };
        }
        return changes;
      },
    });

  // Focus handed over from the plain field: keep the caret where it was and suggest for the text typed so far.
  const inputRef = useRef<HTMLInputElement>(null);
  const openMenuRef = useRef(openMenu);
  openMenuRef.current = openMenu;
  useLayoutEffect(() => {
    const caret = handoff.current;
    handoff.current = null;
    const input = inputRef.current;
    if (!caret || !input) return;
    input.focus({ preventScroll: true });
    input.setSelectionRange(caret.start, caret.end);
    if (input.value.trim() !== "") openMenuRef.current();
  }, [handoff]);

  const isShown = isOpen && items.length > 0;
  const answered = isOpen && draft.trim() !== "" && suggestions.isFetched && !suggestions.isPlaceholderData;

  return (
    <>
      <Input
        {...inputProps}
        {...getInputProps({
          ref: inputRef,
          // The text changes in the keystroke's own event: downshift reports it only after rendering, and a
          // controlled field rendered in between with the old text would drop the next fast keystroke.
          onChange: (event) => onDraftChange(event.currentTarget.value),
          onKeyDown: (event) => {
            // Enter with no suggestion highlighted applies the text as typed (downshift closes the list).
            if (
              event.key === "Enter" &&
              !event.nativeEvent.isComposing &&
              (!isOpen || highlightedIndex < 0)
            ) {
              event.preventDefault();
              onApply(draft);
            }
          },
        })}
      />
      {/* Always in the document (downshift's menu element), shown only with suggestions. */}
      <ul
        {...getMenuProps()}
        className={cn(
          "absolute top-full left-0 z-50 mt-1 max-h-80 w-full min-w-64 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg",
          !isShown && "hidden",
        )}
      >
        {isShown &&
          items.map((place, index) => (
            <li
              key={`${place.kind}:${place.label}`}
              {...getItemProps({ item: place, index })}
              className={cn(
                "flex cursor-default items-center justify-between gap-3 rounded-sm px-2 py-1.5 text-sm text-slate-900",
                highlightedIndex === index && "bg-slate-100",
              )}
            >
              <span className="truncate">{place.label}</span>
              <span className="shrink-0 text-xs text-slate-500">{KIND_LABELS[place.kind]}</span>
            </li>
          ))}
      </ul>
      <span role="status" className="sr-only">
        {answered
          ? items.length === 0
            ? "No matching places. Press Enter to use the text as typed."
            : `${items.length} ${items.length === 1 ? "place" : "places"} suggested.`
          : ""}
      </span>
    </>
  );
}
