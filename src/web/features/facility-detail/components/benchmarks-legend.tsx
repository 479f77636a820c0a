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
      ? [`${state}: ${formatCount(inState)} facilities with an overall rating`]
      : []),
    `US: ${formatCount(national)}`,
  ];
  return (
    <p data-testid="benchmarks-legend">
      “avg”: the average of the measure over the facilities in the current CMS data that report it (
      {scopes.join("; ")}).
    </p>
  );
}
