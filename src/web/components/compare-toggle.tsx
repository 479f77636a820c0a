// The detail page's compare toggle (the facility header's; cards have their own plain button). The page shows the
// compare bar beside it.
import { Check, GitCompareArrows } from "lucide-react";
import { useCompareSelection } from "../hooks/use-compare-selection.ts";
import { cn } from "../lib/cn.ts";
import type { CompareFacility } from "../lib/compare-selection.ts";
import { Button } from "./ui/button.tsx";

export function CompareToggle({ facility }: { facility: CompareFacility }) {
  const { ids, toggle } = useCompareSelection();
  const isChosen = ids.has(facility.ccn.toUpperCase());
  return (
    <Button
      variant="outline"
      size="sm"
      aria-pressed={isChosen}
      onClick={() => toggle(facility)}
      className={cn(isChosen && "border-blue-600 bg-blue-50 text-blue-800 hover:bg-blue-100")}
    >
      {isChosen ? <Check aria-hidden /> : <GitCompareArrows aria-hidden />}
      Compare<span className="sr-only"> {facility.providerName}</span>
    </Button>
  );
}
