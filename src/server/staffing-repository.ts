// The SQL of a facility's staffing figures (GET /api/facilities/{ccn}/staffing, docs/api.md): the figures in force
// at the facility's release, its history over every release loaded (staffing_period, migration 0024), and the
// state's and nation's averages.
import { footnoteText } from "../core/footnotes.ts";
import type { CmsAverages } from "../core/quality-measures.ts";
import {
  type AveragesSource,
  STAFFING_FIGURES,
  STAFFING_KEYS,
  type StaffingAverages,
  type StaffingFigure,
  type StaffingKey,
} from "../core/staffing.ts";
import type { Queryable } from "../db/client.ts";
import { STAFFING_COLUMNS, staffingInForce } from "../db/staffing-columns.ts";
import { type CmsAveragesOfRelease, readCmsAverages } from "./quality-repository.ts";

/** CMS's State/US averages of the newest release, keyed like the figures (null where CMS publishes none). */
function staffingOf(averages: CmsAverages | null): StaffingAverages | null {
  if (averages === null) return null;
  return Object.fromEntries(STAFFING_KEYS.map((key) => [key, averages[key] ?? null])) as StaffingAverages;
}

const NO_AVERAGES: StaffingAverages = Object.fromEntries(STAFFING_KEYS.map((key) => [key, null])) as Record<
  StaffingKey,
  null
>;

/** A stored averages text (staffing_average.body) as averages keyed like the figures. */
function parseAverages(body: string | null): StaffingAverages {
  if (body === null) return NO_AVERAGES;
  const parsed = JSON.parse(body) as Partial<Record<StaffingKey, number | null>>;
  return Object.fromEntries(STAFFING_KEYS.map((key) => [key, parsed[key] ?? null])) as StaffingAverages;
}

export interface StaffingAveragesOfScopes {
  state: StaffingAverages;
  national: StaffingAverages;
  source: Record<StaffingKey, AveragesSource>;
}

/**
 * The averages the answer shows: CMS's where it publishes the figure, else the product's own mean over the current
 * facilities. The one place where the two sources meet.
 */
async function averagesOf(
  db: Queryable,
  state: string | null,
  product: { state: StaffingAverages; national: StaffingAverages },
): Promise<StaffingAveragesOfScopes> {
  return mergeStaffingAverages(await readCmsAverages(db, state), product);
}

/** CMS's averages (readCmsAverages) where it publishes a figure, else the product's own. */
export function mergeStaffingAverages(
  cms: CmsAveragesOfRelease,
  product: { state: StaffingAverages; national: StaffingAverages },
): StaffingAveragesOfScopes {
  const cmsState = staffingOf(cms.state);
  const cmsNational = staffingOf(cms.national);
  const pick = (cms: StaffingAverages | null, own: StaffingAverages, key: StaffingKey) =>
    cms?.[key] ?? own[key];
  return {
    state: Object.fromEntries(
      STAFFING_KEYS.map((key) => [key, pick(cmsState, product.state, key)]),
    ) as StaffingAverages,
    national: Object.fromEntries(
      STAFFING_KEYS.map((key) => [key, pick(cmsNational, product.national, key)]),
    ) as StaffingAverages,
    // CMS publishes a figure's state and national averages together (columns of one file).
    source: Object.fromEntries(
      STAFFING_KEYS.map((key) => [key, cmsNational?.[key] != null ? "cms" : "product"]),
    ) as Record<StaffingKey, AveragesSource>,
  };
}

/**
 * The product's own averages of every figure over the current facilities, for `state` (none when null or unknown)
 * and the nation, as stored at publication (staffing_average).
 */
export async function readProductStaffingAverages(
  db: Queryable,
  state: string | null,
): Promise<{ state: StaffingAverages; national: StaffingAverages }> {
  const rows = await db.query<{ scope: string; body: string }>(
    "SELECT scope, body FROM staffing_average WHERE scope = 'national' OR scope = $1",
    [state ?? "national"],
  );
  const bodyOf = (scope: string) => rows.find((row) => row.scope === scope)?.body ?? null;
  return {
    state: state === null ? NO_AVERAGES : parseAverages(bodyOf(state)),
    national: parseAverages(bodyOf("national")),
  };
}

const HISTORY_FIELDS = STAFFING_COLUMNS.map(({ key, value }) => `p.${value} AS "${key}"`).join(", ");

type StaffingRow = {
  state: string | null;
  processingDate: string;
  current: string | null;
  stateAverages: string | null;
  nationalAverages: string | null;
  history: string | null;
};

/**
 * The answer's JSON text for a facility: a current facility's figures at its release, or a facility no longer
 * listed at its last release (no state averages then: its state is not known); null for a CCN in neither.
 */
export async function getFacilityStaffing(db: Queryable, ccn: string): Promise<string | null> {
  const [row] = await db.query<StaffingRow>(
    // The history joins the facility's few rows (one per change, about 17 over 100 releases) to its snapshots by
    // date range: one read of each, where a probe per release took several times longer.
    `WITH periods AS MATERIALIZED (
       SELECT p.*, lead(p.from_date) OVER (ORDER BY p.from_date) AS until
       FROM staffing_period p WHERE p.ccn = $1
     ),
     target AS (
       SELECT f.state, f.processing_date AS date FROM facility f WHERE f.ccn = $1
       UNION ALL
       SELECT NULL, max(s.processing_date) FROM rating_snapshot s
       WHERE s.ccn = $1 AND NOT EXISTS (SELECT 1 FROM facility WHERE ccn = $1)
         AND NOT EXISTS (SELECT 1 FROM staged_month m WHERE m.processing_date = s.processing_date)
       HAVING max(s.processing_date) IS NOT NULL
     )
     SELECT t.state, to_char(t.date, 'YYYY-MM-DD') AS "processingDate",
       (SELECT row_to_json(p)::text FROM ${staffingInForce("$1", "t.date")} p) AS current,
       (SELECT body FROM staffing_average WHERE scope = t.state) AS "stateAverages",
       (SELECT body FROM staffing_average WHERE scope = 'national') AS "nationalAverages",
       (SELECT json_agg(h ORDER BY h."processingDate")::text FROM (
          SELECT to_char(s.processing_date, 'YYYY-MM-DD') AS "processingDate", ${HISTORY_FIELDS}
          FROM rating_snapshot s
          LEFT JOIN periods p ON p.from_date <= s.processing_date
            AND (p.until IS NULL OR s.processing_date < p.until)
          -- A month a load has written but not yet published is not served (as in the rating history).
          WHERE s.ccn = $1 AND NOT EXISTS (SELECT 1 FROM staged_month m WHERE m.processing_date = s.processing_date)
        ) h) AS history
     FROM target t`,
    [ccn],
  );
  if (!row) return null;
  const current = (row.current ? JSON.parse(row.current) : {}) as Record<string, number | null>;
  const averages = await averagesOf(db, row.state, {
    state: row.state === null ? NO_AVERAGES : parseAverages(row.stateAverages),
    national: parseAverages(row.nationalAverages),
  });
  const figures = STAFFING_FIGURES.map((spec, index): StaffingFigure => {
    const columns = STAFFING_COLUMNS[index];
    if (columns?.key !== spec.key) throw new Error(`staffing columns out of order at ${spec.key}`);
    const read = (column: string | null) => (column === null ? null : (current[column] ?? null));
    return {
      key: spec.key,
      label: spec.label,
      unit: spec.unit,
      value: read(columns.value),
      caseMix: read(columns.caseMix),
      adjusted: read(columns.adjusted),
      footnote: footnoteText(read(columns.footnote)),
      state: averages.state[spec.key],
      national: averages.national[spec.key],
      averagesSource: averages.source[spec.key],
    };
  });
  return `{"processingDate":${JSON.stringify(row.processingDate)},"figures":${JSON.stringify(figures)},"history":${row.history ?? "[]"}}`;
}
