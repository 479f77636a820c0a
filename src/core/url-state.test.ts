import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { facilityQueryToSearchParams } from "./api-query.ts";
import { ALERT_METRICS, ALERT_PERIODS } from "./constants.ts";
import { HARM_FILTERS } from "./inspections.ts";
import { SFF_FILTERS } from "./special-focus.ts";
import {
  type DashboardFilters,
  type DashboardUrlState,
  DEFAULT_FILTERS,
  dashboardStateToParams,
  disableAlertFilter,
  enableAlertFilter,
  hasActiveFilters,
  hasNonDefaultView,
  normalizePlaceFilters,
  parseDashboardParams,
  parsePageSize,
  toFacilityQuery,
  withoutNear,
} from "./url-state.ts";

function parse(query: string): DashboardUrlState {
  return parseDashboardParams(new URLSearchParams(query));
}

describe("parseDashboardParams: defaults", () => {
  it("gives the spec's defaults for an empty address", () => {
    expect(parse("")).toEqual({ filters: DEFAULT_FILTERS, page: 1 });
  });
  it("ignores unknown parameters", () => {
    expect(parse("utm_source=mail&foo=bar")).toEqual({ filters: DEFAULT_FILTERS, page: 1 });
  });
});

describe("parseDashboardParams: each parameter, leniently", () => {
  it("search: kept as typed, capped at 200 characters", () => {
    expect(parse("search=Sunrise%20Care").filters.search).toBe("Sunrise Care");
    expect(parse(`search=${"a".repeat(500)}`).filters.search).toHaveLength(200);
  });

  it("rating: an integer 1 to 5; anything else, including non-numbers, is null", () => {
    expect(parse("rating=4").filters.ratingMin).toBe(4);
    expect(parse("rating=%204%20").filters.ratingMin).toBe(4);
    for (const bad of ["abc", "", "4abc", "NaN", "0", "6", "-1", "3.5", "Infinity"]) {
      expect(parse(`rating=${bad}`).filters.ratingMin, bad).toBeNull();
    }
  });

  it("state: repeatable two-letter codes, upper-cased, deduplicated; malformed ones dropped", () => {
    expect(parse("state=CA&state=ny&state=CA").filters.states).toEqual(["CA", "NY"]);
    expect(parse("state=California&state=&state=C1&state=TX").filters.states).toEqual(["TX"]);
  });

  it("entity: repeatable, exact, deduplicated; blank or overlong dropped", () => {
    expect(
      parse("entity=Genesis%20Healthcare&entity=Ensign%20Group&entity=Genesis%20Healthcare").filters
        .affiliatedEntities,
    ).toEqual(["Genesis Healthcare", "Ensign Group"]);
    expect(parse(`entity=&entity=%20&entity=${"x".repeat(301)}`).filters.affiliatedEntities).toEqual([]);
    expect(parse("entity=A%26B%20Care").filters.affiliatedEntities).toEqual(["A&B Care"]);
  });

  it("alertEnabled: only 'true' turns it on", () => {
    expect(parse("alertEnabled=true").filters.alertFilterEnabled).toBe(true);
    for (const other of ["false", "1", "yes", "TRUE", ""]) {
      expect(parse(`alertEnabled=${other}`).filters.alertFilterEnabled).toBe(false);
    }
  });

  it("alertThreshold: absent is null, non-numeric becomes 1, numbers are kept within 1 to 5", () => {
    expect(parse("").filters.ratingChangeThreshold).toBeNull();
    expect(parse("alertThreshold=3").filters.ratingChangeThreshold).toBe(3);
    expect(parse("alertThreshold=abc").filters.ratingChangeThreshold).toBe(1);
    expect(parse("alertThreshold=").filters.ratingChangeThreshold).toBe(1);
    expect(parse("alertThreshold=9").filters.ratingChangeThreshold).toBe(5);
    expect(parse("alertThreshold=0").filters.ratingChangeThreshold).toBe(1);
    expect(parse("alertThreshold=2.6").filters.ratingChangeThreshold).toBe(3);
  });

  it("alertMetric: known metrics kept, any other value is Overall Rating", () => {
    for (const metric of ALERT_METRICS) {
      expect(parse(new URLSearchParams({ alertMetric: metric }).toString()).filters.ratingMetric).toBe(
        metric,
      );
    }
    expect(parse("alertMetric=Fines").filters.ratingMetric).toBe("Overall Rating");
    expect(parse("alertMetric=").filters.ratingMetric).toBe("Overall Rating");
    expect(parse("").filters.ratingMetric).toBeNull();
  });

  it("alertPeriod: lastPeriod or lastQuarter, any other value is lastPeriod", () => {
    for (const period of ALERT_PERIODS)
      expect(parse(`alertPeriod=${period}`).filters.timePeriod).toBe(period);
    expect(parse("alertPeriod=lastYear").filters.timePeriod).toBe("lastPeriod");
    expect(parse("").filters.timePeriod).toBeNull();
  });

  it("favorites: only 'true' turns favourites mode on", () => {
    expect(parse("favorites=true").filters.favoritesOnly).toBe(true);
    expect(parse("favorites=1").filters.favoritesOnly).toBe(false);
  });

  it("page: a positive integer, anything else is page 1", () => {
    expect(parse("page=3").page).toBe(3);
    expect(parse("page=2.9").page).toBe(2);
    for (const bad of ["0", "-2", "abc", ""]) expect(parse(`page=${bad}`).page, bad).toBe(1);
  });

  it("near: a place as typed, trimmed and capped at 100 characters; blank is none", () => {
    expect(parse("near=94110").filters.near).toBe("94110");
    expect(parse("near=%20San%20Francisco,%20CA%20").filters.near).toBe("San Francisco, CA");
    // Whether it is a place is the server's answer (shown under the Near field), not a reason to drop it.
    expect(parse("near=abcde").filters.near).toBe("abcde");
    expect(parse(`near=${"x".repeat(150)}`).filters.near).toHaveLength(100);
    expect(parse("near=%20%20").filters.near).toBe("");
  });

  it("radius: an integer 1 to 500 with a place; the default 25, anything else and no place are null", () => {
    expect(parse("near=94110&radius=10").filters.radius).toBe(10);
    expect(parse("near=94110&radius=500").filters.radius).toBe(500);
    expect(parse("near=94110&radius=37").filters.radius).toBe(37);
    for (const bad of ["25", "0", "501", "2.5", "-5", "abc", "", "Infinity"]) {
      expect(parse(`near=94110&radius=${bad}`).filters.radius, bad).toBeNull();
    }
    expect(parse("radius=10").filters.radius).toBeNull();
  });

  it("sort: name, distance or rating; the default and distance without a place are null", () => {
    expect(parse("sort=rating").filters.sort).toBe("rating");
    expect(parse("near=94110&sort=rating").filters.sort).toBe("rating");
    expect(parse("near=94110&sort=name").filters.sort).toBe("name");
    expect(parse("near=94110&sort=distance").filters.sort).toBeNull();
    expect(parse("sort=name").filters.sort).toBeNull();
    expect(parse("sort=distance").filters.sort).toBeNull();
    for (const bad of ["", "Rating", "stars", "-name"])
      expect(parse(`sort=${bad}`).filters.sort, bad).toBeNull();
  });

  it("harm: actual or jeopardy; anything else is no harm filter", () => {
    expect(parse("harm=actual").filters.harm).toBe("actual");
    expect(parse("harm=jeopardy").filters.harm).toBe("jeopardy");
    expect(parse("harm=%20jeopardy%20").filters.harm).toBe("jeopardy");
    for (const bad of ["", "Actual", "G", "severe", "true", "actual,jeopardy"]) {
      expect(parse(`harm=${bad}`).filters.harm, bad).toBeNull();
    }
    expect(parse("").filters.harm).toBeNull();
  });

  it("abuse: only 'true' turns it on", () => {
    expect(parse("abuse=true").filters.abuse).toBe(true);
    for (const other of ["false", "1", "yes", "TRUE", ""])
      expect(parse(`abuse=${other}`).filters.abuse).toBe(false);
  });

  it("owner: a type, a colon and a name; others, repeats of an owner and those past 100 dropped", () => {
    expect(
      parse(
        "owner=organization:ACME%20HEALTH,%20LLC&owner=individual:DOE,%20JANE&owner=organization:acme%20health%20llc",
      ).filters.owners,
    ).toEqual(["organization:ACME HEALTH, LLC", "individual:DOE, JANE"]);
    for (const bad of [
      "ACME",
      "company:ACME",
      "organization:",
      "organization:%20,%20",
      `individual:${"A".repeat(301)}`,
    ]) {
      expect(parse(`owner=${bad}`).filters.owners).toEqual([]);
    }
    expect(parse("owner=%20Organization%20:%20ACME%20").filters.owners).toEqual(["organization:ACME"]);
    const many = Array.from({ length: 120 }, (_, index) => `owner=organization:OWNER%20${index}`).join("&");
    expect(parse(many).filters.owners).toHaveLength(100);
  });

  it("sff: sff, candidate or either; ownershipChanged: true or nothing", () => {
    for (const value of SFF_FILTERS) expect(parse(`sff=${value}`).filters.sff).toBe(value);
    for (const other of ["", "SFF", "both", "true"]) expect(parse(`sff=${other}`).filters.sff).toBeNull();
    expect(parse("ownershipChanged=true").filters.ownershipChanged).toBe(true);
    for (const other of ["false", "1", "TRUE", ""]) {
      expect(parse(`ownershipChanged=${other}`).filters.ownershipChanged).toBe(false);
    }
  });

  it("view: map or the list", () => {
    expect(parse("view=map").filters.view).toBe("map");
    for (const other of ["list", "", "Map", "grid"]) expect(parse(`view=${other}`).filters.view).toBe("list");
  });
});

describe("dashboardStateToParams", () => {
  it("writes nothing for the default state", () => {
    expect(dashboardStateToParams({ filters: DEFAULT_FILTERS, page: 1 }).toString()).toBe("");
  });

  it("writes the spec's parameter names", () => {
    const filters: DashboardFilters = {
      search: "rose garden",
      ratingMin: 4,
      states: ["CA", "NV"],
      affiliatedEntities: ["Genesis Healthcare"],
      alertFilterEnabled: true,
      ratingChangeThreshold: 2,
      ratingMetric: "Staffing Rating",
      timePeriod: "lastQuarter",
      favoritesOnly: true,
      near: "San Francisco, CA",
      radius: 10,
      sort: "rating",
      harm: "jeopardy",
      abuse: true,
      owners: ["organization:ACME HEALTH, LLC", "individual:DOE, JANE"],
      sff: "either",
      ownershipChanged: true,
      view: "map",
    };
    expect(dashboardStateToParams({ filters, page: 2 }).toString()).toBe(
      "search=rose+garden&rating=4&state=CA&state=NV&entity=Genesis+Healthcare&alertEnabled=true" +
        "&alertThreshold=2&alertMetric=Staffing+Rating&alertPeriod=lastQuarter&favorites=true" +
        "&near=San+Francisco%2C+CA&radius=10&sort=rating&harm=jeopardy&abuse=true" +
        "&owner=organization%3AACME+HEALTH%2C+LLC&owner=individual%3ADOE%2C+JANE&sff=either&ownershipChanged=true" +
        "&view=map&page=2",
    );
  });

  it("leaves out the default radius, order and view, and a radius or distance order without a place", () => {
    const write = (change: Partial<DashboardFilters>) =>
      dashboardStateToParams({ filters: { ...DEFAULT_FILTERS, ...change }, page: 1 }).toString();
    expect(write({ near: "94110", radius: 25, sort: "distance", view: "list" })).toBe("near=94110");
    expect(write({ near: " 94110 " })).toBe("near=94110");
    expect(write({ radius: 10, sort: "distance" })).toBe("");
    expect(write({ sort: "name" })).toBe("");
    expect(write({ near: "94110", sort: "name" })).toBe("near=94110&sort=name");
  });

  it("writes the alert settings only while alerts are on, filling defaults", () => {
    const off = { ...DEFAULT_FILTERS, ratingChangeThreshold: 3, ratingMetric: "QM Rating" as const };
    expect(dashboardStateToParams({ filters: off, page: 1 }).toString()).toBe("");
    const on = { ...DEFAULT_FILTERS, alertFilterEnabled: true };
    expect(dashboardStateToParams({ filters: on, page: 1 }).toString()).toBe(
      "alertEnabled=true&alertThreshold=1&alertMetric=Overall+Rating&alertPeriod=lastPeriod",
    );
  });

  it("writes the harm and abuse filters only when set", () => {
    const write = (change: Partial<DashboardFilters>) =>
      dashboardStateToParams({ filters: { ...DEFAULT_FILTERS, ...change }, page: 1 }).toString();
    expect(write({ harm: "actual" })).toBe("harm=actual");
    expect(write({ abuse: true })).toBe("abuse=true");
    expect(write({ harm: null, abuse: false })).toBe("");
  });

  it("writes the owners in the order chosen, the special focus and the ownership change only when set", () => {
    const write = (change: Partial<DashboardFilters>) =>
      dashboardStateToParams({ filters: { ...DEFAULT_FILTERS, ...change }, page: 1 }).toString();
    expect(write({ owners: ["organization:B LLC", "organization:A LLC"] })).toBe(
      "owner=organization%3AB+LLC&owner=organization%3AA+LLC",
    );
    expect(write({ sff: "candidate" })).toBe("sff=candidate");
    expect(write({ ownershipChanged: true })).toBe("ownershipChanged=true");
    expect(write({ owners: [], sff: null, ownershipChanged: false })).toBe("");
  });

  it("leaves out a blank search", () => {
    expect(
      dashboardStateToParams({ filters: { ...DEFAULT_FILTERS, search: "   " }, page: 1 }).toString(),
    ).toBe("");
  });
});

describe("round trip", () => {
  const stateArbitrary: fc.Arbitrary<DashboardUrlState> = fc
    .record({
      search: fc.string({ maxLength: 40 }).filter((value) => value.trim() !== ""),
      ratingMin: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      states: fc.uniqueArray(fc.constantFrom("AL", "CA", "NY", "TX", "PR", "DC"), { maxLength: 4 }),
      affiliatedEntities: fc.uniqueArray(
        fc.string({ minLength: 1, maxLength: 30 }).filter((value) => value.trim() !== ""),
        { maxLength: 3 },
      ),
      alertFilterEnabled: fc.boolean(),
      ratingChangeThreshold: fc.integer({ min: 1, max: 5 }),
      ratingMetric: fc.constantFrom(...ALERT_METRICS),
      timePeriod: fc.constantFrom(...ALERT_PERIODS),
      favoritesOnly: fc.boolean(),
      near: fc.constantFrom("", "94110", "San Francisco, CA", "springfield, mo", "abcde"),
      radius: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
      sort: fc.option(fc.constantFrom("name", "distance", "rating" as const), { nil: null }),
      harm: fc.option(fc.constantFrom(...HARM_FILTERS), { nil: null }),
      abuse: fc.boolean(),
      // Distinct owners as owners are told apart (case, spaces and punctuation aside).
      owners: fc
        .uniqueArray(
          fc.constantFrom("ACME HEALTH, LLC", "DOE, JANE", "Sunrise Care Inc.", "O'BRIEN & SONS"),
          {
            maxLength: 3,
          },
        )
        .chain((names) =>
          fc.tuple(...names.map((name) => fc.constantFrom(`organization:${name}`, `individual:${name}`))),
        ),
      sff: fc.option(fc.constantFrom(...SFF_FILTERS), { nil: null }),
      ownershipChanged: fc.boolean(),
      view: fc.constantFrom("list", "map" as const),
      page: fc.integer({ min: 1, max: 500 }),
    })
    .map(({ page, ...filters }) => {
      // The one form of each state: no radius without a place, no default written out.
      const near = filters.near;
      const radius = near === "" || filters.radius === 25 ? null : filters.radius;
      const defaultSort = near === "" ? "name" : "distance";
      const sort =
        filters.sort === defaultSort || (filters.sort === "distance" && near === "") ? null : filters.sort;
      const canonical = { ...filters, radius, sort };
      return { page, filters: canonical.alertFilterEnabled ? canonical : disableAlertFilter(canonical) };
    });

  it("reads back what it writes", () => {
    fc.assert(
      fc.property(stateArbitrary, (state) => {
        const query = dashboardStateToParams(state).toString();
        expect(parse(query)).toEqual(state);
        // Canonical: writing the parsed state again gives the same address.
        expect(dashboardStateToParams(parse(query)).toString()).toBe(query);
      }),
    );
  });

  it("never throws on arbitrary addresses and always yields a writable state", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (query) => {
        const state = parse(query);
        expect(parse(dashboardStateToParams(state).toString()).filters.states).toEqual(state.filters.states);
      }),
    );
  });
});

describe("alert transitions (spec 4)", () => {
  it("off to on sets threshold 1, lastPeriod and Overall Rating", () => {
    expect(enableAlertFilter(DEFAULT_FILTERS)).toMatchObject({
      alertFilterEnabled: true,
      ratingChangeThreshold: 1,
      timePeriod: "lastPeriod",
      ratingMetric: "Overall Rating",
    });
  });
  it("off to on keeps the previous metric", () => {
    expect(enableAlertFilter({ ...DEFAULT_FILTERS, ratingMetric: "QM Rating" }).ratingMetric).toBe(
      "QM Rating",
    );
  });
  it("on to off clears threshold, period and metric and keeps the other filters", () => {
    const on = enableAlertFilter({ ...DEFAULT_FILTERS, states: ["CA"] });
    expect(disableAlertFilter(on)).toEqual({ ...DEFAULT_FILTERS, states: ["CA"] });
  });
});

describe("hasActiveFilters", () => {
  it("is false for the defaults and a blank search", () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, search: "  " })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, ratingChangeThreshold: 3 })).toBe(false);
  });
  it("is true for any non-default filter or favourites mode", () => {
    const changes: Partial<DashboardFilters>[] = [
      { search: "a" },
      { ratingMin: 3 },
      { states: ["CA"] },
      { affiliatedEntities: ["X"] },
      { alertFilterEnabled: true },
      { favoritesOnly: true },
      { near: "94110" },
      { harm: "actual" },
      { harm: "jeopardy" },
      { abuse: true },
      { owners: ["organization:ACME HEALTH LLC"] },
      { sff: "sff" },
      { sff: "candidate" },
      { sff: "either" },
      { ownershipChanged: true },
    ];
    for (const change of changes) expect(hasActiveFilters({ ...DEFAULT_FILTERS, ...change })).toBe(true);
  });
  it("is false for an order or a view alone, which hasNonDefaultView counts", () => {
    for (const change of [{ sort: "rating" as const }, { view: "map" as const }]) {
      expect(hasActiveFilters({ ...DEFAULT_FILTERS, ...change })).toBe(false);
      expect(hasNonDefaultView({ ...DEFAULT_FILTERS, ...change })).toBe(true);
    }
    expect(hasNonDefaultView(DEFAULT_FILTERS)).toBe(false);
    expect(hasNonDefaultView({ ...DEFAULT_FILTERS, sort: "name" })).toBe(false);
    expect(hasNonDefaultView({ ...DEFAULT_FILTERS, near: "94110" })).toBe(true);
  });
});

describe("place, radius and order", () => {
  it("normalizePlaceFilters drops what needs a place when there is none", () => {
    expect(normalizePlaceFilters({ ...DEFAULT_FILTERS, radius: 10, sort: "distance" })).toEqual(
      DEFAULT_FILTERS,
    );
    expect(
      normalizePlaceFilters({ ...DEFAULT_FILTERS, near: " 94110 ", radius: 25, sort: "distance" }),
    ).toEqual({ ...DEFAULT_FILTERS, near: "94110" });
  });
  it("withoutNear removes the place and its radius, keeps the other filters, an order by rating and the view", () => {
    const filters: DashboardFilters = {
      ...DEFAULT_FILTERS,
      states: ["CA"],
      near: "94110",
      radius: 10,
      sort: "rating",
      view: "map",
    };
    expect(withoutNear(filters)).toEqual({ ...DEFAULT_FILTERS, states: ["CA"], sort: "rating", view: "map" });
    expect(withoutNear({ ...filters, sort: "name" }).sort).toBeNull();
  });
});

describe("parsePageSize", () => {
  it("accepts only the offered sizes", () => {
    expect(parsePageSize("500")).toBe(500);
    expect(parsePageSize("1000")).toBe(1000);
    for (const bad of [null, "", "abc", "250", "0", "100000"]) expect(parsePageSize(bad)).toBe(100);
  });
});

describe("toFacilityQuery", () => {
  it("sends the filters, and the favourites only in favourites mode", () => {
    const state = parse(
      "search=%20oak%20&rating=3&state=NY&state=CA&alertEnabled=true&alertThreshold=2&page=2",
    );
    const query = toFacilityQuery(state, { pageSize: 500, favoriteIds: ["015009"] });
    expect(query).toEqual({
      search: "oak",
      rating: 3,
      states: ["CA", "NY"],
      entities: [],
      ccns: null,
      alertEnabled: true,
      alertThreshold: 2,
      alertMetric: "Overall Rating",
      alertPeriod: "lastPeriod",
      page: 2,
      pageSize: 500,
      near: null,
      radius: null,
      sort: null,
      harm: null,
      abuse: false,
      owners: [],
      sff: null,
      ownershipChanged: false,
    });
    expect(toFacilityQuery(parse("favorites=true"), { pageSize: 100, favoriteIds: ["B", "A"] }).ccns).toEqual(
      ["A", "B"],
    );
  });
  it("sends an empty favourites set as a single empty ccn", () => {
    const query = toFacilityQuery(parse("favorites=true"), { pageSize: 100, favoriteIds: [] });
    expect(facilityQueryToSearchParams(query).toString()).toBe("ccn=");
  });
  it("sends the place, its radius and the order, which the API's encoding writes back the same", () => {
    const state = parse("near=San%20Francisco,%20CA&radius=10&sort=rating&view=map");
    const query = toFacilityQuery(state, { pageSize: 100, favoriteIds: [] });
    expect(query).toMatchObject({ near: "San Francisco, CA", radius: 10, sort: "rating" });
    expect(facilityQueryToSearchParams(query).toString()).toBe(
      "near=San+Francisco%2C+CA&radius=10&sort=rating",
    );
    const nearest = toFacilityQuery(parse("near=94110"), { pageSize: 100, favoriteIds: [] });
    expect(nearest).toMatchObject({ near: "94110", radius: null, sort: null });
    expect(toFacilityQuery(parse(""), { pageSize: 100, favoriteIds: [] })).toMatchObject({
      near: null,
      radius: null,
      sort: null,
    });
  });
  it("sends the owners as owner keys, sorted and without repeats, and the special focus and ownership change", () => {
    const query = toFacilityQuery(
      parse(
        "owner=organization:Zed%20Care,%20Inc.&owner=individual:Doe,%20Jane&sff=either&ownershipChanged=true",
      ),
      { pageSize: 100, favoriteIds: [] },
    );
    expect(query).toMatchObject({
      owners: ["individual:DOE JANE", "organization:ZED CARE INC"],
      sff: "either",
      ownershipChanged: true,
    });
    expect(facilityQueryToSearchParams(query).toString()).toBe(
      "owner=individual%3ADOE+JANE&owner=organization%3AZED+CARE+INC&sff=either&ownershipChanged=true",
    );
    // The same owners chosen in another order and spelling are the same request.
    const again = toFacilityQuery(parse("owner=individual:DOE%20JANE&owner=organization:zed%20care%20inc"), {
      pageSize: 100,
      favoriteIds: [],
    });
    expect(again.owners).toEqual(query.owners);
  });

  it("sends the harm and abuse filters, which the API's encoding writes back the same", () => {
    for (const address of ["harm=actual", "harm=jeopardy", "abuse=true", "harm=actual&abuse=true"]) {
      const query = toFacilityQuery(parse(address), { pageSize: 100, favoriteIds: [] });
      expect(facilityQueryToSearchParams(query).toString()).toBe(address);
    }
    expect(toFacilityQuery(parse("harm=G&abuse=1"), { pageSize: 100, favoriteIds: [] })).toMatchObject({
      harm: null,
      abuse: false,
    });
  });
  it("ignores alert settings while alerts are off", () => {
    const query = toFacilityQuery(parse("alertThreshold=4&alertMetric=QM%20Rating"), {
      pageSize: 100,
      favoriteIds: [],
    });
    expect(facilityQueryToSearchParams(query).toString()).toBe("");
  });
});
