import { describe, expect, it } from "vitest";
import { DASH_PATTERNS, MARKER_SHAPES, markerPath } from "./chart-theme.ts";

function vertices(d: string): [number, number][] {
  return [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((match) => [Number(match[1]), Number(match[2])]);
}

describe("markerPath", () => {
  it("centres the triangle's centroid and the diamond on the point", () => {
    for (const shape of ["triangle", "diamond"] as const) {
      const points = vertices(markerPath(shape, 100, 50, 6));
      const cx = points.reduce((sum, [x]) => sum + x, 0) / points.length;
      const cy = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
      expect(cx, shape).toBeCloseTo(100, 9);
      expect(cy, shape).toBeCloseTo(50, 9);
    }
  });

  it("draws a square and a circle of the given half width around the point", () => {
    expect(markerPath("square", 10, 20, 3)).toBe("M7,17h6v6h-6Z");
    expect(markerPath("circle", 10, 20, 3)).toBe("M7,20a3,3 0 1,0 6,0a3,3 0 1,0 -6,0Z");
  });
});

describe("series patterns", () => {
  it("are all different, solid first", () => {
    expect(DASH_PATTERNS[0]).toBeUndefined();
    expect(new Set(DASH_PATTERNS).size).toBe(DASH_PATTERNS.length);
    expect(new Set(MARKER_SHAPES).size).toBe(MARKER_SHAPES.length);
  });
});
