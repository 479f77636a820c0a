// The owner's homes by state (each linking to them on the dashboard) and the homes it gained and lost by year,
// each as a table with bars drawn in CSS: the table is its own text alternative, with a summary in words.
import { History, MapPinned } from "lucide-react";
import { Link } from "react-router";
import { formatCount } from "../../../../core/format.ts";
import type { Owner } from "../../../../core/ownership.ts";
import { ownerDashboardPath } from "../../../lib/ownership-labels.ts";
import { describeHistory, historyRows, stateRows } from "../lib/owner-descriptions.ts";

const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const LINK =
  "rounded-sm text-blue-700 underline decoration-blue-300 underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

function Bar({ width, tone }: { width: number; tone: string }) {
  return (
    <span aria-hidden className="block h-2.5 rounded-sm bg-slate-100">
      <span
        className={`block h-full rounded-sm ${tone}`}
        style={{ width: `${Math.max(width, width > 0 ? 2 : 0)}%` }}
      />
    </span>
  );
}

export function OwnerStates({ owner }: { owner: Owner }) {
  const rows = stateRows(owner);
  return (
    <section aria-labelledby="owner-by-state" className={CARD} data-testid="owner-by-state">
      <h2 id="owner-by-state" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <MapPinned className="size-4 text-slate-500" aria-hidden />
        Homes by state
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No homes in the current data.</p>
      ) : (
        <div className="mt-3 max-h-96 overflow-y-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="py-2 pr-2 font-medium">
                  State
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Homes
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Share
                </th>
                <th scope="col" className="w-2/5 py-2 pl-2 font-medium">
                  <span className="sr-only">Bar</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.state} data-state={row.state}>
                  <th scope="row" className="py-1.5 pr-2 text-left font-medium">
                    <Link
                      to={ownerDashboardPath(owner, row.state)}
                      className={LINK}
                      aria-label={`${row.state}: the owner's ${formatCount(row.homes)} homes there on the dashboard`}
                    >
                      {row.state}
                    </Link>
                  </th>
                  <td className="px-2 py-1.5 text-right font-semibold tabular-nums text-slate-900">
                    {formatCount(row.homes)}
                  </td>
                  <td className="px-2 py-1.5 text-right tabular-nums text-slate-600">{row.share}</td>
                  <td className="py-1.5 pl-2">
                    <Bar width={row.width} tone="bg-blue-600" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function OwnerHistory({ owner }: { owner: Owner }) {
  const rows = historyRows(owner.history);
  return (
    <section aria-labelledby="owner-history" className={CARD} data-testid="owner-history">
      <h2 id="owner-history" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <History className="size-4 text-slate-500" aria-hidden />
        Homes gained and lost over the years
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="owner-history-summary">
        {describeHistory(rows)}
      </p>
      {rows.length > 0 && (
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
              <th scope="col" className="py-2 pr-2 font-medium">
                Year
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Gained
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Lost
              </th>
              <th scope="col" className="w-2/5 py-2 pl-2 font-medium">
                <span className="sr-only">Bars</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.year} data-year={row.year}>
                <th scope="row" className="py-1.5 pr-2 text-left font-medium text-slate-800">
                  {row.year}
                </th>
                <td
                  className="px-2 py-1.5 text-right tabular-nums text-emerald-800"
                  data-testid="history-gained"
                >
                  {row.gained > 0 ? `+${formatCount(row.gained)}` : "0"}
                </td>
                <td className="px-2 py-1.5 text-right tabular-nums text-red-800" data-testid="history-lost">
                  {row.lost > 0 ? `−${formatCount(row.lost)}` : "0"}
                </td>
                <td className="space-y-0.5 py-1.5 pl-2">
                  <Bar width={row.gainedWidth} tone="bg-emerald-600" />
                  <Bar width={row.lostWidth} tone="bg-red-600" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
