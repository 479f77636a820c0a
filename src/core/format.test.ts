import { describe, expect, it } from "vitest";
import { BENCHMARK_MEASURES } from "./api-types.ts";
import {
  changeDirection,
  formatAverage,
  formatCount,
  formatDecimal,
  formatMeasure,
  formatMiles,
  formatPercent,
  formatRating,
  formatRatingOutOf5,
  formatSignedChange,
  formatUsd,
} from "./format.ts";

describe("formats of the spec", () => {
  it("shows ratings out of 5 and N/A when missing", () => {
    expect(formatRatingOutOf5(4)).toBe("4/5");
    expect(formatRatingOutOf5(null)).toBe("N/A");
    expect(formatRating(undefined)).toBe("N/A");
    expect(formatRating(0)).toBe("0");
  });
  it("signs rises with a plus and tells the direction", () => {
    expect(formatSignedChange(2)).toBe("+2");
    expect(formatSignedChange(-1)).toBe("-1");
    expect(formatSignedChange(0)).toBe("0");
    expect([changeDirection(1), changeDirection(-1), changeDirection(0)]).toEqual(["up", "down", "none"]);
  });
  it("formats fines in US dollars, decimals, counts and averages", () => {
    expect(formatUsd(6600)).toBe("$6,600.00");
    expect(formatDecimal(5.3333, 2)).toBe("5.33");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatAverage(3.218)).toBe("3.2");
    expect(formatAverage(null)).toBe("N/A");
  });
  it("shows distances in miles with 1 decimal", () => {
    expect(formatMiles(2.3)).toBe("2.3 mi");
    expect(formatMiles(12)).toBe("12.0 mi");
    expect(formatMiles(0)).toBe("0.0 mi");
  });
});

/** The digits after the decimal point of each number in a formatted text ('$1,234.50' -> [2]). */
function decimalsOf(text: string): number[] {
  return [...text.matchAll(/\d[\d,]*(?:\.(\d+))?/g)].map((match) => match[1]?.length ?? 0);
}

describe("one format per measure", () => {
  it("shows percentages with 1 decimal, whole ones too", () => {
    expect(formatPercent(49)).toBe("49.0%");
    expect(formatPercent(48.75)).toBe("48.8%");
    expect(formatPercent(47.26)).toBe("47.3%");
    expect(formatPercent(0)).toBe("0.0%");
  });

  it("gives each measure one number of decimals, whatever the value (never '48.8%' beside '49%')", () => {
    const values = [49, 48.8, 48.75, 3, 3.25, 0.5, 0, 16250.456, 100];
    const expected: Record<(typeof BENCHMARK_MEASURES)[number], number> = {
      overallRating: 1,
      healthInspectionRating: 1,
      staffingRating: 1,
      qmRating: 1,
      healthDeficiencyScore: 2,
      totalWeightedHealthSurveyScore: 2,
      rnStaffingHoursPerResidentPerDay: 2,
      totalNursingStaffTurnover: 1,
      finesTotalDollars: 2,
    };
    for (const measure of BENCHMARK_MEASURES) {
      for (const value of values) {
        expect(decimalsOf(formatMeasure(measure, value)), `${measure} ${value}`).toEqual([expected[measure]]);
      }
    }
  });

  it("keeps the spec's formats: 2 decimals for health scores and RN hours, fines in US dollars", () => {
    expect(formatMeasure("totalWeightedHealthSurveyScore", 7.3333)).toBe("7.33");
    expect(formatMeasure("rnStaffingHoursPerResidentPerDay", 1)).toBe("1.00");
    expect(formatMeasure("finesTotalDollars", 6600)).toBe("$6,600.00");
    expect(formatMeasure("overallRating", 3)).toBe("3.0");
    expect(formatMeasure("totalNursingStaffTurnover", 36)).toBe("36.0%");
  });
});
