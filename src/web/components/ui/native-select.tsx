import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

/**
 * A styled native <select>: fully keyboard and screen-reader operable at no bundle cost (the Radix select
 * weighs about 6 KB gzip, and the dashboard's initial JavaScript has a 150 KB budget).
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className={cn("relative", className)}>
      <select
        className={cn(
          "h-9 w-full cursor-pointer appearance-none rounded-md border border-slate-300 bg-white py-1 pr-8 pl-3",
          "text-sm text-slate-900 shadow-xs outline-none disabled:cursor-not-allowed disabled:opacity-50",
          "focus-visible:border-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600/30",
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}
