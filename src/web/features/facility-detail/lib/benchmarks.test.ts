import { describe, expect, it } from "vitest";
import { BENCHMARK_MEASURES, type Benchmark, type Benchmarks } from "../../../../core/api-types.ts";
import { benchmarkCount, formatBenchmarkValue, getBenchmarkParts } from "./benchmarks.ts";

function benchmark(average: number | null, count: number): Benchmark {
  return Object.fromEntries(BENCHMARK_MEASURES.map((measure) => [measure, { average, count }])) as Benchmark;
}

describe("formatBenchmarkValue", () => {
  it("uses the value's own decimals: ratings 1, hours and scores 2, turnover as a percent, fines in dollars", () => {
    const average = (value: number) => ({ average: value, count: 10 });
    expect(formatBenchmarkValue("overallRating", average(3.2456))).toBe("3.2");
    expect(formatBenchmarkValue("qmRating", average(3.25))).toBe("3.3");
    expect(formatBenchmarkValue("staffingRating", average(3))).toBe("3.0");
    expect(formatBenchmarkValue("rnStaffingHoursPerResidentPerDay", average(0.8765))).toBe("0.88");
    expect(formatBenchmarkValue("healthDeficiencyScore", average(41.239))).toBe("41.24");
    expect(formatBenchmarkValue("totalNursingStaffTurnover", average(47.26))).toBe("47.3%");
    expect(formatBenchmarkValue("finesTotalDollars", average(16250.456))).toBe("$16,250.46");
  });

  it("has nothing to show when no facility reports the measure", () => {
    expect(formatBenchmarkValue("overallRating", { average: null, count: 0 })).toBeNull();
    expect(formatBenchmarkValue("overallRating", undefined)).toBeNull();
  });
});

describe("getBenchmarkParts", () => {
  const both: Benchmarks = { state: benchmark(3.04, 120), national: benchmark(3.21, 14_800) };

  it("shows the state's average first, then the nation's", () => {
    expect(getBenchmarkParts("overallRating", both, "AL")).toEqual([
      { scope: "AL", spokenScope: "AL state average", value: "3.0" },
      { scope: "US", spokenScope: "national average", value: "3.2" },
    ]);
  });

  it("shows only the national average for a facility without a state, or a state without values", () => {
    expect(getBenchmarkParts("overallRating", { ...both, state: null }, null)).toEqual([
      { scope: "US", spokenScope: "national average", value: "3.2" },
    ]);
    expect(
      getBenchmarkParts("overallRating", { state: benchmark(null, 0), national: benchmark(3.21, 9) }, "GU"),
    ).toEqual([{ scope: "US", spokenScope: "national average", value: "3.2" }]);
    expect(getBenchmarkParts("overallRating", { state: null, national: benchmark(null, 0) }, "AL")).toEqual(
      [],
    );
  });

  it("counts the facilities an average is over", () => {
    expect(benchmarkCount(both.national, "overallRating")).toBe(14_800);
    expect(benchmarkCount(null, "overallRating")).toBe(0);
  });
});
