import type { LucideIcon } from "lucide-react";
import type { DetailSection } from "../lib/facility-lines.ts";

export function DetailSectionCard({ section, icon: Icon }: { section: DetailSection; icon: LucideIcon }) {
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
            <div key={line.label} className="flex items-baseline justify-between gap-4 py-2 text-sm">
              <dt className="text-slate-600">{line.label}</dt>
              <dd className="text-right font-medium tabular-nums text-slate-900">{line.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
