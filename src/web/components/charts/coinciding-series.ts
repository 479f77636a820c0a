// Lines with equal values (Overall = Health, two years alike, two facilities alike) would be drawn on the same
// pixels, the last one hiding the others. Each series that shares a value with another somewhere in the chart is
// drawn a few pixels apart from the others instead, one fixed nudge per series, in the legend's order from the
// top; the values themselves (tooltip, table, description) are never changed, and a note under the chart names
// the series that coincide and where.

/** The series' values at one position of the x axis (a release, a day of the year), in the legend's order. */
export interface SeriesPoint {
  /** How the position is named in the note ('Mar 2026', 'Jan 1'). */
  label: string;
  values: readonly (number | null)[];
}

/** Distance between two nudged lines, px: a line is 2.5 px wide, so that each keeps a visible band. */
export const OFFSET_SPACING_PX = 3;
/** The most the nudged lines spread over in all, px (a tenth of a star or so), however many they are. */
export const MAX_OFFSET_SPREAD_PX = 12;

/** The groups of series (two or more, by index) with the same value at one position. */
function equalGroups(values: readonly (number | null)[]): number[][] {
  const byValue = new Map<number, number[]>();
  values.forEach((value, index) => {
    if (value === null || !Number.isFinite(value)) return;
    byValue.set(value, [...(byValue.get(value) ?? []), index]);
  });
  return [...byValue.values()].filter((group) => group.length > 1);
}

/**
 * The vertical nudge of each series, px (negative is up): 0 for a series that never shares a value with another;
 * the others spread evenly around their true value, the first in the legend's order on top.
 */
export function seriesOffsets(points: readonly SeriesPoint[], seriesCount: number): number[] {
  const shared = new Set<number>();
  for (const point of points)
    for (const group of equalGroups(point.values)) for (const index of group) shared.add(index);
  const nudged = [...shared].sort((a, b) => a - b);
  const offsets: number[] = Array.from({ length: seriesCount }, () => 0);
  if (nudged.length < 2) return offsets;
  const spacing = Math.min(OFFSET_SPACING_PX, MAX_OFFSET_SPREAD_PX / (nudged.length - 1));
  nudged.forEach((series, rank) => {
    offsets[series] = (rank - (nudged.length - 1) / 2) * spacing;
  });
  return offsets;
}

export interface Coincidence {
  /** The series' names, in the legend's order: ['Overall', 'Health']. */
  names: string[];
  /** Runs of consecutive positions (among those with a value) where exactly these series are equal. */
  runs: { from: string; to: string }[];
  /** How many positions in all. */
  count: number;
}

/**
 * Which series are equal where: one entry per set of equal series, in the order they first appear. Only the
 * positions where some series has a value count (a month without a release neither breaks nor extends a run).
 */
export function findCoincidences(points: readonly SeriesPoint[], names: readonly string[]): Coincidence[] {
  const shown = points.filter((point) => point.values.some((value) => value !== null));
  const found = new Map<string, Coincidence & { last: number }>();
  shown.forEach((point, position) => {
    for (const group of equalGroups(point.values)) {
      const groupNames = group.map((index) => names[index] ?? "");
      const key = JSON.stringify(group);
      const entry = found.get(key) ?? { names: groupNames, runs: [], count: 0, last: -2 };
      const run = entry.runs.at(-1);
      if (run && entry.last === position - 1) run.to = point.label;
      else entry.runs.push({ from: point.label, to: point.label });
      entry.count += 1;
      entry.last = position;
      found.set(key, entry);
    }
  });
  return [...found.values()].map(({ names: groupNames, runs, count }) => ({
    names: groupNames,
    runs,
    count,
  }));
}

/** At most this many sets of equal series are named; the rest are counted. */
const MAX_LISTED = 4;
/** A set of equal series with more separate runs than this is given as a count. */
const MAX_RUNS = 3;

/**
 * The note under a chart: 'Equal values, drawn slightly apart (top to bottom in the legend's order): Overall =
 * Health, Oct 2025 - Jun 2026; ...'; null when no series coincide. `unit` names the positions ('release').
 */
export function describeCoincidences(
  coincidences: readonly Coincidence[],
  total: number,
  unit: { one: string; many: string; what: string },
): string | null {
  if (coincidences.length === 0) return null;
  const where = (coincidence: Coincidence) => {
    if (coincidence.count === total) return `every ${unit.one} shown`;
    if (coincidence.runs.length > MAX_RUNS) return `${coincidence.count} of ${total} ${unit.many}`;
    return coincidence.runs
      .map((run) => (run.from === run.to ? run.from : `${run.from} – ${run.to}`))
      .join(", ");
  };
  const listed = coincidences
    .slice(0, MAX_LISTED)
    .map((coincidence) => `${coincidence.names.join(" = ")}, ${where(coincidence)}`);
  const more = coincidences.length - listed.length;
  return (
    `Equal ${unit.what}, drawn slightly apart (top to bottom in the legend's order): ${listed.join("; ")}` +
    (more > 0 ? `; and ${more} more ${more === 1 ? "set" : "sets"} (see the tooltip).` : ".")
  );
}
