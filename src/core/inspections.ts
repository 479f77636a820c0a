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
 * A deficiency tag as CMS writes it, four digits ("0689"), from what a visitor types: "F689", "F0689", "F-0689",
 * "689" and "0689" are the same tag (health citations are all F tags). Null when it is not 1 to 4 digits after an
 * optional F prefix.
 */
export function normalizeTag(text: string): string | null {
  const match = /^(?:F-?)?(\d{1,4})$/i.exec(text.trim());
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
