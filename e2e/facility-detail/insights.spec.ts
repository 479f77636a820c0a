// The detail page's insights on the demo database: the state and national averages beside each value, the
// "What changed" list, and the link to the affiliated entity's page. Every expectation comes from the API's
// answers (and the rating changes also from the facility's history), formatted here independently of the web code.
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import type {
  Benchmark,
  BenchmarkMeasure,
  Benchmarks,
  FacilityDetail,
  FacilityListResponse,
  RatingChange,
  RatingSnapshot,
} from "../../src/core/api-types.ts";
import { expectNoSeriousAxeViolations } from "../entity/support.ts";
import { expectRedAndCentred, getJson, readSectionLines, readTextRgb } from "./support.ts";

interface Fixture {
  detail: FacilityDetail;
  changes: RatingChange[];
  history: RatingSnapshot[];
}

/** The first listed facility with a state, an affiliated entity and more rating changes than the list shows first. */
async function pickFacility(request: APIRequestContext): Promise<Fixture> {
  const list = await getJson<FacilityListResponse>(request, "/api/facilities?pageSize=60");
  for (const item of list.data) {
    if (!item.state || !item.affiliatedEntityName?.trim()) continue;
    const changes = await getJson<RatingChange[]>(request, `/api/facilities/${item.ccn}/changes`);
    if (changes.length <= 12) continue;
    const [detail, history] = await Promise.all([
      getJson<FacilityDetail>(request, `/api/facilities/${item.ccn}`),
      getJson<RatingSnapshot[]>(request, `/api/facilities/${item.ccn}/history`),
    ]);
    return { detail, changes, history };
  }
  throw new Error("no facility with a state, an entity and more than 12 rating changes among the first 60");
}

let fixture: Fixture;
let benchmarks: Benchmarks;

test.beforeAll(async ({ request }) => {
  fixture = await pickFacility(request);
  benchmarks = await getJson<Benchmarks>(request, `/api/benchmarks?state=${fixture.detail.state}`);
});

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const shortDate = (iso: string) => {
  const [year, month, day] = iso.split("-").map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
};

/**
 * Each value's average in the value's own format: ratings 1 decimal, hours 2, turnover a percent with 1 decimal,
 * fines dollars.
 */
const FORMATS: Partial<Record<BenchmarkMeasure, (value: number) => string>> = {
  overallRating: (value) => value.toFixed(1),
  healthInspectionRating: (value) => value.toFixed(1),
  staffingRating: (value) => value.toFixed(1),
  qmRating: (value) => value.toFixed(1),
  totalWeightedHealthSurveyScore: (value) => value.toFixed(2),
  rnStaffingHoursPerResidentPerDay: (value) => value.toFixed(2),
  totalNursingStaffTurnover: (value) => `${value.toFixed(1)}%`,
  finesTotalDollars: (value) => usd.format(value),
};

/** The lines of the detail sections, by the measure their average is about. */
const LINES: [string, string, BenchmarkMeasure][] = [
  ["section-quality", "Health Inspection", "healthInspectionRating"],
  ["section-quality", "Staffing", "staffingRating"],
  ["section-quality", "Quality Measures", "qmRating"],
  ["section-deficiencies", "Health Deficiency Score", "totalWeightedHealthSurveyScore"],
  ["section-deficiencies", "Fines", "finesTotalDollars"],
  ["section-staffing", "RN Staffing Hours", "rnStaffingHoursPerResidentPerDay"],
  ["section-staffing", "Turnover Rate", "totalNursingStaffTurnover"],
];

function expectedAverages(measure: BenchmarkMeasure, state: string, scopes: Benchmarks): string {
  const format = FORMATS[measure];
  if (!format) throw new Error(`no format for ${measure}`);
  const part = (scope: string, benchmark: Benchmark | null) => {
    const average = benchmark?.[measure].average;
    return average == null ? [] : [`${scope} avg ${format(average)}`];
  };
  return [...part(state, scopes.state), ...part("US", scopes.national)].join(" · ");
}

/** The visible text of an average note (the spoken version beside it is for screen readers). */
const visibleText = (note: Locator) => note.locator("[aria-hidden]").first();

async function openDetail(page: Page, ccn: string): Promise<void> {
  await page.goto(`/facility/${ccn}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

test("each rating and measure shows its state and national average, rounded as the value", async ({
  page,
}) => {
  const { detail } = fixture;
  const state = detail.state ?? "";
  await openDetail(page, detail.ccn);

  const overall = page.getByTestId("benchmark-overallRating");
  await expect(visibleText(overall)).toHaveText(expectedAverages("overallRating", state, benchmarks));
  await expect(overall).toContainText(
    `${state} state average ${benchmarks.state?.overallRating.average?.toFixed(1)}, national average ${benchmarks.national.overallRating.average?.toFixed(1)}`,
  );

  for (const [section, label, measure] of LINES) {
    const lines = await readSectionLines(page, section);
    const note = page.getByTestId(section).getByTestId(`benchmark-${measure}`);
    if (!(label in lines)) {
      // A line without a value is hidden, and its average with it.
      await expect(note, label).toHaveCount(0);
      continue;
    }
    await expect(visibleText(note), label).toHaveText(expectedAverages(measure, state, benchmarks));
  }
  // The page's deficiency score is the weighted survey score, compared with that score's averages, never with the
  // list's Rating Cycle 1 score.
  await expect(page.getByTestId("benchmark-healthDeficiencyScore")).toHaveCount(0);

  // The values themselves keep the spec's texts: the averages are a second line of their own.
  const quality = await readSectionLines(page, "section-quality");
  const outOf5 = (value: number | null) => (value === null ? "N/A" : `${value}/5`);
  expect(quality).toEqual({
    "Health Inspection": outOf5(detail.healthInspectionRating),
    Staffing: outOf5(detail.staffingRating),
    "Quality Measures": outOf5(detail.qmRating),
  });
  await expect(page.getByTestId("overall-rating")).toContainText(outOf5(detail.overallRating));

  const count = (value: number) => new Intl.NumberFormat("en-US").format(value);
  const legend = page.getByTestId("benchmarks-legend");
  await expect(legend).toContainText(
    `(${state}: ${count(benchmarks.state?.overallRating.count ?? 0)} facilities with an overall rating; US: ${count(benchmarks.national.overallRating.count)})`,
  );
});

/** The digits after the decimal point of each number in a text ('TX avg 48.8% · US avg 49%' -> [1, 0]). */
const decimalsOf = (text: string) =>
  [...text.matchAll(/\d[\d,]*(?:\.(\d+))?/g)].map((match) => match[1]?.length ?? 0);

/** A listed facility in a state whose turnover is a whole percent (to 1 decimal): '36%' beside '48.8%' before. */
async function pickWholeTurnover(request: APIRequestContext): Promise<FacilityDetail> {
  const list = await getJson<FacilityListResponse>(request, "/api/facilities?pageSize=100");
  for (const item of list.data) {
    if (!item.state) continue;
    const detail = await getJson<FacilityDetail>(request, `/api/facilities/${item.ccn}`);
    const turnover = detail.totalNursingStaffTurnover;
    if (turnover !== null && Math.round(turnover * 10) % 10 === 0) return detail;
  }
  throw new Error("no facility with a whole turnover percentage among the first 100");
}

test("a value and its state and national averages show the same decimals, whole numbers too", async ({
  page,
  request,
}) => {
  const detail = await pickWholeTurnover(request);
  await openDetail(page, detail.ccn);
  await expect(page.getByTestId("benchmark-overallRating")).toBeVisible();
  const overall = await visibleText(page.getByTestId("benchmark-overallRating")).textContent();
  expect(decimalsOf(overall ?? ""), `overall: ${overall}`).toEqual([1, 1]);
  let checked = 0;
  for (const [section, label, measure] of LINES) {
    const lines = await readSectionLines(page, section);
    const value = lines[label];
    if (value === undefined) continue;
    const averages = await visibleText(
      page.getByTestId(section).getByTestId(`benchmark-${measure}`),
    ).textContent();
    // Ratings are whole stars ('3/5'): only their averages are compared.
    const shown = value.endsWith("/5") ? (averages ?? "") : `${value} ${averages ?? ""}`;
    const decimals = decimalsOf(shown);
    expect(decimals.length, `${label}: ${shown}`).toBeGreaterThanOrEqual(2);
    expect(new Set(decimals).size, `${label}: ${shown}`).toBe(1);
    checked += 1;
  }
  expect(checked).toBeGreaterThanOrEqual(5);
  const turnover = (await readSectionLines(page, "section-staffing"))["Turnover Rate"];
  expect(turnover).toBe(`${detail.totalNursingStaffTurnover?.toFixed(1)}%`);
});

test("the averages are secondary: smaller and lighter than the value", async ({ page }) => {
  await openDetail(page, fixture.detail.ccn);
  const section = page.getByTestId("section-quality");
  const value = section.locator("dd").first();
  const note = visibleText(section.getByTestId("benchmark-healthInspectionRating"));
  await expect(note).toBeVisible();
  const size = (locator: Locator) =>
    locator.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
  expect(await size(note)).toBeLessThan(await size(value));
  const [r, g, b] = await readTextRgb(note);
  const [vr, vg, vb] = await readTextRgb(value);
  expect(r + g + b, "the average is lighter grey than the value").toBeGreaterThan(vr + vg + vb);
  // Still readable: WCAG AA contrast of small text (>= 4.5:1) on white.
  const luminance = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * luminance(r) + 0.7152 * luminance(g) + 0.0722 * luminance(b);
  expect(1.05 / (l + 0.05)).toBeGreaterThanOrEqual(4.5);
});

/** The changes between consecutive snapshots of the history, computed here from the history endpoint. */
function changesFromHistory(history: readonly RatingSnapshot[]): RatingChange[] {
  const metrics = ["overallRating", "healthInspectionRating", "staffingRating", "qmRating"] as const;
  const sorted = [...history].sort((a, b) => a.processingDate.localeCompare(b.processingDate));
  const changes: RatingChange[] = [];
  for (let index = 1; index < sorted.length; index += 1) {
    const previous = sorted[index - 1];
    const current = sorted[index];
    if (!previous || !current) continue;
    for (const metric of metrics) {
      const from = previous[metric];
      const to = current[metric];
      if (from === null || to === null || from === to) continue;
      changes.push({
        processingDate: current.processingDate,
        previousProcessingDate: previous.processingDate,
        metric,
        from,
        to,
      });
    }
  }
  return changes;
}

const METRIC_NAMES: Record<RatingChange["metric"], string> = {
  overallRating: "Overall",
  healthInspectionRating: "Health Inspection",
  staffingRating: "Staffing",
  qmRating: "Quality Measures",
};
const METRIC_ORDER = Object.keys(METRIC_NAMES);

function newestFirst(changes: readonly RatingChange[]): RatingChange[] {
  return [...changes].sort(
    (a, b) =>
      b.processingDate.localeCompare(a.processingDate) ||
      METRIC_ORDER.indexOf(a.metric) - METRIC_ORDER.indexOf(b.metric),
  );
}

interface ShownRow {
  date: string;
  rating: string;
  values: string;
  direction: string | null;
}

async function readChangeRows(page: Page): Promise<ShownRow[]> {
  return page.getByTestId("change-row").evaluateAll((rows) =>
    rows.map((row) => ({
      date: row.querySelector("th time")?.textContent?.trim() ?? "",
      rating: row.querySelector("td")?.textContent?.trim() ?? "",
      values: (row.querySelector("[data-testid=change-values]")?.textContent ?? "")
        .replace(/\s+/g, " ")
        .trim(),
      direction: row.querySelector("[data-direction]")?.getAttribute("data-direction") ?? null,
    })),
  );
}

const toShown = (change: RatingChange): ShownRow => ({
  date: shortDate(change.processingDate),
  rating: METRIC_NAMES[change.metric],
  // The arrow is drawn for the eye; a screen reader hears 'to'.
  values: `${change.from} →to ${change.to}`,
  direction: change.to > change.from ? "up" : "down",
});

test("'What changed' lists the rating changes newest first, as the API and the history say", async ({
  page,
}) => {
  const { detail, changes, history } = fixture;
  // The API's changes are exactly the differences between consecutive releases of the history.
  expect(newestFirst(changes)).toEqual(newestFirst(changesFromHistory(history)));

  await openDetail(page, detail.ccn);
  const section = page.getByRole("region", { name: "What changed" });
  await expect(section.getByRole("heading", { level: 2, name: "What changed" })).toBeVisible();
  const expected = newestFirst(changes).map(toShown);
  const up = expected.filter((row) => row.direction === "up").length;
  await expect(page.getByTestId("changes-summary")).toHaveText(
    `${changes.length} changes: ${up} up, ${changes.length - up} down.`,
  );
  // The latest ten first; the rest on request.
  await expect(page.getByTestId("change-row")).toHaveCount(10);
  expect(await readChangeRows(page)).toEqual(expected.slice(0, 10));

  const showAll = section.getByRole("button", { name: `Show all ${changes.length} changes` });
  await expect(showAll).toHaveAttribute("aria-expanded", "false");
  await showAll.click();
  await expect(page.getByTestId("change-row")).toHaveCount(changes.length);
  expect(await readChangeRows(page)).toEqual(expected);
  const showFewer = section.getByRole("button", { name: "Show the latest 10" });
  await expect(showFewer).toHaveAttribute("aria-expanded", "true");
  await showFewer.click();
  await expect(page.getByTestId("change-row")).toHaveCount(10);
});

test("a rise is green with an up arrow and a fall red with a down arrow, each also said in words", async ({
  page,
}) => {
  await openDetail(page, fixture.detail.ccn);
  await page.getByRole("button", { name: /^Show all \d+ changes$/ }).click();
  for (const direction of ["up", "down"] as const) {
    const badge = page.getByTestId("change-row").locator(`[data-direction="${direction}"]`).first();
    await expect(badge, `a change ${direction}`).toBeVisible();
    const [r, g, b] = await readTextRgb(badge);
    if (direction === "up") expect(g, `rgb(${r}, ${g}, ${b}) is green`).toBeGreaterThan(Math.max(r, b));
    else expect(r, `rgb(${r}, ${g}, ${b}) is red`).toBeGreaterThan(Math.max(g, b));
    await expect(badge.locator("svg")).toHaveClass(new RegExp(`lucide-arrow-${direction}`));
    await expect(badge.locator(".sr-only")).toHaveText(new RegExp(`^${direction} \\d$`));
    await expect(badge.locator("[aria-hidden]:not(svg)")).toHaveText(direction === "up" ? /^\+\d$/ : /^−\d$/);
  }
});

test("each change says which release it is compared with", async ({ page }) => {
  await openDetail(page, fixture.detail.ccn);
  const [latest] = newestFirst(fixture.changes);
  if (!latest) throw new Error("no change");
  await expect(page.getByTestId("change-row").first().locator("th")).toHaveText(
    `${shortDate(latest.processingDate)}compared with ${shortDate(latest.previousProcessingDate)}`,
  );
});

test("the affiliated entity links to its page, reached and opened from the keyboard", async ({ page }) => {
  const { detail } = fixture;
  const name = detail.affiliatedEntityName?.trim() ?? "";
  await openDetail(page, detail.ccn);
  const link = page.getByTestId("section-capacity").getByRole("link", { name });
  await expect(link).toHaveAttribute("href", `/entity/${encodeURIComponent(name)}`);

  // Tab from the top of the page until the link has the focus.
  await page.getByRole("button", { name: "< Back" }).focus();
  let reached = false;
  for (let presses = 0; presses < 40 && !reached; presses += 1) {
    await page.keyboard.press("Tab");
    reached = await link.evaluate((element) => element === document.activeElement);
  }
  expect(reached, "the entity link is in the tab order").toBe(true);
  const outline = await link.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline, "a visible focus outline").not.toBe("none");

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(
    new RegExp(`/entity/${encodeURIComponent(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
  );
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // '< Back' returns to the facility.
  await page.getByRole("button", { name: "< Back" }).click();
  await expect(page.getByRole("heading", { level: 1, name: detail.providerName })).toBeVisible();
});

test("the 'Show all' control works from the keyboard with a visible focus", async ({ page }) => {
  await openDetail(page, fixture.detail.ccn);
  const showAll = page.getByRole("button", { name: /^Show all \d+ changes$/ });
  await showAll.focus();
  expect(await showAll.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("change-row")).toHaveCount(fixture.changes.length);
  await expect(page.getByRole("button", { name: "Show the latest 10" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page.getByTestId("change-row")).toHaveCount(10);
});

test("with every change shown, the new sections have no serious accessibility issue", async ({ page }) => {
  // The detail page now holds the staffing and quality measures tables too: axe over all of it takes longer.
  test.slow();
  await openDetail(page, fixture.detail.ccn);
  await page.getByRole("button", { name: /^Show all \d+ changes$/ }).click();
  await expect(page.getByTestId("benchmark-overallRating")).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  // The history's table too (a scrolling region).
  await page.getByText(/^Show the ratings as a table/).click();
  await expect(page.getByRole("region", { name: "Star ratings by CMS release date" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("when the changes or the averages cannot be loaded, the page says so and shows everything else", async ({
  page,
}) => {
  const { detail } = fixture;
  await page.route(`**/api/facilities/${detail.ccn}/changes`, (route) =>
    route.fulfill({ status: 503, json: { error: { message: "Service unavailable" } } }),
  );
  await page.route("**/api/benchmarks?*", (route) =>
    route.fulfill({ status: 503, json: { error: { message: "Service unavailable" } } }),
  );
  await openDetail(page, detail.ccn);
  await expectRedAndCentred(page.getByText("Error loading rating changes: Service unavailable"));
  await expect(
    page.getByText("State and national averages could not be loaded: Service unavailable"),
  ).toBeVisible();
  await expect(page.locator("[data-testid^=benchmark-]")).toHaveCount(0);
  const outOf5 = (value: number | null) => (value === null ? "N/A" : `${value}/5`);
  expect((await readSectionLines(page, "section-quality")).Staffing).toBe(outOf5(detail.staffingRating));
  await expect(page.getByRole("heading", { level: 2, name: "Historical Star Ratings" })).toBeVisible();
});

test("a facility whose ratings never changed says so", async ({ page }) => {
  const { detail } = fixture;
  // A history of equal ratings has no change: the API's answer is an empty list.
  await page.route(`**/api/facilities/${detail.ccn}/changes`, (route) => route.fulfill({ json: [] }));
  await openDetail(page, detail.ccn);
  await expect(
    page
      .getByRole("region", { name: "What changed" })
      .getByText("No star rating has changed in this facility's history."),
  ).toBeVisible();
  await expect(page.getByTestId("change-row")).toHaveCount(0);
  // The inspection record below has "Show all" buttons of its own: none in this section.
  await expect(
    page.getByRole("region", { name: "What changed" }).getByRole("button", { name: /^Show all/ }),
  ).toHaveCount(0);
});
