import { useMemo } from "react";
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";
import { CHART_HEIGHT_PX } from "../../../../core/constants.ts";
import { formatRating } from "../../../../core/format.ts";
import {
  formatMonthYear,
  formatShortDate,
  type HistoryChartRow,
  type HistoryRange,
  selectMonthTicks,
} from "../../../../core/history.ts";
import { describeHistoryChart } from "../lib/chart-descriptions.ts";
import {
  AXIS_LINE,
  AXIS_TICK,
  CHART_MARGIN,
  CURSOR,
  GRID_STROKE,
  LEGEND_STYLE,
  RATING_TICKS,
} from "../lib/chart-theme.ts";
import { ChartTooltip } from "./chart-tooltip.tsx";

// Ratings often coincide, so the lines are nested rather than stacked: each drawn narrower on top of the
// previous one, every colour stays visible where all four share a value.
export const HISTORY_SERIES = [
  { key: "overall", name: "Overall", color: "#1d4ed8", width: 6, dotRadius: 6 },
  { key: "health", name: "Health", color: "#10b981", width: 4, dotRadius: 4.75 },
  { key: "qm", name: "QM", color: "#f59e0b", width: 2.5, dotRadius: 3.5 },
  { key: "staffing", name: "Staffing", color: "#c026d3", width: 1.5, dotRadius: 2.5 },
] as const satisfies readonly {
  key: keyof HistoryChartRow;
  name: string;
  color: string;
  width: number;
  dotRadius: number;
}[];

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
        color: series.color,
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
    <div
      role="img"
      aria-label={describeHistoryChart(rows, range)}
      data-testid="history-chart"
      style={{ height: CHART_HEIGHT_PX }}
    >
      <ResponsiveContainer width="100%" height={CHART_HEIGHT_PX}>
        <LineChart data={[...rows]} margin={CHART_MARGIN} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis
            dataKey="date"
            ticks={ticks}
            interval={0}
            tickFormatter={formatMonthYear}
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={AXIS_LINE}
            padding={{ left: 12, right: 12 }}
          />
          <YAxis
            domain={[0, 5]}
            ticks={RATING_TICKS}
            allowDecimals={false}
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            content={(props) => <HistoryTooltip {...props} rowsByDate={rowsByDate} />}
            cursor={CURSOR}
          />
          <Legend iconType="plainline" wrapperStyle={LEGEND_STYLE} itemSorter={null} />
          {HISTORY_SERIES.map((series) => (
            <Line
              key={series.key}
              type="stepAfter"
              dataKey={series.key}
              name={series.name}
              stroke={series.color}
              strokeWidth={series.width}
              connectNulls={false}
              strokeLinejoin="round"
              dot={{ r: series.dotRadius, strokeWidth: 0, fill: series.color }}
              activeDot={{ r: series.dotRadius + 2, strokeWidth: 1, stroke: "#fff" }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
