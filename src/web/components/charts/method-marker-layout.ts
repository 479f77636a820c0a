// Where the labels of the methodology markers go (method-markers.tsx): in rows of a band above the plot, each beside
// its marker's line, never over another label or across another marker's line. A marker's line rises from the plot
// through the band's rows up to its label's row (row 0 is the top one); an unlabelled marker's line stops at the plot.
// Labels are placed from left to right, each in the first row (from the top) and the first of its texts (the label, then its
// number in the list under the chart) that fit; a marker where none fits is drawn without words. Where markers crowd
// (a narrow chart), a long label over its neighbours' lines pushes theirs out of every row: a second layout gives a
// label only to the markers whose label reaches no other marker (the others their number), and the layout that
// names its markers best is kept.

export interface MarkerLabelInput {
  /** The marker's x, px. */
  x: number;
  /** The texts it may show, preferred first; none for a marker drawn without words. */
  texts: readonly string[];
}

export interface MarkerLabelPlacement {
  /** The band's row of its label (0 the top one), or null when it has none. */
  row: number | null;
  text: string;
  /** Whether the label starts right of the line or ends left of it (at the plot's right edge). */
  anchor: "start" | "end";
  /** The label's extent, px. */
  x0: number;
  x1: number;
}

export interface MarkerLabelOptions {
  /** The plot's left and right edges, px: labels stay within them. */
  left: number;
  right: number;
  /** Rows of the band. */
  rows: number;
  /** The width of a character of the label's font, px (an estimate a little above the average). */
  charWidth: number;
  /** Between a line and its label, px. */
  pad?: number;
  /** The least room between two labels, or a label and another marker's line, px. */
  gap?: number;
}

const NONE = (x: number): MarkerLabelPlacement => ({ row: null, text: "", anchor: "start", x0: x, x1: x });

export function layoutMarkerLabels(
  items: readonly MarkerLabelInput[],
  options: MarkerLabelOptions,
): MarkerLabelPlacement[] {
  const greedy = placeGreedily(items, options);
  const gap = options.gap ?? 6;
  // Each marker's first text only when it spans no other marker's line.
  const clear = items.map((item) => {
    const [first, ...rest] = item.texts;
    if (first === undefined || rest.length === 0) return item;
    const { x0, x1 } = extent(item.x, first, options);
    const spans = items.some((other) => other !== item && other.x > x0 - gap && other.x < x1 + gap);
    return spans ? { ...item, texts: rest } : item;
  });
  const compact = placeGreedily(clear, options);
  return score(compact, items) > score(greedy, items) ? compact : greedy;
}

/** The extent of a label beside a line at `x`: right of it, or left of it at the plot's right edge. */
function extent(x: number, text: string, options: MarkerLabelOptions) {
  const pad = options.pad ?? 3;
  const width = text.length * options.charWidth;
  const anchor: "start" | "end" = x + pad + width <= options.right ? "start" : "end";
  const x0 = anchor === "start" ? x + pad : x - pad - width;
  return { anchor, x0, x1: x0 + width };
}

/** How well a layout names its markers: per marker, more for a preferred text of its own, none without words. */
function score(placements: readonly MarkerLabelPlacement[], items: readonly MarkerLabelInput[]): number {
  return placements.reduce((sum, placement, index) => {
    if (placement.row === null) return sum;
    const texts = items[index]?.texts ?? [];
    return sum + texts.length + 1 - texts.indexOf(placement.text);
  }, 0);
}

function placeGreedily(
  items: readonly MarkerLabelInput[],
  options: MarkerLabelOptions,
): MarkerLabelPlacement[] {
  const { left, rows } = options;
  const gap = options.gap ?? 6;
  const placed: { x: number; placement: MarkerLabelPlacement }[] = [];
  /** Whether a line at `x` rising to `row` crosses the label `placement` (its row is at or below `row`). */
  const crosses = (x: number, row: number, placement: MarkerLabelPlacement) =>
    placement.row !== null && placement.row >= row && x > placement.x0 - 2 && x < placement.x1 + 2;
  const fits = (x: number, candidate: MarkerLabelPlacement): boolean => {
    const row = candidate.row as number;
    return placed.every(({ x: other, placement }) => {
      // Its own line must not cross a label of a row it rises through.
      if (crosses(x, row, placement)) return false;
      if (placement.row === null) return true;
      // Its label must not overlap a label of its row.
      if (placement.row === row && candidate.x0 < placement.x1 + gap && candidate.x1 > placement.x0 - gap) {
        return false;
      }
      // Nor cross another marker's line that rises through its row.
      return !(placement.row <= row && other > candidate.x0 - gap && other < candidate.x1 + gap);
    });
  };
  return items.map(({ x, texts }) => {
    for (const text of texts) {
      const { anchor, x0, x1 } = extent(x, text, options);
      if (x0 < left) continue;
      // The top row first: a line rising to it leaves the rows below free for the labels of the markers to its
      // right (a staircase), where a label near the plot would bar every line behind it.
      for (let row = 0; row < rows; row += 1) {
        const candidate: MarkerLabelPlacement = { row, text, anchor, x0, x1 };
        if (fits(x, candidate)) {
          placed.push({ x, placement: candidate });
          return candidate;
        }
      }
    }
    const none = NONE(x);
    placed.push({ x, placement: none });
    return none;
  });
}
