import { cn } from "../../../lib/cn.ts";
import type { BenchmarkPart } from "../lib/benchmarks.ts";

/**
 * 'AL avg 3.2 · US avg 3.2': the state and national averages of a measure, secondary to the value beside it.
 * A screen reader hears 'AL state average 3.2, national average 3.2'.
 */
export function BenchmarkNote({
  parts,
  testId,
  className,
}: {
  parts: readonly BenchmarkPart[];
  testId: string;
  className?: string;
}) {
  return (
    <span className={cn("text-xs font-normal text-slate-500", className)} data-testid={testId}>
      <span aria-hidden>{parts.map((part) => `${part.scope} avg ${part.value}`).join(" · ")}</span>
      <span className="sr-only">{parts.map((part) => `${part.spokenScope} ${part.value}`).join(", ")}</span>
    </span>
  );
}
