// Business constants of the product (SPEC.md section 9), shared by server and web.

export const PAGE_SIZE_OPTIONS = [100, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

export const ALERT_THRESHOLD_CHOICES = [1, 2, 3, 4, 5] as const;
export const DEFAULT_ALERT_THRESHOLD = 1;
/** The alert settings popover starts here when the URL gives no threshold. */
export const POPOVER_START_THRESHOLD = 2;

export const RATING_MIN_CHOICES = [3, 4, 5] as const;

export const ALERT_PERIODS = ["lastPeriod", "lastQuarter"] as const;
export type AlertPeriod = (typeof ALERT_PERIODS)[number];
export const DEFAULT_ALERT_PERIOD: AlertPeriod = "lastPeriod";

/** Metrics offered in the alert settings. */
export const ALERT_METRIC_CHOICES = [
  "Overall Rating",
  "Health Inspection Rating",
  "Staffing Rating",
  "QM Rating",
] as const;
/** Metrics the alert data recognises (the settings offer the first four). */
export const ALERT_METRICS = [
  ...ALERT_METRIC_CHOICES,
  "Long-Stay QM Rating",
  "Short-Stay QM Rating",
] as const;
export type AlertMetric = (typeof ALERT_METRICS)[number];
export const DEFAULT_ALERT_METRIC: AlertMetric = "Overall Rating";

export const FACILITY_STALE_MS = 30_000;
export const DETAIL_STALE_MS = 300_000;
export const DETAIL_CACHE_MS = 600_000;
export const ALERT_QUERY_TIMEOUT_MS = 15_000;
export const SCROLL_TOP_THRESHOLD_PX = 200;
export const PAGINATION_MAX_SLOTS = 5;
export const CHART_HEIGHT_PX = 300;

export const STORAGE_KEYS = {
  savedViews: "cms-dashboard-saved-views",
  favorites: "cms-dashboard-favorite-facilities",
  pageSize: "pageSize",
  compare: "cms-dashboard-compare-facilities",
} as const;

/** Matches a CMS Certification Number: 6 letters or digits. */
export const CCN_PATTERN = /^[0-9A-Za-z]{6}$/;
