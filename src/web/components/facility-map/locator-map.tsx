// A small map of the facility's state with its marker (the detail page). Static SVG: no pan, no zoom.
import { useMemo } from "react";
import { locatorGeometry } from "./locator-geometry.ts";
import type { LocatorMapProps } from "./map-props.ts";

/** The ZIP codes' points come mostly from GeoNames' postal codes, whose licence (CC BY 4.0) asks for this credit. */
const ZIP_CREDIT = "ZIP code locations: GeoNames (CC BY 4.0) and the US Census Bureau";

export default function LocatorMap({ latitude, longitude, approximate, label, state }: LocatorMapProps) {
  const geometry = useMemo(() => locatorGeometry(latitude, longitude, state), [latitude, longitude, state]);
  const area = geometry.state?.name ?? "the United States";
  const description = `Map of ${area} showing where ${label} is${approximate ? ", approximately (the location of its ZIP code)" : ""}.`;
  return (
    <figure className="space-y-1" data-testid="locator-map">
      <svg
        role="img"
        aria-label={description}
        viewBox={`0 0 ${geometry.width} ${geometry.height}`}
        className="h-auto w-full max-w-80"
        data-state={geometry.state?.code}
        data-approximate={approximate}
      >
        {geometry.outlines.map((d, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the outlines never change order
          <path key={index} d={d} fill="#f1f5f9" stroke="#64748b" strokeWidth={1} strokeLinejoin="round" />
        ))}
        {geometry.marker &&
          (approximate ? (
            <g
              data-testid="locator-marker"
              transform={`translate(${geometry.marker[0]},${geometry.marker[1]})`}
            >
              <circle
                r={11}
                fill="#b91c1c"
                fillOpacity={0.12}
                stroke="#b91c1c"
                strokeWidth={2}
                strokeDasharray="4 3"
              />
              <circle r={3} fill="#b91c1c" />
            </g>
          ) : (
            <g
              data-testid="locator-marker"
              transform={`translate(${geometry.marker[0]},${geometry.marker[1]})`}
            >
              <circle r={7} fill="#b91c1c" stroke="#ffffff" strokeWidth={2.5} />
              <circle r={8.25} fill="none" stroke="#450a0a" strokeWidth={0.75} />
            </g>
          ))}
      </svg>
      {approximate && (
        <figcaption className="text-sm text-slate-600">
          Approximate location (ZIP code)
          <span className="block text-xs text-slate-500">{ZIP_CREDIT}</span>
        </figcaption>
      )}
    </figure>
  );
}
