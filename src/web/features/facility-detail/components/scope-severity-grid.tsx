// CMS's scope and severity grid of a facility's last three years: a real table, severity rows (immediate jeopardy
// on top) by scope columns, each cell with its letter and its count, coloured by harm level.
import type { InspectionSummary } from "../../../../core/api-types.ts";
import { cn } from "../../../lib/cn.ts";
import { EMPTY_CELL_TONE, HARM_TONES } from "../../../lib/harm-styles.ts";
import { formatWindow, toGridRows } from "../lib/inspections.ts";

export function ScopeSeverityGrid({ summary }: { summary: InspectionSummary }) {
  const rows = toGridRows(summary.grid);
  return (
    <table
      className="w-full max-w-xl table-fixed border-separate border-spacing-1 text-sm"
      data-testid="severity-grid"
    >
      <caption className="sr-only">Health citations by scope and severity, {formatWindow(summary)}</caption>
      <colgroup>
        <col className="w-[40%]" />
        <col />
        <col />
        <col />
      </colgroup>
      <thead>
        <tr className="text-xs text-slate-600">
          <th scope="col" className="px-1 text-left font-medium">
            Severity
          </th>
          {rows[0]?.cells.map((cell) => (
            <th key={cell.scope} scope="col" className="px-1 text-center font-medium">
              {cell.scope}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.level} data-level={row.level}>
            <th scope="row" className="px-1 py-1 text-left align-middle font-normal leading-tight">
              <span className="block font-semibold text-slate-900">{row.range}</span>
              <span className="block text-xs text-slate-600">{row.label}</span>
            </th>
            {row.cells.map((cell) => {
              const isMostSevere = summary.mostSevere === cell.code;
              return (
                <td
                  key={cell.code}
                  data-testid="grid-cell"
                  data-code={cell.code}
                  className={cn(
                    "h-12 rounded-md text-center align-middle tabular-nums ring-1 ring-inset",
                    cell.count > 0 ? HARM_TONES[row.level] : EMPTY_CELL_TONE,
                    isMostSevere && "outline-2 outline-offset-1 outline-slate-900",
                  )}
                >
                  <span className="font-semibold" data-testid="grid-letter">
                    {cell.code}
                  </span>
                  <span className="sr-only">: </span>
                  <span
                    className={cn("ml-1.5", cell.count > 0 ? "font-semibold" : "font-normal")}
                    data-testid="grid-count"
                  >
                    {cell.count}
                  </span>
                  <span className="sr-only">
                    {" "}
                    {cell.count === 1 ? "citation" : "citations"}
                    {isMostSevere ? ", the most severe" : ""}
                  </span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
