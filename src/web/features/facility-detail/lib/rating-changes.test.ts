import { describe, expect, it } from "vitest";
import type { RatingChange } from "../../../../core/api-types.ts";
import { summarizeChanges, toChangeRows } from "./rating-changes.ts";

const change = (processingDate: string, metric: RatingChange["metric"], from: number, to: number) => ({
  processingDate,
  previousProcessingDate: "2020-01-01",
  metric,
  from,
  to,
});

describe("toChangeRows", () => {
  it("lists the newest first, and on one date the ratings in the page's order", () => {
    const rows = toChangeRows([
      change("2023-01-01", "overallRating", 2, 3),
      change("2024-02-01", "qmRating", 4, 2),
      change("2024-02-01", "overallRating", 3, 4),
      change("2024-02-01", "healthInspectionRating", 3, 4),
    ]);
    expect(rows.map((row) => `${row.processingDate} ${row.metric}`)).toEqual([
      "2024-02-01 overallRating",
      "2024-02-01 healthInspectionRating",
      "2024-02-01 qmRating",
      "2023-01-01 overallRating",
    ]);
  });

  it("says which way each rating went and by how many stars", () => {
    const [down, up] = toChangeRows([
      change("2024-02-01", "qmRating", 5, 2),
      change("2023-02-01", "staffingRating", 1, 2),
    ]);
    expect(down).toMatchObject({ direction: "down", size: 3 });
    expect(up).toMatchObject({ direction: "up", size: 1 });
  });
});

describe("summarizeChanges", () => {
  it("counts the changes up and down", () => {
    const rows = toChangeRows([
      change("2024-02-01", "qmRating", 5, 2),
      change("2023-02-01", "staffingRating", 1, 2),
      change("2022-02-01", "overallRating", 1, 2),
    ]);
    expect(summarizeChanges(rows)).toBe("3 changes: 2 up, 1 down.");
    expect(summarizeChanges(rows.slice(0, 1))).toBe("1 change: 0 up, 1 down.");
  });
});
