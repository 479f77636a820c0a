// The state and national averages shown beside a facility's values: which measure each line compares with, and
// the averages formatted in the measure's one format (src/core/format.ts), the one of the value itself.
import type { Average, Benchmark, BenchmarkMeasure } from "../../../../core/api-types.ts";

/** The state's and the nation's averages of GET /api/benchmarks (the staffing and quality figures are not used here). */
export type BenchmarkScopes = { state: Benchmark | null; national: Benchmark };

import { formatMeasure } from "../../../../core/format.ts";

/** One average as shown: null when no facility reports the measure (nothing to compare with). */
export function formatBenchmarkValue(measure: BenchmarkMeasure, average: Average | undefined): string | null {
  if (!average || average.average === null || average.count === 0) return null;
  return formatMeasure(measure, average.average);
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
  benchmarks: BenchmarkScopes,
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
