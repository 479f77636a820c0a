import { useMemo } from "react";
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";
import { formatRating } from "../../../../core/format.ts";
import {
  formatMonthYear,
  formatShortDate,
  type HistoryChartRow,
  type HistoryRange,
  selectMonthTicks,
} from "../../../../core/history.ts";
import { ChartFrame } from "../../../components/charts/chart-frame.tsx";
import { SeriesLegend, stepLineProps } from "../../../components/charts/chart-series.tsx";
import {
  CHART_MARGIN,
  CURSOR,
  DASH_PATTERNS,
  GRID_STROKE,
  LEGEND_STYLE,
  LINE_WIDTH,
  MONTH_AXIS,
  RATING_AXIS,
  type SeriesStyle,
} from "../../../components/charts/chart-theme.ts";
import { ChartTooltip } from "../../../components/charts/chart-tooltip.tsx";
import { describeHistoryChart } from "../lib/chart-descriptions.ts";

// Ratings often coincide, and a line is always drawn at its true value: where lines share a value they share
// pixels, so each has its own dash pattern and marker besides its colour. The solid Overall line is drawn first,
// under the dashed ones, whose gaps let it (and each other) show through; the markers are drawn in the order
// of MARKER_SHAPES, so that all four stay visible on a shared point.
export const HISTORY_SERIES = [
  {
    key: "overall",
    name: "Overall",
    style: { color: "#1d4ed8", dash: DASH_PATTERNS[0], width: LINE_WIDTH, marker: "circle" },
  },
  {
    key: "health",
    name: "Health",
    style: { color: "#10b981", dash: DASH_PATTERNS[1], width: LINE_WIDTH, marker: "square" },
  },
  {
    key: "qm",
    name: "QM",
    style: {
      color: "#f59e0b",
      dash: DASH_PATTERNS[2],
      width: LINE_WIDTH,
      marker: "triangle",
    },
  },
  {
    key: "staffing",
    name: "Staffing",
    style: {
      color: "#c026d3",
      dash: DASH_PATTERNS[3],
      width: LINE_WIDTH,
      marker: "diamond",
    },
  },
] as const satisfies readonly { key: keyof HistoryChartRow; name: string; style: SeriesStyle }[];

const LEGEND_ENTRIES = HISTORY_SERIES.map(({ name, style }) => ({ name, style }));

function HistoryTooltip({
  active,
  label,
  rowsByDate,
}: TooltipContentProps & {
  rowsByDate: ReadonlyMap<string, HistoryChartRow>;
}) {
  const row = typeof label === "string" ? rowsByDate.get(label) : undefined;
  if (!active || !row) return null;
  if (row.isGap) {
    return <ChartTooltip title={formatMonthYear(row.date)} items={[]} note="No CMS release this month" />;
  }
  return (
    <ChartTooltip
      title={formatShortDate(row.date)}
      items={HISTORY_SERIES.map((series) => ({
        name: series.name,
        style: series.style,
        value: formatRating(row[series.key]),
      }))}
    />
  );
}

/** Step lines of the four ratings; a month without a release is a null row, so the lines break there. */
export function HistoryChart({ rows, range }: { rows: readonly HistoryChartRow[]; range: HistoryRange }) {
  const rowsByDate = useMemo(() => new Map(rows.map((row) => [row.date, row])), [rows]);
  const ticks = useMemo(() => selectMonthTicks(rows.map((row) => row.date)), [rows]);
  return (
    <ChartFrame label={describeHistoryChart(rows, range)} testId="history-chart">
      <LineChart data={[...rows]} margin={CHART_MARGIN} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID_STROKE} vertical={false} />
        <XAxis {...MONTH_AXIS} ticks={ticks} />
        <YAxis {...RATING_AXIS} />
        <Tooltip content={(props) => <HistoryTooltip {...props} rowsByDate={rowsByDate} />} cursor={CURSOR} />
        <Legend wrapperStyle={LEGEND_STYLE} content={() => <SeriesLegend entries={LEGEND_ENTRIES} />} />
        {HISTORY_SERIES.map((series) => (
          <Line key={series.key} dataKey={series.key} name={series.name} {...stepLineProps(series.style)} />
        ))}
      </LineChart>
    </ChartFrame>
  );
}
