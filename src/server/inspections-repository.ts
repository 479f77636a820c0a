// The SQL of the inspection record (docs/api.md, "Inspections, penalties and citations"): a facility's surveys with
// their health and fire safety citations (tables citation and fire_citation, of the same shape), its penalties, the citations across the current facilities and their categories. Every
// answer is built as one JSON text by the database (see src/db/list-item.ts for why), in the shapes of
// src/core/api-types.ts (FacilityInspections, FacilityPenalties, CitationList, CitationCategories).
import type { CitationQuery } from "../core/api-types.ts";
import {
  HARM_FILTER_FLOOR,
  HARM_LEVELS,
  type InspectionType,
  SCOPE_SEVERITY_CODES,
  SURVEY_KINDS,
  type SurveyKind,
} from "../core/inspections.ts";
import type { Queryable } from "../db/client.ts";

/** A SQL string literal of a constant of this file. */
function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** `(SELECT row_to_json(o) FROM (SELECT expr AS "name", ...) o)`: a compact JSON object (no spaces). */
function jsonObject(fields: [string, string][]): string {
  return `(SELECT row_to_json(o) FROM (SELECT ${fields.map(([name, sql]) => `${sql} AS "${name}"`).join(", ")}) o)`;
}

/** The words of a code's harm level (src/core/inspections.ts), as SQL over `code`. */
function harmLabelSql(code: string): string {
  const levels = HARM_LEVELS.map(
    (level) => `WHEN ${code} IN (${level.codes.map(literal).join(", ")}) THEN ${literal(level.label)}`,
  );
  return `CASE ${levels.join(" ")} END`;
}

const date = (sql: string) => `to_char(${sql}, 'YYYY-MM-DD')`;

/**
 * A citation's fields (docs/api.md), as [API name, SQL over the citation `c`, its tag `t` (citation_tag) and its
 * description `d` (citation_description)].
 */
const CITATION_FIELDS: [string, string][] = [
  ["prefix", "c.prefix"],
  ["tag", "c.tag"],
  // Files before November 2019 have no category: the tag's, as the newest file that cites it has it.
  ["category", "coalesce(c.category, t.category)"],
  ["description", "d.description"],
  ["scopeSeverity", "c.scope_severity"],
  ["harmLevel", harmLabelSql("c.scope_severity")],
  ["corrected", "c.correction_status"],
  ["correctionDate", date("c.correction_date")],
  ["inspectionCycle", "c.inspection_cycle"],
  ["standard", "c.is_standard"],
  ["complaint", "c.is_complaint"],
  ["infectionControl", "c.is_infection_control"],
  [
    "disputed",
    `CASE WHEN c.is_under_idr IS NOT NULL OR c.is_under_iidr IS NOT NULL
       THEN coalesce(c.is_under_idr, false) OR coalesce(c.is_under_iidr, false) END`,
  ],
];

/** The flag column of each kind of inspection, in citation and citation_count (a flag a file lacks is null). */
const KIND_COLUMNS: Record<SurveyKind, string> = {
  standard: "is_standard",
  complaint: "is_complaint",
  infectionControl: "is_infection_control",
};

/** A survey's kinds (the union of its citations' flags), in SURVEY_KINDS order, as SQL over the grouped `c`. */
const SURVEY_KINDS_SQL = `array_to_json(array_remove(ARRAY[${SURVEY_KINDS.map(
  (kind) => `CASE WHEN bool_or(c.${KIND_COLUMNS[kind]}) THEN ${literal(kind)} END`,
).join(", ")}], NULL))`;

const CITATION_JOINS = `LEFT JOIN citation_tag t ON t.prefix = c.prefix AND t.tag = c.tag
  LEFT JOIN citation_description d ON d.id = c.description_id`;

/** Up to how many matching citations a page is read by finding them all first (see listCitations). */
const FEW_CITATIONS = 3000;

/** The order of citations across facilities: newest survey first, then by facility, survey and tag. */
const NEWEST_FIRST = "c.survey_date DESC, c.ccn, c.survey_type, c.prefix, c.tag, c.rank";

/** The table of each inspection type's citations (migration 0036 for fire safety). */
const CITATION_TABLE: Record<InspectionType, "citation" | "fire_citation"> = {
  health: "citation",
  fire: "fire_citation",
};

/** Whether a health citations, fire safety citations or penalties file is loaded (without one, the three-year figures are unknown). */
const LOADED = (kind: "citations" | "fire" | "penalties") =>
  `EXISTS (SELECT 1 FROM inspection_release WHERE kind = '${kind}')`;

/** Whether the CCN is a current facility, in the rating history or in the inspection record. */
const KNOWN_CCN = `(EXISTS (SELECT 1 FROM facility WHERE ccn = $1)
  OR EXISTS (SELECT 1 FROM rating_snapshot WHERE ccn = $1)
  OR EXISTS (SELECT 1 FROM inspection_group WHERE kind = 'citations' AND ccn = $1)
  OR EXISTS (SELECT 1 FROM inspection_group WHERE kind = 'fire' AND ccn = $1)
  OR EXISTS (SELECT 1 FROM inspection_group WHERE kind = 'penalties' AND ccn = $1))`;

/** A facility's surveys of one type (`c` the citations' table), grouped, each as JSON `survey` (SQL). */
function surveysSql(type: InspectionType): string {
  return `SELECT c.survey_date, ${literal(type)} AS type, c.survey_type,
      ${jsonObject([
        ["surveyDate", date("c.survey_date")],
        ["type", literal(type)],
        ["surveyType", "c.survey_type"],
        ["kinds", SURVEY_KINDS_SQL],
        ["citations", `json_agg(${jsonObject(CITATION_FIELDS)} ORDER BY c.prefix, c.tag, c.rank)`],
      ])} AS survey
    FROM ${CITATION_TABLE[type]} c ${CITATION_JOINS}
    WHERE c.ccn = $1
    GROUP BY c.survey_date, c.survey_type`;
}

/** Each scope and severity code's count among the citations `g`, as a JSON object text "A" to "L" (SQL). */
const GRID_SQL = `('{' || ${SCOPE_SEVERITY_CODES.map(
  (code) => `'"${code}":' || count(*) FILTER (WHERE g.scope_severity = '${code}')`,
).join(" || ',' || ")} || '}')::json`;

/**
 * A facility's surveys with their health and fire safety citations, newest first (a health survey before a fire
 * safety one of the same day), its last three years of health citations (for the detail's grid) and, apart, of fire
 * safety citations, in the same window, as JSON text; null for a CCN the database does not know.
 */
export async function getFacilityInspections(db: Queryable, ccn: string): Promise<string | null> {
  const [row] = await db.query<{ body: string | null }>(
    `SELECT CASE WHEN ${KNOWN_CCN} THEN
       '{"surveys":' || coalesce((
         SELECT json_agg(s.survey ORDER BY s.survey_date DESC, s.type DESC, s.survey_type)
         FROM (${surveysSql("health")} UNION ALL ${surveysSql("fire")}) s
       )::text, '[]') || ',"threeYears":' || coalesce((
         SELECT ${jsonObject([
           ["windowStart", date("i.window_start")],
           ["windowEnd", date("i.window_end")],
           [
             "grid",
             `(SELECT ${GRID_SQL} FROM citation g
               WHERE g.ccn = i.ccn AND g.survey_date BETWEEN i.window_start AND i.window_end)`,
           ],
           ["minimalHarm", "i.citations_minimal_harm"],
           ["potentialHarm", "i.citations_potential_harm"],
           ["actualHarm", "i.citations_actual_harm"],
           ["immediateJeopardy", "i.citations_immediate_jeopardy"],
           ["mostSevere", "i.most_severe"],
           ["abuseCitations", "i.abuse_citations"],
           ["abuseIcon", "i.abuse_icon"],
           ["abuse", "i.is_abuse"],
         ])}::text
         FROM facility_inspection i WHERE i.ccn = $1 AND ${LOADED("citations")}
       ), 'null') || ',"fireThreeYears":' || coalesce((
         SELECT ${jsonObject([
           ["windowStart", date("i.window_start")],
           ["windowEnd", date("i.window_end")],
           ["citations", "f.citations"],
           ["surveys", "f.surveys"],
           ["grid", "f.grid"],
           ["minimalHarm", "f.minimal"],
           ["potentialHarm", "f.potential"],
           ["actualHarm", "f.actual"],
           ["immediateJeopardy", "f.jeopardy"],
           ["mostSevere", "f.most_severe"],
           ["emergencyPreparedness", "f.emergency"],
         ])}::text
         FROM facility_inspection i
         CROSS JOIN LATERAL (
           SELECT count(*)::integer AS citations,
             count(DISTINCT (g.survey_date, g.survey_type))::integer AS surveys,
             ${GRID_SQL} AS grid,
             count(*) FILTER (WHERE g.scope_severity BETWEEN 'A' AND 'C')::integer AS minimal,
             count(*) FILTER (WHERE g.scope_severity BETWEEN 'D' AND 'F')::integer AS potential,
             count(*) FILTER (WHERE g.scope_severity BETWEEN 'G' AND 'I')::integer AS actual,
             count(*) FILTER (WHERE g.scope_severity BETWEEN 'J' AND 'L')::integer AS jeopardy,
             max(g.scope_severity) AS most_severe,
             count(*) FILTER (WHERE g.prefix = 'E')::integer AS emergency
           FROM fire_citation g
           WHERE g.ccn = i.ccn AND g.survey_date BETWEEN i.window_start AND i.window_end
         ) f
         WHERE i.ccn = $1 AND ${LOADED("fire")}
       ), 'null') || '}'
     END AS body`,
    [ccn],
  );
  return row?.body ?? null;
}

/** A facility's penalties, newest first, and their totals, as JSON text; null for a CCN the database does not know. */
export async function getFacilityPenalties(db: Queryable, ccn: string): Promise<string | null> {
  const [row] = await db.query<{ body: string | null }>(
    `SELECT CASE WHEN ${KNOWN_CCN} THEN (
       SELECT '{"penalties":' || coalesce(json_agg(${jsonObject([
         ["date", date("p.penalty_date")],
         ["type", "p.penalty_type"],
         ["fineAmount", "p.fine_amount"],
         ["denialStartDate", date("p.denial_start_date")],
         ["denialDays", "p.denial_days"],
       ])} ORDER BY p.penalty_date DESC, p.rank)::text, '[]')
         || ',"totals":' || ${jsonObject([
           ["fines", "count(*) FILTER (WHERE p.penalty_type = 'Fine')::integer"],
           ["fineDollars", "coalesce(sum(p.fine_amount) FILTER (WHERE p.penalty_type = 'Fine'), 0)"],
           ["paymentDenials", "count(*) FILTER (WHERE p.penalty_type = 'Payment Denial')::integer"],
           [
             "denialDays",
             "coalesce(sum(p.denial_days) FILTER (WHERE p.penalty_type = 'Payment Denial'), 0)::integer",
           ],
         ])}::text
         || ',"threeYears":' || coalesce((
           SELECT ${jsonObject([
             ["fines", "i.fines"],
             ["fineDollars", "i.fine_dollars"],
             ["paymentDenials", "i.payment_denials"],
             ["denialDays", "i.denial_days"],
             ["windowStart", date("i.window_start")],
             ["windowEnd", date("i.window_end")],
           ])}::text
           FROM facility_inspection i WHERE i.ccn = $1 AND ${LOADED("penalties")}
         ), 'null') || '}'
       FROM penalty p WHERE p.ccn = $1
     ) END AS body`,
    [ccn],
  );
  return row?.body ?? null;
}

/** The states of `states` that no current facility is in. */
export async function unknownStates(db: Queryable, states: readonly string[]): Promise<string[]> {
  if (states.length === 0) return [];
  const rows = await db.query<{ state: string }>(
    "SELECT s AS state FROM unnest($1::text[]) s WHERE NOT EXISTS (SELECT 1 FROM state_lu l WHERE l.state = s)",
    [states],
  );
  return rows.map((row) => row.state);
}

/** Escapes LIKE wildcards. */
function likeWord(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The descriptions (citation_description, about a thousand texts) holding every word of `q`, case-insensitive:
 * matched first, so that the citations are then read by description.
 */
async function matchingDescriptions(db: Queryable, q: string): Promise<number[]> {
  const words = q.split(" ").filter((word) => word !== "");
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM citation_description
     WHERE ${words.map((_, index) => `lower(description) LIKE $${index + 1}`).join(" AND ")}`,
    words.map(likeWord),
  );
  return rows.map((row) => row.id);
}

/**
 * The conditions of a citations query over `c` (and, unless `withFacility` is false, its facility's state and entity:
 * the CCNs of those facilities, so that the citations are read by CCN when that is cheaper than by date or tag; a
 * join would be planned to scan the citations and probe the facilities).
 */
function citationConditions(
  query: CitationQuery,
  descriptions: number[] | null,
  add: (value: unknown) => string,
  options: { withFacility: boolean; category: string },
): string[] {
  const conditions: string[] = [];
  if (query.tag) conditions.push(`c.tag = ${add(query.tag)}`);
  if (query.category) conditions.push(`lower(${options.category}) = lower(${add(query.category)})`);
  // A constant from a closed list, so that the partial index of migration 0013 serves it.
  if (query.harm) conditions.push(`c.scope_severity >= ${literal(HARM_FILTER_FLOOR[query.harm])}`);
  // The flag itself (true, not false nor unknown), as the partial indexes of migration 0019 are written.
  if (query.kind) conditions.push(`c.${KIND_COLUMNS[query.kind]}`);
  if (descriptions) conditions.push(`c.description_id = ANY(${add(descriptions)}::integer[])`);
  if (options.withFacility && (query.states.length || query.entities.length)) {
    const facilities: string[] = [];
    if (query.states.length) facilities.push(`f.state = ANY(${add(query.states)}::text[])`);
    if (query.entities.length)
      facilities.push(`f.affiliated_entity_name = ANY(${add(query.entities)}::text[])`);
    conditions.push(`c.ccn = ANY(ARRAY(SELECT f.ccn FROM facility f WHERE ${facilities.join(" AND ")}))`);
  }
  return conditions;
}

/** Date arithmetic on `YYYY-MM-DD` texts (UTC). */
const day = (text: string) => new Date(`${text}T00:00:00Z`);
const iso = (value: Date) => value.toISOString().slice(0, 10);
const monthStart = (text: string) => `${text.slice(0, 7)}-01`;
function addMonths(text: string, months: number): string {
  const value = day(monthStart(text));
  value.setUTCMonth(value.getUTCMonth() + months);
  return iso(value);
}
const dayBefore = (text: string) => iso(new Date(day(text).getTime() - 86_400_000));

/**
 * How many citations a query finds. Counting hundreds of thousands of citations would take a tenth of a second or
 * more, so the counts kept per publication (citation_count) answer what they can: nationally, the months wholly
 * inside `from`-`to` (and the days of the months at its ends, counted); per state, without dates. Affiliated
 * entities (a few facilities each) and states with dates are counted by their facilities.
 */
async function countCitations(
  db: Queryable,
  query: CitationQuery,
  descriptions: number[] | null,
): Promise<number> {
  const direct = async (from: string | null, to: string | null): Promise<number> => {
    const params: unknown[] = [];
    const add = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const conditions = citationConditions(query, descriptions, add, {
      withFacility: true,
      category: "coalesce(c.category, t.category)",
    });
    if (from) conditions.push(`c.survey_date >= ${add(from)}::date`);
    if (to) conditions.push(`c.survey_date <= ${add(to)}::date`);
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM ${CITATION_TABLE[query.type]} c JOIN facility f ON f.ccn = c.ccn
       ${query.category ? "LEFT JOIN citation_tag t ON t.prefix = c.prefix AND t.tag = c.tag" : ""}
       ${conditions.length ? `WHERE ${conditions.join(" AND ")}` : ""}`,
      params,
    );
    return row?.n ?? 0;
  };
  const counted = async (kind: "all" | "month" | "state", months: [string, string] | null) => {
    const params: unknown[] = [kind];
    const add = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const conditions = citationConditions(query, descriptions, add, {
      withFacility: false,
      category: "c.category",
    });
    if (kind === "state") conditions.push(`c.state = ANY(${add(query.states)}::text[])`);
    if (months) conditions.push(`c.survey_month BETWEEN ${add(months[0])}::date AND ${add(months[1])}::date`);
    const [row] = await db.query<{ n: number }>(
      `SELECT coalesce(sum(c.citations), 0)::integer AS n FROM citation_count c
       WHERE c.kind = $1 ${conditions.map((condition) => `AND ${condition}`).join(" ")}`,
      params,
    );
    return row?.n ?? 0;
  };

  // The kept counts are of health citations: fire safety citations (fewer, and no derived counts) are counted.
  if (query.type === "fire" || query.entities.length) return direct(query.from, query.to);
  if (query.states.length)
    return query.from || query.to ? direct(query.from, query.to) : counted("state", null);
  if (!query.from && !query.to) return counted("all", null);
  // The whole months inside the dates, from the kept counts; the days of a month cut by a date, counted.
  const first = query.from === null ? "0001-01-01" : query.from;
  const last = query.to === null ? "9999-12-31" : query.to;
  const firstWhole = first === monthStart(first) ? first : addMonths(first, 1);
  const lastWhole = dayBefore(addMonths(last, 1)) === last ? monthStart(last) : addMonths(last, -1);
  if (firstWhole > lastWhole) return direct(query.from, query.to);
  const parts: Promise<number>[] = [counted("month", [firstWhole, lastWhole])];
  if (first < firstWhole) parts.push(direct(first, dayBefore(firstWhole)));
  if (last > dayBefore(addMonths(lastWhole, 1))) parts.push(direct(addMonths(lastWhole, 1), last));
  return (await Promise.all(parts)).reduce((sum, n) => sum + n, 0);
}

/** A page of citations across the current facilities, newest first, and how many there are, as JSON text. */
export async function listCitations(db: Queryable, query: CitationQuery): Promise<string> {
  const descriptions = query.q ? await matchingDescriptions(db, query.q) : null;
  if (descriptions && descriptions.length === 0) return '{"data":[],"totalCount":0}';
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = citationConditions(query, descriptions, add, {
    withFacility: true,
    category: "coalesce(c.category, t.category)",
  });
  if (query.from) conditions.push(`c.survey_date >= ${add(query.from)}::date`);
  if (query.to) conditions.push(`c.survey_date <= ${add(query.to)}::date`);
  const offset = (query.page - 1) * query.pageSize;
  // The count first: it is read from the kept counts, and it decides how the page is read.
  const totalCount = await countCitations(db, query, descriptions);
  if (offset >= totalCount) return `{"data":[],"totalCount":${Math.trunc(totalCount)}}`;
  const row = jsonObject([
    ["ccn", "c.ccn"],
    ["providerName", "f.provider_name"],
    ["state", "f.state"],
    ["surveyDate", date("c.survey_date")],
    ["type", literal(query.type)],
    ["surveyType", "c.survey_type"],
    ...CITATION_FIELDS,
  ]);
  const matching = `SELECT c.* FROM ${CITATION_TABLE[query.type]} c JOIN facility f ON f.ccn = c.ccn
    ${query.category ? "LEFT JOIN citation_tag t ON t.prefix = c.prefix AND t.tag = c.tag" : ""}
    ${conditions.length ? `WHERE ${conditions.join(" AND ")}` : ""}`;
  // Many citations match: a page is read along an index in date order, stopping after it (the planner's way).
  // Few match (a small state, a rare tag): that way would read most of the index to find them, so they are read
  // first, however the planner finds them best, and then ordered.
  const isFew = totalCount <= FEW_CITATIONS;
  const [page] = await db.query<{ items: string | null }>(
    `${isFew ? `WITH matching AS MATERIALIZED (${matching})` : ""}
     SELECT string_agg(x.item, ',' ORDER BY x.n) AS items
     FROM (
       SELECT ${row}::text AS item, row_number() OVER (ORDER BY ${NEWEST_FIRST}) AS n
       FROM (
         SELECT c.* FROM ${isFew ? "matching" : `(${matching})`} c
         ORDER BY ${NEWEST_FIRST}
         LIMIT ${Math.trunc(query.pageSize)} OFFSET ${Math.trunc(offset)}
       ) c
       JOIN facility f ON f.ccn = c.ccn
       ${CITATION_JOINS}
     ) x`,
    params,
  );
  return `{"data":[${page?.items ?? ""}],"totalCount":${Math.trunc(totalCount)}}`;
}

/**
 * The categories of the current facilities' citations of a type, each with its tags, and how many citations each
 * has: the health citations from their kept counts (citation_count), the fire safety citations (fewer, without kept
 * counts) counted here; the category is the citation's as filed, else its tag's, as the API shows it.
 */
export async function citationCategories(db: Queryable, type: InspectionType = "health"): Promise<string> {
  const counts =
    type === "health"
      ? `SELECT category, prefix, tag, sum(citations)::integer AS citations FROM citation_count
         WHERE kind = 'all' GROUP BY category, prefix, tag`
      : `SELECT coalesce(c.category, t.category) AS category, c.prefix, c.tag, count(*)::integer AS citations
         FROM fire_citation c JOIN facility f ON f.ccn = c.ccn
         LEFT JOIN citation_tag t ON t.prefix = c.prefix AND t.tag = c.tag
         GROUP BY 1, c.prefix, c.tag`;
  const [row] = await db.query<{ body: string | null }>(
    `SELECT json_agg(${jsonObject([
      ["category", "x.category"],
      ["citations", "x.citations"],
      ["tags", "x.tags"],
    ])} ORDER BY x.category COLLATE "C" NULLS LAST)::text AS body
     FROM (
       SELECT c.category, sum(c.citations)::integer AS citations,
         json_agg(${jsonObject([
           ["prefix", "c.prefix"],
           ["tag", "c.tag"],
           ["description", "d.description"],
           ["citations", "c.citations"],
         ])} ORDER BY c.prefix, c.tag) AS tags
       FROM (${counts}) c
       LEFT JOIN citation_tag t ON t.prefix = c.prefix AND t.tag = c.tag
       LEFT JOIN citation_description d ON d.id = t.description_id
       GROUP BY c.category
     ) x`,
  );
  return `{"categories":${row?.body ?? "[]"}}`;
}
