import { describe, expect, it } from "vitest";
import { filterOptions } from "./filter-options.ts";

describe("filterOptions", () => {
  const options = ["Genesis Healthcare", "Ensign Group", "LIFE CARE CENTERS OF AMERICA", "Sunrise"];
  it("keeps options containing the text, ignoring case", () => {
    expect(filterOptions(options, "care")).toEqual(["Genesis Healthcare", "LIFE CARE CENTERS OF AMERICA"]);
    expect(filterOptions(options, "GROUP")).toEqual(["Ensign Group"]);
    expect(filterOptions(options, "sis h")).toEqual(["Genesis Healthcare"]);
  });
  it("shows everything for a blank query and nothing for no match", () => {
    expect(filterOptions(options, "  ")).toBe(options);
    expect(filterOptions(options, "zzz")).toEqual([]);
  });
  it("matches states by substring", () => {
    expect(filterOptions(["AL", "CA", "NC", "NY"], "c")).toEqual(["CA", "NC"]);
  });
});
