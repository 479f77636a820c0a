import { useCallback, useMemo, useSyncExternalStore } from "react";
import { COMPARE_LIMIT_TEXT, type CompareFacility, compareStore } from "../lib/compare-selection.ts";
import { toast } from "../lib/toast.ts";

const STORAGE_ERROR = {
  title: "Error updating the comparison",
  description: "There was a problem saving the facilities to compare",
};

/** The facilities chosen for comparison on this device, and the actions that change them. */
export function useCompareSelection() {
  const items = useSyncExternalStore(compareStore.subscribe, compareStore.getSnapshot);
  const ids = useMemo(() => new Set(items.map((item) => item.ccn)), [items]);

  // Stable, so memoised cards do not re-render when the selection changes.
  const toggle = useCallback((facility: CompareFacility) => {
    try {
      if (compareStore.toggle(facility) === "full") {
        toast.error(COMPARE_LIMIT_TEXT, {
          description: "Remove one of the chosen facilities to add another.",
        });
      }
    } catch {
      toast.error(STORAGE_ERROR.title, { description: STORAGE_ERROR.description });
    }
  }, []);

  const remove = useCallback((ccn: string) => {
    try {
      compareStore.remove(ccn);
    } catch {
      toast.error(STORAGE_ERROR.title, { description: STORAGE_ERROR.description });
    }
  }, []);

  const clear = useCallback(() => {
    try {
      compareStore.clear();
    } catch {
      toast.error(STORAGE_ERROR.title, { description: STORAGE_ERROR.description });
    }
  }, []);

  return { items, ids, toggle, remove, clear };
}
