// Everything the API serves that is derived from the loaded releases: the rating-change alerts of each period,
// the summary sums, the lookup lists, the state and national benchmarks, the affiliated entities' summaries and
// monthly trends, and each facility's figures of the last three years of inspections. Rebuilt as `<table>_next` tables after a load (and at start when an interrupted load left them
// stale), published by the swap of stage.ts, so that a request is always an indexed read.
import { BENCHMARK_MEASURES, type BenchmarkMeasure } from "../core/api-types.ts";
import type { AlertPeriod } from "../core/constants.ts";
import type { Db, Queryable } from "../db/client.ts";
import { alertItemJson, listItemJson } from "../db/list-item.ts";
import { pointsAggregate, pointsJson } from "../db/map-points.ts";
import { ABUSE_CATEGORY } from "./inspection-layout.ts";
import { HAS_COORDINATES, POSITION_COLUMNS, POSITION_JOINS, POSITION_VALUES, zip5 } from "./positions.ts";
import { computeRecentChanges } from "./recent-changes.ts";
import {
  analyzeQuickly,
  createNext,
  indexNext,
  SWAPPED_TABLES,
  type SwappedTable,
  swapIn,
  yieldToRequests,
} from "./stage.ts";

const METRICS = ["overall", "health_inspection", "staffing", "qm", "long_stay_qm", "short_stay_qm"] as const;

/** The facility's list columns, copied into its alert rows so that alert-filtered lists need no join. */
const LISTING_COLUMNS = [
  "provider_name",
  "city",
  "state",
  "overall_rating",
  "health_inspection_rating",
  "staffing_rating",
  "qm_rating",
  "average_residents_per_day",
  "health_deficiency_score",
  "affiliated_entity_name",
  "position_latitude",
  "position_longitude",
  "position_approximate",
  "point",
];

/** The two processing dates a period compares, or null when the data has no such pair. */
export function periodDates(
  ascendingDates: readonly string[],
  period: AlertPeriod,
): { latest: string; previous: string } | null {
  const latest = ascendingDates.at(-1);
  if (!latest) return null;
  let previous: string | undefined;
  if (period === "lastPeriod") {
    previous = ascendingDates.at(-2);
  } else {
    const [year, month, day] = latest.split("-").map(Number) as [number, number, number];
    const limit = new Date(Date.UTC(year, month - 1 - 3, day)).toISOString().slice(0, 10);
    previous = ascendingDates.filter((date) => date <= limit).at(-1);
  }
  return previous ? { latest, previous } : null;
}

async function computeAlerts(
  db: Queryable,
  period: AlertPeriod,
  dates: readonly string[],
  facilityTable: string,
  chunk: number,
): Promise<void> {
  const pair = periodDates(dates, period);
  if (!pair) return;
  // Each rating_alert column, as SQL over the facility's latest snapshot l, the one it is compared with p, and the
  // facility f (absent when the facility is no longer listed).
  const columns: [column: string, sql: string][] = [
    ["period", "$1::text"],
    ["ccn", "l.ccn"],
    ["latest_date", "l.processing_date"],
    ["previous_date", "p.processing_date"],
    ...METRICS.flatMap((metric): [string, string][] => [
      [`latest_${metric}`, `l.${metric}_rating`],
      [`previous_${metric}`, `p.${metric}_rating`],
      [`${metric}_diff`, `coalesce(l.${metric}_rating - p.${metric}_rating, 0)`],
      [`abs_${metric}_diff`, `abs(coalesce(l.${metric}_rating - p.${metric}_rating, 0))`],
    ]),
    ["is_current", "f.ccn IS NOT NULL"],
    ...LISTING_COLUMNS.map((column): [string, string] => [column, `f.${column}`]),
  ];
  await db.query(
    `INSERT INTO rating_alert_next (${columns.map(([column]) => column).join(", ")}, item)
     SELECT a.*, CASE WHEN a.is_current THEN ${alertItemJson("a")} END
     FROM (
       SELECT ${columns.map(([column, sql]) => `${sql} AS ${column}`).join(",\n         ")}
       FROM rating_snapshot l
       JOIN rating_snapshot p ON p.ccn = l.ccn AND p.processing_date = $3::date
       LEFT JOIN ${facilityTable} f ON f.ccn = l.ccn
       WHERE l.processing_date = $2::date AND (hashtext(l.ccn) % ${ALERT_CHUNKS} + ${ALERT_CHUNKS}) % ${ALERT_CHUNKS} = $4
     ) a`,
    [period, pair.latest, pair.previous, chunk],
  );
}

/** The alerts of a period are written in this many statements, each holding the database for a short while. */
const ALERT_CHUNKS = 3;

/** The order and summary of each alert view without other filters (see migrations 0004 and 0005). */
async function computeAlertViews(db: Queryable, metric: (typeof METRICS)[number]): Promise<void> {
  const changed = `FROM rating_alert_next a CROSS JOIN generate_series(1, 5) AS t(threshold)
     WHERE a.is_current AND a.abs_${metric}_diff >= t.threshold`;
  await db.query(
    `INSERT INTO alert_rank_next (period, metric, threshold, position, ccn)
     SELECT a.period, $1, t.threshold,
       row_number() OVER (PARTITION BY a.period, t.threshold ORDER BY a.provider_name, a.ccn), a.ccn
     ${changed}`,
    [metric],
  );
  await db.query(
    `INSERT INTO alert_summary_next
     SELECT a.period, $1, t.threshold, count(*), coalesce(sum(floor(a.average_residents_per_day + 0.5)), 0),
       count(a.overall_rating), coalesce(sum(a.overall_rating), 0),
       count(a.health_deficiency_score), coalesce(sum(a.health_deficiency_score), 0)
     ${changed}
     GROUP BY a.period, t.threshold`,
    [metric],
  );
}

/** The facility column of each benchmark measure. */
const BENCHMARK_COLUMNS: Record<BenchmarkMeasure, string> = {
  overallRating: "overall_rating",
  healthInspectionRating: "health_inspection_rating",
  staffingRating: "staffing_rating",
  qmRating: "qm_rating",
  healthDeficiencyScore: "health_deficiency_score",
  totalWeightedHealthSurveyScore: "total_weighted_health_survey_score",
  rnStaffingHoursPerResidentPerDay: "rn_staffing_hours_per_resident_per_day",
  totalNursingStaffTurnover: "total_nursing_staff_turnover",
  finesTotalDollars: "fines_total_dollars",
};

/** Per state and for the nation ('national'): each measure's average over the current facilities and its count. */
async function computeBenchmarks(db: Queryable, facilityTable: string): Promise<void> {
  const aggregates = BENCHMARK_MEASURES.map((measure) => {
    const column = BENCHMARK_COLUMNS[measure];
    return `avg(${column})::float8 AS ${column}_average, count(${column})::integer AS ${column}_count`;
  });
  // Compact JSON (row_to_json writes no spaces): {"overallRating":{"average":3.2,"count":15048},...}.
  const measures = BENCHMARK_MEASURES.map((measure) => {
    const column = BENCHMARK_COLUMNS[measure];
    return `(SELECT row_to_json(m) FROM (SELECT a.${column}_average AS average, a.${column}_count AS count) m) AS "${measure}"`;
  });
  // The empty grouping set gives the national row even when there are no facilities (counts 0, averages null).
  await db.exec(`
    INSERT INTO benchmark_next (scope, body)
    SELECT a.scope, (SELECT row_to_json(o) FROM (SELECT ${measures.join(", ")}) o)::text
    FROM (
      SELECT CASE WHEN grouping(state) = 1 THEN 'national' ELSE state END AS scope, ${aggregates.join(", ")}
      FROM ${facilityTable}
      GROUP BY GROUPING SETS ((state), ())
      HAVING grouping(state) = 1 OR state IS NOT NULL
    ) a`);
}

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
 * position in name order, which indexes its counts in entity_month.
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
          a.unrated) d) AS "ratingDistribution"
      ) o)::text
    FROM (
      SELECT affiliated_entity_name AS name, count(*)::integer AS "facilityCount",
        coalesce(array_agg(DISTINCT state ORDER BY state) FILTER (WHERE state IS NOT NULL), '{}') AS states,
        ${averages.join(", ")},
        ${distribution.join(", ")},
        count(*) FILTER (WHERE overall_rating IS NULL)::integer AS unrated
      FROM ${facilityTable} WHERE affiliated_entity_name IS NOT NULL
      GROUP BY affiliated_entity_name
    ) a`);
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
  afterEach: () => Promise<void>,
): Promise<void> {
  const [entities] = await db.query<{ found: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM entity_summary_next) AS found",
  );
  if (!entities?.found) return;
  // A month still being published has no release yet and counts as one: the release it is about to get.
  const releaseCount = (date: string) =>
    `(SELECT greatest(count(*), 1)::integer FROM release r WHERE r.processing_date = ${date})`;
  const reusable =
    facilityTable === "facility"
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

/** The mean of coordinates, to six decimals (about 10 cm). */
const MEAN = (column: string) => `round(avg(${column})::numeric, 6)::float8`;

/**
 * The places (docs/api.md, "Places, distance and the map"), and the facilities' positions where they are missing or
 * stale (a database loaded before positions existed, or a new list of ZIP codes; src/ingest/positions.ts):
 * - every census ZIP code, then the ZIP codes facilities use that the census list lacks (PO boxes, single
 *   addresses), placed at the mean of the CMS coordinates of the facilities that use them, else at their
 *   three-digit area's location;
 * - each city with a current facility, at the mean of its facilities' positions.
 */
async function computePlaces(db: Queryable, facilityTable: string): Promise<void> {
  const zip = zip5("f.zip");
  await db.exec(`
    INSERT INTO place_next (kind, key, label, state, latitude, longitude, source)
    SELECT 'zip', zip, zip, NULL, latitude, longitude, 'census' FROM zip_location;

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
 * The last three years of each current facility's inspection record (migration 0012, facility_inspection): its
 * health citations by CMS's harm levels, the most severe code, its abuse citations (CMS's Freedom from Abuse,
 * Neglect, and Exploitation category, which a citation from before November 2019 takes from its tag) and its
 * penalties. The three years end at the newest processing date loaded (`windowEnd`), whatever today is, and
 * begin on the same day three years earlier, both included.
 */
async function computeInspectionFigures(
  db: Queryable,
  facilityTable: string,
  windowEnd: string | null,
): Promise<void> {
  await db.query(
    `INSERT INTO facility_inspection_next
     SELECT f.ccn, w.window_start, w.window_end,
       coalesce(c.minimal, 0), coalesce(c.potential, 0), coalesce(c.actual, 0), coalesce(c.jeopardy, 0),
       c.most_severe, coalesce(c.abuse, 0), f.abuse_icon,
       coalesce(f.abuse_icon, false) OR coalesce(c.abuse, 0) > 0,
       coalesce(p.fines, 0), coalesce(p.fine_dollars, 0), coalesce(p.denials, 0), coalesce(p.denial_days, 0)
     FROM ${facilityTable} f
     CROSS JOIN (SELECT ($1::date - interval '3 years')::date AS window_start, $1::date AS window_end) w
     LEFT JOIN (
       SELECT c.ccn,
         count(*) FILTER (WHERE c.scope_severity BETWEEN 'A' AND 'C')::integer AS minimal,
         count(*) FILTER (WHERE c.scope_severity BETWEEN 'D' AND 'F')::integer AS potential,
         count(*) FILTER (WHERE c.scope_severity BETWEEN 'G' AND 'I')::integer AS actual,
         count(*) FILTER (WHERE c.scope_severity BETWEEN 'J' AND 'L')::integer AS jeopardy,
         max(c.scope_severity) AS most_severe,
         count(*) FILTER (WHERE lower(coalesce(c.category, t.category)) = lower($2))::integer AS abuse
       FROM citation c
       LEFT JOIN citation_tag t ON t.prefix = c.prefix AND t.tag = c.tag
       WHERE c.survey_date BETWEEN ($1::date - interval '3 years')::date AND $1::date
       GROUP BY c.ccn
     ) c ON c.ccn = f.ccn
     LEFT JOIN (
       SELECT p.ccn,
         count(*) FILTER (WHERE p.penalty_type = 'Fine')::integer AS fines,
         coalesce(sum(p.fine_amount) FILTER (WHERE p.penalty_type = 'Fine'), 0) AS fine_dollars,
         count(*) FILTER (WHERE p.penalty_type = 'Payment Denial')::integer AS denials,
         coalesce(sum(p.denial_days) FILTER (WHERE p.penalty_type = 'Payment Denial'), 0)::integer AS denial_days
       FROM penalty p
       WHERE p.penalty_date BETWEEN ($1::date - interval '3 years')::date AND $1::date
       GROUP BY p.ccn
     ) p ON p.ccn = f.ccn`,
    [windowEnd, ABUSE_CATEGORY],
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

/** The tables stageDerived builds, which the publishing transaction swaps in. */
export const DERIVED_TABLES: readonly SwappedTable[] = SWAPPED_TABLES.filter((table) => table !== "facility");

/**
 * Builds the derived tables as `<table>_next` for the releases of `dates` (ascending) and the facilities of
 * `facilityTable` (`facility`, or `facility_next` when the load replaces them), one short statement at a time.
 */
export async function stageDerived(
  db: Queryable,
  dates: readonly string[],
  facilityTable: "facility" | "facility_next",
  afterEach: () => Promise<void> = yieldToRequests,
): Promise<void> {
  for (const table of DERIVED_TABLES) await createNext(db, table);
  // First: the alert rows copy the facilities' positions.
  await computePlaces(db, facilityTable);
  await afterEach();
  await indexNext(db, "place", afterEach);
  // A run may have just loaded millions of snapshots: the alert queries below are planned on fresh statistics.
  await analyzeQuickly(db, "rating_snapshot");
  await afterEach();
  for (const period of ["lastPeriod", "lastQuarter"] as const) {
    for (let chunk = 0; chunk < ALERT_CHUNKS; chunk += 1) {
      await computeAlerts(db, period, dates, facilityTable, chunk);
      await afterEach();
    }
  }
  await indexNext(db, "rating_alert", afterEach);
  for (const metric of METRICS) {
    await computeAlertViews(db, metric);
    await afterEach();
  }
  await indexNext(db, "alert_rank", afterEach);
  await indexNext(db, "alert_summary", afterEach);
  await db.exec(`
    INSERT INTO state_lu_next (state) SELECT DISTINCT state FROM ${facilityTable} WHERE state IS NOT NULL;
    INSERT INTO affiliated_entity_name_lu_next (affiliated_entity_name)
      SELECT DISTINCT affiliated_entity_name FROM ${facilityTable} WHERE affiliated_entity_name IS NOT NULL;`);
  await afterEach();
  await db.exec(`
    INSERT INTO facility_summary_next
      SELECT grouping(affiliated_entity_name) = 0, affiliated_entity_name, state, overall_rating, count(*),
        coalesce(sum(floor(average_residents_per_day + 0.5)), 0), count(overall_rating),
        coalesce(sum(overall_rating), 0), count(health_deficiency_score), coalesce(sum(health_deficiency_score), 0)
      FROM ${facilityTable}
      GROUP BY GROUPING SETS ((state, overall_rating), (affiliated_entity_name, state, overall_rating));`);
  await afterEach();
  for (const table of ["state_lu", "affiliated_entity_name_lu", "facility_summary"] as const) {
    await indexNext(db, table, afterEach);
  }
  await computeBenchmarks(db, facilityTable);
  await afterEach();
  await indexNext(db, "benchmark", afterEach);
  await computeEntitySummaries(db, facilityTable);
  await afterEach();
  await indexNext(db, "entity_summary", afterEach);
  await computeEntityMonths(db, dates, facilityTable, afterEach);
  await indexNext(db, "entity_month", afterEach);
  await computeInspectionFigures(db, facilityTable, await newestProcessingDate(db, dates));
  await afterEach();
  await indexNext(db, "facility_inspection", afterEach);
  await computeNationalPoints(db, facilityTable);
  await afterEach();
  await indexNext(db, "map_points", afterEach);
  await computeRecentChanges(db, dates, facilityTable, afterEach);
  await indexNext(db, "recent_change", afterEach);
  await indexNext(db, "recent_change_basis", afterEach);
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
  // Facilities loaded before their list items were stored (migration 0005) get them now.
  await db.exec(`UPDATE facility f SET item = ${listItemJson("f")} WHERE f.item IS NULL`);
  await stageDerived(db, await publishedDates(db), "facility", afterEach);
  const [count] = await db.query<{ n: number }>(
    "SELECT count(*)::integer AS n FROM rating_snapshot WHERE processing_date IN (SELECT processing_date FROM release)",
  );
  await db.transaction(async (tx) => {
    await swapIn(tx, DERIVED_TABLES);
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
