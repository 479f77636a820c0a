// The entity page's figures in words: the text alternatives of its charts and the header's counts.
import type { Entity, EntityTrendPoint } from "../../../../core/api-types.ts";
import { formatAverage, formatCount } from "../../../../core/format.ts";
import { formatMonthYear, formatShortDate } from "../../../../core/history.ts";

export const DISTRIBUTION_KEYS = ["1", "2", "3", "4", "5", "unrated"] as const;
export type DistributionKey = (typeof DISTRIBUTION_KEYS)[number];

export interface DistributionRow {
  key: DistributionKey;
  label: string;
  count: number;
}

export function distributionLabel(key: DistributionKey): string {
  if (key === "unrated") return "Not rated";
  return key === "1" ? "1 star" : `${key} stars`;
}

/** One bar per overall rating, 1 to 5 stars, then the facilities without one. */
export function getDistributionRows(entity: Pick<Entity, "ratingDistribution">): DistributionRow[] {
  return DISTRIBUTION_KEYS.map((key) => ({
    key,
    label: distributionLabel(key),
    count: entity.ratingDistribution[key],
  }));
}

const facilities = (count: number) => `${formatCount(count)} ${count === 1 ? "facility" : "facilities"}`;

/** '42 facilities in 3 states'. */
export function describeFootprint(entity: Pick<Entity, "facilityCount" | "states">): string {
  const states = entity.states.length;
  return `${facilities(entity.facilityCount)} in ${formatCount(states)} ${states === 1 ? "state" : "states"}`;
}

export function describeDistribution(rows: readonly DistributionRow[]): string {
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const parts = rows.map((row) => `${row.label}: ${formatCount(row.count)}`).join(", ");
  return `Overall star rating of the entity's ${facilities(total)}. ${parts}.`;
}

/** A month with no rated facility has no average: the line breaks there. */
export function describeTrend(points: readonly EntityTrendPoint[]): string {
  const rated = points.filter((point) => point.averageOverallRating !== null);
  const first = points[0];
  const latest = rated.at(-1);
  if (!first || !latest) return "Average overall rating by month: no rated months.";
  const values = rated.map((point) => point.averageOverallRating ?? 0);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const firstRated = rated[0];
  return (
    `Average overall rating of the entity's current facilities by month, ${formatMonthYear(first.processingDate)} ` +
    `to ${formatMonthYear(points.at(-1)?.processingDate ?? first.processingDate)}, ${points.length} ` +
    `${points.length === 1 ? "month" : "months"}. ` +
    (firstRated && firstRated !== latest
      ? `From ${formatAverage(firstRated.averageOverallRating)} in ${formatMonthYear(firstRated.processingDate)} to `
      : "") +
    `${formatAverage(latest.averageOverallRating)} on ${formatShortDate(latest.processingDate)}` +
    ` (${facilities(latest.facilities)}); lowest ${formatAverage(low)}, highest ${formatAverage(high)}, out of 5.`
  );
}

/** One row of the trend chart: a month's point, or a calendar month without a release (`isGap`, no average). */
export interface TrendRow {
  date: string;
  average: number | null;
  facilities: number | null;
  isGap: boolean;
}

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const firstOfMonth = (index: number) =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;

/**
 * The trend's points on a monthly grid, as the detail page's history: a month without a release between two
 * releases gets a row without an average, so the line breaks there and the axis keeps time evenly.
 */
export function toTrendRows(points: readonly EntityTrendPoint[]): TrendRow[] {
  const sorted = [...points].sort((a, b) => a.processingDate.localeCompare(b.processingDate));
  const rows: TrendRow[] = [];
  let previous: number | null = null;
  for (const point of sorted) {
    const month = monthIndex(point.processingDate);
    if (previous !== null) {
      for (let missing = previous + 1; missing < month; missing += 1) {
        rows.push({ date: firstOfMonth(missing), average: null, facilities: null, isGap: true });
      }
    }
    rows.push({
      date: point.processingDate,
      average: point.averageOverallRating,
      facilities: point.facilities,
      isGap: false,
    });
    previous = previous === null ? month : Math.max(previous, month);
  }
  return rows;
}
