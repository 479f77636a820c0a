import { describe, expect, it } from "vitest";
import type { Entity } from "../../../../core/api-types.ts";
import {
  describeDistribution,
  describeFootprint,
  describeTrend,
  getDistributionRows,
  toTrendRows,
} from "./entity-descriptions.ts";

const ENTITY: Entity = {
  name: "SAMPLE CARE GROUP",
  facilityCount: 1234,
  states: ["AL", "GA"],
  averageRatings: { overallRating: 3.21, healthInspectionRating: 2.9, staffingRating: null, qmRating: 4 },
  ratingDistribution: { "1": 100, "2": 200, "3": 300, "4": 400, "5": 230, unrated: 4 },
  inspections: null,
};

describe("entity descriptions", () => {
  it("counts facilities and states, singular or plural", () => {
    expect(describeFootprint(ENTITY)).toBe("1,234 facilities in 2 states");
    expect(describeFootprint({ facilityCount: 1, states: ["AL"] })).toBe("1 facility in 1 state");
  });

  it("has one bar per star, 1 to 5, then the facilities without a rating", () => {
    expect(getDistributionRows(ENTITY).map((row) => [row.label, row.count])).toEqual([
      ["1 star", 100],
      ["2 stars", 200],
      ["3 stars", 300],
      ["4 stars", 400],
      ["5 stars", 230],
      ["Not rated", 4],
    ]);
    expect(describeDistribution(getDistributionRows(ENTITY))).toBe(
      "Overall star rating of the entity's 1,234 facilities. 1 star: 100, 2 stars: 200, 3 stars: 300, " +
        "4 stars: 400, 5 stars: 230, Not rated: 4.",
    );
  });

  it("describes the trend from its first to its latest rated month, with its range", () => {
    const points = [
      { processingDate: "2023-01-01", facilities: 0, averageOverallRating: null },
      { processingDate: "2023-02-01", facilities: 10, averageOverallRating: 2.94 },
      { processingDate: "2023-03-01", facilities: 11, averageOverallRating: 3.55 },
      { processingDate: "2023-04-01", facilities: 12, averageOverallRating: 3.26 },
    ];
    expect(describeTrend(points)).toBe(
      "Average overall rating of the entity's current facilities by month, Jan 2023 to Apr 2023, 4 months. " +
        "From 2.9 in Feb 2023 to 3.3 on Apr 1, 2023 (12 facilities); lowest 2.9, highest 3.5, out of 5.",
    );
    expect(describeTrend([])).toBe("Average overall rating by month: no rated months.");
  });
});

describe("toTrendRows", () => {
  it("puts the points on a monthly grid: a month without a release is a row without an average", () => {
    const rows = toTrendRows([
      { processingDate: "2023-03-01", facilities: 9, averageOverallRating: 3 },
      { processingDate: "2022-11-01", facilities: 10, averageOverallRating: 2.5 },
      { processingDate: "2023-01-01", facilities: 10, averageOverallRating: null },
    ]);
    expect(rows).toEqual([
      { date: "2022-11-01", average: 2.5, facilities: 10, isGap: false },
      { date: "2022-12-01", average: null, facilities: null, isGap: true },
      { date: "2023-01-01", average: null, facilities: 10, isGap: false },
      { date: "2023-02-01", average: null, facilities: null, isGap: true },
      { date: "2023-03-01", average: 3, facilities: 9, isGap: false },
    ]);
    expect(toTrendRows([])).toEqual([]);
  });
});
