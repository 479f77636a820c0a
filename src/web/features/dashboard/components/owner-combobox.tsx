// The owner field's combobox (WAI-ARIA 1.2, by downshift): owners suggested as one types, 150 ms after the last
// keystroke (a request still running for older text is aborted), most homes first. Up and Down walk the
// suggestions, Enter adds the highlighted owner to the filter (the field then empties for the next one), Escape
// closes the list. Loaded lazily (owner-field.tsx).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCombobox } from "downshift";
import { useLayoutEffect, useRef } from "react";
import { type OwnerSuggestion, ownerKey } from "../../../../core/ownership.ts";
import { parseOwnerFilter } from "../../../../core/url-state.ts";
import { Input } from "../../../components/ui/input.tsx";
import { cn } from "../../../lib/cn.ts";
import { describeHomes, OWNER_TYPE_LABELS, ownerFilterValue } from "../../../lib/ownership-labels.ts";
import { ownerQueryText, ownerSuggestionsQueryOptions } from "../api/owners-queries.ts";
import { useDebouncedValue } from "../hooks/use-debounced-value.ts";
import type { OwnerInputProps } from "./owner-input-props.ts";

const SUGGEST_DELAY_MS = 150;
const NO_OWNERS: OwnerSuggestion[] = [];

export function OwnerCombobox({
  ids,
  inputProps,
  draft,
  onDraftChange,
  selected,
  onAdd,
  handoff,
}: OwnerInputProps) {
  const text = useDebouncedValue(ownerQueryText(draft), SUGGEST_DELAY_MS);
  const suggestions = useQuery({ ...ownerSuggestionsQueryOptions(text), placeholderData: keepPreviousData });
  const chosen = new Set(
    selected.flatMap((value) => {
      const owner = parseOwnerFilter(value);
      return owner ? [ownerKey(owner.type, owner.name)] : [];
    }),
  );
  // Text too short suggests nothing, even while an older answer is kept; owners already chosen are left out.
  const items =
    ownerQueryText(draft) === "" || !suggestions.data
      ? NO_OWNERS
      : suggestions.data.filter((owner) => !chosen.has(ownerKey(owner.type, owner.name)));

  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, openMenu } =
    useCombobox<OwnerSuggestion>({
      items,
      inputId: ids.input,
      labelId: ids.label,
      menuId: ids.menu,
      itemToString: (owner) => owner?.name ?? "",
      itemToKey: (owner: OwnerSuggestion | null) => (owner ? `${owner.type}:${owner.name}` : ""),
      inputValue: draft,
      // Nothing stays "selected": choosing an owner adds it to the filter and empties the field.
      selectedItem: null,
      onInputValueChange: ({ inputValue }) => onDraftChange(inputValue ?? ""),
      onSelectedItemChange: ({ selectedItem }) => {
        if (!selectedItem) return;
        onAdd(ownerFilterValue(selectedItem));
        onDraftChange("");
      },
      stateReducer: (state, { type, changes }) => {
        // Leaving the field and Escape on a closed list keep the text.
        if (
          type === useCombobox.stateChangeTypes.InputKeyDownEscape ||
          type === useCombobox.stateChangeTypes.InputBlur
        ) {
          return { ...changes, inputValue: state.inputValue, selectedItem: state.selectedItem };
        }
        // A chosen owner empties the field for the next one.
        if (
          type === useCombobox.stateChangeTypes.InputKeyDownEnter ||
          type === useCombobox.stateChangeTypes.ItemClick
        ) {
          return { ...changes, inputValue: "" };
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
  const answered =
    isOpen && ownerQueryText(draft) !== "" && suggestions.isFetched && !suggestions.isPlaceholderData;

  return (
    <>
      <Input
        {...inputProps}
        {...getInputProps({
          ref: inputRef,
          // The text changes in the keystroke's own event (see near-combobox.tsx).
          onChange: (event) => onDraftChange(event.currentTarget.value),
        })}
      />
      {/* Always in the document (downshift's menu element), shown only with suggestions. */}
      <ul
        {...getMenuProps()}
        className={cn(
          "absolute top-full left-0 z-50 mt-1 max-h-80 w-full min-w-96 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg",
          !isShown && "hidden",
        )}
      >
        {isShown &&
          items.map((owner, index) => (
            <li
              key={`${owner.type}:${owner.name}`}
              {...getItemProps({ item: owner, index })}
              className={cn(
                "flex cursor-default flex-col rounded-sm px-2 py-1.5 text-sm text-slate-900",
                highlightedIndex === index && "bg-slate-100",
              )}
            >
              <span className="break-words">{owner.name}</span>
              <span className="text-xs text-slate-500">
                {OWNER_TYPE_LABELS[owner.type]} · {describeHomes(owner.facilities)}
              </span>
            </li>
          ))}
      </ul>
      <span role="status" className="sr-only">
        {answered
          ? items.length === 0
            ? "No matching owners."
            : `${items.length} ${items.length === 1 ? "owner" : "owners"} suggested.`
          : ""}
      </span>
    </>
  );
}
