// The entity page's charts: recharts lives here only, in its own chunk, so the header, averages and cards render
// without waiting for it. Each chart is described in words (role="img") and its figures are a table on request.

import { BarChart3, TrendingUp } from "lucide-react";
import { useMemo } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Line,
  LineChart,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";
import type { Entity, EntityTrendPoint } from "../../../../core/api-types.ts";
import { formatAverage, formatCount } from "../../../../core/format.ts";
import { formatMonthYear, formatShortDate, selectMonthTicks } from "../../../../core/history.ts";
import { describeMarkers, type MethodologyEntry, markersForRows } from "../../../../core/methodology.ts";
import { fitAverageRatingAxis } from "../../../components/charts/average-rating-axis.ts";
import { ChartFrame } from "../../../components/charts/chart-frame.tsx";
import { markerDot } from "../../../components/charts/chart-series.tsx";
import {
  AXIS_LINE,
  AXIS_TICK,
  CHART_MARGIN,
  CURSOR,
  GRID_STROKE,
  LINE_WIDTH,
  MONTH_AXIS,
  RATING_AXIS,
  type SeriesStyle,
} from "../../../components/charts/chart-theme.ts";
import { TooltipMethodNotes } from "../../../components/charts/chart-tooltip.tsx";
import {
  eventsByPosition,
  MethodMarkers,
  MethodMarkersList,
  withMarkerMargin,
} from "../../../components/charts/method-markers.tsx";
import {
  describeDistribution,
  describeTrend,
  getDistributionRows,
  type TrendRow,
  toTrendRows,
} from "../lib/entity-descriptions.ts";

const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const BAR_COLOR = "#2563eb";
// Facilities without a rating are not a step of the scale: grey, and labelled 'Not rated' on the axis.
const UNRATED_COLOR = "#94a3b8";
const TREND_STYLE: SeriesStyle = { color: "#1d4ed8", dash: undefined, width: LINE_WIDTH, marker: "circle" };

function DataTable({
  summary,
  caption,
  headers,
  rows,
}: {
  summary: string;
  caption: string;
  headers: readonly string[];
  rows: readonly (readonly [string, ...string[]])[];
}) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer rounded-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
        {summary}
      </summary>
      {/* Scrolls on its own: focusable, so that keyboard users can scroll it too. */}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label={caption}
        className="mt-2 max-h-72 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-600">
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col" className="px-3 py-2 font-medium">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map(([head, ...cells]) => (
              <tr key={head}>
                <th scope="row" className="px-3 py-1.5 font-normal text-slate-700">
                  {head}
                </th>
                {cells.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                  <td key={index} className="px-3 py-1.5">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}

export function DistributionChart({ entity }: { entity: Entity }) {
  const rows = useMemo(() => getDistributionRows(entity), [entity]);
  return (
    <section aria-labelledby="entity-distribution" className={CARD} data-testid="entity-distribution">
      <h2 id="entity-distribution" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <BarChart3 className="size-4 text-slate-500" aria-hidden />
        Overall rating distribution
      </h2>
      <p className="mt-0.5 mb-4 text-sm text-slate-500">Facilities by their current overall star rating.</p>
      <ChartFrame label={describeDistribution(rows)} testId="distribution-chart">
        <BarChart data={rows} margin={{ ...CHART_MARGIN, top: 20 }} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={AXIS_LINE} interval={0} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} />
          <Bar dataKey="count" name="Facilities" isAnimationActive={false} radius={[4, 4, 0, 0]}>
            {rows.map((row) => (
              <Cell key={row.key} fill={row.key === "unrated" ? UNRATED_COLOR : BAR_COLOR} />
            ))}
            <LabelList dataKey="count" position="top" fill="#334155" fontSize={12} />
          </Bar>
        </BarChart>
      </ChartFrame>
      <DataTable
        summary="Show the distribution as a table"
        caption="Facilities by overall star rating"
        headers={["Overall rating", "Facilities"]}
        rows={rows.map((row) => [row.label, formatCount(row.count)] as const)}
      />
    </section>
  );
}

function TrendTooltip({
  active,
  label,
  rowsByDate,
  eventsAt,
}: TooltipContentProps & {
  rowsByDate: ReadonlyMap<string, TrendRow>;
  eventsAt: ReadonlyMap<string, readonly MethodologyEntry[]>;
}) {
  const row = typeof label === "string" ? rowsByDate.get(label) : undefined;
  if (!active || !row) return null;
  return (
    <div className="min-w-44 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm shadow-md">
      <p className="mb-1 font-medium text-slate-900">
        {row.isGap ? formatMonthYear(row.date) : formatShortDate(row.date)}
      </p>
      {row.isGap ? (
        <p className="text-slate-500">No CMS release this month</p>
      ) : (
        <>
          <p className="flex justify-between gap-4 text-slate-600">
            Average overall
            <span className="font-medium tabular-nums text-slate-900">{formatAverage(row.average)}</span>
          </p>
          <p className="flex justify-between gap-4 text-slate-600">
            Facilities
            <span className="font-medium tabular-nums text-slate-900">
              {formatCount(row.facilities ?? 0)}
            </span>
          </p>
        </>
      )}
      <TooltipMethodNotes events={eventsAt.get(row.date)} />
    </div>
  );
}

export function TrendChart({ points }: { points: readonly EntityTrendPoint[] }) {
  const rows = useMemo(() => toTrendRows(points), [points]);
  const rowsByDate = useMemo(() => new Map(rows.map((row) => [row.date, row])), [rows]);
  const ticks = useMemo(() => selectMonthTicks(rows.map((row) => row.date)), [rows]);
  // Fitted to the averages (a fixed 1-5 axis flattens a rise from 2.4 to 2.7), saying so on the chart and in its
  // description whenever it does not span the whole scale.
  const axis = useMemo(
    () =>
      fitAverageRatingAxis(
        points.flatMap((point) => (point.averageOverallRating === null ? [] : [point.averageOverallRating])),
      ),
    [points],
  );
  // CMS's changes of method and months without a release within the trend (src/core/methodology.ts).
  const markers = useMemo(() => markersForRows(rows.map((row) => row.date)), [rows]);
  const eventsAt = useMemo(() => eventsByPosition(markers), [markers]);
  const label = [describeTrend(points), axis.note, describeMarkers(markers)].filter(Boolean).join(" ");
  return (
    <section aria-labelledby="entity-trend" className={CARD} data-testid="entity-trend">
      <h2 id="entity-trend" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <TrendingUp className="size-4 text-slate-500" aria-hidden />
        Average overall rating over time
      </h2>
      <p className="mt-0.5 mb-4 text-sm text-slate-500">
        Each monthly CMS release, over the entity's current facilities rated in it; months without a release
        are left as gaps.
      </p>
      {points.length === 0 ? (
        <p className="py-8 text-center text-slate-500">No rating history available for this entity.</p>
      ) : (
        <>
          {axis.note && (
            <p className="mb-2 text-xs font-medium text-slate-600" data-testid="trend-axis-note">
              {axis.note}
            </p>
          )}
          <ChartFrame label={label} testId="trend-chart">
            <LineChart
              data={rows}
              margin={withMarkerMargin(CHART_MARGIN, markers)}
              accessibilityLayer={false}
            >
              <CartesianGrid stroke={GRID_STROKE} vertical={false} />
              <XAxis {...MONTH_AXIS} ticks={ticks} />
              <YAxis
                {...RATING_AXIS}
                domain={axis.domain}
                ticks={axis.ticks}
                allowDecimals
                tickFormatter={axis.formatTick}
              />
              <MethodMarkers markers={markers} />
              <Tooltip
                content={(props) => <TrendTooltip {...props} rowsByDate={rowsByDate} eventsAt={eventsAt} />}
                cursor={CURSOR}
              />
              <Line
                type="linear"
                dataKey="average"
                name="Average overall rating"
                stroke={TREND_STYLE.color}
                strokeWidth={TREND_STYLE.width}
                connectNulls={false}
                dot={markerDot(TREND_STYLE, 0.55)}
                activeDot={markerDot(TREND_STYLE, 1)}
                isAnimationActive={false}
              />
            </LineChart>
          </ChartFrame>
          <MethodMarkersList markers={markers} testId="trend-method-markers" />
          <DataTable
            summary={`Show the averages as a table (${points.length} ${points.length === 1 ? "month" : "months"})`}
            caption="Average overall rating by CMS release date"
            headers={["Release", "Average overall rating", "Facilities"]}
            rows={[...points]
              .reverse()
              .map(
                (point) =>
                  [
                    formatShortDate(point.processingDate),
                    formatAverage(point.averageOverallRating),
                    formatCount(point.facilities),
                  ] as const,
              )}
          />
        </>
      )}
    </section>
  );
}
