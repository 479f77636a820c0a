// The inspection record of a group of facilities (the entity page's, the owner page's), beside its ratings: its
// facilities' citations of the last three years by CMS's harm level (per facility, and the nation's per facility),
// how many of its facilities had harm found, immediate jeopardy, abuse or fines (and the nation's share), its fines,
// and links to those facilities on the dashboard and, where the citations page can filter by the group, to their
// citations.
import { ClipboardList, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { formatCount } from "../../core/format.ts";
import { formatShortDate } from "../../core/history.ts";
import { HARM_TONES } from "../lib/harm-styles.ts";
import {
  describeFines,
  describeFinesPerFacility,
  facilityFigures,
  type GroupFilter,
  harmRows,
  type InspectionRecord,
} from "../lib/inspection-record.ts";

const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const LINK =
  "rounded-sm text-blue-700 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

function HarmTable({ record, testIdPrefix }: { record: InspectionRecord; testIdPrefix: string }) {
  const rows = harmRows(record);
  if (!rows) {
    return (
      <p className="text-sm text-slate-600">
        No health citations file is loaded, so the citations by harm level are not known.
      </p>
    );
  }
  return (
    <table className="w-full text-sm" data-testid={`${testIdPrefix}-harm-table`}>
      <caption className="mb-2 text-left text-sm font-semibold text-slate-700">
        Citations by harm level
      </caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
          <th scope="col" className="py-2 pr-2 font-medium">
            Harm level
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            Citations
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            Per facility
          </th>
          <th scope="col" className="py-2 pl-2 text-right font-medium">
            Nation, per facility
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.key} data-level={row.key}>
            <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-800">
              <span
                className={`mr-2 inline-block min-w-10 rounded px-1.5 py-0.5 text-center text-xs font-semibold ring-1 ${HARM_TONES[row.key]}`}
              >
                {row.codes}
              </span>
              {row.label}
            </th>
            <td className="px-2 py-2 text-right font-semibold tabular-nums text-slate-900">
              {formatCount(row.citations)}
            </td>
            <td className="px-2 py-2 text-right tabular-nums text-slate-900">{row.perFacility}</td>
            <td className="py-2 pl-2 text-right tabular-nums text-slate-600">{row.nationalPerFacility}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FacilitiesList({
  group,
  record,
  testIdPrefix,
}: {
  group: GroupFilter;
  record: InspectionRecord;
  testIdPrefix: string;
}) {
  const fines = describeFines(record.totals);
  const perFacility = describeFinesPerFacility(record);
  return (
    <dl className="divide-y divide-slate-100 text-sm" data-testid={`${testIdPrefix}-facility-figures`}>
      {facilityFigures(group, record).map((figure) => (
        <div key={figure.key} className="py-2" data-figure={figure.key}>
          <dt className="text-slate-600">{figure.label}</dt>
          <dd className="mt-0.5 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="font-semibold tabular-nums text-slate-900">{figure.value ?? "Not known"}</span>
            {figure.nation && <span className="text-slate-600 tabular-nums">{figure.nation}</span>}
            {figure.dashboardQuery && (
              <Link
                to={`/?${figure.dashboardQuery}`}
                className={`${LINK} text-xs`}
                aria-label={`${figure.label}: show them on the dashboard`}
              >
                Show them on the dashboard
              </Link>
            )}
          </dd>
        </div>
      ))}
      <div className="py-2" data-figure="fines">
        <dt className="text-slate-600">Fines</dt>
        <dd className="mt-0.5 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="font-semibold tabular-nums text-slate-900">
            {fines ?? "Not known: no penalties file is loaded"}
          </span>
          {perFacility && <span className="text-slate-600 tabular-nums">{perFacility}</span>}
        </dd>
      </div>
    </dl>
  );
}

/**
 * `group` is the dashboard's filter of the group's facilities; `citationsQuery` the citations page's query of
 * their citations (null where that page cannot filter by the group); test ids start with `testIdPrefix`.
 */
export function InspectionRecordSection({
  record,
  group,
  citationsQuery,
  testIdPrefix,
}: {
  record: InspectionRecord | null;
  group: GroupFilter;
  citationsQuery: string | null;
  testIdPrefix: string;
}) {
  const headingId = `${testIdPrefix}-inspections`;
  return (
    <section aria-labelledby={headingId} className={CARD} data-testid={`${testIdPrefix}-inspections`}>
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <ClipboardList className="size-4 text-slate-500" aria-hidden />
        Inspection record
      </h2>
      {record === null ? (
        <p className="mt-2 text-sm text-slate-600">
          No health citations or penalties file is loaded yet, so the inspection record is not known.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600" data-testid={`${testIdPrefix}-inspections-window`}>
            The last 3 years of inspections of its {formatCount(record.totals.facilities)}{" "}
            {record.totals.facilities === 1 ? "facility" : "facilities"},{" "}
            {formatShortDate(record.window.start)} to {formatShortDate(record.window.end)}, beside every
            facility in the nation.
          </p>
          <div className="mt-4 grid gap-6 lg:grid-cols-2">
            <HarmTable record={record} testIdPrefix={testIdPrefix} />
            <FacilitiesList group={group} record={record} testIdPrefix={testIdPrefix} />
          </div>
          {record.totals.citations !== null && citationsQuery !== null && (
            <Link
              to={`/citations?${citationsQuery}`}
              className={`${LINK} mt-3 inline-flex items-center gap-1 text-sm`}
            >
              Read their citations
              <ExternalLink className="size-3.5" aria-hidden />
            </Link>
          )}
        </>
      )}
    </section>
  );
}
