// The detail page's inspection record (the "Inspections" and "Penalties" sections): CMS's 12-cell scope and
// severity grid in the order CMS draws it (immediate jeopardy on top), the words of a citation's correction, the
// abuse flag's explanation, and the texts of totals. The grid itself (codes, harm levels, scopes) is
// src/core/inspections.ts.
import type {
  Citation,
  FireSafetySummary,
  InspectionSummary,
  Penalty,
  PenaltyTotals,
  Survey,
} from "../../../../core/api-types.ts";
import { formatCount, formatUsd } from "../../../../core/format.ts";
import { formatShortDate } from "../../../../core/history.ts";
import {
  ABUSE_CATEGORY,
  formatTag,
  HARM_LEVELS,
  type HarmLevelKey,
  harmLevelOf,
  SCOPE_SEVERITY_CODES,
  SCOPES,
  type Scope,
  type ScopeSeverityCode,
  type SurveyKind,
  scopeOf,
  surveyTitle,
} from "../../../../core/inspections.ts";

/** Surveys shown before "Show all N surveys". */
export const SURVEYS_SHOWN_FIRST = 3;
/** A survey's citations shown before "Show N more". */
export const CITATIONS_SHOWN_FIRST = 5;
/** Penalties shown before "Show all N penalties". */
export const PENALTIES_SHOWN_FIRST = 10;

/**
 * How many of `total` items a collapsed list shows: `first`, unless only one would be left hidden (a button that
 * reveals a single item is longer than the item).
 */
export function collapsedCount(total: number, first: number): number {
  return total <= first + 1 ? total : first;
}

/** "1 citation", "3 citations". */
export function plural(count: number, word: string, words = `${word}s`): string {
  return `${formatCount(count)} ${count === 1 ? word : words}`;
}

export interface GridCell {
  code: ScopeSeverityCode;
  scope: Scope;
  count: number;
}

export interface GridRow {
  level: HarmLevelKey;
  /** CMS's words for the row's harm level. */
  label: string;
  /** "J-L". */
  range: string;
  cells: GridCell[];
  total: number;
}

/** The grid as CMS draws it: immediate jeopardy (J-L) on top, minimal harm (A-C) at the bottom. */
export function toGridRows(grid: Readonly<Partial<Record<ScopeSeverityCode, number>>>): GridRow[] {
  return [...HARM_LEVELS].reverse().map((level) => {
    const cells = level.codes.map((code, index) => ({
      code,
      scope: SCOPES[index] as Scope,
      count: grid[code] ?? 0,
    }));
    return {
      level: level.key,
      label: level.label,
      range: `${level.codes[0]}-${level.codes[2]}`,
      cells,
      total: cells.reduce((sum, cell) => sum + cell.count, 0),
    };
  });
}

/** "Oct 1, 2023 to Oct 1, 2026". */
export function formatWindow(window: { windowStart: string; windowEnd: string }): string {
  return `${formatShortDate(window.windowStart)} to ${formatShortDate(window.windowEnd)}`;
}

/** Every citation of the three years (the grid's cells added up). */
export function countCitations(summary: Pick<InspectionSummary, "grid">): number {
  return SCOPE_SEVERITY_CODES.reduce((sum, code) => sum + (summary.grid[code] ?? 0), 0);
}

/** "J (Immediate jeopardy, isolated)"; null without a code. */
export function describeCode(code: string | null | undefined): string | null {
  const level = harmLevelOf(code);
  const scope = scopeOf(code);
  if (!level || !scope) return null;
  return `${code} (${level.label}, ${scope.toLowerCase()})`;
}

/** Whether a survey is older than the three years the grid counts (so not in it). */
export function isBeforeWindow(surveyDate: string, window: { windowStart: string } | null): boolean {
  return window !== null && surveyDate < window.windowStart;
}

/** A survey's citations, most severe first (so that the collapsed list never hides harm), then by tag. */
export function orderCitations(citations: readonly Citation[]): Citation[] {
  const severity = (citation: Citation) =>
    citation.scopeSeverity === null ? -1 : SCOPE_SEVERITY_CODES.indexOf(citation.scopeSeverity);
  return [...citations].sort((a, b) => severity(b) - severity(a) || formatTag(a).localeCompare(formatTag(b)));
}

/**
 * The surveys newest first, on one day the health survey before the fire safety one (as the API sends them; sorted
 * again so that the page never relies on it).
 */
export function orderSurveys(surveys: readonly Survey[]): Survey[] {
  const typeOrder = (survey: Survey) => (survey.type === "fire" ? 1 : 0);
  return [...surveys].sort(
    (a, b) =>
      b.surveyDate.localeCompare(a.surveyDate) ||
      typeOrder(a) - typeOrder(b) ||
      a.surveyType.localeCompare(b.surveyType),
  );
}

/** The surveys shown: all of them, or one type's (the section's filter). */
export const SURVEY_FILTERS = ["all", "health", "fire"] as const;
export type SurveyFilter = (typeof SURVEY_FILTERS)[number];

export const SURVEY_FILTER_LABELS: Record<SurveyFilter, string> = {
  all: "All",
  health: "Health",
  fire: "Fire safety",
};

export function isSurveyFilter(value: unknown): value is SurveyFilter {
  return typeof value === "string" && (SURVEY_FILTERS as readonly string[]).includes(value);
}

/** The surveys of a filter, in the page's order. */
export function filterSurveys(surveys: readonly Survey[], filter: SurveyFilter): Survey[] {
  return orderSurveys(filter === "all" ? surveys : surveys.filter((survey) => survey.type === filter));
}

/** How many surveys each filter shows. */
export function countSurveys(surveys: readonly Survey[]): Record<SurveyFilter, number> {
  const fire = surveys.filter((survey) => survey.type === "fire").length;
  return { all: surveys.length, health: surveys.length - fire, fire };
}

/**
 * What the surveys shown are, for the line above them: "12 surveys with citations (9 health, 3 fire safety), newest
 * first", "3 surveys with fire safety citations, newest first".
 */
export function describeSurveys(surveys: readonly Survey[], filter: SurveyFilter): string {
  const counts = countSurveys(surveys);
  if (filter === "fire") return `${plural(counts.fire, "survey")} with fire safety citations, newest first`;
  if (filter === "health" || counts.fire === 0)
    return `${plural(counts.health, "survey")} with health citations, newest first`;
  if (counts.health === 0) return `${plural(counts.fire, "survey")} with fire safety citations, newest first`;
  return `${plural(counts.all, "survey")} with citations (${formatCount(counts.health)} health, ${formatCount(counts.fire)} fire safety), newest first`;
}

/** What an empty filter says. */
export function noSurveysText(filter: SurveyFilter): string {
  return filter === "fire" ? "No fire safety citations in the record." : "No health citations in the record.";
}

/** The fire safety facts of the three years, as label and value, for the section's list. */
export function fireSafetyFacts(
  summary: FireSafetySummary,
): { label: string; value: string; testId: string }[] {
  return [
    { label: "Fire safety citations", value: formatCount(summary.citations), testId: "fire-total" },
    {
      label: "Fire safety inspections with citations",
      value: formatCount(summary.surveys),
      testId: "fire-surveys",
    },
    { label: "Most severe", value: describeCode(summary.mostSevere) ?? "None", testId: "fire-most-severe" },
    {
      label: "Actual harm or immediate jeopardy",
      value: formatCount(summary.actualHarm + summary.immediateJeopardy),
      testId: "fire-harm-total",
    },
    {
      label: "Emergency preparedness (E tags)",
      value: formatCount(summary.emergencyPreparedness),
      testId: "fire-emergency-total",
    },
  ];
}

/**
 * A survey's title: its kinds in Care Compare's words ("Standard inspection", "Standard and complaint inspection",
 * src/core/inspections.ts, surveyTitle); when no citation's flag says, CMS's survey type as an inspection ("Health
 * inspection" for "Health"). A fire safety survey is a "Fire safety inspection".
 */
export function formatSurveyTitle(
  survey: Pick<Survey, "kinds" | "surveyType"> & { type?: Survey["type"] },
): string {
  if (survey.type === "fire") return surveyTitle(survey.kinds, "fire");
  if (survey.kinds.length > 0) return surveyTitle(survey.kinds);
  const type = survey.surveyType.trim();
  if (type === "") return "Inspection";
  return /inspection|survey/i.test(type) ? type : `${type} inspection`;
}

/** The flag of a citation in CMS's abuse category (the citations behind the abuse flag). */
export const ABUSE_FLAG = "Abuse, neglect or exploitation";

/**
 * The small flags of a citation, as words: abuse category, complaint, infection control, under dispute. The kind
 * flags only where the survey was of several kinds (`surveyKinds`), to tell which citations came of which: in a
 * "Complaint inspection" every citation is a complaint's, as its title says.
 */
export function citationFlags(citation: Citation, surveyKinds: readonly SurveyKind[] = []): string[] {
  const isMixed = surveyKinds.length !== 1;
  return [
    ...(citation.category === ABUSE_CATEGORY ? [ABUSE_FLAG] : []),
    ...(citation.complaint && isMixed ? ["Complaint"] : []),
    ...(citation.infectionControl && isMixed ? ["Infection control"] : []),
    ...(citation.disputed ? ["Disputed"] : []),
  ];
}

export interface AbuseNotice {
  /** "icon": CMS shows its abuse icon for the home; "citations": abuse citations, without the icon. */
  kind: "icon" | "citations";
  title: string;
  text: string;
}

/**
 * What CMS's Abuse Icon means (NH_Data_Dictionary_Mar2023, Provider Information, "Abuse Icon"): a citation for
 * abuse or neglect that caused harm (G or worse) on the most recent standard inspection cycle, or one with potential
 * for more than minimal harm (D or worse) on each of the two most recent cycles.
 */
export const ABUSE_ICON_MEANING =
  "CMS marks a nursing home with its abuse icon when inspectors cited it for abuse or neglect that harmed a " +
  "resident (severity G or worse) in its most recent inspection cycle, or for abuse or neglect that could have " +
  "harmed residents (D or worse) in each of its two most recent cycles.";

/** The abuse flag of a facility's three years; null when neither the icon nor an abuse citation is there. */
export function abuseNotice(summary: InspectionSummary | null): AbuseNotice | null {
  if (!summary?.abuse) return null;
  const cited =
    summary.abuseCitations > 0
      ? `${plural(summary.abuseCitations, "citation")} for abuse, neglect or exploitation from ${formatWindow(summary)}.`
      : null;
  if (summary.abuseIcon) {
    return {
      kind: "icon",
      title: "CMS flags this home for abuse",
      text: [ABUSE_ICON_MEANING, cited].filter(Boolean).join(" "),
    };
  }
  return {
    kind: "citations",
    title: "Cited for abuse, neglect or exploitation",
    text: [
      cited,
      summary.abuseIcon === false
        ? "CMS does not show its abuse icon for this home: it marks homes cited for abuse or neglect that harmed a resident in the most recent inspection cycle, or that could have harmed residents in each of the two most recent cycles."
        : "CMS's abuse icon is not reported for this home.",
    ]
      .filter(Boolean)
      .join(" "),
  };
}

/** "2 fines, $124,343". */
export function describeFines(totals: Pick<PenaltyTotals, "fines" | "fineDollars">): string {
  return totals.fines === 0
    ? "No fines"
    : `${plural(totals.fines, "fine")}, ${formatUsd(totals.fineDollars)}`;
}

/** "1 payment denial, 29 days". */
export function describeDenials(totals: Pick<PenaltyTotals, "paymentDenials" | "denialDays">): string {
  return totals.paymentDenials === 0
    ? "No payment denials"
    : `${plural(totals.paymentDenials, "payment denial")}, ${plural(totals.denialDays, "day")}`;
}

/** The penalties newest first (as the API sends them; a stable sort keeps its order within a date). */
export function orderPenalties(penalties: readonly Penalty[]): Penalty[] {
  return [...penalties].sort((a, b) => b.date.localeCompare(a.date));
}

/** A penalty's amount or length: "$43,072", or "29 days from May 13, 2022". */
export function describePenalty(penalty: Penalty): string {
  if (penalty.type === "Fine")
    return penalty.fineAmount === null ? "Amount not reported" : formatUsd(penalty.fineAmount);
  const days = penalty.denialDays === null ? "Length not reported" : plural(penalty.denialDays, "day");
  return penalty.denialStartDate ? `${days} from ${formatShortDate(penalty.denialStartDate)}` : days;
}
