// The places (ZIP codes and cities a visitor can search near) and the facilities' positions where they are missing or
// stale, and the map's points of the whole nation: part of the derived tables stageDerived (derive.ts) builds.
import type { Queryable } from "../db/client.ts";
import { pointsAggregate, pointsJson } from "../db/map-points.ts";
import { HAS_COORDINATES, POSITION_COLUMNS, POSITION_JOINS, POSITION_VALUES, zip5 } from "./positions.ts";
import { indexNext } from "./stage.ts";

/** The mean of coordinates, to six decimals (about 10 cm). */
const MEAN = (column: string) => `round(avg(${column})::numeric, 6)::float8`;

/**
 * The places (docs/api.md, "Places, distance and the map"), and the facilities' positions where they are missing or
 * stale (a database loaded before positions existed, or a new list of ZIP codes; src/ingest/positions.ts):
 * - every ZIP code the packages place (src/db/zip-locations.ts), then the ZIP codes facilities use that no package
 *   knows (retired ones, like Brookline's 02146), placed at the mean of the CMS coordinates of the facilities that
 *   use them, else at their three-digit area's location;
 * - each city with a current facility, at the mean of its facilities' positions.
 */
async function computePlaces(db: Queryable, facilityTable: string): Promise<void> {
  const zip = zip5("f.zip");
  await db.exec(`
    INSERT INTO place_next (kind, key, label, state, latitude, longitude, source)
    SELECT 'zip', zip, zip, NULL, latitude, longitude, source FROM zip_location;

    INSERT INTO place_next (kind, key, label, state, latitude, longitude, source)
    SELECT 'zip', ${zip}, ${zip}, min(f.state), ${MEAN("f.latitude")}, ${MEAN("f.longitude")}, 'facilities'
    FROM ${facilityTable} f
    WHERE ${HAS_COORDINATES} AND ${zip} IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM zip_location z WHERE z.zip = ${zip})
    GROUP BY ${zip};

    INSERT INTO place_next (kind, key, label, state, latitude, longitude, source)
    SELECT 'zip', m.zip, m.zip, m.state, a.latitude, a.longitude, 'zip3'
    FROM (SELECT ${zip} AS zip, min(f.state) AS state FROM ${facilityTable} f WHERE ${zip} IS NOT NULL GROUP BY 1) m
    JOIN zip3_location a ON a.zip3 = left(m.zip, 3)
    WHERE NOT EXISTS (SELECT 1 FROM place_next p WHERE p.kind = 'zip' AND p.key = m.zip);`);
  // Usually nothing to write: the load wrote the positions with the rows.
  await db.exec(`
    UPDATE ${facilityTable} t
    SET ${POSITION_COLUMNS.map((column) => `${column} = n.${column}`).join(", ")}
    FROM (
      SELECT f.ccn, ${POSITION_VALUES.map((value, index) => `${value} AS ${POSITION_COLUMNS[index]}`).join(", ")}
      FROM ${facilityTable} f ${POSITION_JOINS}
    ) n
    WHERE t.ccn = n.ccn AND (${POSITION_COLUMNS.map((column) => `t.${column}`).join(", ")})
      IS DISTINCT FROM (${POSITION_COLUMNS.map((column) => `n.${column}`).join(", ")})`);
  // A city's key is its name lower-cased with single spaces, and its state (normalizePlace in src/core/api-query.ts).
  await db.exec(`
    INSERT INTO place_next (kind, key, label, state, latitude, longitude, source)
    SELECT 'city', c.name || ', ' || c.state, initcap(min(c.city)) || ', ' || c.state, c.state,
      ${MEAN("c.position_latitude")}, ${MEAN("c.position_longitude")}, 'facilities'
    FROM (
      SELECT regexp_replace(trim(f.city), '\\s+', ' ', 'g') AS city,
        lower(regexp_replace(trim(f.city), '\\s+', ' ', 'g')) AS name,
        f.state, f.position_latitude, f.position_longitude
      FROM ${facilityTable} f
      WHERE f.position_latitude IS NOT NULL AND f.state ~ '^[A-Z]{2}$' AND trim(f.city) <> ''
    ) c
    GROUP BY c.name, c.state`);
}

/**
 * The map's points of the whole nation, the answer of /api/facilities/points without parameters, in the list's
 * default order (name, then CCN; src/server/repository.ts, orderBy).
 */
async function computeNationalPoints(db: Queryable, facilityTable: string): Promise<void> {
  const [row] = await db.query<{ points: string | null; without: number }>(
    `SELECT ${pointsAggregate("f.provider_name, f.ccn")} AS points,
       count(*) FILTER (WHERE f.position_latitude IS NULL)::integer AS without
     FROM ${facilityTable} f`,
  );
  await db.query("INSERT INTO map_points_next (scope, body) VALUES ('national', $1)", [
    pointsJson(row?.points ?? null, row?.without ?? 0),
  ]);
}

/** The places, built first: the facilities' rows (and the alerts' copies of them) take their positions. */
export async function stagePlaces(
  db: Queryable,
  source: "facility" | "facility_next",
  afterEach: () => Promise<void>,
): Promise<void> {
  await computePlaces(db, source);
  await afterEach();
  await indexNext(db, "place", afterEach);
}

/** The nation's map points, from the facilities as they will be published. */
export async function stageNationalPoints(
  db: Queryable,
  facilityTable: string,
  afterEach: () => Promise<void>,
): Promise<void> {
  await computeNationalPoints(db, facilityTable);
  await afterEach();
  await indexNext(db, "map_points", afterEach);
}
