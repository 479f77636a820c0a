// A facility's surveys with their health or fire safety citations, newest first: the newest few, then "Show all N surveys"; in
// each survey the most severe citations first, the rest behind "Show N more". Each citation shows its tag as CMS
// writes it, its description, its letter with the harm level in words, its correction, and small flags.

import { useId, useState } from "react";
import type { Citation, Survey } from "../../../../core/api-types.ts";
import { formatShortDate } from "../../../../core/history.ts";
import { describeCorrection, formatTag, harmLevelOf, scopeOf } from "../../../../core/inspections.ts";
import { ShowAllToggle } from "../../../components/show-all-toggle.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { cn } from "../../../lib/cn.ts";
import { EMPTY_CELL_TONE, HARM_TONES } from "../../../lib/harm-styles.ts";
import {
  ABUSE_FLAG,
  CITATIONS_SHOWN_FIRST,
  citationFlags,
  collapsedCount,
  formatSurveyTitle,
  isBeforeWindow,
  orderCitations,
  orderSurveys,
  plural,
  SURVEYS_SHOWN_FIRST,
} from "../lib/inspections.ts";

function CodeChip({ code }: { code: Citation["scopeSeverity"] }) {
  const level = harmLevelOf(code);
  return (
    <span
      className={cn(
        "inline-flex size-7 shrink-0 items-center justify-center rounded-md text-sm font-semibold ring-1 ring-inset",
        level ? HARM_TONES[level.key] : EMPTY_CELL_TONE,
      )}
      data-testid="citation-code"
    >
      {code ?? "–"}
      {code === null && <span className="sr-only">No scope and severity code</span>}
    </span>
  );
}

function CitationItem({ citation, survey }: { citation: Citation; survey: Survey }) {
  const tag = formatTag(citation);
  const scope = scopeOf(citation.scopeSeverity);
  const harm = citation.harmLevel ?? harmLevelOf(citation.scopeSeverity)?.label ?? null;
  const correction = describeCorrection(citation.corrected, citation.correctionDate);
  const flags = citationFlags(citation, survey.kinds);
  return (
    <li
      className="flex gap-3 py-2.5"
      data-testid="citation"
      data-tag={tag}
      data-code={citation.scopeSeverity ?? ""}
    >
      <CodeChip code={citation.scopeSeverity} />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm text-slate-900">
          <span className="mr-1 font-semibold tabular-nums" data-testid="citation-tag">
            {tag}
          </span>{" "}
          <span data-testid="citation-description">
            {citation.description ?? "No description in CMS's file"}
          </span>
        </p>
        <p className="text-xs text-slate-600">
          {harm && (
            <span data-testid="citation-harm">
              {harm}
              {scope && `, ${scope.toLowerCase()}`}
            </span>
          )}
          {harm && correction && <span aria-hidden> · </span>}
          {harm && correction && <span className="sr-only">. </span>}
          {correction && <span data-testid="citation-correction">{correction}</span>}
        </p>
        {flags.length > 0 && (
          <p className="flex flex-wrap gap-1.5">
            {flags.map((flag) => (
              <Badge
                key={flag}
                variant={flag === ABUSE_FLAG ? "danger" : flag === "Disputed" ? "warning" : "outline"}
                data-testid="citation-flag"
              >
                {flag}
              </Badge>
            ))}
          </p>
        )}
      </div>
    </li>
  );
}

function SurveyItem({ survey, isOutsideWindow }: { survey: Survey; isOutsideWindow: boolean }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const listId = useId();
  const citations = orderCitations(survey.citations);
  const shownCount = isExpanded ? citations.length : collapsedCount(citations.length, CITATIONS_SHOWN_FIRST);
  const hidden = citations.length - collapsedCount(citations.length, CITATIONS_SHOWN_FIRST);
  const title = formatSurveyTitle(survey);
  return (
    <li
      className="py-4 first:pt-0 last:pb-0"
      data-testid="survey"
      data-date={survey.surveyDate}
      data-type={survey.type}
      data-kinds={survey.kinds.join(" ")}
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h4 className="text-sm font-semibold text-slate-900">
          <time dateTime={survey.surveyDate}>{formatShortDate(survey.surveyDate)}</time>
          <span aria-hidden> · </span>
          <span className="sr-only">, </span>
          <span data-testid="survey-type">{title}</span>
        </h4>
        <span className="text-xs text-slate-600" data-testid="survey-count">
          {plural(citations.length, "citation")}
        </span>
        {isOutsideWindow && (
          <Badge variant="secondary" data-testid="survey-outside-window">
            Before the three years above
          </Badge>
        )}
      </div>
      <ul
        id={listId}
        className="mt-1 divide-y divide-slate-100"
        aria-label={`Citations of ${formatShortDate(survey.surveyDate)}`}
      >
        {citations.slice(0, shownCount).map((citation, index) => (
          // A tag can be cited twice in one survey: the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a survey's citations are fixed
          <CitationItem key={`${formatTag(citation)}-${index}`} citation={citation} survey={survey} />
        ))}
      </ul>
      {hidden > 0 && (
        <ShowAllToggle
          isExpanded={isExpanded}
          onToggle={() => setIsExpanded((value) => !value)}
          controls={listId}
          collapsedLabel={`Show ${hidden} more`}
          expandedLabel={`Show the first ${CITATIONS_SHOWN_FIRST}`}
          className="mt-1"
        >
          <span className="sr-only"> citations of {formatShortDate(survey.surveyDate)}</span>
        </ShowAllToggle>
      )}
    </li>
  );
}

export function SurveyList({
  surveys,
  window,
}: {
  surveys: readonly Survey[];
  /** The three years of the grid, when known: older surveys say they are not counted there. */
  window: { windowStart: string; windowEnd: string } | null;
}) {
  const [isExpanded, setIsExpanded] = useState(false);
  const listId = useId();
  const ordered = orderSurveys(surveys);
  const firstCount = collapsedCount(ordered.length, SURVEYS_SHOWN_FIRST);
  const shown = isExpanded ? ordered : ordered.slice(0, firstCount);
  return (
    <>
      <ol id={listId} className="divide-y divide-slate-200" aria-label="Surveys, newest first">
        {shown.map((survey) => (
          <SurveyItem
            key={`${survey.surveyDate}-${survey.type}-${survey.surveyType}`}
            survey={survey}
            isOutsideWindow={isBeforeWindow(survey.surveyDate, window)}
          />
        ))}
      </ol>
      {ordered.length > firstCount && (
        <ShowAllToggle
          isExpanded={isExpanded}
          onToggle={() => setIsExpanded((value) => !value)}
          controls={listId}
          collapsedLabel={`Show all ${ordered.length} surveys`}
          expandedLabel={`Show the newest ${SURVEYS_SHOWN_FIRST}`}
          className="mt-4"
          testId="surveys-toggle"
        />
      )}
    </>
  );
}
