import { formatCount } from "../../../core/format.ts";
import { LEGEND_ORDER, type PointCounts } from "./map-summary.ts";
import {
  type AverageRange,
  NO_DATA_COLOR,
  POINT_OUTLINE,
  RANGE_MIN_COUNT,
  RATING_COLORS,
  rampGradient,
  ratingLabel,
} from "./rating-colors.ts";

function Swatch({ color, hollow = false }: { color: string; hollow?: boolean }) {
  return (
    <span
      aria-hidden
      className="inline-block size-3.5 shrink-0 rounded-full"
      style={
        hollow
          ? {
              background: "#ffffff",
              boxShadow: `inset 0 0 0 1px ${POINT_OUTLINE}, inset 0 0 0 3.5px ${color}`,
            }
          : { background: color, boxShadow: `inset 0 0 0 1px ${POINT_OUTLINE}` }
      }
    />
  );
}

/** What the points' colours and rings mean, with how many of each the map shows. */
export function PointsLegend({ counts }: { counts: PointCounts | null }) {
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700"
      data-testid="map-legend"
    >
      <span className="font-medium text-slate-900">Overall rating</span>
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {LEGEND_ORDER.map((rating) => (
          <li key={rating} className="flex items-center gap-1.5">
            <Swatch color={RATING_COLORS[rating]} />
            {ratingLabel(rating)}
            {counts && (
              <span className="tabular-nums text-slate-500">({formatCount(counts.byRating[rating])})</span>
            )}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <Swatch color={RATING_COLORS[3]} hollow />
          Ring: approximate location (ZIP code)
          {counts && (
            <span className="tabular-nums text-slate-500">({formatCount(counts.approximateCount)})</span>
          )}
        </li>
      </ul>
      {/* The ZIP codes' points come mostly from GeoNames' postal codes, whose licence (CC BY 4.0) asks for credit. */}
      <p className="text-xs text-slate-500">
        ZIP code locations: GeoNames (CC BY 4.0) and the US Census Bureau
      </p>
    </div>
  );
}

/** The state layer's colour ramp, from the lowest state average to the highest. */
export function StatesLegend({ range }: { range: AverageRange | null }) {
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700"
      data-testid="map-legend"
    >
      <span className="font-medium text-slate-900">Average overall rating of the state</span>
      {range && (
        <span className="flex items-center gap-2">
          <span className="tabular-nums">{range.min.toFixed(1)}</span>
          <span
            aria-hidden
            className="inline-block h-3 w-40 rounded-sm"
            style={{ background: rampGradient(), boxShadow: `inset 0 0 0 1px ${POINT_OUTLINE}` }}
          />
          <span className="tabular-nums">{range.max.toFixed(1)}</span>
        </span>
      )}
      <span className="flex items-center gap-1.5">
        <span
          aria-hidden
          className="inline-block h-3 w-5 rounded-sm"
          style={{ background: NO_DATA_COLOR, boxShadow: `inset 0 0 0 1px ${POINT_OUTLINE}` }}
        />
        No rated facilities
      </span>
      <span className="text-slate-500">
        States with fewer than {RANGE_MIN_COUNT} rated facilities take the colour of the nearer end. Points
        are hidden while the state averages are shown.
      </span>
    </div>
  );
}
