// The detail page's compare toggle, with the compare bar: one component for the facility header.
import { Check, GitCompareArrows } from "lucide-react";
import { useCompareSelection } from "../hooks/use-compare-selection.ts";
import { cn } from "../lib/cn.ts";
import type { CompareFacility } from "../lib/compare-selection.ts";
import { CompareBar } from "./compare-bar.tsx";
import { Button } from "./ui/button.tsx";

export function CompareToggle({ facility }: { facility: CompareFacility }) {
  const { ids, toggle } = useCompareSelection();
  const isChosen = ids.has(facility.ccn.toUpperCase());
  return (
    <>
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
      <CompareBar />
    </>
  );
}
