// "Inspections": the health citations behind the health inspection rating. The abuse flag when there is one; the
// last three years in CMS's scope and severity grid with the most severe code; then every survey with citations,
// newest first. Without an inspection record loaded, a neutral note.
import { useQuery } from "@tanstack/react-query";
import { ClipboardCheck } from "lucide-react";
import type { ReactNode } from "react";
import type { FacilityInspections, InspectionSummary } from "../../../../core/api-types.ts";
import { formatShortDate } from "../../../../core/history.ts";
import { ErrorMessage, LoadingMessage } from "../../../components/status-message.tsx";
import { inspectionsQueryOptions } from "../../../lib/facility-detail-queries.ts";
import { abuseNotice, countCitations, describeCode, plural } from "../lib/inspections.ts";
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
        <h3 className={SUBHEADING}>Last three years</h3>
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

function InspectionRecord({ data }: { data: FacilityInspections }) {
  const { threeYears, surveys } = data;
  if (threeYears === null && surveys.length === 0) {
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
      <div>
        <h3 className={SUBHEADING}>Surveys</h3>
        {surveys.length === 0 ? (
          <p className="text-sm text-slate-700" data-testid="no-citations">
            No health citations in the record.
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600" data-testid="surveys-summary">
              {plural(surveys.length, "survey")} with health citations, newest first; in each, the most severe
              citations first.
            </p>
            <SurveyList surveys={surveys} window={threeYears} />
          </>
        )}
      </div>
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
        Health citations from state inspectors' surveys for CMS, graded by scope and severity.
      </p>
      {body}
    </section>
  );
}
