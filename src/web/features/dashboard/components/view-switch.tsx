// List / Map: two toggle buttons in a group (the Radix toggle group would add its code to the first load).
import { List, Map as MapIcon } from "lucide-react";
import type { DashboardView } from "../../../../core/url-state.ts";
import { focusRing } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";

const VIEWS: readonly { view: DashboardView; label: string; Icon: typeof List }[] = [
  { view: "list", label: "List", Icon: List },
  { view: "map", label: "Map", Icon: MapIcon },
];

export function ViewSwitch({
  value,
  onChange,
}: {
  value: DashboardView;
  onChange: (view: DashboardView) => void;
}) {
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-200 bg-slate-100 p-0.5">
      <legend className="sr-only">View</legend>
      {VIEWS.map(({ view, label, Icon }) => (
        <button
          key={view}
          type="button"
          aria-pressed={value === view}
          onClick={() => {
            if (view !== value) onChange(view);
          }}
          className={cn(
            "inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900",
            value === view && "bg-white text-slate-900 shadow-sm",
            focusRing,
          )}
        >
          <Icon aria-hidden className="size-4" />
          {label}
        </button>
      ))}
    </fieldset>
  );
}
