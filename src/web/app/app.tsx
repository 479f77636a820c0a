import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { SmallScreenGate } from "../components/small-screen-gate.tsx";
import { Toaster } from "../components/ui/toaster.tsx";
import { DashboardPage } from "../features/dashboard/dashboard-page.tsx";
import { NotFoundPage } from "../features/not-found/not-found-page.tsx";

// Charts live only on the detail, compare and entity routes: loading them lazily keeps them out of the dashboard's
// bundle.
const FacilityDetailPage = lazy(() =>
  import("../features/facility-detail/facility-detail-page.tsx").then((module) => ({
    default: module.FacilityDetailPage,
  })),
);
const ComparePage = lazy(() =>
  import("../features/compare/compare-page.tsx").then((module) => ({ default: module.ComparePage })),
);

const CitationsPage = lazy(() =>
  import("../features/citations/citations-page.tsx").then((module) => ({ default: module.CitationsPage })),
);

const EntityPage = lazy(() =>
  import("../features/entity/entity-page.tsx").then((module) => ({ default: module.EntityPage })),
);

const OwnerPage = lazy(() =>
  import("../features/owner/owner-page.tsx").then((module) => ({ default: module.OwnerPage })),
);

export function App() {
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <SmallScreenGate>
        <BrowserRouter>
          <Routes>
            <Route path="/" element={<DashboardPage />} />
            <Route
              path="/facility/:ccn"
              element={<LazyRoute page={<FacilityDetailPage />} loading="Loading facility details..." />}
            />
            <Route
              path="/compare"
              element={<LazyRoute page={<ComparePage />} loading="Loading the comparison..." />}
            />
            <Route
              path="/citations"
              element={<LazyRoute page={<CitationsPage />} loading="Loading citations..." />}
            />
            <Route
              path="/entity/:name"
              element={<LazyRoute page={<EntityPage />} loading="Loading the affiliated entity..." />}
            />
            <Route
              path="/owner/:type/:name"
              element={<LazyRoute page={<OwnerPage />} loading="Loading the owner..." />}
            />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </BrowserRouter>
      </SmallScreenGate>
      <Toaster />
    </QueryClientProvider>
  );
}

/** A route whose code loads on first visit, with what it says meanwhile. */
function LazyRoute({ page, loading }: { page: ReactNode; loading: string }) {
  return <Suspense fallback={<p className="p-10 text-center text-slate-500">{loading}</p>}>{page}</Suspense>;
}
