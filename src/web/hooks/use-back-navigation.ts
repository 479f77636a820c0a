import { useNavigate } from "react-router";
import { getBackTarget } from "../lib/back-target.ts";

/**
 * The '< Back' handler: reads the browser's history and referrer at click time. `carriesSearch`: the current query
 * string is the dashboard's view, carried back to it when there is no history to go back to.
 */
export function useBackNavigation(locationKey: string, carriesSearch: boolean): () => void {
  const navigate = useNavigate();
  return function handleBack() {
    const target = getBackTarget({
      historyLength: window.history.length,
      referrer: document.referrer,
      origin: window.location.origin,
      currentSearch: carriesSearch ? window.location.search : "",
      hasInAppHistory: locationKey !== "default",
    });
    if (target.kind === "history") navigate(-1);
    else navigate(target.to);
  };
}
