// The owner page's header: what kind of owner, its name, its footprint and the years CMS's files list it, its roles
// across its homes, its states (each linking to its homes there on the dashboard), the link to all its homes on the
// dashboard, and its homes' average ratings beside the nation's.
import { Building2, ExternalLink, MapPin, User } from "lucide-react";
import { Link } from "react-router";
import { formatAverage } from "../../../../core/format.ts";
import type { Owner } from "../../../../core/ownership.ts";
import { ownerDashboardPath } from "../../../lib/ownership-labels.ts";
import { countRoles, describeFootprint, describeListed, describeRoles } from "../lib/owner-descriptions.ts";

const AVERAGE_RATINGS = [
  { key: "overallRating", label: "Overall" },
  { key: "healthInspectionRating", label: "Health Inspection" },
  { key: "staffingRating", label: "Staffing" },
  { key: "qmRating", label: "Quality Measures" },
] as const satisfies readonly { key: keyof Owner["averageRatings"]; label: string }[];

const LINK =
  "rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

export function OwnerHeader({ owner }: { owner: Owner }) {
  const Icon = owner.type === "organization" ? Building2 : User;
  const roles = countRoles(owner.facilities);
  return (
    <header className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="space-y-2">
        <p className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-slate-500">
          <Icon className="size-3.5" aria-hidden />
          {owner.type === "organization"
            ? "Owner or manager: an organization"
            : "Owner or manager: an individual"}
        </p>
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{owner.name}</h1>
        <p className="text-slate-700" data-testid="owner-footprint">
          {describeFootprint(owner)}
          <span className="text-slate-500"> · {describeListed(owner)}</span>
        </p>
        {roles.length > 0 && (
          <p className="text-sm text-slate-600" data-testid="owner-roles">
            {describeRoles(roles)}.
          </p>
        )}
        {owner.states.length > 0 && (
          <div className="flex items-start gap-1.5 text-xs">
            <MapPin className="mt-1 size-3.5 shrink-0 text-slate-400" aria-hidden />
            <ul
              aria-label="States"
              className="flex min-w-0 flex-1 flex-wrap gap-1.5"
              data-testid="owner-states"
            >
              {owner.states.map(({ state }) => (
                <li key={state}>
                  <Link
                    to={ownerDashboardPath(owner, state)}
                    className={`${LINK} inline-block rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700 hover:bg-slate-200 hover:text-slate-900`}
                    aria-label={`${state}: the owner's homes in ${state} on the dashboard`}
                  >
                    {state}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
        {owner.facilityCount > 0 && (
          <Link
            to={ownerDashboardPath(owner)}
            className={`${LINK} inline-flex items-center gap-1 text-sm text-blue-700 underline underline-offset-2 hover:text-blue-900`}
            data-testid="owner-dashboard-link"
          >
            Open these homes on the dashboard
            <ExternalLink className="size-3.5" aria-hidden />
          </Link>
        )}
      </div>
      {owner.facilityCount > 0 && (
        <section aria-labelledby="owner-averages">
          <h2 id="owner-averages" className="mb-2 text-sm font-semibold text-slate-700">
            Average ratings of its homes, beside the nation's
          </h2>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="owner-average-ratings">
            {AVERAGE_RATINGS.map(({ key, label }) => (
              <div key={key} className="rounded-lg bg-slate-50 px-4 py-3" data-rating={key}>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
                <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">
                  {formatAverage(owner.averageRatings[key])}
                  {owner.averageRatings[key] !== null && (
                    <span className="ml-1 text-sm font-normal text-slate-500">out of 5</span>
                  )}
                </dd>
                <dd
                  className="mt-0.5 text-sm tabular-nums text-slate-600"
                  data-testid="owner-national-average"
                >
                  Nation: {formatAverage(owner.nationalAverageRatings[key])}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </header>
  );
}
