// The charts of the history section: recharts lives here only, in its own chunk, so the facility's
// details render without waiting for it.
import { CalendarRange, History } from "lucide-react";
import { useMemo, useState } from "react";
import type { RatingSnapshot } from "../../../../core/api-types.ts";
import { formatRating } from "../../../../core/format.ts";
import {
  DEFAULT_HISTORY_RANGE,
  filterHistoryByRange,
  formatShortDate,
  getRangeStart,
  groupSeasonality,
  type HistoryRange,
  withMonthlyGaps,
} from "../../../../core/history.ts";
import { HistoryChart } from "./history-chart.tsx";
import { HistoryRangeToggle } from "./history-range-toggle.tsx";
import { SeasonalityChart } from "./seasonality-chart.tsx";

const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

function HistoryTable({ snapshots }: { snapshots: readonly RatingSnapshot[] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-slate-600 hover:text-slate-900">
        Show the ratings as a table ({snapshots.length} {snapshots.length === 1 ? "release" : "releases"})
      </summary>
      {/* Scrolls on its own: focusable, so that keyboard users can scroll it too. */}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label="Star ratings by CMS release date"
        className="mt-2 max-h-72 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">Star ratings by CMS release date</caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Release
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Overall
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Health
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                QM
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Staffing
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {[...snapshots].reverse().map((snapshot) => (
              <tr key={snapshot.processingDate}>
                <th scope="row" className="px-3 py-1.5 font-normal text-slate-700">
                  {formatShortDate(snapshot.processingDate)}
                </th>
                <td className="px-3 py-1.5">{formatRating(snapshot.overallRating)}</td>
                <td className="px-3 py-1.5">{formatRating(snapshot.healthInspectionRating)}</td>
                <td className="px-3 py-1.5">{formatRating(snapshot.qmRating)}</td>
                <td className="px-3 py-1.5">{formatRating(snapshot.staffingRating)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}

export function HistoryCharts({ snapshots }: { snapshots: readonly RatingSnapshot[] }) {
  const [range, setRange] = useState<HistoryRange>(DEFAULT_HISTORY_RANGE);
  const inRange = useMemo(() => filterHistoryByRange(snapshots, range), [snapshots, range]);
  const rows = useMemo(
    () => withMonthlyGaps(inRange, { from: getRangeStart(snapshots, range) }),
    [inRange, snapshots, range],
  );
  const seasonality = useMemo(() => groupSeasonality(snapshots), [snapshots]);
  return (
    <>
      <section aria-labelledby="section-history" className={CARD} data-testid="section-history">
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2
              id="section-history"
              className="flex items-center gap-2 text-base font-semibold text-slate-900"
            >
              <History className="size-4 text-slate-500" aria-hidden />
              Historical Star Ratings
            </h2>
            <p className="mt-0.5 text-sm text-slate-500">
              Each monthly CMS release; months without a release are left as gaps.
            </p>
          </div>
          <HistoryRangeToggle value={range} onValueChange={setRange} />
        </div>
        <HistoryChart rows={rows} range={range} />
        <HistoryTable snapshots={inRange} />
      </section>
      <section aria-labelledby="section-seasonality" className={CARD} data-testid="section-seasonality">
        <div className="mb-4">
          <h2
            id="section-seasonality"
            className="flex items-center gap-2 text-base font-semibold text-slate-900"
          >
            <CalendarRange className="size-4 text-slate-500" aria-hidden />
            Seasonality
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">
            Overall rating through the year, one line per year (all releases), each with its own colour, line
            pattern and marker; years with equal ratings are drawn slightly apart.
          </p>
        </div>
        <SeasonalityChart seasonality={seasonality} />
      </section>
    </>
  );
}
