import { useSyncExternalStore } from "react";
import { savedViewsStore } from "../../../lib/saved-views.ts";

/** The saved views of this device; corrupt storage reads as none. */
export function useSavedViews() {
  return useSyncExternalStore(savedViewsStore.subscribe, savedViewsStore.getSnapshot);
}
