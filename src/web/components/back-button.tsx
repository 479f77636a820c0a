import { useLocation } from "react-router";
import { useBackNavigation } from "../hooks/use-back-navigation.ts";

/**
 * '< Back' (SPEC section 2, Facility detail): one history step when the visitor came from somewhere, else the
 * dashboard. `carriesSearch`: this page's query string is the dashboard's view (the detail page keeps it); other
 * pages' query strings are their own and are never carried to the dashboard.
 */
export function BackButton({ carriesSearch = false }: { carriesSearch?: boolean }) {
  const location = useLocation();
  const handleBack = useBackNavigation(location.key, carriesSearch);
  return (
    <button
      type="button"
      onClick={handleBack}
      className="rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-200/60 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      {"< Back"}
    </button>
  );
}
