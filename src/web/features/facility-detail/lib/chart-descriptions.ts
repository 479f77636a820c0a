// Text alternatives of the charts: what a screen-reader user hears instead of the lines.

import { formatRating } from "../../../../core/format.ts";
import {
  formatMonthYear,
  formatShortDate,
  type HistoryChartRow,
  type HistoryRange,
  type Seasonality,
} from "../../../../core/history.ts";

const RANGE_NAMES: Record<HistoryRange, string> = {
  "6M": "last 6 months",
  "1Y": "last year",
  All: "all releases",
};

export function describeHistoryChart(rows: readonly HistoryChartRow[], range: HistoryRange): string {
  const releases = rows.filter((row) => !row.isGap);
  const first = rows[0];
  const latest = releases.at(-1);
  if (!first || !latest) return `Star rating history, ${RANGE_NAMES[range]}: no releases.`;
  const gaps = rows.length - releases.length;
  const span = `${formatMonthYear(first.date)} to ${formatMonthYear(latest.date)}`;
  const count = `${releases.length} ${releases.length === 1 ? "release" : "releases"}`;
  const missing = gaps === 0 ? "" : `, ${gaps} ${gaps === 1 ? "month" : "months"} without data`;
  return (
    `Star rating history, ${RANGE_NAMES[range]} (${span}): ${count}${missing}. ` +
    `Latest, ${formatShortDate(latest.date)}: overall ${formatRating(latest.overall)}, ` +
    `health inspection ${formatRating(latest.health)}, quality measures ${formatRating(latest.qm)}, ` +
    `staffing ${formatRating(latest.staffing)}, out of 5.`
  );
}

export function describeSeasonalityChart(seasonality: Seasonality): string {
  const { years } = seasonality;
  if (years.length === 0) return "Overall rating by month of year: no releases.";
  const yearList = years.length === 1 ? String(years[0]) : `${years[0]} to ${years.at(-1)}`;
  return `Overall rating by month of year, one line per year, ${years.length} ${years.length === 1 ? "year" : "years"} (${yearList}). Months without a release are left empty.`;
}
