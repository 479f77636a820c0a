import { ToggleGroup } from "radix-ui";
import { HISTORY_RANGES, type HistoryRange, isHistoryRange } from "../../../../core/history.ts";

const RANGE_DESCRIPTIONS: Record<HistoryRange, string> = {
  "6M": "Last 6 months",
  "1Y": "Last year",
  All: "All releases",
};

/** 6M / 1Y / All. Radix reports '' when the selected item is pressed again: that is ignored, never a reset. */
export function HistoryRangeToggle({
  value,
  onValueChange,
}: {
  value: HistoryRange;
  onValueChange: (range: HistoryRange) => void;
}) {
  function handleValueChange(next: string) {
    if (isHistoryRange(next) && next !== value) onValueChange(next);
  }
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={handleValueChange}
      aria-label="History range"
      className="inline-flex rounded-lg border border-slate-200 bg-slate-100 p-0.5"
    >
      {HISTORY_RANGES.map((range) => (
        <ToggleGroup.Item
          key={range}
          value={range}
          title={RANGE_DESCRIPTIONS[range]}
          className="min-w-11 rounded-md px-3 py-1 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 data-[state=on]:bg-white data-[state=on]:text-slate-900 data-[state=on]:shadow-sm"
        >
          {range}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
