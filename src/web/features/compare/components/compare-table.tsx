// The comparison table: one column per facility, one row per detail field shown for them (compareSections),
// sections as on the detail page. The best value of a row (where better is well defined) carries an icon and the
// word "Best", never colour alone.
import { Award, X } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { type ComparedFacility, type CompareRow, compareSections, markBest } from "../lib/compare-rows.ts";

const BETTER_HINT = { higher: "higher is better", lower: "lower is better" } as const;

export function CompareTable({
  facilities,
  onRemove,
}: {
  facilities: readonly ComparedFacility[];
  onRemove: (facility: ComparedFacility) => void;
}) {
  const columnCount = facilities.length + 1;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[40rem] table-fixed border-collapse text-sm">
        <caption className="sr-only">
          Facilities side by side. In rows where a higher or lower value is better, the best value is marked
          Best.
        </caption>
        <colgroup>
          <col className="w-52" />
        </colgroup>
        <thead>
          <tr className="border-b border-slate-200 align-top">
            <th
              scope="col"
              className="p-4 text-left text-xs font-medium uppercase tracking-wide text-slate-500"
            >
              Facility
            </th>
            {facilities.map((facility) => (
              <th key={facility.ccn} scope="col" className="p-4 text-left font-normal">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <Link
                      to={`/facility/${facility.ccn}`}
                      className="rounded-sm font-semibold text-blue-700 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-blue-600"
                    >
                      {facility.providerName}
                    </Link>
                    <p className="mt-0.5 text-xs text-slate-500">
                      {[facility.city, facility.state].filter(Boolean).join(", ") || `CCN ${facility.ccn}`}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    onClick={() => onRemove(facility)}
                    aria-label={`Remove ${facility.providerName} from comparison`}
                    title="Remove from comparison"
                    className="-mt-1 -mr-2 text-slate-500"
                  >
                    <X aria-hidden />
                  </Button>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        {compareSections(facilities).map((section) => (
          <tbody key={section.id}>
            <tr className="bg-slate-50">
              <th
                scope="colgroup"
                colSpan={columnCount}
                className="px-4 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600"
              >
                {section.title}
              </th>
            </tr>
            {section.rows.map((row) => (
              <CompareTableRow key={row.id} row={row} facilities={facilities} />
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}

function CompareTableRow({ row, facilities }: { row: CompareRow; facilities: readonly ComparedFacility[] }) {
  const { better, value } = row;
  const best =
    better && value
      ? markBest(
          facilities.map((facility) => value(facility)),
          better,
        )
      : facilities.map(() => false);
  return (
    <tr className="border-t border-slate-100" data-row={row.id}>
      <th scope="row" className="px-4 py-2.5 text-left font-medium text-slate-700">
        {row.label}
        {better && (
          <span className="block text-xs font-normal text-slate-500">
            {row.betterHint ?? BETTER_HINT[better]}
          </span>
        )}
        {row.note && (
          <span className="mt-1 block text-xs font-normal text-slate-600" data-testid="row-note">
            {row.note}
          </span>
        )}
      </th>
      {facilities.map((facility, column) => {
        const href = row.href?.(facility);
        const text = row.text(facility);
        const isBest = best[column] === true;
        return (
          <td
            key={facility.ccn}
            data-best={isBest || undefined}
            className={isBest ? "bg-emerald-50 px-4 py-2.5 text-slate-900" : "px-4 py-2.5 text-slate-800"}
          >
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              {href ? (
                <Link
                  to={href}
                  className="rounded-sm text-blue-700 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-blue-600"
                >
                  {text}
                </Link>
              ) : (
                <span className={isBest ? "font-semibold tabular-nums" : "tabular-nums"}>{text}</span>
              )}
              {isBest && (
                <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
                  <Award aria-hidden className="size-3.5" />
                  Best
                </span>
              )}
            </span>
          </td>
        );
      })}
    </tr>
  );
}
