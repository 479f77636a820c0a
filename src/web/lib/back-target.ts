// Where '< Back' goes (SPEC section 2, Facility detail): one history step when there is history and a
// referrer; otherwise the dashboard, carrying the search query string of a same-origin referrer, else of the
// current URL (the dashboard links here keeping its filters, so either way its view comes back).

export interface BackContext {
  /** window.history.length */
  historyLength: number;
  /** document.referrer ('' when none) */
  referrer: string;
  /** window.location.origin */
  origin: string;
  /** The current URL's search string, '?state=AL' or ''. */
  currentSearch: string;
  /**
   * The router reached this screen by an in-app navigation (its location key is not the initial one). The
   * browser keeps the referrer of the first page load across in-app navigations, so this is how "there is
   * history and a referrer" shows inside a single-page app: the referrer is the in-app page we came from.
   */
  hasInAppHistory: boolean;
}

export type BackTarget = { kind: "history" } | { kind: "path"; to: string };

function getSameOriginSearch(referrer: string, origin: string): string | null {
  try {
    const url = new URL(referrer);
    return url.origin === origin ? url.search : null;
  } catch {
    return null;
  }
}

export function getBackTarget(context: BackContext): BackTarget {
  if (context.hasInAppHistory || (context.historyLength > 1 && context.referrer !== "")) {
    return { kind: "history" };
  }
  const search =
    (context.referrer !== "" ? getSameOriginSearch(context.referrer, context.origin) : null) ??
    context.currentSearch;
  return { kind: "path", to: `/${search}` };
}
