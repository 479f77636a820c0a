import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../core/constants.ts";
import {
  COMPARE_LIMIT_TEXT,
  compareHref,
  createCompareStore,
  MAX_COMPARE_FACILITIES,
  parseCompareParams,
  parseCompareSelection,
} from "./compare-selection.ts";
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

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const item = (ccn: string, providerName = `Home ${ccn}`) => ({ ccn, providerName });

describe("compare selection store", () => {
  it("adds facilities in order under its own key and removes them on a second toggle", () => {
    const storage = new MemoryStorage();
    const store = createCompareStore(() => storage);
    expect(store.toggle("015009", "Oak Home")).toBe("added");
    expect(store.toggle("015010", "Elm Home")).toBe("added");
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.compare) ?? "")).toEqual([
      { ccn: "015009", providerName: "Oak Home" },
      { ccn: "015010", providerName: "Elm Home" },
    ]);
    expect(store.toggle("015009", "Oak Home")).toBe("removed");
    expect(store.getSnapshot()).toEqual([{ ccn: "015010", providerName: "Elm Home" }]);
  });

  it("does not add a fifth facility and says so", () => {
    const storage = new MemoryStorage();
    const store = createCompareStore(() => storage);
    for (const ccn of ["000001", "000002", "000003", "000004"]) expect(store.toggle(ccn, ccn)).toBe("added");
    const before = storage.getItem(STORAGE_KEYS.compare);
    expect(store.toggle("000005", "Fifth")).toBe("full");
    expect(storage.getItem(STORAGE_KEYS.compare)).toBe(before);
    expect(store.getSnapshot()).toHaveLength(MAX_COMPARE_FACILITIES);
    expect(COMPARE_LIMIT_TEXT).toBe("You can compare up to 4 facilities.");
    // A chosen one can still be removed at the limit.
    expect(store.toggle("000002", "000002")).toBe("removed");
    expect(store.toggle("000005", "Fifth")).toBe("added");
  });

  it("treats CCNs case-insensitively", () => {
    const storage = new MemoryStorage();
    const store = createCompareStore(() => storage);
    store.toggle("01a234", "Lower");
    expect(store.getSnapshot()).toEqual([{ ccn: "01A234", providerName: "Lower" }]);
    expect(store.toggle("01A234", "Lower")).toBe("removed");
  });

  it("replaces the selection, writing only when it differs", () => {
    const storage = new MemoryStorage();
    const store = createCompareStore(() => storage);
    store.toggle("000001", "One");
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.replace([item("000001", "One")]);
    expect(listener).not.toHaveBeenCalled();
    store.replace([item("000002"), item("000003")]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().map((entry) => entry.ccn)).toEqual(["000002", "000003"]);
    store.remove("000002");
    store.remove("999999");
    expect(store.getSnapshot().map((entry) => entry.ccn)).toEqual(["000003"]);
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
    unsubscribe();
  });

  it("rethrows storage failures, and reads an empty list from unusable storage", () => {
    const storage = new MemoryStorage();
    storage.isFull = true;
    const store = createCompareStore(() => storage);
    expect(() => store.toggle("015009", "Oak")).toThrow(/quota/);
    expect(() => createCompareStore(() => null).toggle("015009", "Oak")).toThrow(/not available/);
    expect(createCompareStore(() => null).getSnapshot()).toEqual([]);
    expect(console.error).toHaveBeenCalled();
  });
});

describe("parseCompareSelection", () => {
  it("gives an empty list for nothing, corrupt JSON or foreign content", () => {
    for (const raw of [null, "", "{", "null", "7", '"015009"', '{"ccn":"015009"}']) {
      expect(parseCompareSelection(raw), String(raw)).toEqual([]);
    }
  });

  it("drops malformed entries and repeats, and keeps at most four", () => {
    const raw = JSON.stringify([
      item("000001"),
      "000002",
      { ccn: "000003" },
      { ccn: "bad", providerName: "x" },
      { ccn: 4, providerName: "x" },
      item("000001", "Again"),
      item("000005"),
      item("000006"),
      item("000007"),
      item("000008"),
    ]);
    expect(parseCompareSelection(raw).map((entry) => entry.ccn)).toEqual([
      "000001",
      "000005",
      "000006",
      "000007",
    ]);
  });
});

describe("compare address", () => {
  it("lists the CCNs in choice order", () => {
    expect(compareHref(["015009", "015010"])).toBe("/compare?ccn=015009&ccn=015010");
    expect(compareHref([])).toBe("/compare");
  });

  it("reads the ccn parameters leniently: repeats dropped, bad values and extras reported", () => {
    const params = new URLSearchParams(
      "ccn=015009&ccn=01a234&ccn=015009&ccn=&ccn=nope&ccn=000003&ccn=000004&ccn=000005&ccn=000006&ccn=%20000003",
    );
    expect(parseCompareParams(params)).toEqual({
      ccns: ["015009", "01A234", "000003", "000004"],
      invalid: ["nope"],
      overflow: ["000005", "000006"],
    });
    expect(parseCompareParams(new URLSearchParams(""))).toEqual({ ccns: [], invalid: [], overflow: [] });
  });
});
