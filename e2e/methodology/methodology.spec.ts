// CMS's changes of method and months without a release on the charts, on the demo database (2023 to 2026): each
// chart marks the events within its range at their months, names them in its text alternative and lists them in
// full with their sources; "What changed" marks a change of a release in which CMS changed its method. The events
// and the data are read from the API (never hard-coded demo values).
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import type { FacilityListResponse, RatingChange, RatingSnapshot } from "../../src/core/api-types.ts";
import { expectNoSeriousViolations } from "../axe.ts";

interface MethodologyEvent {
  date: string;
  label: string;
  description: string;
  sourceUrl: string;
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  // One retry: a kept-alive connection can be closed by the server just as it is reused (ECONNRESET).
  const response = await request.get(path).catch(() => request.get(path));
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const monthYear = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
const isNoRelease = (event: MethodologyEvent) => event.label === "No release";

let events: MethodologyEvent[];

test.beforeAll(async ({ request }) => {
  events = await getJson<MethodologyEvent[]>(request, "/api/methodology");
  expect(events.length).toBeGreaterThan(5);
});

/** The events of the months from `first` to `last` (dates), in order. */
function eventsWithin(first: string, last: string): MethodologyEvent[] {
  return events.filter(
    (event) => monthIndex(event.date) >= monthIndex(first) && monthIndex(event.date) <= monthIndex(last),
  );
}

/** The labels of a chart's axes and their x, px (recharts draws them apart from the axes' groups). */
function tickLabels(chart: Locator) {
  return chart
    .locator(".recharts-cartesian-axis-tick-value")
    .evaluateAll((texts) =>
      texts.map((text) => [text.textContent ?? "", Number(text.getAttribute("x"))] as const),
    );
}

/** The x of each labelled month of a chart's axis ('Jan 2024' -> px). */
async function axisTicks(chart: Locator): Promise<Map<number, number>> {
  const byMonth = new Map<number, number>();
  for (const [label, x] of await tickLabels(chart)) {
    const [month = "", year = ""] = label.split(" ");
    if (MONTHS.includes(month) && /^\d{4}$/.test(year))
      byMonth.set(Number(year) * 12 + MONTHS.indexOf(month), x);
  }
  expect(byMonth.size).toBeGreaterThan(1);
  return byMonth;
}

/** The markers drawn: where each stands (its row's date), its line's x and its label. */
async function readMarkers(chart: Locator) {
  return chart.getByTestId("method-marker").evaluateAll((groups) =>
    groups.map((group) => ({
      at: group.getAttribute("data-at") ?? "",
      kind: group.getAttribute("data-kind") ?? "",
      x: Number(group.querySelector("[data-testid=method-marker-line]")?.getAttribute("x1")),
      label: group.querySelector("[data-testid=method-marker-label]")?.textContent ?? null,
      title: group.querySelector("title")?.textContent ?? "",
    })),
  );
}

/**
 * Checks that the chart marks exactly `expected` (one marker per month), each at the x of its month on the chart's
 * monthly axis (from two labelled months: the rows are a month apart), and names them in its text alternative.
 */
async function expectMarkersAtTheirMonths(chart: Locator, expected: readonly MethodologyEvent[]) {
  await expect(chart.getByTestId("method-marker")).toHaveCount(expected.length);
  const markers = await readMarkers(chart);
  expect(markers.map((marker) => marker.at.slice(0, 7))).toEqual(
    expected.map((event) => event.date.slice(0, 7)),
  );
  const ticks = [...(await axisTicks(chart)).entries()];
  const [firstMonth = 0, firstX = 0] = ticks[0] ?? [];
  const [lastMonth = 0, lastX = 0] = ticks.at(-1) ?? [];
  const step = (lastX - firstX) / (lastMonth - firstMonth);
  for (const [index, marker] of markers.entries()) {
    const event = expected[index] as MethodologyEvent;
    expect(marker.kind).toBe(isNoRelease(event) ? "no-release" : "method");
    expect(
      Math.abs(marker.x - (firstX + (monthIndex(event.date) - firstMonth) * step)),
      event.date,
    ).toBeLessThan(1);
    // The full text on hover.
    expect(marker.title).toContain(`${monthYear(event.date)}: ${event.label}. ${event.description}`);
  }
  const label = (await chart.getAttribute("aria-label")) ?? "";
  expect(label).toContain("Marked: CMS method changes and months without a release: ");
  for (const event of expected) expect(label).toContain(`${monthYear(event.date)}, ${event.label}`);
  return markers;
}

/** Opens the list under a chart and checks it gives each event in full, with its source. */
async function expectListed(page: Page, testId: string, expected: readonly MethodologyEvent[]) {
  const list = page.getByTestId(testId);
  await list.locator("summary").click();
  const items = list.getByTestId("method-marker-item");
  for (const event of expected) {
    const item = list.locator("p", { hasText: `${monthYear(event.date)}, ${event.label}:` });
    await expect(item).toContainText(event.description);
    await expect(item.getByRole("link", { name: /^Source/ })).toHaveAttribute("href", event.sourceUrl);
  }
  expect(await items.count()).toBeGreaterThan(0);
}

/** The first facility of the list with `minSnapshots` releases. */
async function pickFacility(request: APIRequestContext, minSnapshots = 36) {
  const list = await getJson<FacilityListResponse>(request, "/api/facilities?pageSize=25");
  for (const item of list.data) {
    const history = await getJson<RatingSnapshot[]>(request, `/api/facilities/${item.ccn}/history`);
    if (history.length >= minSnapshots) return { ccn: item.ccn, name: item.providerName, history };
  }
  throw new Error(`no facility with ${minSnapshots}+ snapshots among the first 25`);
}

const sortedDates = (history: readonly RatingSnapshot[]) =>
  history.map((snapshot) => snapshot.processingDate).sort();

test("the history chart marks the events of its range at their months, in its text alternative and its list", async ({
  page,
  request,
}) => {
  const facility = await pickFacility(request);
  const dates = sortedDates(facility.history);
  const first = dates[0] ?? "";
  const last = dates.at(-1) ?? "";
  const expected = eventsWithin(first, last);
  // The demo data holds both kinds.
  expect(expected.some(isNoRelease)).toBe(true);
  expect(expected.some((event) => !isNoRelease(event))).toBe(true);

  await page.goto(`/facility/${facility.ccn}`);
  const chart = page.getByTestId("history-chart");
  await page.getByRole("radiogroup", { name: "History range" }).getByRole("radio", { name: "All" }).click();
  await expect(chart).toHaveAttribute("aria-label", /all releases/);
  const markers = await expectMarkersAtTheirMonths(chart, expected);

  // A method change stands at its release; a month without a release at its gap.
  for (const [index, marker] of markers.entries()) {
    const event = expected[index] as MethodologyEvent;
    if (isNoRelease(event)) {
      expect(dates.some((date) => date.slice(0, 7) === event.date.slice(0, 7))).toBe(false);
    } else {
      expect(dates).toContain(marker.at);
      expect(marker.label, "a method change's label fits at 1280 px").toBe(event.label);
    }
  }

  // The chart's tooltip of a method change's month says what changed.
  const change = expected.find((event) => !isNoRelease(event)) as MethodologyEvent;
  const marker = markers[expected.indexOf(change)];
  const grid = await chart.locator(".recharts-cartesian-grid").boundingBox();
  const svg = await chart.locator("svg.recharts-surface").boundingBox();
  if (!grid || !svg || !marker) throw new Error("no chart");
  await page.mouse.move(svg.x + marker.x, grid.y + grid.height / 2);
  const tooltip = chart.locator(".recharts-tooltip-wrapper");
  await expect(tooltip).toContainText(`Method change, ${monthYear(change.date)}: ${change.label}.`);
  await expect(tooltip).toContainText(change.description);

  await expectListed(page, "history-method-markers", expected);

  // The default range (the last year) marks only the events within it.
  await page.getByRole("radiogroup", { name: "History range" }).getByRole("radio", { name: "1Y" }).click();
  await expect(chart).toHaveAttribute("aria-label", /last year/);
  const yearAgo = `${Number(last.slice(0, 4)) - 1}${last.slice(4)}`;
  const inYear = eventsWithin(yearAgo, last);
  await expect(chart.getByTestId("method-marker")).toHaveCount(inYear.length);
  await expectNoSeriousViolations(page);
});

test("the seasonality chart marks each event of a year it shows at its month, naming the year", async ({
  page,
  request,
}) => {
  const facility = await pickFacility(request);
  const dates = sortedDates(facility.history);
  const years = new Set(dates.map((date) => date.slice(0, 4)));
  const expected = events.filter((event) => years.has(event.date.slice(0, 4)));
  const months = [...new Set(expected.map((event) => event.date.slice(5, 7)))].sort();
  await page.goto(`/facility/${facility.ccn}`);
  const chart = page.getByTestId("seasonality-chart");
  await expect(chart.getByTestId("method-marker")).toHaveCount(months.length);
  const markers = await readMarkers(chart);
  expect(markers.map((marker) => marker.at)).toEqual(months.map((month) => `${month}-01`));
  // The months' ticks: the marker stands on its month's tick.
  const tickX = new Map((await tickLabels(chart)).filter(([label]) => MONTHS.includes(label)));
  for (const marker of markers) {
    const month = MONTHS[Number(marker.at.slice(0, 2)) - 1] ?? "";
    expect(Math.abs(marker.x - (tickX.get(month) ?? Number.NaN))).toBeLessThan(1);
    for (const event of expected.filter(
      (candidate) => candidate.date.slice(5, 7) === marker.at.slice(0, 2),
    )) {
      expect(marker.title).toContain(`${monthYear(event.date)}: ${event.label}.`);
    }
  }
  const label = (await chart.getAttribute("aria-label")) ?? "";
  for (const event of expected) expect(label).toContain(event.label);
  await expectListed(page, "seasonality-method-markers", expected);
});

test("the entity trend chart marks the events within its months", async ({ page, request }) => {
  const names = await getJson<string[]>(request, "/api/lookups/entities");
  const name = names[0] as string;
  const trend = await getJson<{ processingDate: string }[]>(
    request,
    `/api/entities/${encodeURIComponent(name)}/trend`,
  );
  const dates = trend.map((point) => point.processingDate).sort();
  const expected = eventsWithin(dates[0] ?? "", dates.at(-1) ?? "");
  expect(expected.length).toBeGreaterThan(0);
  await page.goto(`/entity/${encodeURIComponent(name)}`);
  const chart = page.getByTestId("trend-chart");
  await expectMarkersAtTheirMonths(chart, expected);
  await expectListed(page, "trend-method-markers", expected);
  await expectNoSeriousViolations(page);
});

test("the comparison's history chart marks the events within its months", async ({ page, request }) => {
  const list = await getJson<FacilityListResponse>(request, "/api/facilities?pageSize=2");
  const ccns = list.data.map((item) => item.ccn);
  const histories = await Promise.all(
    ccns.map((ccn) => getJson<RatingSnapshot[]>(request, `/api/facilities/${ccn}/history`)),
  );
  const dates = sortedDates(histories.flat());
  const expected = eventsWithin(dates[0] ?? "", dates.at(-1) ?? "");
  await page.goto(`/compare?${ccns.map((ccn) => `ccn=${ccn}`).join("&")}`);
  const chart = page.getByTestId("compare-history-chart");
  await expectMarkersAtTheirMonths(chart, expected);
  await expectListed(page, "compare-method-markers", expected);
  await expectNoSeriousViolations(page);
});

test('"What changed" marks a change that came with a change of method, and says what CMS changed', async ({
  page,
  request,
}) => {
  const methodMonths = new Map(
    events.filter((event) => !isNoRelease(event)).map((event) => [event.date.slice(0, 7), event]),
  );
  // The first listed facility with a rating change in a month when CMS changed its method.
  const list = await getJson<FacilityListResponse>(request, "/api/facilities?pageSize=100");
  let found: { ccn: string; changes: RatingChange[]; change: RatingChange } | null = null;
  for (const item of list.data) {
    const changes = await getJson<RatingChange[]>(request, `/api/facilities/${item.ccn}/changes`);
    const change = changes.find((candidate) => methodMonths.has(candidate.processingDate.slice(0, 7)));
    if (change) {
      found = { ccn: item.ccn, changes, change };
      break;
    }
  }
  if (!found) throw new Error("no facility among the first 100 changed in a month of a method change");
  const event = methodMonths.get(found.change.processingDate.slice(0, 7)) as MethodologyEvent;

  await page.goto(`/facility/${found.ccn}`);
  const section = page.getByTestId("section-changes");
  const showAll = section.getByRole("button", { name: /^Show all/ });
  if (await showAll.isVisible()) await showAll.click();
  await expect(section.getByTestId("change-row")).toHaveCount(found.changes.length);
  const row = section.locator(
    `[data-testid=change-row][data-date="${found.change.processingDate}"][data-metric="${found.change.metric}"]`,
  );
  await expect(row.getByTestId("method-change-note")).toHaveText(`Method change: ${event.label}`);
  // Only the changes of such months are marked.
  const marked = found.changes.filter((change) => methodMonths.has(change.processingDate.slice(0, 7))).length;
  await expect(section.getByTestId("method-change-note")).toHaveCount(marked);
  const notes = section.getByTestId("method-change-notes");
  await expect(notes).toContainText(`${monthYear(event.date)}, ${event.label}: ${event.description}`);
  await expect(notes.getByRole("link", { name: /^Source/ }).first()).toHaveAttribute("href", /^https:\/\//);
  await expectNoSeriousViolations(page);
});
