import { describe, expect, it } from "vitest";
import {
  describeCoincidences,
  findCoincidences,
  MAX_OFFSET_SPREAD_PX,
  OFFSET_SPACING_PX,
  type SeriesPoint,
  seriesOffsets,
} from "./coinciding-series.ts";

const NAMES = ["Overall", "Health", "QM", "Staffing"];
const RELEASE = { one: "release", many: "releases", what: "ratings" };

/** One point per month label, the four ratings in legend order; null rows are months without a release. */
function points(rows: [string, (number | null)[]][]): SeriesPoint[] {
  return rows.map(([label, values]) => ({ label, values }));
}

const overallIsHealth = points([
  ["Oct 2025", [3, 3, 4, 2]],
  ["Nov 2025", [3, 3, 4, 2]],
  ["Dec 2025", [null, null, null, null]],
  ["Jan 2026", [3, 3, 4, 2]],
  ["Feb 2026", [4, 4, 4, 2]],
  ["Mar 2026", [4, 4, 4, 2]],
]);

describe("seriesOffsets", () => {
  it("nudges only the series that share a value somewhere, evenly around it, the first on top", () => {
    expect(
      seriesOffsets(
        points([
          ["Jan", [3, 3, 4, 2]],
          ["Feb", [4, 3, 5, 2]],
        ]),
        4,
      ),
    ).toEqual([-OFFSET_SPACING_PX / 2, OFFSET_SPACING_PX / 2, 0, 0]);
    expect(seriesOffsets(overallIsHealth, 4)).toEqual([-OFFSET_SPACING_PX, 0, OFFSET_SPACING_PX, 0]);
  });

  it("leaves lines that never meet at their values", () => {
    expect(seriesOffsets(points([["Jan", [1, 2, 3, 4]]]), 4)).toEqual([0, 0, 0, 0]);
    expect(seriesOffsets([], 2)).toEqual([0, 0]);
  });

  it("keeps every pair of nudged lines apart, and all of them within the spread", () => {
    for (const count of [2, 3, 4, 6, 10]) {
      const offsets = seriesOffsets(points([["Jan", Array.from({ length: count }, () => 3)]]), count);
      const sorted = [...offsets].sort((a, b) => a - b);
      for (let index = 1; index < sorted.length; index += 1) {
        expect((sorted[index] ?? 0) - (sorted[index - 1] ?? 0)).toBeGreaterThan(1);
      }
      expect((sorted.at(-1) ?? 0) - (sorted[0] ?? 0)).toBeLessThanOrEqual(MAX_OFFSET_SPREAD_PX);
      // Around the true value: the nudges add up to nothing.
      expect(offsets.reduce((sum, offset) => sum + offset, 0)).toBeCloseTo(0, 9);
    }
  });
});

describe("findCoincidences", () => {
  it("names each set of equal series with the runs of releases where exactly they are equal", () => {
    expect(findCoincidences(overallIsHealth, NAMES)).toEqual([
      { names: ["Overall", "Health"], runs: [{ from: "Oct 2025", to: "Jan 2026" }], count: 3 },
      { names: ["Overall", "Health", "QM"], runs: [{ from: "Feb 2026", to: "Mar 2026" }], count: 2 },
    ]);
  });

  it("breaks a run where the series part, and ignores missing values", () => {
    const parted = points([
      ["Jan", [3, 3, null, null]],
      ["Feb", [3, 2, null, null]],
      ["Mar", [3, 3, null, null]],
      ["Apr", [null, null, null, null]],
      ["May", [3, 3, null, null]],
      ["Jun", [null, 3, 3, null]],
    ]);
    expect(findCoincidences(parted, NAMES)).toEqual([
      {
        names: ["Overall", "Health"],
        runs: [
          { from: "Jan", to: "Jan" },
          { from: "Mar", to: "May" },
        ],
        count: 3,
      },
      { names: ["Health", "QM"], runs: [{ from: "Jun", to: "Jun" }], count: 1 },
    ]);
    expect(findCoincidences(points([["Jan", [null, null, null, null]]]), NAMES)).toEqual([]);
  });
});

describe("describeCoincidences", () => {
  it("says which series are equal over which months", () => {
    expect(describeCoincidences(findCoincidences(overallIsHealth, NAMES), 5, RELEASE)).toBe(
      "Equal ratings, drawn slightly apart (top to bottom in the legend's order): " +
        "Overall = Health, Oct 2025 – Jan 2026; Overall = Health = QM, Feb 2026 – Mar 2026.",
    );
  });

  it("says 'every release' when they always are, and counts scattered releases", () => {
    const always = findCoincidences(
      points([
        ["Jan", [3, 3, 1, 2]],
        ["Feb", [4, 4, 1, 2]],
      ]),
      NAMES,
    );
    expect(describeCoincidences(always, 2, RELEASE)).toContain("Overall = Health, every release shown.");
    const scattered = findCoincidences(
      points(
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug"].map(
          (month, index) => [month, index % 2 === 0 ? [3, 3, 1, 2] : [3, 4, 1, 2]] as [string, number[]],
        ),
      ),
      NAMES,
    );
    expect(describeCoincidences(scattered, 8, RELEASE)).toContain("Overall = Health, 4 of 8 releases.");
  });

  it("names at most four sets, and nothing when no series coincide", () => {
    const many = findCoincidences(
      points([
        ["Jan", [1, 1, 2, 2, 3, 3]],
        ["Feb", [1, 2, 1, 3, 2, 3]],
      ]),
      ["A", "B", "C", "D", "E", "F"],
    );
    expect(many).toHaveLength(6);
    expect(describeCoincidences(many, 2, RELEASE)).toMatch(/; and 2 more sets \(see the tooltip\)\.$/);
    expect(describeCoincidences([], 2, RELEASE)).toBeNull();
  });
});
