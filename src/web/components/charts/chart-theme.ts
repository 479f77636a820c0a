// Shared look of the product's charts (detail, compare, affiliated entity).
import type { XAxisProps, YAxisProps } from "recharts";
import { formatMonthYear } from "../../../core/history.ts";

export const RATING_TICKS = [0, 1, 2, 3, 4, 5];
export const CHART_MARGIN = { top: 8, right: 16, bottom: 0, left: -16 };
export const AXIS_TICK = { fontSize: 12, fill: "#64748b" };
export const AXIS_LINE = { stroke: "#cbd5e1" };
export const GRID_STROKE = "#e2e8f0";
export const CURSOR = { stroke: "#94a3b8", strokeDasharray: "3 3" };
export const LEGEND_STYLE = { fontSize: 13, paddingTop: 8 };

/** The x axis of a chart over monthly releases (rows keyed by `date`): "Jan 2024" at the ticks each chart picks. */
export const MONTH_AXIS: XAxisProps = {
  dataKey: "date",
  interval: 0,
  tickFormatter: formatMonthYear,
  tick: AXIS_TICK,
  tickLine: false,
  axisLine: AXIS_LINE,
  padding: { left: 12, right: 12 },
};

/** The y axis of star ratings: 0 to 5, whole stars. */
export const RATING_AXIS: YAxisProps = {
  domain: [0, 5],
  ticks: RATING_TICKS,
  allowDecimals: false,
  tick: AXIS_TICK,
  tickLine: false,
  axisLine: false,
};

// Series stay apart by pattern as well as colour: each series has its own dash pattern and point marker, shown in
// the legend too. Lines with equal values are also drawn a few pixels apart (coinciding-series.ts).

export type MarkerShape = "circle" | "square" | "triangle" | "diamond";

/** How one line is drawn. */
export interface SeriesStyle {
  color: string;
  /** SVG stroke-dasharray; undefined draws a solid line. */
  dash: string | undefined;
  /** Line width in px. */
  width: number;
  marker: MarkerShape;
}

export const LINE_WIDTH = 2.5;

/** Dash patterns (butt caps), most prominent first: solid, long, short, dots, dash-dot, dash-dot-dot. */
export const DASH_PATTERNS: readonly (string | undefined)[] = [
  undefined,
  "12 5",
  "5 4",
  "2 3",
  "12 4 2 4",
  "7 3 2 3 2 3",
];

/**
 * Marker shapes in drawing order, each sized (half its width, px) so that drawn on one another at a shared
 * point, in this order, every one still shows: the circle's sides around the square, the square's corners, the
 * triangle's tips beyond the square, the diamond on top.
 */
export const MARKER_SHAPES: readonly MarkerShape[] = ["circle", "square", "triangle", "diamond"];
export const MARKER_SIZES: Readonly<Record<MarkerShape, number>> = {
  circle: 6,
  square: 4.25,
  triangle: 5.25,
  diamond: 3.25,
};

/** The SVG path of a marker centred on (cx, cy), `size` being half its width. */
export function markerPath(shape: MarkerShape, cx: number, cy: number, size: number): string {
  switch (shape) {
    case "circle":
      return `M${cx - size},${cy}a${size},${size} 0 1,0 ${2 * size},0a${size},${size} 0 1,0 ${-2 * size},0Z`;
    case "square":
      return `M${cx - size},${cy - size}h${2 * size}v${2 * size}h${-2 * size}Z`;
    case "triangle": {
      // Equilateral, its centroid on the point, pointing up.
      const height = size * Math.sqrt(3);
      return `M${cx},${cy - (2 * height) / 3}L${cx + size},${cy + height / 3}L${cx - size},${cy + height / 3}Z`;
    }
    case "diamond":
      return `M${cx},${cy - size}L${cx + size},${cy}L${cx},${cy + size}L${cx - size},${cy}Z`;
  }
}
