import { useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { CitationRow } from "../../../../core/api-types.ts";
import { formatShortDate } from "../../../../core/history.ts";
import { describeCorrection, formatTag } from "../../../../core/inspections.ts";
import { cn } from "../../../lib/cn.ts";
import { describeScope, severityTone } from "../lib/citation-format.ts";

const TONES = {
  minimal: "border-slate-200 bg-slate-100 text-slate-700",
  potential: "border-amber-200 bg-amber-50 text-amber-900",
  actual: "border-red-200 bg-red-50 text-red-800",
  jeopardy: "border-red-700 bg-red-700 text-white",
  none: "border-slate-200 bg-white text-slate-500",
} as const;

const LINK =
  "rounded-sm font-medium text-blue-700 underline-offset-2 hover:text-blue-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

/** The citations of one page, newest first: one row each, with its facility linked to its page. */
export function CitationTable({
  rows,
  isPlaceholder,
}: {
  rows: readonly CitationRow[];
  isPlaceholder: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-xs">
      <table aria-busy={isPlaceholder} className={cn("w-full text-sm", isPlaceholder && "opacity-60")}>
        <caption className="sr-only">Citations, newest survey first</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-left text-xs font-medium text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2.5 whitespace-nowrap">
              Survey date
            </th>
            <th scope="col" className="px-3 py-2.5">
              Facility
            </th>
            <th scope="col" className="px-3 py-2.5">
              State
            </th>
            <th scope="col" className="px-3 py-2.5">
              Tag
            </th>
            <th scope="col" className="px-3 py-2.5">
              Severity
            </th>
            <th scope="col" className="px-3 py-2.5">
              Category
            </th>
            <th scope="col" className="px-3 py-2.5">
              Description
            </th>
            <th scope="col" className="px-3 py-2.5">
              Corrected
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {rowKeys(rows).map(({ key, row }) => (
            <CitationTableRow key={key} row={row} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A key per row: its facility, survey and tag, and a count for a tag cited twice in one survey. */
function rowKeys(rows: readonly CitationRow[]): { key: string; row: CitationRow }[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = `${row.ccn}/${row.surveyDate}/${row.surveyType}/${row.prefix}${row.tag}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return { key: `${base}/${count}`, row };
  });
}

function CitationTableRow({ row }: { row: CitationRow }) {
  const correction = describeCorrection(row.corrected, row.correctionDate) ?? "Not recorded";
  const scope = describeScope(row.scopeSeverity);
  return (
    <tr>
      <td className="px-3 py-2.5 whitespace-nowrap tabular-nums text-slate-900">
        <time dateTime={row.surveyDate}>{formatShortDate(row.surveyDate)}</time>
        {row.complaint && <span className="block text-xs text-slate-500">Complaint</span>}
      </td>
      <td className="min-w-52 px-3 py-2.5">
        <Link to={`/facility/${row.ccn}`} className={LINK}>
          {row.providerName}
        </Link>
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap text-slate-700">{row.state ?? "N/A"}</td>
      <td className="px-3 py-2.5 whitespace-nowrap font-medium tabular-nums text-slate-900">
        {formatTag(row)}
      </td>
      <td className="min-w-56 px-3 py-2.5">
        <span className="flex items-start gap-2">
          <span
            className={cn(
              "inline-flex size-6 shrink-0 items-center justify-center rounded-md border text-xs font-bold",
              TONES[severityTone(row.scopeSeverity)],
            )}
          >
            {row.scopeSeverity ?? "?"}
          </span>
          <span className="text-slate-800">
            {row.harmLevel ?? "Not recorded"}
            {scope && <span className="block text-xs text-slate-500">{scope}</span>}
          </span>
        </span>
      </td>
      <td className="min-w-44 px-3 py-2.5 text-slate-700">{row.category ?? "Not recorded"}</td>
      <td className="min-w-64 px-3 py-2.5 text-slate-800">
        <Description text={row.description} />
      </td>
      <td className="min-w-36 px-3 py-2.5 text-slate-700">{correction}</td>
    </tr>
  );
}

/** A description cut to three lines, with a button to show all of it when it is longer. */
function Description({ text }: { text: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [isExpanded, setIsExpanded] = useState(false);
  const [isCut, setIsCut] = useState(false);
  // Measured once laid out: only text that does not fit offers the button.
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && !isExpanded) setIsCut(element.scrollHeight > element.clientHeight + 1);
  }, [isExpanded]);
  if (!text) return <span className="text-slate-500">No description</span>;
  return (
    <>
      <p ref={ref} className={cn(!isExpanded && "line-clamp-3")}>
        {text}
      </p>
      {(isCut || isExpanded) && (
        <button
          type="button"
          aria-expanded={isExpanded}
          onClick={() => setIsExpanded((value) => !value)}
          className="mt-0.5 rounded-sm text-xs font-medium text-blue-700 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          {isExpanded ? "Show less" : "Show more"}
          <span className="sr-only"> of the description</span>
        </button>
      )}
    </>
  );
}
