import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../core/constants.ts";
import {
  COMPARE_LIMIT_TEXT,
  compareChipTexts,
  compareHref,
  comparePlace,
  createCompareStore,
  MAX_COMPARE_FACILITIES,
  parseCompareParams,
  parseCompareSelection,
  toCompareItem,
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
    expect(store.toggle({ ccn: "015009", providerName: "Oak Home" })).toBe("added");
    expect(store.toggle({ ccn: "015010", providerName: "Elm Home" })).toBe("added");
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.compare) ?? "")).toEqual([
      { ccn: "015009", providerName: "Oak Home", city: null, state: null },
      { ccn: "015010", providerName: "Elm Home", city: null, state: null },
    ]);
    expect(store.toggle({ ccn: "015009", providerName: "Oak Home" })).toBe("removed");
    expect(store.getSnapshot()).toEqual([
      { ccn: "015010", providerName: "Elm Home", city: null, state: null },
    ]);
  });

  it("does not add a fifth facility and says so", () => {
    const storage = new MemoryStorage();
    const store = createCompareStore(() => storage);
    for (const ccn of ["000001", "000002", "000003", "000004"])
      expect(store.toggle({ ccn, providerName: ccn })).toBe("added");
    const before = storage.getItem(STORAGE_KEYS.compare);
    expect(store.toggle({ ccn: "000005", providerName: "Fifth" })).toBe("full");
    expect(storage.getItem(STORAGE_KEYS.compare)).toBe(before);
    expect(store.getSnapshot()).toHaveLength(MAX_COMPARE_FACILITIES);
    expect(COMPARE_LIMIT_TEXT).toBe("You can compare up to 4 facilities.");
    // A chosen one can still be removed at the limit.
    expect(store.toggle({ ccn: "000002", providerName: "000002" })).toBe("removed");
    expect(store.toggle({ ccn: "000005", providerName: "Fifth" })).toBe("added");
  });

  it("keeps each facility's city and state, and nothing else of what the toggle was given", () => {
    const storage = new MemoryStorage();
    const store = createCompareStore(() => storage);
    const card = { ccn: "365001", providerName: "ALLEN COUNTY CARE CENTER", city: "LIMA", state: "OH" };
    store.toggle({ ...card, overallRating: 4, healthDeficiencyScore: 12 } as typeof card);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.compare) ?? "")).toEqual([card]);
    expect(comparePlace(card)).toBe("LIMA, OH");
    expect(comparePlace({ city: null, state: "OH" })).toBe("OH");
    expect(comparePlace({})).toBe("");
    expect(toCompareItem({ ccn: "365a01", providerName: "X" })).toEqual({
      ccn: "365A01",
      providerName: "X",
      city: null,
      state: null,
    });
  });

  it("treats CCNs case-insensitively", () => {
    const storage = new MemoryStorage();
    const store = createCompareStore(() => storage);
    store.toggle({ ccn: "01a234", providerName: "Lower" });
    expect(store.getSnapshot()).toEqual([{ ccn: "01A234", providerName: "Lower", city: null, state: null }]);
    expect(store.toggle({ ccn: "01A234", providerName: "Lower" })).toBe("removed");
  });

  it("replaces the selection, writing only when it differs", () => {
    const storage = new MemoryStorage();
    const store = createCompareStore(() => storage);
    store.toggle({ ccn: "000001", providerName: "One" });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.replace([{ ...item("000001", "One"), city: null, state: null }]);
    expect(listener).not.toHaveBeenCalled();
    // The same facility with its place (from the comparison's details) is written.
    store.replace([{ ...item("000001", "One"), city: "LIMA", state: "OH" }]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()[0]?.city).toBe("LIMA");
    listener.mockClear();
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
    expect(() => store.toggle({ ccn: "015009", providerName: "Oak" })).toThrow(/quota/);
    expect(() => createCompareStore(() => null).toggle({ ccn: "015009", providerName: "Oak" })).toThrow(
      /not available/,
    );
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

  it("reads entries stored before the place was kept, and entries with it", () => {
    const raw = JSON.stringify([
      { ccn: "000001", providerName: "Old" },
      { ccn: "000002", providerName: "New", city: "LIMA", state: "OH" },
      { ccn: "000003", providerName: "No city", city: null, state: "OH" },
      { ccn: "000004", providerName: "Bad city", city: 7, state: "OH" },
    ]);
    expect(parseCompareSelection(raw)).toEqual([
      { ccn: "000001", providerName: "Old" },
      { ccn: "000002", providerName: "New", city: "LIMA", state: "OH" },
      { ccn: "000003", providerName: "No city", city: null, state: "OH" },
    ]);
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

describe("compare bar chips", () => {
  it("name each facility with its place, and add the CCN where the place does not tell homes apart", () => {
    const texts = compareChipTexts([
      { ccn: "365001", providerName: "ALLEN COUNTY CARE CENTER", city: "LIMA", state: "OH" },
      { ccn: "365002", providerName: "ALLEN COUNTY CARE CENTER", city: "DELPHOS", state: "OH" },
      { ccn: "145001", providerName: "CHAIN HOME", city: "SPRINGFIELD", state: "IL" },
      { ccn: "145002", providerName: "CHAIN HOME", city: "SPRINGFIELD", state: "IL" },
    ]);
    expect(texts.map((text) => text.detail)).toEqual([
      "LIMA, OH",
      "DELPHOS, OH",
      "SPRINGFIELD, IL · CCN 145001",
      "SPRINGFIELD, IL · CCN 145002",
    ]);
    expect(texts[0]).toEqual({
      ccn: "365001",
      name: "ALLEN COUNTY CARE CENTER",
      detail: "LIMA, OH",
      title: "ALLEN COUNTY CARE CENTER — LIMA, OH, CCN 365001",
      removeLabel: "Remove ALLEN COUNTY CARE CENTER, LIMA, OH, from comparison",
    });
  });

  it("fall back to the CCN for entries stored without a place or a name", () => {
    expect(
      compareChipTexts([
        { ccn: "015009", providerName: "OAK HOME" },
        { ccn: "015010", providerName: "" },
      ]),
    ).toEqual([
      {
        ccn: "015009",
        name: "OAK HOME",
        detail: "CCN 015009",
        title: "OAK HOME — CCN 015009",
        removeLabel: "Remove OAK HOME from comparison",
      },
      {
        ccn: "015010",
        name: "CCN 015010",
        detail: "",
        title: "CCN 015010",
        removeLabel: "Remove CCN 015010 from comparison",
      },
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
