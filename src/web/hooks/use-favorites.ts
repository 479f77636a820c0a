import { useCallback, useMemo, useSyncExternalStore } from "react";
import { favoritesStore } from "../lib/favorites.ts";
import { toast } from "../lib/toast.ts";

/** The device's favourite facilities, and a toggle that tells the visitor what happened. */
export function useFavorites() {
  const favorites = useSyncExternalStore(favoritesStore.subscribe, favoritesStore.getSnapshot);
  const favoriteIds = useMemo(() => new Set(favorites.map((favorite) => favorite.id)), [favorites]);
  const sortedIds = useMemo(() => [...favoriteIds].sort(), [favoriteIds]);

  // Stable, so memoised cards do not re-render when the list changes.
  const toggleFavorite = useCallback((ccn: string, providerName: string) => {
    try {
      const isFavorite = favoritesStore.toggle(ccn);
      toast.success(isFavorite ? "Added to favorites" : "Removed from favorites", {
        description: providerName,
      });
    } catch {
      toast.error("Error updating favorites", { description: "There was a problem updating your favorites" });
    }
  }, []);

  return { favoriteIds, sortedIds, toggleFavorite };
}
