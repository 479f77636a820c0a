// The rating changes of the newest releases (recent_change, migration 0015), which the feeds of rating changes read
// (docs/api.md, "Feeds of rating changes"). Built as recent_change_next with the other derived tables, one release
// per statement. A release's rows depend only on the current facilities, that release's snapshots and each
// facility's previous snapshot, so a publication that keeps the facilities copies the rows of every release it
// cannot have changed from the live table: the CMS sync publishes each file of a history, newest first, and most
// of those files are older months that change no row of the newest releases.
import { RECENT_RELEASES } from "../core/change-feed.ts";
import type { Queryable } from "../db/client.ts";

/** The four ratings whose changes are listed, in the API's order, as snapshot columns. */
const METRICS: [metric: string, column: string][] = [
  ["overallRating", "overall_rating"],
  ["healthInspectionRating", "health_inspection_rating"],
  ["staffingRating", "staffing_rating"],
  ["qmRating", "qm_rating"],
];

/** The releases of `dates` (ascending) whose changes the feeds serve: the newest RECENT_RELEASES. */
export function recentReleases(dates: readonly string[]): string[] {
  return dates.slice(-RECENT_RELEASES);
}

/**
 * Writes the rows of one release `date` into recent_change_next: every current facility (of `facilityTable`) with a
 * snapshot that month whose ratings differ from its previous snapshot among `dates` (a missing rating on either side
 * is no change, as in rating_changes()).
 */
async function computeRelease(
  db: Queryable,
  date: string,
  dates: readonly string[],
  facilityTable: string,
): Promise<void> {
  const pairs = METRICS.map(
    ([metric, column], index) => `(${index + 1}, '${metric}', p.${column}, l.${column})`,
  ).join(", ");
  const differs = METRICS.map(([, column]) => `l.${column} <> p.${column}`).join(" OR ");
  await db.query(
    `INSERT INTO recent_change_next (ccn, processing_date, previous_date, provider_name, changes)
     SELECT l.ccn, l.processing_date, p.processing_date, f.provider_name,
       (SELECT json_agg(json_build_object('metric', c.metric, 'from', c.from_rating, 'to', c.to_rating)
                        ORDER BY c.position)::text
        FROM (VALUES ${pairs}) AS c(position, metric, from_rating, to_rating)
        WHERE c.from_rating <> c.to_rating)
     FROM rating_snapshot l
     JOIN ${facilityTable} f ON f.ccn = l.ccn
     CROSS JOIN LATERAL (
       SELECT p.* FROM rating_snapshot p
       WHERE p.ccn = l.ccn AND p.processing_date < l.processing_date AND p.processing_date = ANY($2::date[])
       ORDER BY p.processing_date DESC LIMIT 1
     ) p
     WHERE l.processing_date = $1::date AND (${differs})`,
    [date, dates],
  );
}

/**
 * The releases among `recent` whose rows a publication may have changed, given the releases the live rows were
 * computed from (`stored`: date -> number of files) and those of this publication (`current`): a release that is
 * new or has another file, and a release that is the next snapshot after such a release of some current facility
 * (whose previous snapshot it then is). Null when every release must be computed (a month was removed).
 */
async function releasesToCompute(
  db: Queryable,
  dates: readonly string[],
  recent: readonly string[],
  stored: ReadonlyMap<string, number>,
  current: ReadonlyMap<string, number>,
): Promise<Set<string> | null> {
  if ([...stored.keys()].some((date) => !current.has(date))) return null;
  const changed = dates.filter((date) => stored.get(date) !== current.get(date));
  const compute = new Set(recent.filter((date) => changed.includes(date)));
  const newest = recent.at(-1);
  const earlier = changed.filter((date) => newest !== undefined && date < newest);
  if (earlier.length === 0) return compute;
  // Where each current facility with a snapshot in a changed month has its next snapshot: usually the month right
  // after it, outside the recent releases when the changed month is an older one.
  const next = await db.query<{ date: string }>(
    `SELECT DISTINCT to_char(n.next, 'YYYY-MM-DD') AS date
     FROM (
       SELECT (SELECT min(t.processing_date) FROM rating_snapshot t
               WHERE t.ccn = s.ccn AND t.processing_date > s.processing_date
                 AND t.processing_date = ANY($2::date[])) AS next
       FROM rating_snapshot s
       JOIN facility f ON f.ccn = s.ccn
       WHERE s.processing_date = ANY($1::date[])
     ) n
     WHERE n.next >= $3::date`,
    [earlier, dates, recent[0]],
  );
  for (const row of next) compute.add(row.date);
  return compute;
}

/**
 * Builds recent_change_next and recent_change_basis_next for the releases of `dates` (ascending) and the facilities
 * of `facilityTable`, reusing the live rows of the releases this publication cannot have changed (only when the
 * facilities stay the same).
 */
export async function computeRecentChanges(
  db: Queryable,
  dates: readonly string[],
  facilityTable: "facility" | "facility_next",
  afterEach: () => Promise<void>,
): Promise<void> {
  // A month still being published has no release row yet and counts as one file: the release it is about to get.
  const counts = await db.query<{ date: string; files: number }>(
    `SELECT to_char(d.date, 'YYYY-MM-DD') AS date,
       greatest((SELECT count(*) FROM release r WHERE r.processing_date = d.date), 1)::integer AS files
     FROM unnest($1::date[]) AS d(date)`,
    [dates],
  );
  const current = new Map(counts.map((row) => [row.date, row.files]));
  await db.query(
    `INSERT INTO recent_change_basis_next (processing_date, release_count)
     SELECT * FROM unnest($1::date[], $2::integer[])`,
    [counts.map((row) => row.date), counts.map((row) => row.files)],
  );
  const recent = recentReleases(dates);
  const stored =
    facilityTable === "facility"
      ? await db.query<{ date: string; files: number }>(
          "SELECT to_char(processing_date, 'YYYY-MM-DD') AS date, release_count AS files FROM recent_change_basis",
        )
      : [];
  const compute =
    stored.length === 0
      ? new Set(recent)
      : ((await releasesToCompute(
          db,
          dates,
          recent,
          new Map(stored.map((row) => [row.date, row.files])),
          current,
        )) ?? new Set(recent));
  const reused = recent.filter((date) => !compute.has(date));
  if (reused.length > 0) {
    await db.query(
      "INSERT INTO recent_change_next SELECT * FROM recent_change WHERE processing_date = ANY($1::date[])",
      [reused],
    );
    await afterEach();
  }
  for (const date of recent) {
    // The first release of the data has nothing to compare with.
    if (!compute.has(date) || date === dates[0]) continue;
    await computeRelease(db, date, dates, facilityTable);
    await afterEach();
  }
  await db.exec(`
    UPDATE recent_change_basis_next b SET entries = x.entries
    FROM (SELECT processing_date, count(*)::integer AS entries FROM recent_change_next GROUP BY processing_date) x
    WHERE b.processing_date = x.processing_date`);
}
