// The staffing figures of Provider Information, kept per release (migration 0024, staffing_period): written with
// a release's snapshots, in the same transaction; and, at each publication, the product's own state and national
// averages of each figure over the current facilities (staffing_average).
import { arrayLiteral } from "../db/array-literal.ts";
import type { Queryable } from "../db/client.ts";
import { averagesJson, STAFFING_COLUMNS, staffingInForce } from "../db/staffing-columns.ts";
import type { StaffingField } from "./layout.ts";
import type { ParsedRelease } from "./parse-release.ts";

/** staffing_period's figure columns, in table order, with the file field each comes from and its SQL type. */
const PERIOD_COLUMNS: [column: string, field: StaffingField, sqlType: "real" | "smallint"][] = [
  ["nurse_aide_hours", "nurseAideHours", "real"],
  ["lpn_hours", "lpnHours", "real"],
  ["rn_hours", "rnStaffingHoursPerResidentPerDay", "real"],
  ["licensed_hours", "licensedHours", "real"],
  ["total_nurse_hours", "totalNurseHours", "real"],
  ["weekend_total_nurse_hours", "weekendTotalNurseHours", "real"],
  ["weekend_rn_hours", "weekendRnHours", "real"],
  ["physical_therapist_hours", "physicalTherapistHours", "real"],
  ["case_mix_nurse_aide_hours", "caseMixNurseAideHours", "real"],
  ["case_mix_lpn_hours", "caseMixLpnHours", "real"],
  ["case_mix_rn_hours", "caseMixRnHours", "real"],
  ["case_mix_total_nurse_hours", "caseMixTotalNurseHours", "real"],
  ["case_mix_weekend_total_nurse_hours", "caseMixWeekendTotalNurseHours", "real"],
  ["adjusted_nurse_aide_hours", "adjustedNurseAideHours", "real"],
  ["adjusted_lpn_hours", "adjustedLpnHours", "real"],
  ["adjusted_rn_hours", "adjustedRnHours", "real"],
  ["adjusted_total_nurse_hours", "adjustedTotalNurseHours", "real"],
  ["adjusted_weekend_total_nurse_hours", "adjustedWeekendTotalNurseHours", "real"],
  ["total_nurse_turnover", "totalNursingStaffTurnover", "real"],
  ["rn_turnover", "rnTurnover", "real"],
  ["administrators_left", "administratorsLeft", "smallint"],
  ["nursing_case_mix_index", "nursingCaseMixIndex", "real"],
  ["nursing_case_mix_index_ratio", "nursingCaseMixIndexRatio", "real"],
  ["reported_staffing_footnote", "reportedStaffingFootnote", "smallint"],
  ["physical_therapist_footnote", "physicalTherapistStaffingFootnote", "smallint"],
  ["total_turnover_footnote", "totalNursingStaffTurnoverFootnote", "smallint"],
  ["rn_turnover_footnote", "rnTurnoverFootnote", "smallint"],
  ["administrator_footnote", "administratorTurnoverFootnote", "smallint"],
];
const NAMES = PERIOD_COLUMNS.map(([column]) => column);
const list = (alias: string) => NAMES.map((name) => `${alias}.${name}`).join(", ");

/** Deletes the staffing rows of months a load wrote and did not publish (with their snapshots). */
export const DISCARD_UNPUBLISHED_STAFFING = `
  DELETE FROM staffing_period p USING staged_month m
    WHERE p.from_date = m.processing_date
      AND NOT EXISTS (SELECT 1 FROM release r WHERE r.processing_date = m.processing_date);`;

/**
 * Writes a release's staffing figures (in the transaction that writes its snapshots). A facility gets a row at the
 * release's date only when its figures differ from those in force before it; a file without any staffing column
 * (a ratings-only export) gives every facility nulls, but leaves what an earlier file of the same month wrote. A
 * release loaded before a later one already loaded (an older archive after a newer month) first pins the later
 * release's figures with a row of their own, so that they stay what they were.
 */
export async function writeStaffing(tx: Queryable, release: ParsedRelease): Promise<void> {
  const arrays = release.snapshotArrays;
  const has = (field: StaffingField) => (arrays ?? release.fields)[field] !== undefined;
  const hasStaffing = PERIOD_COLUMNS.some(([, field]) => has(field));
  const values = PERIOD_COLUMNS.map(([, field]) => {
    if (!has(field)) return null;
    return arrays?.[field] ?? arrayLiteral(release.fields[field] ?? []);
  });
  const ccns = arrays?.ccn ?? arrayLiteral(release.fields.ccn ?? []);
  const date = release.processingDate;
  const [state] = await tx.query<{ later: boolean; same: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM rating_snapshot WHERE processing_date > $1::date) AS later,
       EXISTS (SELECT 1 FROM staffing_period WHERE from_date = $1::date) AS same`,
    [date],
  );
  if (state?.later) {
    // The next release of each facility after this one keeps the figures in force at it (a copy of that row).
    await tx.query(
      // The next dates are computed once (MATERIALIZED): inlined, each use of next_date probed the snapshots again.
      `WITH n AS MATERIALIZED (
         SELECT t.ccn, (SELECT min(s.processing_date) FROM rating_snapshot s
                        WHERE s.ccn = t.ccn AND s.processing_date > $2::date) AS next_date
         FROM unnest($1::text[]) AS t(ccn)
       )
       INSERT INTO staffing_period (ccn, from_date, ${NAMES.join(", ")})
       SELECT n.ccn, n.next_date, ${list("cur")}
       FROM n
       LEFT JOIN LATERAL ${staffingInForce("n.ccn", "n.next_date")} cur ON true
       WHERE n.next_date IS NOT NULL AND (cur.from_date IS NULL OR cur.from_date <= $2::date)
       ON CONFLICT DO NOTHING`,
      [ccns, date],
    );
  }
  if (state?.same && hasStaffing) {
    // A second file of a month already written: its figures replace the first file's.
    await tx.query("DELETE FROM staffing_period WHERE from_date = $2::date AND ccn = ANY($1::text[])", [
      ccns,
      date,
    ]);
  }
  const casts = PERIOD_COLUMNS.map(([, , type], index) => `$${index + 3}::${type}[]`);
  await tx.query(
    `INSERT INTO staffing_period (ccn, from_date, ${NAMES.join(", ")})
     SELECT t.ccn, $2::date, ${list("t")}
     FROM unnest($1::text[], ${casts.join(", ")}) AS t(ccn, ${NAMES.join(", ")})
     LEFT JOIN LATERAL (SELECT * FROM staffing_period p WHERE p.ccn = t.ccn AND p.from_date < $2::date
                        ORDER BY p.from_date DESC LIMIT 1) p ON true
     WHERE CASE WHEN p.ccn IS NULL THEN num_nonnulls(${list("t")}) > 0
           ELSE (${list("p")}) IS DISTINCT FROM (${list("t")}) END
     ON CONFLICT DO NOTHING`,
    [ccns, date, ...values],
  );
}

/**
 * The product's averages of each figure over the current facilities `facilityTable` (their figures at their
 * release), per state and for the nation ('national'), as staffing_average_next rows.
 */
export async function computeStaffingAverages(db: Queryable, facilityTable: string): Promise<void> {
  // Rounded to CMS's five decimals: the mean of reals read as doubles carries their binary noise.
  const averages = STAFFING_COLUMNS.map(
    ({ value }) => `round(avg(s.${value})::numeric, 5)::float8 AS ${value}_average`,
  );
  // The empty grouping set gives the national row even when there are no facilities (averages null).
  await db.exec(`
    INSERT INTO staffing_average_next (scope, body)
    SELECT a.scope, ${averagesJson("a")}
    FROM (
      SELECT CASE WHEN grouping(f.state) = 1 THEN 'national' ELSE f.state END AS scope, ${averages.join(", ")}
      FROM ${facilityTable} f
      LEFT JOIN LATERAL ${staffingInForce("f.ccn", "f.processing_date")} s ON true
      GROUP BY GROUPING SETS ((f.state), ())
      HAVING grouping(f.state) = 1 OR f.state IS NOT NULL
    ) a`);
}
