// Display formats of the spec (section 9): shared by every screen.
import type { BenchmarkMeasure } from "./api-types.ts";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** A rating out of 5, or 'N/A' when missing. */
export function formatRatingOutOf5(value: number | null | undefined): string {
  return value == null || Number.isNaN(value) ? "N/A" : `${value}/5`;
}

/** A bare rating value, or 'N/A' when missing. */
export function formatRating(value: number | null | undefined): string {
  return value == null || Number.isNaN(value) ? "N/A" : String(value);
}

/** A signed rating change: '+1' for a rise, '-2' for a fall, '0' for none. */
export function formatSignedChange(diff: number): string {
  return diff > 0 ? `+${diff}` : String(diff);
}

export type ChangeDirection = "up" | "down" | "none";
export function changeDirection(diff: number): ChangeDirection {
  return diff > 0 ? "up" : diff < 0 ? "down" : "none";
}

export function formatUsd(value: number): string {
  return usd.format(value);
}

export function formatDecimal(value: number, digits: number): string {
  return value.toFixed(digits);
}

/** Integer with thousands separators: 1,234,567. */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** A distance in miles with 1 decimal, as the API rounds it: '2.3 mi', '12.0 mi'. */
export function formatMiles(value: number): string {
  return `${value.toFixed(1)} mi`;
}

/** Summary averages: 1 decimal, or 'N/A' when nothing was averaged. */
export function formatAverage(value: number | null): string {
  return value == null ? "N/A" : value.toFixed(1);
}

/**
 * A percentage, always with 1 decimal ('36.0%', '48.8%'): values shown side by side then read alike, never
 * '48.8%' beside '49%'.
 */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/**
 * One format per measure that is shown beside its state and national averages: the facility's value and both
 * averages use the same number of decimals. Ratings 1 decimal (an average; a facility's own rating is a whole
 * star, shown out of 5), health scores and RN hours 2 decimals (the spec's), turnover a percent with 1 decimal,
 * fines US dollars with cents.
 */
export const MEASURE_FORMATS: Readonly<Record<BenchmarkMeasure, (value: number) => string>> = {
  overallRating: (value) => formatDecimal(value, 1),
  healthInspectionRating: (value) => formatDecimal(value, 1),
  staffingRating: (value) => formatDecimal(value, 1),
  qmRating: (value) => formatDecimal(value, 1),
  healthDeficiencyScore: (value) => formatDecimal(value, 2),
  totalWeightedHealthSurveyScore: (value) => formatDecimal(value, 2),
  rnStaffingHoursPerResidentPerDay: (value) => formatDecimal(value, 2),
  totalNursingStaffTurnover: formatPercent,
  finesTotalDollars: formatUsd,
};

/** A measure's value (or average) in the measure's one format. */
export function formatMeasure(measure: BenchmarkMeasure, value: number): string {
  return MEASURE_FORMATS[measure](value);
}
