// Loads one parsed release into the database in one transaction: the release record, its rating snapshots and,
// for the newest Provider Information release, the current facilities. All or nothing.
import type { DataSource } from "../core/api-types.ts";
import type { Db, Queryable } from "../db/client.ts";
import { listItemJson } from "../db/list-item.ts";
import type { FieldName } from "./layout.ts";
import type { CellValue, ParsedRelease } from "./parse-release.ts";

export interface LoadResult {
  status: "loaded" | "unchanged";
  /** Whether this release replaced the current facilities. */
  replacedFacilities: boolean;
}

const SNAPSHOT_COLUMNS: [column: string, field: FieldName][] = [
  ["overall_rating", "overallRating"],
  ["health_inspection_rating", "healthInspectionRating"],
  ["qm_rating", "qmRating"],
  ["long_stay_qm_rating", "longStayQmRating"],
  ["short_stay_qm_rating", "shortStayQmRating"],
  ["staffing_rating", "staffingRating"],
];

const FACILITY_COLUMNS: [column: string, field: FieldName, sqlType: string][] = [
  ["ccn", "ccn", "text"],
  ["provider_name", "providerName", "text"],
  ["address", "address", "text"],
  ["city", "city", "text"],
  ["state", "state", "text"],
  ["zip", "zip", "text"],
  ["phone", "phone", "text"],
  ["county", "county", "text"],
  ["ownership_type", "ownershipType", "text"],
  ["certified_beds", "certifiedBeds", "integer"],
  ["average_residents_per_day", "averageResidentsPerDay", "double precision"],
  ["overall_rating", "overallRating", "smallint"],
  ["health_inspection_rating", "healthInspectionRating", "smallint"],
  ["qm_rating", "qmRating", "smallint"],
  ["long_stay_qm_rating", "longStayQmRating", "smallint"],
  ["short_stay_qm_rating", "shortStayQmRating", "smallint"],
  ["staffing_rating", "staffingRating", "smallint"],
  ["health_deficiency_score", "healthDeficiencyScore", "double precision"],
  ["total_weighted_health_survey_score", "totalWeightedHealthSurveyScore", "double precision"],
  ["substantiated_complaints", "substantiatedComplaints", "integer"],
  ["infection_control_citations", "infectionControlCitations", "integer"],
  ["fines_total_dollars", "finesTotalDollars", "double precision"],
  ["payment_denials", "paymentDenials", "integer"],
  ["rn_staffing_hours_per_resident_per_day", "rnStaffingHoursPerResidentPerDay", "double precision"],
  ["total_nursing_staff_turnover", "totalNursingStaffTurnover", "double precision"],
  ["administrators_left", "administratorsLeft", "integer"],
  ["affiliated_entity_name", "affiliatedEntityName", "text"],
  ["affiliated_entity_id", "affiliatedEntityId", "text"],
  ["latitude", "latitude", "double precision"],
  ["longitude", "longitude", "double precision"],
];

function column(release: ParsedRelease, field: FieldName): CellValue[] {
  return release.fields[field] ?? new Array<CellValue>(release.rowCount).fill(null);
}

async function insertSnapshots(tx: Queryable, release: ParsedRelease): Promise<void> {
  const present = SNAPSHOT_COLUMNS.filter(([, field]) => release.fields[field] !== undefined);
  const columns = present.map(([name]) => name);
  const arrays = present.map((_, index) => `$${index + 3}::smallint[]`);
  // A column the file lacks keeps what an earlier file of the same month said; one it has overwrites it. Most
  // months are new, and a plain insert is cheaper than an upsert.
  const [existing] = await tx.query<{ found: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM rating_snapshot WHERE processing_date = $1::date) AS found",
    [release.processingDate],
  );
  const onConflict = existing?.found
    ? `ON CONFLICT (ccn, processing_date) DO ${
        columns.length
          ? `UPDATE SET ${columns.map((name) => `${name} = EXCLUDED.${name}`).join(", ")}`
          : "NOTHING"
      }`
    : "";
  await tx.query(
    `INSERT INTO rating_snapshot (ccn, processing_date${columns.map((name) => `, ${name}`).join("")})
     SELECT ccn, $2::date${columns.map((name) => `, ${name}`).join("")}
     FROM unnest($1::text[]${arrays.map((array) => `, ${array}`).join("")}) AS t(ccn${columns.map((name) => `, ${name}`).join("")})
     ${onConflict}`,
    [column(release, "ccn"), release.processingDate, ...present.map(([, field]) => column(release, field))],
  );
}

/**
 * Replaces all facilities. Like any bulk load, it drops the secondary indexes first and rebuilds them from their
 * own definitions afterwards: building the trigram indexes once is several times faster than 15,000 inserts into
 * them. (On PostgreSQL, readers of the facility table wait for this transaction, about a second, once a month.)
 */
export async function replaceFacilities(tx: Queryable, release: ParsedRelease): Promise<void> {
  const indexes = await tx.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename = 'facility'
       AND i.indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'facility'::regclass)`,
  );
  for (const index of indexes) await tx.exec(`DROP INDEX ${index.name}`);
  await tx.exec("TRUNCATE facility");
  const names = FACILITY_COLUMNS.map(([name]) => name);
  await tx.query(
    `INSERT INTO facility (${names.join(", ")}, processing_date, item)
     SELECT f.*, $${FACILITY_COLUMNS.length + 1}::date, ${listItemJson("f")}
     FROM unnest(${FACILITY_COLUMNS.map(([, , type], index) => `$${index + 1}::${type}[]`).join(", ")})
       AS f(${names.join(", ")})`,
    [...FACILITY_COLUMNS.map(([, field]) => column(release, field)), release.processingDate],
  );
  for (const index of indexes) await tx.exec(index.definition);
}

export interface LoadOptions {
  source: DataSource;
  /** performance.now() when work on the file began, for the recorded duration. */
  startedAt: number;
  /**
   * The newest processing date of the Provider Information files in the same run: a file older than that would
   * replace the facilities only for a later file of the run to replace them again, so it only adds history.
   */
  newestProviderInRun?: string | null;
}

export async function loadRelease(db: Db, release: ParsedRelease, options: LoadOptions): Promise<LoadResult> {
  const { source, startedAt } = options;
  return db.transaction(async (tx) => {
    const known = await tx.query("SELECT 1 FROM release WHERE checksum = $1", [release.checksum]);
    if (known.length > 0) return { status: "unchanged", replacedFacilities: false };

    const [newest] = await tx.query<{ newest: string | null }>(
      "SELECT max(processing_date) AS newest FROM release WHERE kind = 'provider'",
    );
    const isNewestProvider =
      release.kind === "provider" &&
      (newest?.newest == null || release.processingDate >= newest.newest) &&
      (options.newestProviderInRun == null || release.processingDate >= options.newestProviderInRun);

    await insertSnapshots(tx, release);
    if (isNewestProvider) await replaceFacilities(tx, release);
    await tx.query(
      `INSERT INTO release (processing_date, kind, source, file_name, checksum, row_count, duration_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        release.processingDate,
        release.kind,
        source,
        release.fileName,
        release.checksum,
        release.rowCount,
        Math.round(performance.now() - startedAt),
      ],
    );
    await tx.exec("UPDATE app_state SET data_version = data_version + 1, updated_at = now()");
    return { status: "loaded", replacedFacilities: isNewestProvider };
  });
}
