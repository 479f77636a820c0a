// The columns of staffing_period (migration 0024) behind each staffing figure of the API (src/core/staffing.ts),
// shared by the ingest, which computes the averages at publication, and the server, which reads a facility's
// figures and history.
import type { StaffingKey } from "../core/staffing.ts";

export interface StaffingColumns {
  key: StaffingKey;
  /** The figure as reported. */
  value: string;
  /** The case-mix (expected) and adjusted hours, where CMS publishes them. */
  caseMix: string | null;
  adjusted: string | null;
  /** The footnote code that speaks for the figure. */
  footnote: string | null;
}

const hours = (key: StaffingKey, value: string, footnote: string, withCaseMix: boolean): StaffingColumns => ({
  key,
  value: `${value}_hours`,
  caseMix: withCaseMix ? `case_mix_${value}_hours` : null,
  adjusted: withCaseMix ? `adjusted_${value}_hours` : null,
  footnote,
});

/** Every figure's columns, in the order of STAFFING_KEYS. */
export const STAFFING_COLUMNS: readonly StaffingColumns[] = [
  hours("nurseAideHours", "nurse_aide", "reported_staffing_footnote", true),
  hours("lpnHours", "lpn", "reported_staffing_footnote", true),
  hours("rnHours", "rn", "reported_staffing_footnote", true),
  hours("licensedHours", "licensed", "reported_staffing_footnote", false),
  hours("totalNurseHours", "total_nurse", "reported_staffing_footnote", true),
  hours("weekendTotalNurseHours", "weekend_total_nurse", "reported_staffing_footnote", true),
  hours("weekendRnHours", "weekend_rn", "reported_staffing_footnote", false),
  hours("physicalTherapistHours", "physical_therapist", "physical_therapist_footnote", false),
  {
    key: "totalNurseTurnover",
    value: "total_nurse_turnover",
    caseMix: null,
    adjusted: null,
    footnote: "total_turnover_footnote",
  },
  {
    key: "rnTurnover",
    value: "rn_turnover",
    caseMix: null,
    adjusted: null,
    footnote: "rn_turnover_footnote",
  },
  {
    key: "administratorsLeft",
    value: "administrators_left",
    caseMix: null,
    adjusted: null,
    footnote: "administrator_footnote",
  },
  {
    key: "nursingCaseMixIndex",
    value: "nursing_case_mix_index",
    caseMix: null,
    adjusted: null,
    footnote: null,
  },
  {
    key: "nursingCaseMixIndexRatio",
    value: "nursing_case_mix_index_ratio",
    caseMix: null,
    adjusted: null,
    footnote: null,
  },
];

/**
 * SQL for the staffing_period row in force for a facility at a release: the row with the greatest from_date on or
 * before it, as a LATERAL subquery over `ccn` and `date` (SQL expressions).
 */
export function staffingInForce(ccn: string, date: string): string {
  return `(SELECT * FROM staffing_period p WHERE p.ccn = ${ccn} AND p.from_date <= ${date}
     ORDER BY p.from_date DESC LIMIT 1)`;
}

/** The JSON text of a set of averages keyed like the figures, over a row with `<value column>_average` columns. */
export function averagesJson(alias: string): string {
  return `(SELECT row_to_json(o) FROM (SELECT ${STAFFING_COLUMNS.map(
    ({ key, value }) => `${alias}.${value}_average AS "${key}"`,
  ).join(", ")}) o)::text`;
}
