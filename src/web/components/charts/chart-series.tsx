// The look of one line, shared by the chart, its legend and its tooltip: colour, dash pattern and point marker.
import { LineDrawShape, type LineDrawShapeProps } from "recharts";
import { MARKER_SIZES, markerPath, type SeriesStyle } from "./chart-theme.ts";

/** A point marker, outlined in white so that markers of equal values, drawn on one another, stay apart. */
export function SeriesMarker({
  style,
  cx,
  cy,
  scale = 1,
}: {
  style: SeriesStyle;
  cx: number;
  cy: number;
  scale?: number;
}) {
  const size = MARKER_SIZES[style.marker] * scale;
  const common = { fill: style.color, stroke: "#fff", strokeWidth: 0.75, "data-shape": style.marker };
  if (style.marker === "circle") return <circle cx={cx} cy={cy} r={size} {...common} />;
  return <path d={markerPath(style.marker, cx, cy, size)} {...common} />;
}

interface DotProps {
  cx?: number | null;
  cy?: number | null;
}

/**
 * A recharts `dot` (or `activeDot`): recharts calls it as a plain function for each point, to draw the series'
 * marker (`offsetPx` below its value, as its line; see coinciding-series.ts); nothing where the value is missing.
 */
export function markerDot(style: SeriesStyle, scale = 1, offsetPx = 0) {
  return ({ cx, cy }: DotProps) =>
    typeof cx === "number" && typeof cy === "number" && Number.isFinite(cx) && Number.isFinite(cy) ? (
      <SeriesMarker style={style} cx={cx} cy={cy + offsetPx} scale={scale} />
    ) : (
      <g />
    );
}

/** recharts' own line, drawn `offsetPx` below the values' pixels (the values and the tooltip stay as they are). */
function offsetLineShape(offsetPx: number) {
  return (props: LineDrawShapeProps) => (
    <LineDrawShape
      {...props}
      points={props.points?.map((point) => (point.y == null ? point : { ...point, y: point.y + offsetPx }))}
    />
  );
}

/** A short stretch of the line with its marker in the middle, as drawn in the chart. */
export function SeriesSwatch({ style, width = 36 }: { style: SeriesStyle; width?: number }) {
  const height = 14;
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden
      className="shrink-0 overflow-visible"
    >
      <line
        x1={0}
        x2={width}
        y1={height / 2}
        y2={height / 2}
        stroke={style.color}
        strokeWidth={style.width}
        strokeDasharray={style.dash}
      />
      <SeriesMarker style={style} cx={width / 2} cy={height / 2} />
    </svg>
  );
}

export interface LegendEntry {
  name: string;
  style: SeriesStyle;
}

/** The chart's legend: each series' name beside a swatch of its line, pattern and marker. */
export function SeriesLegend({ entries }: { entries: readonly LegendEntry[] }) {
  return (
    <ul
      className="flex flex-wrap justify-center gap-x-5 gap-y-1 pt-2 text-[13px] text-slate-700"
      data-testid="chart-legend"
    >
      {entries.map((entry) => (
        <li key={entry.name} className="chart-legend-item flex items-center gap-1.5" data-series={entry.name}>
          <SeriesSwatch style={entry.style} />
          {entry.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * A series drawn as a step line in its style (colour, width, dash, marker); a null value breaks the line. A series
 * that shares values with others is drawn `offsetPx` apart from its values, markers included (seriesOffsets).
 */
export function stepLineProps(style: SeriesStyle, offsetPx = 0) {
  return {
    type: "stepAfter",
    stroke: style.color,
    strokeWidth: style.width,
    strokeDasharray: style.dash,
    connectNulls: false,
    dot: markerDot(style, 1, offsetPx),
    activeDot: markerDot(style, 1.4, offsetPx),
    isAnimationActive: false,
    ...(offsetPx === 0 ? {} : { shape: offsetLineShape(offsetPx) }),
  } as const;
}
