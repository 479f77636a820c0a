// Where the data comes from and how current it is (GET /api/meta). While the server loads CMS data, the page
// polls it for the progress; when nothing is loading, it asks again only shortly after the server's next
// scheduled refresh check, so an open page notices a refresh (and then polls its progress).
import { queryOptions } from "@tanstack/react-query";
import type { Meta } from "../../../../core/api-types.ts";
import { apiClient } from "../../../lib/api-client.ts";
import { LOAD_POLL_MS } from "../data-load.ts";

const META_STALE_MS = 10 * 60_000;

export const metaKeys = {
  all: ["meta"] as const,
};

/** After the next refresh check is due, wait this long before asking whether it started a load. */
const AFTER_CHECK_MS = 5000;
/** Bounds of that wait: not sooner than the HTTP cache's max-age of /api/meta, not later than an hour. */
const MIN_CHECK_WAIT_MS = 30_000;
const MAX_CHECK_WAIT_MS = 60 * 60_000;

/**
 * Every 2 s while a load runs. Otherwise, when the server refreshes periodically, once just after its next
 * check is due (between 30 s and 1 h from now); else not at all.
 */
export function metaRefetchInterval(meta: Meta | undefined, now = Date.now()): number | false {
  if (!meta) return false;
  if (meta.load.isLoading) return LOAD_POLL_MS;
  const nextCheck = meta.refresh.nextCheck ? Date.parse(meta.refresh.nextCheck) : Number.NaN;
  if (meta.refresh.intervalSeconds <= 0 || Number.isNaN(nextCheck)) return false;
  return Math.min(MAX_CHECK_WAIT_MS, Math.max(MIN_CHECK_WAIT_MS, nextCheck - now + AFTER_CHECK_MS));
}

export function metaQueryOptions() {
  return queryOptions({
    queryKey: metaKeys.all,
    queryFn: ({ signal }) => apiClient.meta(signal),
    // A running load's progress is never fresh: a remount or focus asks again.
    staleTime: (query) => (query.state.data?.load.isLoading ? 0 : META_STALE_MS),
    refetchInterval: (query) => metaRefetchInterval(query.state.data),
    retry: 1,
  });
}
