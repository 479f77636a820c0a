// What the Quality measures section says (GET /api/facilities/{ccn}/quality-measures): the measures grouped by
// resident type, each score in its unit, marked better or worse than the averages by the measure's direction, and
// its trend in words (the text alternative of the small charts).
import type { FacilityQualityMeasures, QualityMeasure, ResidentType } from "../../core/quality-measures.ts";

/** Rates per 1,000 resident days (the long-stay claims measures) read as such; every other score is a percentage. */
export function isRateMeasure(measure: Pick<QualityMeasure, "description">): boolean {
  return /per\s*1,?000/i.test(measure.description);
}

/** A score in the measure's unit: "13.9%" or "1.90 per 1,000 days"; null says it is not reported. */
export function formatScore(measure: Pick<QualityMeasure, "description">, score: number | null): string {
  if (score === null) return "Not reported";
  return isRateMeasure(measure) ? `${score.toFixed(2)} per 1,000 days` : `${score.toFixed(1)}%`;
}

export type Comparison = "better" | "worse" | "same";

/**
 * The score against an average by the measure's direction; "same" when they round to the same shown value (a
 * difference a visitor cannot see is no difference). Null without both.
 */
export function compareScore(
  measure: Pick<QualityMeasure, "score" | "description" | "betterWhen">,
  average: number | null,
): Comparison | null {
  const { score } = measure;
  if (score === null || average === null) return null;
  const digits = isRateMeasure(measure) ? 2 : 1;
  if (score.toFixed(digits) === average.toFixed(digits)) return "same";
  const isHigher = score > average;
  return isHigher === (measure.betterWhen === "higher") ? "better" : "worse";
}

export const COMPARISON_TEXT: Record<Comparison, string> = {
  better: "Better than the national average",
  worse: "Worse than the national average",
  same: "About the national average",
};

export interface MeasureGroup {
  residentType: ResidentType;
  title: string;
  measures: QualityMeasure[];
}

/** Short-stay measures first (families of residents after a hospital stay), then long-stay, each in code order. */
export function groupMeasures(data: FacilityQualityMeasures): MeasureGroup[] {
  const groups: MeasureGroup[] = [
    { residentType: "shortStay", title: "Short-stay residents", measures: [] },
    { residentType: "longStay", title: "Long-stay residents", measures: [] },
  ];
  for (const measure of [...data.measures].sort((a, b) => a.code.localeCompare(b.code))) {
    groups.find((group) => group.residentType === measure.residentType)?.measures.push(measure);
  }
  return groups.filter((group) => group.measures.length > 0);
}

/** The trend in words: "2023Q2 14.2%, 2023Q3 13.0%, ... 2026Q1 12.3%"; "No earlier scores" with fewer than two. */
export function trendText(measure: QualityMeasure): string {
  const points = measure.history.filter((point) => point.score !== null);
  if (points.length < 2) return "No earlier scores";
  return points
    .map((point) => `${periodLabel(point.period)} ${formatScore(measure, point.score)}`)
    .join(", ");
}

/** A quarter as people say it ("2026Q1" -> "Q1 2026"); a claims period's dates as "Jan 2025 to Dec 2025". */
export function periodLabel(period: string): string {
  const quarter = /^(\d{4})Q([1-4])$/.exec(period);
  if (quarter) return `Q${quarter[2]} ${quarter[1]}`;
  const range = /^(\d{4})-(\d{2})-\d{2}\/(\d{4})-(\d{2})-\d{2}$/.exec(period);
  if (range) return `${monthName(range[2])} ${range[1]} to ${monthName(range[4])} ${range[3]}`;
  const quarters = /^(\d{4})Q([1-4])-(\d{4})Q([1-4])$/.exec(period);
  if (quarters) return `Q${quarters[2]} ${quarters[1]} to Q${quarters[4]} ${quarters[3]}`;
  return period;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
function monthName(month: string | undefined): string {
  return MONTHS[Number(month) - 1] ?? String(month);
}
