// The facilities chosen for comparison, kept on the device (like favourites) and in the /compare address.
// Stored as [{ ccn, providerName, city, state }] in choice order: the name and place let the compare bar show what
// was chosen, and tell apart homes of one name, without asking the server. Entries stored before the place was
// kept have none.
import * as z from "zod/mini";
import { CCN_PATTERN, STORAGE_KEYS } from "../../core/constants.ts";
import { createStoredList, type KeyValueStorage, parseStoredList } from "./storage.ts";

/** How many facilities fit side by side in the comparison. */
export const MAX_COMPARE_FACILITIES = 4;

export const COMPARE_LIMIT_TEXT = `You can compare up to ${MAX_COMPARE_FACILITIES} facilities.`;

export const compareItemSchema = z.object({
  ccn: z.string().check(z.regex(CCN_PATTERN)),
  providerName: z.string(),
  city: z.optional(z.nullable(z.string())),
  state: z.optional(z.nullable(z.string())),
});
export type CompareItem = z.infer<typeof compareItemSchema>;

/** What a Compare toggle knows of its facility (a list item or a facility's detail). */
export interface CompareFacility {
  ccn: string;
  providerName: string;
  city?: string | null | undefined;
  state?: string | null | undefined;
}

/** The stored entry of a facility: these fields only, the CCN upper-cased. */
export function toCompareItem(facility: CompareFacility): CompareItem {
  return {
    ccn: facility.ccn.toUpperCase(),
    providerName: facility.providerName,
    city: facility.city ?? null,
    state: facility.state ?? null,
  };
}

/** 'LIMA, OH': where the facility is, "" when not known. */
export function comparePlace(item: Pick<CompareItem, "city" | "state">): string {
  return [item.city, item.state].filter(Boolean).join(", ");
}

export interface CompareChipText {
  ccn: string;
  /** The facility's name (cut on screen when long). */
  name: string;
  /** The line under the name: the place; the CCN where the place is not known or another chosen home of the same
   * name has the same place (homes of one chain often share a name); "" when the name is the CCN. */
  detail: string;
  /** The whole of it, shown on hover. */
  title: string;
  /** The accessible name of the chip's remove button. */
  removeLabel: string;
}

/** What the compare bar's chips say about each chosen facility, so that they can be told apart. */
export function compareChipTexts(items: readonly CompareItem[]): CompareChipText[] {
  return items.map((item) => {
    const name = item.providerName || `CCN ${item.ccn}`;
    const place = comparePlace(item);
    const isPlaceShared = items.some(
      (other) => other !== item && other.providerName === item.providerName && comparePlace(other) === place,
    );
    const ccn = `CCN ${item.ccn}`;
    return {
      ccn: item.ccn,
      name,
      detail: !place ? (item.providerName ? ccn : "") : isPlaceShared ? `${place} · ${ccn}` : place,
      title: item.providerName ? `${name} — ${place ? `${place}, ` : ""}${ccn}` : ccn,
      removeLabel: `Remove ${name}${place ? `, ${place},` : ""} from comparison`,
    };
  });
}

function isSameItem(a: CompareItem, b: CompareItem | undefined): boolean {
  return (
    b !== undefined &&
    a.ccn === b.ccn &&
    a.providerName === b.providerName &&
    (a.city ?? null) === (b.city ?? null) &&
    (a.state ?? null) === (b.state ?? null)
  );
}

/**
 * The stored selection, defensively: corrupt or foreign content is an empty list; malformed entries and
 * duplicates are dropped, and a list longer than the limit (edited by hand) keeps its first entries.
 */
export function parseCompareSelection(raw: string | null): CompareItem[] {
  const seen = new Set<string>();
  return parseStoredList(raw, compareItemSchema, "compare selection")
    .map((item) => ({ ...item, ccn: item.ccn.toUpperCase() }))
    .filter((item) => {
      if (seen.has(item.ccn)) return false;
      seen.add(item.ccn);
      return true;
    })
    .slice(0, MAX_COMPARE_FACILITIES);
}

export type CompareToggleResult = "added" | "removed" | "full";

export function createCompareStore(getStorage?: () => KeyValueStorage | null) {
  const list = createStoredList({ key: STORAGE_KEYS.compare, parse: parseCompareSelection, getStorage });

  function write(items: readonly CompareItem[]) {
    try {
      list.write(items);
    } catch (error) {
      console.error("Could not save the compare selection", error);
      throw error;
    }
  }

  return {
    getSnapshot: list.getSnapshot,
    subscribe: list.subscribe,
    /**
     * Adds the facility, or removes it when it is already chosen. A fifth facility is not added ("full").
     * Throws (after logging) when storage fails.
     */
    toggle(facility: CompareFacility): CompareToggleResult {
      const item = toCompareItem(facility);
      const current = list.getSnapshot();
      if (current.some((entry) => entry.ccn === item.ccn)) {
        write(current.filter((entry) => entry.ccn !== item.ccn));
        return "removed";
      }
      if (current.length >= MAX_COMPARE_FACILITIES) return "full";
      write([...current, item]);
      return "added";
    },
    remove(ccn: string): void {
      const id = ccn.toUpperCase();
      const current = list.getSnapshot();
      if (current.some((item) => item.ccn === id)) write(current.filter((item) => item.ccn !== id));
    },
    /** Replaces the selection (a shared comparison link wins over what the device held); no write when equal. */
    replace(items: readonly CompareItem[]): void {
      const next = items.slice(0, MAX_COMPARE_FACILITIES);
      const current = list.getSnapshot();
      const isSame =
        current.length === next.length && current.every((item, index) => isSameItem(item, next[index]));
      if (!isSame) write(next);
    },
    clear(): void {
      if (list.getSnapshot().length > 0) write([]);
    },
  };
}

export type CompareStore = ReturnType<typeof createCompareStore>;
export const compareStore: CompareStore = createCompareStore();

/** The comparison's address: /compare?ccn=A&ccn=B, in choice order. */
export function compareHref(ccns: readonly string[]): string {
  const params = new URLSearchParams();
  for (const ccn of ccns) params.append("ccn", ccn);
  const query = params.toString();
  return query ? `/compare?${query}` : "/compare";
}

export interface CompareParams {
  /** Well-formed CCNs, upper-cased, without repeats, at most MAX_COMPARE_FACILITIES, in address order. */
  ccns: string[];
  /** Values that are not CCNs at all (said on the page, never requested). */
  invalid: string[];
  /** Well-formed CCNs beyond the limit (said on the page, not compared). */
  overflow: string[];
}

/** Reads the `ccn` parameters of /compare leniently: bad values are reported, not fatal. */
export function parseCompareParams(params: URLSearchParams): CompareParams {
  const ccns: string[] = [];
  const invalid: string[] = [];
  const overflow: string[] = [];
  for (const raw of params.getAll("ccn")) {
    const value = raw.trim();
    if (value === "") continue;
    if (!CCN_PATTERN.test(value)) {
      if (!invalid.includes(value)) invalid.push(value);
      continue;
    }
    const ccn = value.toUpperCase();
    if (ccns.includes(ccn) || overflow.includes(ccn)) continue;
    if (ccns.length < MAX_COMPARE_FACILITIES) ccns.push(ccn);
    else overflow.push(ccn);
  }
  return { ccns, invalid, overflow };
}
