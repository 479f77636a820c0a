// The compared facilities' overall ratings over time, overlaid in one chart. Each line has its own colour, dash
// pattern and marker, named in the legend; facilities with equal ratings are drawn a few pixels apart, in the
// legend's order from the top, and named in a note under the chart (coinciding-series.ts); a visually hidden
// table gives the exact values as text.

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
import { formatMonthYear, formatShortDate, selectMonthTicks } from "../../../../core/history.ts";
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
import { type CompareHistoryRow, describeCompareHistory } from "../lib/compare-history.ts";

/** One colour per column (at most four), apart in hue and lightness. */
const COLUMN_COLORS = ["#1d4ed8", "#ea580c", "#047857", "#c026d3"] as const;

export function columnStyle(column: number): SeriesStyle {
  return {
    color: COLUMN_COLORS[column % COLUMN_COLORS.length] ?? COLUMN_COLORS[0],
    dash: DASH_PATTERNS[column % DASH_PATTERNS.length],
    width: LINE_WIDTH,
    marker: MARKER_SHAPES[column % MARKER_SHAPES.length] ?? "circle",
  };
}

export interface ChartFacility {
  ccn: string;
  name: string;
}

function CompareTooltip({
  active,
  label,
  rowsByDate,
  facilities,
  eventsAt,
}: TooltipContentProps & {
  rowsByDate: ReadonlyMap<string, CompareHistoryRow>;
  facilities: readonly ChartFacility[];
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
      items={facilities.map((facility, column) => ({
        name: facility.name,
        style: columnStyle(column),
        value: formatRating(row.values[column]),
      }))}
      events={eventsAt.get(row.date)}
    />
  );
}

export function CompareHistoryChart({
  rows,
  facilities,
}: {
  rows: readonly CompareHistoryRow[];
  facilities: readonly ChartFacility[];
}) {
  const rowsByDate = useMemo(() => new Map(rows.map((row) => [row.date, row])), [rows]);
  const ticks = useMemo(() => selectMonthTicks(rows.map((row) => row.date)), [rows]);
  const names = facilities.map((facility) => facility.name);
  const legend = facilities.map((facility, column) => ({ name: facility.name, style: columnStyle(column) }));
  const { offsets, note } = useMemo(() => {
    const points = rows.map((row) => ({ label: formatMonthYear(row.date), values: row.values }));
    const releases = rows.filter((row) => !row.isGap).length;
    return {
      offsets: seriesOffsets(points, facilities.length),
      note: describeCoincidences(
        findCoincidences(
          points,
          facilities.map((facility) => facility.name),
        ),
        releases,
        { one: "release", many: "releases", what: "overall ratings" },
      ),
    };
  }, [rows, facilities]);
  // CMS's changes of method and months without a release within the histories (src/core/methodology.ts).
  const markers = useMemo(() => markersForRows(rows.map((row) => row.date)), [rows]);
  const eventsAt = useMemo(() => eventsByPosition(markers), [markers]);
  const label = [describeCompareHistory(rows, names), describeMarkers(markers)].filter(Boolean).join(" ");
  return (
    <>
      <ChartFrame label={label} testId="compare-history-chart">
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
            content={(props) => (
              <CompareTooltip
                {...props}
                rowsByDate={rowsByDate}
                facilities={facilities}
                eventsAt={eventsAt}
              />
            )}
            cursor={CURSOR}
          />
          <Legend wrapperStyle={LEGEND_STYLE} content={() => <SeriesLegend entries={legend} />} />
          {facilities.map((facility, column) => {
            const style = columnStyle(column);
            return (
              <Line
                key={facility.ccn}
                dataKey={(row: CompareHistoryRow) => row.values[column] ?? null}
                name={facility.name}
                {...stepLineProps(style, offsets[column])}
              />
            );
          })}
        </LineChart>
      </ChartFrame>
      {note && <ChartNote text={note} testId="compare-coincidence-note" />}
      <MethodMarkersList markers={markers} testId="compare-method-markers" />
      <HistoryTable rows={rows} names={names} />
    </>
  );
}

/** The chart's values as a table, for screen readers (the chart itself is an image with a summary). */
function HistoryTable({ rows, names }: { rows: readonly CompareHistoryRow[]; names: readonly string[] }) {
  return (
    // The wrapper hides it: a table does not shrink to the 1 px box that sr-only gives.
    <div className="sr-only">
      <table>
        <caption>Overall star rating by CMS release (out of 5)</caption>
        <thead>
          <tr>
            <th scope="col">Release</th>
            {names.map((name, column) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two facilities may share a name; columns are fixed
              <th key={column} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows
            .filter((row) => !row.isGap)
            .map((row) => (
              <tr key={row.date}>
                <th scope="row">{formatShortDate(row.date)}</th>
                {row.values.map((value, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per column
                  <td key={column}>{formatRating(value)}</td>
                ))}
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
