// Writes a parsed Health Deficiencies, Fire Safety Deficiencies or Penalties file into the union of all releases
// (migrations 0012 and 0036; fire safety citations are kept in fire_citation, by the health citations' rules): the
// groups it lists that are new, or that it lists differently than an older release whose rows are kept, replace
// what is stored of them. The changed rows are staged first, in short statements; one short transaction then
// replaces the groups, records the file and bumps the data version, so that a file that fails leaves nothing.
import type { DataSource } from "../core/api-types.ts";
import { arrayLiteral } from "../db/array-literal.ts";
import type { Queryable } from "../db/client.ts";
import { type InspectionKind, isCitationKind } from "./inspection-layout.ts";
import type { CodedColumn, InspectionRelease, InspectionValue } from "./parse-inspection.ts";

/** Groups compared per statement, and rows written per statement: each holds the database briefly. */
const GROUP_CHUNK = 20_000;
const ROW_CHUNK = 10_000;

/** The staging tables of a file being loaded, dropped when it is done (or by the next load, if it was not). */
const INCOMING_TABLES = [
  "inspection_group_incoming",
  "citation_incoming",
  "citation_description_incoming",
  "penalty_incoming",
] as const;

export async function dropIncomingTables(db: Queryable): Promise<void> {
  await db.exec(INCOMING_TABLES.map((table) => `DROP TABLE IF EXISTS ${table};`).join(" "));
}

/** Each stored row column: [column, the release's field, SQL type]. */
const CITATION_COLUMNS: [column: string, field: string, sqlType: string][] = [
  ["prefix", "prefix", "text"],
  ["tag", "tag", "text"],
  ["rank", "rank", "smallint"],
  ["scope_severity", "scopeSeverity", "text"],
  ["category", "category", "text"],
  // The code of the description in the file's dictionary (citation_description_incoming gives its text).
  ["description_code", "description", "integer"],
  ["correction_status", "correctionStatus", "text"],
  ["correction_date", "correctionDate", "date"],
  ["inspection_cycle", "inspectionCycle", "smallint"],
  ["is_standard", "standard", "boolean"],
  ["is_complaint", "complaint", "boolean"],
  ["is_infection_control", "infectionControl", "boolean"],
  ["is_under_idr", "underIdr", "boolean"],
  ["is_under_iidr", "underIidr", "boolean"],
];
const ROW_COLUMNS: Record<InspectionKind, [column: string, field: string, sqlType: string][]> = {
  citations: CITATION_COLUMNS,
  fire: CITATION_COLUMNS,
  penalties: [
    ["rank", "rank", "smallint"],
    ["penalty_type", "penaltyType", "text"],
    ["fine_amount", "fineAmount", "numeric"],
    ["denial_start_date", "denialStartDate", "date"],
    ["denial_days", "denialDays", "integer"],
  ],
};

/** The table of each kind's rows (health and fire safety citations have the same columns). */
const TABLE: Record<InspectionKind, "citation" | "fire_citation" | "penalty"> = {
  citations: "citation",
  fire: "fire_citation",
  penalties: "penalty",
};

/** The indexes of the release's groups that must be written: new ones, and changed ones it is not older than. */
export async function changedGroups(db: Queryable, release: InspectionRelease): Promise<number[]> {
  const { groups } = release;
  const changed: number[] = [];
  for (let start = 0; start < groups.ccn.length; start += GROUP_CHUNK) {
    const end = Math.min(groups.ccn.length, start + GROUP_CHUNK);
    // One index probe per group (LIMIT 1 keeps the planner from hashing all stored groups for each chunk).
    const [row] = await db.query<{ found: string | null }>(
      `SELECT string_agg((i.n - 1)::text, ',') AS found
       FROM unnest($1::text[], $2::date[], $3::text[], $4::text[]) WITH ORDINALITY AS i(ccn, group_date, survey_type, digest, n)
       LEFT JOIN LATERAL (
         SELECT g.digest, g.release_date FROM inspection_group g
         WHERE g.kind = $5 AND g.ccn = i.ccn AND g.group_date = i.group_date AND g.survey_type = i.survey_type
         LIMIT 1
       ) g ON true
       WHERE g.digest IS NULL OR (g.digest <> i.digest AND g.release_date <= $6::date)`,
      [
        arrayLiteral(groups.ccn.slice(start, end)),
        arrayLiteral(groups.date.slice(start, end)),
        arrayLiteral(groups.surveyType.slice(start, end)),
        arrayLiteral(groups.digest.slice(start, end)),
        release.kind,
        release.processingDate,
      ],
    );
    if (row?.found) for (const index of row.found.split(",")) changed.push(start + Number(index));
  }
  return changed;
}

function valuesOf(
  column: CodedColumn | undefined,
  rows: readonly number[],
  asCode = false,
): InspectionValue[] {
  if (!column) return rows.map(() => null);
  return rows.map((row) => {
    const code = column.codes[row] as number;
    return column.values[code] === null ? null : asCode ? code : (column.values[code] ?? null);
  });
}

/**
 * Writes the rows of the changed groups into the staging tables, a chunk of rows per statement. Returns how many
 * rows it wrote.
 */
async function stageRows(
  db: Queryable,
  release: InspectionRelease,
  changed: readonly number[],
  afterEach: () => Promise<void>,
): Promise<number> {
  const { kind, groups } = release;
  // Health and fire safety citations are staged alike (the staging table is dropped when the file is done).
  const table = kind === "penalties" ? "penalty" : "citation";
  const columns = ROW_COLUMNS[kind];
  await dropIncomingTables(db);
  await db.exec(`
    CREATE TABLE inspection_group_incoming (ccn text, group_date date, survey_type text, digest text, row_count integer);
    CREATE TABLE ${table}_incoming (ccn text, group_date date, survey_type text,
      ${columns.map(([column, , sqlType]) => `${column} ${sqlType}`).join(", ")});`);
  if (isCitationKind(kind)) {
    // The file's descriptions, a few thousand texts, by code: the rows carry the code.
    const descriptions = release.columns.description?.values ?? [];
    await db.query(
      `CREATE TABLE citation_description_incoming AS
       SELECT (n - 1)::integer AS code, description FROM unnest($1::text[]) WITH ORDINALITY AS d(description, n)`,
      [arrayLiteral(descriptions)],
    );
  }
  for (let start = 0; start < changed.length; start += GROUP_CHUNK) {
    const chunk = changed.slice(start, start + GROUP_CHUNK);
    await db.query(
      `INSERT INTO inspection_group_incoming
       SELECT * FROM unnest($1::text[], $2::date[], $3::text[], $4::text[], $5::integer[])`,
      [
        arrayLiteral(chunk.map((group) => groups.ccn[group] as string)),
        arrayLiteral(chunk.map((group) => groups.date[group] as string)),
        arrayLiteral(chunk.map((group) => groups.surveyType[group] as string)),
        arrayLiteral(chunk.map((group) => groups.digest[group] as string)),
        arrayLiteral(
          chunk.map((group) => (groups.start[group + 1] as number) - (groups.start[group] as number)),
        ),
      ],
    );
    await afterEach();
  }
  let rows: number[] = [];
  let rowGroups: number[] = [];
  let written = 0;
  const flush = async () => {
    if (rows.length === 0) return;
    await db.query(
      `INSERT INTO ${table}_incoming
       SELECT * FROM unnest($1::text[], $2::date[], $3::text[],
         ${columns.map(([, , sqlType], index) => `$${index + 4}::${sqlType}[]`).join(", ")})`,
      [
        arrayLiteral(rowGroups.map((group) => groups.ccn[group] as string)),
        arrayLiteral(rowGroups.map((group) => groups.date[group] as string)),
        arrayLiteral(rowGroups.map((group) => groups.surveyType[group] as string)),
        ...columns.map(([column, field]) =>
          arrayLiteral(valuesOf(release.columns[field], rows, column === "description_code")),
        ),
      ],
    );
    written += rows.length;
    rows = [];
    rowGroups = [];
    await afterEach();
  };
  for (const group of changed) {
    for (let row = groups.start[group] as number; row < (groups.start[group + 1] as number); row += 1) {
      rows.push(row);
      rowGroups.push(group);
    }
    if (rows.length >= ROW_CHUNK) await flush();
  }
  await flush();
  await db.exec("ANALYZE inspection_group_incoming");
  await afterEach();
  return written;
}

/** Each tag the file cites, with the first category and description its rows give it. */
function tagsOf(
  release: InspectionRelease,
): { prefix: string; tag: string; category: InspectionValue; description: InspectionValue }[] {
  const { prefix, tag, category, description } = release.columns;
  if (!prefix || !tag || !category || !description) return [];
  const byTag = new Map<
    string,
    { prefix: string; tag: string; category: InspectionValue; description: InspectionValue }
  >();
  const cellOf = (column: CodedColumn, row: number) => column.values[column.codes[row] as number] ?? null;
  for (let row = 0; row < release.rowCount; row += 1) {
    const key = `${cellOf(prefix, row) ?? ""}|${cellOf(tag, row)}`;
    let entry = byTag.get(key);
    if (!entry) {
      entry = {
        prefix: String(cellOf(prefix, row) ?? ""),
        tag: String(cellOf(tag, row)),
        category: null,
        description: null,
      };
      byTag.set(key, entry);
    }
    entry.category ??= cellOf(category, row);
    entry.description ??= cellOf(description, row);
  }
  return [...byTag.values()];
}

export interface InspectionRecord {
  kind: InspectionKind;
  processingDate: string;
  source: DataSource;
  fileName: string;
  checksum: string;
  rowCount: number;
  changedGroups: number;
  changedRows: number;
  durationMs: number;
}

/**
 * In one transaction: the staged groups replace what is stored of them, the file is recorded, and (when anything
 * changed) the data version is bumped.
 */
async function applyStaged(
  tx: Queryable,
  release: InspectionRelease,
  record: InspectionRecord,
): Promise<void> {
  const { kind } = release;
  if (record.changedGroups > 0) {
    if (isCitationKind(kind)) {
      const table = TABLE[kind];
      await tx.exec(`
        DELETE FROM ${table} c USING inspection_group_incoming g
          WHERE c.ccn = g.ccn AND c.survey_date = g.group_date AND c.survey_type = g.survey_type;
        INSERT INTO citation_description (description)
          SELECT i.description FROM citation_description_incoming i
          WHERE i.description IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM citation_description d WHERE md5(d.description) = md5(i.description))
          ORDER BY i.code;`);
      await tx.query(
        `INSERT INTO ${table} (ccn, survey_date, survey_type, prefix, tag, rank, scope_severity, category,
           description_id, correction_status, correction_date, inspection_cycle, is_standard, is_complaint,
           is_infection_control, is_under_idr, is_under_iidr, release_date)
         SELECT i.ccn, i.group_date, i.survey_type, coalesce(i.prefix, ''), i.tag, i.rank, i.scope_severity,
           i.category, d.id, i.correction_status, i.correction_date, i.inspection_cycle, i.is_standard,
           i.is_complaint, i.is_infection_control, i.is_under_idr, i.is_under_iidr, $1::date
         FROM citation_incoming i
         LEFT JOIN (
           SELECT di.code, d.id FROM citation_description_incoming di
           JOIN citation_description d ON md5(d.description) = md5(di.description)
         ) d ON d.code = i.description_code`,
        [release.processingDate],
      );
      // A tag's category and description: the newest release's (a file without categories keeps the older one).
      const tags = tagsOf(release);
      await tx.query(
        `INSERT INTO citation_tag AS t (prefix, tag, category, description_id, release_date)
         SELECT i.prefix, i.tag, i.category, d.id, $5::date
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS i(prefix, tag, category, description)
         LEFT JOIN citation_description d ON md5(d.description) = md5(i.description)
         ON CONFLICT (prefix, tag) DO UPDATE SET
           category = coalesce(CASE WHEN EXCLUDED.release_date >= t.release_date THEN EXCLUDED.category END,
             t.category, EXCLUDED.category),
           description_id = CASE WHEN EXCLUDED.release_date >= t.release_date OR t.description_id IS NULL
             THEN coalesce(EXCLUDED.description_id, t.description_id) ELSE t.description_id END,
           release_date = greatest(EXCLUDED.release_date, t.release_date)`,
        [
          arrayLiteral(tags.map((tag) => tag.prefix)),
          arrayLiteral(tags.map((tag) => tag.tag)),
          arrayLiteral(tags.map((tag) => tag.category)),
          arrayLiteral(tags.map((tag) => tag.description)),
          release.processingDate,
        ],
      );
    } else {
      await tx.exec(
        `DELETE FROM penalty p USING inspection_group_incoming g
         WHERE p.ccn = g.ccn AND p.penalty_date = g.group_date`,
      );
      await tx.query(
        `INSERT INTO penalty (ccn, penalty_date, rank, penalty_type, fine_amount, denial_start_date, denial_days,
           release_date)
         SELECT i.ccn, i.group_date, i.rank, i.penalty_type, i.fine_amount, i.denial_start_date, i.denial_days, $1::date
         FROM penalty_incoming i`,
        [release.processingDate],
      );
    }
    await tx.query(
      `INSERT INTO inspection_group AS g (kind, ccn, group_date, survey_type, digest, release_date, row_count)
       SELECT $1, i.ccn, i.group_date, i.survey_type, i.digest, $2::date, i.row_count FROM inspection_group_incoming i
       ON CONFLICT (kind, ccn, group_date, survey_type) DO UPDATE
         SET digest = EXCLUDED.digest, release_date = EXCLUDED.release_date, row_count = EXCLUDED.row_count`,
      [kind, release.processingDate],
    );
    await tx.exec("UPDATE app_state SET data_version = data_version + 1, updated_at = now()");
  }
  await tx.query(
    `INSERT INTO inspection_release (kind, processing_date, source, file_name, checksum, row_count, changed_groups,
       changed_rows, duration_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      record.kind,
      record.processingDate,
      record.source,
      record.fileName,
      record.checksum,
      record.rowCount,
      record.changedGroups,
      record.changedRows,
      record.durationMs,
    ],
  );
}

/**
 * Loads a parsed inspection file: finds its changed groups, stages their rows and applies them in one short
 * transaction. Returns what it recorded.
 */
export async function loadInspectionRelease(
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  release: InspectionRelease,
  source: DataSource,
  startedAt: number,
  afterEach: () => Promise<void> = async () => {},
): Promise<InspectionRecord> {
  try {
    const changed = await changedGroups(db, release);
    await afterEach();
    const changedRows = changed.length > 0 ? await stageRows(db, release, changed, afterEach) : 0;
    const record: InspectionRecord = {
      kind: release.kind,
      processingDate: release.processingDate,
      source,
      fileName: release.fileName,
      checksum: release.checksum,
      rowCount: release.rowCount,
      changedGroups: changed.length,
      changedRows,
      durationMs: Math.round(performance.now() - startedAt),
    };
    await db.transaction((tx) => applyStaged(tx, release, record));
    await afterEach();
    return record;
  } finally {
    await dropIncomingTables(db);
  }
}
