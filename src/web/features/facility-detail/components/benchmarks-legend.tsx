import type { UseQueryResult } from "@tanstack/react-query";
import type { Benchmarks } from "../../../../core/api-types.ts";
import { formatCount } from "../../../../core/format.ts";
import { benchmarkCount } from "../lib/benchmarks.ts";

/** What the 'avg' beside the values means, and over how many facilities; or why the averages are missing. */
export function BenchmarksLegend({
  result,
  state,
}: {
  result: UseQueryResult<Benchmarks>;
  state: string | null;
}) {
  if (result.isPending) return null;
  if (result.isError) {
    return (
      <p role="status" className="text-amber-800">
        State and national averages could not be loaded: {result.error.message}
      </p>
    );
  }
  const national = benchmarkCount(result.data.national, "overallRating");
  const inState = benchmarkCount(result.data.state, "overallRating");
  const scopes = [
    ...(state && result.data.state
      ? [`${state}: the facilities of the state (${formatCount(inState)} with an overall rating)`]
      : []),
    `US: all facilities (${formatCount(national)} with an overall rating)`,
  ];
  return (
    <p data-testid="benchmarks-legend">
      “avg” beside a value is the average of that measure over the current CMS data, among the facilities that
      report it. {scopes.join("; ")}.
    </p>
  );
}
