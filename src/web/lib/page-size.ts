// The remembered page size (SPEC section 9: 100, 500 or 1000, default 100, stored under 'pageSize').
import { STORAGE_KEYS } from "../../core/constants.ts";
import { parsePageSize } from "../../core/url-state.ts";
import { getBrowserStorage, type KeyValueStorage, readStorageItem, writeStorageItem } from "./storage.ts";

export function readPageSize(storage: KeyValueStorage | null = getBrowserStorage()): number {
  return parsePageSize(readStorageItem(storage, STORAGE_KEYS.pageSize));
}

/** Remembers the page size; a storage failure only means it is not remembered. */
export function writePageSize(size: number, storage: KeyValueStorage | null = getBrowserStorage()): void {
  try {
    writeStorageItem(storage, STORAGE_KEYS.pageSize, String(size));
  } catch (error) {
    console.warn("Could not remember the page size", error);
  }
}
