import { describe, expect, it } from "vitest";
import type { FacilityStaffing, StaffingFigure } from "../../core/staffing.ts";
import { STAFFING_FIGURES } from "../../core/staffing.ts";
import {
  betterWhenForFigure,
  caseMixText,
  formatStaffingValue,
  nurseHoursRows,
  shownFigures,
  weekendGapText,
  withMonthGaps,
} from "./staffing-figures.ts";

function staffing(values: Partial<Record<string, Partial<StaffingFigure>>>): FacilityStaffing {
  return {
    processingDate: "2026-07-01",
    figures: STAFFING_FIGURES.map((spec) => ({
      key: spec.key,
      label: spec.label,
      unit: spec.unit,
      value: null,
      caseMix: null,
      adjusted: null,
      footnote: null,
      state: null,
      national: null,
      averagesSource: "cms",
      ...values[spec.key],
    })),
    history: [],
  };
}

describe("the Staffing section's words", () => {
  it("formats each unit: hours, percent, count, index; a missing figure says so", () => {
    expect(formatStaffingValue(3.86139, "hoursPerResidentDay")).toBe("3.86 hrs");
    expect(formatStaffingValue(45.8, "percent")).toBe("45.8%");
    expect(formatStaffingValue(2, "count")).toBe("2");
    expect(formatStaffingValue(1.41185, "index")).toBe("1.412");
    expect(formatStaffingValue(null, "percent")).toBe("Not reported");
  });

  it("states the weekend gap of total nurse hours against every day's, in whole percent", () => {
    expect(
      weekendGapText(staffing({ totalNurseHours: { value: 4 }, weekendTotalNurseHours: { value: 3.12 } })),
    ).toBe("22% fewer nurse hours at weekends");
    expect(
      weekendGapText(staffing({ totalNurseHours: { value: 4 }, weekendTotalNurseHours: { value: 4.4 } })),
    ).toBe("10% more nurse hours at weekends");
    expect(
      weekendGapText(staffing({ totalNurseHours: { value: 4 }, weekendTotalNurseHours: { value: 3.99 } })),
    ).toBe("About the same nurse hours at weekends as on weekdays");
    expect(weekendGapText(staffing({ totalNurseHours: { value: 4 } }))).toBeNull();
  });

  it("compares reported nurse hours with what CMS expects for the residents (case-mix)", () => {
    expect(caseMixText(staffing({ totalNurseHours: { value: 3.3, caseMix: 3.0 } }))).toBe(
      "10% more nurse hours than CMS expects for its residents' needs",
    );
    expect(caseMixText(staffing({ totalNurseHours: { value: 2.7, caseMix: 3.0 } }))).toBe(
      "10% fewer nurse hours than CMS expects for its residents' needs",
    );
    expect(caseMixText(staffing({ totalNurseHours: { value: 2.7 } }))).toBeNull();
  });

  it("knows which way is better: more hours, less turnover; an index has no better", () => {
    expect(betterWhenForFigure("rnHours")).toBe("higher");
    expect(betterWhenForFigure("totalNurseTurnover")).toBe("lower");
    expect(betterWhenForFigure("administratorsLeft")).toBe("lower");
    expect(betterWhenForFigure("nursingCaseMixIndex")).toBeNull();
  });

  it("shows the figures reported or averaged, and charts the releases with hours", () => {
    const some = staffing({ rnHours: { value: 0.7 }, rnTurnover: { national: 42.9 } });
    expect(shownFigures(some).map((figure) => figure.key)).toEqual(["rnHours", "rnTurnover"]);
    const blank = {
      nurseAideHours: null,
      lpnHours: null,
      licensedHours: null,
      weekendTotalNurseHours: null,
      weekendRnHours: null,
      physicalTherapistHours: null,
      totalNurseTurnover: null,
      rnTurnover: null,
      administratorsLeft: null,
      nursingCaseMixIndex: null,
      nursingCaseMixIndexRatio: null,
    };
    const rows = nurseHoursRows({
      ...some,
      history: [
        { processingDate: "2017-02-01", ...blank, totalNurseHours: null, rnHours: null },
        { processingDate: "2026-06-01", ...blank, totalNurseHours: 3.9, rnHours: 0.7 },
      ],
    });
    expect(rows).toEqual([{ date: "2026-06-01", totalNurseHours: 3.9, rnHours: 0.7 }]);
  });
});

describe("the nurse hours chart's rows", () => {
  it("breaks the lines at months without a release", () => {
    const rows = withMonthGaps([
      { date: "2025-11-01", totalNurseHours: 3.9, rnHours: 0.7 },
      { date: "2026-02-01", totalNurseHours: 3.8, rnHours: 0.6 },
    ]);
    expect(rows.map((row) => [row.date, row.totalNurseHours])).toEqual([
      ["2025-11-01", 3.9],
      ["2025-12-01", null],
      ["2026-01-01", null],
      ["2026-02-01", 3.8],
    ]);
  });
});
