import { Building2, ClipboardList, Star, Users } from "lucide-react";
import type { ComponentType } from "react";
import type { Summary } from "../../../../core/api-types.ts";
import { formatAverage, formatCount } from "../../../../core/format.ts";
import { Card } from "../../../components/ui/card.tsx";

interface SummaryCardProps {
  label: string;
  value: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  iconClassName: string;
}

function SummaryCard({ label, value, icon: Icon, iconClassName }: SummaryCardProps) {
  return (
    <Card className="flex items-center gap-4 p-4">
      <span className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${iconClassName}`}>
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <h3 className="text-sm font-medium text-slate-600">{label}</h3>
        <p className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{value}</p>
      </div>
    </Card>
  );
}

/** The summary row: statistics of the whole filtered set, from the list response. */
export function SummarySection({ title, summary }: { title: string; summary: Summary | undefined }) {
  const placeholder = "—";
  return (
    <section aria-labelledby="summary-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="summary-title" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-500">Stats shown for the current view.</p>
      </div>
      <div className="grid grid-cols-2 gap-4 xl:grid-cols-4" aria-busy={!summary}>
        <SummaryCard
          label="Total Facilities"
          value={summary ? formatCount(summary.totalFacilities) : placeholder}
          icon={Building2}
          iconClassName="bg-blue-50 text-blue-600"
        />
        <SummaryCard
          label="Total Residents"
          value={summary ? formatCount(summary.totalResidents) : placeholder}
          icon={Users}
          iconClassName="bg-violet-50 text-violet-600"
        />
        <SummaryCard
          label="Average Rating"
          value={summary ? formatAverage(summary.averageRating) : placeholder}
          icon={Star}
          iconClassName="bg-amber-50 text-amber-500"
        />
        <SummaryCard
          label="Average Deficiency Score"
          value={summary ? formatAverage(summary.averageDeficiencyScore) : placeholder}
          icon={ClipboardList}
          iconClassName="bg-rose-50 text-rose-600"
        />
      </div>
    </section>
  );
}
