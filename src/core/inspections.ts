// CMS's scope and severity grid of health citations, in one place for the server (its SQL, the API's words) and
// the web (the 12-cell grid, labels, filters). The grid: severity rows (A-C, D-F, G-I, J-L, least to most severe)
// by scope columns (isolated, pattern, widespread). The words follow CMS's State Operations Manual (Appendix P) and
// the CMS data dictionary's "Scope Severity Code" (NH_Data_Dictionary_Mar2023, table 7).
import { formatShortDate } from "./dates.ts";

/** The scope and severity codes, least severe first. */
export const SCOPE_SEVERITY_CODES = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"] as const;
export type ScopeSeverityCode = (typeof SCOPE_SEVERITY_CODES)[number];

/** CMS's four levels of harm, least severe first: each a row of three codes in the grid. */
export const HARM_LEVELS = [
  {
    key: "minimal",
    codes: ["A", "B", "C"],
    label: "No actual harm, potential for minimal harm",
  },
  {
    key: "potential",
    codes: ["D", "E", "F"],
    label: "No actual harm, potential for more than minimal harm",
  },
  { key: "actual", codes: ["G", "H", "I"], label: "Actual harm" },
  { key: "jeopardy", codes: ["J", "K", "L"], label: "Immediate jeopardy" },
] as const satisfies readonly { key: string; codes: readonly ScopeSeverityCode[]; label: string }[];
export type HarmLevelKey = (typeof HARM_LEVELS)[number]["key"];

/** The grid's columns: how many residents a citation affects, the same in every row. */
export const SCOPES = ["Isolated", "Pattern", "Widespread"] as const;
export type Scope = (typeof SCOPES)[number];

export function isScopeSeverityCode(value: unknown): value is ScopeSeverityCode {
  return typeof value === "string" && (SCOPE_SEVERITY_CODES as readonly string[]).includes(value);
}

/** The harm level of a code (A-C minimal, D-F potential, G-I actual, J-L jeopardy); null for anything else. */
export function harmLevelOf(code: string | null | undefined): (typeof HARM_LEVELS)[number] | null {
  if (!isScopeSeverityCode(code)) return null;
  return HARM_LEVELS[Math.floor(SCOPE_SEVERITY_CODES.indexOf(code) / 3)] ?? null;
}

/** The plain words of a code's harm level, as the API writes a citation's `harmLevel`; null without a code. */
export function harmLabel(code: string | null | undefined): string | null {
  return harmLevelOf(code)?.label ?? null;
}

/** The scope of a code (its column in the grid); null for anything else. */
export function scopeOf(code: string | null | undefined): Scope | null {
  if (!isScopeSeverityCode(code)) return null;
  return SCOPES[SCOPE_SEVERITY_CODES.indexOf(code) % 3] ?? null;
}

/**
 * The `harm` filter of lists and citations: `actual` keeps citations (or facilities with a citation in the last
 * three years) at G or worse (actual harm or immediate jeopardy), `jeopardy` at J or worse.
 */
export const HARM_FILTERS = ["actual", "jeopardy"] as const;
export type HarmFilter = (typeof HARM_FILTERS)[number];

/** The least severe code a `harm` filter keeps. */
export const HARM_FILTER_FLOOR: Record<HarmFilter, ScopeSeverityCode> = { actual: "G", jeopardy: "J" };

/** The harm level number the database keeps per facility (1 minimal ... 4 jeopardy, 0 no citation) a filter needs. */
export const HARM_FILTER_LEVEL: Record<HarmFilter, number> = { actual: 3, jeopardy: 4 };

/**
 * The kinds of inspection a health citation was found on, as CMS's Health Deficiencies file flags each citation
 * ("Standard Deficiency", "Complaint Deficiency", "Infection Control Inspection Deficiency"), in that order: the
 * yearly standard survey, a complaint investigation, a focused infection control inspection (since March 2020).
 * A survey's kinds are the union of its citations' flags; the `kind` filter of /api/citations keeps the citations
 * flagged with one.
 */
export const SURVEY_KINDS = ["standard", "complaint", "infectionControl"] as const;
export type SurveyKind = (typeof SURVEY_KINDS)[number];

/** Each kind as the titles name it, lower case. */
const SURVEY_KIND_WORDS: Record<SurveyKind, string> = {
  standard: "standard",
  complaint: "complaint",
  infectionControl: "infection control",
};

/**
 * The two types of inspection CMS publishes the citations of: health inspections (F tags, the Health Deficiencies
 * file) and fire safety inspections (K tags of the Life Safety Code and E tags of emergency preparedness, the Fire
 * Safety Deficiencies file). A survey is of one type; the `type` of /api/citations chooses one (health by default).
 */
export const INSPECTION_TYPES = ["health", "fire"] as const;
export type InspectionType = (typeof INSPECTION_TYPES)[number];

export function isInspectionType(value: unknown): value is InspectionType {
  return typeof value === "string" && (INSPECTION_TYPES as readonly string[]).includes(value);
}

/** Each type in the pages' words, for filters. */
export const INSPECTION_TYPE_LABELS: Record<InspectionType, string> = {
  health: "Health inspections",
  fire: "Fire safety inspections",
};

export function isSurveyKind(value: unknown): value is SurveyKind {
  return typeof value === "string" && (SURVEY_KINDS as readonly string[]).includes(value);
}

/**
 * A survey's title from its kinds, in Care Compare's words: "Standard inspection", "Complaint inspection",
 * "Infection control inspection", "Standard and complaint inspection"; the other combinations likewise, in the
 * order of SURVEY_KINDS ("Complaint and infection control inspection", "Standard, complaint and infection control
 * inspection"). "Health inspection" when no flag says (CMS's Survey Type, "Health", is all that is known). A fire
 * safety survey (`type` "fire") is a "Fire safety inspection".
 */
export function surveyTitle(kinds: readonly SurveyKind[], type: InspectionType = "health"): string {
  // A fire safety survey: "Fire safety inspection", or "Fire safety complaint inspection" when its citations were
  // found on a complaint investigation alone.
  if (type === "fire") {
    const isComplaintOnly = kinds.includes("complaint") && !kinds.includes("standard");
    return isComplaintOnly ? "Fire safety complaint inspection" : "Fire safety inspection";
  }
  const words = SURVEY_KINDS.filter((kind) => kinds.includes(kind)).map((kind) => SURVEY_KIND_WORDS[kind]);
  if (words.length === 0) return "Health inspection";
  const last = words.pop() as string;
  const text = words.length === 0 ? last : `${words.join(", ")} and ${last}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} inspection`;
}

/** The `kind` filter's choices in the citations page's words: the citations found on that kind of inspection. */
export const SURVEY_KIND_FILTER_LABELS: Record<SurveyKind, string> = {
  standard: "Standard inspections",
  complaint: "Complaint inspections",
  infectionControl: "Infection control inspections",
};

/**
 * A deficiency tag as CMS writes it, four digits ("0689"), from what a visitor types: "F689", "F0689", "F-0689",
 * "689" and "0689" are the same tag (health citations are all F tags; fire safety ones K or E: "K353" is "0353").
 * Null when it is not 1 to 4 digits after an optional F, K or E prefix.
 */
export function normalizeTag(text: string): string | null {
  const match = /^(?:[FKE]-?)?(\d{1,4})$/i.exec(text.trim());
  return match ? (match[1] as string).padStart(4, "0") : null;
}

/** CMS's name of the category of abuse citations (the "Freedom from Abuse, Neglect, and Exploitation" tags). */
export const ABUSE_CATEGORY = "Freedom from Abuse, Neglect, and Exploitation Deficiencies";

/**
 * A deficiency tag as CMS's Care Compare writes it: the prefix and the four digits, "F0689" (not "F689" or
 * "F-0689"), so that it reads the same as on CMS's pages and in its files.
 */
export function formatTag(citation: { prefix: string; tag: string }): string {
  return `${citation.prefix}${citation.tag}`;
}

/**
 * CMS's "Deficiency Corrected" text and date in plain words: "Corrected on May 2, 2026", "Plan of correction,
 * correction date May 2, 2026", "Past non-compliance, corrected before the inspection"; null when CMS says neither.
 */
export function describeCorrection(corrected: string | null, correctionDate: string | null): string | null {
  const date = correctionDate ? formatShortDate(correctionDate) : null;
  const text = corrected?.trim().toLowerCase() ?? "";
  if (text.includes("date of correction")) return date ? `Corrected on ${date}` : "Corrected";
  if (text.includes("no plan of correction"))
    return date ? `No plan of correction, correction date ${date}` : "No plan of correction";
  if (text.includes("plan of correction"))
    return date ? `Plan of correction, correction date ${date}` : "Plan of correction";
  if (text.includes("past non-compliance") || text.includes("past noncompliance"))
    return "Past non-compliance, corrected before the inspection";
  if (text.includes("waiver")) return "Waiver granted";
  if (corrected?.trim()) return date ? `${corrected.trim()}, ${date}` : corrected.trim();
  return date ? `Correction date ${date}` : null;
}
