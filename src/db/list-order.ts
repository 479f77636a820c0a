// The orders of the facility list (`sort`), written once for the list's queries (src/server/repository.ts) and for
// the ranks the publication keeps (src/ingest/derive.ts): each order is an ascending key over a facility row aliased
// `f`, then the provider's name and the CCN.

/**
 * Ascending keys of the orders other than by name and by distance. Rating: best first, unrated (no rating, or 0)
 * last. Staffing: most hours first, no value last (hours are never negative, so -hours <= 0 < 1). Never null, so
 * that the CSV export's keyset cursor compares them; written as the indexes of migrations 0024 are, so that a page
 * is read along them.
 */
export const SORT_KEYS = {
  rating: "coalesce(6 - nullif(f.overall_rating, 0), 6)",
  nurseHours: "coalesce(-f.total_nurse_hours, 1)",
  weekendNurseHours: "coalesce(-f.weekend_total_nurse_hours, 1)",
} as const;

/**
 * The facility columns (migration 0038) holding each facility's place, from 1, in the whole list of each order: a
 * page of the unfiltered list is read from its place on, where an OFFSET read (and on the embedded database, often
 * sorted) every facility before it: 45-70 ms for the last pages of 15,000 facilities instead of a few.
 */
export const RANK_COLUMNS = {
  name: "name_rank",
  rating: "rating_rank",
  nurseHours: "nurse_hours_rank",
  weekendNurseHours: "weekend_nurse_hours_rank",
} as const;
export type RankedSort = keyof typeof RANK_COLUMNS;

/** The ORDER BY of an order over `f`. */
export function orderOf(sort: RankedSort): string {
  return sort === "name" ? "f.provider_name, f.ccn" : `${SORT_KEYS[sort]}, f.provider_name, f.ccn`;
}
