// The locator map's drawing: the facility's state alone, in an equal-area azimuthal projection centred on the
// state (so Alaska across the antimeridian and the territories draw as well as any state), with the marker.

import { geoAlbersUsaTerritories } from "d3-composite-projections";
import { geoAzimuthalEqualArea, geoCentroid, geoContains, geoPath } from "d3-geo";
import { WORLD_HEIGHT, WORLD_WIDTH } from "./projection.ts";
import { type StateShape, stateShape, stateShapes, statesCollection } from "./us-states.ts";

export const LOCATOR_WIDTH = 320;
const MIN_HEIGHT = 160;
const MAX_HEIGHT = 280;
const PADDING = 12;

export interface LocatorGeometry {
  /** The state drawn; null when no outline holds the position (the national map is drawn instead). */
  state: { code: string; name: string } | null;
  width: number;
  height: number;
  /** SVG paths of the outlines. */
  outlines: string[];
  /** Where the marker goes; null when the projection cannot place the position. */
  marker: [number, number] | null;
}

/** The state of `code` when the atlas has it, else the one whose outline holds the position. */
export function locateState(
  longitude: number,
  latitude: number,
  code?: string | null,
): StateShape | undefined {
  const named = code ? stateShape(code) : undefined;
  if (named) return named;
  return stateShapes().find((shape) => geoContains(shape.feature, [longitude, latitude]));
}

export function locatorGeometry(
  latitude: number,
  longitude: number,
  stateCode?: string | null,
): LocatorGeometry {
  const shape = locateState(longitude, latitude, stateCode);
  if (!shape) {
    // No outline holds it: the national map at the locator's size.
    const height = Math.round((LOCATOR_WIDTH * WORLD_HEIGHT) / WORLD_WIDTH);
    const nation = geoAlbersUsaTerritories().fitExtent(
      [
        [PADDING, PADDING],
        [LOCATOR_WIDTH - PADDING, height - PADDING],
      ],
      statesCollection(),
    );
    const path = geoPath(nation).digits(1);
    const placed = nation([longitude, latitude]);
    return {
      state: null,
      width: LOCATOR_WIDTH,
      height,
      outlines: statesCollection().features.map((feature) => path(feature) ?? ""),
      marker: placed ? [placed[0], placed[1]] : null,
    };
  }
  const [centreLongitude, centreLatitude] = geoCentroid(shape.feature);
  const projection = geoAzimuthalEqualArea()
    .rotate([-centreLongitude, -centreLatitude])
    .fitWidth(LOCATOR_WIDTH - 2 * PADDING, shape.feature);
  const [[, y0], [, y1]] = geoPath(projection).bounds(shape.feature);
  const height = Math.round(Math.min(Math.max(y1 - y0 + 2 * PADDING, MIN_HEIGHT), MAX_HEIGHT));
  projection.fitExtent(
    [
      [PADDING, PADDING],
      [LOCATOR_WIDTH - PADDING, height - PADDING],
    ],
    shape.feature,
  );
  const placed = projection([longitude, latitude]);
  return {
    state: { code: shape.code, name: shape.name },
    width: LOCATOR_WIDTH,
    height,
    outlines: [geoPath(projection).digits(1)(shape.feature) ?? ""],
    marker: placed ? [placed[0], placed[1]] : null,
  };
}
