// Shared helpers of the facility detail browser tests: facts read from the API (never hard-coded demo values)
// and expectations computed independently of the web code.
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import type { FacilityDetail, FacilityListResponse, RatingSnapshot } from "../../src/core/api-types.ts";

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export interface FacilityFixture {
  detail: FacilityDetail;
  history: RatingSnapshot[];
}

export async function getFacility(request: APIRequestContext, ccn: string): Promise<FacilityFixture> {
  const [detail, history] = await Promise.all([
    getJson<FacilityDetail>(request, `/api/facilities/${ccn}`),
    getJson<RatingSnapshot[]>(request, `/api/facilities/${ccn}/history`),
  ]);
  return { detail, history };
}

/** The first listed facility with at least `minSnapshots` releases of history (36 by default). */
export async function pickFacilityWithHistory(
  request: APIRequestContext,
  minSnapshots = 36,
  query = "",
): Promise<FacilityFixture> {
  const list = await getJson<FacilityListResponse>(request, `/api/facilities?pageSize=25${query}`);
  for (const item of list.data) {
    const fixture = await getFacility(request, item.ccn);
    if (fixture.history.length >= minSnapshots) return fixture;
  }
  throw new Error(`no facility with ${minSnapshots}+ snapshots among the first 25`);
}

/** Month number since year 0 of an ISO date. */
export function monthIndex(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

/** ISO date `months` calendar months before `date`, the day clamped to the month's length. */
export function monthsBefore(date: string, months: number): string {
  const target = monthIndex(date) - months;
  const year = Math.floor(target / 12);
  const month = (target % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(date.slice(8, 10)), lastDay);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * How many separate pieces a line without interpolation has: runs of consecutive calendar months with a
 * value. A missing month or a null rating ends a run.
 */
export function countRuns(points: readonly { date: string; value: number | null }[]): number {
  const sorted = [...points].sort((a, b) => (a.date < b.date ? -1 : 1));
  let runs = 0;
  let previous: { month: number; hasValue: boolean } | null = null;
  for (const point of sorted) {
    const month = monthIndex(point.date);
    const hasValue = point.value !== null;
    const continues = previous?.hasValue === true && month - previous.month <= 1;
    if (hasValue && !continues) runs += 1;
    previous = { month, hasValue };
  }
  return runs;
}

/** The number of pieces recharts drew for a line: one move-to ('M') per piece. */
export async function countDrawnPieces(line: Locator): Promise<number> {
  const d = (await line.getAttribute("d")) ?? "";
  return (d.match(/M/g) ?? []).length;
}

/** label -> value of the dt/dd lines of a detail section. */
export async function readSectionLines(page: Page, sectionTestId: string): Promise<Record<string, string>> {
  const section = page.getByTestId(sectionTestId);
  await expect(section).toBeVisible();
  const pairs = await section
    .locator("dl > div")
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector("dt")?.textContent?.trim() ?? "",
        row.querySelector("dd")?.textContent?.trim() ?? "",
      ]),
    );
  return Object.fromEntries(pairs);
}

/** The complaints line where CMS no longer counts substantiated complaints, and the note under it. */
export const COMPLAINT_CITATIONS = "Complaint citations, last 3 years";
export const COMPLAINTS_NOTE = /^CMS no longer publishes the number of substantiated complaints\./;

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const plain = new Intl.NumberFormat("en-US");

const outOf5 = (value: number | null) => (value === null ? "N/A" : `${value}/5`);

/** The lines the spec asks for, computed from the API's answer. */
export function expectedSections(detail: FacilityDetail): Record<string, Record<string, string>> {
  const lines = (entries: [string, number | string | null, (value: never) => string][]) =>
    Object.fromEntries(
      entries
        .filter(([, value]) => value !== null && value !== "")
        .map(([label, value, format]) => [label, format(value as never)]),
    );
  return {
    "section-quality": {
      "Health Inspection": outOf5(detail.healthInspectionRating),
      Staffing: outOf5(detail.staffingRating),
      "Quality Measures": outOf5(detail.qmRating),
    },
    "section-deficiencies": lines([
      ["Health Deficiency Score", detail.totalWeightedHealthSurveyScore, (v: number) => v.toFixed(2)],
      // CMS's count; where the file has none (from 2025), the complaint citations of the inspection record.
      detail.substantiatedComplaints === null && detail.complaintCitationsThreeYears != null
        ? [COMPLAINT_CITATIONS, detail.complaintCitationsThreeYears, (v: number) => plain.format(v)]
        : ["Substantiated Complaints", detail.substantiatedComplaints, (v: number) => plain.format(v)],
      ["Infection Control Citations", detail.infectionControlCitations, (v: number) => plain.format(v)],
      ["Fines", detail.finesTotalDollars, (v: number) => usd.format(v)],
      ["Payment Denials", detail.paymentDenials, (v: number) => plain.format(v)],
    ]),
    "section-staffing": lines([
      [
        "RN Staffing Hours",
        detail.rnStaffingHoursPerResidentPerDay,
        (v: number) => `${v.toFixed(2)} hrs/day`,
      ],
      ["Turnover Rate", detail.totalNursingStaffTurnover, (v: number) => `${v.toFixed(1)}%`],
      ["Administrator Turnover", detail.administratorsLeft, (v: number) => plain.format(v)],
    ]),
    "section-capacity": lines([
      ["Certified Beds", detail.certifiedBeds, (v: number) => plain.format(v)],
      ["Average Residents per Day", detail.averageResidentsPerDay, (v: number) => v.toFixed(0)],
      ["Affiliated Entity", detail.affiliatedEntityName?.trim() ?? null, (v: string) => v],
    ]),
  };
}

export const historyChart = (page: Page) => page.getByTestId("history-chart");
export const seasonalityChart = (page: Page) => page.getByTestId("seasonality-chart");
/** The legend entries of a chart (name beside a swatch of the line, its pattern and marker). */
export const legendItems = (chart: Locator) => chart.getByTestId("chart-legend").locator("li");

/** The drawn line of one series (recharts puts the series name on the path). */
export const seriesLine = (chart: Locator, name: string) =>
  chart.locator(`path.recharts-line-curve[name="${name}"]`);

/** The (x, y) vertices of an SVG path made of M and L commands, as recharts draws lines. */
export function pathVertices(d: string): [number, number][] {
  return [...d.matchAll(/[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)/g)].map((match) => [
    Number(match[1]),
    Number(match[2]),
  ]);
}

/** The horizontal segments of a step line's path ('M' starts a piece), left to right. */
export function horizontalSegments(d: string): { x0: number; x1: number; y: number }[] {
  return d
    .split("M")
    .filter(Boolean)
    .flatMap((piece) => {
      const vertices = pathVertices(`M${piece}`);
      const segments: { x0: number; x1: number; y: number }[] = [];
      for (let index = 1; index < vertices.length; index += 1) {
        const [x0 = 0, y0 = 0] = vertices[index - 1] ?? [];
        const [x1 = 0, y1 = 0] = vertices[index] ?? [];
        if (Math.abs(y0 - y1) < 1e-6 && Math.abs(x1 - x0) > 1e-6) {
          segments.push({ x0: Math.min(x0, x1), x1: Math.max(x0, x1), y: y0 });
        }
      }
      return segments;
    });
}

/**
 * How close two step lines come, px: the smallest vertical distance between their horizontal segments over the
 * stretches where both are drawn (more than 1 px of overlap); null when they never run side by side.
 */
export function closestApproach(a: string, b: string): number | null {
  let closest: number | null = null;
  for (const first of horizontalSegments(a)) {
    for (const second of horizontalSegments(b)) {
      const overlap = Math.min(first.x1, second.x1) - Math.max(first.x0, second.x0);
      if (overlap <= 1) continue;
      const distance = Math.abs(first.y - second.y);
      closest = closest === null ? distance : Math.min(closest, distance);
    }
  }
  return closest;
}

/** The width of a chart line, px: two lines closer than this overlap. */
export const LINE_WIDTH_PX = 2.5;
/** The most a line is drawn off its value, px, to keep equal lines apart. */
export const MAX_NUDGE_PX = 6;

/** Maps a rating to its y pixel from the chart's horizontal grid lines (drawn at 0, 1, ... 5). */
export async function ratingToY(chart: Locator): Promise<(rating: number) => number> {
  const ys = await chart
    .locator(".recharts-cartesian-grid-horizontal line")
    .evaluateAll((lines) => lines.map((line) => Number(line.getAttribute("y1"))));
  expect(ys).toHaveLength(6);
  const bottom = Math.max(...ys);
  const top = Math.min(...ys);
  return (rating) => bottom + ((top - bottom) * rating) / 5;
}

export interface DrawnMarker {
  shape: string;
  fill: string;
  x: number;
  /** The point the marker stands for (a triangle's centroid, the centre of the others). */
  y: number;
}

/** The point markers of each line, in the order of the lines (recharts draws one dots layer per line). */
export async function readMarkers(chart: Locator): Promise<DrawnMarker[][]> {
  return chart.locator(".recharts-line-dots").evaluateAll((groups) =>
    groups.map((group) =>
      [...group.querySelectorAll<SVGGraphicsElement>("[data-shape]")].map((marker) => {
        const box = marker.getBBox();
        const shape = marker.getAttribute("data-shape") ?? "";
        return {
          shape,
          fill: marker.getAttribute("fill") ?? "",
          x: box.x + box.width / 2,
          y: shape === "triangle" ? box.y + (box.height * 2) / 3 : box.y + box.height / 2,
        };
      }),
    ),
  );
}

export const rangeToggle = (page: Page) => page.getByRole("radiogroup", { name: "History range" });

/** The element's text colour as sRGB 0-255 (whatever notation the CSS used, oklch included). */
export async function readTextRgb(locator: Locator): Promise<[number, number, number]> {
  return locator.evaluate((element) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d");
    if (!context) return [0, 0, 0] as [number, number, number];
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  });
}

/** Red text, centred: the spec's look of the detail errors. */
export async function expectRedAndCentred(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const [r, g, b] = await readTextRgb(locator);
  expect(r, `rgb(${r}, ${g}, ${b}) is red`).toBeGreaterThan(180);
  expect(Math.max(g, b), `rgb(${r}, ${g}, ${b}) is red`).toBeLessThan(90);
  await expect(locator).toHaveCSS("text-align", "center");
}
