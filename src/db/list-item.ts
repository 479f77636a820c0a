// The SQL of the API's list item (docs/api.md: a facility's list fields, and in alert views its ratingAlert),
// shared by the ingest, which stores each item's JSON once (facility.item, rating_alert.item), and the server,
// which reads the same fields for the detail and the /api/alerts rows.
//
// Why stored JSON: PGlite hands a result over one field at a time in JavaScript, which for a page of 100 wide rows
// costs several times the query itself. A page read as the concatenation of its items' stored JSON is one text
// value, which the server writes into the response as it is.

/** [API name, SQL over a row aliased `alias` that has the facility's list columns]. */
export function listFields(alias: string): [string, string][] {
  return [
    ["ccn", `${alias}.ccn`],
    ["providerName", `${alias}.provider_name`],
    ["city", `${alias}.city`],
    ["state", `${alias}.state`],
    ["overallRating", `${alias}.overall_rating`],
    ["healthInspectionRating", `${alias}.health_inspection_rating`],
    ["staffingRating", `${alias}.staffing_rating`],
    ["qmRating", `${alias}.qm_rating`],
    // Residents per day are rounded half up (52.5 -> 53), as the spec's "rounded to an integer" reads.
    ["averageResidentsPerDay", `floor(${alias}.average_residents_per_day + 0.5)::integer`],
    ["healthDeficiencyScore", `${alias}.health_deficiency_score`],
    ["affiliatedEntityName", `${alias}.affiliated_entity_name`],
    ...inspectionFields(alias),
    ...staffingListFields(alias),
    // CMS's marks of the home in its newest Provider Information release (null where its layout lacks them).
    ["specialFocus", `${alias}.special_focus`],
    ["ownershipChanged", `${alias}.ownership_changed`],
  ];
}

/**
 * The list item's figures of the facility's last three years of inspections (copies of facility_inspection written
 * with the item, see INSPECTION_COLUMNS in src/ingest/derive.ts), as [API name, SQL over a row aliased `alias`].
 */
export function inspectionFields(alias: string): [string, string][] {
  return [
    ["citationsMinimalHarm", `${alias}.citations_minimal_harm`],
    ["citationsPotentialHarm", `${alias}.citations_potential_harm`],
    ["citationsActualHarm", `${alias}.citations_actual_harm`],
    ["citationsImmediateJeopardy", `${alias}.citations_immediate_jeopardy`],
    ["mostSevereCitation", `${alias}.most_severe_citation`],
    ["abuse", `${alias}.is_abuse`],
    ["finesThreeYears", `${alias}.fines_three_years`],
    ["fineDollarsThreeYears", `${alias}.fine_dollars_three_years`],
  ];
}

/**
 * The list item's staffing figures from the facility's newest Provider Information release (null where its layout
 * lacks them), as [API name, SQL over a row aliased `alias`].
 */
export function staffingListFields(alias: string): [string, string][] {
  return [
    ["totalNurseHours", `${alias}.total_nurse_hours`],
    ["rnHours", `${alias}.rn_staffing_hours_per_resident_per_day`],
    ["weekendTotalNurseHours", `${alias}.weekend_total_nurse_hours`],
    ["totalNurseTurnover", `${alias}.total_nursing_staff_turnover`],
  ];
}

/** The rating_alert metric column stems and their API names. */
const ALERT_METRICS: [column: string, api: string][] = [
  ["overall", "Overall"],
  ["health_inspection", "HealthInspection"],
  ["staffing", "Staffing"],
  ["qm", "Qm"],
  ["long_stay_qm", "LongStayQm"],
  ["short_stay_qm", "ShortStayQm"],
];

/**
 * The fields of a ratingAlert apart from its metric (which is the one the visitor chose), as [API name, SQL over a
 * rating_alert row aliased `alias`].
 */
export function alertFields(alias: string): [string, string][] {
  return [
    ["latestDate", `to_char(${alias}.latest_date, 'YYYY-MM-DD')`],
    ["previousDate", `to_char(${alias}.previous_date, 'YYYY-MM-DD')`],
    ...ALERT_METRICS.flatMap(([column, api]): [string, string][] => [
      [`${api.charAt(0).toLowerCase()}${api.slice(1)}Diff`, `${alias}.${column}_diff`],
      [`previous${api}`, `${alias}.previous_${column}`],
      [`latest${api}`, `${alias}.latest_${column}`],
    ]),
  ];
}

/** `expr AS "name", ...` for a select list. */
export function selectList(fields: [string, string][]): string {
  return fields.map(([name, sql]) => `${sql} AS "${name}"`).join(",\n  ");
}
/** A JSON object of `fields`, written compactly (row_to_json writes no spaces, unlike json_build_object). */
function jsonObject(fields: [string, string][]): string {
  return `(SELECT row_to_json(o) FROM (SELECT ${selectList(fields)}) o)`;
}

/** The JSON text of a facility's list item, over a row aliased `alias` with the facility's columns. */
export function listItemJson(alias: string): string {
  return `${jsonObject(listFields(alias))}::text`;
}

/**
 * The stored text of an alert view's list item, over a rating_alert row aliased `alias`: the JSON of the facility's
 * list fields and, last, its ratingAlert, but without the two closing braces. The SQL function alert_item()
 * (migration 0005) closes it with the ratingAlert's metric, the one the visitor chose: a concatenation, where
 * editing a complete text would cost a walk through its characters.
 */
export function alertItemJson(alias: string): string {
  const item = jsonObject([...listFields(alias), ["ratingAlert", jsonObject(alertFields(alias))]]);
  return `left(${item}::text, -2)`;
}
