// The overlaid overall-rating histories of the compared facilities: one row per release date any of them has,
// with each facility's overall rating then (null where it has none), and a null row for each calendar month
// without any release between two that have one, so that no line bridges a missing month.
import type { RatingSnapshot } from "../../../../core/api-types.ts";
import { formatMonthYear, formatShortDate } from "../../../../core/history.ts";

export interface CompareHistoryRow {
  date: string;
  /** One value per facility, in column order. */
  values: (number | null)[];
  /** A month without any release (all values null). */
  isGap: boolean;
}

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

function firstOfMonth(index: number): string {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-01`;
}

export function mergeHistories(histories: readonly (readonly RatingSnapshot[])[]): CompareHistoryRow[] {
  const byDate = new Map<string, (number | null)[]>();
  histories.forEach((history, column) => {
    for (const snapshot of history) {
      let values = byDate.get(snapshot.processingDate);
      if (!values) {
        values = histories.map(() => null);
        byDate.set(snapshot.processingDate, values);
      }
      values[column] = snapshot.overallRating;
    }
  });
  const dates = [...byDate.keys()].sort();
  const rows: CompareHistoryRow[] = [];
  let previous: number | null = null;
  for (const date of dates) {
    const month = monthIndex(date);
    if (previous !== null) {
      for (let missing = previous + 1; missing < month; missing += 1) {
        rows.push({ date: firstOfMonth(missing), values: histories.map(() => null), isGap: true });
      }
    }
    rows.push({ date, values: byDate.get(date) ?? [], isGap: false });
    previous = previous === null ? month : Math.max(previous, month);
  }
  return rows;
}

/** The chart's short text alternative: span, and each facility's latest overall rating. */
export function describeCompareHistory(rows: readonly CompareHistoryRow[], names: readonly string[]): string {
  const releases = rows.filter((row) => !row.isGap);
  const first = releases[0];
  const last = releases.at(-1);
  if (!first || !last) return "Overall star rating history: no releases for these facilities.";
  const latest = names.map((name, column) => {
    const row = releases.findLast((candidate) => candidate.values[column] != null);
    const value = row?.values[column];
    return value == null
      ? `${name}: no rating`
      : `${name}: ${value} of 5 (${formatShortDate(row?.date ?? "")})`;
  });
  return (
    `Overall star rating history of ${names.length} ${names.length === 1 ? "facility" : "facilities"}, ` +
    `${formatMonthYear(first.date)} to ${formatMonthYear(last.date)}, ${releases.length} ` +
    `${releases.length === 1 ? "release" : "releases"}. Latest: ${latest.join("; ")}.`
  );
}
