// Writes a parsed quality measures or averages file (migration 0022). MDS and claims rows are staged first, in short
// statements; one short transaction then merges the rows that changed into the stored history (each quarter, or
// claims period, from the newest release that reports it), records the measures and the file and bumps the data
// version, so that a file that fails leaves nothing. An averages file replaces its month's averages in one
// transaction.
import type { DataSource } from "../core/api-types.ts";
import { arrayLiteral } from "../db/array-literal.ts";
import type { Queryable } from "../db/client.ts";
import { contentDigest, type QualityRelease, type QualityRows } from "./parse-quality.ts";
import { computeQualityAverages } from "./quality-derive.ts";
import { type QualityPlan, StoredQuality } from "./quality-stored.ts";
import { analyzeQuickly, createNext, indexNext, pacer, swapIn } from "./stage.ts";

/**
 * Rows written per statement: each holds the database briefly, and the statement's text (built in this thread, which
 * answers requests) takes about 100 ms.
 */
const ROW_CHUNK = 10_000;

/** The staged rows written whole, and the staged values of older rows (see quality-stored.ts). */
const INCOMING = "quality_incoming";
const OLDER = "quality_older_incoming";

export async function dropQualityIncoming(db: Queryable): Promise<void> {
  await db.exec(
    `DROP TABLE IF EXISTS ${INCOMING}; DROP TABLE IF EXISTS ${OLDER}; DROP TABLE IF EXISTS ${copyOf("quality_mds")};
     DROP TABLE IF EXISTS ${copyOf("quality_claims")}; DROP TABLE IF EXISTS ${copyOf("quality_measure")};`,
  );
}

export interface QualityRecord {
  kind: QualityRelease["kind"];
  processingDate: string;
  changedRows: number;
}

type TransactionalDb = Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> };

/** A typed column's values as an array literal (NaN: NULL). */
function literalOf(values: ArrayLike<number>, rows: Int32Array, width = 1, offset = 0): string {
  const out: (number | null)[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i += 1) {
    const value = values[(rows[i] as number) * width + offset] as number;
    out[i] = Number.isNaN(value) ? null : value;
  }
  return arrayLiteral(out);
}

function textsOf(dictionary: readonly string[], index: Int32Array, rows: Int32Array): string {
  return arrayLiteral(Array.from(rows, (row) => dictionary[index[row] as number] as string));
}

/** The columns of the staged whole rows. */
const INCOMING_COLUMNS = `ccn text, code text, digest text, period text, first_quarter integer,
  score double precision, footnote smallint, observed double precision, expected double precision,
  q1 double precision, q2 double precision, q3 double precision, q4 double precision,
  f1 smallint, f2 smallint, f3 smallint, f4 smallint`;

/** Stages the rows the file writes whole (QualityPlan.whole), in short statements. */
async function stageWhole(
  db: Queryable,
  release: QualityRelease,
  rows: QualityRows,
  { whole: picked, digests }: QualityPlan,
  afterEach: () => Promise<void>,
): Promise<void> {
  await db.exec(`CREATE TABLE ${INCOMING} (${INCOMING_COLUMNS})`);
  const isMds = release.kind === "mds";
  for (let start = 0; start < picked.length; start += ROW_CHUNK) {
    const chunk = picked.subarray(start, Math.min(start + ROW_CHUNK, picked.length));
    const nulls = arrayLiteral(Array.from(chunk, () => null));
    await db.query(
      `INSERT INTO ${INCOMING}
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::integer[], $6::float8[],
         $7::smallint[], $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::float8[], $13::float8[],
         $14::smallint[], $15::smallint[], $16::smallint[], $17::smallint[])`,
      [
        textsOf(rows.ccns, rows.ccn, chunk),
        textsOf(rows.codes, rows.code, chunk),
        arrayLiteral(digests.slice(start, start + chunk.length)),
        textsOf(rows.periods, rows.period, chunk),
        literalOf(rows.firstQuarter, chunk),
        literalOf(rows.score, chunk),
        literalOf(rows.footnote, chunk),
        literalOf(rows.observed, chunk),
        literalOf(rows.expected, chunk),
        ...[0, 1, 2, 3].map((q) => (isMds ? literalOf(rows.quarterScores, chunk, 4, q) : nulls)),
        ...[0, 1, 2, 3].map((q) => (isMds ? literalOf(rows.quarterFootnotes, chunk, 4, q) : nulls)),
      ],
    );
    await afterEach();
  }
  if (picked.length > 0) await db.exec(`ANALYZE ${INCOMING}`);
}

/**
 * Stages what older rows add (QualityPlan.older): MDS, one row per quarter (its number, score and footnote);
 * claims, one per row (its period, adjusted, observed and expected scores and footnote).
 */
async function stageOlder(
  db: Queryable,
  release: QualityRelease,
  rows: QualityRows,
  older: QualityPlan["older"],
  afterEach: () => Promise<void>,
): Promise<void> {
  await db.exec(`CREATE TABLE ${OLDER} (ccn text, code text, pass integer, quarter integer, period text,
    score double precision, footnote smallint, observed double precision, expected double precision)`);
  const isMds = release.kind === "mds";
  for (let start = 0; start < older.row.length; start += ROW_CHUNK) {
    const end = Math.min(start + ROW_CHUNK, older.row.length);
    const chunk = older.row.subarray(start, end);
    const quarters = older.quarter.subarray(start, end);
    const value = (isMdsValue: (row: number, quarter: number) => number, claimsValue: ArrayLike<number>) =>
      arrayLiteral(
        Array.from(chunk, (row, at) => {
          const number = isMds ? isMdsValue(row, quarters[at] as number) : (claimsValue[row] as number);
          return Number.isNaN(number) ? null : number;
        }),
      );
    await db.query(
      `INSERT INTO ${OLDER}
       SELECT * FROM unnest($1::text[], $2::text[], $3::integer[], $4::integer[], $5::text[], $6::float8[],
         $7::smallint[], $8::float8[], $9::float8[])`,
      [
        textsOf(rows.ccns, rows.ccn, chunk),
        textsOf(rows.codes, rows.code, chunk),
        arrayLiteral(Array.from(older.pass.subarray(start, end))),
        arrayLiteral(
          Array.from(chunk, (row, at) => (rows.firstQuarter[row] as number) + (quarters[at] as number)),
        ),
        isMds ? arrayLiteral(Array.from(chunk, () => null)) : textsOf(rows.periods, rows.period, chunk),
        value((row, quarter) => rows.quarterScores[row * 4 + quarter] as number, rows.score),
        value((row, quarter) => rows.quarterFootnotes[row * 4 + quarter] as number, rows.footnote),
        value(() => Number.NaN, rows.observed),
        value(() => Number.NaN, rows.expected),
      ],
    );
    await afterEach();
  }
  if (older.row.length > 0) await db.exec(`ANALYZE ${OLDER}`);
}

/**
 * Writes the staged older values into `target` (the stored table, or its copy), one UPDATE per pass so that each
 * writes a row once; of a range of CCNs, or all. MDS: each quarter's score and footnote put at the quarter's place
 * (the array grows to it); claims: the period appended with its values.
 */
async function applyOlder(
  db: Queryable,
  release: QualityRelease,
  target: string,
  passes: number,
  range: CcnRange | null,
): Promise<void> {
  const inRange = range === null ? "" : "AND o.ccn >= $2 AND ($3::text IS NULL OR o.ccn < $3)";
  const set =
    release.kind === "mds"
      ? "scores[o.quarter] = o.score, footnotes[o.quarter] = o.footnote"
      : `periods = array_append(s.periods, o.period), adjusted = array_append(s.adjusted, o.score),
         observed = array_append(s.observed, o.observed), expected = array_append(s.expected, o.expected),
         footnotes = array_append(s.footnotes, o.footnote)`;
  for (let pass = 0; pass < passes; pass += 1) {
    await db.query(
      `UPDATE ${target} s SET ${set} FROM ${OLDER} o
       WHERE o.pass = $1 AND s.ccn = o.ccn AND s.code = o.code ${inRange}`,
      range === null ? [pass] : [pass, range.from, range.to],
    );
  }
}

/** How many passes the older values need (the most entries of a row). */
const passesOf = (plan: QualityPlan) => plan.older.pass.reduce((most, pass) => Math.max(most, pass + 1), 0);

/** The stored table of a file's rows. */
const tableOf = (release: QualityRelease) => (release.kind === "mds" ? "quality_mds" : "quality_claims");

/** A range of CCNs, from `from` up to but not including `to` (null: every CCN from `from` on). */
interface CcnRange {
  from: string;
  to: string | null;
}

/**
 * How a staged row (i) changes a stored one (s), column by column (see migration 0022 for the rules), as SQL
 * expressions of both ($1: the file's processing date): written as an UPDATE in place, or as a SELECT into a copy.
 */
const MERGED: Record<QualityRelease["kind"], [column: string, expression: string][]> = {
  mds: [
    [
      "scores",
      "quality_merge(s.scores, s.footnotes, i.first_quarter, ARRAY[i.q1, i.q2, i.q3, i.q4], $1::date >= s.release_date)",
    ],
    [
      "footnotes",
      "quality_merge(s.footnotes, s.footnotes, i.first_quarter, ARRAY[i.f1, i.f2, i.f3, i.f4], $1::date >= s.release_date)",
    ],
    ["digest", "CASE WHEN $1::date >= s.release_date THEN i.digest ELSE s.digest END"],
    ["period", "CASE WHEN $1::date >= s.release_date THEN i.period ELSE s.period END"],
    ["average", "CASE WHEN $1::date >= s.release_date THEN i.score ELSE s.average END"],
    ["average_footnote", "CASE WHEN $1::date >= s.release_date THEN i.footnote ELSE s.average_footnote END"],
    ["release_date", "greatest(s.release_date, $1::date)"],
  ],
  claims: [
    ["adjusted", "quality_put_period(s.adjusted, s.periods, i.period, i.score, $1::date >= s.release_date)"],
    [
      "observed",
      "quality_put_period(s.observed, s.periods, i.period, i.observed, $1::date >= s.release_date)",
    ],
    [
      "expected",
      "quality_put_period(s.expected, s.periods, i.period, i.expected, $1::date >= s.release_date)",
    ],
    [
      "footnotes",
      "quality_put_period(s.footnotes, s.periods, i.period, i.footnote, $1::date >= s.release_date)",
    ],
    ["periods", "quality_put_period(s.periods, s.periods, i.period, i.period, true)"],
    ["digest", "CASE WHEN $1::date >= s.release_date THEN i.digest ELSE s.digest END"],
    ["period", "CASE WHEN $1::date >= s.release_date THEN i.period ELSE s.period END"],
    ["release_date", "greatest(s.release_date, $1::date)"],
  ],
  averages: [],
};

/** A staged row that no stored row matches, as a new row: its columns and their values. */
const ADDED: Record<QualityRelease["kind"], string> = {
  mds: `(ccn, code, release_date, digest, period, average, average_footnote, scores, footnotes)
     SELECT i.ccn, i.code, $1::date, i.digest, i.period, i.score, i.footnote,
       quality_merge(NULL::float8[], NULL, i.first_quarter, ARRAY[i.q1, i.q2, i.q3, i.q4], true),
       quality_merge(NULL::smallint[], NULL, i.first_quarter, ARRAY[i.f1, i.f2, i.f3, i.f4], true)`,
  claims: `(ccn, code, release_date, digest, period, periods, adjusted, observed, expected, footnotes)
     SELECT i.ccn, i.code, $1::date, i.digest, i.period, ARRAY[i.period], ARRAY[i.score], ARRAY[i.observed],
       ARRAY[i.expected], ARRAY[i.footnote]`,
  averages: "",
};

/** The staged rows no row of `target` matches (of the range, or all), added to it. */
async function addNewRows(db: Queryable, release: QualityRelease, target: string, range: CcnRange | null) {
  const inRange = range === null ? "" : "AND i.ccn >= $2 AND ($3::text IS NULL OR i.ccn < $3)";
  await db.query(
    `INSERT INTO ${target} ${ADDED[release.kind]}
     FROM ${INCOMING} i
     WHERE NOT EXISTS (SELECT 1 FROM ${target} s WHERE s.ccn = i.ccn AND s.code = i.code) ${inRange}`,
    range === null ? [release.processingDate] : [release.processingDate, range.from, range.to],
  );
}

/** In the transaction: the staged rows merged into the stored table in place. */
async function mergeInPlace(tx: Queryable, release: QualityRelease, plan: QualityPlan): Promise<void> {
  const table = tableOf(release);
  await applyOlder(tx, release, table, passesOf(plan), null);
  if (plan.whole.length === 0) return;
  await tx.query(
    `UPDATE ${table} s SET ${MERGED[release.kind].map(([column, expression]) => `${column} = ${expression}`).join(", ")}
     FROM ${INCOMING} i WHERE s.ccn = i.ccn AND s.code = i.code`,
    [release.processingDate],
  );
  await addNewRows(tx, release, table, null);
}

/**
 * The stored rows of a range written into the copy as merged with the staged rows (one pass: a row the file does not
 * change is copied as it is), then the file's new rows of the range.
 */
async function copyMergedRange(db: Queryable, release: QualityRelease, range: CcnRange): Promise<void> {
  const table = tableOf(release);
  const merged = MERGED[release.kind];
  const columns = await columnsOf(db, table);
  const values = columns.map((column) => {
    const expression = merged.find(([name]) => name === column)?.[1];
    return expression ? `CASE WHEN i.ccn IS NULL THEN s.${column} ELSE ${expression} END` : `s.${column}`;
  });
  await db.query(
    `INSERT INTO ${copyOf(table)} (${columns.join(", ")})
     SELECT ${values.join(", ")}
     FROM ${table} s LEFT JOIN ${INCOMING} i ON i.ccn = s.ccn AND i.code = s.code
     WHERE s.ccn >= $2 AND ($3::text IS NULL OR s.ccn < $3)`,
    [release.processingDate, range.from, range.to],
  );
  await addNewRows(db, release, copyOf(table), range);
}

/** A table's columns in order. */
async function columnsOf(db: Queryable, table: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped
     ORDER BY attnum`,
    [table],
  );
  return rows.map((row) => row.name);
}

/**
 * Staged rows from which a file's rows are merged into a copy of the table, swapped in by its transaction (a national
 * quarterly file stages about 255,000; a month repeating the quarters, none), by a server's load: merged in place,
 * 30,000 rows held the embedded database for 1.9 s (MDS) and 2.4 s (claims) in the transaction, which requests
 * wait for. Tests set it to 0, for any load, to compare the two ways of merging on small files.
 */
export const qualityMergeTuning = { copyFromRows: 10_000, onlyWhileServing: true };
/** Facilities whose rows are copied and merged per statement. */
const RANGE_FACILITIES = 1_000;

/** The copy of a table a load writes before its transaction swaps it in. */
const copyOf = (table: string) => `${table}_next`;

/**
 * A file that changes many rows (a quarterly file changes every facility's) is merged into a copy of the stored table,
 * 1,000 facilities per statement, which the transaction then swaps in by renames: merged in the transaction, a
 * national file's rows held the embedded database, and every request, for 2 to 5 s. Nothing else writes the table
 * meanwhile (one load at a time, src/ingest/load-lock.ts).
 */
async function mergeIntoCopy(
  db: Queryable,
  release: QualityRelease,
  plan: QualityPlan,
  afterEach: () => Promise<void>,
) {
  const table = tableOf(release);
  const next = copyOf(table);
  await db.exec(`
    DROP TABLE IF EXISTS ${next};
    CREATE TABLE ${next} (LIKE ${table} INCLUDING DEFAULTS) WITH (fillfactor = 50);
    CREATE INDEX ON ${INCOMING} (ccn, code);`);
  const bounds = await db.query<{ ccn: string }>(
    `SELECT ccn FROM (
       SELECT ccn, row_number() OVER (ORDER BY ccn) AS n
       FROM (SELECT DISTINCT ccn FROM ${table} UNION SELECT ccn FROM ${INCOMING}) c
     ) b WHERE n % $1 = 1 ORDER BY ccn`,
    [RANGE_FACILITIES],
  );
  await afterEach();
  for (const [at, bound] of bounds.entries()) {
    const range = { from: bound.ccn, to: bounds[at + 1]?.ccn ?? null };
    await copyMergedRange(db, release, range);
    await applyOlder(db, release, next, passesOf(plan), range);
    await afterEach();
  }
  await db.exec(`ALTER TABLE ${next} ADD CONSTRAINT ${next}_pkey PRIMARY KEY (ccn, code)`);
  await afterEach();
  await analyzeQuickly(db, next);
  await afterEach();
}

/**
 * Before the transaction of a file merged into a copy: the measures recorded in a copy of quality_measure, and the
 * product's averages computed from the copies into quality_average_next (when the load keeps the derived tables
 * fresh), so that the transaction has nothing left to compute: aggregating every facility's scores took 2 s.
 */
async function prepareCopies(
  db: Queryable,
  release: QualityRelease,
  isDerivedNow: boolean,
  afterEach: () => Promise<void>,
): Promise<void> {
  const measure = copyOf("quality_measure");
  await db.exec(`
    DROP TABLE IF EXISTS ${measure};
    CREATE TABLE ${measure} (LIKE quality_measure INCLUDING ALL);
    INSERT INTO ${measure} SELECT * FROM quality_measure;`);
  await recordMeasures(db, release, measure);
  await afterEach();
  if (!isDerivedNow) return;
  await createNext(db, "quality_average");
  const table = tableOf(release);
  await computeQualityAverages(
    db,
    "quality_average_next",
    "facility",
    {
      mds: table === "quality_mds" ? copyOf(table) : "quality_mds",
      claims: table === "quality_claims" ? copyOf(table) : "quality_claims",
      measure,
    },
    afterEach,
  );
  await indexNext(db, "quality_average", afterEach);
}

/** In the transaction: the merged copies in place of the stored tables. */
async function swapInCopies(tx: Queryable, release: QualityRelease, isDerivedNow: boolean): Promise<void> {
  for (const table of [tableOf(release), "quality_measure"]) {
    const next = copyOf(table);
    await tx.exec(`
      DROP TABLE ${table};
      ALTER TABLE ${next} RENAME TO ${table};
      ALTER INDEX ${next}_pkey RENAME TO ${table}_pkey;`);
  }
  if (isDerivedNow) await swapIn(tx, ["quality_average"]);
}

/** In the transaction: the file's measures (description, resident type, use in the rating, newest period). */
async function recordMeasures(
  tx: Queryable,
  release: QualityRelease,
  target = "quality_measure",
): Promise<void> {
  const date = release.processingDate;
  const { measures } = release;
  await tx.query(
    `INSERT INTO ${target} AS m (source, code, description, resident_type, is_used_in_rating, period,
       release_date)
     SELECT $1, i.code, i.description, i.resident_type, i.used, i.period, $7::date
     FROM unnest($2::text[], $3::text[], $4::text[], $5::boolean[], $6::text[])
       AS i(code, description, resident_type, used, period)
     ON CONFLICT (source, code) DO UPDATE SET
       description = CASE WHEN EXCLUDED.release_date >= m.release_date THEN EXCLUDED.description ELSE m.description END,
       resident_type = CASE WHEN EXCLUDED.release_date >= m.release_date THEN EXCLUDED.resident_type ELSE m.resident_type END,
       is_used_in_rating = CASE WHEN EXCLUDED.release_date >= m.release_date
         THEN coalesce(EXCLUDED.is_used_in_rating, m.is_used_in_rating) ELSE m.is_used_in_rating END,
       period = CASE WHEN EXCLUDED.release_date >= m.release_date THEN EXCLUDED.period ELSE m.period END,
       release_date = greatest(EXCLUDED.release_date, m.release_date)`,
    [
      release.kind,
      arrayLiteral(measures.map((measure) => measure.code)),
      arrayLiteral(measures.map((measure) => measure.description)),
      arrayLiteral(measures.map((measure) => measure.residentType)),
      arrayLiteral(
        measures.map((measure) => (measure.usedInRating === null ? null : measure.usedInRating ? "t" : "f")),
      ),
      arrayLiteral(measures.map((measure) => measure.period)),
      date,
    ],
  );
}

/** In the transaction: the month's averages replaced by the file's. */
async function replaceAverages(tx: Queryable, release: QualityRelease): Promise<void> {
  const table = release.averages;
  if (!table) return;
  const date = release.processingDate;
  await tx.query("DELETE FROM cms_average_column WHERE processing_date = $1::date", [date]);
  await tx.query("DELETE FROM cms_average WHERE processing_date = $1::date", [date]);
  await tx.query(
    `INSERT INTO cms_average_column (processing_date, position, column_key, header, measure_code)
     SELECT $1::date, n, key, header, code
     FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS c(key, header, code, n)`,
    [
      date,
      arrayLiteral(table.columns.map((column) => column.key)),
      arrayLiteral(table.columns.map((column) => column.header)),
      arrayLiteral(table.columns.map((column) => column.measureCode)),
    ],
  );
  for (const [row, state] of table.states.entries()) {
    await tx.query(
      "INSERT INTO cms_average (processing_date, state, vals) VALUES ($1::date, $2, $3::float8[])",
      [date, state, arrayLiteral(table.values[row] ?? [])],
    );
  }
}

/** A plan that writes nothing. */
const NOTHING: QualityPlan = {
  whole: new Int32Array(0),
  digests: [],
  older: { row: new Int32Array(0), quarter: new Int32Array(0), pass: new Int32Array(0) },
  olderRows: 0,
};

/**
 * Whether a file repeats the newest release of its kind (a month between two quarterly updates: the same rows, a
 * newer processing date), which every stored row then reports already: known from the two files' content digests,
 * without reading what is stored (on a national history, 36 statements and 10 s for the MDS measures). `digest`: the
 * file's, computed when the file is at least as new as every release of its kind loaded (an older one's is never
 * compared), else null.
 */
async function repeatsNewest(
  db: Queryable,
  release: QualityRelease & { rows: QualityRows },
  afterEach: () => Promise<void>,
): Promise<{ isRepeat: boolean; digest: string | null }> {
  const [newest] = await db.query<{ date: string; digest: string | null }>(
    `SELECT to_char(processing_date, 'YYYY-MM-DD') AS date, content_digest AS digest FROM quality_release
     WHERE kind = $1 ORDER BY processing_date DESC, id DESC LIMIT 1`,
    [release.kind],
  );
  if (newest && release.processingDate < newest.date) return { isRepeat: false, digest: null };
  const digest = await contentDigest(release.rows, pacer(afterEach));
  const isRepeat = newest !== undefined && newest.digest === digest && release.processingDate > newest.date;
  return { isRepeat, digest };
}

/**
 * Loads a parsed quality file: stages its changed rows and applies them in one short transaction. Returns what it
 * changed.
 */
export async function loadQualityRelease(
  db: TransactionalDb,
  release: QualityRelease,
  source: DataSource,
  startedAt: number,
  /** Runs between the steps; given by a server, whose requests wait while the embedded database is held. */
  given?: () => Promise<void>,
  /**
   * Rewrite the product's averages (quality_average) in the load's transaction, keeping the derived tables fresh: a
   * server publishing file by file. Otherwise (the command line, which publishes once at the end) the derived
   * tables are left stale, and the publication recomputes them once for the whole run.
   */
  isDerivedNow = true,
  /** What is stored of the file's kind, kept by the run (read from the database when not given). */
  stored?: () => Promise<StoredQuality>,
): Promise<QualityRecord> {
  const afterEach = given ?? (async () => {});
  try {
    let changedRows = release.rowCount;
    let plan: QualityPlan | null = null;
    let summary: StoredQuality | null = null;
    let digest: string | null = null;
    const rows = release.rows;
    if (rows && (release.kind === "mds" || release.kind === "claims")) {
      await dropQualityIncoming(db);
      const repeat = await repeatsNewest(db, { ...release, rows }, afterEach);
      digest = repeat.digest;
      if (repeat.isRepeat) plan = NOTHING;
      else {
        summary = await (stored?.() ?? StoredQuality.read(db, release.kind, afterEach));
        plan = await summary.plan({ ...release, rows }, afterEach);
        await stageWhole(db, release, rows, plan, afterEach);
        await stageOlder(db, release, rows, plan.older, afterEach);
      }
      changedRows = plan.whole.length + plan.olderRows;
    }
    // Copied only by a load that answers requests meanwhile: the copy costs a few seconds more per file, which the
    // command line, with no one waiting, has no reason to pay.
    const isCopied =
      Boolean(release.rows) &&
      changedRows >= qualityMergeTuning.copyFromRows &&
      (given !== undefined || !qualityMergeTuning.onlyWhileServing);
    if (isCopied && plan) {
      await mergeIntoCopy(db, release, plan, afterEach);
      await prepareCopies(db, release, isDerivedNow, afterEach);
    }
    await db.transaction(async (tx) => {
      if (release.rows && isCopied) await swapInCopies(tx, release, isDerivedNow);
      else if (release.rows && plan) {
        if (changedRows > 0) await mergeInPlace(tx, release, plan);
        await recordMeasures(tx, release);
        if (changedRows > 0 && isDerivedNow) await computeQualityAverages(tx, "quality_average", "facility");
      } else await replaceAverages(tx, release);
      await tx.query(
        `INSERT INTO quality_release (kind, processing_date, source, file_name, checksum, row_count, changed_rows,
           duration_ms, content_digest)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          release.kind,
          release.processingDate,
          source,
          release.fileName,
          release.checksum,
          release.rowCount,
          changedRows,
          Math.round(performance.now() - startedAt),
          digest,
        ],
      );
      // The derived tables stay as fresh as they were when what this file changes of them is written above.
      const isFresh = isDerivedNow || !release.rows || changedRows === 0;
      await tx.query(
        `UPDATE app_state SET data_version = data_version + 1,
           derived_version = CASE WHEN $1 AND derived_version = data_version THEN data_version + 1
             ELSE derived_version END,
           updated_at = now()`,
        [isFresh],
      );
    });
    if (summary && plan && rows) summary.commit({ ...release, rows }, plan);
    await afterEach();
    return { kind: release.kind, processingDate: release.processingDate, changedRows };
  } finally {
    await dropQualityIncoming(db);
  }
}
