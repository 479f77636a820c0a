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
  formatMonthDay,
  getSeasonalityColor,
  MONTH_ABBREVIATIONS,
  SEASONALITY_COLORS,
  type Seasonality,
  type SeasonalityRow,
} from "../../../../core/history.ts";
import { describeSeasonalityChart } from "../lib/chart-descriptions.ts";
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

/** The first of each month: the only labelled positions, 'Jan' to 'Dec'. */
const MONTH_TICKS = MONTH_ABBREVIATIONS.map((_, index) => `${String(index + 1).padStart(2, "0")}-01`);

function formatMonthTick(monthDay: string): string {
  return MONTH_ABBREVIATIONS[Number(monthDay.slice(0, 2)) - 1] ?? "";
}

/** Past five years the colours repeat, so later cycles are dashed to stay distinguishable. */
function getDashArray(index: number): string | undefined {
  return Math.floor(index / SEASONALITY_COLORS.length) % 2 === 1 ? "6 3" : undefined;
}

/**
 * Years with the same rating would draw on top of each other and hide each other's gaps, so older years are
 * nudged a little below the value (at most 0.2 of a star; the newest year sits on it, and the axis stays
 * 0 to 5). The tooltip shows the true ratings.
 */
function getYearOffset(index: number, count: number): number {
  if (count <= 1) return 0;
  const step = Math.min(0.06, 0.2 / (count - 1));
  return -(count - 1 - index) * step;
}

function SeasonalityTooltip({
  active,
  label,
  years,
  rowsByMonthDay,
}: TooltipContentProps & { years: readonly number[]; rowsByMonthDay: ReadonlyMap<string, SeasonalityRow> }) {
  const row = typeof label === "string" ? rowsByMonthDay.get(label) : undefined;
  if (!active || !row) return null;
  const items = years
    .map((year, index) => ({
      name: String(year),
      color: getSeasonalityColor(index),
      rating: row.ratings[String(year)] ?? null,
    }))
    .filter((item) => item.rating !== null)
    .map((item) => ({ ...item, value: formatRating(item.rating) }));
  return (
    <ChartTooltip
      title={formatMonthDay(row.monthDay)}
      items={items}
      note={items.length === 0 ? "No release on this date in any year" : undefined}
    />
  );
}

/** One overall-rating step line per year over a January-to-December axis; missing months stay empty. */
export function SeasonalityChart({ seasonality }: { seasonality: Seasonality }) {
  const { years, rows } = seasonality;
  const rowsByMonthDay = useMemo(() => new Map(rows.map((row) => [row.monthDay, row])), [rows]);
  return (
    <div
      role="img"
      aria-label={describeSeasonalityChart(seasonality)}
      data-testid="seasonality-chart"
      style={{ height: CHART_HEIGHT_PX }}
    >
      <ResponsiveContainer width="100%" height={CHART_HEIGHT_PX}>
        <LineChart data={rows} margin={CHART_MARGIN} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis
            dataKey="monthDay"
            ticks={MONTH_TICKS}
            interval={0}
            tickFormatter={formatMonthTick}
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
            content={(props) => (
              <SeasonalityTooltip {...props} years={years} rowsByMonthDay={rowsByMonthDay} />
            )}
            cursor={CURSOR}
          />
          <Legend iconType="plainline" wrapperStyle={LEGEND_STYLE} />
          {years.map((year, index) => (
            <Line
              key={year}
              type="stepAfter"
              dataKey={(row: SeasonalityRow) => {
                const rating = row.ratings[String(year)] ?? null;
                return rating === null ? null : rating + getYearOffset(index, years.length);
              }}
              name={String(year)}
              stroke={getSeasonalityColor(index)}
              strokeWidth={2}
              strokeDasharray={getDashArray(index)}
              connectNulls={false}
              dot={{ r: 3, strokeWidth: 0, fill: getSeasonalityColor(index) }}
              activeDot={{ r: 5 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
