import { describe, expect, it } from "vitest";
import { drawOrder, layerPlacement, lookOf, pointRadius } from "./point-layer.ts";

describe("point drawing", () => {
  it("grows the points slowly with the zoom, within bounds", () => {
    expect(pointRadius(1, 1)).toBe(2.5);
    expect(pointRadius(0.5, 1)).toBe(2.5);
    expect(pointRadius(4, 1)).toBe(4);
    expect(pointRadius(1000, 1)).toBe(6);
  });

  it("draws points by slices of the data order, each slice grouped by look, solid before hollow", () => {
    const rating = new Uint8Array([5, 1, 5, 0, 1, 3]);
    const approximate = new Uint8Array([0, 1, 0, 0, 0, 0]);
    expect(lookOf(1, 1)).toBe(7);
    expect(lookOf(5, 0)).toBe(5);
    // Two slices: points 0-2 and 3-5.
    const { order, starts } = drawOrder(rating, approximate, 2);
    expect([...order]).toEqual([0, 2, 1, 3, 4, 5]);
    expect(starts).toHaveLength(25);
    expect(starts[5]).toBe(0); // slice 0, 5 stars
    expect(starts[6]).toBe(2); // slice 0, hollow unrated (none) begins after the two 5-star points
    expect(starts[12 + 0]).toBe(3); // slice 1 begins with its unrated point
    expect(starts[24]).toBe(6);
  });

  it("places the cached layer so that its points land where the transform puts them", () => {
    const cached = { k: 2, x: 30, y: -10 };
    const margin = [400, 300] as const;
    const world = [123, 45] as const;
    // Where the point was drawn in the cached layer.
    const inLayer = [world[0] * cached.k + cached.x + margin[0], world[1] * cached.k + cached.y + margin[1]];
    for (const transform of [
      { k: 2, x: 30, y: -10 },
      { k: 2, x: -70, y: 55 },
      { k: 3.2, x: 12, y: 8 },
    ]) {
      const { left, top, scale } = layerPlacement(transform, cached, margin[0], margin[1]);
      expect(left + (inLayer[0] as number) * scale).toBeCloseTo(world[0] * transform.k + transform.x, 9);
      expect(top + (inLayer[1] as number) * scale).toBeCloseTo(world[1] * transform.k + transform.y, 9);
    }
  });
});
