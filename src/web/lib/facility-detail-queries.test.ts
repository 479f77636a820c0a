import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { DETAIL_CACHE_MS, DETAIL_STALE_MS } from "../../core/constants.ts";
import { ApiError } from "./api-client.ts";
import {
  benchmarksQueryOptions,
  changesQueryOptions,
  facilityDetailKeys,
  facilityQueryOptions,
  historyQueryOptions,
  inspectionsQueryOptions,
  penaltiesQueryOptions,
  shouldRetryDetailQuery,
} from "./facility-detail-queries.ts";

describe("facility detail queries", () => {
  it("follow the spec's detail policy: 5 min fresh, 10 min cached, no refetch on mount, focus or reconnect", () => {
    for (const options of [
      facilityQueryOptions("015009"),
      historyQueryOptions("015009"),
      changesQueryOptions("015009"),
      inspectionsQueryOptions("015009"),
      penaltiesQueryOptions("015009"),
      benchmarksQueryOptions("AL"),
    ]) {
      expect(options).toMatchObject({
        staleTime: DETAIL_STALE_MS,
        gcTime: DETAIL_CACHE_MS,
        refetchOnMount: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      });
      expect(DETAIL_STALE_MS).toBe(300_000);
      expect(DETAIL_CACHE_MS).toBe(600_000);
    }
  });

  it("retries a failure once, but never an unknown or malformed CCN", () => {
    const serverError = new ApiError("boom", 500);
    expect(shouldRetryDetailQuery(0, serverError)).toBe(true);
    expect(shouldRetryDetailQuery(1, serverError)).toBe(false);
    expect(shouldRetryDetailQuery(0, new TypeError("Failed to fetch"))).toBe(true);
    expect(shouldRetryDetailQuery(0, new ApiError("not found", 404))).toBe(false);
    expect(shouldRetryDetailQuery(0, new ApiError("bad ccn", 400, "ccn"))).toBe(false);
  });

  it("keys each facility's detail and history apart, case-insensitively, under one prefix", () => {
    expect(facilityDetailKeys.facility("01a193")).toEqual(facilityDetailKeys.facility("01A193"));
    expect(facilityDetailKeys.history("015009")).not.toEqual(facilityDetailKeys.facility("015009"));
    expect(facilityQueryOptions("015009").queryKey.slice(0, 1)).toEqual([...facilityDetailKeys.all]);
    const client = new QueryClient();
    client.setQueryData(facilityDetailKeys.history("015009"), []);
    expect(client.getQueryData(historyQueryOptions("015009").queryKey)).toEqual([]);
  });

  it("keys the averages by state, shared by every facility of it, and the changes by facility", () => {
    expect(benchmarksQueryOptions("AL").queryKey).toEqual(benchmarksQueryOptions("AL").queryKey);
    expect(benchmarksQueryOptions("AL").queryKey).not.toEqual(benchmarksQueryOptions("AK").queryKey);
    expect(benchmarksQueryOptions(null).queryKey).not.toEqual(benchmarksQueryOptions("AL").queryKey);
    expect(changesQueryOptions("01a193").queryKey).toEqual(facilityDetailKeys.changes("01A193"));
    expect(facilityDetailKeys.changes("015009")).not.toEqual(facilityDetailKeys.history("015009"));
  });

  it("keys a facility's inspections and penalties apart, under the prefix the data version refreshes", () => {
    expect(inspectionsQueryOptions("01a193").queryKey).toEqual(facilityDetailKeys.inspections("01A193"));
    expect(penaltiesQueryOptions("01a193").queryKey).toEqual(facilityDetailKeys.penalties("01A193"));
    expect(facilityDetailKeys.inspections("015009")).not.toEqual(facilityDetailKeys.penalties("015009"));
    expect(inspectionsQueryOptions("015009").queryKey.slice(0, 1)).toEqual([...facilityDetailKeys.all]);
    expect(penaltiesQueryOptions("015009").queryKey.slice(0, 1)).toEqual([...facilityDetailKeys.all]);
  });
});
