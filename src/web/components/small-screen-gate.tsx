import { type ReactNode, useSyncExternalStore } from "react";

/** Below this width the product shows only the notice (SPEC section 1). */
export const SMALL_SCREEN_MAX_WIDTH_PX = 767;
const QUERY = `(max-width: ${SMALL_SCREEN_MAX_WIDTH_PX}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

export function SmallScreenGate({ children }: { children: ReactNode }) {
  const isSmall = useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
  if (!isSmall) return children;
  return (
    <main className="flex min-h-screen items-center justify-center p-6 text-center">
      <div className="max-w-sm space-y-3">
        <h1 className="text-xl font-semibold">CMS Star Ratings Dashboard</h1>
        <p className="text-slate-600">
          This dashboard is optimised for larger screens. Please use a desktop browser to view it.
        </p>
      </div>
    </main>
  );
}
