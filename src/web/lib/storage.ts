// Lists kept in the browser's storage (favourites, saved views): read defensively, written strictly.
// Reading never throws: unavailable storage, corrupt JSON or foreign content give an empty list (logged), so
// nothing a visitor's browser holds can break the page. Writing throws, so callers can tell the visitor.
import type * as z from "zod/mini";

/** The part of the Web Storage API we use; tests pass an in-memory one. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The browser's localStorage, or null where it is missing or blocked (privacy modes, sandboxed frames). */
export function getBrowserStorage(): KeyValueStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch (error) {
    console.warn("Local storage is not available", error);
    return null;
  }
}

export function readStorageItem(storage: KeyValueStorage | null, key: string): string | null {
  if (!storage) return null;
  try {
    return storage.getItem(key);
  } catch (error) {
    console.warn(`Could not read "${key}" from local storage`, error);
    return null;
  }
}

/** Writes a value or throws: storage missing, full or blocked. */
export function writeStorageItem(storage: KeyValueStorage | null, key: string, value: string): void {
  if (!storage) throw new Error("Local storage is not available");
  storage.setItem(key, value);
}

/**
 * Parses a stored JSON list item by item: a value that is not a JSON array gives an empty list; entries that do
 * not match the schema are dropped. Both are logged.
 */
export function parseStoredList<S extends z.ZodMiniType>(
  raw: string | null,
  itemSchema: S,
  label: string,
): z.infer<S>[] {
  if (raw === null || raw === "") return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    console.warn(`Ignoring stored ${label}: not valid JSON`, error);
    return [];
  }
  if (!Array.isArray(value)) {
    console.warn(`Ignoring stored ${label}: not a list`);
    return [];
  }
  const items: z.infer<S>[] = [];
  let dropped = 0;
  for (const entry of value) {
    const parsed = itemSchema.safeParse(entry);
    if (parsed.success) items.push(parsed.data);
    else dropped += 1;
  }
  if (dropped > 0) console.warn(`Ignoring ${dropped} malformed stored ${label}`);
  return items;
}

export interface StoredList<T> {
  /** Current items; the same array until the stored value changes (a `useSyncExternalStore` snapshot). */
  getSnapshot(): readonly T[];
  /** Replaces the stored list; throws when storage fails. */
  write(items: readonly T[]): void;
  subscribe(onChange: () => void): () => void;
}

export function createStoredList<T>(options: {
  key: string;
  parse: (raw: string | null) => T[];
  getStorage?: () => KeyValueStorage | null;
}): StoredList<T> {
  const getStorage = options.getStorage ?? getBrowserStorage;
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cached: readonly T[] = [];

  function getSnapshot(): readonly T[] {
    const raw = readStorageItem(getStorage(), options.key);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cached = options.parse(raw);
    }
    return cached;
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  // Another tab changed the list.
  function handleStorageEvent(event: StorageEvent) {
    if (event.key === options.key || event.key === null) notify();
  }

  return {
    getSnapshot,
    write(items) {
      writeStorageItem(getStorage(), options.key, JSON.stringify(items));
      notify();
    },
    subscribe(onChange) {
      listeners.add(onChange);
      if (listeners.size === 1 && typeof window !== "undefined") {
        window.addEventListener("storage", handleStorageEvent);
      }
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0 && typeof window !== "undefined") {
          window.removeEventListener("storage", handleStorageEvent);
        }
      };
    },
  };
}
