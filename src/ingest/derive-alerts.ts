// The rating-change alerts of each period (rating_alert), with the facility's list columns copied in so that an
// alert-filtered list needs no join, and each alert view's order and summary without other filters (alert_rank,
// alert_summary): part of the derived tables stageDerived (derive.ts) builds after a load.
import type { AlertPeriod } from "../core/constants.ts";
import type { Queryable } from "../db/client.ts";
import { alertItemJson } from "../db/list-item.ts";
import { hashPart, indexNext } from "./stage.ts";

export const METRICS = [
  "overall",
  "health_inspection",
  "staffing",
  "qm",
  "long_stay_qm",
  "short_stay_qm",
] as const;

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
  // The last three years of inspections (written with the facility's row by stageFacilityRows).
  "citations_minimal_harm",
  "citations_potential_harm",
  "citations_actual_harm",
  "citations_immediate_jeopardy",
  "most_severe_citation",
  "harm_level",
  "is_abuse",
  "fines_three_years",
  "fine_dollars_three_years",
  // The list's staffing figures.
  "total_nurse_hours",
  "weekend_total_nurse_hours",
  "rn_staffing_hours_per_resident_per_day",
  "total_nursing_staff_turnover",
  // CMS's marks the list filters by.
  "special_focus",
  "ownership_changed",
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
       WHERE l.processing_date = $2::date AND ${hashPart("l.ccn", ALERT_CHUNKS, "$4")}
     ) a`,
    [period, pair.latest, pair.previous, chunk],
  );
}

/** The alerts of a period are written in this many statements, each holding the database for a short while. */
const ALERT_CHUNKS = 6;

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

/** The alerts of both periods and the alert views, as `<table>_next` tables of `facilityTable`'s facilities. */
export async function stageAlertTables(
  db: Queryable,
  dates: readonly string[],
  facilityTable: string,
  afterEach: () => Promise<void>,
): Promise<void> {
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
}
