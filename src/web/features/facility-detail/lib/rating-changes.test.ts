import { describe, expect, it } from "vitest";
import type { RatingChange } from "../../../../core/api-types.ts";
import type { MethodologyEntry } from "../../../../core/methodology.ts";
import { methodChangesOf, summarizeChanges, toChangeRows } from "./rating-changes.ts";

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

describe("changes that coincide with a change of method", () => {
  const event = (date: string, kind: MethodologyEntry["kind"]): MethodologyEntry => ({
    date,
    kind,
    label: `Event ${date}`,
    description: "What CMS changed.",
    sourceUrl: "https://www.cms.gov/x",
  });
  const events = [
    event("2022-07-01", "method"),
    event("2023-12-01", "no-release"),
    event("2024-07-01", "method"),
  ];

  it("marks each change of a release in a month when CMS changed its method, and no other", () => {
    const rows = toChangeRows(
      [
        change("2024-07-01", "staffingRating", 4, 2),
        change("2024-07-01", "overallRating", 4, 3),
        change("2024-08-01", "qmRating", 3, 4),
        change("2024-01-01", "qmRating", 3, 4),
        change("2022-07-01", "staffingRating", 5, 3),
      ],
      events,
    );
    expect(rows.map((row) => [row.processingDate, row.metric, row.methodChange?.date ?? null])).toEqual([
      ["2024-08-01", "qmRating", null],
      ["2024-07-01", "overallRating", "2024-07-01"],
      ["2024-07-01", "staffingRating", "2024-07-01"],
      ["2024-01-01", "qmRating", null],
      ["2022-07-01", "staffingRating", "2022-07-01"],
    ]);
    expect(methodChangesOf(rows).map((entry) => entry.date)).toEqual(["2024-07-01", "2022-07-01"]);
    expect(methodChangesOf(rows.slice(0, 1))).toEqual([]);
  });

  it("uses the product's list by default", () => {
    const [row] = toChangeRows([change("2022-07-01", "staffingRating", 5, 3)]);
    expect(row?.methodChange?.label).toBe("Turnover in staffing rating");
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
