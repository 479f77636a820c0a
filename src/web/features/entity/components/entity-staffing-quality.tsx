// "Staffing and quality measures" of an affiliated entity: the average staffing figures and quality measure scores
// of its current facilities beside the nation's (CMS's averages where published, else the dashboard's, marked), each
// measure marked better or worse by its direction, and how many of its facilities each average counts.
import { useQuery } from "@tanstack/react-query";
import { Activity } from "lucide-react";
import type { EntityStaffingFigure, EntityStaffingQuality } from "../../../../core/figure-averages.ts";
import { formatShortDate } from "../../../../core/history.ts";
import { AverageValue, ComparisonBadge, ProductAveragesNote } from "../../../components/average-cells.tsx";
import { ErrorMessage, LoadingMessage } from "../../../components/status-message.tsx";
import { compareScore, formatScore } from "../../../lib/quality-measure-scores.ts";
import { formatStaffingValue } from "../../../lib/staffing-figures.ts";
import { entityStaffingQualityQueryOptions } from "../api/entity-queries.ts";
import {
  type EntityMeasureGroup,
  facilitiesCountedText,
  groupEntityMeasures,
  shownEntityFigures,
} from "../lib/entity-staffing-quality.ts";

const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const TH = "px-3 py-2 font-medium";

function StaffingTable({ figures, total }: { figures: EntityStaffingFigure[]; total: number }) {
  if (figures.length === 0) {
    return <p className="text-sm text-slate-500">No staffing figures are reported for these facilities.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm tabular-nums" data-testid="entity-staffing-table">
        <caption className="mb-2 text-left text-sm font-semibold text-slate-900">
          Staffing: the facilities' average beside the nation's
        </caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className={`${TH} pl-0`}>
              Figure
            </th>
            <th scope="col" className={TH}>
              Entity average
            </th>
            <th scope="col" className={TH}>
              Facilities reporting
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
              </th>
              <td className="px-3 py-1.5 font-medium text-slate-900">
                {formatStaffingValue(figure.average, figure.unit)}
              </td>
              <td className="px-3 py-1.5 text-slate-700">
                {facilitiesCountedText(figure.facilities, total)}
              </td>
              <td className="py-1.5 pl-3 text-slate-700">
                <AverageValue
                  text={figure.national === null ? null : formatStaffingValue(figure.national, figure.unit)}
                  source={figure.averagesSource}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MeasureTable({ group, total }: { group: EntityMeasureGroup; total: number }) {
  return (
    <div className="mt-5 overflow-x-auto" data-testid={`entity-quality-${group.residentType}`}>
      <table className="w-full text-left text-sm tabular-nums">
        <caption className="mb-2 text-left text-sm font-semibold text-slate-900">
          Quality measures of {group.title.toLowerCase()}: the facilities' average beside the nation's
        </caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className={`${TH} pl-0`}>
              Measure
            </th>
            <th scope="col" className={TH}>
              Entity average
            </th>
            <th scope="col" className={TH}>
              Facilities counted
            </th>
            <th scope="col" className={TH}>
              US average
            </th>
            <th scope="col" className={`${TH} pr-0`}>
              Against the nation
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {group.measures.map((measure) => (
            <tr key={`${measure.source}-${measure.code}`} data-measure={measure.code} className="align-top">
              <th scope="row" className="max-w-md py-2 pr-3 font-normal text-slate-700">
                {measure.description}
                <span className="block text-xs text-slate-500">
                  {measure.usedInRating ? "Used in the QM star; " : ""}
                  {measure.betterWhen === "lower" ? "lower" : "higher"} is better
                </span>
              </th>
              <td className="px-3 py-2 font-medium text-slate-900">{formatScore(measure, measure.score)}</td>
              <td className="px-3 py-2 text-slate-700">{facilitiesCountedText(measure.facilities, total)}</td>
              <td className="px-3 py-2 text-slate-700">
                <AverageValue
                  text={measure.national === null ? null : formatScore(measure, measure.national)}
                  source={measure.averagesSource}
                />
              </td>
              <td className="py-2 pl-3">
                <ComparisonBadge comparison={compareScore(measure, measure.national)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Content({ data }: { data: EntityStaffingQuality }) {
  const figures = shownEntityFigures(data);
  const groups = groupEntityMeasures(data);
  const hasProductAverages =
    figures.some((figure) => figure.averagesSource === "product" && figure.national !== null) ||
    data.qualityMeasures.some((measure) => measure.averagesSource === "product" && measure.national !== null);
  return (
    <>
      <p className="mb-4 text-sm text-slate-600">
        The average over the entity's {data.facilityCount.toLocaleString("en-US")} current{" "}
        {data.facilityCount === 1 ? "facility" : "facilities"} that report each figure, beside the national
        average
        {data.averagesProcessingDate
          ? ` (CMS's State/US averages of ${formatShortDate(data.averagesProcessingDate)})`
          : ""}
        . Each measure is compared with the nation in the direction that is better for residents.
      </p>
      <StaffingTable figures={figures} total={data.facilityCount} />
      {groups.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500" data-testid="entity-quality-none">
          No quality measure files are loaded yet.
        </p>
      ) : (
        groups.map((group) => (
          <MeasureTable key={group.residentType} group={group} total={data.facilityCount} />
        ))
      )}
      {hasProductAverages && (
        <div className="mt-2">
          <ProductAveragesNote what="figure or measure" />
        </div>
      )}
    </>
  );
}

export function EntityStaffingQualitySection({ name }: { name: string }) {
  const result = useQuery(entityStaffingQualityQueryOptions(name));
  return (
    <section
      aria-labelledby="entity-staffing-quality-heading"
      className={CARD}
      data-testid="entity-staffing-quality"
    >
      <h2
        id="entity-staffing-quality-heading"
        className="mb-1 flex items-center gap-2 text-base font-semibold text-slate-900"
      >
        <Activity className="size-4 text-slate-500" aria-hidden />
        Staffing and quality measures
      </h2>
      {result.isPending ? (
        <LoadingMessage text="Loading staffing and quality measures..." />
      ) : result.isError ? (
        <ErrorMessage text={`Error loading staffing and quality measures: ${result.error.message}`} />
      ) : (
        <Content data={result.data} />
      )}
    </section>
  );
}
