import { describe, expect, it } from "vitest";
import type { FacilityDetail } from "../../../../core/api-types.ts";
import { getDetailSections } from "./facility-lines.ts";

const FULL: FacilityDetail = {
  ccn: "015009",
  providerName: "BURNS NURSING HOME, INC.",
  city: "RUSSELLVILLE",
  state: "AL",
  overallRating: 5,
  healthInspectionRating: 5,
  staffingRating: 1,
  qmRating: 5,
  averageResidentsPerDay: 51,
  healthDeficiencyScore: 8,
  affiliatedEntityName: "SAMPLE CARE GROUP",
  totalWeightedHealthSurveyScore: 7.3333,
  substantiatedComplaints: 2,
  infectionControlCitations: 1,
  finesTotalDollars: 6600,
  paymentDenials: 0,
  rnStaffingHoursPerResidentPerDay: 1.0234,
  totalNursingStaffTurnover: 41.9,
  administratorsLeft: 1,
  certifiedBeds: 57,
  processingDate: "2021-08-01",
  address: "701 MONROE STREET NW",
  zip: "35653",
  phone: "2563324110",
  county: "Franklin",
  ownershipType: "For profit - Corporation",
  latitude: null,
  longitude: null,
  affiliatedEntityId: null,
  longStayQmRating: null,
  shortStayQmRating: null,
};

const asRecord = (facility: FacilityDetail) =>
  Object.fromEntries(getDetailSections(facility).map((section) => [section.title, section.lines]));

describe("getDetailSections", () => {
  it("has the four sections of the spec with their labels and formats", () => {
    expect(asRecord(FULL)).toEqual({
      "Quality Ratings": [
        { label: "Health Inspection", value: "5/5", measure: "healthInspectionRating" },
        { label: "Staffing", value: "1/5", measure: "staffingRating" },
        { label: "Quality Measures", value: "5/5", measure: "qmRating" },
      ],
      "Deficiencies & Compliance": [
        { label: "Health Deficiency Score", value: "7.33", measure: "totalWeightedHealthSurveyScore" },
        { label: "Substantiated Complaints", value: "2" },
        { label: "Infection Control Citations", value: "1" },
        { label: "Fines", value: "$6,600.00", measure: "finesTotalDollars" },
        { label: "Payment Denials", value: "0" },
      ],
      "Staffing & Turnover": [
        { label: "RN Staffing Hours", value: "1.02 hrs/day", measure: "rnStaffingHoursPerResidentPerDay" },
        { label: "Turnover Rate", value: "41.9%", measure: "totalNursingStaffTurnover" },
        { label: "Administrator Turnover", value: "1" },
      ],
      "Capacity & Competitive Insights": [
        { label: "Certified Beds", value: "57" },
        { label: "Average Residents per Day", value: "51" },
        { label: "Affiliated Entity", value: "SAMPLE CARE GROUP", href: "/entity/SAMPLE%20CARE%20GROUP" },
      ],
    });
  });

  it("hides null lines and an empty entity, but shows missing ratings as N/A", () => {
    const sparse: FacilityDetail = {
      ...FULL,
      healthInspectionRating: null,
      staffingRating: null,
      qmRating: null,
      totalWeightedHealthSurveyScore: null,
      finesTotalDollars: null,
      totalNursingStaffTurnover: null,
      administratorsLeft: null,
      averageResidentsPerDay: null,
      affiliatedEntityName: "  ",
    };
    const sections = asRecord(sparse);
    expect(sections["Quality Ratings"]?.map((line) => line.value)).toEqual(["N/A", "N/A", "N/A"]);
    expect(sections["Deficiencies & Compliance"]?.map((line) => line.label)).toEqual([
      "Substantiated Complaints",
      "Infection Control Citations",
      "Payment Denials",
    ]);
    expect(sections["Staffing & Turnover"]?.map((line) => line.label)).toEqual(["RN Staffing Hours"]);
    expect(sections["Capacity & Competitive Insights"]?.map((line) => line.label)).toEqual([
      "Certified Beds",
    ]);
    expect(
      asRecord({ ...sparse, affiliatedEntityName: null })["Capacity & Competitive Insights"],
    ).toHaveLength(1);
  });

  it("shows the complaint citations of the last 3 years, with a note, where CMS no longer counts complaints", () => {
    const deficiencies = (facility: FacilityDetail) => asRecord(facility)["Deficiencies & Compliance"];
    // A file with CMS's count: that, whatever the inspection record says.
    expect(deficiencies({ ...FULL, complaintCitationsThreeYears: 5 })?.[1]).toEqual({
      label: "Substantiated Complaints",
      value: "2",
    });
    // From 2025, no count: the complaint citations, labelled as such and explained.
    const from2025 = { ...FULL, substantiatedComplaints: null, complaintCitationsThreeYears: 1234 };
    expect(deficiencies(from2025)?.[1]).toEqual({
      label: "Complaint citations, last 3 years",
      value: "1,234",
      note: "CMS no longer publishes the number of substantiated complaints. Shown instead: the home's health citations from complaint inspections in the last three years.",
    });
    expect(deficiencies({ ...from2025, complaintCitationsThreeYears: 0 })?.[1]?.value).toBe("0");
    // Neither (no health citations file loaded): no line.
    expect(
      deficiencies({ ...from2025, complaintCitationsThreeYears: null })?.map((line) => line.label),
    ).not.toContainEqual(expect.stringMatching(/omplaint/));
  });

  it("pairs each value that has a state and national average with its measure, and links the entity", () => {
    const lines = getDetailSections(FULL).flatMap((section) => section.lines);
    expect(
      Object.fromEntries(lines.filter((line) => line.measure).map((line) => [line.label, line.measure])),
    ).toEqual({
      "Health Inspection": "healthInspectionRating",
      Staffing: "staffingRating",
      "Quality Measures": "qmRating",
      "Health Deficiency Score": "totalWeightedHealthSurveyScore",
      Fines: "finesTotalDollars",
      "RN Staffing Hours": "rnStaffingHoursPerResidentPerDay",
      "Turnover Rate": "totalNursingStaffTurnover",
    });
    const withSlash = asRecord({ ...FULL, affiliatedEntityName: " A/B & C #1 " })[
      "Capacity & Competitive Insights"
    ];
    expect(withSlash?.at(-1)).toEqual({
      label: "Affiliated Entity",
      value: "A/B & C #1",
      href: "/entity/A%2FB%20%26%20C%20%231",
    });
  });

  it("keeps zero values, which are not missing", () => {
    const zeros = asRecord({ ...FULL, finesTotalDollars: 0, totalNursingStaffTurnover: 0 });
    expect(zeros["Deficiencies & Compliance"]).toContainEqual({
      label: "Fines",
      value: "$0.00",
      measure: "finesTotalDollars",
    });
    expect(zeros["Staffing & Turnover"]).toContainEqual({
      label: "Turnover Rate",
      value: "0.0%",
      measure: "totalNursingStaffTurnover",
    });
  });
});
