// The SQL of the feeds of rating changes (docs/api.md, "Feeds of rating changes"): a page of the changes of a view's
// facilities, read from the changes of the newest releases that each publication stores (recent_change, migration
// 0015), in the feed's order (newest release first, then name and CCN), with the view's filters as the list applies
// them (repository.ts, filterSql).

import type { FacilityQuery } from "../core/api-types.ts";
import { FEED_PAGE_SIZE, type FeedChange, RECENT_RELEASES } from "../core/change-feed.ts";
import type { Queryable } from "../db/client.ts";
import { type DistanceFilter, filterSql } from "./repository.ts";

/** One entry of a feed: a facility's changes in one release. */
export interface FeedEntryRow {
  ccn: string;
  name: string;
  city: string | null;
  state: string | null;
  /** The release's processing date (YYYY-MM-DD). */
  date: string;
  /** The processing date of the facility's previous snapshot, which the release is compared with. */
  previousDate: string;
  changes: FeedChange[];
}

export interface FeedPage {
  /** Entries of the whole view (all pages). */
  total: number;
  entries: FeedEntryRow[];
  /** The releases the feed covers, newest first (empty before the first release is loaded). */
  releases: string[];
  /** The facility of a view of one CCN (its title names it); null otherwise, or when it is not a current one. */
  facility: { name: string; state: string | null } | null;
}

/** The newest releases, as rows of recent_change_basis, newest first. */
const RECENT_BASIS = `(SELECT processing_date, entries FROM recent_change_basis
  ORDER BY processing_date DESC LIMIT ${RECENT_RELEASES})`;

/**
 * Page `page` (1-based) of the changes of a view's facilities. The whole nation reads the table in its index's
 * order and counts its entries from the stored counts of each release; a filtered view looks up the changes of each
 * of its facilities by CCN (a hash join over all the changes took three times as long for a state) once, for the
 * count and the page.
 */
export async function readChangesPage(
  db: Queryable,
  query: FacilityQuery,
  near: DistanceFilter | null,
  page: number,
): Promise<FeedPage> {
  const filter = filterSql(query, query.alertEnabled, near);
  const isEmptyView = query.ccns !== null && query.ccns.length === 0;
  const isFiltered = !isEmptyView && (filter.where !== "" || query.alertEnabled);
  const params = isFiltered ? filter.params : [];
  let view = "";
  let rows = "recent_change";
  let total = `(SELECT coalesce(sum(entries), 0) FROM ${RECENT_BASIS} r)`;
  if (isEmptyView) {
    rows = "(SELECT * FROM recent_change WHERE false)";
    total = "0";
  } else if (isFiltered) {
    // OFFSET 0 keeps the lookup a subquery run per facility, with the table's primary key.
    view = `WITH v AS MATERIALIZED (
      SELECT c.* FROM (SELECT f.ccn FROM ${filter.from} ${filter.where}) f
      CROSS JOIN LATERAL (SELECT * FROM recent_change c WHERE c.ccn = f.ccn OFFSET 0) c
    )`;
    rows = "v";
    total = "(SELECT count(*) FROM v)";
  }
  const single = query.ccns?.length === 1 ? query.ccns[0] : null;
  params.push(single);
  const singleParam = `$${params.length}`;
  const offset = (Math.trunc(page) - 1) * FEED_PAGE_SIZE;
  const [row] = await db.query<{
    total: number;
    entries: string | null;
    releases: string | null;
    facility: string | null;
  }>(
    `${view}
     SELECT ${total}::integer AS total,
       (SELECT json_agg(json_build_object('ccn', c.ccn, 'name', d.provider_name, 'city', d.city, 'state', d.state,
                 'date', to_char(c.processing_date, 'YYYY-MM-DD'),
                 'previousDate', to_char(c.previous_date, 'YYYY-MM-DD'), 'changes', c.changes::json)
               ORDER BY c.processing_date DESC, c.provider_name, c.ccn)::text
        FROM (
          SELECT * FROM ${rows} c
          ORDER BY c.processing_date DESC, c.provider_name, c.ccn
          LIMIT ${FEED_PAGE_SIZE} OFFSET ${offset}
        ) c
        JOIN facility d ON d.ccn = c.ccn) AS entries,
       (SELECT json_agg(to_char(r.processing_date, 'YYYY-MM-DD') ORDER BY r.processing_date DESC)::text
        FROM ${RECENT_BASIS} r) AS releases,
       (SELECT json_build_object('name', provider_name, 'state', state)::text FROM facility
        WHERE ccn = ${singleParam}::text) AS facility`,
    params,
  );
  return {
    total: row?.total ?? 0,
    entries: row?.entries ? (JSON.parse(row.entries) as FeedEntryRow[]) : [],
    releases: row?.releases ? (JSON.parse(row.releases) as string[]) : [],
    facility: row?.facility ? (JSON.parse(row.facility) as FeedPage["facility"]) : null,
  };
}
