// The ownership tables derived at each publication (migration 0027): owner_facility, each current facility's owners
// now with their roles there (what the list's `owner` filter and an owner's page read), and owner_summary, every
// owner of the record with its name as the newest release spells it, its current facilities and the first and last
// release that list it (what owner suggestions and pages read). Built as `<table>_next` with the other derived tables
// (stageDerived calls computeOwnershipTables), and on their own after a server loads an Ownership file
// (refreshOwnershipTables), so that an Ownership file never waits for a whole publication.
import type { Queryable } from "../db/client.ts";
import { analyzeQuickly, createNext, hashPart, indexNext, swapIn } from "./stage.ts";

/** The tables this module builds, in SWAPPED_TABLES (stage.ts). */
export const OWNERSHIP_TABLES = ["owner_facility", "owner_summary"] as const;

/**
 * owner_facility's and owner_summary's rows are written in this many statements each, each holding the database
 * briefly (in four, a national history's took 0.4-0.5 s each, the owners' summary 1 s at once).
 */
const CHUNKS = 8;

/**
 * Fills owner_facility_next and owner_summary_next (created empty, without indexes) for the facilities of
 * `facilityTable`, then indexes them.
 */
export async function computeOwnershipTables(
  db: Queryable,
  facilityTable: string,
  afterEach: () => Promise<void>,
): Promise<void> {
  // The loads changed the spans, and the embedded database never analyzes on its own: without statistics, a facility's
  // few spans are planned as a hundred and joined to every owner by a hash.
  await analyzeQuickly(db, "ownership_role");
  await analyzeQuickly(db, "ownership_facility");
  await afterEach();
  for (let chunk = 0; chunk < CHUNKS; chunk += 1) {
    await db.query(
      `INSERT INTO owner_facility_next (owner_key, ccn, roles)
       SELECT r.owner_key, r.ccn, json_agg((SELECT row_to_json(x) FROM (SELECT r.role, r.role_group AS "roleGroup",
           r.percentage, r.percentage_text AS "percentageText", to_char(r.since, 'YYYY-MM-DD') AS since,
           to_char(r.first_seen, 'YYYY-MM-DD') AS "firstSeen") x) ORDER BY r.role_key)::text
       FROM ownership_role r JOIN ${facilityTable} f ON f.ccn = r.ccn
       WHERE r.last_seen IS NULL AND ${hashPart("r.ccn", CHUNKS, "$1")}
       GROUP BY r.owner_key, r.ccn`,
      [chunk],
    );
    await afterEach();
  }
  await indexNext(db, "owner_facility", afterEach);
  const ofOwner = (column: string) => hashPart(column, CHUNKS, "$1");
  for (let chunk = 0; chunk < CHUNKS; chunk += 1) {
    await db.query(
      `INSERT INTO owner_summary_next (owner_key, owner_type, name, name_key, facilities, first_seen, last_seen)
       SELECT r.owner_key, min(r.owner_type), (array_agg(r.owner_name ORDER BY coalesce(r.listed, f.last_seen) DESC, r.owner_name))[1],
         substr(r.owner_key, strpos(r.owner_key, ':') + 1), coalesce(min(c.facilities), 0),
         min(r.first_seen), max(coalesce(r.last_seen, f.last_seen))
       FROM ownership_role r
       JOIN ownership_facility f ON f.ccn = r.ccn
       LEFT JOIN (SELECT owner_key, count(*)::integer AS facilities FROM owner_facility_next
                  WHERE ${ofOwner("owner_key")} GROUP BY owner_key) c
         ON c.owner_key = r.owner_key
       WHERE ${ofOwner("r.owner_key")}
       GROUP BY r.owner_key`,
      [chunk],
    );
    await afterEach();
  }
  await indexNext(db, "owner_summary", afterEach);
}

/**
 * Rebuilds the ownership tables from the live facilities and swaps them in, after a server loaded an Ownership file
 * (data version `loadedVersion`): the swap bumps the data version (answers computed meanwhile from the tables before
 * are not served again) and marks the derived tables fresh when nothing but that file made them stale.
 */
export async function refreshOwnershipTables(
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  loadedVersion: number,
  afterEach: () => Promise<void>,
): Promise<void> {
  for (const table of OWNERSHIP_TABLES) await createNext(db, table);
  await computeOwnershipTables(db, "facility", afterEach);
  await db.transaction(async (tx) => {
    await swapIn(tx, OWNERSHIP_TABLES);
    await tx.query(
      `UPDATE app_state SET data_version = data_version + 1,
         derived_version = CASE WHEN data_version = $1 AND derived_version = $1 - 1 THEN data_version + 1
           ELSE derived_version END,
         updated_at = now()`,
      [loadedVersion],
    );
  });
  await afterEach();
}
