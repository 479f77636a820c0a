import { describe, expect, it } from "vitest";
import { BENCHMARK_MEASURES, type Benchmark, type FacilityDetail } from "../../../../core/api-types.ts";
import {
  type BenchmarkScopes,
  benchmarkCount,
  formatBenchmarkValue,
  getBenchmarkParts,
} from "./benchmarks.ts";
import { getDetailSections } from "./facility-lines.ts";

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
    expect(formatBenchmarkValue("totalNursingStaffTurnover", average(49.01))).toBe("49.0%");
    expect(formatBenchmarkValue("finesTotalDollars", average(16250.456))).toBe("$16,250.46");
  });

  it("has nothing to show when no facility reports the measure", () => {
    expect(formatBenchmarkValue("overallRating", { average: null, count: 0 })).toBeNull();
    expect(formatBenchmarkValue("overallRating", undefined)).toBeNull();
  });
});

describe("getBenchmarkParts", () => {
  const both: BenchmarkScopes = { state: benchmark(3.04, 120), national: benchmark(3.21, 14_800) };

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

/** The digits after the decimal point of each number in a text ('36.0% hrs' -> [1]). */
function decimalsOf(text: string): number[] {
  return [...text.matchAll(/\d[\d,]*(?:\.(\d+))?/g)].map((match) => match[1]?.length ?? 0);
}

describe("a value and its averages side by side", () => {
  // Whole values and averages: the ones that used to lose their decimals ('36%' beside 'TX avg 48.8%').
  const facility = {
    ccn: "455138",
    providerName: "SAMPLE",
    state: "TX",
    overallRating: 3,
    healthInspectionRating: 3,
    staffingRating: 2,
    qmRating: 4,
    totalWeightedHealthSurveyScore: 16,
    finesTotalDollars: 6600,
    rnStaffingHoursPerResidentPerDay: 1,
    totalNursingStaffTurnover: 36,
    // Lines without an average are not about this: left out.
    substantiatedComplaints: null,
    infectionControlCitations: null,
    paymentDenials: null,
    administratorsLeft: null,
    certifiedBeds: null,
    averageResidentsPerDay: null,
    affiliatedEntityName: null,
  } as FacilityDetail;
  const averages = (value: number) => benchmark(value, 100);

  it("use the same decimals for every measure, whole numbers included", () => {
    for (const [state, national] of [
      [48.8, 49],
      [49, 48.75],
      [3.04, 3],
    ] as const) {
      const scopes: BenchmarkScopes = { state: averages(state), national: averages(national) };
      const lines = getDetailSections(facility).flatMap((section) => section.lines);
      const measured = lines.filter((line) => line.measure && !line.value.endsWith("/5"));
      expect(measured.map((line) => line.label)).toEqual([
        "Health Deficiency Score",
        "Fines",
        "RN Staffing Hours",
        "Turnover Rate",
      ]);
      for (const line of measured) {
        const parts = getBenchmarkParts(line.measure ?? "overallRating", scopes, "TX");
        expect(parts, line.label).toHaveLength(2);
        const decimals = [line.value, ...parts.map((part) => part.value)].flatMap(decimalsOf);
        expect(new Set(decimals).size, `${line.label}: ${line.value} / ${parts.map((p) => p.value)}`).toBe(1);
      }
      expect(lines.find((line) => line.label === "Turnover Rate")?.value).toBe("36.0%");
    }
  });

  it("show both averages of a rating with 1 decimal", () => {
    const parts = getBenchmarkParts("overallRating", { state: averages(3), national: averages(3.04) }, "TX");
    expect(parts.map((part) => part.value)).toEqual(["3.0", "3.0"]);
  });
});
