import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import type { Entity } from "../../../../core/api-types.ts";
import { ErrorMessage, LoadingMessage } from "../../../components/status-message.tsx";
import { entityTrendQueryOptions } from "../api/entity-queries.ts";

// Start fetching the charts chunk as soon as the entity page loads, in parallel with the API calls.
const chartsModule = import("./entity-charts.tsx");
const DistributionChart = lazy(() => chartsModule.then((module) => ({ default: module.DistributionChart })));
const TrendChart = lazy(() => chartsModule.then((module) => ({ default: module.TrendChart })));

const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

function ChartLoading({ text }: { text: string }) {
  return (
    <div className={CARD}>
      <LoadingMessage text={text} />
    </div>
  );
}

function Trend({ name }: { name: string }) {
  const trend = useQuery(entityTrendQueryOptions(name));
  if (trend.isPending) return <ChartLoading text="Loading rating trend..." />;
  if (trend.isError) {
    return (
      <div className={CARD}>
        <ErrorMessage text={`Error loading rating trend: ${trend.error.message}`} />
      </div>
    );
  }
  return (
    <Suspense fallback={<ChartLoading text="Loading rating trend..." />}>
      <TrendChart points={trend.data} />
    </Suspense>
  );
}

export function EntityChartsSection({ entity }: { entity: Entity }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Suspense fallback={<ChartLoading text="Loading rating distribution..." />}>
        <DistributionChart entity={entity} />
      </Suspense>
      <Trend name={entity.name} />
    </div>
  );
}
