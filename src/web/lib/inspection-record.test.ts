import { describe, expect, it } from "vitest";
import type { InspectionTotals } from "../../core/api-types.ts";
import {
  describeFines,
  describeFinesPerFacility,
  facilityFigures,
  harmRows,
  type InspectionRecord,
} from "./inspection-record.ts";

const TOTALS: InspectionTotals = {
  facilities: 8,
  citations: { minimal: 4, potential: 60, actual: 6, jeopardy: 1 },
  facilitiesWithActualHarm: 3,
  facilitiesWithImmediateJeopardy: 1,
  facilitiesWithAbuse: 0,
  fines: 5,
  fineDollars: 123_456.5,
  facilitiesFined: 2,
};
const NATIONAL: InspectionTotals = {
  facilities: 15_000,
  citations: { minimal: 1_500, potential: 150_000, actual: 9_000, jeopardy: 3_000 },
  facilitiesWithActualHarm: 4_500,
  facilitiesWithImmediateJeopardy: 1_500,
  facilitiesWithAbuse: 2_000,
  fines: 9_000,
  fineDollars: 300_000_000,
  facilitiesFined: 6_000,
};
const RECORD: InspectionRecord = {
  window: { start: "2023-11-01", end: "2026-11-01" },
  totals: TOTALS,
  national: NATIONAL,
};

describe("an entity's inspection record", () => {
  it("lists the citations by CMS's harm level, least severe first, per facility beside the nation's", () => {
    expect(harmRows(RECORD)).toEqual([
      {
        key: "minimal",
        label: "No actual harm, potential for minimal harm",
        codes: "A-C",
        citations: 4,
        perFacility: "0.5",
        nationalPerFacility: "0.1",
      },
      {
        key: "potential",
        label: "No actual harm, potential for more than minimal harm",
        codes: "D-F",
        citations: 60,
        perFacility: "7.5",
        nationalPerFacility: "10.0",
      },
      {
        key: "actual",
        label: "Actual harm",
        codes: "G-I",
        citations: 6,
        perFacility: "0.8",
        nationalPerFacility: "0.6",
      },
      {
        key: "jeopardy",
        label: "Immediate jeopardy",
        codes: "J-L",
        citations: 1,
        perFacility: "0.1",
        nationalPerFacility: "0.2",
      },
    ]);
  });

  it("has no harm rows when no health citations file is loaded", () => {
    expect(harmRows({ ...RECORD, totals: { ...TOTALS, citations: null } })).toBeNull();
  });

  it("counts the facilities with each finding beside the nation's share, linking to the facilities it can filter", () => {
    expect(facilityFigures(["entity", "ACME CARE"], RECORD)).toEqual([
      {
        key: "actual",
        label: "Facilities with harm found (G or worse)",
        value: "3 of 8 facilities (37.5%)",
        nation: "Nation: 30.0%",
        dashboardQuery: "entity=ACME+CARE&harm=actual",
      },
      {
        key: "jeopardy",
        label: "Facilities with immediate jeopardy (J or worse)",
        value: "1 of 8 facilities (12.5%)",
        nation: "Nation: 10.0%",
        dashboardQuery: "entity=ACME+CARE&harm=jeopardy",
      },
      {
        // None: no link to an empty dashboard.
        key: "abuse",
        label: "Facilities cited for abuse or with CMS's abuse icon",
        value: "0 of 8 facilities (0.0%)",
        nation: "Nation: 13.3%",
        dashboardQuery: null,
      },
      {
        key: "fined",
        label: "Facilities fined",
        value: "2 of 8 facilities (25.0%)",
        nation: "Nation: 40.0%",
        dashboardQuery: null,
      },
    ]);
  });

  it("encodes names the dashboard's address must carry safely", () => {
    const [actual] = facilityFigures(["entity", "A&B / C#1"], RECORD);
    expect(new URLSearchParams(actual?.dashboardQuery ?? "").getAll("entity")).toEqual(["A&B / C#1"]);
  });

  it("links an owner's facilities by the owner filter", () => {
    const [actual] = facilityFigures(["owner", "organization:ACME HEALTH, LLC"], RECORD);
    expect(actual?.dashboardQuery).toBe("owner=organization%3AACME+HEALTH%2C+LLC&harm=actual");
  });

  it("says 'facility' for one facility, and figures not known as null", () => {
    const one: InspectionRecord = {
      ...RECORD,
      totals: {
        ...TOTALS,
        facilities: 1,
        citations: null,
        facilitiesWithActualHarm: null,
        facilitiesWithImmediateJeopardy: null,
        facilitiesWithAbuse: 1,
        facilitiesFined: 1,
      },
      national: {
        ...NATIONAL,
        citations: null,
        facilitiesWithActualHarm: null,
        facilitiesWithImmediateJeopardy: null,
      },
    };
    const figures = facilityFigures(["entity", "SOLO"], one);
    expect(figures.map((figure) => [figure.key, figure.value, figure.nation])).toEqual([
      ["actual", null, null],
      ["jeopardy", null, null],
      ["abuse", "1 of 1 facility (100.0%)", "Nation: 13.3%"],
      ["fined", "1 of 1 facility (100.0%)", "Nation: 40.0%"],
    ]);
  });

  it("describes the fines and the fines per facility beside the nation's", () => {
    expect(describeFines(TOTALS)).toBe("$123,456.50 in 5 fines");
    expect(describeFines({ ...TOTALS, fines: 1, fineDollars: 6_500 })).toBe("$6,500.00 in 1 fine");
    expect(describeFines({ ...TOTALS, fines: 0, fineDollars: 0 })).toBe("No fines");
    expect(describeFines({ ...TOTALS, fines: null, fineDollars: null })).toBeNull();
    expect(describeFinesPerFacility(RECORD)).toBe("$15,432.06 per facility (nation: $20,000.00)");
    expect(describeFinesPerFacility({ ...RECORD, totals: { ...TOTALS, fineDollars: null } })).toBeNull();
  });
});
