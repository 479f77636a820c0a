// "Quality measures": the measures behind the QM star (CMS's MDS and Medicare claims measures), short-stay and
// long-stay residents apart, each score beside the state's and the nation's averages and marked better or worse by
// the measure's direction, the measures used in the star marked, CMS's footnotes in words, and each measure's trend.
import { useQuery } from "@tanstack/react-query";
import { Activity, Star } from "lucide-react";
import { formatShortDate } from "../../../../core/history.ts";
import type { FacilityQualityMeasures, QualityMeasure } from "../../../../core/quality-measures.ts";
import { AverageValue, ComparisonBadge, ProductAveragesNote } from "../../../components/average-cells.tsx";
import { ErrorMessage, LoadingMessage } from "../../../components/status-message.tsx";
import { qualityMeasuresQueryOptions } from "../../../lib/facility-detail-queries.ts";
import {
  compareScore,
  formatScore,
  groupMeasures,
  type MeasureGroup,
  periodLabel,
  trendText,
} from "../../../lib/quality-measure-scores.ts";
import { TrendSparkline } from "./trend-sparkline.tsx";

const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const TH = "px-3 py-2 font-medium";

const averageText = (measure: QualityMeasure, value: number | null) =>
  value === null ? null : formatScore(measure, value);

/** The score's details under it: the quarters of an MDS measure, the observed and expected of a claims one. */
function ScoreDetails({ measure }: { measure: QualityMeasure }) {
  if (measure.source === "claims") {
    if (measure.observed === null && measure.expected === null) return null;
    return (
      <span className="block text-xs font-normal text-slate-500">
        Observed {formatScore(measure, measure.observed)}, expected {formatScore(measure, measure.expected)}
      </span>
    );
  }
  const quarters = measure.quarters.filter((quarter) => quarter.score !== null);
  if (quarters.length === 0) return null;
  return (
    <span className="block text-xs font-normal text-slate-500">
      {quarters
        .map((quarter) => `${periodLabel(quarter.quarter)}: ${formatScore(measure, quarter.score)}`)
        .join(", ")}
    </span>
  );
}

function MeasureTable({ group, state }: { group: MeasureGroup; state: string | null }) {
  const headingId = `quality-${group.residentType}`;
  return (
    <section aria-labelledby={headingId} className="mt-4" data-testid={`quality-${group.residentType}`}>
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-slate-900">
        {group.title}
      </h3>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">
            Quality measures of {group.title.toLowerCase()}, beside the state and national averages
          </caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className={`${TH} pl-0`}>
                Measure
              </th>
              <th scope="col" className={TH}>
                This home
              </th>
              <th scope="col" className={TH}>
                {state ? `${state} average` : "State average"}
              </th>
              <th scope="col" className={TH}>
                US average
              </th>
              <th scope="col" className={TH}>
                Against the nation
              </th>
              <th scope="col" className={`${TH} pr-0`}>
                Trend
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {group.measures.map((measure) => {
              const comparison = compareScore(measure, measure.national);
              return (
                <tr
                  key={`${measure.source}-${measure.code}`}
                  data-measure={measure.code}
                  className="align-top"
                >
                  <th scope="row" className="max-w-md py-2 pr-3 font-normal text-slate-700">
                    {measure.description}
                    {measure.usedInRating && (
                      <span
                        className="ml-1.5 inline-flex items-center gap-0.5 whitespace-nowrap rounded bg-amber-50 px-1 text-xs text-amber-800"
                        data-testid="used-in-rating"
                      >
                        <Star className="size-3" aria-hidden /> In the QM star
                      </span>
                    )}
                    <span className="block text-xs text-slate-500">
                      {measure.source === "claims" ? "Medicare claims" : "Resident assessments"},{" "}
                      {periodLabel(measure.period)}; {measure.betterWhen === "lower" ? "lower" : "higher"} is
                      better
                    </span>
                    {measure.footnote && (
                      <span className="block text-xs text-slate-600" data-testid="quality-footnote">
                        {measure.footnote}
                      </span>
                    )}
                  </th>
                  <td className="px-3 py-2 font-medium text-slate-900">
                    {formatScore(measure, measure.score)}
                    <ScoreDetails measure={measure} />
                  </td>
                  <td className="px-3 py-2 text-slate-700">
                    <AverageValue
                      text={averageText(measure, measure.state)}
                      source={measure.averagesSource}
                    />
                  </td>
                  <td className="px-3 py-2 text-slate-700">
                    <AverageValue
                      text={averageText(measure, measure.national)}
                      source={measure.averagesSource}
                    />
                  </td>
                  <td className="px-3 py-2">
                    <ComparisonBadge comparison={comparison} />
                  </td>
                  <td className="py-2 pl-3">
                    <TrendSparkline
                      values={measure.history.map((point) => point.score)}
                      label={`${measure.description}: ${trendText(measure)}`}
                      testId="quality-trend"
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Measures({ data, state }: { data: FacilityQualityMeasures; state: string | null }) {
  if (data.measures.length === 0) {
    return (
      <p className="text-sm text-slate-500" data-testid="quality-none">
        {data.footnote ?? "CMS publishes no quality measures for this facility."}
      </p>
    );
  }
  const hasProductAverages = data.measures.some((measure) => measure.averagesSource === "product");
  return (
    <>
      <p className="text-sm text-slate-600">
        How residents fare, from their assessments (MDS) and Medicare claims
        {data.processingDate ? `, release of ${formatShortDate(data.processingDate)}` : ""}. Each score is
        compared with the national average in the direction that is better for residents.
      </p>
      {groupMeasures(data).map((group) => (
        <MeasureTable key={group.residentType} group={group} state={state} />
      ))}
      {hasProductAverages && (
        <div className="mt-2">
          <ProductAveragesNote what="measure" />
        </div>
      )}
    </>
  );
}

export function QualityMeasuresSection({ ccn, state }: { ccn: string; state: string | null }) {
  const quality = useQuery(qualityMeasuresQueryOptions(ccn));
  return (
    <section
      aria-labelledby="quality-measures-heading"
      className={CARD}
      data-testid="quality-measures-section"
    >
      <h2
        id="quality-measures-heading"
        className="mb-1 flex items-center gap-2 text-base font-semibold text-slate-900"
      >
        <Activity className="size-4 text-slate-500" aria-hidden />
        Quality measures
      </h2>
      {quality.isPending ? (
        <LoadingMessage text="Loading quality measures..." />
      ) : quality.isError ? (
        <ErrorMessage text={`Error loading quality measures: ${quality.error.message}`} />
      ) : (
        <Measures data={quality.data} state={state} />
      )}
    </section>
  );
}
