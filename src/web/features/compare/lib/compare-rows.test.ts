import { describe, expect, it } from "vitest";
import type { FacilityDetail } from "../../../../core/api-types.ts";
import { COMPARE_SECTIONS, compareSections, MISSING, markBest } from "./compare-rows.ts";

describe("markBest", () => {
  it("marks the highest or the lowest known value", () => {
    expect(markBest([3, 5, 4], "higher")).toEqual([false, true, false]);
    expect(markBest([3, 5, 4], "lower")).toEqual([true, false, false]);
  });

  it("marks every tie", () => {
    expect(markBest([5, 2, 5, 1], "higher")).toEqual([true, false, true, false]);
    expect(markBest([0, 0], "lower")).toEqual([true, true]);
  });

  it("never marks a missing value, and needs two known values", () => {
    expect(markBest([null, 2, 1], "higher")).toEqual([false, true, false]);
    expect(markBest([null, 0, 3], "lower")).toEqual([false, true, false]);
    expect(markBest([null, 4], "higher")).toEqual([false, false]);
    expect(markBest([4], "higher")).toEqual([false]);
    expect(markBest([null, null], "lower")).toEqual([false, false]);
  });
});

const facility: FacilityDetail = {
  ccn: "015009",
  providerName: "Oak Home",
  city: "Mobile",
  state: "AL",
  overallRating: 4,
  healthInspectionRating: null,
  staffingRating: 3,
  qmRating: 5,
  averageResidentsPerDay: 80,
  healthDeficiencyScore: 12.5,
  affiliatedEntityName: "  ",
  totalWeightedHealthSurveyScore: 20.125,
  substantiatedComplaints: 1200,
  infectionControlCitations: 0,
  finesTotalDollars: 15000.5,
  paymentDenials: null,
  rnStaffingHoursPerResidentPerDay: 0.456,
  totalNursingStaffTurnover: 45.25,
  administratorsLeft: 1,
  certifiedBeds: 120,
  processingDate: "2025-07-01",
  address: "1 MAIN ST",
  zip: "36601",
  phone: null,
  county: "Mobile",
  ownershipType: "For profit - Corporation",
  latitude: null,
  longitude: null,
  affiliatedEntityId: null,
  longStayQmRating: 4,
  shortStayQmRating: null,
  complaintCitationsThreeYears: 7,
  citationsMinimalHarm: 1,
  citationsPotentialHarm: 9,
  citationsActualHarm: 1,
  citationsImmediateJeopardy: 0,
  mostSevereCitation: "G",
  abuse: false,
  finesThreeYears: 2,
  fineDollarsThreeYears: 12_500,
};

function cell(id: string, detail: FacilityDetail = facility) {
  const row = COMPARE_SECTIONS.flatMap((section) => section.rows).find((candidate) => candidate.id === id);
  if (!row) throw new Error(`no row ${id}`);
  return {
    row,
    text: row.text(detail),
    value: row.value?.(detail) ?? null,
    href: row.href?.(detail) ?? null,
  };
}

describe("compare rows", () => {
  it("cover every field of the detail that a visitor reads", () => {
    const ids = COMPARE_SECTIONS.flatMap((section) => section.rows.map((row) => row.id));
    const shown = Object.keys(facility).filter(
      (key) => !["providerName", "latitude", "longitude", "affiliatedEntityId"].includes(key),
    );
    expect(ids.sort()).toEqual(shown.sort());
  });

  it("format values like the detail page and show N/A for missing ones", () => {
    expect(cell("overallRating").text).toBe("4/5");
    expect(cell("healthInspectionRating").text).toBe(MISSING);
    expect(cell("totalWeightedHealthSurveyScore").text).toBe("20.13");
    expect(cell("substantiatedComplaints").text).toBe("1,200");
    expect(cell("finesTotalDollars").text).toBe("$15,000.50");
    expect(cell("paymentDenials").text).toBe(MISSING);
    expect(cell("rnStaffingHoursPerResidentPerDay").text).toBe("0.46 hrs/day");
    expect(cell("totalNursingStaffTurnover").text).toBe("45.3%");
    expect(cell("affiliatedEntityName").text).toBe(MISSING);
    expect(cell("phone").text).toBe(MISSING);
    expect(cell("phone", { ...facility, phone: "2563324110" }).text).toBe("(256) 332-4110");
    expect(cell("processingDate").text).toBe("Jul 1, 2025");
  });

  it("say which direction is better: ratings and hours up; deficiencies, fines, complaints, turnover down", () => {
    const better = Object.fromEntries(
      COMPARE_SECTIONS.flatMap((section) => section.rows).map((row) => [row.id, row.better ?? null]),
    );
    expect(better).toMatchObject({
      overallRating: "higher",
      healthInspectionRating: "higher",
      staffingRating: "higher",
      qmRating: "higher",
      longStayQmRating: "higher",
      shortStayQmRating: "higher",
      rnStaffingHoursPerResidentPerDay: "higher",
      totalWeightedHealthSurveyScore: "lower",
      healthDeficiencyScore: "lower",
      substantiatedComplaints: "lower",
      complaintCitationsThreeYears: "lower",
      infectionControlCitations: "lower",
      finesTotalDollars: "lower",
      paymentDenials: "lower",
      totalNursingStaffTurnover: "lower",
      administratorsLeft: "lower",
      certifiedBeds: null,
      averageResidentsPerDay: null,
      affiliatedEntityName: null,
    });
    expect(cell("finesTotalDollars").value).toBe(15000.5);
  });

  it("show the inspection record of the three years, most severe first, less being better", () => {
    const rows = COMPARE_SECTIONS.find((section) => section.id === "inspections")?.rows ?? [];
    expect(rows.map((row) => [row.label, row.text(facility), row.better])).toEqual([
      ["Immediate jeopardy (J-L)", "0", "lower"],
      ["Actual harm (G-I)", "1", "lower"],
      ["No actual harm, potential for more than minimal harm (D-F)", "9", "lower"],
      ["No actual harm, potential for minimal harm (A-C)", "1", "lower"],
      ["Most severe citation", "G (Actual harm)", "lower"],
      ["Abuse cited", "No", "lower"],
      ["Fines", "2", "lower"],
      ["Fines in dollars", "$12,500.00", "lower"],
    ]);
    // Less severe is better: no citation at all is best, then A ... L.
    const severity = (mostSevereCitation: FacilityDetail["mostSevereCitation"]) =>
      cell("mostSevereCitation", { ...facility, mostSevereCitation }).value;
    expect([severity(null), severity("A"), severity("D"), severity("G"), severity("L")]).toEqual([
      0, 1, 4, 7, 12,
    ]);
    expect(cell("mostSevereCitation", { ...facility, mostSevereCitation: null }).text).toBe("None");
    expect(cell("abuse", { ...facility, abuse: true })).toMatchObject({ text: "Yes", value: 1 });
    expect(cell("abuse").value).toBe(0);
    expect(
      markBest(
        [
          { ...facility, mostSevereCitation: "J" as const },
          facility,
          { ...facility, mostSevereCitation: "D" as const },
        ].map((detail) => cell("mostSevereCitation", detail).value),
        "lower",
      ),
    ).toEqual([false, false, true]);
  });

  it("leave the inspection record out while it is not loaded, keeping the rows whose values are known", () => {
    const unknown: FacilityDetail = {
      ...facility,
      citationsMinimalHarm: null,
      citationsPotentialHarm: null,
      citationsActualHarm: null,
      citationsImmediateJeopardy: null,
      mostSevereCitation: null,
      complaintCitationsThreeYears: null,
    };
    const ids = (facilities: FacilityDetail[]) =>
      compareSections(facilities)
        .find((section) => section.id === "inspections")
        ?.rows.map((row) => row.id);
    // Penalties loaded and CMS's Abuse Icon, no health citations file: the abuse and fines rows alone.
    expect(ids([unknown, unknown])).toEqual(["abuse", "finesThreeYears", "fineDollarsThreeYears"]);
    expect(ids([unknown, facility])).toHaveLength(8);
    expect(cell("mostSevereCitation", unknown)).toMatchObject({ text: MISSING, value: null });
    const none = { ...unknown, abuse: null, finesThreeYears: null, fineDollarsThreeYears: null };
    expect(compareSections([none, none]).map((section) => section.id)).not.toContain("inspections");
  });

  it("show CMS's substantiated complaints, else (from 2025) the complaint citations with a note, never a row of N/A", () => {
    const complaintRows = (facilities: FacilityDetail[]) =>
      compareSections(facilities)
        .flatMap((section) => section.rows)
        .filter((row) => /complaint/i.test(row.id))
        .map((row) => ({ label: row.label, cells: facilities.map(row.text), note: row.note ?? null }));
    const other = { ...facility, ccn: "015010", substantiatedComplaints: 3, complaintCitationsThreeYears: 2 };
    expect(complaintRows([facility, other])).toEqual([
      { label: "Substantiated Complaints", cells: ["1,200", "3"], note: null },
    ]);
    const from2025 = [facility, other].map((detail) => ({ ...detail, substantiatedComplaints: null }));
    expect(complaintRows(from2025)).toEqual([
      {
        label: "Complaint citations, last 3 years",
        cells: ["7", "2"],
        note: expect.stringContaining("CMS no longer publishes the number of substantiated complaints"),
      },
    ]);
    // Neither known (a 2025 file and no health citations file): no row at all.
    expect(
      complaintRows(from2025.map((detail) => ({ ...detail, complaintCitationsThreeYears: null }))),
    ).toEqual([]);
  });

  it("link the affiliated entity to its page", () => {
    const named = { ...facility, affiliatedEntityName: "Oak & Elm Care" };
    expect(cell("affiliatedEntityName", named)).toMatchObject({
      text: "Oak & Elm Care",
      href: "/entity/Oak%20%26%20Elm%20Care",
    });
    expect(cell("affiliatedEntityName").href).toBeNull();
  });
});
