// When the server's data changes (its first load or a refresh committed), the cached facility lists, lookups and
// details are out of date: refetch what is on screen and drop the rest, so the new data appears without a reload.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { revalidateCachedReads } from "../../../lib/api-client.ts";
import { facilityKeys } from "../../../lib/facilities-queries.ts";
import { facilityDetailKeys } from "../../../lib/facility-detail-queries.ts";
import { lookupKeys } from "../../../lib/lookups-queries.ts";
import { hasDataVersionChanged } from "../data-load.ts";

/**
 * The server reads its data version through a cache of about 1 s (src/server/app.ts), so an answer right after
 * /api/meta reported the new version may still be the old one: the queries on screen are refreshed once more
 * after this delay.
 */
const SERVER_VERSION_SETTLE_MS = 1500;

export function refreshDataQueries(queryClient: QueryClient): void {
  revalidateCachedReads();
  void queryClient.invalidateQueries({ queryKey: facilityKeys.all });
  void queryClient.invalidateQueries({ queryKey: lookupKeys.all });
  // Detail queries do not refetch on mount (SPEC section 9): cached ones not on screen are dropped instead.
  queryClient.removeQueries({ queryKey: facilityDetailKeys.all, type: "inactive" });
  void queryClient.invalidateQueries({ queryKey: facilityDetailKeys.all });
}

/** Refreshes the data queries whenever `dataVersion` (from /api/meta) changes while the page is open. */
export function useDataVersionSync(dataVersion: string | undefined): void {
  const queryClient = useQueryClient();
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (dataVersion === undefined) return;
    const previous = seen.current;
    seen.current = dataVersion;
    if (!hasDataVersionChanged(previous, dataVersion)) return;
    refreshDataQueries(queryClient);
    const timer = setTimeout(() => refreshDataQueries(queryClient), SERVER_VERSION_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [dataVersion, queryClient]);
}
