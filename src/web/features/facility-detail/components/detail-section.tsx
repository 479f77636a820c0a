import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import type { Benchmarks } from "../../../../core/api-types.ts";
import { getBenchmarkParts } from "../lib/benchmarks.ts";
import type { DetailLine, DetailSection } from "../lib/facility-lines.ts";
import { BenchmarkNote } from "./benchmark-note.tsx";

export function DetailSectionCard({
  section,
  icon: Icon,
  benchmarks,
  state,
}: {
  section: DetailSection;
  icon: LucideIcon;
  /** The state and national averages, once loaded. */
  benchmarks: Benchmarks | undefined;
  state: string | null;
}) {
  const headingId = `section-${section.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid={`section-${section.id}`}
    >
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
        <Icon className="size-4 text-slate-500" aria-hidden />
        {section.title}
      </h2>
      {section.lines.length === 0 ? (
        <p className="text-sm text-slate-500">Not reported in this release.</p>
      ) : (
        <dl className="divide-y divide-slate-100">
          {section.lines.map((line) => (
            <DetailLineRow key={line.label} line={line} benchmarks={benchmarks} state={state} />
          ))}
        </dl>
      )}
    </section>
  );
}

function DetailLineRow({
  line,
  benchmarks,
  state,
}: {
  line: DetailLine;
  benchmarks: Benchmarks | undefined;
  state: string | null;
}) {
  const parts = line.measure && benchmarks ? getBenchmarkParts(line.measure, benchmarks, state) : [];
  return (
    // The value is the first <dd>; the averages, when there are any, a second one under it; a note last.
    <div className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 py-2 text-sm" data-line={line.label}>
      <dt className="text-slate-600">{line.label}</dt>
      <dd className="text-right font-medium tabular-nums text-slate-900">
        {line.href ? (
          <Link
            to={line.href}
            className="rounded-sm text-blue-700 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            {line.value}
          </Link>
        ) : (
          line.value
        )}
      </dd>
      {parts.length > 0 && (
        <dd className="col-start-2 text-right tabular-nums">
          <BenchmarkNote parts={parts} testId={`benchmark-${line.measure}`} />
        </dd>
      )}
      {line.note && <dd className="col-span-2 mt-1 text-xs text-slate-600">{line.note}</dd>}
    </div>
  );
}
