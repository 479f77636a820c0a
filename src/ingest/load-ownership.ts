// Writes a parsed Ownership file into the spans of migration 0027 (docs/ingest.md, "Ownership"): per facility,
// owner and role, the first and the last release that list it. A release may come in any order (the server loads the
// current file first, then the archives oldest first): every release only widens the spans it lists, so the result
// is the same whatever the order.
//
// What a release writes depends on where it falls in the facility's releases (ownership_facility):
// - a facility listed for the first time: its rows, open (last_seen null: listed in the facility's last release);
// - a release newer than the facility's last: when its rows are the last release's (same digest), only the
//   facility's last_seen moves (its open rows follow it); otherwise the open rows it no longer lists are closed at
//   the facility's last release, the others open, new ones added;
// - the facility's last release again (a second file of the month): rows added or reopened, none closed;
// - an older release: first_seen moves back and closed spans widen to it; when its rows are the last release's,
//   one statement moves the open rows' first_seen; when they are those of the release the run loaded just before
//   (nothing loaded between), one statement moves the spans that ended there to it.
// Only facilities whose rows differ from their last release's are staged, in short statements; one short
// transaction then applies everything and records the file, so a failing file leaves nothing.
import type { DataSource } from "../core/api-types.ts";
import { roleGroupOf, roleKey } from "../core/ownership.ts";
import { arrayLiteral } from "../db/array-literal.ts";
import type { Queryable } from "../db/client.ts";
import { refreshOwnershipTables } from "./ownership-derive.ts";
import type { ListedOwner, OwnershipRelease, OwnershipRows } from "./parse-ownership.ts";

/**
 * Rows written per statement: each holds the database briefly, and the statement's text (built in this thread, which
 * answers requests) takes about 100 ms.
 */
const ROW_CHUNK = 10_000;

const INCOMING = "ownership_incoming";
const INCOMING_FACILITY = "ownership_incoming_facility";

export async function dropOwnershipIncoming(db: Queryable): Promise<void> {
  await db.exec(`DROP TABLE IF EXISTS ${INCOMING}; DROP TABLE IF EXISTS ${INCOMING_FACILITY};`);
}

export interface OwnershipRecord {
  processingDate: string;
  /** Facilities whose rows the release added or changed. */
  changedFacilities: number;
}

type TransactionalDb = Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> };

/**
 * The release a run loaded last and its facilities' digests: the next release of the run, when it is the very next
 * one loaded (nothing loaded between the two), writes little for the facilities it lists as that one did. A server's
 * backfill loads the current file first, then the archives oldest first: each archive is older than every
 * facility's last release, and most of its facilities are listed as in the archive before it.
 */
export interface PreviousOwnership {
  date: string;
  digests: Map<string, string>;
}

/** The facilities of a release by what it does to them (indexes into rows.ccns). */
interface Classified {
  /** New, or rows that differ from the facility's last release: staged. */
  staged: number[];
  /** Newer than the facility's last release, same rows. */
  newerSame: number[];
  /** Older than the facility's last release, the same rows as it. */
  olderSame: number[];
  /** Older than the facility's last release, the same rows as the release loaded just before (previous.date). */
  continued: number[];
}

async function classify(
  db: Queryable,
  rows: OwnershipRows,
  date: string,
  previous: PreviousOwnership | null,
): Promise<Classified> {
  const [row] = await db.query<{
    staged: string | null;
    newer: string | null;
    older: string | null;
    olderChanged: string | null;
    isNext: boolean;
  }>(
    `SELECT
       json_agg(i.n - 1) FILTER (WHERE f.ccn IS NULL OR f.digest IS DISTINCT FROM i.digest)::text AS staged,
       json_agg(i.n - 1) FILTER (WHERE f.digest = i.digest AND $3::date > f.last_seen)::text AS newer,
       json_agg(i.n - 1) FILTER (WHERE f.digest = i.digest AND $3::date < f.last_seen)::text AS older,
       json_agg(i.n - 1) FILTER (WHERE f.digest IS DISTINCT FROM i.digest AND $3::date < f.last_seen)::text
         AS "olderChanged",
       $4::date < $3::date AND EXISTS (SELECT 1 FROM ownership_release WHERE processing_date = $4::date)
         AND NOT EXISTS (SELECT 1 FROM ownership_release WHERE processing_date > $4::date
                         AND processing_date <= $3::date) AS "isNext"
     FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS i(ccn, digest, n)
     LEFT JOIN ownership_facility f ON f.ccn = i.ccn`,
    [arrayLiteral(rows.ccns), arrayLiteral(rows.digests), date, previous?.date ?? null],
  );
  const parse = (text: string | null | undefined) => (text ? (JSON.parse(text) as number[]) : []);
  const classified: Classified = {
    staged: parse(row?.staged),
    newerSame: parse(row?.newer),
    olderSame: parse(row?.older),
    continued: [],
  };
  if (previous && row?.isNext) {
    const continued = new Set(
      parse(row.olderChanged).filter(
        (facility) => previous.digests.get(rows.ccns[facility] as string) === rows.digests[facility],
      ),
    );
    classified.continued = [...continued];
    classified.staged = classified.staged.filter((facility) => !continued.has(facility));
  }
  return classified;
}

/** Stages the rows of the facilities to write, and each facility's last release before this one. */
async function stageRows(
  db: Queryable,
  rows: OwnershipRows,
  facilities: readonly number[],
  afterEach: () => Promise<void>,
): Promise<void> {
  await dropOwnershipIncoming(db);
  await db.exec(`
    CREATE TABLE ${INCOMING} (ccn text, owner_key text, role_key text, owner_type text, owner_name text,
      role text, role_group text, percentage double precision, percentage_text text, since date);
    CREATE TABLE ${INCOMING_FACILITY} (ccn text PRIMARY KEY, digest text, last_before date, first_before date)`);
  const roleKeys = rows.roles.map(roleKey);
  const roleGroups = rows.roles.map(roleGroupOf);
  let chunk: number[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const owner = (row: number) => rows.owners[rows.owner[row] as number] as ListedOwner;
    const column = <T extends string | number | null>(value: (row: number) => T) =>
      arrayLiteral(chunk.map(value));
    await db.query(
      `INSERT INTO ${INCOMING}
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::float8[], $9::text[], $10::date[])`,
      [
        column((row) => rows.ccns[facilityOf(rows, row)] as string),
        column((row) => owner(row).key),
        column((row) => roleKeys[rows.role[row] as number] as string),
        column((row) => owner(row).type),
        column((row) => owner(row).name),
        column((row) => rows.roles[rows.role[row] as number] as string),
        column((row) => roleGroups[rows.role[row] as number] as string),
        column((row) => rows.percentages[rows.percentage[row] as number] ?? null),
        column((row) => rows.percentageTexts[rows.percentage[row] as number] ?? null),
        column((row) => rows.sinceDates[rows.since[row] as number] ?? null),
      ],
    );
    chunk = [];
    await afterEach();
  };
  for (const facility of facilities) {
    for (
      let row = rows.facilityStart[facility] as number;
      row < (rows.facilityStart[facility + 1] as number);
      row += 1
    )
      chunk.push(row);
    if (chunk.length >= ROW_CHUNK) await flush();
  }
  await flush();
  await db.query(
    `INSERT INTO ${INCOMING_FACILITY}
     SELECT i.ccn, i.digest, f.last_seen, f.first_seen FROM unnest($1::text[], $2::text[]) AS i(ccn, digest)
     LEFT JOIN ownership_facility f ON f.ccn = i.ccn`,
    [
      arrayLiteral(facilities.map((facility) => rows.ccns[facility] as string)),
      arrayLiteral(facilities.map((facility) => rows.digests[facility] as string)),
    ],
  );
  await db.exec(`ANALYZE ${INCOMING}; ANALYZE ${INCOMING_FACILITY}`);
  await afterEach();
}

/** The facility (index into rows.ccns) of a row: the last facility whose rows start at or before it. */
function facilityOf(rows: OwnershipRows, row: number): number {
  const start = rows.facilityStart;
  let low = 0;
  let high = start.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((start[middle] as number) <= row) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** In the transaction: the staged facilities' rows merged into the spans (see the top of this file). */
async function mergeStaged(tx: Queryable, date: string): Promise<void> {
  // Open rows a newer release no longer lists end at the facility's last release before it.
  await tx.query(
    `UPDATE ownership_role r SET last_seen = x.last_before, listed = x.last_before
     FROM ${INCOMING_FACILITY} x
     WHERE r.ccn = x.ccn AND x.last_before < $1::date AND r.last_seen IS NULL
       AND NOT EXISTS (SELECT 1 FROM ${INCOMING} i
                       WHERE i.ccn = r.ccn AND i.owner_key = r.owner_key AND i.role_key = r.role_key)`,
    [date],
  );
  // Rows listed before: spans widened, open when this is the facility's last release; values from the newest.
  // An open row's values are its facility's last release's (listed null); a closed row's, those of `listed`.
  await tx.query(
    `UPDATE ownership_role r SET
       first_seen = least(r.first_seen, $1::date),
       last_seen = CASE WHEN $1::date >= x.last_before THEN NULL
                        WHEN r.last_seen < $1::date THEN $1::date ELSE r.last_seen END,
       owner_type = CASE WHEN $1::date >= coalesce(r.listed, x.last_before) THEN i.owner_type ELSE r.owner_type END,
       owner_name = CASE WHEN $1::date >= coalesce(r.listed, x.last_before) THEN i.owner_name ELSE r.owner_name END,
       role = CASE WHEN $1::date >= coalesce(r.listed, x.last_before) THEN i.role ELSE r.role END,
       role_group = CASE WHEN $1::date >= coalesce(r.listed, x.last_before) THEN i.role_group ELSE r.role_group END,
       percentage = CASE WHEN $1::date >= coalesce(r.listed, x.last_before) THEN i.percentage ELSE r.percentage END,
       percentage_text = CASE WHEN $1::date >= coalesce(r.listed, x.last_before) THEN i.percentage_text ELSE r.percentage_text END,
       since = CASE WHEN $1::date >= coalesce(r.listed, x.last_before) THEN i.since ELSE r.since END,
       listed = CASE WHEN $1::date >= x.last_before OR r.last_seen IS NULL THEN NULL
                     ELSE greatest(r.listed, $1::date) END
     FROM ${INCOMING} i JOIN ${INCOMING_FACILITY} x ON x.ccn = i.ccn
     WHERE r.ccn = i.ccn AND r.owner_key = i.owner_key AND r.role_key = i.role_key`,
    [date],
  );
  // Rows never listed before: open unless an older release than the facility's last lists them.
  await tx.query(
    `INSERT INTO ownership_role (ccn, owner_key, role_key, first_seen, last_seen, owner_type, owner_name, role,
       role_group, percentage, percentage_text, since, listed)
     SELECT i.ccn, i.owner_key, i.role_key, $1::date,
       CASE WHEN x.last_before IS NULL OR $1::date >= x.last_before THEN NULL ELSE $1::date END,
       i.owner_type, i.owner_name, i.role, i.role_group, i.percentage, i.percentage_text, i.since,
       CASE WHEN x.last_before IS NULL OR $1::date >= x.last_before THEN NULL ELSE $1::date END
     FROM ${INCOMING} i JOIN ${INCOMING_FACILITY} x ON x.ccn = i.ccn
     WHERE NOT EXISTS (SELECT 1 FROM ownership_role r
                       WHERE r.ccn = i.ccn AND r.owner_key = i.owner_key AND r.role_key = i.role_key)`,
    [date],
  );
  // The facility: its span widened; the digest of its last release's rows (unknown after a second file of it).
  await tx.query(
    `INSERT INTO ownership_facility AS f (ccn, first_seen, last_seen, digest)
     SELECT x.ccn, $1::date, $1::date, x.digest FROM ${INCOMING_FACILITY} x
     ON CONFLICT (ccn) DO UPDATE SET
       first_seen = least(f.first_seen, EXCLUDED.first_seen),
       last_seen = greatest(f.last_seen, EXCLUDED.last_seen),
       digest = CASE WHEN EXCLUDED.last_seen > f.last_seen THEN EXCLUDED.digest
                     WHEN EXCLUDED.last_seen = f.last_seen THEN NULL ELSE f.digest END`,
    [date],
  );
}

/** In the transaction: the facilities listed as in their last release. */
async function applyUnchanged(
  tx: Queryable,
  rows: OwnershipRows,
  date: string,
  classified: Classified,
  previous: PreviousOwnership | null,
) {
  const ccns = (facilities: number[]) =>
    arrayLiteral(facilities.map((facility) => rows.ccns[facility] as string));
  if (classified.newerSame.length > 0) {
    await tx.query("UPDATE ownership_facility SET last_seen = $2::date WHERE ccn = ANY($1::text[])", [
      ccns(classified.newerSame),
      date,
    ]);
  }
  // Listed as in the release loaded just before this one, with nothing loaded between: the spans that ended there
  // (closed at it: a closed span's values are those of its last release) now end here.
  if (classified.continued.length > 0 && previous) {
    await tx.query(
      `UPDATE ownership_role SET last_seen = $2::date, listed = $2::date
       WHERE ccn = ANY($1::text[]) AND last_seen = $3::date`,
      [ccns(classified.continued), date, previous.date],
    );
  }
  if (classified.olderSame.length > 0) {
    const older = ccns(classified.olderSame);
    await tx.query(
      `UPDATE ownership_role SET first_seen = $2::date
       WHERE ccn = ANY($1::text[]) AND last_seen IS NULL AND first_seen > $2::date`,
      [older, date],
    );
    await tx.query(
      `UPDATE ownership_facility SET first_seen = $2::date WHERE ccn = ANY($1::text[]) AND first_seen > $2::date`,
      [older, date],
    );
  }
}

/**
 * Loads a parsed Ownership file: stages the facilities whose rows changed and applies the release in one short
 * transaction. With `isDerivedNow` (a server publishing file by file) the ownership tables derived at publication
 * are rebuilt and swapped in after it (ownership-derive.ts), so that the file needs no whole publication; otherwise
 * (the command line, which publishes once at the end) the derived tables are left stale.
 */
export async function loadOwnershipRelease(
  db: TransactionalDb,
  release: OwnershipRelease,
  source: DataSource,
  startedAt: number,
  afterEach: () => Promise<void> = async () => {},
  isDerivedNow = true,
  /** The release the run loaded before this one; set to this one once it is loaded. */
  run: { previous: PreviousOwnership | null } = { previous: null },
): Promise<OwnershipRecord> {
  const { rows, processingDate: date } = release;
  try {
    const classified = await classify(db, rows, date, run.previous);
    await afterEach();
    await stageRows(db, rows, classified.staged, afterEach);
    const changedFacilities = classified.staged.length;
    const hasChanges =
      changedFacilities > 0 ||
      classified.newerSame.length > 0 ||
      classified.olderSame.length > 0 ||
      classified.continued.length > 0;
    const [state] = await db.query<{ version: number; fresh: boolean }>(
      "SELECT data_version::float8 AS version, derived_version = data_version AS fresh FROM app_state",
    );
    await db.transaction(async (tx) => {
      if (changedFacilities > 0) await mergeStaged(tx, date);
      await applyUnchanged(tx, rows, date, classified, run.previous);
      await tx.query(
        `INSERT INTO ownership_release (processing_date, source, file_name, checksum, row_count, changed_facilities,
           duration_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          date,
          source,
          release.fileName,
          release.checksum,
          release.rowCount,
          changedFacilities,
          Math.round(performance.now() - startedAt),
        ],
      );
      // The derived tables stay fresh when the file changed nothing (the same rows as a release of the same date).
      await tx.query(
        `UPDATE app_state SET data_version = data_version + 1,
           derived_version = CASE WHEN $1 AND derived_version = data_version THEN data_version + 1
             ELSE derived_version END,
           updated_at = now()`,
        [!hasChanges],
      );
    });
    run.previous = {
      date,
      digests: new Map(rows.ccns.map((ccn, facility) => [ccn, rows.digests[facility] as string])),
    };
    await afterEach();
    // What the transaction left stale is rebuilt, unless something else had left the derived tables stale already
    // (then the next publication rebuilds everything).
    if (hasChanges && isDerivedNow && state?.fresh) {
      await refreshOwnershipTables(db, state.version + 1, afterEach);
    }
    return { processingDate: date, changedFacilities };
  } finally {
    await dropOwnershipIncoming(db);
  }
}
