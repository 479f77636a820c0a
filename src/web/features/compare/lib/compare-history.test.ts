import { describe, expect, it } from "vitest";
import type { RatingSnapshot } from "../../../../core/api-types.ts";
import { describeCompareHistory, mergeHistories } from "./compare-history.ts";

function snapshot(ccn: string, processingDate: string, overallRating: number | null): RatingSnapshot {
  return {
    ccn,
    processingDate,
    overallRating,
    healthInspectionRating: 1,
    qmRating: 1,
    longStayQmRating: 1,
    shortStayQmRating: 1,
    staffingRating: 1,
  };
}

describe("mergeHistories", () => {
  it("puts each facility's overall rating in its column by release date, null where it has none", () => {
    const rows = mergeHistories([
      [snapshot("A", "2024-02-01", 4), snapshot("A", "2024-01-01", 3)],
      [snapshot("B", "2024-02-01", 2)],
    ]);
    expect(rows).toEqual([
      { date: "2024-01-01", values: [3, null], isGap: false },
      { date: "2024-02-01", values: [4, 2], isGap: false },
    ]);
  });

  it("adds an empty row for each month without any release, so lines break there", () => {
    const rows = mergeHistories([[snapshot("A", "2023-11-01", 3), snapshot("A", "2024-02-01", 4)]]);
    expect(rows.map((row) => [row.date, row.isGap, row.values])).toEqual([
      ["2023-11-01", false, [3]],
      ["2023-12-01", true, [null]],
      ["2024-01-01", true, [null]],
      ["2024-02-01", false, [4]],
    ]);
  });

  it("is empty without snapshots", () => {
    expect(mergeHistories([[], []])).toEqual([]);
  });
});

describe("describeCompareHistory", () => {
  it("names the span and each facility's latest rating", () => {
    const rows = mergeHistories([
      [snapshot("A", "2024-01-01", 3), snapshot("A", "2024-03-01", 5)],
      [snapshot("B", "2024-01-01", 2), snapshot("B", "2024-03-01", null)],
    ]);
    expect(describeCompareHistory(rows, ["Oak", "Elm"])).toBe(
      "Overall star rating history of 2 facilities, Jan 2024 to Mar 2024, 2 releases. " +
        "Latest: Oak: 5 of 5 (Mar 1, 2024); Elm: 2 of 5 (Jan 1, 2024).",
    );
    expect(describeCompareHistory([], ["Oak"])).toMatch(/no releases/);
  });
});
