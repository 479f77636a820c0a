// The nurse-hours chart of the Staffing section: total nurse and RN hours per resident per day over the releases,
// with CMS's changes of method and the months without a release marked. Recharts lives in this lazily loaded chunk.
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
import { formatMonthYear, formatShortDate, selectMonthTicks } from "../../../../core/history.ts";
import { describeMarkers, type MethodologyEntry, markersForRows } from "../../../../core/methodology.ts";
import { ChartFrame } from "../../../components/charts/chart-frame.tsx";
import { SeriesLegend, stepLineProps } from "../../../components/charts/chart-series.tsx";
import {
  AXIS_TICK,
  CHART_MARGIN,
  CURSOR,
  DASH_PATTERNS,
  GRID_STROKE,
  LEGEND_STYLE,
  LINE_WIDTH,
  MONTH_AXIS,
  type SeriesStyle,
} from "../../../components/charts/chart-theme.ts";
import { ChartTooltip } from "../../../components/charts/chart-tooltip.tsx";
import {
  eventsByPosition,
  MethodMarkers,
  MethodMarkersList,
  withMarkerMargin,
} from "../../../components/charts/method-markers.tsx";
import { type NurseHoursRow, withMonthGaps } from "../../../lib/staffing-figures.ts";

const SERIES = [
  {
    key: "totalNurseHours",
    name: "Total nurse hours",
    style: { color: "#1d4ed8", dash: DASH_PATTERNS[0], width: LINE_WIDTH, marker: "circle" },
  },
  {
    key: "rnHours",
    name: "RN hours",
    style: { color: "#c026d3", dash: DASH_PATTERNS[1], width: LINE_WIDTH, marker: "square" },
  },
] as const satisfies readonly { key: keyof NurseHoursRow; name: string; style: SeriesStyle }[];

const LEGEND_ENTRIES = SERIES.map(({ name, style }) => ({ name, style }));

const hours = (value: number | null) => (value === null ? "Not reported" : `${value.toFixed(2)} hrs`);

function HoursTooltip({
  active,
  label,
  rowsByDate,
  eventsAt,
}: TooltipContentProps & {
  rowsByDate: ReadonlyMap<string, NurseHoursRow>;
  eventsAt: ReadonlyMap<string, readonly MethodologyEntry[]>;
}) {
  const row = typeof label === "string" ? rowsByDate.get(label) : undefined;
  if (!active || !row) return null;
  if (row.totalNurseHours === null && row.rnHours === null) {
    return (
      <ChartTooltip title={formatMonthYear(row.date)} items={[]} note="No staffing figures this month" />
    );
  }
  return (
    <ChartTooltip
      title={formatShortDate(row.date)}
      items={SERIES.map((series) => ({
        name: series.name,
        style: series.style,
        value: hours(row[series.key]),
      }))}
      events={eventsAt.get(row.date)}
    />
  );
}

/** The chart's description in words: the first and the newest release's hours. */
function describeHours(rows: readonly NurseHoursRow[]): string {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return "No staffing figures over the releases.";
  return `Nurse hours per resident per day from ${formatShortDate(first.date)} to ${formatShortDate(last.date)}: total nurse hours ${hours(first.totalNurseHours)} then ${hours(last.totalNurseHours)}, RN hours ${hours(first.rnHours)} then ${hours(last.rnHours)}.`;
}

export function StaffingChart({ rows }: { rows: readonly NurseHoursRow[] }) {
  const gridRows = useMemo(() => withMonthGaps(rows), [rows]);
  const rowsByDate = useMemo(() => new Map(gridRows.map((row) => [row.date, row])), [gridRows]);
  const ticks = useMemo(() => selectMonthTicks(gridRows.map((row) => row.date)), [gridRows]);
  const markers = useMemo(() => markersForRows(gridRows.map((row) => row.date)), [gridRows]);
  const eventsAt = useMemo(() => eventsByPosition(markers), [markers]);
  const label = [describeHours(rows), describeMarkers(markers)].filter(Boolean).join(" ");
  return (
    <>
      <ChartFrame label={label} testId="staffing-chart">
        <LineChart
          data={gridRows}
          margin={withMarkerMargin(CHART_MARGIN, markers)}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis {...MONTH_AXIS} ticks={ticks} />
          <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} domain={[0, "auto"]} />
          <MethodMarkers markers={markers} />
          <Tooltip
            content={(props) => <HoursTooltip {...props} rowsByDate={rowsByDate} eventsAt={eventsAt} />}
            cursor={CURSOR}
          />
          <Legend wrapperStyle={LEGEND_STYLE} content={() => <SeriesLegend entries={LEGEND_ENTRIES} />} />
          {SERIES.map((series) => (
            <Line key={series.key} dataKey={series.key} name={series.name} {...stepLineProps(series.style)} />
          ))}
        </LineChart>
      </ChartFrame>
      <MethodMarkersList markers={markers} testId="staffing-method-markers" />
    </>
  );
}
