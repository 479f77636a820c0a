import { describe, expect, it } from "vitest";
import { parseFacilityQuery } from "./api-query.ts";
import {
  changeEntryTitle,
  changesFeedPath,
  changesFeedTitle,
  describeChange,
  describeReleases,
} from "./change-feed.ts";

const query = (search: string) => parseFacilityQuery(new URLSearchParams(search));

describe("the feeds' addresses", () => {
  it("carry the list's filters in canonical form, without the list's page, page size and order", () => {
    expect(changesFeedPath(query(""))).toBe("/api/feeds/changes.atom");
    expect(changesFeedPath(query("state=nv&state=CA&rating=4&page=3&pageSize=50&sort=rating"))).toBe(
      "/api/feeds/changes.atom?rating=4&state=CA&state=NV",
    );
    expect(changesFeedPath(query("ccn=015009"), 2)).toBe("/api/feeds/changes.atom?ccn=015009&page=2");
    // An empty favourites view stays empty.
    expect(changesFeedPath({ ccns: [] })).toBe("/api/feeds/changes.atom?ccn=");
  });
});

describe("the feeds' words", () => {
  it("names the view in the title", () => {
    expect(changesFeedTitle(query(""))).toBe("Rating changes: all facilities");
    expect(changesFeedTitle(query("state=CA&rating=4"))).toBe("Rating changes: CA, 4+ stars");
    expect(changesFeedTitle(query("state=CA&state=NV&state=OR&state=WA"))).toBe("Rating changes: 4 states");
    expect(changesFeedTitle(query("ccn=015009"), { facility: { name: "SUNNY ACRES", state: "AL" } })).toBe(
      "Rating changes: SUNNY ACRES (AL)",
    );
    expect(changesFeedTitle(query("ccn=015009&ccn=015010"))).toBe("Rating changes: 2 selected facilities");
    expect(changesFeedTitle(query("near=94110&radius=10&search=care"), { place: "94110" })).toBe(
      "Rating changes: within 10 mi of 94110, matching “care”",
    );
    expect(changesFeedTitle(query("alertEnabled=true&alertThreshold=2&alertPeriod=lastQuarter"))).toBe(
      "Rating changes: alerts: Overall Rating ±2, last quarter",
    );
  });

  it("lists each change of an entry with the detail page's names of the ratings", () => {
    const changes = [
      { metric: "overallRating", from: 3, to: 4 },
      { metric: "qmRating", from: 5, to: 2 },
    ] as const;
    expect(changeEntryTitle({ name: "SUNNY ACRES", state: "CA" }, changes)).toBe(
      "SUNNY ACRES (CA): Overall 3 → 4, Quality Measures 5 → 2",
    );
    expect(changes.map(describeChange)).toEqual([
      "Overall: 3 → 4 stars (up 1)",
      "Quality Measures: 5 → 2 stars (down 3)",
    ]);
    expect(describeReleases("2026-10-01", "2026-07-01")).toBe(
      "the release of Oct 2026 (processing date 2026-10-01), compared with Jul 2026",
    );
  });
});
