import type { ReactNode } from "react";
import { formatMonthYear } from "../../../core/history.ts";
import type { MethodologyEntry } from "../../../core/methodology.ts";
import { SeriesSwatch } from "./chart-series.tsx";
import type { SeriesStyle } from "./chart-theme.ts";

export interface ChartTooltipItem {
  name: string;
  /** The series' line, as in the legend. */
  style: SeriesStyle;
  value: string;
}

/** The changes of method of the month under the pointer (methodology markers), in full. */
export function TooltipMethodNotes({ events }: { events: readonly MethodologyEntry[] | undefined }) {
  const changes = events?.filter((event) => event.kind === "method") ?? [];
  if (changes.length === 0) return null;
  return (
    <div className="mt-2 max-w-72 space-y-1 border-t border-slate-200 pt-2 text-xs text-slate-700">
      {changes.map((event) => (
        <p key={event.date}>
          <span className="font-semibold text-slate-900">
            Method change, {formatMonthYear(event.date)}: {event.label}.
          </span>{" "}
          {event.description}
        </p>
      ))}
    </div>
  );
}

/**
 * The tooltip card the charts share; `note` replaces the items (a month without a release); `events` adds the
 * month's changes of method.
 */
export function ChartTooltip({
  title,
  items,
  note,
  events,
}: {
  title: string;
  items: readonly ChartTooltipItem[];
  note?: ReactNode;
  events?: readonly MethodologyEntry[] | undefined;
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
      <TooltipMethodNotes events={events} />
    </div>
  );
}
