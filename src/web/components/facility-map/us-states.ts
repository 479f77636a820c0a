// The state outlines the maps draw: us-atlas's states-10m (US Census cartographic boundaries, 1:10,000,000, the
// 50 states, DC and the five inhabited territories) bundled with the map's code, so no tile server or network is
// needed. Each outline carries its two-letter postal code (the atlas names states by FIPS code).
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import statesTopology from "us-atlas/states-10m.json";

/** FIPS state code -> postal code, for every state and territory of the atlas. */
export const FIPS_TO_POSTAL: Readonly<Record<string, string>> = {
  "01": "AL",
  "02": "AK",
  "04": "AZ",
  "05": "AR",
  "06": "CA",
  "08": "CO",
  "09": "CT",
  "10": "DE",
  "11": "DC",
  "12": "FL",
  "13": "GA",
  "15": "HI",
  "16": "ID",
  "17": "IL",
  "18": "IN",
  "19": "IA",
  "20": "KS",
  "21": "KY",
  "22": "LA",
  "23": "ME",
  "24": "MD",
  "25": "MA",
  "26": "MI",
  "27": "MN",
  "28": "MS",
  "29": "MO",
  "30": "MT",
  "31": "NE",
  "32": "NV",
  "33": "NH",
  "34": "NJ",
  "35": "NM",
  "36": "NY",
  "37": "NC",
  "38": "ND",
  "39": "OH",
  "40": "OK",
  "41": "OR",
  "42": "PA",
  "44": "RI",
  "45": "SC",
  "46": "SD",
  "47": "TN",
  "48": "TX",
  "49": "UT",
  "50": "VT",
  "51": "VA",
  "53": "WA",
  "54": "WV",
  "55": "WI",
  "56": "WY",
  "60": "AS",
  "66": "GU",
  "69": "MP",
  "72": "PR",
  "78": "VI",
};

/** Shorter names than the atlas's for two territories. */
const NAME_OVERRIDES: Readonly<Record<string, string>> = {
  MP: "Northern Mariana Islands",
  VI: "U.S. Virgin Islands",
};

export type StateGeometry = Polygon | MultiPolygon;

export interface StateShape {
  /** Postal code: "CA". */
  code: string;
  /** "California". */
  name: string;
  feature: Feature<StateGeometry, { name: string }>;
}

let shapes: StateShape[] | null = null;

/** Every state and territory of the atlas, ordered by name (the order keyboard users move through them). */
export function stateShapes(): StateShape[] {
  if (shapes) return shapes;
  const topology = statesTopology as unknown as Topology<{
    states: GeometryCollection<{ name: string }>;
  }>;
  const collection = feature(topology, topology.objects.states) as FeatureCollection<
    StateGeometry,
    { name: string }
  >;
  shapes = collection.features
    .map((state) => {
      const code = FIPS_TO_POSTAL[String(state.id)];
      if (!code) throw new Error(`No postal code for the atlas's state ${String(state.id)}`);
      return { code, name: NAME_OVERRIDES[code] ?? state.properties.name, feature: state };
    })
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return shapes;
}

/** The outlines as one collection (to fit a projection to all of them). */
export function statesCollection(): FeatureCollection<StateGeometry, { name: string }> {
  return { type: "FeatureCollection", features: stateShapes().map((shape) => shape.feature) };
}

/** The shape of a postal code, if the atlas has it. */
export function stateShape(code: string): StateShape | undefined {
  const upper = code.toUpperCase();
  return stateShapes().find((shape) => shape.code === upper);
}

/** The name of a postal code ("CA" -> "California"); the code itself when the atlas lacks it. */
export function stateName(code: string): string {
  return stateShape(code)?.name ?? code;
}
