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
import { describeMarkers, type MethodologyEntry, markersForRows } from "../../../../core/methodology.ts";
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
  MONTH_AXIS,
  RATING_AXIS,
  type SeriesStyle,
} from "../../../components/charts/chart-theme.ts";
import { ChartTooltip } from "../../../components/charts/chart-tooltip.tsx";
import {
  describeCoincidences,
  findCoincidences,
  type SeriesPoint,
  seriesOffsets,
} from "../../../components/charts/coinciding-series.ts";
import {
  eventsByPosition,
  MethodMarkers,
  MethodMarkersList,
  withMarkerMargin,
} from "../../../components/charts/method-markers.tsx";
import { describeHistoryChart } from "../lib/chart-descriptions.ts";

// Ratings often coincide (Overall = Health most of all): series that share a value somewhere in the range are
// drawn a few pixels apart, in the legend's order from the top, and the note under the chart names them and the
// months (coinciding-series.ts); the tooltip and the table give the exact ratings. Each series also has its own
// dash pattern and marker besides its colour, so that they stay apart in black and white; the markers are drawn
// in the order of MARKER_SHAPES.
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
const SERIES_NAMES = HISTORY_SERIES.map(({ name }) => name);

/** The four ratings of each release in the range (months without one have none). */
function toSeriesPoints(rows: readonly HistoryChartRow[]): SeriesPoint[] {
  return rows.map((row) => ({
    label: formatMonthYear(row.date),
    values: HISTORY_SERIES.map((series) => row[series.key]),
  }));
}

function HistoryTooltip({
  active,
  label,
  rowsByDate,
  eventsAt,
}: TooltipContentProps & {
  rowsByDate: ReadonlyMap<string, HistoryChartRow>;
  eventsAt: ReadonlyMap<string, readonly MethodologyEntry[]>;
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
      events={eventsAt.get(row.date)}
    />
  );
}

/** Step lines of the four ratings; a month without a release is a null row, so the lines break there. */
export function HistoryChart({ rows, range }: { rows: readonly HistoryChartRow[]; range: HistoryRange }) {
  const rowsByDate = useMemo(() => new Map(rows.map((row) => [row.date, row])), [rows]);
  const ticks = useMemo(() => selectMonthTicks(rows.map((row) => row.date)), [rows]);
  const { offsets, note } = useMemo(() => {
    const points = toSeriesPoints(rows);
    const releases = rows.filter((row) => !row.isGap).length;
    return {
      offsets: seriesOffsets(points, HISTORY_SERIES.length),
      note: describeCoincidences(findCoincidences(points, SERIES_NAMES), releases, {
        one: "release",
        many: "releases",
        what: "ratings",
      }),
    };
  }, [rows]);
  // CMS's changes of method and months without a release within the range (src/core/methodology.ts).
  const markers = useMemo(() => markersForRows(rows.map((row) => row.date)), [rows]);
  const eventsAt = useMemo(() => eventsByPosition(markers), [markers]);
  const label = [describeHistoryChart(rows, range), describeMarkers(markers)].filter(Boolean).join(" ");
  return (
    <>
      <ChartFrame label={label} testId="history-chart">
        <LineChart
          data={[...rows]}
          margin={withMarkerMargin(CHART_MARGIN, markers)}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis {...MONTH_AXIS} ticks={ticks} />
          <YAxis {...RATING_AXIS} />
          <MethodMarkers markers={markers} />
          <Tooltip
            content={(props) => <HistoryTooltip {...props} rowsByDate={rowsByDate} eventsAt={eventsAt} />}
            cursor={CURSOR}
          />
          <Legend wrapperStyle={LEGEND_STYLE} content={() => <SeriesLegend entries={LEGEND_ENTRIES} />} />
          {HISTORY_SERIES.map((series, index) => (
            <Line
              key={series.key}
              dataKey={series.key}
              name={series.name}
              {...stepLineProps(series.style, offsets[index])}
            />
          ))}
        </LineChart>
      </ChartFrame>
      {note && <ChartNote text={note} testId="history-coincidence-note" />}
      <MethodMarkersList markers={markers} testId="history-method-markers" />
    </>
  );
}
