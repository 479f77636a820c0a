// Shared look of the two detail charts.

export const RATING_TICKS = [0, 1, 2, 3, 4, 5];
export const CHART_MARGIN = { top: 8, right: 16, bottom: 0, left: -16 };
export const AXIS_TICK = { fontSize: 12, fill: "#64748b" };
export const AXIS_LINE = { stroke: "#cbd5e1" };
export const GRID_STROKE = "#e2e8f0";
export const CURSOR = { stroke: "#94a3b8", strokeDasharray: "3 3" };
export const LEGEND_STYLE = { fontSize: 13, paddingTop: 8 };
