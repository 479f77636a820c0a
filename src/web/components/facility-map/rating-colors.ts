// The colours of the maps: ColorBrewer's 5-class RdYlBu (readable with the common colour-vision deficiencies), red
// for 1 star through blue for 5, grey for unrated. The state layer spreads the same ramp over the states' range of
// average ratings, so that the states' small differences show.
import type { RatingClass } from "./projection.ts";

/** Index 0: unrated; 1 to 5: the overall rating. */
export const RATING_COLORS: readonly [string, string, string, string, string, string] = [
  "#9ca3af",
  "#d73027",
  "#fc8d59",
  "#fee090",
  "#91bfdb",
  "#4575b4",
];

/** The outline of every point: keeps the light colours apart from the light map beneath. */
export const POINT_OUTLINE = "#1e293b";

/** For states without current facilities (no average). */
export const NO_DATA_COLOR = "#f1f5f9";

export function ratingColor(rating: RatingClass): string {
  return RATING_COLORS[rating];
}

/** The legend's words for a rating class. */
export function ratingLabel(rating: RatingClass): string {
  return rating === 0 ? "Not rated" : rating === 1 ? "1 star" : `${rating} stars`;
}

function parseHex(color: string): [number, number, number] {
  const value = Number.parseInt(color.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${((1 << 24) | (Math.round(r) << 16) | (Math.round(g) << 8) | Math.round(b)).toString(16).slice(1)}`;
}

const RAMP = RATING_COLORS.slice(1).map(parseHex);

/** The colour at `t` (0 to 1, clamped) along the 1-to-5-star ramp, linear in RGB between its five stops. */
export function rampColor(t: number): string {
  const clamped = Math.min(Math.max(Number.isFinite(t) ? t : 0, 0), 1);
  const position = clamped * (RAMP.length - 1);
  const low = Math.floor(position);
  const high = Math.min(low + 1, RAMP.length - 1);
  const a = RAMP[low] as [number, number, number];
  const b = RAMP[high] as [number, number, number];
  const f = position - low;
  return toHex([a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f]);
}

/** The range of the state averages the ramp spans; a single value (or none) spans 1 to 5. */
export interface AverageRange {
  min: number;
  max: number;
}

/** States with fewer rated facilities than this do not stretch the ramp (their colour is clamped to its ends). */
export const RANGE_MIN_COUNT = 10;

/**
 * The range the ramp spans: the lowest to the highest average of the states with at least RANGE_MIN_COUNT rated
 * facilities (of all states when fewer than two have that many), so that a territory with three facilities does
 * not wash out the differences between the states.
 */
export function averageRange(states: readonly { average: number | null; count: number }[]): AverageRange {
  const rated = states.filter(
    (state): state is { average: number; count: number } =>
      state.average != null && Number.isFinite(state.average),
  );
  const large = rated.filter((state) => state.count >= RANGE_MIN_COUNT);
  const values = (large.length >= 2 ? large : rated).map((state) => state.average);
  if (values.length === 0) return { min: 1, max: 5 };
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? { min: 1, max: 5 } : { min, max };
}

/** A state's fill: its average's place in the states' range; NO_DATA_COLOR without an average. */
export function averageColor(average: number | null | undefined, range: AverageRange): string {
  if (average == null || !Number.isFinite(average)) return NO_DATA_COLOR;
  return rampColor((average - range.min) / (range.max - range.min));
}

/** The CSS gradient of the state layer's legend. */
export function rampGradient(): string {
  return `linear-gradient(to right, ${RATING_COLORS.slice(1).join(", ")})`;
}
