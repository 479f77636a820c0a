import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { facilityKeys } from "../../../lib/facilities-queries.ts";
import {
  ENTITY_PAGE_SIZE,
  entityFacilitiesQueryOptions,
  entityKeys,
  entityQueryOptions,
  entityTrendQueryOptions,
  shouldRetryEntityQuery,
} from "./entity-queries.ts";

describe("entity queries", () => {
  it("keys an entity's summary and trend apart, by the exact name", () => {
    expect(entityQueryOptions("A B").queryKey).toEqual(entityKeys.summary("A B"));
    expect(entityTrendQueryOptions("A B").queryKey).not.toEqual(entityQueryOptions("A B").queryKey);
    expect(entityQueryOptions("A B").queryKey).not.toEqual(entityQueryOptions("a b").queryKey);
  });

  it("lists the entity's facilities through the dashboard's list query, one page of cards at a time", () => {
    const options = entityFacilitiesQueryOptions("A/B", 3);
    expect(options.queryKey.slice(0, 2)).toEqual([...facilityKeys.lists()]);
    expect(options.queryKey[2]).toMatchObject({
      entities: ["A/B"],
      states: [],
      search: "",
      rating: null,
      ccns: null,
      alertEnabled: false,
      page: 3,
      pageSize: ENTITY_PAGE_SIZE,
    });
    expect(ENTITY_PAGE_SIZE % 3).toBe(0);
    expect(ENTITY_PAGE_SIZE % 2).toBe(0);
  });

  it("does not retry an unknown or refused name, but retries a failure once", () => {
    expect(shouldRetryEntityQuery(0, new ApiError("not found", 404))).toBe(false);
    expect(shouldRetryEntityQuery(0, new ApiError("bad name", 400, "name"))).toBe(false);
    expect(shouldRetryEntityQuery(0, new ApiError("boom", 500))).toBe(true);
    expect(shouldRetryEntityQuery(1, new ApiError("boom", 500))).toBe(false);
  });
});
