// The SQL of the staffing figures' and quality measures' averages of groups of facilities (docs/api.md): a state's
// and the nation's for GET /api/benchmarks, and an affiliated entity's current facilities' beside the nation's for
// GET /api/entities/{name}/staffing-quality. The state and national averages are CMS's where its State/US Averages
// file publishes them, else the product's (staffing_average, quality_average), chosen as a facility's answers choose
// them (staffing-repository.ts, quality-repository.ts), so that every page shows the same national figure.
import type {
  BenchmarkFigures,
  EntityQualityMeasure,
  EntityStaffingFigure,
  EntityStaffingQuality,
  FigureAverage,
} from "../core/figure-averages.ts";
import { betterWhenOf, type QualitySource, type ResidentType } from "../core/quality-measures.ts";
import { STAFFING_FIGURES, STAFFING_KEYS, type StaffingKey } from "../core/staffing.ts";
import type { Queryable } from "../db/client.ts";
import { STAFFING_COLUMNS, staffingInForce } from "../db/staffing-columns.ts";
import { readCmsAverages } from "./quality-repository.ts";
import {
  mergeStaffingAverages,
  readProductStaffingAverages,
  type StaffingAveragesOfScopes,
} from "./staffing-repository.ts";

interface MeasureAverages {
  state: number | null;
  national: number | null;
  source: FigureAverage["source"];
}

export interface FigureAverages {
  /** The processing date of CMS's averages file used; null when none is loaded. */
  averagesProcessingDate: string | null;
  staffing: StaffingAveragesOfScopes;
  /** Every measure of the newest quality files and of CMS's averages file, by code, in code order. */
  quality: Map<string, MeasureAverages>;
}

/** The newest MDS and claims releases loaded (their measures are the current ones). */
const NEWEST_QUALITY_RELEASES = `(SELECT max(processing_date) FILTER (WHERE kind = 'mds') AS mds,
    max(processing_date) FILTER (WHERE kind = 'claims') AS claims FROM quality_release)`;

/** The staffing and quality averages of `state` (none when null) and of the nation. */
export async function readFigureAverages(db: Queryable, state: string | null): Promise<FigureAverages> {
  const cms = await readCmsAverages(db, state);
  const staffing = mergeStaffingAverages(cms, await readProductStaffingAverages(db, state));
  const product = await db.query<{ code: string; state: string; average: number | null }>(
    `SELECT g.code, g.state, g.average
     FROM quality_measure m CROSS JOIN ${NEWEST_QUALITY_RELEASES} r
     JOIN quality_average g ON g.source = m.source AND g.code = m.code AND g.state IN ('NATION', $1)
     WHERE m.release_date = CASE m.source WHEN 'mds' THEN r.mds ELSE r.claims END
     UNION ALL
     SELECT m.code, '', NULL
     FROM quality_measure m CROSS JOIN ${NEWEST_QUALITY_RELEASES} r
     WHERE m.release_date = CASE m.source WHEN 'mds' THEN r.mds ELSE r.claims END`,
    [state?.toUpperCase() ?? "NATION"],
  );
  const codes = new Set(product.map((row) => row.code));
  // CMS's measure columns are keyed qm<code> (src/core/quality-measures.ts, averageColumnKey).
  const cmsCodeOf = (key: string) => /^qm(\w+)$/.exec(key)?.[1] ?? null;
  for (const key of Object.keys({ ...cms.national, ...cms.state })) {
    const code = cmsCodeOf(key);
    if (code !== null) codes.add(code);
  }
  const productOf = (code: string, scope: string) =>
    product.find((row) => row.code === code && row.state === scope)?.average ?? null;
  const quality = new Map<string, MeasureAverages>();
  for (const code of [...codes].sort()) {
    const key = `qm${code}`;
    // As a facility's answer: CMS's figures when its file has the measure's column, the product's otherwise.
    const hasCms = (cms.national !== null && key in cms.national) || (cms.state !== null && key in cms.state);
    quality.set(
      code,
      hasCms
        ? { state: cms.state?.[key] ?? null, national: cms.national?.[key] ?? null, source: "cms" }
        : {
            state: state === null ? null : productOf(code, state.toUpperCase()),
            national: productOf(code, "NATION"),
            source: "product",
          },
    );
  }
  return { averagesProcessingDate: cms.processingDate, staffing, quality };
}

/** A scope's figures as GET /api/benchmarks writes them. */
export function benchmarkFiguresOf(averages: FigureAverages, scope: "state" | "national"): BenchmarkFigures {
  return {
    staffing: Object.fromEntries(
      STAFFING_KEYS.map((key) => [
        key,
        { average: averages.staffing[scope][key], source: averages.staffing.source[key] },
      ]),
    ) as Record<StaffingKey, FigureAverage>,
    qualityMeasures: Object.fromEntries(
      [...averages.quality].map(([code, measure]) => [
        code,
        { average: measure[scope], source: measure.source },
      ]),
    ),
  };
}

type MeasureRow = {
  source: QualitySource;
  code: string;
  description: string;
  resident_type: ResidentType;
  is_used_in_rating: boolean | null;
  period: string;
  score: number | null;
  facilities: number;
};

/**
 * An affiliated entity's current facilities' staffing figures and quality measures beside the nation's; null when
 * no current facility names it. Worked out on request over the entity's facilities (a few hundred at most, by the
 * facility_entity_idx index), so that a quality file loaded between publications counts at once.
 */
export async function getEntityStaffingQuality(
  db: Queryable,
  name: string,
  nationalAverages: () => Promise<FigureAverages> = () => readFigureAverages(db, null),
): Promise<EntityStaffingQuality | null> {
  const aggregates = STAFFING_COLUMNS.map(
    ({ value }) =>
      // Rounded as the product's own averages are (staffing_average): CMS's five decimals.
      `round(avg(s.${value})::numeric, 5)::float8 AS "${value}", count(s.${value})::integer AS "${value}_count"`,
  );
  const [staffingRow] = await db.query<Record<string, number | null> & { qualityDate: string | null }>(
    `SELECT count(*)::integer AS facilities, ${aggregates.join(", ")},
       (SELECT to_char(max(processing_date), 'YYYY-MM-DD') FROM quality_release WHERE kind <> 'averages')
         AS "qualityDate"
     FROM facility f LEFT JOIN LATERAL ${staffingInForce("f.ccn", "f.processing_date")} s ON true
     WHERE f.affiliated_entity_name = $1`,
    [name],
  );
  const facilityCount = Number(staffingRow?.facilities ?? 0);
  if (facilityCount === 0) return null;
  const measures = await db.query<MeasureRow>(
    `WITH f AS (SELECT array_agg(ccn) AS ccns FROM facility WHERE affiliated_entity_name = $1),
     -- The facilities' rows by the tables' keys (ccn first): a join by hash would read every facility's rows.
     scores AS (
       SELECT 'mds' AS source, q.code, q.period, q.average AS score
       FROM quality_mds q WHERE q.ccn = ANY ((SELECT ccns FROM f)::text[])
       UNION ALL
       SELECT 'claims', q.code, q.period, q.adjusted[array_position(q.periods, q.period)]
       FROM quality_claims q WHERE q.ccn = ANY ((SELECT ccns FROM f)::text[])
     )
     SELECT m.source, m.code, m.description, m.resident_type, m.is_used_in_rating, m.period,
       round(avg(s.score)::numeric, 6)::float8 AS score, count(s.score)::integer AS facilities
     FROM quality_measure m CROSS JOIN ${NEWEST_QUALITY_RELEASES} r
     LEFT JOIN scores s ON s.source = m.source AND s.code = m.code AND s.period = m.period
     WHERE m.release_date = CASE m.source WHEN 'mds' THEN r.mds ELSE r.claims END
     GROUP BY m.source, m.code, m.description, m.resident_type, m.is_used_in_rating, m.period
     ORDER BY m.resident_type DESC, m.code`,
    [name],
  );
  const averages = await nationalAverages();
  const staffing = STAFFING_FIGURES.map((spec, index): EntityStaffingFigure => {
    const columns = STAFFING_COLUMNS[index];
    if (columns?.key !== spec.key) throw new Error(`staffing columns out of order at ${spec.key}`);
    return {
      key: spec.key,
      label: spec.label,
      unit: spec.unit,
      average: staffingRow?.[columns.value] ?? null,
      facilities: Number(staffingRow?.[`${columns.value}_count`] ?? 0),
      national: averages.staffing.national[spec.key],
      averagesSource: averages.staffing.source[spec.key],
    };
  });
  const qualityMeasures = measures.map((row): EntityQualityMeasure => {
    const national = averages.quality.get(row.code);
    return {
      code: row.code,
      description: row.description,
      residentType: row.resident_type,
      source: row.source,
      usedInRating: row.is_used_in_rating ?? false,
      betterWhen: betterWhenOf(row.code, row.description),
      period: row.period,
      score: row.score,
      facilities: row.facilities,
      national: national?.national ?? null,
      averagesSource: national?.source ?? "product",
    };
  });
  return {
    name,
    facilityCount,
    qualityProcessingDate: staffingRow?.qualityDate ?? null,
    averagesProcessingDate: averages.averagesProcessingDate,
    staffing,
    qualityMeasures,
  };
}
