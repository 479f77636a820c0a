// Favourite facilities, kept on the device (SPEC sections 3, 7): [{ id: CCN, dateAdded: ISO timestamp }].
import * as z from "zod/mini";
import { CCN_PATTERN, STORAGE_KEYS } from "../../core/constants.ts";
import { createStoredList, type KeyValueStorage, parseStoredList } from "./storage.ts";

export const favoriteFacilitySchema = z.object({
  // A CCN: anything else ("", "undefined", "null", foreign ids) would make the favourites request fail.
  id: z.string().check(z.regex(CCN_PATTERN)),
  dateAdded: z.string(),
});
export type FavoriteFacility = z.infer<typeof favoriteFacilitySchema>;

/** Stored favourites, defensively: corrupt or foreign content is an empty list, duplicates are dropped. */
export function parseFavorites(raw: string | null): FavoriteFacility[] {
  const seen = new Set<string>();
  return parseStoredList(raw, favoriteFacilitySchema, "favorites").filter((favorite) => {
    if (seen.has(favorite.id)) return false;
    seen.add(favorite.id);
    return true;
  });
}

export function createFavoritesStore(getStorage?: () => KeyValueStorage | null) {
  const list = createStoredList({ key: STORAGE_KEYS.favorites, parse: parseFavorites, getStorage });
  return {
    getSnapshot: list.getSnapshot,
    subscribe: list.subscribe,
    /**
     * Adds the facility, or removes it when it is already a favourite. Returns whether it is a favourite now;
     * throws (after logging) when storage fails.
     */
    toggle(id: string, now: Date = new Date()): boolean {
      const current = list.getSnapshot();
      const isFavorite = current.some((favorite) => favorite.id === id);
      const next = isFavorite
        ? current.filter((favorite) => favorite.id !== id)
        : [...current, { id, dateAdded: now.toISOString() }];
      try {
        list.write(next);
      } catch (error) {
        console.error("Could not save favorites", error);
        throw error;
      }
      return !isFavorite;
    },
  };
}

export type FavoritesStore = ReturnType<typeof createFavoritesStore>;
export const favoritesStore: FavoritesStore = createFavoritesStore();
