// "Staffing": every staffing figure CMS publishes for the facility (nurse aide, LPN, RN and total nurse hours per
// resident per day, weekend hours, physical therapists, turnover, case-mix) beside the state's and the nation's
// averages; the weekend hours against every day's, the reported hours against what CMS expects for residents this
// sick; and the nurse hours over the releases.
import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { lazy, Suspense } from "react";
import { formatShortDate } from "../../../../core/history.ts";
import type { FacilityStaffing, StaffingFigure } from "../../../../core/staffing.ts";
import { AverageValue, ProductAveragesNote } from "../../../components/average-cells.tsx";
import { ErrorMessage, LoadingMessage } from "../../../components/status-message.tsx";
import { staffingQueryOptions } from "../../../lib/facility-detail-queries.ts";
import {
  caseMixText,
  figureOf,
  formatStaffingValue,
  nurseHoursRows,
  shownFigures,
  weekendGapText,
} from "../../../lib/staffing-figures.ts";

const chartModule = import("./staffing-chart.tsx");
const StaffingChart = lazy(() => chartModule.then((module) => ({ default: module.StaffingChart })));

const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const TH = "px-3 py-2 font-medium";

const averageText = (figure: StaffingFigure, value: number | null) =>
  value === null ? null : formatStaffingValue(value, figure.unit);

function Highlights({ data, state }: { data: FacilityStaffing; state: string | null }) {
  const total = figureOf(data, "totalNurseHours");
  const weekend = figureOf(data, "weekendTotalNurseHours");
  const weekendGap = weekendGapText(data);
  const caseMix = caseMixText(data);
  const items = [
    total?.value != null && {
      key: "total",
      title: "Total nurse hours per resident per day",
      value: formatStaffingValue(total.value, total.unit),
      note: [
        state && total.state !== null ? `${state} avg ${formatStaffingValue(total.state, total.unit)}` : null,
        total.national !== null ? `US avg ${formatStaffingValue(total.national, total.unit)}` : null,
      ]
        .filter(Boolean)
        .join(" · "),
    },
    weekendGap &&
      weekend?.value != null && {
        key: "weekend",
        title: "At weekends",
        value: weekendGap,
        note: `${formatStaffingValue(weekend.value, weekend.unit)} a resident a day at weekends`,
      },
    caseMix &&
      total?.caseMix != null && {
        key: "case-mix",
        title: "Against residents' needs",
        value: caseMix,
        note: `CMS expects ${formatStaffingValue(total.caseMix, total.unit)} for residents this sick (case-mix)`,
      },
  ].filter((item): item is { key: string; title: string; value: string; note: string } => Boolean(item));
  if (items.length === 0) return null;
  return (
    <dl className="mb-4 grid gap-3 sm:grid-cols-3" data-testid="staffing-highlights">
      {items.map((item) => (
        <div
          key={item.key}
          className="rounded-lg bg-slate-50 p-3"
          data-testid={`staffing-highlight-${item.key}`}
        >
          <dt className="text-xs text-slate-600">{item.title}</dt>
          <dd className="mt-1 font-semibold text-slate-900">{item.value}</dd>
          {item.note && <dd className="mt-0.5 text-xs text-slate-600">{item.note}</dd>}
        </div>
      ))}
    </dl>
  );
}

function FiguresTable({ data, state }: { data: FacilityStaffing; state: string | null }) {
  const figures = shownFigures(data);
  const footnotes = [...new Set(figures.map((figure) => figure.footnote).filter((text) => text !== null))];
  const hasProductAverages = figures.some(
    (figure) => figure.averagesSource === "product" && (figure.state !== null || figure.national !== null),
  );
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm tabular-nums" data-testid="staffing-table">
          <caption className="sr-only">Staffing figures beside the state and national averages</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className={`${TH} pl-0`}>
                Figure
              </th>
              <th scope="col" className={TH}>
                This home
              </th>
              <th scope="col" className={TH}>
                Expected for its residents
              </th>
              <th scope="col" className={TH}>
                Adjusted
              </th>
              <th scope="col" className={TH}>
                {state ? `${state} average` : "State average"}
              </th>
              <th scope="col" className={`${TH} pr-0`}>
                US average
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {figures.map((figure) => (
              <tr key={figure.key} data-figure={figure.key}>
                <th scope="row" className="py-1.5 pr-3 font-normal text-slate-700">
                  {figure.label}
                  {figure.footnote && (
                    <sup className="ml-0.5 text-slate-500" aria-hidden>
                      {footnotes.indexOf(figure.footnote) + 1}
                    </sup>
                  )}
                </th>
                <td className="px-3 py-1.5 font-medium text-slate-900">
                  {formatStaffingValue(figure.value, figure.unit)}
                  {figure.footnote && <span className="sr-only"> (note: {figure.footnote})</span>}
                </td>
                <td className="px-3 py-1.5 text-slate-700">
                  {figure.caseMix === null ? "—" : formatStaffingValue(figure.caseMix, figure.unit)}
                </td>
                <td className="px-3 py-1.5 text-slate-700">
                  {figure.adjusted === null ? "—" : formatStaffingValue(figure.adjusted, figure.unit)}
                </td>
                <td className="px-3 py-1.5 text-slate-700">
                  <AverageValue text={averageText(figure, figure.state)} source={figure.averagesSource} />
                </td>
                <td className="py-1.5 pl-3 text-slate-700">
                  <AverageValue text={averageText(figure, figure.national)} source={figure.averagesSource} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-2 space-y-1 text-xs text-slate-600">
        <p>
          Expected: the hours CMS expects for residents with these care needs (case-mix). Adjusted: the
          reported hours scaled by how sick the residents are, the figure the staffing star uses.
        </p>
        {hasProductAverages && <ProductAveragesNote what="figure" />}
        {footnotes.length > 0 && (
          <ol className="list-decimal pl-4" data-testid="staffing-footnotes">
            {footnotes.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}

function HoursOverTime({ data }: { data: FacilityStaffing }) {
  const rows = nurseHoursRows(data);
  if (rows.length < 2) return null;
  return (
    <div className="mt-5">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">Nurse hours over the releases</h3>
      <Suspense fallback={<LoadingMessage text="Loading the chart..." />}>
        <StaffingChart rows={rows} />
      </Suspense>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-slate-600 hover:text-slate-900">
          Show the nurse hours as a table ({rows.length} releases)
        </summary>
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          aria-label="Nurse hours by CMS release date"
          className="mt-2 max-h-72 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">Nurse hours per resident per day by CMS release date</caption>
            <thead className="sticky top-0 bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className={TH}>
                  Release
                </th>
                <th scope="col" className={TH}>
                  Total nurse hours
                </th>
                <th scope="col" className={TH}>
                  RN hours
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {[...rows].reverse().map((row) => (
                <tr key={row.date}>
                  <th scope="row" className="px-3 py-1.5 font-normal text-slate-700">
                    {formatShortDate(row.date)}
                  </th>
                  <td className="px-3 py-1.5">
                    {formatStaffingValue(row.totalNurseHours, "hoursPerResidentDay")}
                  </td>
                  <td className="px-3 py-1.5">{formatStaffingValue(row.rnHours, "hoursPerResidentDay")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </div>
  );
}

export function StaffingSection({ ccn, state }: { ccn: string; state: string | null }) {
  const staffing = useQuery(staffingQueryOptions(ccn));
  return (
    <section aria-labelledby="staffing-details-heading" className={CARD} data-testid="staffing-section">
      <h2
        id="staffing-details-heading"
        className="mb-1 flex items-center gap-2 text-base font-semibold text-slate-900"
      >
        <Users className="size-4 text-slate-500" aria-hidden />
        Staffing
      </h2>
      {staffing.isPending ? (
        <LoadingMessage text="Loading staffing..." />
      ) : staffing.isError ? (
        <ErrorMessage text={`Error loading staffing: ${staffing.error.message}`} />
      ) : shownFigures(staffing.data).length === 0 ? (
        <p className="text-sm text-slate-500">
          CMS publishes no staffing figures for this facility in this release.
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            Hours per resident per day as the home reported them to CMS (payroll-based journal), release of{" "}
            {formatShortDate(staffing.data.processingDate)}.
          </p>
          <Highlights data={staffing.data} state={state} />
          <FiguresTable data={staffing.data} state={state} />
          <HoursOverTime data={staffing.data} />
        </>
      )}
    </section>
  );
}
