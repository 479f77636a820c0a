// The product's own averages of the quality measures (quality_average, migration 0022): each measure's average over
// the current facilities' current scores, per state and for the nation, shown where CMS's State/US Averages file
// has no figure for the measure. Written with the other derived tables at each publication (the facilities may have
// changed) and, on the live table, in the transaction that loads a quality measures file (its scores changed), so
// that loading a quality file never waits for a whole publication.
import type { Queryable } from "../db/client.ts";
import { pageRanges } from "./stage.ts";

/** The tables the averages are read from: the live ones, or a quality load's copies before they are swapped in. */
export interface QualitySources {
  mds: string;
  claims: string;
  measure: string;
}

const LIVE: QualitySources = { mds: "quality_mds", claims: "quality_claims", measure: "quality_measure" };

/** Pages of a quality table (8 KB, about 9 facility measures each) summed per statement. */
const PAGES_PER_STATEMENT = 4000;

/**
 * Fills `target` (quality_average or quality_average_next) from the facilities of `facilityTable`: each quality
 * table is summed in ranges of its pages (the MDS table of a national history is about 300 MB, which one statement
 * held the embedded database for 6-7 s to read), each range's sums per measure and state into a scratch table, whose
 * sums are then added up, exactly (numeric), and divided. `afterEach` runs between the statements.
 */
export async function computeQualityAverages(
  db: Queryable,
  target: "quality_average" | "quality_average_next",
  facilityTable: string,
  sources: QualitySources = LIVE,
  afterEach: () => Promise<void> = async () => {},
): Promise<void> {
  const part = `${target}_part`;
  // Each facility's state in a small table of its own: every range joins it, not the wide facility rows.
  const states = "quality_average_state";
  await db.exec(`
    DROP TABLE IF EXISTS ${part};
    CREATE TABLE ${part} (source text NOT NULL, code text NOT NULL, state text, total numeric NOT NULL,
      facilities integer NOT NULL);
    DROP TABLE IF EXISTS ${states};
    CREATE TABLE ${states} AS SELECT ccn, state FROM ${facilityTable};
    ANALYZE ${states};`);
  await afterEach();
  const scores = [
    { source: "mds", table: sources.mds, score: "q.average" },
    { source: "claims", table: sources.claims, score: "q.adjusted[array_position(q.periods, q.period)]" },
  ];
  for (const { source, table, score } of scores) {
    for (const range of await pageRanges(db, table, PAGES_PER_STATEMENT, "q")) {
      await db.exec(`
        INSERT INTO ${part} (source, code, state, total, facilities)
        SELECT '${source}', q.code, f.state, sum((${score})::numeric), count(*)::integer
        FROM ${table} q
        JOIN ${sources.measure} m ON m.source = '${source}' AND m.code = q.code AND m.period = q.period
        JOIN ${states} f ON f.ccn = q.ccn
        WHERE ${range} AND ${score} IS NOT NULL
        GROUP BY q.code, f.state`);
      await afterEach();
    }
  }
  await db.exec(`
    DELETE FROM ${target};
    INSERT INTO ${target} (source, code, state, average, facilities)
    SELECT source, code, coalesce(state, 'NATION'), round(sum(total) / sum(facilities), 6)::float8,
      sum(facilities)::integer
    FROM ${part}
    GROUP BY GROUPING SETS ((source, code, state), (source, code))
    HAVING grouping(state) = 1 OR state IS NOT NULL;
    DROP TABLE ${part};
    DROP TABLE ${states};`);
}
