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
  formatMonthDay,
  getSeasonalityColor,
  MONTH_ABBREVIATIONS,
  type Seasonality,
  type SeasonalityRow,
} from "../../../../core/history.ts";
import { describeMarkers, type MethodologyEntry, seasonalityMarkers } from "../../../../core/methodology.ts";
import { ChartFrame } from "../../../components/charts/chart-frame.tsx";
import { ChartNote } from "../../../components/charts/chart-note.tsx";
import { SeriesLegend, stepLineProps } from "../../../components/charts/chart-series.tsx";
import {
  CHART_MARGIN,
  CURSOR,
  DASH_PATTERNS,
  GRID_STROKE,
  LEGEND_STYLE,
  LINE_WIDTH,
  MARKER_SHAPES,
  MONTH_AXIS,
  RATING_AXIS,
  type SeriesStyle,
} from "../../../components/charts/chart-theme.ts";
import { ChartTooltip } from "../../../components/charts/chart-tooltip.tsx";
import {
  describeCoincidences,
  findCoincidences,
  seriesOffsets,
} from "../../../components/charts/coinciding-series.ts";
import {
  eventsByPosition,
  MethodMarkers,
  MethodMarkersList,
  withMarkerMargin,
} from "../../../components/charts/method-markers.tsx";
import { describeSeasonalityChart } from "../lib/chart-descriptions.ts";

/** The first of each month: the only labelled positions, 'Jan' to 'Dec'. */
const MONTH_TICKS = MONTH_ABBREVIATIONS.map((_, index) => `${String(index + 1).padStart(2, "0")}-01`);

function formatMonthTick(monthDay: string): string {
  return MONTH_ABBREVIATIONS[Number(monthDay.slice(0, 2)) - 1] ?? "";
}

/**
 * Besides its colour (five, cycling), each year has its own dash pattern and marker, counted from the newest year,
 * which is solid. Six patterns and four markers with five colours keep up to 60 years apart. Years with the same
 * rating on a day are drawn a few pixels apart, in the legend's order from the top, and named in the note under
 * the chart (coinciding-series.ts).
 */
export function getYearStyle(index: number, count: number): SeriesStyle {
  const fromNewest = count - 1 - index;
  return {
    color: getSeasonalityColor(index),
    dash: DASH_PATTERNS[fromNewest % DASH_PATTERNS.length],
    width: LINE_WIDTH,
    marker: MARKER_SHAPES[fromNewest % MARKER_SHAPES.length] ?? "circle",
  };
}

function SeasonalityTooltip({
  active,
  label,
  years,
  rowsByMonthDay,
  eventsAt,
}: TooltipContentProps & {
  years: readonly number[];
  rowsByMonthDay: ReadonlyMap<string, SeasonalityRow>;
  eventsAt: ReadonlyMap<string, readonly MethodologyEntry[]>;
}) {
  const row = typeof label === "string" ? rowsByMonthDay.get(label) : undefined;
  if (!active || !row) return null;
  const items = years
    .map((year, index) => ({
      name: String(year),
      style: getYearStyle(index, years.length),
      rating: row.ratings[String(year)] ?? null,
    }))
    .filter((item) => item.rating !== null)
    .map((item) => ({ ...item, value: formatRating(item.rating) }));
  return (
    <ChartTooltip
      title={formatMonthDay(row.monthDay)}
      items={items}
      note={items.length === 0 ? "No release on this date in any year" : undefined}
      events={eventsAt.get(row.monthDay)}
    />
  );
}

/** One overall-rating step line per year over a January-to-December axis; missing months stay empty. */
export function SeasonalityChart({ seasonality }: { seasonality: Seasonality }) {
  const { years, rows } = seasonality;
  const rowsByMonthDay = useMemo(() => new Map(rows.map((row) => [row.monthDay, row])), [rows]);
  // Drawn newest (solid, circles) first, so that the dashed older years lie on top and it shows through their
  // gaps, and the markers of a shared point stack in the order of MARKER_SHAPES.
  const lines = useMemo(
    () =>
      years.map((year, index) => ({ year, name: String(year), style: getYearStyle(index, years.length) })),
    [years],
  );
  const { offsets, note } = useMemo(() => {
    const points = rows.map((row) => ({
      label: formatMonthDay(row.monthDay),
      values: years.map((year) => row.ratings[String(year)] ?? null),
    }));
    const dates = points.filter((point) => point.values.some((value) => value !== null)).length;
    return {
      offsets: seriesOffsets(points, years.length),
      note: describeCoincidences(
        findCoincidences(
          points,
          years.map((year) => String(year)),
        ),
        dates,
        { one: "date", many: "dates", what: "ratings" },
      ),
    };
  }, [rows, years]);
  const drawOrder = useMemo(
    () => lines.map((line, index) => ({ ...line, offset: offsets[index] ?? 0 })).reverse(),
    [lines, offsets],
  );
  // CMS's changes of method and months without a release of the years shown, at their month.
  const markers = useMemo(() => seasonalityMarkers(years), [years]);
  const eventsAt = useMemo(() => eventsByPosition(markers), [markers]);
  const label = [describeSeasonalityChart(seasonality), describeMarkers(markers)].filter(Boolean).join(" ");
  return (
    <>
      <ChartFrame label={label} testId="seasonality-chart">
        <LineChart data={rows} margin={withMarkerMargin(CHART_MARGIN, markers)} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis {...MONTH_AXIS} dataKey="monthDay" ticks={MONTH_TICKS} tickFormatter={formatMonthTick} />
          <YAxis {...RATING_AXIS} />
          <MethodMarkers markers={markers} />
          <Tooltip
            content={(props) => (
              <SeasonalityTooltip
                {...props}
                years={years}
                rowsByMonthDay={rowsByMonthDay}
                eventsAt={eventsAt}
              />
            )}
            cursor={CURSOR}
          />
          <Legend wrapperStyle={LEGEND_STYLE} content={() => <SeriesLegend entries={lines} />} />
          {drawOrder.map(({ year, name, style, offset }) => (
            <Line
              key={year}
              dataKey={(row: SeasonalityRow) => row.ratings[name] ?? null}
              name={name}
              {...stepLineProps(style, offset)}
            />
          ))}
        </LineChart>
      </ChartFrame>
      {note && <ChartNote text={note} testId="seasonality-coincidence-note" />}
      <MethodMarkersList markers={markers} testId="seasonality-method-markers" />
    </>
  );
}
