// Writes one parsed release: its rating snapshots (served once the release is published, see stage.ts) and, for
// the newest Provider Information release, the next facility table. Each step is one short statement or
// transaction; a file that fails leaves nothing of itself behind.
import type { DataSource } from "../core/api-types.ts";
import { arrayLiteral } from "../db/array-literal.ts";
import type { Queryable } from "../db/client.ts";
import type { FieldName } from "./layout.ts";
import type { CellValue, ParsedRelease } from "./parse-release.ts";
import { POSITION_COLUMNS, POSITION_JOINS, POSITION_VALUES } from "./positions.ts";
import { createNext } from "./stage.ts";

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
  ["total_nurse_hours", "totalNurseHours", "double precision"],
  ["weekend_total_nurse_hours", "weekendTotalNurseHours", "double precision"],
  ["administrators_left", "administratorsLeft", "integer"],
  ["abuse_icon", "abuseIcon", "boolean"],
  ["legal_business_name", "legalBusinessName", "text"],
  ["first_approved_date", "firstApprovedDate", "date"],
  ["is_ccrc", "isCcrc", "boolean"],
  ["is_in_hospital", "isInHospital", "boolean"],
  ["special_focus", "specialFocus", "text"],
  ["is_inspection_over_two_years", "isInspectionOverTwoYears", "boolean"],
  ["ownership_changed", "ownershipChanged", "boolean"],
  ["resident_family_council", "residentFamilyCouncil", "text"],
  ["sprinkler_status", "sprinklerStatus", "text"],
  ["affiliated_entity_name", "affiliatedEntityName", "text"],
  ["affiliated_entity_id", "affiliatedEntityId", "text"],
  ["latitude", "latitude", "double precision"],
  ["longitude", "longitude", "double precision"],
];

function column(release: ParsedRelease, field: FieldName): CellValue[] {
  return release.fields[field] ?? new Array<CellValue>(release.rowCount).fill(null);
}

/** Writes the release's snapshots; a month that already has rows (an earlier file of it) is updated instead. */
export async function insertSnapshots(tx: Queryable, release: ParsedRelease): Promise<void> {
  const arrays = release.snapshotArrays;
  const present = SNAPSHOT_COLUMNS.filter(([, field]) => (arrays ?? release.fields)[field] !== undefined);
  const arrayOf = (field: FieldName) => arrays?.[field] ?? arrayLiteral(column(release, field));
  const columns = present.map(([name]) => name);
  const casts = present.map((_, index) => `$${index + 3}::smallint[]`);
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
     FROM unnest($1::text[]${casts.map((cast) => `, ${cast}`).join("")}) AS t(ccn${columns.map((name) => `, ${name}`).join("")})
     ${onConflict}`,
    [arrayOf("ccn"), release.processingDate, ...present.map(([, field]) => arrayOf(field))],
  );
}

/** Rows of the facility table written per statement, so that no statement holds the database for long. */
const FACILITY_CHUNK = 4000;

/**
 * Writes the rows of `facility_next` from a Provider Information release, without their list items and indexes:
 * the publication (stageDerived in derive.ts) rebuilds them with their inspection figures and items, then builds
 * the indexes (building the trigram indexes once is several times faster than filling them row by row).
 */
export async function stageFacilities(
  db: Queryable,
  release: ParsedRelease,
  afterEach: () => Promise<void> = async () => {},
): Promise<void> {
  const table = await createNext(db, "facility");
  const names = FACILITY_COLUMNS.map(([name]) => name);
  for (let start = 0; start < release.rowCount; start += FACILITY_CHUNK) {
    const end = Math.min(release.rowCount, start + FACILITY_CHUNK);
    await db.query(
      `INSERT INTO ${table} (${names.join(", ")}, processing_date, ${POSITION_COLUMNS.join(", ")})
       SELECT f.*, $${FACILITY_COLUMNS.length + 1}::date, ${POSITION_VALUES.join(", ")}
       FROM unnest(${FACILITY_COLUMNS.map(([, , type], index) => `$${index + 1}::${type}[]`).join(", ")})
         AS f(${names.join(", ")})
       ${POSITION_JOINS}`,
      [
        ...FACILITY_COLUMNS.map(([, field]) => arrayLiteral(column(release, field).slice(start, end))),
        release.processingDate,
      ],
    );
    await afterEach();
  }
}

/** The release row, written by the publishing transaction. */
export interface ReleaseRecord {
  processingDate: string;
  kind: ParsedRelease["kind"];
  source: DataSource;
  fileName: string;
  checksum: string;
  rowCount: number;
  durationMs: number;
}

export function releaseRecord(release: ParsedRelease, source: DataSource, startedAt: number): ReleaseRecord {
  return {
    processingDate: release.processingDate,
    kind: release.kind,
    source,
    fileName: release.fileName,
    checksum: release.checksum,
    rowCount: release.rowCount,
    durationMs: Math.round(performance.now() - startedAt),
  };
}

export async function insertReleaseRecord(tx: Queryable, record: ReleaseRecord): Promise<void> {
  await tx.query(
    `INSERT INTO release (processing_date, kind, source, file_name, checksum, row_count, duration_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      record.processingDate,
      record.kind,
      record.source,
      record.fileName,
      record.checksum,
      record.rowCount,
      record.durationMs,
    ],
  );
}
