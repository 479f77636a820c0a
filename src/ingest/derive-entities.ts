// The affiliated entities' derived tables (docs/architecture.md): each entity's summary (ratings, distribution, the
// inspection record of its facilities beside the nation's), its monthly counts and its trend as JSON text, staged as
// `<table>_next` by the publication (derive.ts, stageDerived) from the facilities about to be published.
import type { Queryable } from "../db/client.ts";
import { INSPECTION_TOTALS } from "../db/inspection-totals.ts";
import { indexNext } from "./stage.ts";

const ENTITY_RATINGS = [
  ["overallRating", "overall_rating"],
  ["healthInspectionRating", "health_inspection_rating"],
  ["staffingRating", "staffing_rating"],
  ["qmRating", "qm_rating"],
] as const;

/** Months of the entity trend aggregated per statement: each holds the database for a fraction of a second. */
const TREND_MONTHS_PER_STATEMENT = 12;
/** Entities per entity_month row (migration 0008, whose entity_trend() reads them): small rows stay inline. */
const ENTITY_BLOCK = 100;

/**
 * Per affiliated entity of the current facilities: the JSON text of its summary (docs/api.md) and its slot, its
 * position in name order, which indexes its counts in entity_month. The summary's inspection record (null until a
 * health citations or penalties file is loaded) sums its facilities' three years, beside the nation's.
 */
async function computeEntitySummaries(db: Queryable, facilityTable: string): Promise<void> {
  const averages = ENTITY_RATINGS.map(([name, column]) => `avg(${column})::float8 AS "${name}"`);
  const distribution = [1, 2, 3, 4, 5].map(
    (stars) => `count(*) FILTER (WHERE overall_rating = ${stars})::integer AS "${stars}"`,
  );
  // Compact JSON (row_to_json writes no spaces) of the entity's aggregates `a`.
  await db.exec(`
    INSERT INTO entity_summary_next (name, slot, body)
    SELECT a.name, row_number() OVER (ORDER BY a.name),
      (SELECT row_to_json(o) FROM (SELECT a.name, a."facilityCount", a.states,
        (SELECT row_to_json(r) FROM (SELECT ${ENTITY_RATINGS.map(([name]) => `a."${name}"`).join(", ")}) r)
          AS "averageRatings",
        (SELECT row_to_json(d) FROM (SELECT ${[1, 2, 3, 4, 5].map((stars) => `a."${stars}"`).join(", ")},
          a.unrated) d) AS "ratingDistribution",
        CASE WHEN w.window_end IS NULL THEN NULL ELSE json_build_object(
          'window', json_build_object('start', to_char(w.window_start, 'YYYY-MM-DD'),
            'end', to_char(w.window_end, 'YYYY-MM-DD')),
          'totals', a.inspections, 'national', n.inspections) END AS inspections
      ) o)::text
    FROM (
      SELECT affiliated_entity_name AS name, count(*)::integer AS "facilityCount",
        coalesce(array_agg(DISTINCT state ORDER BY state) FILTER (WHERE state IS NOT NULL), '{}') AS states,
        ${averages.join(", ")},
        ${distribution.join(", ")},
        count(*) FILTER (WHERE overall_rating IS NULL)::integer AS unrated,
        ${INSPECTION_TOTALS} AS inspections
      FROM ${facilityTable} WHERE affiliated_entity_name IS NOT NULL
      GROUP BY affiliated_entity_name
    ) a
    CROSS JOIN (SELECT ${INSPECTION_TOTALS} AS inspections FROM ${facilityTable}) n
    LEFT JOIN (
      SELECT window_start, window_end FROM facility_inspection_next
      WHERE EXISTS (SELECT 1 FROM inspection_release) LIMIT 1
    ) w ON true`);
}

/**
 * The entity trend's monthly counts (entity_month) for `dates`: months whose counts are still valid (same facilities,
 * so the same entities in the same slots, and the same releases) are copied from the live table, the others
 * aggregated from the snapshots of the entities' current facilities.
 */
async function computeEntityMonths(
  db: Queryable,
  dates: readonly string[],
  facilityTable: string,
  isReplaced: boolean,
  afterEach: () => Promise<void>,
): Promise<void> {
  const [entities] = await db.query<{ found: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM entity_summary_next) AS found",
  );
  if (!entities?.found) return;
  // A month still being published has no release yet and counts as one: the release it is about to get.
  const releaseCount = (date: string) =>
    `(SELECT greatest(count(*), 1)::integer FROM release r WHERE r.processing_date = ${date})`;
  const reusable = !isReplaced
    ? (
        await db.query<{ date: string }>(
          `SELECT DISTINCT to_char(m.processing_date, 'YYYY-MM-DD') AS date FROM entity_month m
             WHERE m.processing_date = ANY($1::date[]) AND m.release_count = ${releaseCount("m.processing_date")}`,
          [dates],
        )
      ).map((row) => row.date)
    : [];
  if (reusable.length > 0) {
    await db.query(
      "INSERT INTO entity_month_next SELECT * FROM entity_month WHERE processing_date = ANY($1::date[])",
      [reusable],
    );
    await afterEach();
  }
  const kept = new Set(reusable);
  const missing = dates.filter((date) => !kept.has(date));
  for (let start = 0; start < missing.length; start += TREND_MONTHS_PER_STATEMENT) {
    await db.query(
      `INSERT INTO entity_month_next (block, processing_date, release_count, facilities, rated, rating_sum)
       SELECT (e.slot - 1) / ${ENTITY_BLOCK}, d.processing_date, ${releaseCount("d.processing_date")},
         array_agg(coalesce(a.facilities, 0) ORDER BY e.slot),
         array_agg(coalesce(a.rated, 0) ORDER BY e.slot),
         array_agg(coalesce(a.rating_sum, 0) ORDER BY e.slot)
       FROM entity_summary_next e
       CROSS JOIN unnest($1::date[]) AS d(processing_date)
       LEFT JOIN (
         SELECT f.affiliated_entity_name AS name, s.processing_date, count(*)::integer AS facilities,
           count(s.overall_rating)::integer AS rated, coalesce(sum(s.overall_rating), 0)::integer AS rating_sum
         FROM rating_snapshot s JOIN ${facilityTable} f ON f.ccn = s.ccn
         WHERE s.processing_date = ANY($1::date[]) AND f.affiliated_entity_name IS NOT NULL
         GROUP BY f.affiliated_entity_name, s.processing_date
       ) a ON a.name = e.name AND a.processing_date = d.processing_date
       GROUP BY (e.slot - 1) / ${ENTITY_BLOCK}, d.processing_date`,
      [missing.slice(start, start + TREND_MONTHS_PER_STATEMENT)],
    );
    await afterEach();
  }
}

/**
 * Each entity's trend as the JSON text entity_trend() writes (migrations 0008 and 0021), from the counts just
 * computed: one statement per block of ENTITY_BLOCK entities. An entity with no month gets no row (the function
 * answers it).
 */
async function computeEntityTrends(db: Queryable, afterEach: () => Promise<void>): Promise<void> {
  const [row] = await db.query<{ blocks: number }>(
    `SELECT coalesce(max((slot - 1) / ${ENTITY_BLOCK}) + 1, 0)::integer AS blocks FROM entity_summary_next`,
  );
  for (let block = 0; block < (row?.blocks ?? 0); block += 1) {
    await db.query(
      `INSERT INTO entity_trend_text_next (name, body)
       SELECT e.name, '[' || string_agg((SELECT row_to_json(p) FROM (SELECT
           to_char(m.processing_date, 'YYYY-MM-DD') AS "processingDate",
           m.facilities[(e.slot - 1) % ${ENTITY_BLOCK} + 1] AS facilities,
           m.rating_sum[(e.slot - 1) % ${ENTITY_BLOCK} + 1]::float8 / nullif(m.rated[(e.slot - 1) % ${ENTITY_BLOCK} + 1], 0)
             AS "averageOverallRating") p)::text,
         ',' ORDER BY m.processing_date) || ']'
       FROM entity_summary_next e JOIN entity_month_next m ON m.block = $1
       WHERE (e.slot - 1) / ${ENTITY_BLOCK} = $1
       GROUP BY e.name`,
      [block],
    );
    await afterEach();
  }
}

/**
 * The entities' tables of the facilities `facilityTable` (about to be published): summaries first (their slots index
 * the monthly counts), then the months of `dates` (those still valid copied when the facilities are not replaced),
 * then each entity's trend.
 */
export async function stageEntityTables(
  db: Queryable,
  dates: readonly string[],
  facilityTable: string,
  isReplaced: boolean,
  afterEach: () => Promise<void>,
): Promise<void> {
  await computeEntitySummaries(db, facilityTable);
  await afterEach();
  await indexNext(db, "entity_summary", afterEach);
  await computeEntityMonths(db, dates, facilityTable, isReplaced, afterEach);
  await indexNext(db, "entity_month", afterEach);
  await computeEntityTrends(db, afterEach);
  await indexNext(db, "entity_trend_text", afterEach);
}
