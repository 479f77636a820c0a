import { describe, expect, it } from "vitest";
import {
  averageColor,
  averageRange,
  NO_DATA_COLOR,
  RATING_COLORS,
  rampColor,
  ratingColor,
  ratingLabel,
} from "./rating-colors.ts";

describe("rating colours", () => {
  it("has one distinct colour per rating class", () => {
    expect(new Set(RATING_COLORS).size).toBe(6);
    expect(ratingColor(1)).toBe("#d73027");
    expect(ratingColor(5)).toBe("#4575b4");
    expect(ratingLabel(0)).toBe("Not rated");
    expect(ratingLabel(1)).toBe("1 star");
    expect(ratingLabel(4)).toBe("4 stars");
  });

  it("runs the ramp through the five rating colours", () => {
    expect(rampColor(0)).toBe(RATING_COLORS[1]);
    expect(rampColor(0.5)).toBe(RATING_COLORS[3]);
    expect(rampColor(1)).toBe(RATING_COLORS[5]);
    expect(rampColor(-3)).toBe(RATING_COLORS[1]);
    expect(rampColor(Number.NaN)).toBe(RATING_COLORS[1]);
    // Halfway between #d73027 and #fc8d59.
    expect(rampColor(0.125)).toBe("#ea5f40");
  });

  it("spreads the ramp over the states' range of averages", () => {
    const state = (average: number | null, count = 100) => ({ average, count });
    const range = averageRange([state(2.5), state(3.5), state(null, 0), state(3)]);
    expect(range).toEqual({ min: 2.5, max: 3.5 });
    expect(averageColor(2.5, range)).toBe(RATING_COLORS[1]);
    expect(averageColor(3.5, range)).toBe(RATING_COLORS[5]);
    expect(averageColor(null, range)).toBe(NO_DATA_COLOR);
    expect(averageRange([])).toEqual({ min: 1, max: 5 });
    expect(averageRange([state(3), state(3)])).toEqual({ min: 1, max: 5 });
  });

  it("leaves states with few rated facilities out of the range, clamping their colour", () => {
    const range = averageRange([
      { average: 2.8, count: 300 },
      { average: 3.6, count: 50 },
      { average: 5, count: 3 },
      { average: 2.1, count: 9 },
    ]);
    expect(range).toEqual({ min: 2.8, max: 3.6 });
    expect(averageColor(5, range)).toBe(RATING_COLORS[5]);
    expect(averageColor(2.1, range)).toBe(RATING_COLORS[1]);
    // Fewer than two large states: every state counts.
    expect(
      averageRange([
        { average: 2, count: 3 },
        { average: 4, count: 30 },
      ]),
    ).toEqual({ min: 2, max: 4 });
  });
});
