import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { SmallScreenGate } from "../components/small-screen-gate.tsx";
import { Toaster } from "../components/ui/toaster.tsx";
import { DashboardPage } from "../features/dashboard/dashboard-page.tsx";
import { NotFoundPage } from "../features/not-found/not-found-page.tsx";

// Charts live only on the detail route: loading it lazily keeps them out of the dashboard's bundle.
const FacilityDetailPage = lazy(() =>
  import("../features/facility-detail/facility-detail-page.tsx").then((module) => ({
    default: module.FacilityDetailPage,
  })),
);
const ComparePage = lazy(() =>
  import("../features/compare/compare-page.tsx").then((module) => ({ default: module.ComparePage })),
);

const EntityPage = lazy(() =>
  import("../features/entity/entity-page.tsx").then((module) => ({ default: module.EntityPage })),
);

export function App() {
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <SmallScreenGate>
        <BrowserRouter>
          <Suspense fallback={<RouteLoading />}>
            <Routes>
              <Route path="/" element={<DashboardPage />} />
              <Route path="/facility/:ccn" element={<FacilityDetailPage />} />
              <Route path="/compare" element={<ComparePage />} />
              <Route path="/entity/:name" element={<EntityPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </SmallScreenGate>
      <Toaster />
    </QueryClientProvider>
  );
}

/** Shown while the detail route's code loads (only that route is loaded lazily). */
function RouteLoading() {
  return <p className="p-10 text-center text-slate-500">Loading facility details...</p>;
}
