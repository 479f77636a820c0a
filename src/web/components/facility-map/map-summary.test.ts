import { describe, expect, it } from "vitest";
import {
  describePoints,
  describeStateAverage,
  describeStateLayer,
  describeWhere,
  omissionNotes,
} from "./map-summary.ts";

describe("describeWhere", () => {
  it("names the place and radius, the states, or the whole country", () => {
    expect(describeWhere({ states: ["CA"] }, { label: "94110", radiusMiles: 25 })).toBe(
      "within 25 miles of 94110",
    );
    expect(describeWhere({ states: ["CA", "NV", "OR"] }, null)).toBe("in California, Nevada and Oregon");
    expect(describeWhere({ states: ["TX"] }, null)).toBe("in Texas");
    expect(describeWhere({}, null)).toBe("across the United States and its territories");
  });
});

describe("describePoints", () => {
  it("says how many, where, and what each colour counts", () => {
    const text = describePoints(
      { count: 1234, byRating: [4, 200, 300, 330, 200, 200], approximateCount: 12, unplaced: 0 },
      "in Texas",
    );
    expect(text).toBe(
      "The map shows 1,234 facilities in Texas as points coloured by overall rating: 5 stars: 200 (dark blue); " +
        "4 stars: 200 (light blue); 3 stars: 330 (yellow); 2 stars: 300 (orange); 1 star: 200 (red); " +
        "not rated: 4 (grey). 12 points are placed at the facility's ZIP code (approximate location) and drawn as rings.",
    );
  });

  it("says when there is nothing to show", () => {
    expect(
      describePoints(
        { count: 0, byRating: [0, 0, 0, 0, 0, 0], approximateCount: 0, unplaced: 0 },
        "in Texas",
      ),
    ).toBe("The map shows no facilities in Texas.");
  });
});

describe("omissionNotes", () => {
  it("says what the map leaves out, and nothing when it leaves nothing out", () => {
    expect(omissionNotes(0, 0)).toEqual([]);
    expect(omissionNotes(1, 0)).toEqual(["1 facility without a location is not shown."]);
    expect(omissionNotes(1200, 2)).toEqual([
      "1,200 facilities without a location are not shown.",
      "2 facilities outside the areas this map draws are not shown.",
    ]);
  });
});

describe("state layer words", () => {
  it("names a state's average", () => {
    expect(describeStateAverage("California", 3.24, 1180)).toBe(
      "California: average overall rating 3.2 (1,180 rated facilities)",
    );
    expect(describeStateAverage("Guam", null, 0)).toBe("Guam: no rated facilities");
  });

  it("names the lowest and the highest state", () => {
    expect(
      describeStateLayer([
        { name: "Texas", average: 2.7 },
        { name: "Guam", average: null },
        { name: "Hawaii", average: 3.9 },
        { name: "Ohio", average: 3.1 },
      ]),
    ).toBe(
      "The map colours 3 states and territories by the average overall rating of their facilities, from red for the lowest " +
        "(Texas, 2.7) to blue for the highest (Hawaii, 3.9). Each state is a button that shows its facilities.",
    );
  });
});
