// The state and national averages shown beside a facility's values: which measure each line compares with, and
// the averages formatted with the same decimals as the value itself (ratings: 1 decimal).
import type { Average, Benchmark, BenchmarkMeasure, Benchmarks } from "../../../../core/api-types.ts";
import { formatDecimal, formatUsd } from "../../../../core/format.ts";

const percent = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

const FORMATS: Record<BenchmarkMeasure, (value: number) => string> = {
  overallRating: (value) => formatDecimal(value, 1),
  healthInspectionRating: (value) => formatDecimal(value, 1),
  staffingRating: (value) => formatDecimal(value, 1),
  qmRating: (value) => formatDecimal(value, 1),
  healthDeficiencyScore: (value) => formatDecimal(value, 2),
  totalWeightedHealthSurveyScore: (value) => formatDecimal(value, 2),
  rnStaffingHoursPerResidentPerDay: (value) => formatDecimal(value, 2),
  totalNursingStaffTurnover: (value) => `${percent.format(value)}%`,
  finesTotalDollars: formatUsd,
};

/** One average as shown: null when no facility reports the measure (nothing to compare with). */
export function formatBenchmarkValue(measure: BenchmarkMeasure, average: Average | undefined): string | null {
  if (!average || average.average === null || average.count === 0) return null;
  return FORMATS[measure](average.average);
}

export interface BenchmarkPart {
  /** "AL" or "US". */
  scope: string;
  /** How a screen reader says the scope. */
  spokenScope: string;
  value: string;
}

/** The parts shown beside a value, state first; empty when neither average exists. */
export function getBenchmarkParts(
  measure: BenchmarkMeasure,
  benchmarks: Benchmarks,
  state: string | null,
): BenchmarkPart[] {
  const parts: BenchmarkPart[] = [];
  const stateValue =
    state && benchmarks.state ? formatBenchmarkValue(measure, benchmarks.state[measure]) : null;
  if (state && stateValue !== null) {
    parts.push({ scope: state, spokenScope: `${state} state average`, value: stateValue });
  }
  const nationalValue = formatBenchmarkValue(measure, benchmarks.national[measure]);
  if (nationalValue !== null) {
    parts.push({ scope: "US", spokenScope: "national average", value: nationalValue });
  }
  return parts;
}

/** How many facilities an average counts, for the note under the sections. */
export function benchmarkCount(benchmark: Benchmark | null, measure: BenchmarkMeasure): number {
  return benchmark?.[measure].count ?? 0;
}
