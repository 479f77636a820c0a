// The demo's release calendar (the months CMS published, with its gaps) and day arithmetic.

export const DEFAULT_END_MONTH = "2026-10";

export const MONTH_ABBR = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
/** Months missing from the public record besides every December. */
const GAP_MONTHS = new Set(["2025-01", "2025-08", "2026-01"]);

export function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Whether CMS published Provider Information for the month (not a December, not a known gap). */
export function isReleaseMonth(year: number, month: number): boolean {
  return month !== 12 && !GAP_MONTHS.has(`${year}-${pad2(month)}`);
}

function parseYearMonth(value: string): { year: number; month: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) throw new RangeError(`endMonth must be 'YYYY-MM', got '${value}'`);
  return { year: Number(match[1]), month };
}

/** The release months the generator uses, oldest first, as 'YYYY-MM-01' strings. */
export function demoReleaseDates(months: number, endMonth: string = DEFAULT_END_MONTH): string[] {
  if (!Number.isInteger(months) || months < 0) throw new RangeError(`months must be a whole number >= 0`);
  let { year, month } = parseYearMonth(endMonth);
  const dates: string[] = [];
  while (dates.length < months) {
    if (isReleaseMonth(year, month)) dates.push(`${year}-${pad2(month)}-01`);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return dates.reverse();
}

export interface Calendar {
  /** Calendar months from the oldest to the newest release, as [year, month]. */
  months: [number, number][];
  /** Calendar month index of each release. */
  releaseIndex: number[];
}

export function buildCalendar(releases: string[]): Calendar {
  const first = releases[0];
  const last = releases[releases.length - 1];
  if (first === undefined || last === undefined) return { months: [], releaseIndex: [] };
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7));
  const endKey = last.slice(0, 7);
  const months: [number, number][] = [];
  const keyToIndex = new Map<string, number>();
  for (;;) {
    const key = `${year}-${pad2(month)}`;
    keyToIndex.set(key, months.length);
    months.push([year, month]);
    if (key === endKey) break;
    month += 1;
    if (month === 13) {
      month = 1;
      year += 1;
    }
  }
  return { months, releaseIndex: releases.map((r) => keyToIndex.get(r.slice(0, 7)) ?? 0) };
}

const DAY_MS = 86_400_000;
const isoDays = new Map<number, string>();
export function isoDay(day: number): string {
  let iso = isoDays.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    isoDays.set(day, iso);
  }
  return iso;
}
export function dayOf(year: number, month: number, date = 1): number {
  return Math.round(Date.UTC(year, month - 1, date) / DAY_MS);
}
