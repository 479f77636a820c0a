// The button under a collapsed list that shows the rest of it and collapses it again (the detail page's changes,
// surveys, citations and penalties).
import type { ReactNode } from "react";
import { Button } from "./ui/button.tsx";

export function ShowAllToggle({
  isExpanded,
  onToggle,
  controls,
  collapsedLabel,
  expandedLabel,
  className = "mt-3",
  testId,
  children,
}: {
  isExpanded: boolean;
  onToggle: () => void;
  /** The id of the list it shows and hides. */
  controls: string;
  /** What it says while the list is collapsed ("Show all 12 penalties"). */
  collapsedLabel: string;
  /** What it says while the list is whole ("Show the newest 10"). */
  expandedLabel: string;
  className?: string;
  testId?: string;
  /** Said after the label (words for screen readers that tell one list's button from another's). */
  children?: ReactNode;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      aria-expanded={isExpanded}
      aria-controls={controls}
      onClick={onToggle}
      data-testid={testId}
    >
      {isExpanded ? expandedLabel : collapsedLabel}
      {children}
    </Button>
  );
}
