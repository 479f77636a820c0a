// Everything the API serves that is derived from the loaded releases: the rating-change alerts of each period
// and the lookup lists. Recomputed after an ingest (and at start when an interrupted ingest left them stale),
// so that a request is always an indexed read.
import type { AlertPeriod } from "../core/constants.ts";
import type { Db, Queryable } from "../db/client.ts";

const METRICS = ["overall", "health_inspection", "staffing", "qm", "long_stay_qm", "short_stay_qm"] as const;

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
  const selectMetrics = METRICS.map(
    (metric) => `l.${metric}_rating, p.${metric}_rating,
      coalesce(l.${metric}_rating - p.${metric}_rating, 0),
      abs(coalesce(l.${metric}_rating - p.${metric}_rating, 0))`,
  ).join(",\n      ");
  const insertMetrics = METRICS.map(
    (metric) => `latest_${metric}, previous_${metric}, ${metric}_diff, abs_${metric}_diff`,
  ).join(", ");
  await tx.query(
    `INSERT INTO rating_alert (period, ccn, latest_date, previous_date, ${insertMetrics})
     SELECT $1, l.ccn, l.processing_date, p.processing_date,
      ${selectMetrics}
     FROM rating_snapshot l
     JOIN rating_snapshot p ON p.ccn = l.ccn AND p.processing_date = $3::date
     WHERE l.processing_date = $2::date`,
    [period, pair.latest, pair.previous],
  );
}

export async function recomputeDerived(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const dates = (
      await tx.query<{ processing_date: string }>(
        "SELECT DISTINCT processing_date FROM release ORDER BY processing_date",
      )
    ).map((row) => row.processing_date);
    await tx.exec("DELETE FROM rating_alert");
    await computeAlerts(tx, "lastPeriod", dates);
    await computeAlerts(tx, "lastQuarter", dates);
    await tx.exec(`
      DELETE FROM state_lu;
      INSERT INTO state_lu (state) SELECT DISTINCT state FROM facility WHERE state IS NOT NULL;
      DELETE FROM affiliated_entity_name_lu;
      INSERT INTO affiliated_entity_name_lu (affiliated_entity_name)
        SELECT DISTINCT affiliated_entity_name FROM facility WHERE affiliated_entity_name IS NOT NULL;
      UPDATE app_state SET derived_version = data_version, snapshot_count = (SELECT count(*) FROM rating_snapshot);
      ANALYZE facility;
      ANALYZE rating_alert;
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
