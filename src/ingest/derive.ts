// Everything the API serves that is derived from the loaded releases, staged in order by stageDerived: the places and
// the national points (derive-places.ts), each facility's figures of the last three years of inspections and the
// citation counts (here), the facilities' rows with their list items (here), the rating-change alerts
// (derive-alerts.ts), the lookups, summary sums and benchmarks (derive-summaries.ts), the affiliated entities'
// tables (derive-entities.ts), the recent changes, staffing and quality averages and the ownership tables. Rebuilt as `<table>_next` tables
// after a load (and at start when an interrupted load left them stale), published by the swap of stage.ts, so that
// a request is always an indexed read.
import { ABUSE_CATEGORY, HARM_LEVELS } from "../core/inspections.ts";
import { arrayLiteral } from "../db/array-literal.ts";
import type { Db, Queryable } from "../db/client.ts";
import { listItemJson } from "../db/list-item.ts";
import { orderOf, RANK_COLUMNS, type RankedSort } from "../db/list-order.ts";
import { stageAlertTables } from "./derive-alerts.ts";
import { stageEntityTables } from "./derive-entities.ts";
import { stageNationalPoints, stagePlaces } from "./derive-places.ts";
import { stageSummaryTables } from "./derive-summaries.ts";
import { computeOwnershipTables } from "./ownership-derive.ts";
import { computeQualityAverages } from "./quality-derive.ts";
import { computeRecentChanges } from "./recent-changes.ts";
import { computeStaffingAverages } from "./staffing.ts";
import {
  analyzeQuickly,
  createNext,
  hashPart,
  indexNext,
  pageRanges,
  SCRATCH_TABLES,
  SWAPPED_TABLES,
  type SwappedTable,
  swapIn,
  yieldToRequests,
} from "./stage.ts";

/** The harm level (1 A-C ... 4 J-L, 0 none) of a scope and severity code, as SQL over `code`. */
export function harmLevelSql(code: string): string {
  const levels = HARM_LEVELS.map(
    (level, index) =>
      `WHEN ${code} IN (${level.codes.map((letter) => `'${letter}'`).join(", ")}) THEN ${index + 1}`,
  );
  return `CASE ${levels.join(" ")} ELSE 0 END`;
}

/**
 * The facility's columns copied from its facility_inspection_next row `i` (migration 0013), as [column, SQL]; `s`
 * says whether any health citations (`has_citations`) or penalties (`has_penalties`) file is loaded: without one,
 * its figures are unknown (null), not zero.
 */
const INSPECTION_COLUMNS: [column: string, sql: string][] = [
  ["citations_minimal_harm", "CASE WHEN s.has_citations THEN i.citations_minimal_harm END"],
  ["citations_potential_harm", "CASE WHEN s.has_citations THEN i.citations_potential_harm END"],
  ["citations_actual_harm", "CASE WHEN s.has_citations THEN i.citations_actual_harm END"],
  ["citations_immediate_jeopardy", "CASE WHEN s.has_citations THEN i.citations_immediate_jeopardy END"],
  ["most_severe_citation", "CASE WHEN s.has_citations THEN i.most_severe END"],
  ["harm_level", `CASE WHEN s.has_citations THEN ${harmLevelSql("i.most_severe")} END`],
  ["is_abuse", "CASE WHEN s.has_citations OR i.abuse_icon IS NOT NULL THEN i.is_abuse END"],
  ["fines_three_years", "CASE WHEN s.has_penalties THEN i.fines END"],
  ["fine_dollars_three_years", "CASE WHEN s.has_penalties THEN i.fine_dollars END"],
  // The detail's complaint citations (migration 0020), not a list column.
  ["complaint_citations_three_years", "CASE WHEN s.has_citations THEN i.complaint_citations END"],
];

/** Facility rows written per statement (as in the load), so that no statement holds the database for long. */
const FACILITY_ROW_CHUNKS = 4;

/**
 * The facilities as the API lists them, built as `facility_next` from `source` (the live facilities, or the
 * `facility_next` a load staged, without indexes): every column as it is, the copies of the three-year figures of
 * facility_inspection_next, and the list item's JSON text written from both. A new table, not an update: an update
 * would leave a dead copy of every row, doubling what a scan of the list reads.
 */
async function stageFacilityRows(
  db: Queryable,
  source: "facility" | "facility_next",
  afterEach: () => Promise<void>,
): Promise<void> {
  const columns = (
    await db.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = 'facility' ORDER BY ordinal_position`,
    )
  ).map((row) => row.name);
  const copied = new Map<string, string>([
    ...INSPECTION_COLUMNS,
    ...Object.values(RANK_COLUMNS).map((column): [string, string] => [column, `k.${column}`]),
  ]);
  const values = columns
    .filter((column) => column !== "item")
    .map((column) => (copied.has(column) ? `${copied.get(column)} AS ${column}` : `f.${column}`));
  const rows = "facility_next_rows";
  await db.exec(
    `DROP TABLE IF EXISTS ${rows}; CREATE TABLE ${rows} (LIKE facility INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
  );
  // Each facility's place in every order of the list, computed once (a sort of the facilities per order).
  const ranks = "facility_rank_next";
  await db.exec(
    `DROP TABLE IF EXISTS ${ranks};
     CREATE TABLE ${ranks} AS SELECT f.ccn, ${Object.entries(RANK_COLUMNS)
       .map(
         ([sort, column]) =>
           `row_number() OVER (ORDER BY ${orderOf(sort as RankedSort)})::integer AS ${column}`,
       )
       .join(", ")}
     FROM ${source} f`,
  );
  await afterEach();
  for (let chunk = 0; chunk < FACILITY_ROW_CHUNKS; chunk += 1) {
    await db.query(
      `INSERT INTO ${rows} (${columns.join(", ")})
       SELECT ${columns.map((column) => (column === "item" ? listItemJson("r") : `r.${column}`)).join(", ")}
       FROM (
         SELECT ${values.join(", ")}
         FROM ${source} f
         LEFT JOIN facility_inspection_next i ON i.ccn = f.ccn
         LEFT JOIN ${ranks} k ON k.ccn = f.ccn
         CROSS JOIN (
           SELECT EXISTS (SELECT 1 FROM inspection_release WHERE kind = 'citations') AS has_citations,
             EXISTS (SELECT 1 FROM inspection_release WHERE kind = 'penalties') AS has_penalties
         ) s
         WHERE ${hashPart("f.ccn", FACILITY_ROW_CHUNKS, "$1")}
       ) r`,
      [chunk],
    );
    await afterEach();
  }
  await db.exec(
    `DROP TABLE IF EXISTS facility_next; ALTER TABLE ${rows} RENAME TO facility_next; DROP TABLE ${ranks}`,
  );
  await indexNext(db, "facility", afterEach);
}

/**
 * The last three years of each current facility's inspection record (migration 0012, facility_inspection): its
 * health citations by CMS's harm levels, the most severe code, its abuse citations (CMS's Freedom from Abuse,
 * Neglect, and Exploitation category, which a citation from before November 2019 takes from its tag), its
 * complaint citations (CMS's "Complaint Deficiency" flag; migration 0020) and its penalties. The three years end
 * at the newest processing date loaded (`windowEnd`), whatever today is, and begin on the same day three years
 * earlier, both included.
 */
async function computeInspectionFigures(
  db: Queryable,
  facilityTable: string,
  windowEnd: string | null,
  afterEach: () => Promise<void>,
): Promise<void> {
  // In parts of the facilities (a CCN's hash), each statement holding the database briefly: at once, a national
  // history's three years of citations took 0.8 s.
  const part = (column: string) => hashPart(column, INSPECTION_CHUNKS, "$3");
  for (let chunk = 0; chunk < INSPECTION_CHUNKS; chunk += 1) {
    await computeInspectionFiguresOf(db, facilityTable, windowEnd, chunk, part);
    await afterEach();
  }
}

/** Pieces the three-year inspection figures are computed in. */
const INSPECTION_CHUNKS = 3;

async function computeInspectionFiguresOf(
  db: Queryable,
  facilityTable: string,
  windowEnd: string | null,
  chunk: number,
  part: (column: string) => string,
): Promise<void> {
  await db.query(
    `INSERT INTO facility_inspection_next (ccn, window_start, window_end,
       citations_minimal_harm, citations_potential_harm, citations_actual_harm, citations_immediate_jeopardy,
       most_severe, abuse_citations, abuse_icon, is_abuse, fines, fine_dollars, payment_denials, denial_days,
       complaint_citations)
     SELECT f.ccn, w.window_start, w.window_end,
       coalesce(c.minimal, 0), coalesce(c.potential, 0), coalesce(c.actual, 0), coalesce(c.jeopardy, 0),
       c.most_severe, coalesce(c.abuse, 0), f.abuse_icon,
       coalesce(f.abuse_icon, false) OR coalesce(c.abuse, 0) > 0,
       coalesce(p.fines, 0), coalesce(p.fine_dollars, 0), coalesce(p.denials, 0), coalesce(p.denial_days, 0),
       coalesce(c.complaint, 0)
     FROM ${facilityTable} f
     CROSS JOIN (SELECT ($1::date - interval '3 years')::date AS window_start, $1::date AS window_end) w
     LEFT JOIN (
       SELECT c.ccn,
         count(*) FILTER (WHERE c.scope_severity BETWEEN 'A' AND 'C')::integer AS minimal,
         count(*) FILTER (WHERE c.scope_severity BETWEEN 'D' AND 'F')::integer AS potential,
         count(*) FILTER (WHERE c.scope_severity BETWEEN 'G' AND 'I')::integer AS actual,
         count(*) FILTER (WHERE c.scope_severity BETWEEN 'J' AND 'L')::integer AS jeopardy,
         max(c.scope_severity) AS most_severe,
         count(*) FILTER (WHERE lower(coalesce(c.category, t.category)) = lower($2))::integer AS abuse,
         count(*) FILTER (WHERE c.is_complaint)::integer AS complaint
       FROM citation c
       LEFT JOIN citation_tag t ON t.prefix = c.prefix AND t.tag = c.tag
       WHERE c.survey_date BETWEEN ($1::date - interval '3 years')::date AND $1::date AND ${part("c.ccn")}
       GROUP BY c.ccn
     ) c ON c.ccn = f.ccn
     LEFT JOIN (
       SELECT p.ccn,
         count(*) FILTER (WHERE p.penalty_type = 'Fine')::integer AS fines,
         coalesce(sum(p.fine_amount) FILTER (WHERE p.penalty_type = 'Fine'), 0) AS fine_dollars,
         count(*) FILTER (WHERE p.penalty_type = 'Payment Denial')::integer AS denials,
         coalesce(sum(p.denial_days) FILTER (WHERE p.penalty_type = 'Payment Denial'), 0)::integer AS denial_days
       FROM penalty p
       WHERE p.penalty_date BETWEEN ($1::date - interval '3 years')::date AND $1::date AND ${part("p.ccn")}
       GROUP BY p.ccn
     ) p ON p.ccn = f.ccn
     WHERE ${part("f.ccn")}`,
    [windowEnd, ABUSE_CATEGORY, chunk],
  );
}

/** The newest processing date of the data: of `dates` (the rating releases) and of the inspection files loaded. */
async function newestProcessingDate(db: Queryable, dates: readonly string[]): Promise<string | null> {
  const [row] = await db.query<{ date: string | null }>(
    `SELECT to_char(greatest($1::date, (SELECT max(processing_date) FROM inspection_release)), 'YYYY-MM-DD') AS date`,
    [dates.at(-1) ?? null],
  );
  return row?.date ?? null;
}

/** The tables stageDerived builds beside the facilities (which it builds too); the publication swaps in all. */
export const DERIVED_TABLES: readonly SwappedTable[] = SWAPPED_TABLES.filter((table) => table !== "facility");

/** Pages of the citation table (8 KB each) counted per statement, each holding the database for a short while. */
const CITATION_PAGES_PER_STATEMENT = 2000;
/** Facilities added, removed or moved to another state above which the citations are counted again whole. */
const MAX_FACILITY_CHANGES_ADJUSTED = 1000;

const COUNT_KEYS = [
  "prefix",
  "tag",
  "description_id",
  "category",
  "scope_severity",
  "is_standard",
  "is_complaint",
  "is_infection_control",
] as const;
const COUNT_COLUMNS = `kind, state, survey_month, ${COUNT_KEYS.join(", ")}, citations`;

/**
 * The counts of the citations `from` (SQL joining `citation c` to rows `f` with the facility's `state`) per survey
 * month and per state, as rows of citation_count times `sign`. The category is the citation's as filed (a citation
 * without one takes its tag's when the counts are added up).
 */
function countCitationsSql(from: string, sign: 1 | -1): string {
  const keys = COUNT_KEYS.map((key) => `x.${key}`).join(", ");
  return `SELECT CASE WHEN grouping(x.state) = 0 THEN 'state' ELSE 'month' END AS kind,
      x.state, x.survey_month, ${keys}, ${sign} * count(*)::integer AS citations
    FROM (
      SELECT f.state, c.survey_date - extract(day FROM c.survey_date)::integer + 1 AS survey_month,
        ${COUNT_KEYS.map((key) => `c.${key}`).join(", ")}
      ${from}
    ) x
    GROUP BY GROUPING SETS ((x.survey_month, ${keys}), (x.state, ${keys}))`;
}

/**
 * The current facilities' citations counted for /api/citations (migration 0013, citation_count): by prefix, tag,
 * description, category (the citation's, else its tag's), code and the three kind flags (migration 0019), nationally in all ('all') and per survey month
 * ('month'), and per state ('state').
 * - When the citations are those the live counts were made from (no health citations file loaded since), the live
 *   counts are adjusted for the facilities that were added, removed or moved to another state (a few a month).
 * - Otherwise the citation table is counted in ranges of its pages (a TID range scan reads only its range), each
 *   range into a scratch table, whose counts are then added up.
 */
async function computeCitationCounts(
  db: Queryable,
  facilityTable: string,
  afterEach: () => Promise<void>,
): Promise<void> {
  const part = "citation_count_next_part";
  await db.exec(`DROP TABLE IF EXISTS ${part}; CREATE TABLE ${part} (LIKE citation_count)`);
  const [state] = await db.query<{ source: string; counted: string | null }>(
    `SELECT (SELECT coalesce(max(id), 0)::text FROM inspection_release WHERE kind = 'citations') AS source,
       (SELECT min(tag) FROM citation_count WHERE kind = 'source') AS counted`,
  );
  const source = state?.source ?? "0";
  // The facilities before (the live ones) and after, where they differ: added, removed or in another state.
  const changes =
    state?.counted === source
      ? await db.query<{
          ccn: string;
          before: string | null;
          after: string | null;
          isOld: boolean;
          isNew: boolean;
        }>(
          `SELECT coalesce(o.ccn, n.ccn) AS ccn, o.state AS before, n.state AS after,
             o.ccn IS NOT NULL AS "isOld", n.ccn IS NOT NULL AS "isNew"
           FROM facility o FULL JOIN ${facilityTable} n ON n.ccn = o.ccn
           WHERE o.state IS DISTINCT FROM n.state OR o.ccn IS NULL OR n.ccn IS NULL
           LIMIT ${MAX_FACILITY_CHANGES_ADJUSTED + 1}`,
        )
      : null;
  // Hash aggregates (a few MB) rather than sorts that spill to disk; set and reset in one call, so on one connection.
  const withMemory = (sql: string) => db.exec(`SET work_mem = '32MB'; ${sql}; RESET work_mem`);
  if (changes && changes.length <= MAX_FACILITY_CHANGES_ADJUSTED) {
    // The live counts, the old facilities' citations counted out and the new ones' in (each read by its CCN).
    const old = changes.filter((change) => change.isOld);
    const added = changes.filter((change) => change.isNew);
    const facilities = (index: number) =>
      `FROM citation c JOIN unnest($${index}::text[], $${index + 1}::text[]) AS f(ccn, state) ON f.ccn = c.ccn`;
    await db.query(
      `INSERT INTO ${part} (${COUNT_COLUMNS})
       SELECT ${COUNT_COLUMNS} FROM citation_count WHERE kind IN ('month', 'state')
       UNION ALL ${countCitationsSql(facilities(1), -1)}
       UNION ALL ${countCitationsSql(facilities(3), 1)}`,
      [
        arrayLiteral(old.map((change) => change.ccn)),
        arrayLiteral(old.map((change) => change.before)),
        arrayLiteral(added.map((change) => change.ccn)),
        arrayLiteral(added.map((change) => change.after)),
      ],
    );
    await afterEach();
  } else {
    // The citations changed: the planner's statistics of them too (the embedded database never analyzes on its own).
    await analyzeQuickly(db, "citation");
    await afterEach();
    for (const range of await pageRanges(db, "citation", CITATION_PAGES_PER_STATEMENT, "c")) {
      await withMemory(
        `INSERT INTO ${part} (${COUNT_COLUMNS})
         ${countCitationsSql(`FROM citation c JOIN ${facilityTable} f ON f.ccn = c.ccn WHERE ${range}`, 1)}`,
      );
      await afterEach();
    }
  }
  // A citation without a category (files before November 2019) takes its tag's, as the API shows it; but the live
  // counts (kept in the adjustment) have theirs already.
  const keys = COUNT_KEYS.join(", ");
  await withMemory(`
    INSERT INTO citation_count_next (${COUNT_COLUMNS})
    SELECT kind, state, survey_month, ${keys}, sum(citations)::integer
    FROM (
      SELECT p.kind, p.state, p.survey_month, p.prefix, p.tag, p.description_id,
        coalesce(p.category, t.category) AS category, p.scope_severity, p.is_standard, p.is_complaint,
        p.is_infection_control, p.citations
      FROM ${part} p LEFT JOIN citation_tag t ON t.prefix = p.prefix AND t.tag = p.tag
    ) c
    GROUP BY kind, state, survey_month, ${keys}
    HAVING sum(citations) <> 0`);
  await afterEach();
  await withMemory(`
    INSERT INTO citation_count_next (${COUNT_COLUMNS})
    SELECT 'all', NULL, NULL, ${keys}, sum(citations)::integer
    FROM citation_count_next WHERE kind = 'month'
    GROUP BY ${keys};
    INSERT INTO citation_count_next (kind, prefix, tag, citations) VALUES ('source', '', '${Number(source)}', 0);
    DROP TABLE ${part}`);
  await afterEach();
}

/**
 * Builds the derived tables as `<table>_next` for the releases of `dates` (ascending) and the facilities of
 * `source` (`facility`, or `facility_next` when the load replaces them), one short statement at a time. The
 * facilities themselves are always rebuilt as `facility_next`, with their three-year inspection figures and list
 * items (stageFacilityRows): every table of SWAPPED_TABLES is then swapped in.
 */
export async function stageDerived(
  db: Queryable,
  dates: readonly string[],
  source: "facility" | "facility_next",
  afterEach: () => Promise<void> = yieldToRequests,
): Promise<void> {
  await db.exec(SCRATCH_TABLES.map((table) => `DROP TABLE IF EXISTS ${table};`).join(" "));
  for (const table of DERIVED_TABLES) await createNext(db, table);
  // First: the facilities' rows copy their positions (and the alert rows copy the facilities' rows).
  await stagePlaces(db, source, afterEach);
  await computeInspectionFigures(db, source, await newestProcessingDate(db, dates), afterEach);
  await indexNext(db, "facility_inspection", afterEach);
  await stageFacilityRows(db, source, afterEach);
  // From here on, the facilities as they will be published.
  const facilityTable = "facility_next";
  // A run may have just loaded millions of snapshots: the alert queries below are planned on fresh statistics.
  await analyzeQuickly(db, "rating_snapshot");
  await afterEach();
  await stageAlertTables(db, dates, facilityTable, afterEach);
  await stageSummaryTables(db, facilityTable, afterEach);
  await stageEntityTables(db, dates, facilityTable, source === "facility_next", afterEach);
  await computeCitationCounts(db, facilityTable, afterEach);
  await indexNext(db, "citation_count", afterEach);
  await stageNationalPoints(db, facilityTable, afterEach);
  await computeRecentChanges(db, dates, facilityTable, afterEach);
  await indexNext(db, "recent_change", afterEach);
  await indexNext(db, "recent_change_basis", afterEach);
  await computeStaffingAverages(db, facilityTable);
  await afterEach();
  await indexNext(db, "staffing_average", afterEach);
  await computeQualityAverages(db, "quality_average_next", facilityTable, undefined, afterEach);
  await indexNext(db, "quality_average", afterEach);
  await computeOwnershipTables(db, facilityTable, afterEach);
}

/** The processing dates of the published releases, ascending. */
export async function publishedDates(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ processing_date: string }>(
    "SELECT DISTINCT processing_date FROM release ORDER BY processing_date",
  );
  return rows.map((row) => row.processing_date);
}

/** Recomputes the derived tables of the published data (after an interrupted load, or a migration). */
export async function recomputeDerived(
  db: Db,
  afterEach: () => Promise<void> = yieldToRequests,
): Promise<void> {
  await stageDerived(db, await publishedDates(db), "facility", afterEach);
  const [count] = await db.query<{ n: number }>(
    "SELECT count(*)::integer AS n FROM rating_snapshot WHERE processing_date IN (SELECT processing_date FROM release)",
  );
  await db.transaction(async (tx) => {
    await swapIn(tx, SWAPPED_TABLES);
    await tx.query("UPDATE app_state SET derived_version = data_version, snapshot_count = $1", [
      count?.n ?? 0,
    ]);
  });
}

/** Whether a load changed the data since the derived tables were last computed. */
export async function isDerivedStale(db: Queryable): Promise<boolean> {
  const [state] = await db.query<{ stale: boolean }>(
    "SELECT data_version <> derived_version AS stale FROM app_state",
  );
  return state?.stale ?? false;
}
