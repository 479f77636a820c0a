// The list's summary tables: the lookup lists (states, affiliated entities), the sums the list's summary is read from
// (facility_summary) and the state and national benchmarks: part of the derived tables stageDerived (derive.ts)
// builds, from the facilities as they will be published.
import { BENCHMARK_MEASURES, type BenchmarkMeasure } from "../core/api-types.ts";
import type { Queryable } from "../db/client.ts";
import { indexNext } from "./stage.ts";

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

/** The lookups, the list's summary sums and the benchmarks, as `<table>_next` tables of `facilityTable`. */
export async function stageSummaryTables(
  db: Queryable,
  facilityTable: string,
  afterEach: () => Promise<void>,
): Promise<void> {
  await db.exec(`
    INSERT INTO state_lu_next (state) SELECT DISTINCT state FROM ${facilityTable} WHERE state IS NOT NULL;
    INSERT INTO affiliated_entity_name_lu_next (affiliated_entity_name)
      SELECT DISTINCT affiliated_entity_name FROM ${facilityTable} WHERE affiliated_entity_name IS NOT NULL;`);
  await afterEach();
  await db.exec(`
    INSERT INTO facility_summary_next (by_entity, affiliated_entity_name, state, overall_rating, facilities, residents,
        rated, rating_sum, scored, score_sum, harm_level, is_abuse)
      SELECT grouping(affiliated_entity_name) = 0, affiliated_entity_name, state, overall_rating, count(*),
        coalesce(sum(floor(average_residents_per_day + 0.5)), 0), count(overall_rating),
        coalesce(sum(overall_rating), 0), count(health_deficiency_score), coalesce(sum(health_deficiency_score), 0),
        harm_level, is_abuse
      FROM ${facilityTable}
      GROUP BY GROUPING SETS ((state, overall_rating, harm_level, is_abuse),
        (affiliated_entity_name, state, overall_rating, harm_level, is_abuse));`);
  await afterEach();
  for (const table of ["state_lu", "affiliated_entity_name_lu", "facility_summary"] as const) {
    await indexNext(db, table, afterEach);
  }
  await computeBenchmarks(db, facilityTable);
  await afterEach();
  await indexNext(db, "benchmark", afterEach);
}
