// The staffing figures of Provider Information, kept per release (migration 0024, staffing_period): written with
// a release's snapshots, in the same transaction; and, at each publication, the product's own state and national
// averages of each figure over the current facilities (staffing_average).
import { arrayLiteral, sliceArrayLiteral } from "../db/array-literal.ts";
import type { Db, Queryable } from "../db/client.ts";
import { averagesJson, STAFFING_COLUMNS, staffingInForce } from "../db/staffing-columns.ts";
import type { FieldName, StaffingField } from "./layout.ts";
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
 * Facilities whose staffing figures are staged per statement and compared and written per transaction (a few
 * hundred ms each on the embedded database). Tests make it small, to cross many slices' edges.
 */
export const staffingTuning = { chunk: 3000 };

/** What a release's staffing write found before it wrote anything (see writeStaffingChunk). */
interface StaffingState {
  date: string;
  rowCount: number;
  hasStaffing: boolean;
  /** A later release is loaded already: its figures are pinned before this one's are written. */
  later: boolean;
  /** An earlier file of the same month wrote figures: this file's replace them. */
  same: boolean;
}

/**
 * Stages a release's staffing figures in staffing_incoming, `staffingTuning.chunk` rows per statement (`afterEach` between
 * them), and reads what the write must do. Run before the first chunk is written: `same` must be read before any of
 * this release's rows are in staffing_period.
 */
async function stageStaffing(
  q: Queryable,
  release: ParsedRelease,
  afterEach: () => Promise<void> = async () => {},
): Promise<StaffingState> {
  const arrays = release.snapshotArrays;
  const has = (field: StaffingField) => (arrays ?? release.fields)[field] !== undefined;
  const date = release.processingDate;
  const chunk = staffingTuning.chunk;
  // Each column cut into slices of `chunk` rows (one slice of all rows if a column cannot be cut).
  const slicesOf = (field: FieldName): (string | null)[] | null => {
    if (arrays) {
      const literal = arrays[field];
      return literal === undefined ? null : sliceArrayLiteral(literal, chunk);
    }
    const values = release.fields[field];
    if (values === undefined) return null;
    const slices: string[] = [];
    for (let start = 0; start < values.length; start += chunk) {
      slices.push(arrayLiteral(values.slice(start, start + chunk)));
    }
    return slices;
  };
  const columns: (FieldName | null)[] = [
    "ccn",
    ...PERIOD_COLUMNS.map(([, field]) => (has(field) ? field : null)),
  ];
  const sliced = columns.map((field) => (field === null ? null : slicesOf(field)));
  const isCut = sliced.every((slices) => slices === null || slices.length === sliced[0]?.length);
  const whole = (field: FieldName | null) =>
    field === null ? null : (arrays?.[field] ?? arrayLiteral(release.fields[field] ?? []));
  const batches: (string | null)[][] = isCut
    ? (sliced[0] ?? []).map((_, index) => sliced.map((slices) => slices?.[index] ?? null))
    : [columns.map(whole)];
  const casts = PERIOD_COLUMNS.map(([, , type], index) => `$${index + 4}::${type}[]`);
  await q.exec("TRUNCATE staffing_incoming");
  let offset = 0;
  for (const [index, batch] of batches.entries()) {
    if (index > 0) await afterEach();
    await q.query(
      `INSERT INTO staffing_incoming (ord, ccn, from_date, ${NAMES.join(", ")})
       SELECT $3::integer + t.ord, t.ccn, $2::date, ${list("t")}
       FROM unnest($1::text[], ${casts.join(", ")}) WITH ORDINALITY AS t(ccn, ${NAMES.join(", ")}, ord)`,
      [batch[0], date, offset, ...batch.slice(1)],
    );
    offset += isCut ? chunk : release.rowCount;
  }
  const [state] = await q.query<{ later: boolean; same: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM rating_snapshot WHERE processing_date > $1::date) AS later,
       EXISTS (SELECT 1 FROM staffing_period WHERE from_date = $1::date) AS same`,
    [date],
  );
  return {
    date,
    rowCount: release.rowCount,
    hasStaffing: PERIOD_COLUMNS.some(([, field]) => has(field)),
    later: state?.later ?? false,
    same: state?.same ?? false,
  };
}

/**
 * Writes the staged figures of rows `from` to `to` (1-based, inclusive) into staffing_period. A facility gets a row
 * at the release's date only when its figures differ from those in force before it; a file without any staffing
 * column (a ratings-only export) gives every facility nulls, but leaves what an earlier file of the same month wrote.
 * A release loaded before a later one already loaded (an older archive after a newer month) first pins the later
 * release's figures with a row of their own, so that they stay what they were.
 */
async function writeStaffingChunk(
  tx: Queryable,
  state: StaffingState,
  from: number,
  to: number,
): Promise<void> {
  const incoming = "SELECT * FROM staffing_incoming WHERE ord BETWEEN $2 AND $3";
  if (state.later) {
    // The next release of each facility after this one keeps the figures in force at it (a copy of that row).
    await tx.query(
      // The next dates are computed once (MATERIALIZED): inlined, each use of next_date probed the snapshots again.
      `WITH n AS MATERIALIZED (
         SELECT t.ccn, (SELECT min(s.processing_date) FROM rating_snapshot s
                        WHERE s.ccn = t.ccn AND s.processing_date > $1::date) AS next_date
         FROM (${incoming}) t
       )
       INSERT INTO staffing_period (ccn, from_date, ${NAMES.join(", ")})
       SELECT n.ccn, n.next_date, ${list("cur")}
       FROM n
       LEFT JOIN LATERAL ${staffingInForce("n.ccn", "n.next_date")} cur ON true
       WHERE n.next_date IS NOT NULL AND (cur.from_date IS NULL OR cur.from_date <= $1::date)
       ON CONFLICT DO NOTHING`,
      [state.date, from, to],
    );
  }
  if (state.same && state.hasStaffing) {
    // A second file of a month already written: its figures replace the first file's.
    await tx.query(
      `DELETE FROM staffing_period WHERE from_date = $1::date AND ccn IN (SELECT ccn FROM (${incoming}) t)`,
      [state.date, from, to],
    );
  }
  await tx.query(
    `INSERT INTO staffing_period (ccn, from_date, ${NAMES.join(", ")})
     SELECT t.ccn, $1::date, ${list("t")}
     FROM (${incoming}) t
     LEFT JOIN LATERAL (SELECT * FROM staffing_period p WHERE p.ccn = t.ccn AND p.from_date < $1::date
                        ORDER BY p.from_date DESC LIMIT 1) p ON true
     WHERE CASE WHEN p.ccn IS NULL THEN num_nonnulls(${list("t")}) > 0
           ELSE (${list("p")}) IS DISTINCT FROM (${list("t")}) END
     ON CONFLICT DO NOTHING`,
    [state.date, from, to],
  );
}

/** Writes a release's staffing figures within one transaction (a second file of a month already served). */
export async function writeStaffing(tx: Queryable, release: ParsedRelease): Promise<void> {
  const state = await stageStaffing(tx, release);
  await writeStaffingChunk(tx, state, 1, state.rowCount);
  await tx.exec("TRUNCATE staffing_incoming");
}

/**
 * Writes a new month's staffing figures (its rows hidden from readers by staged_month until it is published, and
 * discarded with it if the load stops): staged, then compared and written, `staffingTuning.chunk` facilities per
 * statement and per transaction, `afterEach` between them, so that requests are answered between the steps.
 */
export async function writeStaffingInSteps(
  db: Db,
  release: ParsedRelease,
  afterEach: () => Promise<void>,
): Promise<void> {
  const state = await stageStaffing(db, release, afterEach);
  const chunk = staffingTuning.chunk;
  for (let from = 1; from <= state.rowCount; from += chunk) {
    await afterEach();
    const to = Math.min(state.rowCount, from + chunk - 1);
    await db.transaction((tx) => writeStaffingChunk(tx, state, from, to));
  }
  await db.exec("TRUNCATE staffing_incoming");
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
