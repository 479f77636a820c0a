// What the Near field's two inputs share (near-field.tsx's plain input and near-combobox.tsx, loaded later).
import type { ComponentProps, RefObject } from "react";

/** Where the caret was in the plain field when the combobox replaced it; null when the field had no focus. */
export interface NearHandoff {
  start: number | null;
  end: number | null;
}

/** What the plain field and the combobox share: the same input, the same text, the same way to apply it. */
export interface NearInputProps {
  ids: { label: string; input: string; menu: string };
  /** The input's look and description, identical in both. */
  inputProps: ComponentProps<"input">;
  draft: string;
  onDraftChange: (text: string) => void;
  onApply: (text: string) => void;
  handoff: RefObject<NearHandoff | null>;
}
