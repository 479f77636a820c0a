import { describe, expect, it } from "vitest";
import { nearTextOf, placeQueryText, placesQueryOptions } from "./places-queries.ts";

const at = { latitude: 37.75, longitude: -122.41 };

describe("place suggestions", () => {
  it("asks with the trimmed text, at most 100 characters, and not at all for blank text", () => {
    expect(placeQueryText("  9411 ")).toBe("9411");
    expect(placeQueryText("x".repeat(150))).toHaveLength(100);
    expect(placesQueryOptions("  ")).toMatchObject({ enabled: false });
    expect(placesQueryOptions(" spring ").queryKey).toEqual(placesQueryOptions("spring").queryKey);
  });
  it("puts a ZIP code's five digits or the city's label in near", () => {
    expect(nearTextOf({ label: "94110", kind: "zip", ...at })).toBe("94110");
    expect(nearTextOf({ label: "94110 (San Francisco, CA)", kind: "zip", ...at })).toBe("94110");
    expect(nearTextOf({ label: "San Francisco, CA", kind: "city", ...at })).toBe("San Francisco, CA");
  });
});
