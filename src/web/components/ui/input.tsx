import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

export function Input({ className, type, ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type ?? "text"}
      className={cn(
        "h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-1 text-sm text-slate-900 shadow-xs",
        "placeholder:text-slate-400 disabled:cursor-not-allowed disabled:opacity-50",
        "outline-none focus-visible:border-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600/30",
        className,
      )}
      {...props}
    />
  );
}
