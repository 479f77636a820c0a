// How a citation row and the API's refusals read on the citations page.
import type { CitationRow } from "../../../../core/api-types.ts";
import type { CitationFilters } from "../../../../core/citation-url-state.ts";
import { formatCount } from "../../../../core/format.ts";
import { harmLevelOf, scopeOf } from "../../../../core/inspections.ts";

/** "1 citation", "1,234 citations". */
export function describeCitationCount(count: number): string {
  return count === 1 ? "1 citation" : `${formatCount(count)} citations`;
}

/** A field of the filter form, as the API names its parameter in a refusal (a 400's `param`). */
export type CitationField = keyof CitationFilters;

const FIELDS_BY_PARAM: Record<string, CitationField> = {
  tag: "tag",
  category: "category",
  harm: "harm",
  state: "states",
  entity: "entities",
  from: "from",
  to: "to",
  q: "q",
};

/** The form field a refused parameter belongs to; null for one that is not a field (the page or its size). */
export function fieldOfParam(param: string | undefined): CitationField | null {
  return param !== undefined && Object.hasOwn(FIELDS_BY_PARAM, param)
    ? (FIELDS_BY_PARAM[param] ?? null)
    : null;
}

/** The tag as CMS prints it with its prefix: "F0689". */
export function formatTag(row: Pick<CitationRow, "prefix" | "tag">): string {
  return `${row.prefix}${row.tag}`;
}

/** The severity cell's second line: the scope ("Isolated") of a code; null without one. */
export function describeScope(code: string | null): string | null {
  return scopeOf(code);
}

/** The colour family of a code's harm level (least to most severe), for its badge. */
export function severityTone(code: string | null): "minimal" | "potential" | "actual" | "jeopardy" | "none" {
  return harmLevelOf(code)?.key ?? "none";
}

/**
 * When the citation was corrected, in a few words: its date of correction when there is one; otherwise CMS's
 * "Deficiency Corrected" text without "Deficient, Provider has" ("Plan of correction"); "Not recorded" without.
 */
export function describeCorrection(row: Pick<CitationRow, "corrected" | "correctionDate">): {
  date: string | null;
  note: string | null;
} {
  const text = row.corrected?.trim() || null;
  const shortened = text?.replace(/^Deficient, Provider has\s+/i, "") ?? null;
  const note = shortened ? shortened.charAt(0).toUpperCase() + shortened.slice(1) : null;
  if (row.correctionDate) {
    // The date says it all for the common case; other texts (past non-compliance, a waiver) are kept beside it.
    return { date: row.correctionDate, note: /date of correction/i.test(text ?? "") ? null : note };
  }
  return { date: null, note: note ?? "Not recorded" };
}
