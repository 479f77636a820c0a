// The "What changed" list: every change of a star rating between consecutive releases, newest first, with the
// rating names the detail page uses.
import type { ChangeMetric, RatingChange } from "../../../../core/api-types.ts";
import { CHANGE_METRICS } from "../../../../core/api-types.ts";
import { METHODOLOGY_EVENTS, type MethodologyEntry, methodChangeFor } from "../../../../core/methodology.ts";

export const CHANGE_METRIC_NAMES: Record<ChangeMetric, string> = {
  overallRating: "Overall",
  healthInspectionRating: "Health Inspection",
  staffingRating: "Staffing",
  qmRating: "Quality Measures",
};

/** Rows shown before "Show all": a long history stays one screen tall until the visitor asks for more. */
export const CHANGES_SHOWN_FIRST = 10;

export type ChangeDirectionName = "up" | "down";

export interface ChangeRow extends RatingChange {
  key: string;
  direction: ChangeDirectionName;
  /** Absolute size of the change in stars. */
  size: number;
  /** The change of method CMS made with this release, if any (src/core/methodology.ts): the move may be its doing. */
  methodChange: MethodologyEntry | undefined;
}

/**
 * Newest first; on one date, in the page's order of the ratings (Overall, Health Inspection, ...). Each row knows the
 * change of method of its release's month, if CMS made one.
 */
export function toChangeRows(
  changes: readonly RatingChange[],
  events: readonly MethodologyEntry[] = METHODOLOGY_EVENTS,
): ChangeRow[] {
  return [...changes]
    .sort(
      (a, b) =>
        b.processingDate.localeCompare(a.processingDate) ||
        CHANGE_METRICS.indexOf(a.metric) - CHANGE_METRICS.indexOf(b.metric),
    )
    .map((change) => ({
      ...change,
      key: `${change.processingDate}-${change.metric}`,
      direction: change.to > change.from ? "up" : "down",
      size: Math.abs(change.to - change.from),
      methodChange: methodChangeFor(change.processingDate, events),
    }));
}

/** The changes of method the rows coincide with, newest first, each once. */
export function methodChangesOf(rows: readonly ChangeRow[]): MethodologyEntry[] {
  const seen = new Map<string, MethodologyEntry>();
  for (const row of rows) if (row.methodChange) seen.set(row.methodChange.date, row.methodChange);
  return [...seen.values()];
}

/** '12 changes: 5 up, 7 down.' */
export function summarizeChanges(rows: readonly ChangeRow[]): string {
  const up = rows.filter((row) => row.direction === "up").length;
  const down = rows.length - up;
  return `${rows.length} ${rows.length === 1 ? "change" : "changes"}: ${up} up, ${down} down.`;
}
