import { lazy, Suspense } from "react";
import { loadSonner } from "../../lib/toast.ts";

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** sonner's Toaster, loaded after the first render to keep it out of the initial JavaScript. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <SonnerToaster richColors closeButton position="top-right" />
    </Suspense>
  );
}
