// When CMS changed how the stars are computed, held them, or published no release. A line that jumps in such a month
// is not the home getting better or worse: the charts mark these months and "What changed" says so. The list is
// product knowledge, versioned with the code (not loaded data): the API serves it (GET /api/methodology) and the web
// imports it from here, so both read one source. Each entry cites a published notice of CMS (or of a state agency
// that reproduces a CMS memo) or, for a missing month, CMS's own archive listing.
import { formatMonthYear, MONTH_ABBREVIATIONS } from "./dates.ts";

/** A change of method (or a hold of a rating), or a month without a CMS release. */
export type MethodologyKind = "method" | "no-release";

/** One event as the API serves it (docs/api.md). */
export interface MethodologyEvent {
  /**
   * The processing date (the first of the month, `YYYY-MM-DD`) of the first CMS release the event applies to: the
   * release whose ratings were computed the new way, or the month without a release.
   */
  date: string;
  /** A few words, drawn beside the marker on a chart. */
  label: string;
  /** What changed, in a sentence or two. */
  description: string;
  /** Where CMS published it. */
  sourceUrl: string;
}

export interface MethodologyEntry extends MethodologyEvent {
  kind: MethodologyKind;
}

/** The label of every month without a release. */
export const NO_RELEASE_LABEL = "No release";

/**
 * CMS's listing of the monthly archives of the nursing-home files (one per month it published): the months missing
 * from it are the months without a release (../shared/data/cms/README.md).
 */
const ARCHIVE_LISTING_URL =
  "https://data.cms.gov/provider-data/api/1/archive/aggregate/theme/nursing-homes/relative";
/** CMS's page of the rating system: the current Technical Users' Guide, whose first pages list its revisions. */
const FIVE_STAR_PAGE_URL =
  "https://www.cms.gov/medicare/health-safety-standards/certification-compliance/five-star-quality-rating-system";
/** CMS's archive of earlier Technical Users' Guides, each opening with what it revised. */
const FIVE_STAR_ARCHIVE_URL =
  "https://www.cms.gov/medicare/health-safety-standards/quality-safety-oversight-general-information/five-star-quality-rating-system/five-star-quality-rating-system-archives";

function noRelease(date: string): MethodologyEntry {
  return {
    date,
    kind: "no-release",
    label: NO_RELEASE_LABEL,
    description:
      "CMS published no Provider Information release this month: the chart leaves a gap, and the next release is " +
      "compared with the one before the gap.",
    sourceUrl: ARCHIVE_LISTING_URL,
  };
}

/** Sorted by date (the unit test checks it). */
export const METHODOLOGY_EVENTS: readonly MethodologyEntry[] = [
  {
    date: "2015-02-01",
    kind: "method",
    label: "Quality bar raised",
    description:
      "From the February 20, 2015 refresh (Nursing Home Compare 3.0) the quality rating counts two antipsychotic " +
      "medication measures and asks more for high stars, and a 4-star staffing rating needs 4 stars in registered " +
      "nurse or total nurse staffing.",
    sourceUrl:
      "https://www.cms.gov/newsroom/fact-sheets/nursing-home-compare-30-revisions-nursing-home-compare-5-star-quality-rating-system",
  },
  {
    date: "2019-04-01",
    kind: "method",
    label: "New thresholds, QM split",
    description:
      "From the April 2019 refresh CMS rated health inspections again (frozen since February 2018 for the new " +
      "survey process), raised the staffing and quality thresholds, gave registered nurse staffing more weight, " +
      "cut the days without a registered nurse that force a one-star staffing rating from seven to four a " +
      "quarter, and rated quality for short-stay and long-stay residents separately.",
    sourceUrl: "https://www.cms.gov/newsroom/press-releases/cms-improving-nursing-home-compare-april-2019",
  },
  {
    date: "2020-04-01",
    kind: "method",
    label: "Inspection ratings frozen",
    description:
      "CMS suspended routine inspections for COVID-19 in March 2020 and, from the April 2020 refresh, held health " +
      "inspection ratings constant: inspections from March 4, 2020 on were published but not counted, until " +
      "January 2021.",
    sourceUrl:
      "https://www.cms.gov/medicareprovider-enrollment-and-certificationsurveycertificationgeninfopolicy-and-memos-states-and/posting-nursing-home-inspections",
  },
  {
    date: "2020-07-01",
    kind: "method",
    label: "Staffing and QM held",
    description:
      "With the COVID-19 waivers of the staffing and resident assessment deadlines, the July 2020 refresh held " +
      "staffing ratings on October to December 2019 data and quality measures on data through 2019; staffing " +
      "ratings that were downgraded to one star for late or missing data were suppressed instead.",
    sourceUrl: FIVE_STAR_ARCHIVE_URL,
  },
  {
    date: "2021-01-01",
    kind: "method",
    label: "Inspection ratings resume",
    description:
      "From the January 27, 2021 refresh CMS computed health inspection ratings again, counting inspections after " +
      "March 3, 2020 and, like complaint inspections, the focused infection control inspections; quality measures " +
      "were updated again too.",
    sourceUrl: FIVE_STAR_ARCHIVE_URL,
  },
  noRelease("2021-12-01"),
  {
    date: "2022-07-01",
    kind: "method",
    label: "Turnover in staffing rating",
    description:
      "From the July 27, 2022 refresh the staffing rating adds weekend nurse staffing and nurse and administrator " +
      "turnover to the two staffing-hours measures, as points against new thresholds; a 4-star staffing rating no " +
      "longer raises the overall rating (only 5 stars do).",
    sourceUrl: "https://www.cms.gov/newsroom/fact-sheets/updates-care-compare-website-july-2022",
  },
  noRelease("2022-12-01"),
  noRelease("2023-12-01"),
  {
    date: "2024-07-01",
    kind: "method",
    label: "Staffing case-mix revised",
    description:
      "From the July 31, 2024 refresh the staffing measures use CMS's new case-mix adjustment (announced in " +
      "September 2023, QSO-23-21-NH), with thresholds reset to keep the same spread of points, and staff on leave " +
      "for 90 days or less no longer count as turnover (QSO-24-14-NH).",
    sourceUrl: "https://ltc.health.mo.gov/archives/16754",
  },
  noRelease("2024-12-01"),
  noRelease("2025-01-01"),
  {
    date: "2025-07-01",
    kind: "method",
    label: "Two inspections, not three",
    description:
      "From the July 30, 2025 refresh the health inspection rating uses the two most recent standard inspections " +
      "instead of three, the newest weighing more; complaint and infection control inspections still count over " +
      "three years (QSO-25-20-NH). Claims-based quality measures gained new risk adjusters.",
    sourceUrl: FIVE_STAR_PAGE_URL,
  },
  noRelease("2025-08-01"),
  noRelease("2026-01-01"),
];

/** The events as GET /api/methodology serves them: date, label, description and source, in date order. */
export function methodologyEvents(
  events: readonly MethodologyEntry[] = METHODOLOGY_EVENTS,
): MethodologyEvent[] {
  return events.map(({ date, label, description, sourceUrl }) => ({ date, label, description, sourceUrl }));
}

/** 'YYYY-MM' of a date. */
const monthOf = (date: string) => date.slice(0, 7);

/**
 * The change of method (not a missing month) that took effect with the release of `processingDate`'s month: a
 * rating that moved in that release may have moved because of it. Undefined when there is none.
 */
export function methodChangeFor(
  processingDate: string,
  events: readonly MethodologyEntry[] = METHODOLOGY_EVENTS,
): MethodologyEntry | undefined {
  const month = monthOf(processingDate);
  return events.find((event) => event.kind === "method" && monthOf(event.date) === month);
}

/** A marker on a chart: one x position, the events there, and the words drawn beside it. */
export interface ChartMarker {
  /** The x value of the chart's row it stands at (a release or gap month's date, or a seasonality month-day). */
  at: string;
  /** Short words beside the marker. */
  label: string;
  /** The full text: month, label and description of each event (for hover and text alternatives). */
  text: string;
  /** The month it names, 'Jul 2024' (on the seasonality chart, the month and its years). */
  when: string;
  kind: MethodologyKind;
  events: readonly MethodologyEntry[];
}

function fullText(when: string, events: readonly MethodologyEntry[]): string {
  return `${when}: ${events.map((event) => `${event.label}. ${event.description}`).join(" ")}`;
}

/**
 * The markers of a chart over monthly rows (history, comparison, entity trend): each event whose month has a row,
 * at the first row of that month; events outside the rows' months are left out. Consecutive months without a
 * release share one label ('No release (2 months)'), drawn at the first; each month keeps its marker.
 */
export function markersForRows(
  rowDates: readonly string[],
  events: readonly MethodologyEntry[] = METHODOLOGY_EVENTS,
): ChartMarker[] {
  const firstRowOfMonth = new Map<string, string>();
  for (const date of rowDates)
    if (!firstRowOfMonth.has(monthOf(date))) firstRowOfMonth.set(monthOf(date), date);
  const byRow = new Map<string, MethodologyEntry[]>();
  for (const event of events) {
    const at = firstRowOfMonth.get(monthOf(event.date));
    if (at === undefined) continue;
    byRow.set(at, [...(byRow.get(at) ?? []), event]);
  }
  const markers = [...byRow.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([at, atEvents]): ChartMarker => {
      const when = formatMonthYear(at);
      const method = atEvents.filter((event) => event.kind === "method");
      const kind = method.length > 0 ? "method" : "no-release";
      return {
        at,
        label: (method.length > 0 ? method : atEvents).map((event) => event.label).join(" / "),
        text: fullText(when, atEvents),
        when,
        kind,
        events: atEvents,
      };
    });
  // A run of months without a release: one label at its first month.
  for (let start = 0; start < markers.length; ) {
    let end = start;
    while (
      markers[start]?.kind === "no-release" &&
      markers[end + 1]?.kind === "no-release" &&
      monthIndex(markers[end + 1]?.at ?? "") === monthIndex(markers[end]?.at ?? "") + 1
    ) {
      end += 1;
    }
    const first = markers[start];
    if (first && end > start) {
      first.label = `${NO_RELEASE_LABEL} (${end - start + 1} months)`;
      for (let index = start + 1; index <= end; index += 1) {
        const marker = markers[index];
        if (marker) marker.label = "";
      }
    }
    start = end + 1;
  }
  return markers;
}

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/**
 * The markers of the seasonality chart (one line per year over January to December): each event of a year the chart
 * shows, at the first of its month; events of several years in one month share a marker that names the years
 * ('No release 2023, 2024').
 */
export function seasonalityMarkers(
  years: readonly number[],
  events: readonly MethodologyEntry[] = METHODOLOGY_EVENTS,
): ChartMarker[] {
  const shown = new Set(years.map(String));
  const byMonth = new Map<string, MethodologyEntry[]>();
  for (const event of events) {
    if (!shown.has(event.date.slice(0, 4))) continue;
    const at = `${event.date.slice(5, 7)}-01`;
    byMonth.set(at, [...(byMonth.get(at) ?? []), event]);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([at, atEvents]): ChartMarker => {
      const month = MONTH_ABBREVIATIONS[Number(at.slice(0, 2)) - 1] ?? "";
      const yearsOf = (list: readonly MethodologyEntry[]) =>
        list.map((event) => event.date.slice(0, 4)).join(", ");
      const labels = [...new Set(atEvents.map((event) => event.label))];
      const label =
        labels.length === 1
          ? `${labels[0]} ${yearsOf(atEvents)}`
          : atEvents.map((event) => `${event.date.slice(0, 4)} ${event.label}`).join(" / ");
      const when = `${month} ${yearsOf(atEvents)}`;
      return {
        at,
        label,
        text: atEvents.map((event) => fullText(formatMonthYear(event.date), [event])).join(" "),
        when,
        kind: atEvents.some((event) => event.kind === "method") ? "method" : "no-release",
        events: atEvents,
      };
    });
}

/** The sentence a chart's text alternative gains: what its markers mark, in order. Empty without markers. */
export function describeMarkers(markers: readonly ChartMarker[]): string {
  if (markers.length === 0) return "";
  const parts = markers.map(
    (marker) => `${marker.when}, ${[...new Set(marker.events.map((event) => event.label))].join(" and ")}`,
  );
  return `Marked: CMS method changes and months without a release: ${parts.join("; ")}.`;
}
