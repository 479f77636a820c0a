// The SQL of the quality measures and of CMS's State/US averages (migration 0022): a facility's measures with their
// quarters, history and averages, and the newest release's averages by column key (for any endpoint that shows a
// figure beside the state and the nation).
import { footnoteText } from "../core/footnotes.ts";
import {
  betterWhenOf,
  type CmsAverages,
  type FacilityQualityMeasures,
  type QualityMeasure,
  type QualitySource,
  quarterName,
  quartersOfPeriod,
  type ResidentType,
} from "../core/quality-measures.ts";
import type { Queryable } from "../db/client.ts";

export interface CmsAveragesOfRelease {
  /** The processing date of the newest averages file loaded; null when none is. */
  processingDate: string | null;
  /** The state's averages (null when no state was asked for or the file has no row for it). */
  state: CmsAverages | null;
  national: CmsAverages | null;
}

/**
 * The newest release's State/US averages for `state` (a two-letter code, or null) and for the nation, each column
 * by its stable key (src/core/quality-measures.ts, AVERAGE_COLUMNS: `totalNurseHours`, `rnTurnover`, `qm410`, ...),
 * exactly as CMS published them; a blank figure is null.
 */
export async function readCmsAverages(db: Queryable, state: string | null): Promise<CmsAveragesOfRelease> {
  const rows = await db.query<{ state: string; date: string; vals: CmsAverages | string }>(
    `SELECT a.state, to_char(a.processing_date, 'YYYY-MM-DD') AS date,
       (SELECT json_object_agg(c.column_key, v.val ORDER BY c.position)
        FROM unnest(a.vals) WITH ORDINALITY AS v(val, n)
        JOIN cms_average_column c ON c.processing_date = a.processing_date AND c.position = v.n) AS vals
     FROM cms_average a
     WHERE a.processing_date = (SELECT max(processing_date) FROM cms_average)
       AND a.state IN ('NATION', $1)`,
    [state?.toUpperCase() ?? "NATION"],
  );
  const parse = (vals: CmsAverages | string | undefined): CmsAverages | null =>
    vals === undefined ? null : typeof vals === "string" ? (JSON.parse(vals) as CmsAverages) : vals;
  return {
    processingDate: rows[0]?.date ?? null,
    state: state === null ? null : parse(rows.find((row) => row.state === state.toUpperCase())?.vals),
    national: parse(rows.find((row) => row.state === "NATION")?.vals),
  };
}

/** Every column of the newest averages release (or of `processingDate`), each state's row, in file order. */
export async function listCmsAverages(
  db: Queryable,
  processingDate: string | null,
): Promise<{
  processingDate: string | null;
  columns: { key: string; header: string; measureCode: string | null }[];
  rows: { state: string; values: CmsAverages }[];
} | null> {
  const [date] = await db.query<{ date: string | null }>(
    `SELECT to_char(${processingDate === null ? "max(processing_date)" : "$1::date"}, 'YYYY-MM-DD') AS date
     FROM cms_average ${processingDate === null ? "" : "WHERE processing_date = $1::date"}`,
    processingDate === null ? [] : [processingDate],
  );
  if (!date?.date) return processingDate === null ? { processingDate: null, columns: [], rows: [] } : null;
  const columns = await db.query<{ key: string; header: string; measureCode: string | null }>(
    `SELECT column_key AS key, header, measure_code AS "measureCode" FROM cms_average_column
     WHERE processing_date = $1::date ORDER BY position`,
    [date.date],
  );
  const rows = await db.query<{ state: string; vals: (number | null)[] | string }>(
    `SELECT state, array_to_json(vals)::text AS vals FROM cms_average WHERE processing_date = $1::date
     ORDER BY state = 'NATION' DESC, state`,
    [date.date],
  );
  return {
    processingDate: date.date,
    columns,
    rows: rows.map((row) => {
      const vals = (typeof row.vals === "string" ? JSON.parse(row.vals) : row.vals) as (number | null)[];
      return {
        state: row.state,
        values: Object.fromEntries(columns.map((column, index) => [column.key, vals[index] ?? null])),
      };
    }),
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
  footnote: number;
  observed: number | null;
  expected: number | null;
  /** The subscript of the first element of `scores` (MDS: a quarter number; claims: 1). */
  first: number;
  /** The arrays as PostgreSQL writes them (`[8100:8103]={1.5,NULL,...}`): reading them as text is five times faster
   * than building JSON of them per request. */
  periods: string | null;
  scores: string;
  footnotes: string;
  cms_state: number | null;
  cms_national: number | null;
  has_cms: boolean;
  product_state: number | null;
  product_national: number | null;
};

/**
 * A facility's current quality measures (those of the newest release's measure periods), with their quarters,
 * history and averages; null when the CCN is unknown.
 */
export async function getFacilityQualityMeasures(
  db: Queryable,
  ccn: string,
): Promise<FacilityQualityMeasures | null> {
  // One read for what the measures' query needs: the facility's state, whether the CCN is known, the newest releases.
  const [facility] = await db.query<{
    state: string | null;
    known: boolean;
    date: string | null;
    mds: string | null;
    claims: string | null;
    averages: string | null;
  }>(
    `SELECT (SELECT state FROM facility WHERE ccn = $1) AS state,
       EXISTS (SELECT 1 FROM facility WHERE ccn = $1) OR EXISTS (SELECT 1 FROM rating_snapshot WHERE ccn = $1)
         OR EXISTS (SELECT 1 FROM quality_mds WHERE ccn = $1) AS known,
       to_char(max(processing_date) FILTER (WHERE kind <> 'averages'), 'YYYY-MM-DD') AS date,
       max(processing_date) FILTER (WHERE kind = 'mds')::text AS mds,
       max(processing_date) FILTER (WHERE kind = 'claims')::text AS claims,
       to_char((SELECT max(processing_date) FROM cms_average), 'YYYY-MM-DD') AS averages
     FROM quality_release`,
    [ccn],
  );
  if (!facility?.known) return null;
  const releases = facility;
  const state = facility.state ?? "";
  const rows = await db.query<MeasureRow>(
    `WITH avg AS (
       SELECT c.measure_code AS code, max(a.vals[c.position]) FILTER (WHERE a.state = $2) AS state_value,
         max(a.vals[c.position]) FILTER (WHERE a.state = 'NATION') AS national_value
       FROM cms_average a JOIN cms_average_column c ON c.processing_date = a.processing_date
       WHERE a.processing_date = (SELECT max(processing_date) FROM cms_average)
         AND a.state IN ('NATION', $2) AND c.measure_code IS NOT NULL
       GROUP BY c.measure_code
     ), product AS (
       SELECT source, code, max(average) FILTER (WHERE state = $2) AS state_value,
         max(average) FILTER (WHERE state = 'NATION') AS national_value
       FROM quality_average WHERE state IN ('NATION', $2) GROUP BY source, code
     ), measures AS (
       SELECT 'mds' AS source, q.code, q.period, q.average AS score, q.average_footnote AS footnote,
         NULL::float8 AS observed, NULL::float8 AS expected, array_lower(q.scores, 1) AS first,
         NULL::text AS periods, q.scores::text AS scores, q.footnotes::text AS footnotes
       FROM quality_mds q WHERE q.ccn = $1
       UNION ALL
       SELECT 'claims', q.code, q.period, q.adjusted[p], q.footnotes[p], q.observed[p], q.expected[p], 1,
         q.periods::text, q.adjusted::text, q.footnotes::text
       FROM quality_claims q CROSS JOIN LATERAL array_position(q.periods, q.period) AS p WHERE q.ccn = $1
     )
     SELECT s.source, s.code, m.description, m.resident_type, m.is_used_in_rating, s.period, s.score, s.footnote,
       s.observed, s.expected, s.first, s.periods, s.scores, s.footnotes,
       avg.state_value AS cms_state, avg.national_value AS cms_national, avg.code IS NOT NULL AS has_cms,
       product.state_value AS product_state, product.national_value AS product_national
     FROM measures s
     JOIN quality_measure m ON m.source = s.source AND m.code = s.code AND m.period = s.period
     LEFT JOIN avg ON avg.code = s.code
     LEFT JOIN product ON product.source = s.source AND product.code = s.code
     WHERE m.release_date = CASE s.source WHEN 'mds' THEN $3::date ELSE $4::date END
     ORDER BY m.resident_type DESC, s.source DESC, s.code`,
    [ccn, state, releases?.mds ?? null, releases?.claims ?? null],
  );
  const measures = rows.map((row): QualityMeasure => {
    const isMds = row.source === "mds";
    const scores = arrayElements(row.scores);
    const footnotes = arrayElements(row.footnotes);
    const periods = row.periods === null ? null : arrayElements(row.periods);
    const points: [number | string, number | null, number | null][] = [];
    scores.forEach((score, index) => {
      const footnote = footnotes[index];
      // An MDS quarter no release reported (a gap between two that were) has no footnote either: it is left out.
      if (isMds && (footnote === null || footnote === undefined)) return;
      points.push([
        periods ? (periods[index] ?? "") : row.first + index,
        score === null ? null : Number(score),
        footnote === null || footnote === undefined ? null : Number(footnote),
      ]);
    });
    if (!isMds) points.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const history = points.map(([period, score]) => ({
      period: typeof period === "number" ? quarterName(period) : period,
      score,
    }));
    const periodQuarters = new Set(isMds ? (quartersOfPeriod(row.period) ?? []) : []);
    return {
      code: row.code,
      description: row.description,
      residentType: row.resident_type,
      source: row.source,
      usedInRating: row.is_used_in_rating ?? false,
      period: row.period,
      score: row.score,
      observed: isMds ? null : row.observed,
      expected: isMds ? null : row.expected,
      quarters: isMds
        ? points
            .filter(([period]) => typeof period === "number" && periodQuarters.has(quarterName(period)))
            .map(([period, score, footnote]) => ({
              quarter: quarterName(period as number),
              score,
              footnote: footnoteText(footnote === 0 ? null : footnote),
            }))
        : [],
      footnote: footnoteText(row.footnote === 0 ? null : row.footnote),
      state: row.has_cms ? row.cms_state : row.product_state,
      national: row.has_cms ? row.cms_national : row.product_national,
      averagesSource: row.has_cms ? "cms" : "product",
      betterWhen: betterWhenOf(row.code, row.description),
      history,
    };
  });
  return {
    processingDate: releases?.date ?? null,
    averagesProcessingDate: releases?.averages ?? null,
    measures,
    footnote:
      measures.length > 0
        ? null
        : releases?.date
          ? "CMS's newest quality measure files report no measures for this facility (a facility newly certified, or without residents to measure, has none)."
          : "No quality measure files are loaded yet.",
  };
}

/**
 * The elements of a one-dimensional array as PostgreSQL writes it (`{1.5,NULL,3}`, `[8100:8103]={...}`), as texts
 * (null for NULL). The arrays read here hold numbers and periods (`2025-01-01/2025-12-31`), which are never quoted.
 */
function arrayElements(text: string): (string | null)[] {
  const body = text.slice(text.indexOf("{") + 1, text.lastIndexOf("}"));
  if (body === "") return [];
  return body.split(",").map((element) => (element === "NULL" ? null : element.replace(/^"|"$/g, "")));
}
