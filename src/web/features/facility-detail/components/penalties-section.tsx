// "Penalties": the fines and payment denials CMS imposed on the facility, newest first, with their totals over the
// whole record and over the last three years.
import { useQuery } from "@tanstack/react-query";
import { Gavel } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import type { FacilityPenalties } from "../../../../core/api-types.ts";
import { formatShortDate } from "../../../../core/history.ts";
import { ShowAllToggle } from "../../../components/show-all-toggle.tsx";
import { ErrorMessage, LoadingMessage } from "../../../components/status-message.tsx";
import { penaltiesQueryOptions } from "../../../lib/facility-detail-queries.ts";
import {
  collapsedCount,
  describeDenials,
  describeFines,
  describePenalty,
  formatWindow,
  orderPenalties,
  PENALTIES_SHOWN_FIRST,
} from "../lib/inspections.ts";

const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

function Totals({ data }: { data: FacilityPenalties }) {
  const rows = [
    { key: "all", label: "In the record", totals: data.totals },
    ...(data.threeYears
      ? [
          {
            key: "three-years",
            label: `Last three years (${formatWindow(data.threeYears)})`,
            totals: data.threeYears,
          },
        ]
      : []),
  ];
  return (
    <dl className="max-w-3xl divide-y divide-slate-100 text-sm" data-testid="penalty-totals">
      {rows.map((row) => (
        <div
          key={row.key}
          className="grid gap-x-4 py-2 sm:grid-cols-[1fr_auto_auto]"
          data-testid={`totals-${row.key}`}
        >
          <dt className="text-slate-600">{row.label}</dt>
          <dd className="font-medium tabular-nums text-slate-900" data-testid="totals-fines">
            {describeFines(row.totals)}
          </dd>
          <dd className="font-medium tabular-nums text-slate-900" data-testid="totals-denials">
            {describeDenials(row.totals)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function PenaltyList({ data }: { data: FacilityPenalties }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const tableId = useId();
  const penalties = orderPenalties(data.penalties);
  const firstCount = collapsedCount(penalties.length, PENALTIES_SHOWN_FIRST);
  const shown = isExpanded ? penalties : penalties.slice(0, firstCount);
  return (
    <>
      <table id={tableId} className="w-full max-w-3xl text-left text-sm tabular-nums">
        <caption className="sr-only">Penalties, newest first</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Date
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Penalty
            </th>
            <th scope="col" className="py-2 pl-3 font-medium">
              Amount or length
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {shown.map((penalty, index) => (
            <tr
              // Two fines can share a date and an amount: the position tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for a facility
              key={index}
              data-testid="penalty-row"
              data-type={penalty.type}
              data-date={penalty.date}
            >
              <th scope="row" className="py-2 pr-3 font-normal text-slate-900">
                <time dateTime={penalty.date}>{formatShortDate(penalty.date)}</time>
              </th>
              <td className="px-3 py-2 text-slate-700">
                {penalty.type === "Fine" ? "Fine" : "Payment denial"}
              </td>
              <td className="py-2 pl-3 font-medium text-slate-900" data-testid="penalty-detail">
                {describePenalty(penalty)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {penalties.length > firstCount && (
        <ShowAllToggle
          isExpanded={isExpanded}
          onToggle={() => setIsExpanded((value) => !value)}
          controls={tableId}
          collapsedLabel={`Show all ${penalties.length} penalties`}
          expandedLabel={`Show the newest ${PENALTIES_SHOWN_FIRST}`}
        />
      )}
    </>
  );
}

function PenaltyRecord({ data }: { data: FacilityPenalties }) {
  if (data.penalties.length === 0) {
    // Without a three-year figure the penalties file itself is not loaded: nothing is known either way.
    return data.threeYears === null ? (
      <p className="text-sm text-slate-600" data-testid="penalties-not-loaded">
        CMS's penalties file is not loaded in this dashboard, so no penalties can be shown here.
      </p>
    ) : (
      <p className="text-sm text-slate-700" data-testid="no-penalties">
        No penalties in the record.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <Totals data={data} />
      <PenaltyList data={data} />
    </div>
  );
}

export function PenaltiesSection({ ccn }: { ccn: string }) {
  const penalties = useQuery(penaltiesQueryOptions(ccn));

  let body: ReactNode;
  if (penalties.isPending) body = <LoadingMessage text="Loading penalties..." />;
  else if (penalties.isError)
    body = <ErrorMessage text={`Error loading penalties: ${penalties.error.message}`} />;
  else body = <PenaltyRecord data={penalties.data} />;

  return (
    <section aria-labelledby="section-penalties" className={CARD} data-testid="section-penalties">
      <h2 id="section-penalties" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Gavel className="size-4 text-slate-500" aria-hidden />
        Penalties
      </h2>
      <p className="mt-0.5 mb-3 text-sm text-slate-500">
        Fines, and denials of Medicare and Medicaid payment for new admissions, that CMS imposed after
        inspections; newest first.
      </p>
      {body}
    </section>
  );
}
