// The product's own averages of the quality measures (quality_average, migration 0022): each measure's average over
// the current facilities' current scores, per state and for the nation, shown where CMS's State/US Averages file
// has no figure for the measure. Written with the other derived tables at each publication (the facilities may have
// changed) and, on the live table, in the transaction that loads a quality measures file (its scores changed), so
// that loading a quality file never waits for a whole publication.
import type { Queryable } from "../db/client.ts";

/** The tables the averages are read from: the live ones, or a quality load's copies before they are swapped in. */
export interface QualitySources {
  mds: string;
  claims: string;
  measure: string;
}

const LIVE: QualitySources = { mds: "quality_mds", claims: "quality_claims", measure: "quality_measure" };

/** Fills `target` (quality_average or quality_average_next) from the facilities of `facilityTable`. */
export async function computeQualityAverages(
  db: Queryable,
  target: "quality_average" | "quality_average_next",
  facilityTable: string,
  sources: QualitySources = LIVE,
): Promise<void> {
  await db.exec(`
    DELETE FROM ${target};
    INSERT INTO ${target} (source, code, state, average, facilities)
    SELECT source, code, coalesce(state, 'NATION'), round(avg(score)::numeric, 6)::float8, count(*)::integer
    FROM (
      SELECT 'mds' AS source, q.code, f.state, q.average AS score
      FROM ${sources.mds} q
      JOIN ${sources.measure} m ON m.source = 'mds' AND m.code = q.code AND m.period = q.period
      JOIN ${facilityTable} f ON f.ccn = q.ccn
      WHERE q.average IS NOT NULL
      UNION ALL
      SELECT 'claims', q.code, f.state, q.adjusted[array_position(q.periods, q.period)]
      FROM ${sources.claims} q
      JOIN ${sources.measure} m ON m.source = 'claims' AND m.code = q.code AND m.period = q.period
      JOIN ${facilityTable} f ON f.ccn = q.ccn
      WHERE q.adjusted[array_position(q.periods, q.period)] IS NOT NULL
    ) s
    GROUP BY GROUPING SETS ((source, code, state), (source, code))
    HAVING grouping(state) = 1 OR state IS NOT NULL`);
}
