import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { ErrorMessage, LoadingMessage } from "../../../components/status-message.tsx";
import { historyQueryOptions } from "../../../lib/facility-detail-queries.ts";

// Start fetching the charts chunk as soon as the detail screen loads, in parallel with the API calls.
const chartsModule = import("./rating-history-charts.tsx");
const HistoryCharts = lazy(() => chartsModule.then((module) => ({ default: module.HistoryCharts })));

const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

function HistoryLoading() {
  return (
    <div className={CARD}>
      <LoadingMessage text="Loading rating history..." />
    </div>
  );
}

export function RatingHistorySection({ ccn }: { ccn: string }) {
  const history = useQuery(historyQueryOptions(ccn));
  if (history.isPending) return <HistoryLoading />;
  if (history.isError) {
    return (
      <div className={CARD}>
        <ErrorMessage text={`Error loading rating history: ${history.error.message}`} />
      </div>
    );
  }
  if (history.data.length === 0) {
    return (
      <div className={CARD}>
        <p className="py-8 text-center text-slate-500">No rating history available for this facility.</p>
      </div>
    );
  }
  return (
    <Suspense fallback={<HistoryLoading />}>
      <HistoryCharts snapshots={history.data} />
    </Suspense>
  );
}
