// How a citation row and the API's refusals read on the citations page.
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
  kind: "kind",
  type: "type",
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

/** The severity cell's second line: the scope ("Isolated") of a code; null without one. */
export function describeScope(code: string | null): string | null {
  return scopeOf(code);
}

/** The colour family of a code's harm level (least to most severe), for its badge. */
export function severityTone(code: string | null): "minimal" | "potential" | "actual" | "jeopardy" | "none" {
  return harmLevelOf(code)?.key ?? "none";
}
