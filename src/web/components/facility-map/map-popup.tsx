import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import type { Ref } from "react";
import { Link } from "react-router";
import { formatRatingOutOf5 } from "../../../core/format.ts";
import { facilityQueryOptions } from "../../lib/facility-detail-queries.ts";

export interface MapPopupProps {
  ccn: string;
  approximate: boolean;
  /** Opened by a click (stays until closed) rather than by the pointer resting on the point. */
  pinned: boolean;
  /** The dashboard's query string, kept on the way to the detail page (as the cards do). */
  search: string;
  onClose: () => void;
  ref: Ref<HTMLDivElement>;
}

/** The facility under the pointer: its name (a link to its page) and ratings, from the cached detail query. */
export function MapPopup({ ccn, approximate, pinned, search, onClose, ref }: MapPopupProps) {
  const detail = useQuery(facilityQueryOptions(ccn));
  const facility = detail.data;
  const place = facility ? [facility.city, facility.state].filter(Boolean).join(", ") : "";
  return (
    <div
      ref={ref}
      data-map-popup
      data-testid="map-popup"
      // Placed by the map (left/top follow the point as it pans); hidden until placed.
      style={{ visibility: "hidden" }}
      className="absolute top-0 left-0 z-10 w-64 cursor-auto rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg"
    >
      <div className="flex items-start justify-between gap-2">
        {facility ? (
          <Link
            to={`/facility/${ccn}${search}`}
            className="font-semibold text-blue-700 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            {facility.providerName}
          </Link>
        ) : (
          <Link to={`/facility/${ccn}${search}`} className="font-semibold text-blue-700 underline">
            {detail.isError ? `Facility ${ccn}` : `Loading facility ${ccn}...`}
          </Link>
        )}
        {pinned && (
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-mt-1 -mr-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      {place && <p className="text-slate-600">{place}</p>}
      {facility && (
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-slate-700">
          <dt>Overall</dt>
          <dd className="text-right font-medium tabular-nums text-slate-900">
            {formatRatingOutOf5(facility.overallRating)}
          </dd>
          <dt>Health inspection</dt>
          <dd className="text-right tabular-nums">{formatRatingOutOf5(facility.healthInspectionRating)}</dd>
          <dt>Staffing</dt>
          <dd className="text-right tabular-nums">{formatRatingOutOf5(facility.staffingRating)}</dd>
          <dt>Quality measures</dt>
          <dd className="text-right tabular-nums">{formatRatingOutOf5(facility.qmRating)}</dd>
        </dl>
      )}
      {detail.isError && <p className="mt-1 text-red-600">Could not load the ratings.</p>}
      {approximate && <p className="mt-2 text-xs text-slate-500">Approximate location (ZIP code)</p>}
    </div>
  );
}
