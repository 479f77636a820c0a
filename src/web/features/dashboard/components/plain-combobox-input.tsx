// The plain field a combobox of the filter bar (Near, Owner) stands in for until its code arrives (and for good,
// should it fail to load): it keeps the text typed, asks for the combobox's code at the first keystroke, and leaves
// behind where its caret was, so that the combobox takes over the focus and the caret.
import { type ComponentProps, type RefObject, useLayoutEffect, useRef } from "react";
import { Input } from "../../../components/ui/input.tsx";
import { loadControlsNow } from "../controls-loader.ts";
import type { NearHandoff } from "./near-input-props.ts";

export interface PlainComboboxInputProps {
  inputProps: ComponentProps<"input">;
  draft: string;
  onDraftChange: (text: string) => void;
  handoff: RefObject<NearHandoff | null>;
  /** Enter in the plain field (the Near field applies its text; the Owner field has nothing to apply yet). */
  onEnter?: (text: string) => void;
}

export function PlainComboboxInput({
  inputProps,
  draft,
  onDraftChange,
  handoff,
  onEnter,
}: PlainComboboxInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  // Layout cleanups run before React removes the input: whether it had focus, and where its caret was.
  useLayoutEffect(() => {
    const input = ref.current;
    return () => {
      handoff.current =
        input !== null && document.activeElement === input
          ? { start: input.selectionStart, end: input.selectionEnd }
          : null;
    };
  }, [handoff]);
  return (
    <Input
      ref={ref}
      {...inputProps}
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="list"
      value={draft}
      onChange={(event) => {
        // Suggestions are wanted now: load the combobox without waiting for the browser to be idle.
        loadControlsNow();
        onDraftChange(event.target.value);
      }}
      onKeyDown={(event) => {
        if (onEnter && event.key === "Enter" && !event.nativeEvent.isComposing) {
          event.preventDefault();
          onEnter(draft);
        }
      }}
    />
  );
}
