import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS } from "../../../core/url-state.ts";
import { describePlace, describeWithoutLocation, getViewTitle } from "./view-title.ts";

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
  it("names the inspection filters", () => {
    expect(getViewTitle({ ...DEFAULT_FILTERS, harm: "actual" })).toBe("Facilities with harm cited");
    expect(getViewTitle({ ...DEFAULT_FILTERS, harm: "jeopardy", states: ["TX"] })).toBe(
      "Facilities in TX, with immediate jeopardy cited",
    );
    expect(getViewTitle({ ...DEFAULT_FILTERS, abuse: true, favoritesOnly: true })).toBe(
      "Favorite Facilities with abuse cited",
    );
    expect(getViewTitle({ ...DEFAULT_FILTERS, harm: "actual", abuse: true, ratingMin: 3 })).toBe(
      "Filtered Facilities",
    );
  });
  it("names the owners by their names, the special focus choice and the ownership change", () => {
    expect(getViewTitle({ ...DEFAULT_FILTERS, owners: ["organization:ACME HEALTH, LLC"] })).toBe(
      "Facilities of ACME HEALTH, LLC",
    );
    expect(
      getViewTitle({
        ...DEFAULT_FILTERS,
        owners: ["organization:A LLC", "organization:B LLC", "individual:C", "individual:D"],
      }),
    ).toBe("Facilities of 4 owners");
    expect(getViewTitle({ ...DEFAULT_FILTERS, sff: "sff" })).toBe("Facilities on the Special Focus list");
    expect(getViewTitle({ ...DEFAULT_FILTERS, sff: "candidate" })).toBe("Facilities that are SFF candidates");
    expect(getViewTitle({ ...DEFAULT_FILTERS, sff: "either", ownershipChanged: true })).toBe(
      "Facilities on the Special Focus list or candidates, with a new owner in the last year",
    );
  });

  it("names the place and radius by the place's label, when the list is filtered by it", () => {
    const near = { ...DEFAULT_FILTERS, near: "san francisco, ca" };
    expect(getViewTitle(near, "San Francisco, CA")).toBe("Facilities within 25 mi of San Francisco, CA");
    expect(getViewTitle({ ...near, radius: 10, states: ["CA"] }, "94110")).toBe(
      "Facilities in CA, within 10 mi of 94110",
    );
    // A place the server did not know filters nothing.
    expect(getViewTitle(near, null)).toBe("All Facilities");
  });
  it("falls back to a short title for many filters", () => {
    expect(getViewTitle({ ...DEFAULT_FILTERS, states: ["CA"], ratingMin: 3, search: "x" })).toBe(
      "Filtered Facilities",
    );
  });
});

describe("describePlace", () => {
  it("says the radius, 25 miles unless chosen, and the place", () => {
    expect(describePlace({ ...DEFAULT_FILTERS, near: "94110" }, "94110")).toBe("Within 25 mi of 94110");
    expect(describePlace({ ...DEFAULT_FILTERS, near: "94110", radius: 5 }, "94110")).toBe(
      "Within 5 mi of 94110",
    );
  });
});

describe("describeWithoutLocation", () => {
  it("counts the facilities a place leaves out for having no location, singular and plural", () => {
    expect(describeWithoutLocation(1)).toBe("1 facility without a location is not shown");
    expect(describeWithoutLocation(12)).toBe("12 facilities without a location are not shown");
    expect(describeWithoutLocation(1234)).toBe("1,234 facilities without a location are not shown");
  });
});
