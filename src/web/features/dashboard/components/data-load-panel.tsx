import { CloudDownload } from "lucide-react";
import type { DataLoad } from "../../../../core/api-types.ts";
import { Progress } from "../../../components/ui/progress.tsx";
import { formatLoadProgress, loadProgressPercent } from "../data-load.ts";

/** Shown in place of the facility list while the server's first CMS load runs and nothing can be listed yet. */
export function DataLoadPanel({ load }: { load: DataLoad }) {
  const percent = loadProgressPercent(load);
  const progress = formatLoadProgress(load);
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white px-6 py-14 text-center">
      <CloudDownload aria-hidden className="size-8 text-blue-600" />
      <div className="space-y-1">
        <p role="status" className="text-lg font-semibold text-slate-900">
          Loading CMS data...
        </p>
        <p className="max-w-md text-sm text-slate-600">
          The server is downloading the nursing-home files from CMS. Facilities appear here when the load is
          done; there is no need to reload the page.
        </p>
      </div>
      <div className="w-full max-w-md space-y-2">
        <Progress
          aria-label="CMS data load progress"
          value={percent}
          getValueLabel={() => progress || "Starting"}
        />
        <p className="min-h-5 text-sm text-slate-700 tabular-nums">{progress}</p>
        <p className="min-h-5 truncate text-xs text-slate-500" title={load.step ?? undefined}>
          {load.step}
        </p>
      </div>
    </div>
  );
}
