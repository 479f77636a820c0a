// Pure logic behind the facility detail charts: history ranges, monthly gaps and the seasonality view.
// CMS skips some monthly releases (SPEC / data README): a missing month is a gap, never interpolated, so
// every function here works on a monthly grid and emits explicit null rows where a month has no snapshot.
import type { RatingSnapshot } from "./api-types.ts";
import {
  formatMonthDay,
  formatMonthYear,
  formatShortDate,
  fromMonthIndex,
  MONTH_ABBREVIATIONS,
  pad2,
  parseIsoDate,
  subtractMonths,
  toIsoDate,
  toMonthIndex,
} from "./dates.ts";

// The calendar's words and arithmetic, for the screens that import them from here with the history's own.
export { formatMonthDay, formatMonthYear, formatShortDate, MONTH_ABBREVIATIONS, subtractMonths };

export const HISTORY_RANGES = ["6M", "1Y", "All"] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
export const DEFAULT_HISTORY_RANGE: HistoryRange = "1Y";

const RANGE_MONTHS: Record<Exclude<HistoryRange, "All">, number> = { "6M": 6, "1Y": 12 };

/** The seasonality chart's year colours (SPEC section 9: a list of 5, cycling). */
export const SEASONALITY_COLORS = ["#2563eb", "#ea580c", "#16a34a", "#9333ea", "#db2777"] as const;

export function isHistoryRange(value: string): value is HistoryRange {
  return (HISTORY_RANGES as readonly string[]).includes(value);
}

/** The colour of the index-th year line, cycling over the five seasonality colours. */
export function getSeasonalityColor(index: number): string {
  const length = SEASONALITY_COLORS.length;
  return SEASONALITY_COLORS[((index % length) + length) % length] ?? SEASONALITY_COLORS[0];
}

/** Ascending by processing date; a copy, the input is left alone. */
export function sortSnapshots<T extends Pick<RatingSnapshot, "processingDate">>(
  snapshots: readonly T[],
): T[] {
  return [...snapshots].sort((a, b) =>
    a.processingDate < b.processingDate ? -1 : a.processingDate > b.processingDate ? 1 : 0,
  );
}

/**
 * The first date inside a range: that many months before the latest snapshot (not today: old data must
 * still show). `null` for 'All' or when there are no snapshots.
 */
export function getRangeStart(
  snapshots: readonly Pick<RatingSnapshot, "processingDate">[],
  range: HistoryRange,
): string | null {
  if (range === "All" || snapshots.length === 0) return null;
  let latest = "";
  for (const snapshot of snapshots) if (snapshot.processingDate > latest) latest = snapshot.processingDate;
  return subtractMonths(latest, RANGE_MONTHS[range]);
}

/** The snapshots dated within the range (the start date itself included), ascending. */
export function filterHistoryByRange<T extends Pick<RatingSnapshot, "processingDate">>(
  snapshots: readonly T[],
  range: HistoryRange,
): T[] {
  const sorted = sortSnapshots(snapshots);
  const start = getRangeStart(sorted, range);
  return start === null ? sorted : sorted.filter((snapshot) => snapshot.processingDate >= start);
}

/** One row of the history chart: a snapshot, or a month without one (all ratings null, `isGap`). */
export interface HistoryChartRow {
  date: string;
  overall: number | null;
  health: number | null;
  qm: number | null;
  staffing: number | null;
  isGap: boolean;
}

function gapRow(monthIndex: number): HistoryChartRow {
  return {
    date: toIsoDate({ ...fromMonthIndex(monthIndex), day: 1 }),
    overall: null,
    health: null,
    qm: null,
    staffing: null,
    isGap: true,
  };
}

/**
 * Chart rows on a monthly grid: each snapshot in date order, with a null row (dated the 1st) for every
 * calendar month that has no snapshot between two consecutive ones, so a line with connectNulls={false}
 * breaks there instead of bridging the gap. With `from`, the months from that date up to the first snapshot
 * are gap rows too, so a range shows where it has no data.
 */
export function withMonthlyGaps(
  snapshots: readonly RatingSnapshot[],
  options: { from?: string | null } = {},
): HistoryChartRow[] {
  const sorted = sortSnapshots(snapshots);
  const rows: HistoryChartRow[] = [];
  let previousMonth: number | null = null;
  if (options.from && sorted.length > 0) previousMonth = toMonthIndex(parseIsoDate(options.from)) - 1;
  for (const snapshot of sorted) {
    const month = toMonthIndex(parseIsoDate(snapshot.processingDate));
    if (previousMonth !== null) {
      for (let missing = previousMonth + 1; missing < month; missing += 1) rows.push(gapRow(missing));
    }
    rows.push({
      date: snapshot.processingDate,
      overall: snapshot.overallRating,
      health: snapshot.healthInspectionRating,
      qm: snapshot.qmRating,
      staffing: snapshot.staffingRating,
      isGap: false,
    });
    previousMonth = previousMonth === null ? month : Math.max(previousMonth, month);
  }
  return rows;
}

/**
 * Which row dates get an x-axis label: every k-th calendar month (k in 1, 2, 3, 6, 12, 24...) aligned to
 * January, k the smallest that keeps at most `maxTicks` labels. Gap rows count, so spacing stays regular.
 */
export function selectMonthTicks(dates: readonly string[], maxTicks = 12): string[] {
  const firstOfMonth = dates.filter((date, index) => {
    const previous = dates[index - 1];
    return previous === undefined || previous.slice(0, 7) !== date.slice(0, 7);
  });
  for (const step of [1, 2, 3, 6, 12, 24, 60, 120]) {
    const ticks = firstOfMonth.filter((date) => toMonthIndex(parseIsoDate(date)) % step === 0);
    if (ticks.length === 0) break;
    if (ticks.length <= maxTicks) return ticks;
  }
  return firstOfMonth.slice(0, 1);
}

/** One x position of the seasonality chart: a month-day, with each year's overall rating there or null. */
export interface SeasonalityRow {
  /** 'MM-DD' */
  monthDay: string;
  /** Keyed by year ('2021'); every year of `years` is present, null where that year has no rating here. */
  ratings: Record<string, number | null>;
}

export interface Seasonality {
  /** Years with at least one snapshot, ascending. */
  years: number[];
  /** Month-days ascending: the 1st of each of the 12 months plus any other snapshot day. */
  rows: SeasonalityRow[];
}

/**
 * Snapshots grouped by year, each year laid over a January-to-December axis (overall rating). A year has a
 * value on a month-day when it has a snapshot that month dated on or before that day (a rating holds until
 * the next release, within the month only); a month without a snapshot is null, so the year's line breaks.
 */
export function groupSeasonality(snapshots: readonly RatingSnapshot[]): Seasonality {
  const sorted = sortSnapshots(snapshots);
  const monthDays = new Set<string>(MONTH_ABBREVIATIONS.map((_, index) => `${pad2(index + 1)}-01`));
  // byYear.get(year).get(month) = that year's snapshots in that month, ascending by day.
  const byYear = new Map<number, Map<number, { day: number; rating: number | null }[]>>();
  for (const snapshot of sorted) {
    const { year, month, day } = parseIsoDate(snapshot.processingDate);
    monthDays.add(`${pad2(month)}-${pad2(day)}`);
    let months = byYear.get(year);
    if (!months) {
      months = new Map();
      byYear.set(year, months);
    }
    const entries = months.get(month) ?? [];
    entries.push({ day, rating: snapshot.overallRating });
    months.set(month, entries);
  }
  const years = [...byYear.keys()].sort((a, b) => a - b);
  if (years.length === 0) return { years, rows: [] };
  const rows = [...monthDays].sort().map((monthDay): SeasonalityRow => {
    const [month = 1, day = 1] = monthDay.split("-").map(Number);
    const ratings: Record<string, number | null> = {};
    for (const year of years) {
      const entries = byYear.get(year)?.get(month) ?? [];
      let rating: number | null = null;
      for (const entry of entries) if (entry.day <= day) rating = entry.rating;
      ratings[String(year)] = rating;
    }
    return { monthDay, ratings };
  });
  return { years, rows };
}
