// The SQL of places and of the map (docs/api.md, "Places, distance and the map"): resolving a `near` place,
// suggesting places as one types, the points of a view and every state's averages.
import type { FacilityQuery } from "../core/api-types.ts";
import type { Queryable } from "../db/client.ts";
import { pointsAggregate, pointsJson } from "../db/map-points.ts";
import { type DistanceFilter, filterSql, orderBy, type ResolvedPlace } from "./repository.ts";

/** The place of a normalised `near` (src/core/api-query.ts, normalizePlace); null when no place has that name. */
export async function resolvePlace(db: Queryable, near: string): Promise<ResolvedPlace | null> {
  const [row] = await db.query<ResolvedPlace>(
    "SELECT label, kind, latitude, longitude FROM place WHERE kind = $1 AND key = $2",
    [/^\d{5}$/.test(near) ? "zip" : "city", near],
  );
  return row ?? null;
}

/** Suggestions per request. */
export const MAX_SUGGESTIONS = 10;

/** Escapes LIKE wildcards. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Up to 10 places for the text typed so far, as a JSON array text: digits are a ZIP code's first digits (in ZIP
 * order); other text a city name's beginning, optionally followed by a comma and a state's first letters (exact
 * names first, then by name and state).
 */
export async function suggestPlaces(db: Queryable, text: string): Promise<string> {
  const typed = text.trim().replace(/\s+/g, " ");
  let sql: string;
  let params: unknown[];
  if (/^\d{1,5}(-\d{0,4})?$/.test(typed)) {
    sql = "SELECT label, kind, latitude, longitude, key FROM place WHERE kind = 'zip' AND key LIKE $1";
    params = [likePrefix(typed.slice(0, 5))];
  } else {
    const [name = "", state = ""] = typed.toLowerCase().split(/\s*,\s*/, 2);
    if (name === "") return "[]";
    sql = `SELECT label, kind, latitude, longitude, key FROM place
           WHERE kind = 'city' AND key LIKE $1 AND state LIKE $2 AND split_part(key, ', ', 1) LIKE $3`;
    params = [likePrefix(name), likePrefix(state.toUpperCase()), likePrefix(name)];
  }
  const [row] = await db.query<{ places: string | null }>(
    `SELECT json_agg((SELECT row_to_json(o) FROM (SELECT t.label, t.kind, t.latitude, t.longitude) o)
       ORDER BY t.rank, t.key)::text AS places
     FROM (
       SELECT p.*, CASE WHEN p.kind = 'city' AND split_part(p.key, ', ', 1) = $${params.length + 1} THEN 0 ELSE 1 END AS rank
       FROM (${sql}) p
       ORDER BY rank, key
       LIMIT ${MAX_SUGGESTIONS}
     ) t`,
    [...params, typed.toLowerCase().split(/\s*,\s*/, 1)[0] ?? ""],
  );
  return row?.places ?? "[]";
}

/**
 * Every facility of a view that has a position, in the list's order, as the parallel arrays of
 * /api/facilities/points (JSON text), and how many of the view have none (src/db/map-points.ts).
 */
export async function listPoints(
  db: Queryable,
  query: FacilityQuery,
  near: DistanceFilter | null,
  withoutPosition: number,
): Promise<string> {
  if (query.ccns && query.ccns.length === 0) return pointsJson(null, withoutPosition);
  const filter = filterSql(query, query.alertEnabled, near);
  const { from, where, params } = filter;
  const [row] = await db.query<{ points: string | null }>(
    `SELECT ${pointsAggregate(orderBy(filter))} AS points FROM ${from} ${where ? `${where} AND` : "WHERE"} f.point IS NOT NULL`,
    params,
  );
  return pointsJson(row?.points ?? null, withoutPosition);
}

/** The points of the whole nation as the last publication stored them; null before the first one. */
export async function nationalPoints(db: Queryable): Promise<string | null> {
  const [row] = await db.query<{ body: string }>("SELECT body FROM map_points WHERE scope = 'national'");
  return row?.body ?? null;
}

/** Every state's benchmark (the averages of /api/benchmarks), as one JSON object text keyed by state. */
export async function listStateBenchmarks(db: Queryable): Promise<string> {
  const [row] = await db.query<{ states: string | null }>(
    `SELECT '{' || string_agg(to_json(scope)::text || ':' || body, ',' ORDER BY scope) || '}' AS states
     FROM benchmark WHERE scope <> 'national'`,
  );
  return row?.states ?? "{}";
}
