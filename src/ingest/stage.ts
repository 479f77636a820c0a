// Publishing a load atomically in short steps. The tables the API reads whole (the facilities and everything
// derived from the releases) are rebuilt beside the live ones as `<table>_next`, in statements that each hold the
// database for well under a second, and then swapped in by one short transaction of renames. On the embedded
// database, which answers one statement at a time, requests keep being answered between the steps; on every
// engine, readers see the old data until the swap commits and the new data after it.
import type { Queryable } from "../db/client.ts";

/** The tables a publication replaces whole. */
export const SWAPPED_TABLES = [
  "facility",
  "rating_alert",
  "alert_rank",
  "alert_summary",
  "facility_summary",
  "state_lu",
  "affiliated_entity_name_lu",
  "benchmark",
  "entity_summary",
  "entity_month",
  "entity_trend_text",
  "place",
  "facility_inspection",
  "citation_count",
  "map_points",
  "recent_change",
  "recent_change_basis",
  "staffing_average",
  "quality_average",
  "owner_facility",
  "owner_summary",
] as const;
export type SwappedTable = (typeof SWAPPED_TABLES)[number];

const NEXT = "_next";

export function nextName(table: SwappedTable): string {
  return `${table}${NEXT}`;
}

/** An empty copy of `table` (columns, defaults, checks; no indexes yet: they are built after the rows). */
export async function createNext(db: Queryable, table: SwappedTable): Promise<string> {
  const next = nextName(table);
  await db.exec(
    `DROP TABLE IF EXISTS ${next}; CREATE TABLE ${next} (LIKE ${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
  );
  return next;
}

type IndexDefinition = { name: string; definition: string; isPrimaryKey: boolean };

async function indexesOf(db: Queryable, table: string): Promise<IndexDefinition[]> {
  return db.query<IndexDefinition>(
    `SELECT i.indexname AS name, i.indexdef AS definition,
       EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.contype = 'p'
               AND c.conrelid = to_regclass(i.schemaname || '.' || i.tablename)) AS "isPrimaryKey"
     FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename = $1
     ORDER BY i.indexname`,
    [table],
  );
}

/**
 * Builds on `<table>_next` the indexes `table` has, named `<index>_next` (renamed back by the swap), one
 * statement each, and refreshes its statistics. `afterEach` runs between the statements (to let requests in).
 */
export async function indexNext(
  db: Queryable,
  table: SwappedTable,
  afterEach: () => Promise<void> = async () => {},
): Promise<void> {
  const next = nextName(table);
  for (const index of await indexesOf(db, table)) {
    const match = /^CREATE (UNIQUE )?INDEX \S+ ON \S+ (.*)$/s.exec(index.definition);
    if (!match) throw new Error(`unexpected index definition: ${index.definition}`);
    const name = `${index.name}${NEXT}`;
    await db.exec(`CREATE ${match[1] ?? ""}INDEX ${name} ON ${next} ${match[2]}`);
    if (index.isPrimaryKey) {
      await db.exec(`ALTER TABLE ${next} ADD CONSTRAINT ${name} PRIMARY KEY USING INDEX ${name}`);
    }
    await afterEach();
  }
  await analyzeQuickly(db, next);
  await afterEach();
}

/**
 * SQL that is true for the rows of one of `parts` parts of a table, told apart by the hash of `column` (a CCN, an
 * owner): the part whose number the placeholder `param` (`$1`, ...) gives, so that a computation over a large table
 * can be written in `parts` statements that each hold the database briefly.
 */
export function hashPart(column: string, parts: number, param: string): string {
  return `(hashtext(${column}) % ${parts} + ${parts}) % ${parts} = ${param}`;
}

/**
 * Conditions on `alias.ctid` that split `table` into ranges of `pagesPer` pages, in page order: a statement
 * filtered by one reads only its range (a TID range scan), whatever the planner knows of the table, so that a scan
 * of a large table can be cut into statements that each hold the database briefly.
 */
export async function pageRanges(
  db: Queryable,
  table: string,
  pagesPer: number,
  alias: string,
): Promise<string[]> {
  const [row] = await db.query<{ pages: number }>(
    "SELECT (pg_relation_size($1::regclass) / current_setting('block_size')::bigint)::integer AS pages",
    [table],
  );
  const ranges: string[] = [];
  for (let first = 0; first < (row?.pages ?? 0); first += pagesPer) {
    ranges.push(`${alias}.ctid >= '(${first},0)'::tid AND ${alias}.ctid < '(${first + pagesPer},0)'::tid`);
  }
  return ranges;
}

/**
 * Refreshes a table's planner statistics from a small sample (3,000 rows): the tables' queries are simple indexed
 * reads, and the default sample of 30,000 wide rows holds the embedded database for a second or more.
 */
export async function analyzeQuickly(db: Queryable, table: string): Promise<void> {
  await db.exec(`SET default_statistics_target = 10; ANALYZE ${table}; RESET default_statistics_target`);
}

/** In the publishing transaction: each `<table>_next` replaces `table`, its indexes taking their usual names. */
export async function swapIn(tx: Queryable, tables: readonly SwappedTable[]): Promise<void> {
  for (const table of tables) {
    const next = nextName(table);
    const indexes = await indexesOf(tx, next);
    await tx.exec(`DROP TABLE ${table}; ALTER TABLE ${next} RENAME TO ${table}`);
    for (const index of indexes) {
      if (index.name.endsWith(NEXT)) {
        await tx.exec(`ALTER INDEX ${index.name} RENAME TO ${index.name.slice(0, -NEXT.length)}`);
      }
    }
  }
}

export async function hasNext(db: Queryable, table: SwappedTable): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>(
    "SELECT to_regclass(current_schema() || '.' || $1) IS NOT NULL AS found",
    [nextName(table)],
  );
  return row?.found ?? false;
}

/** Tables a publication writes on the way to its `_next` tables (src/ingest/derive.ts), dropped when done. */
export const SCRATCH_TABLES = [
  "facility_next_rows",
  "facility_rank_next",
  "citation_count_next_part",
  "quality_average_part",
  "quality_average_next_part",
  "quality_average_state",
] as const;

/** Drops what an unfinished publication left behind. */
export async function dropNextTables(db: Queryable): Promise<void> {
  await db.exec(
    [...SWAPPED_TABLES.map(nextName), ...SCRATCH_TABLES]
      .map((table) => `DROP TABLE IF EXISTS ${table};`)
      .join(" "),
  );
}

/**
 * Lets requests waiting for the embedded database run before the next step: a few milliseconds, so that requests
 * that arrived during the last step reach the database before the load's next statement does.
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, YIELD_MS));
}
const YIELD_MS = 10;

/**
 * A long computation's way to let requests in without a pause per item: the returned function calls `afterEach`
 * when `everyMs` have passed since it last did, and returns at once otherwise.
 */
export function pacer(afterEach: () => Promise<void>, everyMs = 40): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < everyMs) return;
    await afterEach();
    since = performance.now();
  };
}
