// The cells that set a figure beside an average, shared by the detail page's Staffing and Quality measures sections
// and the entity page: an average (marked † when the dashboard worked it out because CMS publishes none), the note
// that explains the mark, and a score's comparison with the national average in words.
import type { AveragesSource } from "../../core/staffing.ts";
import { cn } from "../lib/cn.ts";
import { COMPARISON_TEXT, type Comparison } from "../lib/quality-measure-scores.ts";

const NONE = <span className="text-slate-400">—</span>;

/** An average as text, "—" when unknown, marked † when the product worked it out. */
export function AverageValue({ text, source }: { text: string | null; source: AveragesSource }) {
  if (text === null) return NONE;
  return (
    <>
      {text}
      {source === "product" && (
        <>
          <sup aria-hidden className="ml-0.5 text-slate-500">
            †
          </sup>
          <span className="sr-only"> (worked out by this dashboard)</span>
        </>
      )}
    </>
  );
}

/** The note under a table with † averages. */
export function ProductAveragesNote({ what }: { what: string }) {
  return (
    <p className="text-xs text-slate-600">
      † Average worked out by this dashboard over the current facilities: CMS publishes none for this {what}.
    </p>
  );
}

const COMPARISON_STYLE: Record<Comparison, string> = {
  better: "bg-emerald-50 text-emerald-800",
  worse: "bg-red-50 text-red-800",
  same: "bg-slate-100 text-slate-700",
};

/** "Better than the national average" (or worse, or about), in colour and in words; "—" without a comparison. */
export function ComparisonBadge({ comparison }: { comparison: Comparison | null }) {
  if (comparison === null) return NONE;
  return (
    <span
      className={cn("rounded px-1.5 py-0.5 text-xs", COMPARISON_STYLE[comparison])}
      data-comparison={comparison}
    >
      {COMPARISON_TEXT[comparison]}
    </span>
  );
}
