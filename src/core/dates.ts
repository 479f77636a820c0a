// Calendar dates as the data writes them (ISO 'YYYY-MM-DD', no time zone): their parts, whole-month arithmetic and
// the short forms people read ('Feb 1, 2017', 'Feb 2017'). Imports nothing, so every module of src/core can use it.

export const MONTH_ABBREVIATIONS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

export interface DateParts {
  year: number;
  month: number; // 1-12
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

export function parseIsoDate(value: string): DateParts {
  const match = ISO_DATE.exec(value);
  if (!match) throw new RangeError(`not an ISO date: ${value}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

export const pad2 = (value: number) => String(value).padStart(2, "0");

export function toIsoDate({ year, month, day }: DateParts): string {
  return `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(day)}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Months since year 0: consecutive calendar months differ by exactly 1. */
export function toMonthIndex({ year, month }: Pick<DateParts, "year" | "month">): number {
  return year * 12 + (month - 1);
}

export function fromMonthIndex(index: number): Pick<DateParts, "year" | "month"> {
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** `date` minus whole calendar months, the day clamped to the target month (2024-08-31 - 6M = 2024-02-29). */
export function subtractMonths(date: string, months: number): string {
  const parts = parseIsoDate(date);
  const target = fromMonthIndex(toMonthIndex(parts) - months);
  return toIsoDate({ ...target, day: Math.min(parts.day, daysInMonth(target.year, target.month)) });
}

/** 'Feb 2017' for '2017-02-01'. */
export function formatMonthYear(date: string): string {
  const { year, month } = parseIsoDate(date);
  return `${MONTH_ABBREVIATIONS[month - 1] ?? ""} ${year}`;
}

/** 'Feb 1, 2017' for '2017-02-01'. */
export function formatShortDate(date: string): string {
  const { year, month, day } = parseIsoDate(date);
  return `${MONTH_ABBREVIATIONS[month - 1] ?? ""} ${day}, ${year}`;
}

/** 'Mar 1' for the month-day '03-01'. */
export function formatMonthDay(monthDay: string): string {
  const [month, day] = monthDay.split("-").map(Number);
  return `${MONTH_ABBREVIATIONS[(month ?? 1) - 1] ?? ""} ${day ?? 1}`;
}
