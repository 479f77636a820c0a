import { describe, expect, it } from "vitest";
import {
  changeDirection,
  formatAverage,
  formatCount,
  formatDecimal,
  formatRating,
  formatRatingOutOf5,
  formatSignedChange,
  formatUsd,
} from "./format.ts";

describe("formats of the spec", () => {
  it("shows ratings out of 5 and N/A when missing", () => {
    expect(formatRatingOutOf5(4)).toBe("4/5");
    expect(formatRatingOutOf5(null)).toBe("N/A");
    expect(formatRating(undefined)).toBe("N/A");
    expect(formatRating(0)).toBe("0");
  });
  it("signs rises with a plus and tells the direction", () => {
    expect(formatSignedChange(2)).toBe("+2");
    expect(formatSignedChange(-1)).toBe("-1");
    expect(formatSignedChange(0)).toBe("0");
    expect([changeDirection(1), changeDirection(-1), changeDirection(0)]).toEqual(["up", "down", "none"]);
  });
  it("formats fines in US dollars, decimals, counts and averages", () => {
    expect(formatUsd(6600)).toBe("$6,600.00");
    expect(formatDecimal(5.3333, 2)).toBe("5.33");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatAverage(3.218)).toBe("3.2");
    expect(formatAverage(null)).toBe("N/A");
  });
});
