import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../core/constants.ts";
import { DEFAULT_FILTERS } from "../../core/url-state.ts";
import { createFavoritesStore, parseFavorites } from "./favorites.ts";
import { readPageSize, writePageSize } from "./page-size.ts";
import { createSavedViewsStore, parseSavedViews } from "./saved-views.ts";
import type { KeyValueStorage } from "./storage.ts";

class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  isFull = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.isFull) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.items.set(key, value);
  }
}

const brokenStorage: KeyValueStorage = {
  getItem() {
    throw new DOMException("Access is denied", "SecurityError");
  },
  setItem() {
    throw new DOMException("Access is denied", "SecurityError");
  },
};

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("parseFavorites", () => {
  it("reads the stored list", () => {
    const raw = JSON.stringify([{ id: "015009", dateAdded: "2024-01-02T03:04:05.000Z" }]);
    expect(parseFavorites(raw)).toEqual([{ id: "015009", dateAdded: "2024-01-02T03:04:05.000Z" }]);
  });

  it("gives an empty list for nothing, corrupt JSON or foreign content, and logs it", () => {
    for (const raw of [null, "", "{not json", "null", "42", '"text"', '{"id":"015009"}', "true"]) {
      expect(parseFavorites(raw), String(raw)).toEqual([]);
    }
    expect(console.warn).toHaveBeenCalled();
  });

  it("drops malformed entries and duplicates but keeps the good ones", () => {
    const raw = JSON.stringify([
      { id: "015009", dateAdded: "2024-01-01T00:00:00.000Z" },
      "015010",
      null,
      { id: 15011, dateAdded: "x" },
      { id: "", dateAdded: "x" },
      { id: "undefined", dateAdded: "x" },
      { id: "null", dateAdded: "x" },
      { id: "01500", dateAdded: "x" },
      { id: "015012" },
      { id: "015009", dateAdded: "2024-02-01T00:00:00.000Z" },
      { id: "015013", dateAdded: "2024-03-01T00:00:00.000Z", extra: true },
    ]);
    expect(parseFavorites(raw).map((favorite) => favorite.id)).toEqual(["015009", "015013"]);
  });
});

describe("favorites store", () => {
  it("adds, reports and removes a favourite", () => {
    const storage = new MemoryStorage();
    const store = createFavoritesStore(() => storage);
    const now = new Date("2024-05-06T07:08:09.000Z");
    expect(store.toggle("015009", now)).toBe(true);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.favorites) ?? "")).toEqual([
      { id: "015009", dateAdded: "2024-05-06T07:08:09.000Z" },
    ]);
    expect(store.toggle("015009")).toBe(false);
    expect(store.getSnapshot()).toEqual([]);
  });

  it("keeps the same snapshot until the stored value changes and notifies subscribers", () => {
    const storage = new MemoryStorage();
    const store = createFavoritesStore(() => storage);
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.toggle("015009");
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(first);
    unsubscribe();
  });

  it("recovers from corrupt stored content by starting a fresh list", () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.favorites, "{corrupt");
    const store = createFavoritesStore(() => storage);
    expect(store.getSnapshot()).toEqual([]);
    expect(store.toggle("015009")).toBe(true);
    expect(store.getSnapshot().map((favorite) => favorite.id)).toEqual(["015009"]);
  });

  it("rethrows storage failures on toggle, and reads an empty list from unusable storage", () => {
    const storage = new MemoryStorage();
    storage.isFull = true;
    expect(() => createFavoritesStore(() => storage).toggle("015009")).toThrow(/quota/);
    expect(() => createFavoritesStore(() => null).toggle("015009")).toThrow(/not available/);
    const blocked = createFavoritesStore(() => brokenStorage);
    expect(blocked.getSnapshot()).toEqual([]);
    expect(() => blocked.toggle("015009")).toThrow();
    expect(console.error).toHaveBeenCalled();
  });
});

describe("parseSavedViews", () => {
  const view = {
    id: "v1",
    name: "California 4+",
    filters: { ...DEFAULT_FILTERS, states: ["CA"], ratingMin: 4 },
    dateCreated: "2024-01-02T03:04:05.000Z",
  };

  it("reads the stored list", () => {
    expect(parseSavedViews(JSON.stringify([view]))).toEqual([view]);
  });

  it("gives an empty list for corrupt JSON or foreign content", () => {
    for (const raw of [null, "[", "{}", '"views"', "1", JSON.stringify({ views: [view] })]) {
      expect(parseSavedViews(raw), String(raw)).toEqual([]);
    }
  });

  it("drops views without id, name, filters object or date", () => {
    const raw = JSON.stringify([
      view,
      { ...view, id: "" },
      { ...view, name: 7 },
      { ...view, filters: "state=CA" },
      { id: "v9", name: "x" },
      [view],
    ]);
    expect(parseSavedViews(raw)).toEqual([view]);
  });

  it("fills missing or wrong filter fields with their defaults and cleans lists", () => {
    const raw = JSON.stringify([
      {
        ...view,
        filters: {
          search: 12,
          ratingMin: 9,
          states: ["ca", "California", "NY"],
          affiliatedEntities: "Genesis",
          alertFilterEnabled: "yes",
          ratingMetric: "Fines",
          timePeriod: "lastQuarter",
        },
      },
    ]);
    expect(parseSavedViews(raw)[0]?.filters).toEqual({
      ...DEFAULT_FILTERS,
      states: ["CA", "NY"],
      timePeriod: "lastQuarter",
    });
  });

  it("restores the place, radius, order and view, in their one form", () => {
    const near = { ...DEFAULT_FILTERS, near: "94110", radius: 10, sort: "rating", view: "map" } as const;
    expect(parseSavedViews(JSON.stringify([{ ...view, filters: near }]))[0]?.filters).toEqual(near);
    const raw = JSON.stringify([
      { ...view, filters: { ...DEFAULT_FILTERS, radius: 10, sort: "distance", view: "globe" } },
      { ...view, filters: { ...DEFAULT_FILTERS, near: " 94110 ", radius: 900, sort: "stars" } },
    ]);
    expect(parseSavedViews(raw).map((saved) => saved.filters)).toEqual([
      DEFAULT_FILTERS,
      { ...DEFAULT_FILTERS, near: "94110" },
    ]);
  });
  it("restores the harm and abuse filters; unknown values and views saved before them have none", () => {
    const inspections = { ...DEFAULT_FILTERS, harm: "jeopardy", abuse: true } as const;
    expect(parseSavedViews(JSON.stringify([{ ...view, filters: inspections }]))[0]?.filters).toEqual(
      inspections,
    );
    const { harm: _harm, abuse: _abuse, ...older } = DEFAULT_FILTERS;
    const raw = JSON.stringify([
      { ...view, filters: older },
      { ...view, filters: { ...DEFAULT_FILTERS, harm: "G", abuse: "yes" } },
    ]);
    expect(parseSavedViews(raw).map((saved) => saved.filters)).toEqual([DEFAULT_FILTERS, DEFAULT_FILTERS]);
  });
  it("restores the owners, special focus and ownership change; bad values and views saved before them have none", () => {
    const ownership = {
      ...DEFAULT_FILTERS,
      owners: ["organization:ACME HEALTH, LLC", "individual:DOE, JANE"],
      sff: "candidate",
      ownershipChanged: true,
    } as const;
    expect(parseSavedViews(JSON.stringify([{ ...view, filters: ownership }]))[0]?.filters).toEqual(ownership);
    const { owners: _owners, sff: _sff, ownershipChanged: _changed, ...older } = DEFAULT_FILTERS;
    const raw = JSON.stringify([
      { ...view, filters: older },
      {
        ...view,
        filters: { ...DEFAULT_FILTERS, owners: ["ACME", "company:X"], sff: "SFF", ownershipChanged: "yes" },
      },
    ]);
    expect(parseSavedViews(raw).map((saved) => saved.filters)).toEqual([DEFAULT_FILTERS, DEFAULT_FILTERS]);
  });
});

describe("saved views store", () => {
  it("saves with a generated id and timestamp, and deletes", () => {
    const storage = new MemoryStorage();
    const store = createSavedViewsStore(() => storage);
    const filters = { ...DEFAULT_FILTERS, search: "oak" };
    const saved = store.save("  Oaks  ", filters, new Date("2024-01-01T00:00:00.000Z"));
    expect(saved).toMatchObject({ name: "Oaks", filters, dateCreated: "2024-01-01T00:00:00.000Z" });
    const other = store.save("Second", DEFAULT_FILTERS);
    expect(other.id).not.toBe(saved.id);
    expect(parseSavedViews(storage.getItem(STORAGE_KEYS.savedViews))).toHaveLength(2);
    store.remove(saved.id);
    expect(store.getSnapshot().map((view) => view.name)).toEqual(["Second"]);
  });

  it("refuses a blank name", () => {
    const store = createSavedViewsStore(() => new MemoryStorage());
    expect(() => store.save("   ", DEFAULT_FILTERS)).toThrow(/name/);
  });

  it("rethrows storage failures on save and delete", () => {
    const storage = new MemoryStorage();
    const store = createSavedViewsStore(() => storage);
    const saved = store.save("Mine", DEFAULT_FILTERS);
    storage.isFull = true;
    expect(() => store.save("More", DEFAULT_FILTERS)).toThrow();
    expect(() => store.remove(saved.id)).toThrow();
    expect(store.getSnapshot()).toHaveLength(1);
  });
});

describe("page size", () => {
  it("remembers one of the offered sizes and falls back to 100", () => {
    const storage = new MemoryStorage();
    expect(readPageSize(storage)).toBe(100);
    writePageSize(500, storage);
    expect(storage.getItem(STORAGE_KEYS.pageSize)).toBe("500");
    expect(readPageSize(storage)).toBe(500);
    storage.setItem(STORAGE_KEYS.pageSize, "250");
    expect(readPageSize(storage)).toBe(100);
  });
  it("never throws on storage failures", () => {
    expect(readPageSize(brokenStorage)).toBe(100);
    expect(() => writePageSize(500, brokenStorage)).not.toThrow();
    expect(readPageSize(null)).toBe(100);
  });
});
