// The methodology markers of a chart (src/core/methodology.ts): a thin vertical line at each month when CMS changed
// how the stars are computed (solid) or published no release (dashed), with a short label in a band above the plot
// (method-marker-layout.ts) and the full text on hover (an SVG title, and the chart's tooltip for that month). The
// list under the chart gives every marker's full text and source to keyboard and screen-reader users; the chart's
// text alternative names them (describeMarkers).
import { useMemo } from "react";
import { usePlotArea, useXAxisScale } from "recharts";
import { formatMonthYear } from "../../../core/history.ts";
import type { ChartMarker, MethodologyEntry } from "../../../core/methodology.ts";
import { layoutMarkerLabels } from "./method-marker-layout.ts";
import { MethodSourceLink } from "./method-source-link.tsx";

/** Rows of the labels' band above the plot, and the height of each, px. */
export const MARKER_ROWS = 3;
const ROW_HEIGHT = 12;
/** Between the band and the plot, px: the point markers of a top rating stand out above the plot by this much. */
const BAND_GAP = 8;
/** How far a label may reach past the plot's right edge, into the chart's right margin (16 px), px. */
const RIGHT_OVERHANG = 12;
/** The labels' font size, px, and the width reckoned for each of its characters. */
const FONT_SIZE = 11;
const CHAR_WIDTH = 6.3;
const METHOD_COLOR = "#475569";
const NO_RELEASE_COLOR = "#64748b";

/** The chart's margin, with room above the plot for the markers' labels when it has markers. */
export function withMarkerMargin<M extends { top: number }>(margin: M, markers: readonly ChartMarker[]): M {
  return markers.length === 0 ? margin : { ...margin, top: margin.top + MARKER_ROWS * ROW_HEIGHT + BAND_GAP };
}

/** The events of the chart's markers by the x value they stand at (for the tooltip of that month). */
export function eventsByPosition(
  markers: readonly ChartMarker[],
): ReadonlyMap<string, readonly MethodologyEntry[]> {
  return new Map(markers.map((marker) => [marker.at, marker.events]));
}

/** Drawn inside a recharts chart, after its axes: the markers at their x values. */
export function MethodMarkers({ markers }: { markers: readonly ChartMarker[] }) {
  const scale = useXAxisScale();
  const plot = usePlotArea();
  const positioned = useMemo(
    () =>
      scale
        ? markers.flatMap((marker, index) => {
            const x = scale(marker.at);
            return typeof x === "number" && Number.isFinite(x) ? [{ marker, number: index + 1, x }] : [];
          })
        : [],
    [markers, scale],
  );
  const placements = useMemo(
    () =>
      plot
        ? layoutMarkerLabels(
            positioned.map(({ marker, number, x }) => ({
              x,
              texts: marker.label ? [marker.label, String(number)] : [],
            })),
            {
              left: plot.x,
              right: plot.x + plot.width + RIGHT_OVERHANG,
              rows: MARKER_ROWS,
              charWidth: CHAR_WIDTH,
            },
          )
        : [],
    [positioned, plot],
  );
  if (!plot || positioned.length === 0) return null;
  const bandTop = plot.y - BAND_GAP - MARKER_ROWS * ROW_HEIGHT;
  const bottom = plot.y + plot.height;
  return (
    <g className="method-markers" data-testid="method-markers">
      {positioned.map(({ marker, number, x }, index) => {
        const placement = placements[index];
        const row = placement?.row ?? null;
        const top = row === null ? plot.y : bandTop + row * ROW_HEIGHT + 1;
        const color = marker.kind === "method" ? METHOD_COLOR : NO_RELEASE_COLOR;
        return (
          <g
            key={marker.at}
            data-testid="method-marker"
            data-at={marker.at}
            data-kind={marker.kind}
            data-number={number}
            data-label={marker.label}
          >
            <title>{marker.text}</title>
            {/* A wider, invisible stroke: the line is easy to point at. */}
            <line x1={x} x2={x} y1={top} y2={bottom} stroke="transparent" strokeWidth={9} />
            <line
              x1={x}
              x2={x}
              y1={top}
              y2={bottom}
              stroke={color}
              strokeWidth={1}
              strokeDasharray={marker.kind === "method" ? undefined : "3 3"}
              data-testid="method-marker-line"
            />
            {placement && row !== null && (
              <text
                x={placement.anchor === "start" ? placement.x0 : placement.x1}
                y={bandTop + row * ROW_HEIGHT + ROW_HEIGHT - 3}
                textAnchor={placement.anchor}
                fontSize={FONT_SIZE}
                fill={color}
                fontWeight={marker.kind === "method" ? 600 : 400}
                data-testid="method-marker-label"
              >
                {placement.text}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}

/**
 * Under the chart: each marker's month, label, description and source, numbered as the markers (a crowded marker
 * shows its number instead of its label). Closed at first, so the chart stays one screen tall.
 */
export function MethodMarkersList({ markers, testId }: { markers: readonly ChartMarker[]; testId: string }) {
  if (markers.length === 0) return null;
  const all = markers.flatMap((marker) => marker.events);
  const changes = all.filter((event) => event.kind === "method").length;
  const missing = all.length - changes;
  const counts = [
    changes > 0 ? `${changes} ${changes === 1 ? "change" : "changes"} of method` : "",
    missing > 0 ? `${missing} ${missing === 1 ? "month" : "months"} without a release` : "",
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <details className="mt-3 text-sm" data-testid={testId}>
      <summary className="cursor-pointer rounded-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
        What the vertical lines mark: CMS's {counts}
      </summary>
      <p className="mt-2 text-xs text-slate-600">
        A rating that moves at a solid line may have moved because CMS changed how it is computed, not because
        the home changed; a dashed line is a month without a CMS release.
      </p>
      <ol className="mt-2 list-decimal space-y-2 pl-6 text-slate-700">
        {markers.map((marker) => (
          <li key={marker.at} data-testid="method-marker-item" data-at={marker.at}>
            {marker.events.map((event) => (
              <p key={event.date}>
                <span className="font-medium text-slate-900">
                  {formatMonthYear(event.date)}, {event.label}:
                </span>{" "}
                {event.description} <MethodSourceLink event={event} />
              </p>
            ))}
          </li>
        ))}
      </ol>
    </details>
  );
}
