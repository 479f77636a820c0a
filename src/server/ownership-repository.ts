// The SQL of the ownership endpoints (docs/api.md, "Ownership"): a facility's owners and how they changed, read from
// the spans by CCN (ownership_role's key); owner suggestions (from memory per data version, owner-index.ts, or from
// owner_summary); an owner's page, from its current facilities (owner_facility), their list items and figures, and
// its spans (ownership_role's owner index).
import {
  type FacilityOwner,
  type FacilityOwnership,
  OWNER_SUGGESTIONS,
  type OwnerSuggestion,
  type OwnerType,
  ownerPath,
  ROLE_GROUPS,
  type RoleGroup,
} from "../core/ownership.ts";
import type { Queryable } from "../db/client.ts";
import { INSPECTION_TOTALS } from "../db/inspection-totals.ts";

interface RoleRow {
  key: string;
  type: OwnerType;
  name: string;
  role: string;
  roleKey: string;
  roleGroup: RoleGroup;
  percentage: number | null;
  percentageText: string | null;
  since: string | null;
  firstSeen: string;
  /** The last release that lists the row (its own, or the facility's last for a row still listed). */
  lastSeen: string;
  isOpen: boolean;
  otherFacilities: number;
}

const GROUP_ORDER = new Map(ROLE_GROUPS.map((group, index) => [group, index]));

/** The ownership releases loaded, ascending (about a hundred dates), as a JSON array (SQL). */
const OWNERSHIP_DATES = `(SELECT json_agg(d ORDER BY d)::text FROM (
    SELECT DISTINCT to_char(processing_date, 'YYYY-MM-DD') AS d FROM ownership_release) r)`;

/** The first release after `date` among `dates` (ascending); null when none. */
function releaseAfter(dates: readonly string[], date: string): string | null {
  let low = 0;
  let high = dates.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((dates[middle] as string) <= date) low = middle + 1;
    else high = middle;
  }
  return dates[low] ?? null;
}

/**
 * A facility's owners now (its newest listing), and the releases in which owners came or went, newest first; null
 * when the CCN is neither a current facility nor in the ownership record.
 */
export async function getFacilityOwnership(db: Queryable, ccn: string): Promise<FacilityOwnership | null> {
  const [row] = await db.query<{
    found: boolean;
    first: string | null;
    last: string | null;
    roles: string | null;
    dates: string | null;
  }>(
    `SELECT (EXISTS (SELECT 1 FROM facility WHERE ccn = $1) OR f.ccn IS NOT NULL) AS found,
       CASE WHEN f.ccn IS NOT NULL THEN ${OWNERSHIP_DATES} END AS dates,
       to_char(f.first_seen, 'YYYY-MM-DD') AS first, to_char(f.last_seen, 'YYYY-MM-DD') AS last,
       (SELECT json_agg(json_build_object('key', r.owner_key, 'type', r.owner_type, 'name', r.owner_name,
           'role', r.role, 'roleKey', r.role_key, 'roleGroup', r.role_group, 'percentage', r.percentage,
           'percentageText', r.percentage_text, 'since', to_char(r.since, 'YYYY-MM-DD'),
           'firstSeen', to_char(r.first_seen, 'YYYY-MM-DD'),
           'lastSeen', to_char(coalesce(r.last_seen, f.last_seen), 'YYYY-MM-DD'), 'isOpen', r.last_seen IS NULL,
           'otherFacilities', greatest(coalesce(s.facilities, 0) - CASE WHEN EXISTS (
             SELECT 1 FROM owner_facility o WHERE o.owner_key = r.owner_key AND o.ccn = r.ccn) THEN 1 ELSE 0 END, 0)))::text
        FROM ownership_role r LEFT JOIN owner_summary s ON s.owner_key = r.owner_key
        WHERE r.ccn = f.ccn) AS roles
     FROM (SELECT 1) one LEFT JOIN ownership_facility f ON f.ccn = $1`,
    [ccn],
  );
  if (!row?.found) return null;
  const rows = row.roles ? (JSON.parse(row.roles) as RoleRow[]) : [];
  const owners: FacilityOwner[] = rows
    .filter((role) => role.isOpen)
    .sort(
      (a, b) =>
        (GROUP_ORDER.get(a.roleGroup) ?? 0) - (GROUP_ORDER.get(b.roleGroup) ?? 0) ||
        (b.percentage ?? -1) - (a.percentage ?? -1) ||
        compareText(a.name, b.name) ||
        compareText(a.roleKey, b.roleKey),
    )
    .map((role) => ({
      name: role.name,
      type: role.type,
      role: role.role,
      roleGroup: role.roleGroup,
      percentage: role.percentage,
      percentageText: role.percentageText,
      since: role.since,
      firstSeen: role.firstSeen,
      ownerPath: ownerPath(role.type, role.name),
      otherFacilities: role.otherFacilities,
    }));
  // An owner came in the release that first lists it (unless that is the facility's first); it went in the release
  // after the last that lists it, when a later one lists the facility.
  const dates = row.dates ? (JSON.parse(row.dates) as string[]) : [];
  const byDate = new Map<string, { added: RoleRow[]; removed: RoleRow[] }>();
  const at = (date: string) => {
    let change = byDate.get(date);
    if (!change) {
      change = { added: [], removed: [] };
      byDate.set(date, change);
    }
    return change;
  };
  for (const role of rows) {
    if (row.first !== null && role.firstSeen > row.first) at(role.firstSeen).added.push(role);
    if (row.last !== null && role.lastSeen < row.last) {
      const gone = releaseAfter(dates, role.lastSeen);
      if (gone !== null) at(gone).removed.push(role);
    }
  }
  const changeOwner = (role: RoleRow) => ({
    name: role.name,
    type: role.type,
    role: role.role,
    roleGroup: role.roleGroup,
    ownerPath: ownerPath(role.type, role.name),
  });
  const byRole = (a: RoleRow, b: RoleRow) =>
    (GROUP_ORDER.get(a.roleGroup) ?? 0) - (GROUP_ORDER.get(b.roleGroup) ?? 0) || compareText(a.name, b.name);
  return {
    processingDate: row.last,
    owners,
    changes: [...byDate.entries()]
      .sort(([a], [b]) => compareText(b, a))
      .map(([processingDate, change]) => ({
        processingDate,
        added: change.added.sort(byRole).map(changeOwner),
        removed: change.removed.sort(byRole).map(changeOwner),
      })),
  };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An owner as owner_summary has it (also what owner-index.ts keeps in memory). */
export type OwnerSummaryRow = [type: OwnerType, name: string, nameKey: string, facilities: number];

/** Every owner, most current facilities first (then by name): what the in-memory index is built from. */
export const READ_OWNER_SUMMARIES = `SELECT json_agg(json_build_array(owner_type, name, name_key, facilities)
    ORDER BY facilities DESC, name, owner_key)::text AS rows FROM owner_summary`;

/** Up to 20 owners whose normalised name holds every word, most current facilities first, read by SQL. */
export async function suggestOwners(db: Queryable, words: readonly string[]): Promise<OwnerSuggestion[]> {
  const rows = await db.query<{ type: OwnerType; name: string; facilities: number }>(
    `SELECT owner_type AS type, name, facilities FROM owner_summary
     WHERE name_key LIKE ALL($1::text[])
     ORDER BY facilities DESC, name, owner_key LIMIT ${OWNER_SUGGESTIONS}`,
    [words.map((word) => `%${word}%`)],
  );
  return rows.map((owner) => ({ ...owner, path: ownerPath(owner.type, owner.name) }));
}

const RATINGS = [
  ["overallRating", "overall_rating"],
  ["healthInspectionRating", "health_inspection_rating"],
  ["staffingRating", "staffing_rating"],
  ["qmRating", "qm_rating"],
] as const;

/** The four ratings' means over the facilities `f` (SQL, a compact JSON object). */
const AVERAGE_RATINGS = `row_to_json((SELECT r FROM (SELECT ${RATINGS.map(([name, column]) => `avg(f.${column})::float8 AS "${name}"`).join(", ")}) r))`;

/** The nation's figures an owner's page shows beside its own: computed once per data version by the route. */
export interface NationalFigures {
  averageRatings: string;
  inspections: string | null;
}

/** The three years of the list's figures (null until a citations or penalties file is loaded). */
const INSPECTION_WINDOW = `(SELECT json_build_object('start', to_char(window_start, 'YYYY-MM-DD'),
    'end', to_char(window_end, 'YYYY-MM-DD'))
  FROM facility_inspection WHERE EXISTS (SELECT 1 FROM inspection_release) LIMIT 1)`;

export async function readNationalFigures(db: Queryable): Promise<NationalFigures> {
  const [row] = await db.query<{ ratings: string; inspections: string }>(
    `SELECT ${AVERAGE_RATINGS}::text AS ratings, ${INSPECTION_TOTALS}::text AS inspections FROM facility f`,
  );
  return { averageRatings: row?.ratings ?? "{}", inspections: row?.inspections ?? null };
}

/**
 * An owner's page as JSON text (docs/api.md): null for an owner the record does not hold. `national` gives the
 * nation's figures (read once per data version).
 */
export async function getOwner(
  db: Queryable,
  key: string,
  national: () => Promise<NationalFigures>,
): Promise<string | null> {
  const [row] = await db.query<{
    type: OwnerType | null;
    name: string;
    facilities: number;
    first: string;
    last: string;
    items: string | null;
    states: string | null;
    ratings: string;
    distribution: string;
    inspections: string;
    window: string | null;
    spans: string | null;
    dates: string | null;
  }>(
    `WITH f AS MATERIALIZED (
       SELECT f.*, o.roles FROM owner_facility o JOIN facility f ON f.ccn = o.ccn WHERE o.owner_key = $1
     )
     SELECT s.owner_type AS type, s.name, s.facilities, to_char(s.first_seen, 'YYYY-MM-DD') AS first,
       to_char(s.last_seen, 'YYYY-MM-DD') AS last,
       (SELECT '[' || string_agg(left(f.item, -1) || ',"ownerRoles":' || f.roles || '}', ','
          ORDER BY f.provider_name, f.ccn) || ']' FROM f) AS items,
       (SELECT '[' || string_agg(row_to_json(t)::text, ',' ORDER BY t.facilities DESC, t.state) || ']'
        FROM (SELECT state, count(*)::integer AS facilities FROM f WHERE state IS NOT NULL GROUP BY state) t)
         AS states,
       (SELECT ${AVERAGE_RATINGS}::text FROM f) AS ratings,
       (SELECT row_to_json((SELECT d FROM (SELECT ${[1, 2, 3, 4, 5].map((stars) => `count(*) FILTER (WHERE f.overall_rating = ${stars})::integer AS "${stars}"`).join(", ")},
          count(*) FILTER (WHERE f.overall_rating IS NULL)::integer AS unrated) d))::text FROM f) AS distribution,
       (SELECT ${INSPECTION_TOTALS}::text FROM f) AS inspections,
       ${INSPECTION_WINDOW}::text AS window,
       (SELECT json_agg(json_build_array(p.first, p.last))::text FROM (
          SELECT to_char(min(r.first_seen), 'YYYY-MM-DD') AS first,
            to_char(max(coalesce(r.last_seen, o.last_seen)), 'YYYY-MM-DD') AS last
          FROM ownership_role r JOIN ownership_facility o ON o.ccn = r.ccn
          WHERE r.owner_key = $1 GROUP BY r.ccn) p) AS spans,
       ${OWNERSHIP_DATES} AS dates
     FROM owner_summary s WHERE s.owner_key = $1`,
    [key],
  );
  if (!row?.type) return null;
  const history = ownerHistory(
    row.spans ? (JSON.parse(row.spans) as [string, string][]) : [],
    row.dates ? (JSON.parse(row.dates) as string[]) : [],
  );
  const nation = await national();
  const inspections =
    row.window && nation.inspections
      ? `{"window":${row.window},"totals":${row.inspections},"national":${nation.inspections}}`
      : "null";
  return `{"name":${JSON.stringify(row.name)},"type":${JSON.stringify(row.type)},"path":${JSON.stringify(
    ownerPath(row.type, row.name),
  )},"firstSeen":${JSON.stringify(row.first)},"lastSeen":${JSON.stringify(row.last)},"facilityCount":${
    row.facilities
  },"states":${row.states ?? "[]"},"facilities":${row.items ?? "[]"},"averageRatings":${row.ratings},"nationalAverageRatings":${
    nation.averageRatings
  },"ratingDistribution":${row.distribution},"inspections":${inspections},"history":${JSON.stringify(history)}}`;
}

/**
 * The facilities an owner came to and left, per year of the releases loaded: it came to a facility in the first
 * release that lists it there in any role (unless that is the record's first release), and left it in the release
 * after the last that lists it there, when a later release lists the facility or the facility left the record.
 */
function ownerHistory(
  spans: readonly [first: string, last: string][],
  dates: readonly string[],
): { year: number; gained: number; lost: number }[] {
  const first = dates[0];
  const newest = dates.at(-1);
  if (first === undefined || newest === undefined) return [];
  const years = new Map<number, { year: number; gained: number; lost: number }>();
  for (let year = Number(first.slice(0, 4)); year <= Number(newest.slice(0, 4)); year += 1) {
    years.set(year, { year, gained: 0, lost: 0 });
  }
  const yearOf = (date: string) => years.get(Number(date.slice(0, 4)));
  for (const [came, left] of spans) {
    if (came > first) {
      const year = yearOf(came);
      if (year) year.gained += 1;
    }
    if (left < newest) {
      const gone = releaseAfter(dates, left);
      const year = gone === null ? undefined : yearOf(gone);
      if (year) year.lost += 1;
    }
  }
  return [...years.values()];
}
