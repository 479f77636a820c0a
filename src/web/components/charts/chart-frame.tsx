import type { ReactElement } from "react";
import { ResponsiveContainer } from "recharts";
import { CHART_HEIGHT_PX } from "../../../core/constants.ts";

/**
 * A chart's box: an image to assistive technology, described in words by `label` (its figures are offered as a
 * table beside it), holding the chart at the product's chart height.
 */
export function ChartFrame({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: ReactElement;
}) {
  return (
    <div role="img" aria-label={label} data-testid={testId} style={{ height: CHART_HEIGHT_PX }}>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT_PX}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}
