import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS } from "../../../core/url-state.ts";
import { getViewTitle } from "./view-title.ts";

describe("getViewTitle", () => {
  it("names the unfiltered view and favourites mode", () => {
    expect(getViewTitle(DEFAULT_FILTERS)).toBe("All Facilities");
    expect(getViewTitle({ ...DEFAULT_FILTERS, favoritesOnly: true })).toBe("Favorite Facilities");
  });
  it("describes one or two filters in words", () => {
    expect(getViewTitle({ ...DEFAULT_FILTERS, states: ["CA"] })).toBe("Facilities in CA");
    expect(getViewTitle({ ...DEFAULT_FILTERS, states: ["CA", "NV", "OR", "WA"] })).toBe(
      "Facilities in 4 states",
    );
    expect(getViewTitle({ ...DEFAULT_FILTERS, states: ["CA"], ratingMin: 4 })).toBe(
      "Facilities in CA, rated 4+ stars",
    );
    expect(getViewTitle({ ...DEFAULT_FILTERS, search: " oak ", favoritesOnly: true })).toBe(
      "Favorite Facilities matching “oak”",
    );
    expect(getViewTitle({ ...DEFAULT_FILTERS, alertFilterEnabled: true })).toBe(
      "Facilities with rating changes",
    );
  });
  it("falls back to a short title for many filters", () => {
    expect(getViewTitle({ ...DEFAULT_FILTERS, states: ["CA"], ratingMin: 3, search: "x" })).toBe(
      "Filtered Facilities",
    );
  });
});
