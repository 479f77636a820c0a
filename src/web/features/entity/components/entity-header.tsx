import { Building, ExternalLink, MapPin } from "lucide-react";
import { Link } from "react-router";
import type { Entity } from "../../../../core/api-types.ts";
import { formatAverage } from "../../../../core/format.ts";
import { describeFootprint } from "../lib/entity-descriptions.ts";

const AVERAGE_RATINGS = [
  { key: "overallRating", label: "Overall" },
  { key: "healthInspectionRating", label: "Health Inspection" },
  { key: "staffingRating", label: "Staffing" },
  { key: "qmRating", label: "Quality Measures" },
] as const satisfies readonly { key: keyof Entity["averageRatings"]; label: string }[];

/** The dashboard filtered to the entity (and a state): the same facilities with the dashboard's tools. */
function dashboardLink(name: string, state?: string): string {
  const params = new URLSearchParams();
  if (state) params.append("state", state);
  params.append("entity", name);
  return `/?${params.toString()}`;
}

const LINK =
  "rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

export function EntityHeader({ entity }: { entity: Entity }) {
  return (
    <header className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="space-y-2">
        <p className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-slate-500">
          <Building className="size-3.5" aria-hidden />
          Affiliated entity
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{entity.name}</h1>
        <p className="text-slate-700" data-testid="entity-footprint">
          {describeFootprint(entity)}
        </p>
        {entity.states.length > 0 && (
          <div className="flex flex-wrap items-center gap-1.5 text-xs">
            <MapPin className="size-3.5 text-slate-400" aria-hidden />
            <ul aria-label="States" className="flex flex-wrap gap-1.5" data-testid="entity-states">
              {entity.states.map((state) => (
                <li key={state}>
                  <Link
                    to={dashboardLink(entity.name, state)}
                    className={`${LINK} inline-block rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700 hover:bg-slate-200 hover:text-slate-900`}
                    aria-label={`${state}: the entity's facilities in ${state} on the dashboard`}
                  >
                    {state}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
        <Link
          to={dashboardLink(entity.name)}
          className={`${LINK} inline-flex items-center gap-1 text-sm text-blue-700 underline underline-offset-2 hover:text-blue-900`}
        >
          Open these facilities on the dashboard
          <ExternalLink className="size-3.5" aria-hidden />
        </Link>
      </div>
      <section aria-labelledby="entity-averages">
        <h2 id="entity-averages" className="mb-2 text-sm font-semibold text-slate-700">
          Average ratings
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="entity-average-ratings">
          {AVERAGE_RATINGS.map(({ key, label }) => (
            <div key={key} className="rounded-lg bg-slate-50 px-4 py-3">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
              <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">
                {formatAverage(entity.averageRatings[key])}
                {entity.averageRatings[key] !== null && (
                  <span className="ml-1 text-sm font-normal text-slate-500">out of 5</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </header>
  );
}
