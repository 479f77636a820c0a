import type { ReactNode } from "react";
import { SeriesSwatch } from "./chart-series.tsx";
import type { SeriesStyle } from "./chart-theme.ts";

export interface ChartTooltipItem {
  name: string;
  /** The series' line, as in the legend. */
  style: SeriesStyle;
  value: string;
}

/** The tooltip card both charts share; `note` replaces the items (a month without a release). */
export function ChartTooltip({
  title,
  items,
  note,
}: {
  title: string;
  items: readonly ChartTooltipItem[];
  note?: ReactNode;
}) {
  return (
    <div className="min-w-40 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm shadow-md">
      <p className="mb-1 font-medium text-slate-900">{title}</p>
      {note ? (
        <p className="text-slate-500">{note}</p>
      ) : (
        <ul className="space-y-0.5">
          {items.map((item) => (
            <li key={item.name} className="flex items-center justify-between gap-4">
              <span className="flex items-center gap-2 text-slate-600">
                <SeriesSwatch style={item.style} width={24} />
                {item.name}
              </span>
              <span className="font-medium tabular-nums text-slate-900">{item.value}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
