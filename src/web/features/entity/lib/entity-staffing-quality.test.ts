import { describe, expect, it } from "vitest";
import type {
  EntityQualityMeasure,
  EntityStaffingFigure,
  EntityStaffingQuality,
} from "../../../../core/figure-averages.ts";
import { compareScore, formatScore } from "../../../lib/quality-measure-scores.ts";
import { facilitiesCountedText, groupEntityMeasures, shownEntityFigures } from "./entity-staffing-quality.ts";

function figure(key: EntityStaffingFigure["key"], average: number | null, national: number | null) {
  return {
    key,
    label: key,
    unit: "hoursPerResidentDay",
    average,
    facilities: average === null ? 0 : 3,
    national,
    averagesSource: "cms",
  } satisfies EntityStaffingFigure;
}

function measure(code: string, residentType: EntityQualityMeasure["residentType"], score: number | null) {
  return {
    code,
    description:
      code === "551" ? "Number of hospitalizations per 1000 long-stay resident days" : `Measure ${code}`,
    residentType,
    source: code.startsWith("5") ? "claims" : "mds",
    usedInRating: true,
    betterWhen: code === "415" ? "higher" : "lower",
    period: "2025Q2-2026Q1",
    score,
    facilities: score === null ? 0 : 2,
    national: 10,
    averagesSource: "cms",
  } satisfies EntityQualityMeasure;
}

const DATA: EntityStaffingQuality = {
  name: "CHAIN",
  facilityCount: 4,
  qualityProcessingDate: "2026-07-01",
  averagesProcessingDate: "2026-07-01",
  staffing: [
    figure("rnHours", 0.7, 0.68),
    figure("weekendRnHours", null, null),
    figure("lpnHours", null, 0.8),
  ],
  qualityMeasures: [
    measure("551", "longStay", 1.9),
    measure("434", "shortStay", 2.1),
    measure("410", "longStay", null),
    measure("415", "longStay", 80),
  ],
};

describe("shownEntityFigures", () => {
  it("keeps the figures with the entity's average or the nation's, in the answer's order", () => {
    expect(shownEntityFigures(DATA).map((one) => one.key)).toEqual(["rnHours", "lpnHours"]);
  });
});

describe("groupEntityMeasures", () => {
  it("puts short-stay first, then long-stay, each in code order", () => {
    expect(
      groupEntityMeasures(DATA).map((group) => [group.title, group.measures.map((one) => one.code)]),
    ).toEqual([
      ["Short-stay residents", ["434"]],
      ["Long-stay residents", ["410", "415", "551"]],
    ]);
  });

  it("leaves out a resident type without measures", () => {
    const shortOnly = { ...DATA, qualityMeasures: [measure("434", "shortStay", 1)] };
    expect(groupEntityMeasures(shortOnly).map((group) => group.residentType)).toEqual(["shortStay"]);
  });

  it("compares and writes an entity's score as a facility's, by the measure's direction", () => {
    const rate = measure("551", "longStay", 1.9);
    expect(compareScore(measure("415", "longStay", 80), 10)).toBe("better");
    expect(compareScore(rate, 10)).toBe("better");
    expect(compareScore(measure("415", "longStay", 9.96), 10)).toBe("same");
    expect(compareScore(measure("434", "shortStay", 12), 10)).toBe("worse");
    expect(compareScore(measure("410", "longStay", null), 10)).toBeNull();
    expect(formatScore(rate, 1.9)).toBe("1.90 per 1,000 days");
  });
});

describe("facilitiesCountedText", () => {
  it("says how many of the entity's facilities an average counts", () => {
    expect(facilitiesCountedText(12, 15)).toBe("12 of 15");
    expect(facilitiesCountedText(3, 3)).toBe("All 3");
    expect(facilitiesCountedText(1, 1)).toBe("The facility");
    expect(facilitiesCountedText(0, 4)).toBe("None of 4");
  });
});
