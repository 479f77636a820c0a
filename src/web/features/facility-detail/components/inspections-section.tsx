// "Inspections": the health citations behind the health inspection rating, and the fire safety citations beside
// them. The abuse flag when there is one; the last three years of health citations in CMS's scope and severity grid
// with the most severe code; the fire safety citations' own three years; then every survey with citations, newest
// first, health and fire safety, with a filter (all, health, fire safety). Without an inspection record loaded, a
// neutral note.
import { useQuery } from "@tanstack/react-query";
import { ClipboardCheck } from "lucide-react";
import { ToggleGroup } from "radix-ui";
import { type ReactNode, useState } from "react";
import type {
  FacilityInspections,
  FireSafetySummary,
  InspectionSummary,
} from "../../../../core/api-types.ts";
import { formatShortDate } from "../../../../core/history.ts";
import { ErrorMessage, LoadingMessage } from "../../../components/status-message.tsx";
import { inspectionsQueryOptions } from "../../../lib/facility-detail-queries.ts";
import {
  abuseNotice,
  countCitations,
  countSurveys,
  describeCode,
  describeSurveys,
  filterSurveys,
  fireSafetyFacts,
  isSurveyFilter,
  noSurveysText,
  SURVEY_FILTER_LABELS,
  SURVEY_FILTERS,
  type SurveyFilter,
} from "../lib/inspections.ts";
import { AbuseFlag, INSPECTIONS_HEADING_ID } from "./abuse-flag.tsx";
import { ScopeSeverityGrid } from "./scope-severity-grid.tsx";
import { SurveyList } from "./survey-list.tsx";

const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const SUBHEADING = "text-sm font-semibold text-slate-900";

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 py-2 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function ThreeYears({ summary }: { summary: InspectionSummary }) {
  const total = countCitations(summary);
  return (
    <div className="space-y-3" data-testid="three-years">
      <div>
        <h3 className={SUBHEADING}>Health, last three years</h3>
        <p className="text-sm text-slate-600" data-testid="inspection-window">
          Citations from surveys dated{" "}
          <time dateTime={summary.windowStart}>{formatShortDate(summary.windowStart)}</time> to{" "}
          <time dateTime={summary.windowEnd}>{formatShortDate(summary.windowEnd)}</time>.
        </p>
      </div>
      {total === 0 ? (
        <p className="text-sm text-slate-700" data-testid="no-recent-citations">
          No health citations in these three years.
        </p>
      ) : (
        <div className="grid items-start gap-x-8 gap-y-4 lg:grid-cols-[minmax(0,34rem)_minmax(0,1fr)]">
          <ScopeSeverityGrid summary={summary} />
          <div className="space-y-3">
            <dl className="divide-y divide-slate-100">
              <Fact label="Health citations" value={total} testId="three-years-total" />
              <Fact
                label="Most severe"
                value={describeCode(summary.mostSevere) ?? "None"}
                testId="most-severe"
              />
              <Fact
                label="Actual harm or immediate jeopardy"
                value={summary.actualHarm + summary.immediateJeopardy}
                testId="harm-total"
              />
              <Fact
                label="Abuse, neglect or exploitation"
                value={summary.abuseCitations}
                testId="abuse-total"
              />
            </dl>
            <p className="text-xs text-slate-600">
              CMS grades each citation with a letter from A to L: its row is how much harm the problem did or
              could do to residents, its column how many residents it affected or could affect (a few, some,
              or many).
            </p>
          </div>
        </div>
      )}
    </div>
  );
}

function FireSafetyThreeYears({ summary }: { summary: FireSafetySummary }) {
  return (
    <div className="space-y-3" data-testid="fire-three-years">
      <div>
        <h3 className={SUBHEADING}>Fire safety, last three years</h3>
        <p className="text-sm text-slate-600" data-testid="fire-window">
          Fire safety and emergency preparedness citations from inspections dated{" "}
          <time dateTime={summary.windowStart}>{formatShortDate(summary.windowStart)}</time> to{" "}
          <time dateTime={summary.windowEnd}>{formatShortDate(summary.windowEnd)}</time>. They do not count in
          the health inspection rating.
        </p>
      </div>
      {summary.citations === 0 ? (
        <p className="text-sm text-slate-700" data-testid="no-recent-fire-citations">
          No fire safety citations in these three years.
        </p>
      ) : (
        <dl className="max-w-xl divide-y divide-slate-100">
          {fireSafetyFacts(summary).map((fact) => (
            <Fact key={fact.testId} label={fact.label} value={fact.value} testId={fact.testId} />
          ))}
        </dl>
      )}
    </div>
  );
}

/** All / Health / Fire safety, each with its count. Radix reports '' when the chosen one is pressed again: ignored. */
function SurveyFilterToggle({
  value,
  counts,
  onValueChange,
}: {
  value: SurveyFilter;
  counts: Record<SurveyFilter, number>;
  onValueChange: (filter: SurveyFilter) => void;
}) {
  function handleValueChange(next: string) {
    if (isSurveyFilter(next) && next !== value) onValueChange(next);
  }
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={handleValueChange}
      aria-label="Show surveys"
      className="inline-flex flex-wrap rounded-lg border border-slate-200 bg-slate-100 p-0.5"
      data-testid="survey-filter"
    >
      {SURVEY_FILTERS.map((filter) => (
        <ToggleGroup.Item
          key={filter}
          value={filter}
          data-testid={`survey-filter-${filter}`}
          className="min-h-8 rounded-md px-3 py-1 text-sm font-medium text-slate-700 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 data-[state=on]:bg-white data-[state=on]:text-slate-900 data-[state=on]:shadow-sm"
        >
          {SURVEY_FILTER_LABELS[filter]}{" "}
          <span className="tabular-nums text-slate-600">({counts[filter]})</span>
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}

function Surveys({ data }: { data: FacilityInspections }) {
  const [filter, setFilter] = useState<SurveyFilter>("all");
  const { surveys, threeYears } = data;
  const counts = countSurveys(surveys);
  const shown = filterSurveys(surveys, filter);
  // The filter is offered when there is something to filter: surveys of both types.
  const hasBothTypes = counts.health > 0 && counts.fire > 0;
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h3 className={SUBHEADING}>Surveys</h3>
        {hasBothTypes && <SurveyFilterToggle value={filter} counts={counts} onValueChange={setFilter} />}
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-700" data-testid="no-citations">
          {noSurveysText(filter)}
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" data-testid="surveys-summary" aria-live="polite">
            {describeSurveys(surveys, filter)}; in each, the most severe citations first.
          </p>
          {/* A new list per filter: each starts collapsed. */}
          <SurveyList key={filter} surveys={shown} window={threeYears} />
        </>
      )}
    </div>
  );
}

function InspectionRecord({ data }: { data: FacilityInspections }) {
  const { threeYears, fireThreeYears, surveys } = data;
  if (threeYears === null && fireThreeYears === null && surveys.length === 0) {
    return (
      <p className="text-sm text-slate-600" data-testid="inspections-not-loaded">
        CMS's inspection record is not loaded in this dashboard, so no citations can be shown here.
      </p>
    );
  }
  const notice = abuseNotice(threeYears);
  return (
    <div className="space-y-6">
      {notice && <AbuseFlag notice={notice} />}
      {threeYears && <ThreeYears summary={threeYears} />}
      {fireThreeYears && <FireSafetyThreeYears summary={fireThreeYears} />}
      <Surveys data={data} />
    </div>
  );
}

export function InspectionsSection({ ccn }: { ccn: string }) {
  const inspections = useQuery(inspectionsQueryOptions(ccn));

  let body: ReactNode;
  if (inspections.isPending) body = <LoadingMessage text="Loading inspections..." />;
  else if (inspections.isError)
    body = <ErrorMessage text={`Error loading inspections: ${inspections.error.message}`} />;
  else body = <InspectionRecord data={inspections.data} />;

  return (
    <section aria-labelledby={INSPECTIONS_HEADING_ID} className={CARD} data-testid="section-inspections">
      <h2
        id={INSPECTIONS_HEADING_ID}
        tabIndex={-1}
        className="flex items-center gap-2 text-base font-semibold text-slate-900 outline-none"
      >
        <ClipboardCheck className="size-4 text-slate-500" aria-hidden />
        Inspections
      </h2>
      <p className="mt-0.5 mb-4 text-sm text-slate-500">
        Health and fire safety citations from state inspectors' surveys for CMS, graded by scope and severity.
      </p>
      {body}
    </section>
  );
}
