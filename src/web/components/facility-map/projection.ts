// Where things go on the national map: an Albers USA projection with insets for Alaska, Hawaii, Puerto Rico and
// the Virgin Islands, Guam and the Northern Mariana Islands, and American Samoa (d3-composite-projections'
// geoAlbersUsaTerritories), fitted once to a fixed "world" of WORLD_WIDTH x WORLD_HEIGHT units. Pan and zoom are
// a transform from the world to the screen; the points are projected once per data set.
import { geoAlbersUsaTerritories } from "d3-composite-projections";
import { type GeoProjection, geoCircle, geoPath } from "d3-geo";
import type { Polygon } from "geojson";
import type { FacilityPoints, Near } from "../../../core/api-types.ts";
import { stateShapes, statesCollection } from "./us-states.ts";

export const WORLD_WIDTH = 960;
export const WORLD_HEIGHT = 600;
const WORLD_MARGIN = 8;

/** Miles of the sphere the API measures distances on (docs/api.md). */
export const EARTH_RADIUS_MILES = 3958.8;

let world: GeoProjection | null = null;

/** The national projection, fitted to every state and territory of the atlas. */
export function worldProjection(): GeoProjection {
  world ??= geoAlbersUsaTerritories().fitExtent(
    [
      [WORLD_MARGIN, WORLD_MARGIN],
      [WORLD_WIDTH - WORLD_MARGIN, WORLD_HEIGHT - WORLD_MARGIN],
    ],
    statesCollection(),
  );
  return world;
}

/** Rating classes: 0 is unrated, 1 to 5 the overall rating. */
export type RatingClass = 0 | 1 | 2 | 3 | 4 | 5;

export function ratingClass(rating: number | null | undefined): RatingClass {
  return rating != null && rating >= 1 && rating <= 5 ? (Math.round(rating) as RatingClass) : 0;
}

/** The points the projection could place, in world units, as parallel typed arrays. */
export interface ProjectedPoints {
  /** How many were placed. */
  count: number;
  x: Float32Array;
  y: Float32Array;
  /** Index of each placed point in the API's arrays. */
  source: Uint32Array;
  rating: Uint8Array;
  /** 1 where the position is the ZIP code's (approximate). */
  approximate: Uint8Array;
  /** How many points of the answer the projection could not place (outside every area the map draws). */
  unplaced: number;
  /** Placed points per rating class (index 0: unrated). */
  byRating: [number, number, number, number, number, number];
  approximateCount: number;
}

/** Projects every point of the answer; those outside every area of the map are counted, not lost silently. */
export function projectPoints(points: FacilityPoints, projection = worldProjection()): ProjectedPoints {
  const total = points.ccn.length;
  const x = new Float32Array(total);
  const y = new Float32Array(total);
  const source = new Uint32Array(total);
  const rating = new Uint8Array(total);
  const approximate = new Uint8Array(total);
  const byRating: ProjectedPoints["byRating"] = [0, 0, 0, 0, 0, 0];
  let count = 0;
  let approximateCount = 0;
  for (let i = 0; i < total; i += 1) {
    const longitude = points.longitude[i];
    const latitude = points.latitude[i];
    if (longitude === undefined || latitude === undefined) continue;
    const placed = projection([longitude, latitude]);
    if (!placed || !Number.isFinite(placed[0]) || !Number.isFinite(placed[1])) continue;
    x[count] = placed[0];
    y[count] = placed[1];
    source[count] = i;
    const cls = ratingClass(points.overallRating[i]);
    rating[count] = cls;
    byRating[cls] += 1;
    if (points.approximate[i]) {
      approximate[count] = 1;
      approximateCount += 1;
    }
    count += 1;
  }
  return {
    count,
    x: x.subarray(0, count),
    y: y.subarray(0, count),
    source: source.subarray(0, count),
    rating: rating.subarray(0, count),
    approximate: approximate.subarray(0, count),
    unplaced: total - count,
    byRating,
    approximateCount,
  };
}

/** [[x0, y0], [x1, y1]] in world units. */
export type Bounds = [[number, number], [number, number]];

/** The smallest box around the placed points; null when there are none. */
export function pointBounds(points: Pick<ProjectedPoints, "count" | "x" | "y">): Bounds | null {
  if (points.count === 0) return null;
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < points.count; i += 1) {
    const px = points.x[i] as number;
    const py = points.y[i] as number;
    if (px < x0) x0 = px;
    if (px > x1) x1 = px;
    if (py < y0) y0 = py;
    if (py > y1) y1 = py;
  }
  return [
    [x0, y0],
    [x1, y1],
  ];
}

export const WORLD_BOUNDS: Bounds = [
  [0, 0],
  [WORLD_WIDTH, WORLD_HEIGHT],
];

export interface ViewTransform {
  k: number;
  x: number;
  y: number;
}

/**
 * The transform (screen = world * k + [x, y]) that shows `bounds` centred in a viewport of `width` x `height`
 * with `padding` pixels around it, at most `maxScale` and never closer than `minSize` world units across (a
 * single point or a small town is not blown up to the whole screen).
 */
export function frameBounds(
  bounds: Bounds,
  width: number,
  height: number,
  { padding = 24, maxScale = Number.POSITIVE_INFINITY, minSize = 0 } = {},
): ViewTransform {
  const [[x0, y0], [x1, y1]] = bounds;
  const boxWidth = Math.max(x1 - x0, minSize);
  const boxHeight = Math.max(y1 - y0, minSize);
  const innerWidth = Math.max(width - 2 * padding, 1);
  const innerHeight = Math.max(height - 2 * padding, 1);
  const k = Math.min(innerWidth / boxWidth, innerHeight / boxHeight, maxScale);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return { k, x: width / 2 - cx * k, y: height / 2 - cy * k };
}

/** The circle of `radiusMiles` around a place, as a polygon on the sphere. */
export function radiusCircle(near: Pick<Near, "latitude" | "longitude" | "radiusMiles">): Polygon {
  const degrees = (near.radiusMiles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  return geoCircle()
    .center([near.longitude, near.latitude])
    .radius(degrees)
    .precision(Math.min(2, Math.max(degrees / 20, 0.05)))();
}

/** The radius circle drawn on the national map: its SVG path, its bounds and its centre (world units). */
export function projectNear(
  near: Pick<Near, "latitude" | "longitude" | "radiusMiles">,
  projection = worldProjection(),
): { path: string; bounds: Bounds | null; centre: [number, number] | null } {
  const circle = radiusCircle(near);
  const path = geoPath(projection);
  const d = path(circle) ?? "";
  const [[x0, y0], [x1, y1]] = path.bounds(circle);
  const centre = projection([near.longitude, near.latitude]);
  const bounds: Bounds | null = Number.isFinite(x0 + y0 + x1 + y1)
    ? [
        [x0, y0],
        [x1, y1],
      ]
    : null;
  return { path: d, bounds, centre: centre ? [centre[0], centre[1]] : null };
}

export interface StatePath {
  code: string;
  name: string;
  /** SVG path in world units. */
  d: string;
}

let statePathCache: StatePath[] | null = null;

/** Every state's outline on the national map, ordered by name. */
export function statePaths(): StatePath[] {
  if (statePathCache) return statePathCache;
  const path = geoPath(worldProjection()).digits(2);
  statePathCache = stateShapes().map((shape) => ({
    code: shape.code,
    name: shape.name,
    d: path(shape.feature) ?? "",
  }));
  return statePathCache;
}

/** The box around the outlines of `codes` on the national map; null when the atlas has none of them. */
export function statesBounds(codes: readonly string[]): Bounds | null {
  const wanted = new Set(codes.map((code) => code.toUpperCase()));
  const features = stateShapes()
    .filter((shape) => wanted.has(shape.code))
    .map((shape) => shape.feature);
  if (features.length === 0) return null;
  const [[x0, y0], [x1, y1]] = geoPath(worldProjection()).bounds({ type: "FeatureCollection", features });
  return [
    [x0, y0],
    [x1, y1],
  ];
}
