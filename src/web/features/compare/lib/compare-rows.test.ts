import { describe, expect, it } from "vitest";
import type { FacilityDetail } from "../../../../core/api-types.ts";
import type { QualityMeasure } from "../../../../core/quality-measures.ts";
import { STAFFING_FIGURES } from "../../../../core/staffing.ts";
import {
  COMPARE_SECTIONS,
  type ComparedFacility,
  compareSections,
  MISSING,
  markBest,
} from "./compare-rows.ts";

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
    // The staffing answer's rows (staffing-*) come from GET /api/facilities/{ccn}/staffing, not the detail.
    const ids = COMPARE_SECTIONS.flatMap((section) => section.rows.map((row) => row.id)).filter(
      (id) => !id.startsWith("staffing-"),
    );
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

function measure(
  code: string,
  score: number | null,
  overrides: Partial<QualityMeasure> = {},
): QualityMeasure {
  return {
    code,
    description: `Measure ${code}`,
    residentType: "longStay",
    source: "mds",
    usedInRating: true,
    period: "2025Q2-2026Q1",
    score,
    observed: null,
    expected: null,
    quarters: [],
    footnote: null,
    state: null,
    national: null,
    averagesSource: "cms",
    betterWhen: "lower",
    history: [],
    ...overrides,
  };
}

function withBehindTheStars(
  ccn: string,
  hours: number | null,
  scores: Record<string, number | null>,
): ComparedFacility {
  return {
    ...facility,
    ccn,
    staffing: {
      processingDate: "2026-07-01",
      history: [],
      figures: STAFFING_FIGURES.map((spec) => ({
        key: spec.key,
        label: spec.label,
        unit: spec.unit,
        value: spec.key === "totalNurseHours" ? hours : null,
        caseMix: null,
        adjusted: null,
        footnote: null,
        state: null,
        national: null,
        averagesSource: "cms",
      })),
    },
    qualityMeasures: {
      processingDate: "2026-07-01",
      averagesProcessingDate: null,
      footnote: null,
      measures: Object.entries(scores).map(([code, score]) =>
        measure(
          code,
          score,
          code === "415" ? { betterWhen: "higher" } : code === "521" ? { residentType: "shortStay" } : {},
        ),
      ),
    },
  };
}

describe("compare rows of staffing figures and quality measures", () => {
  const facilities = [
    withBehindTheStars("015009", 3.9, { "410": 2.1, "415": 90, "521": 20 }),
    withBehindTheStars("015010", 4.2, { "410": 3.4, "415": 95 }),
  ];
  const rowsOf = (id: string) => compareSections(facilities).find((section) => section.id === id)?.rows ?? [];

  it("add a row per staffing figure some facility reports, more hours best", () => {
    const rows = rowsOf("staffing");
    const total = rows.find((row) => row.id === "staffing-totalNurseHours");
    expect(total?.text(facilities[0] as ComparedFacility)).toBe("3.90 hrs");
    expect(
      markBest(
        facilities.map((f) => total?.value?.(f) ?? null),
        total?.better ?? "lower",
      ),
    ).toEqual([false, true]);
    // No facility reports LPN hours: no row.
    expect(rows.some((row) => row.id === "staffing-lpnHours")).toBe(false);
  });

  it("add a row per quality measure, short-stay first, each best in its own direction", () => {
    const rows = rowsOf("quality-measures");
    expect(rows.map((row) => row.id)).toEqual(["quality-mds-521", "quality-mds-410", "quality-mds-415"]);
    const best = (id: string) => {
      const row = rows.find((candidate) => candidate.id === id);
      return markBest(
        facilities.map((f) => row?.value?.(f) ?? null),
        row?.better ?? "lower",
      );
    };
    expect(best("quality-mds-410")).toEqual([true, false]);
    expect(best("quality-mds-415")).toEqual([false, true]);
    const shortStay = rows[0];
    expect(shortStay?.text(facilities[1] as ComparedFacility)).toBe(MISSING);
    expect(shortStay?.note).toMatch(/^Short-stay residents, Q2 2025 to Q1 2026; used in the QM star\.$/);
  });

  it("leave the sections out until the answers are loaded", () => {
    const sections = compareSections([facility, { ...facility, ccn: "015010" }]).map((section) => section.id);
    expect(sections).not.toContain("quality-measures");
  });
});
