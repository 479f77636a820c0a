// The SQL of the benchmarks, rating changes, affiliated entities and the CSV export (docs/api.md). Benchmarks and
// entities are stored JSON texts computed at ingest (src/ingest/derive.ts); a facility's changes come from its
// snapshots in one call of rating_changes() (migration 0007); the export reads the list's filtered view in chunks.
import type { FacilityDetail, FacilityQuery } from "../core/api-types.ts";
import type { Queryable } from "../db/client.ts";
import { listFields } from "../db/list-item.ts";
import { type DistanceFilter, detailFields, filterSql, orderBy } from "./repository.ts";

/**
 * The state's and the nation's benchmark texts; `state` is undefined when the state has no current facilities, and
 * the answer is null before the first release is loaded (the derived tables do not exist yet).
 */
export async function getBenchmarks(
  db: Queryable,
  state: string | null,
): Promise<{ national: string; state: string | null | undefined } | null> {
  const rows = await db.query<{ scope: string; body: string }>(
    "SELECT scope, body FROM benchmark WHERE scope = 'national' OR scope = $1",
    [state ?? "national"],
  );
  const national = rows.find((row) => row.scope === "national")?.body;
  // The national row exists whenever the derived tables do (it is computed over zero facilities too).
  if (national === undefined) return null;
  if (state === null) return { national, state: null };
  return { national, state: rows.find((row) => row.scope === state)?.body };
}

/** The rating changes of a facility as a JSON array text, newest first; null for an unknown CCN. */
export async function getRatingChanges(db: Queryable, ccn: string): Promise<string | null> {
  const [row] = await db.query<{ changes: string | null }>("SELECT rating_changes($1) AS changes", [ccn]);
  return row?.changes ?? null;
}

/** An affiliated entity's summary as JSON text; null when no current facility names it. */
export async function getEntity(db: Queryable, name: string): Promise<string | null> {
  const [row] = await db.query<{ body: string }>("SELECT body FROM entity_summary WHERE name = $1", [name]);
  return row?.body ?? null;
}

/**
 * An affiliated entity's monthly trend as a JSON array text, ascending; null for an unknown entity. Stored at
 * publication (entity_trend_text, migration 0021); entity_trend() computes the few not stored.
 */
export async function getEntityTrend(db: Queryable, name: string): Promise<string | null> {
  const [row] = await db.query<{ trend: string | null }>(
    "SELECT coalesce((SELECT body FROM entity_trend_text WHERE name = $1), entity_trend($1)) AS trend",
    [name],
  );
  return row?.trend ?? null;
}

/**
 * The detail's fields that repeat a list field under another name (RN hours and turnover, which the list item has
 * as rnHours and totalNurseTurnover): written once, in the list's columns.
 */
type CsvDuplicate = "rnStaffingHoursPerResidentPerDay" | "totalNursingStaffTurnover";
const CSV_DUPLICATES: ReadonlySet<string> = new Set<CsvDuplicate>([
  "rnStaffingHoursPerResidentPerDay",
  "totalNursingStaffTurnover",
]);

/** The export's column headers: every field of the detail (the list item's first), named for a spreadsheet. */
const CSV_HEADERS: Record<
  Exclude<keyof FacilityDetail, "distanceMiles" | "position" | "specialFocusHistory" | CsvDuplicate>,
  string
> = {
  ccn: "CCN",
  providerName: "Provider Name",
  city: "City/Town",
  state: "State",
  overallRating: "Overall Rating",
  healthInspectionRating: "Health Inspection Rating",
  staffingRating: "Staffing Rating",
  qmRating: "QM Rating",
  averageResidentsPerDay: "Average Number of Residents per Day",
  healthDeficiencyScore: "Rating Cycle 1 Health Deficiency Score",
  affiliatedEntityName: "Affiliated Entity Name",
  citationsMinimalHarm: "Citations in 3 Years: No Actual Harm, Potential for Minimal Harm (A-C)",
  citationsPotentialHarm: "Citations in 3 Years: No Actual Harm, Potential for More Than Minimal Harm (D-F)",
  citationsActualHarm: "Citations in 3 Years: Actual Harm (G-I)",
  citationsImmediateJeopardy: "Citations in 3 Years: Immediate Jeopardy (J-L)",
  mostSevereCitation: "Most Severe Citation in 3 Years (Scope/Severity)",
  abuse: "Abuse (Abuse Icon or Abuse Citation in 3 Years)",
  finesThreeYears: "Fines in 3 Years",
  fineDollarsThreeYears: "Fines in 3 Years in Dollars",
  totalNurseHours: "Reported Total Nurse Staffing Hours per Resident per Day",
  rnHours: "Reported RN Staffing Hours per Resident per Day",
  weekendTotalNurseHours: "Total number of nurse staff hours per resident per day on the weekend",
  totalNurseTurnover: "Total nursing staff turnover",
  specialFocus: "Special Focus Status",
  ownershipChanged: "Provider Changed Ownership in Last 12 Months",
  totalWeightedHealthSurveyScore: "Total Weighted Health Survey Score",
  substantiatedComplaints: "Number of Substantiated Complaints",
  complaintCitationsThreeYears: "Complaint Citations in 3 Years",
  infectionControlCitations: "Number of Citations from Infection Control Inspections",
  finesTotalDollars: "Total Amount of Fines in Dollars",
  paymentDenials: "Number of Payment Denials",
  administratorsLeft: "Number of administrators who have left the nursing home",
  certifiedBeds: "Number of Certified Beds",
  processingDate: "Processing Date",
  address: "Address",
  zip: "ZIP Code",
  phone: "Telephone Number",
  county: "County/Parish",
  ownershipType: "Ownership Type",
  latitude: "Latitude",
  longitude: "Longitude",
  affiliatedEntityId: "Affiliated Entity ID",
  longStayQmRating: "Long-Stay QM Rating",
  shortStayQmRating: "Short-Stay QM Rating",
  legalBusinessName: "Legal Business Name",
  firstApprovedDate: "Date First Approved to Provide Medicare and Medicaid Services",
  continuingCareRetirementCommunity: "Continuing Care Retirement Community",
  residesInHospital: "Provider Resides in Hospital",
  residentFamilyCouncil: "With a Resident and Family Council",
  automaticSprinklerSystems: "Automatic Sprinkler Systems in All Required Areas",
  healthInspectionOverTwoYearsAgo: "Most Recent Health Inspection More Than 2 Years Ago",
};

/** The export's flags, written Y or N as CMS's files write them. */
const CSV_FLAGS: ReadonlySet<string> = new Set([
  "abuse",
  "ownershipChanged",
  "continuingCareRetirementCommunity",
  "residesInHospital",
  "healthInspectionOverTwoYearsAgo",
]);

/**
 * The export's columns in order: [API field, SQL over the facility row `d`]. CCN and name come first (the cursor).
 * A flag is written Y or N, and the special focus status SFF or SFF Candidate, as CMS's files write them.
 */
const CSV_COLUMNS = [
  ...listFields("d"),
  ...detailFields("d").filter(([field]) => !CSV_DUPLICATES.has(field)),
].map(([field, sql]) =>
  CSV_FLAGS.has(field)
    ? [field, `CASE ${sql} WHEN true THEN 'Y' WHEN false THEN 'N' END`]
    : field === "specialFocus"
      ? [field, `CASE ${sql} WHEN 'sff' THEN 'SFF' WHEN 'candidate' THEN 'SFF Candidate' END`]
      : [field, sql],
) as [keyof typeof CSV_HEADERS, string][];

export const CSV_HEADER_ROW: string[] = CSV_COLUMNS.map(([field]) => CSV_HEADERS[field]);

/** A cell of the export: text, a number or empty. */
export type CsvCell = string | number | null;

/** The header of a view filtered by `near`: a distance column after the list's. */
export function csvHeaderRow(withDistance: boolean): string[] {
  return withDistance ? [...CSV_HEADER_ROW, "Distance (mi)"] : CSV_HEADER_ROW;
}

/**
 * Where the next chunk of an export starts: after this facility in the list's order (its sort key when the list is
 * not ordered by name, then name, then CCN).
 */
export interface CsvCursor {
  sortKey: number | null;
  providerName: string;
  ccn: string;
}

/** A chunk of the export: its rows (cells in csvHeaderRow's order) and the cursor after its last row. */
export interface CsvChunk {
  rows: CsvCell[][];
  next: CsvCursor | null;
}

/**
 * One chunk of the export of a filtered view: up to `limit` facilities after `cursor`, in the list's order. Keyset
 * reads (by the sort key, name and CCN) cost the same at any depth.
 */
export async function readCsvChunk(
  db: Queryable,
  query: FacilityQuery,
  near: DistanceFilter | null,
  cursor: CsvCursor | null,
  limit: number,
): Promise<CsvChunk> {
  if (query.ccns && query.ccns.length === 0) return { rows: [], next: null };
  const filter = filterSql(query, query.alertEnabled, near);
  const { from, params } = filter;
  const conditions = filter.where ? [filter.where.replace(/^WHERE /, "")] : [];
  if (cursor) {
    const keys = filter.sortKey === null ? [] : [filter.sortKey];
    const values = filter.sortKey === null ? [] : [cursor.sortKey];
    params.push(...values, cursor.providerName, cursor.ccn);
    const placeholders = [...values, cursor.providerName, cursor.ccn].map(
      (_, index, all) => `$${params.length - all.length + index + 1}`,
    );
    conditions.push(`(${[...keys, "f.provider_name", "f.ccn"].join(", ")}) > (${placeholders.join(", ")})`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(" AND ")}` : "";
  const order = `ORDER BY ${orderBy(filter)}`;
  const sortKey = filter.sortKey ?? "NULL::float8";
  // The facilities themselves when no alert filter applies (a third faster than joining them back); the alert
  // rows carry only the list columns, so their facilities are joined.
  const rowsOf = query.alertEnabled
    ? `(SELECT d.*, f.sort_key, f.distance FROM (
          SELECT f.ccn, ${sortKey} AS sort_key, ${filter.distance} AS distance FROM ${from} ${where} ${order}
          LIMIT ${Math.trunc(limit)}
        ) f JOIN facility d ON d.ccn = f.ccn) d`
    : `(SELECT f.*, ${sortKey} AS sort_key, ${filter.distance} AS distance FROM ${from} ${where} ${order}
        LIMIT ${Math.trunc(limit)}) d`;
  const cells = CSV_COLUMNS.map(([, sql]) => sql);
  if (near) cells.push("round(d.distance::numeric, 1)::float8");
  const [row] = await db.query<{ rows: string | null; last: string | null }>(
    `SELECT json_agg(json_build_array(${cells.join(", ")}) ORDER BY d.sort_key, d.provider_name, d.ccn)::text AS rows,
       (array_agg(json_build_object('sortKey', d.sort_key, 'providerName', d.provider_name, 'ccn', d.ccn)::text
         ORDER BY d.sort_key DESC NULLS LAST, d.provider_name DESC, d.ccn DESC))[1] AS last
     FROM ${rowsOf}`,
    params,
  );
  if (!row?.rows) return { rows: [], next: null };
  return {
    rows: JSON.parse(row.rows) as CsvCell[][],
    next: row.last ? (JSON.parse(row.last) as CsvCursor) : null,
  };
}

/** The processing date of the listed facilities' release (for the export's file name); null when there are none. */
export async function facilitiesDate(db: Queryable): Promise<string | null> {
  const [row] = await db.query<{ date: string | null }>(
    "SELECT to_char(max(processing_date), 'YYYY-MM-DD') AS date FROM facility",
  );
  return row?.date ?? null;
}
