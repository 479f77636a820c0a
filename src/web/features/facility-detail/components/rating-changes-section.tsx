// "What changed": every change of a star rating between consecutive CMS releases, newest first. Up is green
// and down red, each with an arrow and a signed number, so the direction never rests on colour alone.
import { useQuery } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { formatMonthYear, formatShortDate } from "../../../../core/history.ts";
import type { MethodologyEntry } from "../../../../core/methodology.ts";
import { MethodSourceLink } from "../../../components/charts/method-source-link.tsx";
import { ShowAllToggle } from "../../../components/show-all-toggle.tsx";
import { ErrorMessage, LoadingMessage } from "../../../components/status-message.tsx";
import { cn } from "../../../lib/cn.ts";
import { changesQueryOptions } from "../../../lib/facility-detail-queries.ts";
import {
  CHANGE_METRIC_NAMES,
  CHANGES_SHOWN_FIRST,
  type ChangeRow,
  methodChangesOf,
  summarizeChanges,
  toChangeRows,
} from "../lib/rating-changes.ts";

const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

const DIRECTION_STYLES = {
  up: "bg-emerald-50 text-emerald-800 ring-emerald-600/25",
  down: "bg-red-50 text-red-800 ring-red-600/25",
} as const;

function ChangeBadge({ row }: { row: ChangeRow }) {
  const Arrow = row.direction === "up" ? ArrowUp : ArrowDown;
  const sign = row.direction === "up" ? "+" : "−";
  return (
    <span
      className={cn(
        "inline-flex items-center gap-0.5 rounded-md px-1.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        DIRECTION_STYLES[row.direction],
      )}
      data-direction={row.direction}
    >
      <Arrow className="size-3.5" aria-hidden />
      <span aria-hidden>
        {sign}
        {row.size}
      </span>
      <span className="sr-only">
        {row.direction} {row.size}
      </span>
    </span>
  );
}

/** Under the table: what CMS changed in the months of the marked rows, and where it said so. */
function MethodChangeNotes({ events }: { events: readonly MethodologyEntry[] }) {
  if (events.length === 0) return null;
  return (
    <div className="mt-3 max-w-3xl text-sm text-slate-700" data-testid="method-change-notes">
      <p className="font-medium text-slate-900">
        A change marked "Method change" came with a release in which CMS changed how the ratings are computed:
        the rating may have moved because of the new method rather than the home.
      </p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {events.map((event) => (
          <li key={event.date}>
            <span className="font-medium">
              {formatMonthYear(event.date)}, {event.label}:
            </span>{" "}
            {event.description} <MethodSourceLink event={event} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function ChangesTable({ rows }: { rows: readonly ChangeRow[] }) {
  return (
    <table className="w-full max-w-3xl text-left text-sm tabular-nums">
      <caption className="sr-only">Rating changes, newest first</caption>
      <thead className="border-b border-slate-200 text-slate-600">
        <tr>
          <th scope="col" className="py-2 pr-3 font-medium">
            Date
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Rating
          </th>
          <th scope="col" className="py-2 pl-3 font-medium">
            Change
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.key} data-testid="change-row" data-metric={row.metric} data-date={row.processingDate}>
            <th scope="row" className="py-2 pr-3 font-normal text-slate-900">
              <time dateTime={row.processingDate}>{formatShortDate(row.processingDate)}</time>
              <span className="block text-xs text-slate-500">
                compared with{" "}
                <time dateTime={row.previousProcessingDate}>
                  {formatShortDate(row.previousProcessingDate)}
                </time>
              </span>
              {row.methodChange && (
                <span
                  className="mt-1 inline-block rounded-sm bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-600/30 ring-inset"
                  data-testid="method-change-note"
                >
                  Method change: {row.methodChange.label}
                </span>
              )}
            </th>
            <td className="px-3 py-2 text-slate-700">{CHANGE_METRIC_NAMES[row.metric]}</td>
            <td className="py-2 pl-3">
              <span className="inline-flex items-center gap-2">
                <span className="font-medium text-slate-900" data-testid="change-values">
                  {row.from} <span aria-hidden>→</span>
                  <span className="sr-only">to</span> {row.to}
                </span>
                <ChangeBadge row={row} />
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RatingChangesSection({ ccn }: { ccn: string }) {
  const changes = useQuery(changesQueryOptions(ccn));
  const [isExpanded, setIsExpanded] = useState(false);
  const tableId = useId();

  let body: ReactNode;
  if (changes.isPending) body = <LoadingMessage text="Loading rating changes..." />;
  else if (changes.isError)
    body = <ErrorMessage text={`Error loading rating changes: ${changes.error.message}`} />;
  else {
    const rows = toChangeRows(changes.data);
    const shown = isExpanded ? rows : rows.slice(0, CHANGES_SHOWN_FIRST);
    body =
      rows.length === 0 ? (
        <p className="py-4 text-sm text-slate-500">No star rating has changed in this facility's history.</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" data-testid="changes-summary">
            {summarizeChanges(rows)}
          </p>
          <div id={tableId}>
            <ChangesTable rows={shown} />
            <MethodChangeNotes events={methodChangesOf(shown)} />
          </div>
          {rows.length > CHANGES_SHOWN_FIRST && (
            <ShowAllToggle
              isExpanded={isExpanded}
              onToggle={() => setIsExpanded((value) => !value)}
              controls={tableId}
              collapsedLabel={`Show all ${rows.length} changes`}
              expandedLabel={`Show the latest ${CHANGES_SHOWN_FIRST}`}
            />
          )}
        </>
      );
  }

  return (
    <section aria-labelledby="section-changes" className={CARD} data-testid="section-changes">
      <h2 id="section-changes" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <ArrowUpDown className="size-4 text-slate-500" aria-hidden />
        What changed
      </h2>
      <p className="mt-0.5 mb-3 text-sm text-slate-500">
        Each star rating that differs from the release before it, newest first.
      </p>
      {body}
    </section>
  );
}
