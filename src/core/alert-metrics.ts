import { ALERT_METRICS, type AlertMetric, DEFAULT_ALERT_METRIC } from "./constants.ts";

/** The rating a metric name refers to, as a column stem in the alert table (`<stem>_diff`, `abs_<stem>_diff`). */
export const METRIC_COLUMN: Record<AlertMetric, string> = {
  "Overall Rating": "overall",
  "Health Inspection Rating": "health_inspection",
  "Staffing Rating": "staffing",
  "QM Rating": "qm",
  "Long-Stay QM Rating": "long_stay_qm",
  "Short-Stay QM Rating": "short_stay_qm",
};

/** The spec treats any unknown metric name as the overall rating. */
export function normalizeAlertMetric(value: unknown): AlertMetric {
  return typeof value === "string" && (ALERT_METRICS as readonly string[]).includes(value)
    ? (value as AlertMetric)
    : DEFAULT_ALERT_METRIC;
}
