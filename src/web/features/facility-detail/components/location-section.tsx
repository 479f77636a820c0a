import { ExternalLink, MapPin } from "lucide-react";
import { Suspense } from "react";
import type { FacilityDetail } from "../../../../core/api-types.ts";
import { LocatorMap } from "../../../components/facility-map/index.ts";
import { formatAddress } from "../../../lib/facility-contact.ts";
import { directionsUrl } from "../lib/directions.ts";

/** Where the facility is: a small map of its state with its marker (when it has a position) and directions. */
export function LocationSection({ facility }: { facility: FacilityDetail }) {
  const position = facility.position ?? null;
  const address = formatAddress(facility);
  const directions = directionsUrl(facility);
  if (!position && !directions) return null;
  return (
    <section
      aria-labelledby="section-location"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:col-span-2"
      data-testid="section-location"
    >
      <h2
        id="section-location"
        className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900"
      >
        <MapPin className="size-4 text-slate-500" aria-hidden />
        Location
      </h2>
      <div className="flex flex-wrap items-start gap-6">
        {position && (
          <div className="w-80 max-w-full">
            <Suspense fallback={<p className="text-sm text-slate-500">Loading the map...</p>}>
              <LocatorMap
                latitude={position.latitude}
                longitude={position.longitude}
                approximate={position.approximate}
                label={facility.providerName}
                state={facility.state}
              />
            </Suspense>
          </div>
        )}
        <div className="min-w-0 flex-1 space-y-2 text-sm text-slate-700">
          {address && <p>{address}</p>}
          {directions && (
            <a
              href={directions}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 rounded-sm text-blue-700 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            >
              Directions
              <ExternalLink className="size-3.5" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
