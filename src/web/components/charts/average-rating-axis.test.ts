import { describe, expect, it } from "vitest";
import { fitAverageRatingAxis } from "./average-rating-axis.ts";

describe("fitAverageRatingAxis", () => {
  it("zooms in on a narrow range, in half stars, and says where the axis starts and ends", () => {
    const axis = fitAverageRatingAxis([2.4, 2.55, 2.7]);
    expect(axis.domain).toEqual([2, 3]);
    expect(axis.ticks.map(axis.formatTick)).toEqual(["2.0", "2.5", "3.0"]);
    expect(axis.note).toBe(
      "Axis starts at 2.0, not 1, and ends at 3.0, not 5: zoomed in to show the change.",
    );
  });

  it("keeps room around values on a half star, within the scale", () => {
    expect(fitAverageRatingAxis([3, 3.5]).domain).toEqual([2.5, 4]);
    expect(fitAverageRatingAxis([4.6, 5]).domain).toEqual([4, 5]);
    expect(fitAverageRatingAxis([4.6, 5]).note).toBe(
      "Axis starts at 4.0, not 1: zoomed in to show the change.",
    );
    expect(fitAverageRatingAxis([1, 1.3]).domain).toEqual([1, 2]);
    expect(fitAverageRatingAxis([1, 1.3]).note).toBe(
      "Axis ends at 2.0, not 5: zoomed in to show the change.",
    );
  });

  it("is at least one star tall, so that a flat line is not blown up", () => {
    const flat = fitAverageRatingAxis([3.2, 3.2]);
    expect(flat.domain[1] - flat.domain[0]).toBe(1);
    expect(flat.domain[0]).toBeLessThan(3.2);
    expect(flat.domain[1]).toBeGreaterThan(3.2);
    expect(fitAverageRatingAxis([4.9]).domain).toEqual([4, 5]);
  });

  it("uses whole-star ticks beyond two stars, and the whole scale without a note when the values span it", () => {
    const wide = fitAverageRatingAxis([1.8, 4.1]);
    expect(wide.domain).toEqual([1, 5]);
    expect(wide.ticks.map(wide.formatTick)).toEqual(["1", "2", "3", "4", "5"]);
    expect(wide.note).toBeNull();
    expect(fitAverageRatingAxis([2.6, 4.4]).ticks).toEqual([2.5, 3, 3.5, 4, 4.5]);
    const upper = fitAverageRatingAxis([2.2, 4.4]);
    expect(upper.domain).toEqual([2, 5]);
    expect(upper.ticks).toEqual([2, 3, 4, 5]);
    expect(upper.note).toBe("Axis starts at 2.0, not 1: zoomed in to show the change.");
  });

  it("shows the whole scale without values", () => {
    expect(fitAverageRatingAxis([])).toMatchObject({ domain: [1, 5], ticks: [1, 2, 3, 4, 5], note: null });
  });

  it("always contains every value", () => {
    for (let low = 1; low <= 5; low += 0.1) {
      for (let high = low; high <= 5; high += 0.3) {
        const { domain, ticks } = fitAverageRatingAxis([low, high]);
        expect(domain[0]).toBeLessThanOrEqual(low);
        expect(domain[1]).toBeGreaterThanOrEqual(high);
        expect(domain[0]).toBeGreaterThanOrEqual(1);
        expect(domain[1]).toBeLessThanOrEqual(5);
        expect(ticks[0]).toBe(domain[0]);
        expect(ticks.at(-1)).toBe(domain[1]);
      }
    }
  });
});
