// All SQL the API runs. Each read is an indexed query over the tables the ingest prepared; rows come back
// already in the API's camelCase shape.
import { METRIC_COLUMN } from "../core/alert-metrics.ts";
import type {
  AlertWithCcn,
  DataSource,
  FacilityDetail,
  FacilityListItem,
  FacilityListResponse,
  FacilityQuery,
  Meta,
  RatingSnapshot,
  Summary,
} from "../core/api-types.ts";
import type { AlertPeriod } from "../core/constants.ts";
import type { Queryable } from "../db/client.ts";

// Residents per day are rounded half up (52.5 -> 53), as the spec's "rounded to an integer" reads.
const LIST_COLUMNS = `
  f.ccn,
  f.provider_name AS "providerName",
  f.city,
  f.state,
  f.overall_rating AS "overallRating",
  f.health_inspection_rating AS "healthInspectionRating",
  f.staffing_rating AS "staffingRating",
  f.qm_rating AS "qmRating",
  floor(f.average_residents_per_day + 0.5)::integer AS "averageResidentsPerDay",
  f.health_deficiency_score AS "healthDeficiencyScore",
  f.affiliated_entity_name AS "affiliatedEntityName"`;

const ALERT_METRICS = [
  "overall",
  "health_inspection",
  "staffing",
  "qm",
  "long_stay_qm",
  "short_stay_qm",
] as const;
const CAMEL: Record<(typeof ALERT_METRICS)[number], string> = {
  overall: "Overall",
  health_inspection: "HealthInspection",
  staffing: "Staffing",
  qm: "Qm",
  long_stay_qm: "LongStayQm",
  short_stay_qm: "ShortStayQm",
};

/** The rating_alert columns of a ratingAlert, from the table aliased `alias`. */
function alertColumns(alias: string): string {
  return [
    `to_char(${alias}.latest_date, 'YYYY-MM-DD') AS "latestDate"`,
    `to_char(${alias}.previous_date, 'YYYY-MM-DD') AS "previousDate"`,
    ...ALERT_METRICS.flatMap((metric) => {
      const camel = CAMEL[metric];
      const stem = camel.charAt(0).toLowerCase() + camel.slice(1);
      return [
        `${alias}.${metric}_diff AS "${stem}Diff"`,
        `${alias}.previous_${metric} AS "previous${camel}"`,
        `${alias}.latest_${metric} AS "latest${camel}"`,
      ];
    }),
  ].join(",\n  ");
}

/** Escapes LIKE wildcards so a search for '100%' matches the text '100%'. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

interface FilterSql {
  from: string;
  where: string;
  params: unknown[];
}

function filterSql(query: FacilityQuery, withAlerts: boolean): FilterSql {
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions: string[] = [];
  if (query.search) {
    const pattern = add(likePattern(query.search));
    conditions.push(
      `(lower(f.provider_name) LIKE ${pattern} OR lower(f.affiliated_entity_name) LIKE ${pattern})`,
    );
  }
  if (query.rating != null) conditions.push(`f.overall_rating >= ${add(query.rating)}`);
  if (query.states.length) conditions.push(`f.state = ANY(${add(query.states)}::text[])`);
  if (query.entities.length)
    conditions.push(`f.affiliated_entity_name = ANY(${add(query.entities)}::text[])`);
  if (query.ccns) conditions.push(`f.ccn = ANY(${add(query.ccns)}::text[])`);
  let from = "facility f";
  if (withAlerts) {
    // The alert rows carry the facility's list columns (computed at ingest): the changed facilities are read
    // through the index on the metric's |diff|, without a join.
    const metric = METRIC_COLUMN[query.alertMetric];
    from = "rating_alert f";
    conditions.unshift(
      `f.period = ${add(query.alertPeriod)}`,
      `f.abs_${metric}_diff >= ${add(query.alertThreshold)}`,
      "f.is_current",
    );
  }
  return { from, where: conditions.length ? `WHERE ${conditions.join(" AND ")}` : "", params };
}

type SummaryRow = Summary;

/**
 * The summary of a view filtered only by rating, states and entities, added up from the sums the ingest keeps per
 * (entity,) state and rating; other views (search, favourites, alerts) aggregate their rows.
 */
function cubeSummarySql(query: FacilityQuery): { sql: string; params: unknown[] } | null {
  if (query.search || query.ccns || query.alertEnabled) return null;
  const params: unknown[] = [query.entities.length > 0];
  const conditions = ["by_entity = $1"];
  if (query.entities.length) {
    params.push(query.entities);
    conditions.push(`affiliated_entity_name = ANY($${params.length}::text[])`);
  }
  if (query.states.length) {
    params.push(query.states);
    conditions.push(`state = ANY($${params.length}::text[])`);
  }
  if (query.rating != null) {
    params.push(query.rating);
    conditions.push(`overall_rating >= $${params.length}`);
  }
  return {
    sql: `SELECT coalesce(sum(facilities), 0)::integer AS "totalFacilities",
            coalesce(sum(residents), 0)::bigint AS "totalResidents",
            (sum(rating_sum)::float8 / nullif(sum(rated), 0)) AS "averageRating",
            (sum(score_sum) / nullif(sum(scored), 0))::float8 AS "averageDeficiencyScore"
          FROM facility_summary WHERE ${conditions.join(" AND ")}`,
    params,
  };
}

type AlertRow = FacilityListItem & Record<string, unknown>;

function splitAlert(row: AlertRow, metric: string): FacilityListItem {
  const { latestDate, previousDate, ...rest } = row;
  const alert: Record<string, unknown> = { ratingMetric: metric, latestDate, previousDate };
  const item: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (/^(previous|latest)[A-Z]|Diff$/.test(key)) alert[key] = value;
    else item[key] = value;
  }
  return { ...(item as FacilityListItem), ratingAlert: alert as FacilityListItem["ratingAlert"] };
}

export async function listFacilities(
  db: Queryable,
  query: FacilityQuery,
  withAlerts = query.alertEnabled,
): Promise<FacilityListResponse> {
  if (query.ccns && query.ccns.length === 0) {
    return {
      data: [],
      totalCount: 0,
      summary: { totalFacilities: 0, totalResidents: 0, averageRating: null, averageDeficiencyScore: null },
    };
  }
  const { from, where, params } = filterSql(query, withAlerts);
  const offset = (query.page - 1) * query.pageSize;
  const columns = `${LIST_COLUMNS}${withAlerts ? `,\n  ${alertColumns("f")}` : ""}`;
  const page = (extra: string) =>
    db.query<AlertRow>(
      `SELECT ${columns}${extra}
       FROM ${from} ${where}
       ORDER BY f.provider_name, f.ccn
       LIMIT ${query.pageSize} OFFSET ${offset}`,
      params,
    );
  const aggregate = () =>
    db.query<SummaryRow>(
      `SELECT count(*)::integer AS "totalFacilities",
         coalesce(sum(floor(f.average_residents_per_day + 0.5)), 0)::bigint AS "totalResidents",
         avg(f.overall_rating)::float8 AS "averageRating",
         avg(f.health_deficiency_score)::float8 AS "averageDeficiencyScore"
       FROM ${from} ${where}`,
      params,
    );

  let rows: AlertRow[];
  let summary: Summary | undefined;
  const cube = withAlerts ? null : cubeSummarySql(query);
  const isPlainAlertView =
    withAlerts &&
    !query.search &&
    query.rating == null &&
    !query.states.length &&
    !query.entities.length &&
    !query.ccns;
  if (isPlainAlertView) {
    // Alerts on and nothing else: the order and the summary were computed at ingest (alert_rank, alert_summary).
    const view = [query.alertPeriod, METRIC_COLUMN[query.alertMetric], query.alertThreshold];
    const [pageRows, summaryRows] = await Promise.all([
      db.query<AlertRow>(
        `SELECT ${columns}
         FROM alert_rank r JOIN rating_alert f ON f.period = r.period AND f.ccn = r.ccn
         WHERE r.period = $1 AND r.metric = $2 AND r.threshold = $3
         ORDER BY r.provider_name, r.ccn
         LIMIT ${query.pageSize} OFFSET ${offset}`,
        view,
      ),
      db.query<SummaryRow>(
        `SELECT facilities AS "totalFacilities", residents AS "totalResidents",
           (rating_sum::float8 / nullif(rated, 0)) AS "averageRating",
           (score_sum / nullif(scored, 0))::float8 AS "averageDeficiencyScore"
         FROM alert_summary WHERE period = $1 AND metric = $2 AND threshold = $3`,
        view,
      ),
    ]);
    rows = pageRows;
    summary = summaryRows[0];
  } else if (cube) {
    const [pageRows, cubeRows] = await Promise.all([page(""), db.query<SummaryRow>(cube.sql, cube.params)]);
    rows = pageRows;
    summary = cubeRows[0];
  } else {
    // One pass over the filtered rows gives both the page and, as window aggregates, the summary.
    const withTotals = await page(`,
      count(*) OVER ()::integer AS "_totalFacilities",
      coalesce(sum(floor(f.average_residents_per_day + 0.5)) OVER (), 0)::bigint AS "_totalResidents",
      (avg(f.overall_rating) OVER ())::float8 AS "_averageRating",
      (avg(f.health_deficiency_score) OVER ())::float8 AS "_averageDeficiencyScore"`);
    const first = withTotals[0];
    if (first) {
      summary = {
        totalFacilities: Number(first._totalFacilities),
        totalResidents: Number(first._totalResidents),
        averageRating: first._averageRating as number | null,
        averageDeficiencyScore: first._averageDeficiencyScore as number | null,
      };
    } else if (offset > 0) {
      // A page past the end has no rows to carry the totals.
      summary = (await aggregate())[0];
    }
    rows = withTotals.map(
      ({ _totalFacilities, _totalResidents, _averageRating, _averageDeficiencyScore, ...row }) =>
        row as AlertRow,
    );
  }
  summary ??= { totalFacilities: 0, totalResidents: 0, averageRating: null, averageDeficiencyScore: null };
  const data = withAlerts ? rows.map((row) => splitAlert(row, query.alertMetric)) : rows;
  return { data, totalCount: summary.totalFacilities, summary };
}

export async function getFacility(db: Queryable, ccn: string): Promise<FacilityDetail | null> {
  const rows = await db.query<FacilityDetail>(
    `SELECT ${LIST_COLUMNS},
       f.total_weighted_health_survey_score AS "totalWeightedHealthSurveyScore",
       f.substantiated_complaints AS "substantiatedComplaints",
       f.infection_control_citations AS "infectionControlCitations",
       f.fines_total_dollars AS "finesTotalDollars",
       f.payment_denials AS "paymentDenials",
       f.rn_staffing_hours_per_resident_per_day AS "rnStaffingHoursPerResidentPerDay",
       f.total_nursing_staff_turnover AS "totalNursingStaffTurnover",
       f.administrators_left AS "administratorsLeft",
       f.certified_beds AS "certifiedBeds",
       to_char(f.processing_date, 'YYYY-MM-DD') AS "processingDate",
       f.address, f.zip, f.phone, f.county,
       f.ownership_type AS "ownershipType",
       f.latitude, f.longitude,
       f.affiliated_entity_id AS "affiliatedEntityId",
       f.long_stay_qm_rating AS "longStayQmRating",
       f.short_stay_qm_rating AS "shortStayQmRating"
     FROM facility f WHERE f.ccn = $1`,
    [ccn],
  );
  return rows[0] ?? null;
}

export function getHistory(db: Queryable, ccn: string): Promise<RatingSnapshot[]> {
  return db.query<RatingSnapshot>(
    `SELECT ccn, to_char(processing_date, 'YYYY-MM-DD') AS "processingDate",
       overall_rating AS "overallRating",
       health_inspection_rating AS "healthInspectionRating",
       qm_rating AS "qmRating",
       long_stay_qm_rating AS "longStayQmRating",
       short_stay_qm_rating AS "shortStayQmRating",
       staffing_rating AS "staffingRating"
     FROM rating_snapshot WHERE ccn = $1 ORDER BY processing_date`,
    [ccn],
  );
}

export async function listAlerts(
  db: Queryable,
  period: AlertPeriod,
  ccns: string[] | null,
): Promise<AlertWithCcn[]> {
  if (ccns && ccns.length === 0) return [];
  const rows = await db.query<AlertRow & { ccn: string }>(
    `SELECT a.ccn, ${alertColumns("a")} FROM rating_alert a
     WHERE a.period = $1 ${ccns ? "AND a.ccn = ANY($2::text[])" : ""}
     ORDER BY a.ccn`,
    ccns ? [period, ccns] : [period],
  );
  return rows.map((row) => ({ ...row, ratingMetric: "Overall Rating" }) as unknown as AlertWithCcn);
}

export async function listStates(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ state: string }>("SELECT state FROM state_lu ORDER BY state");
  return rows.map((row) => row.state);
}

export async function listEntities(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    "SELECT affiliated_entity_name AS name FROM affiliated_entity_name_lu ORDER BY affiliated_entity_name",
  );
  return rows.map((row) => row.name);
}

export async function readDataVersion(db: Queryable): Promise<string> {
  const [row] = await db.query<{ version: string }>(
    `SELECT data_version || '.' || derived_version || '.' || floor(extract(epoch FROM updated_at) * 1000)::bigint
       AS version FROM app_state`,
  );
  return row?.version ?? "0";
}

export async function readMeta(db: Queryable): Promise<Meta> {
  const [dates, counts, source, dataVersion, facilities] = await Promise.all([
    db.query<{ date: string }>(
      "SELECT DISTINCT to_char(processing_date, 'YYYY-MM-DD') AS date FROM release ORDER BY date",
    ),
    db.query<{ facilities: number; snapshots: number }>(
      `SELECT (SELECT coalesce(sum(facilities), 0) FROM facility_summary WHERE NOT by_entity)::integer AS facilities,
              (SELECT snapshot_count FROM app_state) AS snapshots`,
    ),
    db.query<{ source: DataSource }>(
      "SELECT source FROM release ORDER BY (kind = 'provider') DESC, processing_date DESC, id DESC LIMIT 1",
    ),
    readDataVersion(db),
    db.query<{ date: string | null }>(
      "SELECT to_char(max(processing_date), 'YYYY-MM-DD') AS date FROM facility",
    ),
  ]);
  const processingDates = dates.map((row) => row.date);
  return {
    source: source[0]?.source ?? null,
    latestProcessingDate: processingDates.at(-1) ?? null,
    facilitiesProcessingDate: facilities[0]?.date ?? null,
    processingDates,
    facilityCount: counts[0]?.facilities ?? 0,
    snapshotCount: counts[0]?.snapshots ?? 0,
    dataVersion,
  };
}
