// All SQL the API runs. Each read is an indexed query over the tables the ingest prepared; rows come back
// already in the API's camelCase shape.
import { METRIC_COLUMN } from "../core/alert-metrics.ts";
import { effectiveSort } from "../core/api-query.ts";
import type {
  AlertWithCcn,
  DataSource,
  FacilityDetail,
  FacilityQuery,
  Meta,
  RatingSnapshot,
  Summary,
} from "../core/api-types.ts";
import type { AlertPeriod } from "../core/constants.ts";
import { HARM_FILTER_LEVEL, type HarmFilter } from "../core/inspections.ts";
import type { SffFilter } from "../core/special-focus.ts";
import type { Queryable } from "../db/client.ts";
import { alertFields, listFields, selectList } from "../db/list-item.ts";
import { RANK_COLUMNS, SORT_KEYS } from "../db/list-order.ts";
import { specialFocusHistoryField } from "./special-focus-repository.ts";

/**
 * The rows of `sql` as the database aggregates them into one JSON text, in the order `order` (over the output
 * columns, as `t."column"`): PGlite hands rows over one field at a time in JavaScript, which costs more than the
 * query for a hundred rows (see src/db/list-item.ts).
 */
/**
 * The rows of a query as one JSON array text, built by the database and sent as it is (never decoded here: all
 * alerts of a period are several MB). `_T` names the type of the rows, for readers.
 */
async function jsonRows<_T>(db: Queryable, sql: string, params: unknown[], order: string): Promise<string> {
  const [row] = await db.query<{ rows: string | null }>(
    `SELECT json_agg(t ORDER BY ${order})::text AS rows FROM (${sql}) t`,
    params,
  );
  return row?.rows ?? "[]";
}

/** Escapes LIKE wildcards so a search for '100%' matches the text '100%'. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface FilterSql {
  from: string;
  where: string;
  params: unknown[];
  /** The facility's distance in miles from the `near` place, as SQL over `f` ("NULL::float8" without a place). */
  distance: string;
  /** What the list is ordered by before name and CCN, as SQL over `f` (null when by name). */
  sortKey: string | null;
}

/** A place the API resolved (docs/api.md, "Places, distance and the map"). */
export type ResolvedPlace = {
  label: string;
  kind: "zip" | "city";
  latitude: number;
  longitude: number;
};

/** A `near` filter: the resolved place and the radius in miles. */
export interface DistanceFilter {
  place: ResolvedPlace;
  radius: number;
}

/** Miles per degree of latitude on the sphere miles_between() uses (radius 3,958.8 miles). */
const MILES_PER_DEGREE = (3958.8 * Math.PI) / 180;

/**
 * A box of latitudes and longitudes that holds the circle (widened by 1%): an index narrows the facilities to it
 * before the exact distance is computed. No longitude range when the circle reaches a pole or the 180th meridian.
 */
export function boundingBox(
  { latitude, longitude }: ResolvedPlace,
  radius: number,
): { south: number; north: number; west: number | null; east: number | null } {
  const dLat = (radius / MILES_PER_DEGREE) * 1.01;
  const south = latitude - dLat;
  const north = latitude + dLat;
  const widest = Math.max(Math.abs(south), Math.abs(north));
  if (widest >= 89) return { south, north, west: null, east: null };
  const dLon = dLat / Math.cos((widest * Math.PI) / 180);
  const west = longitude - dLon;
  const east = longitude + dLon;
  if (west < -180 || east > 180) return { south, north, west: null, east: null };
  return { south, north, west, east };
}

/** The `harm` filter over a row aliased `alias` with a `harm_level` (facility, rating_alert, facility_summary). */
function harmCondition(alias: string, harm: HarmFilter): string {
  const level = HARM_FILTER_LEVEL[harm];
  return level === 4 ? `${alias}.harm_level = 4` : `${alias}.harm_level >= ${Math.trunc(level)}`;
}

/** The `sff` filter over a row aliased `alias` with a `special_focus` (facility, rating_alert). */
function specialFocusCondition(alias: string, sff: SffFilter): string {
  return sff === "either" ? `${alias}.special_focus IS NOT NULL` : `${alias}.special_focus = '${sff}'`;
}

/**
 * The rows of a filtered view: `FROM ${from} ${where}` over a row aliased `f` that has the facility's list columns
 * (the facility, or with alerts its rating_alert row), with `near` applied when `distance` is given.
 */
export function filterSql(
  query: FacilityQuery,
  withAlerts: boolean,
  near: DistanceFilter | null = null,
): FilterSql {
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
  // Written as constants (from a closed list), so that the planner matches the partial indexes of migration 0013.
  if (query.harm) conditions.push(harmCondition("f", query.harm));
  if (query.abuse) conditions.push("f.is_abuse");
  // The facilities where one of the owners has a role now (owner_facility, derived at publication).
  if (query.owners?.length) {
    conditions.push(
      `f.ccn IN (SELECT o.ccn FROM owner_facility o WHERE o.owner_key = ANY(${add(query.owners)}::text[]))`,
    );
  }
  // Constants, so that the partial indexes of migration 0030 serve them.
  if (query.sff) conditions.push(specialFocusCondition("f", query.sff));
  if (query.ownershipChanged) conditions.push("f.ownership_changed");
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
  let distance = "NULL::float8";
  if (near) {
    const box = boundingBox(near.place, near.radius);
    const latitude = add(near.place.latitude);
    const longitude = add(near.place.longitude);
    distance = `miles_between(${latitude}::float8, ${longitude}::float8, f.position_latitude, f.position_longitude)`;
    conditions.push(`f.position_latitude BETWEEN ${add(box.south)}::float8 AND ${add(box.north)}::float8`);
    if (box.west !== null && box.east !== null) {
      conditions.push(`f.position_longitude BETWEEN ${add(box.west)}::float8 AND ${add(box.east)}::float8`);
    }
    conditions.push(`${distance} <= ${add(near.radius)}::float8`);
  }
  const sort = effectiveSort(query);
  const sortKey =
    sort === "distance" && near
      ? distance
      : sort === "rating" || sort === "nurseHours" || sort === "weekendNurseHours"
        ? SORT_KEYS[sort]
        : null;
  return {
    from,
    where: conditions.length ? `WHERE ${conditions.join(" AND ")}` : "",
    params,
    distance,
    sortKey,
  };
}

/** The ORDER BY list of a filtered view, over `alias` (the sort key selected as `sort_key` when outside `f`). */
export function orderBy(filter: FilterSql, alias = "f"): string {
  const key = filter.sortKey === null ? "" : alias === "f" ? `${filter.sortKey}, ` : `${alias}.sort_key, `;
  return `${key}${alias}.provider_name, ${alias}.ccn`;
}

/**
 * The summary of a view filtered only by rating, states, entities, harm and abuse, added up from the sums the ingest
 * keeps per (entity,) state, rating, harm level and abuse flag; other views (search, favourites, alerts, near)
 * aggregate their rows.
 */
function cubeSummarySql(query: FacilityQuery): { sql: string; params: unknown[] } | null {
  if (query.search || query.ccns || query.alertEnabled || query.near) return null;
  if (query.owners?.length || query.sff || query.ownershipChanged) return null;
  const params: unknown[] = [query.entities.length > 0];
  const conditions = ["by_entity = $1"];
  if (query.harm) conditions.push(harmCondition("facility_summary", query.harm));
  if (query.abuse) conditions.push("is_abuse");
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

const EMPTY_SUMMARY: Summary = {
  totalFacilities: 0,
  totalResidents: 0,
  averageRating: null,
  averageDeficiencyScore: null,
};

const WINDOW_TOTALS = `,
           count(*) OVER () AS total_facilities,
           coalesce(sum(floor(f.average_residents_per_day + 0.5)) OVER (), 0) AS total_residents,
           (avg(f.overall_rating) OVER ())::float8 AS average_rating,
           (avg(f.health_deficiency_score) OVER ())::float8 AS average_deficiency_score`;
const PAGE_TOTALS = `,
         min(t.total_facilities)::integer AS "totalFacilities",
         min(t.total_residents)::bigint AS "totalResidents",
         min(t.average_rating) AS "averageRating",
         min(t.average_deficiency_score) AS "averageDeficiencyScore"`;

/** A page of the facility list, as the server writes it (docs/api.md). */
export interface FacilityPage {
  /** The page's items: their JSON texts joined by commas, the inside of the response's `data` array. */
  itemsJson: string;
  summary: Summary;
}

type PageRow = { items: string | null } & Partial<Summary>;

export async function listFacilities(
  db: Queryable,
  query: FacilityQuery,
  withAlerts = query.alertEnabled,
  near: DistanceFilter | null = null,
): Promise<FacilityPage> {
  if (query.ccns && query.ccns.length === 0) return { itemsJson: "", summary: EMPTY_SUMMARY };
  const filter = filterSql(query, withAlerts, near);
  const { from, where, params } = filter;
  const offset = (query.page - 1) * query.pageSize;
  // The metric of an alert view, which its items' ratingAlert name.
  const metricJson = JSON.stringify(query.alertMetric);

  if (withAlerts && isPlainAlertView(query)) {
    // Alerts on and nothing else: the order and the summary were computed at ingest (alert_rank, alert_summary).
    const [row] = await db.query<PageRow>(
      `SELECT items, total_facilities AS "totalFacilities", total_residents AS "totalResidents",
         average_rating AS "averageRating", average_deficiency_score AS "averageDeficiencyScore"
       FROM alert_page($1, $2, $3, $4, $5, $6)`,
      [
        query.alertPeriod,
        METRIC_COLUMN[query.alertMetric],
        query.alertThreshold,
        metricJson,
        offset,
        query.pageSize,
      ],
    );
    return { itemsJson: row?.items ?? "", summary: row?.totalFacilities ? summaryOf(row) : EMPTY_SUMMARY };
  }

  // A page: its items' stored JSON texts in the list's order and, when asked, the summary of the whole filtered
  // set, computed in the same pass as window aggregates.
  const item = withAlerts ? `alert_item(t.item, $${params.length + 1})` : "t.item";
  const sortKey = filter.sortKey === null ? "" : `${filter.sortKey} AS sort_key, `;
  const page = (withTotals: boolean) =>
    db.query<PageRow>(
      `SELECT string_agg(list_item(${item}, t.distance), ',' ORDER BY ${orderBy(filter, "t")}) AS items${withTotals ? PAGE_TOTALS : ""}
       FROM (
         SELECT f.item, f.provider_name, f.ccn, ${sortKey}${filter.distance} AS distance${withTotals ? WINDOW_TOTALS : ""}
         FROM ${from} ${where}
         ORDER BY ${orderBy(filter)}
         LIMIT ${query.pageSize} OFFSET ${offset}
       ) t`,
      withAlerts ? [...params, metricJson] : params,
    );

  // The whole list, unfiltered: a page is read from its first facility's place in the order (the ranks kept at
  // publication, migration 0038), not by skipping every facility before it.
  const sort = effectiveSort(query);
  const rank = !withAlerts && !near && where === "" && sort !== "distance" ? RANK_COLUMNS[sort] : null;
  const rankedPage = () =>
    db.query<PageRow>(
      `SELECT string_agg(list_item(t.item, NULL::float8), ',' ORDER BY t.${rank}) AS items
       FROM (
         SELECT f.item, f.${rank} FROM facility f WHERE f.${rank} > $1 ORDER BY f.${rank} LIMIT ${query.pageSize}
       ) t`,
      [offset],
    );

  const cube = withAlerts ? null : cubeSummarySql(query);
  if (cube) {
    const [[row], [summary]] = await Promise.all([
      rank ? rankedPage() : page(false),
      db.query<Summary>(cube.sql, cube.params),
    ]);
    // Ranks not computed yet (a database migrated, its rows not yet rebuilt): the page is read by skipping.
    const items =
      rank && !row?.items && (summary?.totalFacilities ?? 0) > offset
        ? ((await page(false))[0]?.items ?? "")
        : (row?.items ?? "");
    return { itemsJson: items, summary: summary ?? EMPTY_SUMMARY };
  }
  const [row] = await page(true);
  if (row?.items) return { itemsJson: row.items, summary: summaryOf(row) };
  if (offset === 0) return { itemsJson: "", summary: EMPTY_SUMMARY };
  // A page past the end has no rows to carry the totals.
  const [summary] = await db.query<Summary>(
    `SELECT count(*)::integer AS "totalFacilities",
       coalesce(sum(floor(f.average_residents_per_day + 0.5)), 0)::bigint AS "totalResidents",
       avg(f.overall_rating)::float8 AS "averageRating",
       avg(f.health_deficiency_score)::float8 AS "averageDeficiencyScore"
     FROM ${from} ${where}`,
    params,
  );
  return { itemsJson: "", summary: summary ?? EMPTY_SUMMARY };
}

/** How many facilities of the view (its filters without `near`) have no position, so are left out by `near`. */
export async function countWithoutPosition(
  db: Queryable,
  query: FacilityQuery,
  withAlerts = query.alertEnabled,
): Promise<number> {
  if (query.ccns && query.ccns.length === 0) return 0;
  const { from, where, params } = filterSql(query, withAlerts);
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM ${from} ${where ? `${where} AND` : "WHERE"} f.position_latitude IS NULL`,
    params,
  );
  return row?.n ?? 0;
}

function isPlainAlertView(query: FacilityQuery): boolean {
  return (
    !query.search &&
    query.rating == null &&
    !query.states.length &&
    !query.entities.length &&
    !query.ccns &&
    !query.near &&
    !query.harm &&
    !query.abuse &&
    !query.owners?.length &&
    !query.sff &&
    !query.ownershipChanged &&
    effectiveSort(query) === "name"
  );
}

function summaryOf(row: PageRow): Summary {
  return {
    totalFacilities: Number(row.totalFacilities ?? 0),
    totalResidents: Number(row.totalResidents ?? 0),
    averageRating: row.averageRating ?? null,
    averageDeficiencyScore: row.averageDeficiencyScore ?? null,
  };
}

/** The detail's fields beyond the list item's, as [API name, SQL over a facility row aliased `alias`]. */
export function detailFields(alias: string): [string, string][] {
  return [
    ["totalWeightedHealthSurveyScore", `${alias}.total_weighted_health_survey_score`],
    ["substantiatedComplaints", `${alias}.substantiated_complaints`],
    ["complaintCitationsThreeYears", `${alias}.complaint_citations_three_years`],
    ["infectionControlCitations", `${alias}.infection_control_citations`],
    ["finesTotalDollars", `${alias}.fines_total_dollars`],
    ["paymentDenials", `${alias}.payment_denials`],
    ["rnStaffingHoursPerResidentPerDay", `${alias}.rn_staffing_hours_per_resident_per_day`],
    ["totalNursingStaffTurnover", `${alias}.total_nursing_staff_turnover`],
    ["administratorsLeft", `${alias}.administrators_left`],
    ["certifiedBeds", `${alias}.certified_beds`],
    ["processingDate", `to_char(${alias}.processing_date, 'YYYY-MM-DD')`],
    ["address", `${alias}.address`],
    ["zip", `${alias}.zip`],
    ["phone", `${alias}.phone`],
    ["county", `${alias}.county`],
    ["ownershipType", `${alias}.ownership_type`],
    ["latitude", `${alias}.latitude`],
    ["longitude", `${alias}.longitude`],
    ["affiliatedEntityId", `${alias}.affiliated_entity_id`],
    ["longStayQmRating", `${alias}.long_stay_qm_rating`],
    ["shortStayQmRating", `${alias}.short_stay_qm_rating`],
    ["legalBusinessName", `${alias}.legal_business_name`],
    ["firstApprovedDate", `to_char(${alias}.first_approved_date, 'YYYY-MM-DD')`],
    ["continuingCareRetirementCommunity", `${alias}.is_ccrc`],
    ["residesInHospital", `${alias}.is_in_hospital`],
    ["residentFamilyCouncil", `${alias}.resident_family_council`],
    ["automaticSprinklerSystems", `${alias}.sprinkler_status`],
    ["healthInspectionOverTwoYearsAgo", `${alias}.is_inspection_over_two_years`],
  ];
}

/** The detail's position: CMS's coordinates, else the ZIP code's (approximate); null when neither is known. */
const POSITION_FIELD: [string, string] = [
  "position",
  `CASE WHEN f.position_latitude IS NOT NULL THEN json_build_object('latitude', f.position_latitude,
     'longitude', f.position_longitude, 'approximate', f.position_approximate) END`,
];

export async function getFacility(db: Queryable, ccn: string): Promise<FacilityDetail | null> {
  const rows = await db.query<FacilityDetail>(
    `SELECT ${selectList([...listFields("f"), ...detailFields("f"), POSITION_FIELD, specialFocusHistoryField("f")])}
     FROM facility f WHERE f.ccn = $1`,
    [ccn],
  );
  return rows[0] ?? null;
}

export function getHistory(db: Queryable, ccn: string): Promise<string> {
  return jsonRows<RatingSnapshot>(
    db,
    `SELECT ccn, to_char(processing_date, 'YYYY-MM-DD') AS "processingDate",
       overall_rating AS "overallRating",
       health_inspection_rating AS "healthInspectionRating",
       qm_rating AS "qmRating",
       long_stay_qm_rating AS "longStayQmRating",
       short_stay_qm_rating AS "shortStayQmRating",
       staffing_rating AS "staffingRating"
     FROM rating_snapshot s
     -- A month a load has written but not yet published (listed in staged_month, see src/ingest/stage.ts) is not
     -- served. (Cheaper than a join with the releases: staged_month is empty but during a load.)
     WHERE ccn = $1 AND NOT EXISTS (SELECT 1 FROM staged_month m WHERE m.processing_date = s.processing_date)`,
    [ccn],
    't."processingDate"',
  );
}

export async function listAlerts(db: Queryable, period: AlertPeriod, ccns: string[] | null): Promise<string> {
  if (ccns && ccns.length === 0) return "[]";
  return jsonRows<AlertWithCcn>(
    db,
    `SELECT a.ccn, 'Overall Rating' AS "ratingMetric", ${selectList(alertFields("a"))} FROM rating_alert a
     WHERE a.period = $1 ${ccns ? "AND a.ccn = ANY($2::text[])" : ""}`,
    ccns ? [period, ccns] : [period],
    "t.ccn",
  );
}

/** One text column's values, in order, as a JSON array text. */
async function textColumn(db: Queryable, sql: string): Promise<string> {
  const [row] = await db.query<{ values: string | null }>(
    `SELECT json_agg(t.value ORDER BY t.value)::text AS values FROM (${sql}) t`,
  );
  return row?.values ?? "[]";
}

/** Every state with facilities, as a JSON array text. */
export function listStates(db: Queryable): Promise<string> {
  return textColumn(db, "SELECT state AS value FROM state_lu");
}

/** Every affiliated entity's name, as a JSON array text. */
export function listEntities(db: Queryable): Promise<string> {
  return textColumn(db, "SELECT affiliated_entity_name AS value FROM affiliated_entity_name_lu");
}

/**
 * Reads the tables that lists, details and alert views read, whole, so that the database holds them in its buffers
 * before visitors ask (after a start, the embedded database reads every page from its files on first use).
 */
export async function warmDatabase(db: Queryable): Promise<void> {
  await db.query(
    `SELECT (SELECT sum(octet_length(item)) FROM facility) AS facilities,
            (SELECT sum(octet_length(item)) FROM rating_alert) AS alerts,
            (SELECT count(*) FROM alert_rank) AS ranks,
            (SELECT count(*) FROM alert_summary) AS alert_summaries,
            (SELECT count(*) FROM facility_summary) AS summaries,
            (SELECT sum(octet_length(body)) FROM entity_summary) AS entities,
            (SELECT count(*) FROM entity_month) AS entity_months,
            (SELECT sum(octet_length(body)) FROM entity_trend_text) AS entity_trends,
            (SELECT count(*) FROM benchmark) AS benchmarks,
            (SELECT count(*) FROM facility_inspection) AS inspections,
            (SELECT count(*) FROM citation_count) AS citation_counts`,
  );
}

/** The data version answers are cached under, as a query of one value (src/server/points-memory.ts reads it too). */
export const DATA_VERSION_SQL = `SELECT data_version || '.' || derived_version || '.' ||
    floor(extract(epoch FROM updated_at) * 1000)::bigint AS version FROM app_state`;

export async function readDataVersion(db: Queryable): Promise<string> {
  const [row] = await db.query<{ version: string }>(DATA_VERSION_SQL);
  return row?.version ?? "0";
}

/** What the database says of its data; the server adds what it is loading and its refresh status. */
export type StoredMeta = Omit<Meta, "load" | "refresh">;

export async function readMeta(db: Queryable): Promise<StoredMeta> {
  const [datesJson, counts, source, dataVersion, facilities, window] = await Promise.all([
    textColumn(db, "SELECT DISTINCT to_char(processing_date, 'YYYY-MM-DD') AS value FROM release"),
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
    // The three years of the list's inspection figures (the same for every facility), once such a file is loaded.
    db.query<{ start: string; end: string }>(
      `SELECT to_char(window_start, 'YYYY-MM-DD') AS start, to_char(window_end, 'YYYY-MM-DD') AS end
       FROM facility_inspection WHERE EXISTS (SELECT 1 FROM inspection_release) LIMIT 1`,
    ),
  ]);
  const processingDates = JSON.parse(datesJson) as string[];
  return {
    inspectionWindow: window[0] ?? null,
    source: source[0]?.source ?? null,
    latestProcessingDate: processingDates.at(-1) ?? null,
    facilitiesProcessingDate: facilities[0]?.date ?? null,
    processingDates,
    facilityCount: counts[0]?.facilities ?? 0,
    snapshotCount: counts[0]?.snapshots ?? 0,
    dataVersion,
  };
}
