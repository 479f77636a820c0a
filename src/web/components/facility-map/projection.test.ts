import { describe, expect, it } from "vitest";
import type { FacilityPoints } from "../../../core/api-types.ts";
import { buildPointIndex, nearestPoint } from "./point-index.ts";
import {
  frameBounds,
  pointBounds,
  projectNear,
  projectPoints,
  ratingClass,
  statePaths,
  WORLD_HEIGHT,
  WORLD_WIDTH,
  worldProjection,
} from "./projection.ts";

function points(rows: [string, number, number, number | null, boolean][]): FacilityPoints {
  return {
    ccn: rows.map((row) => row[0]),
    latitude: rows.map((row) => row[1]),
    longitude: rows.map((row) => row[2]),
    overallRating: rows.map((row) => row[3]),
    approximate: rows.map((row) => row[4]),
    withoutPosition: 0,
  };
}

const inWorld = ([x, y]: [number, number]) => x >= 0 && x <= WORLD_WIDTH && y >= 0 && y <= WORLD_HEIGHT;

describe("worldProjection", () => {
  it("places the lower 48, Alaska, Hawaii and every inhabited territory with nursing homes inside the world", () => {
    const projection = worldProjection();
    const places: Record<string, [number, number]> = {
      "San Francisco": [-122.42, 37.77],
      "Bangor, ME": [-68.77, 44.8],
      Miami: [-80.19, 25.76],
      Anchorage: [-149.9, 61.22],
      Juneau: [-134.42, 58.3],
      Honolulu: [-157.86, 21.31],
      "San Juan, PR": [-66.1, 18.47],
      "St. Thomas, VI": [-64.93, 18.34],
      "St. Croix, VI": [-64.75, 17.73],
      "Hagatna, GU": [144.75, 13.47],
      "Saipan, MP": [145.75, 15.19],
      "Pago Pago, AS": [-170.7, -14.28],
    };
    for (const [name, coordinates] of Object.entries(places)) {
      const placed = projection(coordinates);
      expect(placed, name).not.toBeNull();
      expect(inWorld(placed as [number, number]), name).toBe(true);
    }
  });

  it("keeps the insets apart: Honolulu, Anchorage and San Juan land in different places", () => {
    const projection = worldProjection();
    const honolulu = projection([-157.86, 21.31]) as [number, number];
    const anchorage = projection([-149.9, 61.22]) as [number, number];
    const sanJuan = projection([-66.1, 18.47]) as [number, number];
    const sanFrancisco = projection([-122.42, 37.77]) as [number, number];
    // Alaska and Hawaii bottom left, Puerto Rico bottom right, San Francisco left of the middle.
    expect(anchorage[0]).toBeLessThan(WORLD_WIDTH / 3);
    expect(honolulu[0]).toBeLessThan(WORLD_WIDTH / 2);
    expect(sanJuan[0]).toBeGreaterThan(WORLD_WIDTH * 0.7);
    expect(sanFrancisco[1]).toBeLessThan(honolulu[1]);
  });
});

describe("projectPoints", () => {
  it("projects every placeable point, counts the others and keeps each point's index, rating and approximation", () => {
    const data = points([
      ["A", 37.77, -122.42, 5, false],
      ["B", 51.5, -0.12, 3, false], // London: no area of the map holds it
      ["C", 21.31, -157.86, null, true],
      ["D", 18.47, -66.1, 1, false],
    ]);
    const projected = projectPoints(data);
    expect(projected.count).toBe(3);
    expect(projected.unplaced).toBe(1);
    expect([...projected.source]).toEqual([0, 2, 3]);
    expect([...projected.rating]).toEqual([5, 0, 1]);
    expect([...projected.approximate]).toEqual([0, 1, 0]);
    expect(projected.byRating).toEqual([1, 1, 0, 0, 0, 1]);
    expect(projected.approximateCount).toBe(1);
  });

  it("reads ratings outside 1 to 5 as unrated", () => {
    expect([
      ratingClass(null),
      ratingClass(0),
      ratingClass(6),
      ratingClass(3),
      ratingClass(undefined),
    ]).toEqual([0, 0, 0, 3, 0]);
  });

  it("handles 15,000 points quickly", () => {
    const n = 15_000;
    const data: FacilityPoints = {
      ccn: Array.from({ length: n }, (_, i) => String(i).padStart(6, "0")),
      latitude: Array.from({ length: n }, (_, i) => 30 + (i % 150) / 10),
      longitude: Array.from({ length: n }, (_, i) => -120 + Math.floor(i / 150) / 3),
      overallRating: Array.from({ length: n }, (_, i) => (i % 6 === 0 ? null : i % 6)),
      approximate: Array.from({ length: n }, (_, i) => i % 10 === 0),
      withoutPosition: 0,
    };
    const started = performance.now();
    const projected = projectPoints(data);
    buildPointIndex(projected);
    expect(projected.count).toBe(n);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("nearestPoint", () => {
  const projected = projectPoints(
    points([
      ["A", 37.77, -122.42, 5, false],
      ["B", 34.05, -118.24, 3, false],
      ["C", 40.71, -74.0, 2, false],
    ]),
  );
  const index = buildPointIndex(projected);

  it("finds the point under the pointer", () => {
    const la = worldProjection()([-118.24, 34.05]) as [number, number];
    expect(nearestPoint(index, la[0] + 0.5, la[1] - 0.5, 3)).toBe(1);
  });

  it("finds nothing farther than the radius", () => {
    const la = worldProjection()([-118.24, 34.05]) as [number, number];
    expect(nearestPoint(index, la[0] + 20, la[1], 3)).toBeNull();
  });
});

describe("pointBounds and frameBounds", () => {
  it("frames a box centred in the viewport with its padding", () => {
    const transform = frameBounds(
      [
        [100, 100],
        [300, 200],
      ],
      800,
      600,
      { padding: 0 },
    );
    expect(transform.k).toBe(4);
    expect(100 * transform.k + transform.x).toBe(0);
    expect(150 * transform.k + transform.y).toBe(300);
  });

  it("does not blow up a single point beyond the smallest size", () => {
    const bounds = pointBounds({ count: 1, x: new Float32Array([50]), y: new Float32Array([60]) });
    expect(bounds).toEqual([
      [50, 60],
      [50, 60],
    ]);
    const transform = frameBounds(bounds as never, 800, 600, { padding: 0, minSize: 10 });
    expect(transform.k).toBe(60);
    expect(50 * transform.k + transform.x).toBe(400);
  });

  it("has no bounds without points", () => {
    expect(pointBounds({ count: 0, x: new Float32Array(0), y: new Float32Array(0) })).toBeNull();
  });
});

describe("projectNear", () => {
  it("draws the radius circle around its centre, about as wide as the radius says", () => {
    const near = { latitude: 39.1, longitude: -94.58, radiusMiles: 100 };
    const shape = projectNear(near);
    expect(shape.path.startsWith("M")).toBe(true);
    const [[x0, y0], [x1, y1]] = shape.bounds as [[number, number], [number, number]];
    const [cx, cy] = shape.centre as [number, number];
    expect(cx).toBeGreaterThan(x0);
    expect(cx).toBeLessThan(x1);
    expect(cy).toBeGreaterThan(y0);
    expect(cy).toBeLessThan(y1);
    // 200 miles across, against about 2,800 miles from San Francisco to New York.
    const sf = worldProjection()([-122.42, 37.77]) as [number, number];
    const ny = worldProjection()([-74.0, 40.71]) as [number, number];
    const milesPerUnit = 2570 / Math.hypot(ny[0] - sf[0], ny[1] - sf[1]);
    expect((x1 - x0) * milesPerUnit).toBeGreaterThan(170);
    expect((x1 - x0) * milesPerUnit).toBeLessThan(230);
  });
});

describe("statePaths", () => {
  it("draws every state, DC and the five territories, ordered by name", () => {
    const paths = statePaths();
    expect(paths).toHaveLength(56);
    expect(paths.every((path) => path.d.length > 0)).toBe(true);
    const names = paths.map((path) => path.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });
});
