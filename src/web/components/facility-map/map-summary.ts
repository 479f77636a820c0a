// The map in words: what the text alternative and the notes under the map say.
import type { FacilityQuery, Near } from "../../../core/api-types.ts";
import { formatCount } from "../../../core/format.ts";
import type { ProjectedPoints, RatingClass } from "./projection.ts";
import { ratingLabel } from "./rating-colors.ts";
import { stateName } from "./us-states.ts";

export type PointCounts = Pick<ProjectedPoints, "count" | "byRating" | "approximateCount" | "unplaced">;

/** The colour names of the legend, for the text alternative. */
const COLOR_NAMES: Readonly<Record<RatingClass, string>> = {
  0: "grey",
  1: "red",
  2: "orange",
  3: "yellow",
  4: "light blue",
  5: "dark blue",
};

/** Ratings in the order the legend lists them: best first, unrated last. */
export const LEGEND_ORDER: readonly RatingClass[] = [5, 4, 3, 2, 1, 0];

export function colorName(rating: RatingClass): string {
  return COLOR_NAMES[rating];
}

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** Where the view's facilities are: the place and radius, the states filtered on, or the whole country. */
export function describeWhere(
  query: Pick<Partial<FacilityQuery>, "states">,
  near: Pick<Near, "label" | "radiusMiles"> | null,
): string {
  if (near) return `within ${plural(near.radiusMiles, "mile", "miles")} of ${near.label}`;
  const states = query.states ?? [];
  if (states.length > 0) {
    const names = states.map(stateName);
    const last = names.pop();
    return `in ${names.length > 0 ? `${names.join(", ")} and ${last}` : last}`;
  }
  return "across the United States and its territories";
}

/** The text alternative of the points: how many, where, what the colours and rings mean. */
export function describePoints(counts: PointCounts, where: string): string {
  if (counts.count === 0) return `The map shows no facilities ${where}.`;
  const parts = LEGEND_ORDER.filter((rating) => counts.byRating[rating] > 0).map(
    (rating) =>
      `${ratingLabel(rating).toLowerCase()}: ${formatCount(counts.byRating[rating])} (${colorName(rating)})`,
  );
  const sentences = [
    `The map shows ${plural(counts.count, "facility", "facilities")} ${where} as points coloured by overall rating: ${parts.join("; ")}.`,
  ];
  if (counts.approximateCount > 0) {
    sentences.push(
      `${plural(counts.approximateCount, "point is", "points are")} placed at the facility's ZIP code (approximate location) and drawn as rings.`,
    );
  }
  return sentences.join(" ");
}

/** The notes under the map on what it leaves out; empty when it leaves nothing out. */
export function omissionNotes(withoutPosition: number, unplaced: number): string[] {
  const notes: string[] = [];
  if (withoutPosition > 0) {
    notes.push(
      `${plural(withoutPosition, "facility", "facilities")} without a location ${withoutPosition === 1 ? "is" : "are"} not shown.`,
    );
  }
  if (unplaced > 0) {
    notes.push(
      `${plural(unplaced, "facility", "facilities")} outside the areas this map draws ${unplaced === 1 ? "is" : "are"} not shown.`,
    );
  }
  return notes;
}

/** A state's words on the state layer: "California: average overall rating 3.2 (1,180 rated facilities)". */
export function describeStateAverage(
  name: string,
  average: number | null | undefined,
  count: number,
): string {
  if (average == null) return `${name}: no rated facilities`;
  return `${name}: average overall rating ${average.toFixed(1)} (${plural(count, "rated facility", "rated facilities")})`;
}

/** The text alternative of the state layer: what the colours mean, the lowest and the highest state. */
export function describeStateLayer(states: { name: string; average: number | null }[]): string {
  const rated = states.filter((state): state is { name: string; average: number } => state.average != null);
  if (rated.length === 0) return "The map shows the states; none has rated facilities.";
  const sorted = [...rated].sort((a, b) => a.average - b.average);
  const lowest = sorted[0] as { name: string; average: number };
  const highest = sorted[sorted.length - 1] as { name: string; average: number };
  return (
    `The map colours ${plural(rated.length, "state", "states and territories")} by the average overall rating of their facilities, ` +
    `from red for the lowest (${lowest.name}, ${lowest.average.toFixed(1)}) to blue for the highest (${highest.name}, ${highest.average.toFixed(1)}). ` +
    "Each state is a button that shows its facilities."
  );
}
