import { describe, expect, it } from "vitest";
import type { Citation, InspectionSummary, Penalty, Survey } from "../../../../core/api-types.ts";
import { describeCorrection, formatTag } from "../../../../core/inspections.ts";
import {
  abuseNotice,
  citationFlags,
  collapsedCount,
  countCitations,
  countSurveys,
  describeCode,
  describeDenials,
  describeFines,
  describePenalty,
  describeSurveys,
  filterSurveys,
  fireSafetyFacts,
  formatSurveyTitle,
  formatWindow,
  isBeforeWindow,
  isSurveyFilter,
  noSurveysText,
  orderCitations,
  orderPenalties,
  orderSurveys,
  plural,
  toGridRows,
} from "./inspections.ts";

const citation = (tag: string, scopeSeverity: Citation["scopeSeverity"], extra: Partial<Citation> = {}) => ({
  prefix: "F",
  tag,
  category: null,
  description: null,
  scopeSeverity,
  harmLevel: null,
  corrected: null,
  correctionDate: null,
  inspectionCycle: 1,
  standard: true,
  complaint: false,
  infectionControl: false,
  disputed: false,
  ...extra,
});

const EMPTY_GRID = { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0, G: 0, H: 0, I: 0, J: 0, K: 0, L: 0 };

const summary = (extra: Partial<InspectionSummary> = {}): InspectionSummary => ({
  windowStart: "2023-10-01",
  windowEnd: "2026-10-01",
  grid: EMPTY_GRID,
  minimalHarm: 0,
  potentialHarm: 0,
  actualHarm: 0,
  immediateJeopardy: 0,
  mostSevere: null,
  abuseCitations: 0,
  abuseIcon: false,
  abuse: false,
  ...extra,
});

describe("formatTag", () => {
  it("writes the tag as Care Compare does: the prefix and four digits", () => {
    expect(formatTag({ prefix: "F", tag: "0689" })).toBe("F0689");
    expect(formatTag({ prefix: "F", tag: "0880" })).toBe("F0880");
  });
});

describe("toGridRows", () => {
  it("draws CMS's grid: immediate jeopardy on top, scopes isolated, pattern, widespread", () => {
    const rows = toGridRows({ ...EMPTY_GRID, B: 2, D: 17, E: 5, G: 3, J: 1, L: 4 });
    expect(rows.map((row) => row.range)).toEqual(["J-L", "G-I", "D-F", "A-C"]);
    expect(rows.map((row) => row.level)).toEqual(["jeopardy", "actual", "potential", "minimal"]);
    expect(rows[0]?.label).toBe("Immediate jeopardy");
    expect(rows[0]?.cells).toEqual([
      { code: "J", scope: "Isolated", count: 1 },
      { code: "K", scope: "Pattern", count: 0 },
      { code: "L", scope: "Widespread", count: 4 },
    ]);
    expect(rows.map((row) => row.total)).toEqual([5, 3, 22, 2]);
  });

  it("counts a missing code as 0", () => {
    expect(toGridRows({ D: 1 })[2]?.cells.map((cell) => cell.count)).toEqual([1, 0, 0]);
  });
});

describe("three-year summary texts", () => {
  it("states the window, the total and the most severe code in words", () => {
    expect(formatWindow(summary())).toBe("Oct 1, 2023 to Oct 1, 2026");
    expect(countCitations(summary({ grid: { ...EMPTY_GRID, D: 3, G: 1 } }))).toBe(4);
    expect(describeCode("J")).toBe("J (Immediate jeopardy, isolated)");
    expect(describeCode("F")).toBe("F (No actual harm, potential for more than minimal harm, widespread)");
    expect(describeCode(null)).toBeNull();
  });

  it("tells the surveys older than the window, which the grid does not count", () => {
    expect(isBeforeWindow("2023-10-01", summary())).toBe(false);
    expect(isBeforeWindow("2026-10-01", summary())).toBe(false);
    expect(isBeforeWindow("2023-09-30", summary())).toBe(true);
    expect(isBeforeWindow("2001-01-01", null)).toBe(false);
  });
});

describe("lists", () => {
  it("collapses after the first items, but never to hide a single one", () => {
    expect(collapsedCount(3, 5)).toBe(3);
    expect(collapsedCount(6, 5)).toBe(6);
    expect(collapsedCount(7, 5)).toBe(5);
    expect(collapsedCount(42, 5)).toBe(5);
  });

  it("orders a survey's citations most severe first, then by tag", () => {
    const ordered = orderCitations([
      citation("0880", "D"),
      citation("0689", "G"),
      citation("0550", "D"),
      citation("0600", null),
      citation("0610", "J"),
    ]);
    expect(ordered.map(formatTag)).toEqual(["F0610", "F0689", "F0550", "F0880", "F0600"]);
  });

  it("orders surveys newest first", () => {
    const surveys = orderSurveys([
      { surveyDate: "2024-05-13", type: "health", surveyType: "Health", kinds: [], citations: [] },
      { surveyDate: "2026-03-27", type: "health", surveyType: "Health", kinds: [], citations: [] },
      { surveyDate: "2025-01-02", type: "health", surveyType: "Health", kinds: [], citations: [] },
    ]);
    expect(surveys.map((survey) => survey.surveyDate)).toEqual(["2026-03-27", "2025-01-02", "2024-05-13"]);
  });

  it("pluralizes counts with thousands separators", () => {
    expect(plural(1, "citation")).toBe("1 citation");
    expect(plural(1234, "citation")).toBe("1,234 citations");
    expect(plural(0, "survey")).toBe("0 surveys");
  });
});

describe("fire safety surveys beside the health ones", () => {
  const survey = (surveyDate: string, type: Survey["type"]): Survey => ({
    surveyDate,
    type,
    surveyType: type === "fire" ? "Fire Safety" : "Health",
    kinds: ["standard"],
    citations: [],
  });
  const surveys = [
    survey("2025-01-02", "fire"),
    survey("2026-03-27", "health"),
    survey("2026-03-27", "fire"),
    survey("2025-01-02", "health"),
    survey("2024-05-13", "health"),
  ];
  const keys = (list: Survey[]) => list.map((each) => `${each.surveyDate} ${each.type}`);

  it("orders them newest first, on one day the health survey before the fire safety one, as the API does", () => {
    expect(keys(filterSurveys(surveys, "all"))).toEqual([
      "2026-03-27 health",
      "2026-03-27 fire",
      "2025-01-02 health",
      "2025-01-02 fire",
      "2024-05-13 health",
    ]);
  });

  it("filters them by type, and counts each filter", () => {
    expect(keys(filterSurveys(surveys, "fire"))).toEqual(["2026-03-27 fire", "2025-01-02 fire"]);
    expect(keys(filterSurveys(surveys, "health"))).toEqual([
      "2026-03-27 health",
      "2025-01-02 health",
      "2024-05-13 health",
    ]);
    expect(countSurveys(surveys)).toEqual({ all: 5, health: 3, fire: 2 });
    expect(countSurveys([])).toEqual({ all: 0, health: 0, fire: 0 });
    expect(["all", "health", "fire"].every(isSurveyFilter)).toBe(true);
    expect(["", "Fire", "k"].some(isSurveyFilter)).toBe(false);
  });

  it("says what the list shows, and what an empty filter lacks", () => {
    expect(describeSurveys(surveys, "all")).toBe(
      "5 surveys with citations (3 health, 2 fire safety), newest first",
    );
    expect(describeSurveys(surveys, "fire")).toBe("2 surveys with fire safety citations, newest first");
    expect(describeSurveys(surveys, "health")).toBe("3 surveys with health citations, newest first");
    // A record of one type says which.
    expect(describeSurveys(surveys.slice(1, 2), "all")).toBe("1 survey with health citations, newest first");
    expect(describeSurveys([survey("2025-01-02", "fire")], "all")).toBe(
      "1 survey with fire safety citations, newest first",
    );
    expect(noSurveysText("fire")).toBe("No fire safety citations in the record.");
    expect(noSurveysText("all")).toBe("No health citations in the record.");
  });

  it("titles a fire safety survey as such, whatever its flags", () => {
    expect(formatSurveyTitle(survey("2025-01-02", "fire"))).toBe("Fire safety inspection");
    expect(formatSurveyTitle({ ...survey("2025-01-02", "fire"), kinds: ["complaint"] })).toBe(
      "Fire safety complaint inspection",
    );
    expect(formatSurveyTitle(survey("2025-01-02", "health"))).toBe("Standard inspection");
  });

  it("lists the fire safety three years' facts", () => {
    const facts = fireSafetyFacts({
      windowStart: "2023-10-01",
      windowEnd: "2026-10-01",
      citations: 1234,
      surveys: 3,
      grid: { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0, G: 0, H: 0, I: 0, J: 0, K: 0, L: 0 },
      minimalHarm: 4,
      potentialHarm: 1228,
      actualHarm: 1,
      immediateJeopardy: 1,
      mostSevere: "J",
      emergencyPreparedness: 7,
    });
    expect(facts.map((fact) => [fact.label, fact.value])).toEqual([
      ["Fire safety citations", "1,234"],
      ["Fire safety inspections with citations", "3"],
      ["Most severe", "J (Immediate jeopardy, isolated)"],
      ["Actual harm or immediate jeopardy", "2"],
      ["Emergency preparedness (E tags)", "7"],
    ]);
  });
});

describe("citation words", () => {
  it("titles a survey by its kinds, else names its survey type as an inspection", () => {
    const title = (surveyType: string, kinds: Survey["kinds"] = []) =>
      formatSurveyTitle({ surveyType, kinds });
    expect(title("Health", ["standard", "complaint"])).toBe("Standard and complaint inspection");
    expect(title("Health", ["infectionControl"])).toBe("Infection control inspection");
    expect(title("Health")).toBe("Health inspection");
    expect(title("Fire Safety")).toBe("Fire Safety inspection");
    expect(title("Complaint inspection")).toBe("Complaint inspection");
    expect(title(" ")).toBe("Inspection");
  });

  it("puts CMS's correction status in plain words with its date", () => {
    expect(describeCorrection("Deficient, Provider has date of correction", "2026-05-02")).toBe(
      "Corrected on May 2, 2026",
    );
    expect(describeCorrection("Deficient, Provider has plan of correction", "2026-05-02")).toBe(
      "Plan of correction, correction date May 2, 2026",
    );
    expect(describeCorrection("Deficient, Provider has plan of correction", null)).toBe("Plan of correction");
    expect(describeCorrection("Deficient, Provider has no plan of correction", null)).toBe(
      "No plan of correction",
    );
    expect(describeCorrection("Past Non-Compliance", "2025-01-01")).toBe(
      "Past non-compliance, corrected before the inspection",
    );
    expect(describeCorrection("Waiver has been granted", null)).toBe("Waiver granted");
    expect(describeCorrection("Something new", "2025-01-01")).toBe("Something new, Jan 1, 2025");
    expect(describeCorrection(null, "2025-01-01")).toBe("Correction date Jan 1, 2025");
    expect(describeCorrection(null, null)).toBeNull();
  });

  it("lists the abuse category, complaint, infection control and dispute flags in words", () => {
    expect(citationFlags(citation("0880", "D"))).toEqual([]);
    expect(
      citationFlags(citation("0880", "F", { complaint: true, infectionControl: true, disputed: true })),
    ).toEqual(["Complaint", "Infection control", "Disputed"]);
    expect(citationFlags(citation("0880", "F", { disputed: null, complaint: null }))).toEqual([]);
    expect(
      citationFlags(
        citation("0600", "D", {
          category: "Freedom from Abuse, Neglect, and Exploitation Deficiencies",
          complaint: true,
        }),
      ),
    ).toEqual(["Abuse, neglect or exploitation", "Complaint"]);
  });

  it("flags a citation's kind only where the survey was of several kinds", () => {
    const fromComplaint = citation("0689", "G", { complaint: true, standard: false });
    expect(citationFlags(fromComplaint, ["complaint"])).toEqual([]);
    expect(citationFlags(fromComplaint, ["standard", "complaint"])).toEqual(["Complaint"]);
    const fromFocused = citation("0880", "D", { infectionControl: true, complaint: true });
    expect(citationFlags(fromFocused, ["complaint", "infectionControl"])).toEqual([
      "Complaint",
      "Infection control",
    ]);
    expect(citationFlags(citation("0880", "D", { disputed: true }), ["standard"])).toEqual(["Disputed"]);
  });
});

describe("abuseNotice", () => {
  it("is null without the icon or an abuse citation", () => {
    expect(abuseNotice(null)).toBeNull();
    expect(abuseNotice(summary())).toBeNull();
  });

  it("explains CMS's abuse icon, and counts the abuse citations of the three years", () => {
    const notice = abuseNotice(summary({ abuse: true, abuseIcon: true, abuseCitations: 2 }));
    expect(notice?.kind).toBe("icon");
    expect(notice?.text).toMatch(/abuse or neglect that harmed a resident \(severity G or worse\)/);
    expect(notice?.text).toMatch(/\(D or worse\) in each of its two most recent cycles/);
    expect(notice?.text).toMatch(
      /2 citations for abuse, neglect or exploitation from Oct 1, 2023 to Oct 1, 2026\.$/,
    );
    expect(abuseNotice(summary({ abuse: true, abuseIcon: true }))?.text).not.toMatch(/citations? for abuse/);
  });

  it("flags abuse citations without the icon, saying that CMS does not show it", () => {
    const notice = abuseNotice(summary({ abuse: true, abuseIcon: false, abuseCitations: 1 }));
    expect(notice).toMatchObject({ kind: "citations", title: "Cited for abuse, neglect or exploitation" });
    expect(notice?.text).toMatch(/^1 citation for abuse, neglect or exploitation/);
    expect(notice?.text).toMatch(/CMS does not show its abuse icon for this home/);
    expect(abuseNotice(summary({ abuse: true, abuseIcon: null, abuseCitations: 1 }))?.text).toMatch(
      /abuse icon is not reported/,
    );
  });
});

describe("penalties", () => {
  const fine = (date: string, fineAmount: number | null): Penalty => ({
    date,
    type: "Fine",
    fineAmount,
    denialStartDate: null,
    denialDays: null,
  });
  const denial = (date: string, denialStartDate: string | null, denialDays: number | null): Penalty => ({
    date,
    type: "Payment Denial",
    fineAmount: null,
    denialStartDate,
    denialDays,
  });

  it("describes each fine by its dollars and each payment denial by its days and start", () => {
    expect(describePenalty(fine("2026-03-27", 43072))).toBe("$43,072.00");
    expect(describePenalty(fine("2026-03-27", null))).toBe("Amount not reported");
    expect(describePenalty(denial("2022-03-24", "2022-05-13", 29))).toBe("29 days from May 13, 2022");
    expect(describePenalty(denial("2022-03-24", null, 1))).toBe("1 day");
  });

  it("keeps the newest first, and the API's order within a date", () => {
    const ordered = orderPenalties([
      fine("2023-03-25", 1),
      fine("2026-03-27", 2),
      fine("2026-03-27", 3),
      denial("2024-01-01", null, 5),
    ]);
    expect(ordered.map((penalty) => penalty.fineAmount ?? penalty.denialDays)).toEqual([2, 3, 5, 1]);
  });

  it("sums up fines and payment denials", () => {
    expect(describeFines({ fines: 2, fineDollars: 124343 })).toBe("2 fines, $124,343.00");
    expect(describeFines({ fines: 0, fineDollars: 0 })).toBe("No fines");
    expect(describeDenials({ paymentDenials: 1, denialDays: 29 })).toBe("1 payment denial, 29 days");
    expect(describeDenials({ paymentDenials: 0, denialDays: 0 })).toBe("No payment denials");
  });
});
