// Everything the API serves that is derived from the loaded releases: the rating-change alerts of each period
// and the lookup lists. Recomputed after an ingest (and at start when an interrupted ingest left them stale),
// so that a request is always an indexed read.
import type { AlertPeriod } from "../core/constants.ts";
import type { Db, Queryable } from "../db/client.ts";
import { alertItemJson, listItemJson } from "../db/list-item.ts";

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

async function computeAlerts(tx: Queryable, period: AlertPeriod, dates: readonly string[]): Promise<void> {
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
  await tx.query(
    `INSERT INTO rating_alert (${columns.map(([column]) => column).join(", ")}, item)
     SELECT a.*, CASE WHEN a.is_current THEN ${alertItemJson("a")} END
     FROM (
       SELECT ${columns.map(([column, sql]) => `${sql} AS ${column}`).join(",\n         ")}
       FROM rating_snapshot l
       JOIN rating_snapshot p ON p.ccn = l.ccn AND p.processing_date = $3::date
       LEFT JOIN facility f ON f.ccn = l.ccn
       WHERE l.processing_date = $2::date
     ) a`,
    [period, pair.latest, pair.previous],
  );
}

/** The order and summary of each alert view without other filters (see migrations 0004 and 0005). */
async function computeAlertViews(tx: Queryable, metric: (typeof METRICS)[number]): Promise<void> {
  const changed = `FROM rating_alert a CROSS JOIN generate_series(1, 5) AS t(threshold)
     WHERE a.is_current AND a.abs_${metric}_diff >= t.threshold`;
  await tx.query(
    `INSERT INTO alert_rank (period, metric, threshold, position, ccn)
     SELECT a.period, $1, t.threshold,
       row_number() OVER (PARTITION BY a.period, t.threshold ORDER BY a.provider_name, a.ccn), a.ccn
     ${changed}`,
    [metric],
  );
  await tx.query(
    `INSERT INTO alert_summary
     SELECT a.period, $1, t.threshold, count(*), coalesce(sum(floor(a.average_residents_per_day + 0.5)), 0),
       count(a.overall_rating), coalesce(sum(a.overall_rating), 0),
       count(a.health_deficiency_score), coalesce(sum(a.health_deficiency_score), 0)
     ${changed}
     GROUP BY a.period, t.threshold`,
    [metric],
  );
}

export async function recomputeDerived(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const dates = (
      await tx.query<{ processing_date: string }>(
        "SELECT DISTINCT processing_date FROM release ORDER BY processing_date",
      )
    ).map((row) => row.processing_date);
    // A run may have just loaded millions of snapshots: the alert queries below are planned on fresh statistics.
    await tx.exec("ANALYZE rating_snapshot");
    // Facilities loaded before their list items were stored (migration 0005) get them now.
    await tx.exec(`UPDATE facility f SET item = ${listItemJson("f")} WHERE f.item IS NULL`);
    await tx.exec("DELETE FROM rating_alert; DELETE FROM alert_rank; DELETE FROM alert_summary;");
    await computeAlerts(tx, "lastPeriod", dates);
    await computeAlerts(tx, "lastQuarter", dates);
    for (const metric of METRICS) await computeAlertViews(tx, metric);
    await tx.exec(`
      DELETE FROM state_lu;
      INSERT INTO state_lu (state) SELECT DISTINCT state FROM facility WHERE state IS NOT NULL;
      DELETE FROM facility_summary;
      INSERT INTO facility_summary
        SELECT grouping(affiliated_entity_name) = 0, affiliated_entity_name, state, overall_rating, count(*),
          coalesce(sum(floor(average_residents_per_day + 0.5)), 0), count(overall_rating),
          coalesce(sum(overall_rating), 0), count(health_deficiency_score), coalesce(sum(health_deficiency_score), 0)
        FROM facility
        GROUP BY GROUPING SETS ((state, overall_rating), (affiliated_entity_name, state, overall_rating));
      DELETE FROM affiliated_entity_name_lu;
      INSERT INTO affiliated_entity_name_lu (affiliated_entity_name)
        SELECT DISTINCT affiliated_entity_name FROM facility WHERE affiliated_entity_name IS NOT NULL;
      UPDATE app_state SET derived_version = data_version, snapshot_count = (SELECT count(*) FROM rating_snapshot);
      ANALYZE facility;
      ANALYZE rating_alert;
      ANALYZE facility_summary;
      ANALYZE alert_rank;
    `);
  });
}

/** Whether a load changed the data since the derived tables were last computed. */
export async function isDerivedStale(db: Queryable): Promise<boolean> {
  const [state] = await db.query<{ stale: boolean }>(
    "SELECT data_version <> derived_version AS stale FROM app_state",
  );
  return state?.stale ?? false;
}
