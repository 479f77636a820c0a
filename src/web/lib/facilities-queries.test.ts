import { describe, expect, it } from "vitest";
import type { FacilityQuery } from "../../core/api-types.ts";
import {
  canKeepPreviousData,
  facilitiesQueryOptions,
  facilityKeys,
  withoutPlace,
} from "./facilities-queries.ts";

const base: FacilityQuery = {
  search: "",
  rating: null,
  states: [],
  entities: [],
  ccns: null,
  alertEnabled: false,
  alertThreshold: 1,
  alertMetric: "Overall Rating",
  alertPeriod: "lastPeriod",
  page: 1,
  pageSize: 100,
};

describe("facility query options", () => {
  it("keys every list under the facility lists key", () => {
    expect(facilityKeys.list(base).slice(0, 2)).toEqual(facilityKeys.lists());
  });
  it("keeps facility lists fresh for 30 s and never caches alert queries", () => {
    expect(facilitiesQueryOptions(base)).toMatchObject({ staleTime: 30_000 });
    expect(facilitiesQueryOptions({ ...base, alertEnabled: true })).toMatchObject({
      staleTime: 0,
      gcTime: 0,
    });
  });
  it("keeps the cards on screen only for paging and favourite edits", () => {
    expect(canKeepPreviousData(base, { ...base, page: 2 })).toBe(true);
    expect(canKeepPreviousData(base, { ...base, pageSize: 500, page: 1 })).toBe(true);
    expect(canKeepPreviousData({ ...base, ccns: ["A"] }, { ...base, ccns: [] })).toBe(true);
    expect(canKeepPreviousData(base, { ...base, ccns: [] })).toBe(false);
    expect(canKeepPreviousData(base, { ...base, states: ["CA"] })).toBe(false);
    expect(canKeepPreviousData(base, { ...base, alertEnabled: true })).toBe(false);
  });
});

describe("withoutPlace", () => {
  it("drops the place and its radius, and the order by distance that needs it", () => {
    const near: FacilityQuery = { ...base, states: ["CA"], near: "abcde", radius: 10, sort: null };
    expect(withoutPlace(near)).toEqual({ ...base, states: ["CA"], near: null, radius: null, sort: null });
    expect(withoutPlace({ ...near, sort: "distance" }).sort).toBeNull();
    expect(withoutPlace({ ...near, sort: "rating" }).sort).toBe("rating");
    expect(withoutPlace({ ...near, sort: "name" }).sort).toBe("name");
  });
});
