// What the owner field's two inputs share (owner-field.tsx's plain input and owner-combobox.tsx, loaded later).
import type { ComponentProps, RefObject } from "react";
import type { NearHandoff } from "./near-input-props.ts";

export interface OwnerInputProps {
  ids: { label: string; input: string; menu: string };
  /** The input's look and description, identical in both. */
  inputProps: ComponentProps<"input">;
  draft: string;
  onDraftChange: (text: string) => void;
  /** The owner filter's values already chosen (`organization:NAME`): not suggested again. */
  selected: readonly string[];
  /** Adds an owner (`organization:NAME`) to the filter. */
  onAdd: (owner: string) => void;
  /** Where the caret was in the plain field when the combobox replaced it. */
  handoff: RefObject<NearHandoff | null>;
}
