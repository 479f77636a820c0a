import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { layoutMarkerLabels, type MarkerLabelPlacement } from "./method-marker-layout.ts";

const OPTIONS = { left: 0, right: 1000, rows: 2, charWidth: 6, pad: 3, gap: 6 };

describe("layoutMarkerLabels", () => {
  it("puts a lone label right of its line, in the top row", () => {
    expect(layoutMarkerLabels([{ x: 100, texts: ["No release"] }], OPTIONS)).toEqual([
      { row: 0, text: "No release", anchor: "start", x0: 103, x1: 163 },
    ]);
  });

  it("ends a label left of its line at the plot's right edge", () => {
    const [placement] = layoutMarkerLabels([{ x: 990, texts: ["No release"] }], OPTIONS);
    expect(placement).toMatchObject({ anchor: "end", x0: 927, x1: 987, row: 0 });
  });

  it("moves a label that would overlap the one before down a row, and falls back to the number, then to nothing", () => {
    const placements = layoutMarkerLabels(
      [
        { x: 100, texts: ["Staffing case-mix revised", "1"] },
        { x: 140, texts: ["No release", "2"] },
        { x: 180, texts: ["Two inspections", "3"] },
        { x: 185, texts: [] },
      ],
      OPTIONS,
    );
    expect(placements.map((placement) => [placement.row, placement.text])).toEqual([
      [0, "Staffing case-mix revised"],
      [1, "No release"],
      // Both rows are taken over x = 180: not even its number fits.
      [null, ""],
      [null, ""],
    ]);
  });

  it("labels a crowded marker with its number when its label does not fit", () => {
    const placements = layoutMarkerLabels(
      [
        { x: 100, texts: ["Staffing case-mix revised", "1"] },
        { x: 140, texts: ["No release", "2"] },
        { x: 290, texts: ["Two inspections", "3"] },
      ],
      { ...OPTIONS, right: 300 },
    );
    expect(placements.map((placement) => [placement.row, placement.text, placement.anchor])).toEqual([
      [0, "Staffing case-mix revised", "start"],
      [1, "No release", "start"],
      // Its label, ended left of its line at the plot's edge, would overlap both rows.
      [0, "3", "start"],
    ]);
  });

  const entityChart = { left: 40, right: 503, rows: 3, charWidth: 6.3 };
  const crowded = [
    { x: 157, texts: ["No release", "1"] },
    { x: 221.6, texts: ["Staffing case-mix revised", "2"] },
    { x: 267.6, texts: ["No release (2 months)", "3"] },
    { x: 276.8, texts: [] },
    { x: 332, texts: ["Two inspections, not three", "5"] },
    { x: 341.2, texts: ["No release", "6"] },
    { x: 387.2, texts: ["No release", "7"] },
  ];

  it("names every marker of a crowded chart, with numbers where labels would bar the others", () => {
    const placements = layoutMarkerLabels(crowded, entityChart);
    expect(placements.map((placement) => placement.text)).toEqual([
      "1",
      "2",
      "3",
      "",
      "5",
      "6",
      "No release",
    ]);
    expect(placements.filter((placement) => placement.row === null)).toHaveLength(1);
  });

  it("keeps the labels of a wide chart, where they leave the other markers room", () => {
    // The same months on a chart 2.4 times as wide (the detail page's).
    const wide = crowded.map((item) => ({ ...item, x: 40 + (item.x - 40) * 2.4 }));
    const placements = layoutMarkerLabels(wide, { ...entityChart, right: 40 + 463 * 2.4 });
    expect(placements.map((placement) => placement.text)).toEqual([
      "No release",
      "Staffing case-mix revised",
      "No release (2 months)",
      "",
      "Two inspections, not three",
      "No release",
      "No release",
    ]);
  });

  it("never lets a label overlap another of its row, or a line cross a label (any markers)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            x: fc.integer({ min: 0, max: 600 }),
            texts: fc.array(fc.string({ minLength: 1, maxLength: 20 }), { maxLength: 2 }),
          }),
          { maxLength: 12 },
        ),
        (raw) => {
          const items = [...raw].sort((a, b) => a.x - b.x);
          const placements = layoutMarkerLabels(items, { ...OPTIONS, right: 600 });
          const labelled = placements
            .map((placement, index) => ({ placement, x: items[index]?.x ?? 0 }))
            .filter((entry): entry is { placement: MarkerLabelPlacement & { row: number }; x: number } =>
              Number.isInteger(entry.placement.row),
            );
          for (const [index, a] of labelled.entries()) {
            expect(a.placement.x0).toBeGreaterThanOrEqual(0);
            expect(a.placement.x1).toBeLessThanOrEqual(600);
            for (const b of labelled.slice(index + 1)) {
              if (a.placement.row === b.placement.row) {
                expect(a.placement.x1 <= b.placement.x0 || b.placement.x1 <= a.placement.x0).toBe(true);
              }
            }
            for (const [other, placement] of placements.entries()) {
              const x = items[other]?.x ?? 0;
              if (placement.row === null || x === a.x) continue;
              // The other's line rises through rows placement.row..1; it must miss this label if it passes its row.
              if (placement.row <= a.placement.row) {
                expect(x < a.placement.x0 || x > a.placement.x1).toBe(true);
              }
            }
          }
        },
      ),
    );
  });
});
