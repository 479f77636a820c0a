import { Progress as ProgressPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

/** A horizontal progress bar; `value` from 0 to `max` (100 by default), or null for an indeterminate bar. */
export function Progress({
  className,
  value,
  max = 100,
  ...props
}: ComponentProps<typeof ProgressPrimitive.Root>) {
  const percent = typeof value === "number" ? Math.min(100, Math.max(0, (value / max) * 100)) : null;
  return (
    <ProgressPrimitive.Root
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-slate-200", className)}
      value={value}
      max={max}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn(
          "h-full rounded-full bg-blue-600 transition-[width] duration-500 ease-out motion-reduce:transition-none",
          percent === null && "w-1/3 motion-safe:animate-pulse",
        )}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
