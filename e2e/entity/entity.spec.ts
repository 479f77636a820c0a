// The affiliated-entity page on the demo database: header, averages, charts, paged facility cards, keyboard use
// and the unknown-entity screen. Every figure is checked against the API's answers.
import { expect, test } from "@playwright/test";
import type { Entity } from "../../src/core/api-types.ts";
import {
  cardNames,
  cards,
  entityPagePath,
  expectNoSeriousAxeViolations,
  formatAverage,
  formatCount,
  getEntityFacilities,
  getJson,
  getTrend,
  PAGE_SIZE,
  pickEntities,
  shortDate,
  tabUntil,
} from "./support.ts";

let large: Entity;
let small: Entity;

test.beforeAll(async ({ request }) => {
  ({ large, small } = await pickEntities(request));
});

const pages = (entity: Entity) => Math.ceil(entity.facilityCount / PAGE_SIZE);

test("the header shows the entity's name, counts, states and four average ratings", async ({ page }) => {
  await page.goto(entityPagePath(large.name));
  await expect(page.getByRole("heading", { level: 1, name: large.name })).toBeVisible();
  await expect(page).toHaveTitle(`${large.name} | CMS Star Ratings Dashboard`);
  await expect(page.getByTestId("entity-footprint")).toHaveText(
    `${formatCount(large.facilityCount)} facilities in ${large.states.length} states`,
  );
  await expect(page.getByTestId("entity-states").getByRole("listitem")).toHaveText(large.states);

  const averages = page.getByTestId("entity-average-ratings");
  const shown = await averages
    .locator("div")
    .evaluateAll((items) =>
      items.map((item) => [
        item.querySelector("dt")?.textContent ?? "",
        item.querySelector("dd")?.textContent ?? "",
      ]),
    );
  const expected = (value: number | null) => (value === null ? "N/A" : `${value.toFixed(1)}out of 5`);
  expect(shown).toEqual([
    ["Overall", expected(large.averageRatings.overallRating)],
    ["Health Inspection", expected(large.averageRatings.healthInspectionRating)],
    ["Staffing", expected(large.averageRatings.staffingRating)],
    ["Quality Measures", expected(large.averageRatings.qmRating)],
  ]);
});

test("a state of the entity opens the dashboard filtered to the entity in that state", async ({
  page,
  request,
}) => {
  const [state] = large.states;
  if (!state) throw new Error("no state");
  await page.goto(entityPagePath(large.name));
  await page
    .getByTestId("entity-states")
    .getByRole("link", { name: new RegExp(`^${state}`) })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.searchParams.get("state") === state);
  expect(new URL(page.url()).searchParams.getAll("entity")).toEqual([large.name]);
  const params = new URLSearchParams({ state, entity: large.name, pageSize: "1" });
  const expected = await request.get(`/api/facilities?${params}`).then((response) => response.json());
  await expect(page.getByRole("list", { name: "Facilities" }).getByRole("article").first()).toBeVisible();
  const total = (expected as { totalCount: number }).totalCount;
  await expect(page.getByText(new RegExp(`of ${formatCount(total)}\\b`)).first()).toBeVisible();
});

test("the rating distribution chart draws a bar per rating with its count, and says so in words and a table", async ({
  page,
}) => {
  await page.goto(entityPagePath(large.name));
  const section = page.getByTestId("entity-distribution");
  await expect(section.getByRole("heading", { name: "Overall rating distribution" })).toBeVisible();
  const keys = ["1", "2", "3", "4", "5", "unrated"] as const;
  const counts = keys.map((key) => large.ratingDistribution[key]);
  expect(counts.reduce((sum, count) => sum + count, 0)).toBe(large.facilityCount);

  const chart = page.getByTestId("distribution-chart");
  // A rating no facility has keeps its tick (and its row in the words and the table) but gets no bar or label.
  const drawn = counts.filter((count) => count > 0);
  await expect(chart.locator(".recharts-bar-rectangle")).toHaveCount(drawn.length);
  await expect(chart.locator(".recharts-label-list text, .recharts-label")).toHaveText(drawn.map(String));
  const labels = ["1 star", "2 stars", "3 stars", "4 stars", "5 stars", "Not rated"];
  await expect(chart.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value")).toHaveText(
    labels,
  );
  // Bar heights follow the counts.
  const heights = await chart
    .locator(".recharts-bar-rectangle path")
    .evaluateAll((paths) => paths.map((path) => (path as SVGGraphicsElement).getBBox().height));
  const max = Math.max(...drawn);
  heights.forEach((height, index) => {
    const tallest = heights[drawn.indexOf(max)] ?? 0;
    expect(height).toBeCloseTo((tallest * (drawn[index] ?? 0)) / max, 0);
  });

  await expect(chart).toHaveAttribute("role", "img");
  await expect(chart).toHaveAttribute(
    "aria-label",
    `Overall star rating of the entity's ${formatCount(large.facilityCount)} facilities. ${labels
      .map((label, index) => `${label}: ${formatCount(counts[index] ?? 0)}`)
      .join(", ")}.`,
  );
  await section.getByText("Show the distribution as a table").click();
  const rows = await section
    .locator("table tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
  expect(rows).toEqual(labels.map((label, index) => [label, formatCount(counts[index] ?? 0)]));
});

test("the trend chart draws the average overall rating by month, with a table of the same figures", async ({
  page,
  request,
}) => {
  const trend = await getTrend(request, large.name);
  expect(trend.length).toBeGreaterThan(12);
  await page.goto(entityPagePath(large.name));
  const section = page.getByTestId("entity-trend");
  await expect(section.getByRole("heading", { name: "Average overall rating over time" })).toBeVisible();
  const chart = page.getByTestId("trend-chart");
  await expect(chart.locator("path.recharts-line-curve")).toHaveCount(1);
  // One marker per month with an average.
  const rated = trend.filter((point) => point.averageOverallRating !== null);
  await expect(chart.locator(".recharts-line-dots [data-shape]")).toHaveCount(rated.length);
  const latest = rated.at(-1);
  if (!latest) throw new Error("no rated month");
  await expect(chart).toHaveAttribute(
    "aria-label",
    new RegExp(`${formatAverage(latest.averageOverallRating)} on ${shortDate(latest.processingDate)}`),
  );

  await section.getByText(/^Show the averages as a table/).click();
  const rows = await section
    .locator("table tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
  expect(rows).toEqual(
    [...trend]
      .reverse()
      .map((point) => [
        shortDate(point.processingDate),
        formatAverage(point.averageOverallRating),
        formatCount(point.facilities),
      ]),
  );

  // The tooltip of the last month.
  const box = await chart.locator(".recharts-cartesian-grid").boundingBox();
  if (!box) throw new Error("no grid");
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  const tooltip = chart.locator(".recharts-tooltip-wrapper");
  await expect(tooltip).toContainText(shortDate(trend.at(-1)?.processingDate ?? ""));
  await expect(tooltip).toContainText(`Facilities${formatCount(trend.at(-1)?.facilities ?? 0)}`);
});

test("a trend in a narrow range gets an axis fitted to it, which says it does not start at 1", async ({
  page,
  request,
}) => {
  // An entity whose averages stay within one star, well above 1 (a 1-5 axis draws them nearly flat).
  const names = await getJson<string[]>(request, "/api/lookups/entities");
  let picked: { name: string; values: number[] } | null = null;
  for (const name of names) {
    const values = (await getTrend(request, name)).flatMap((point) =>
      point.averageOverallRating === null ? [] : [point.averageOverallRating],
    );
    const [min, max] = [Math.min(...values), Math.max(...values)];
    if (values.length > 12 && min >= 2 && max - min >= 0.1 && max - min <= 1) {
      picked = { name, values };
      break;
    }
  }
  if (!picked) throw new Error("no entity whose trend stays within one star above 2");
  const min = Math.min(...picked.values);
  const max = Math.max(...picked.values);

  await page.goto(entityPagePath(picked.name));
  const chart = page.getByTestId("trend-chart");
  await expect(chart.locator(".recharts-line-dots [data-shape]")).toHaveCount(picked.values.length);
  const ticks = (
    await chart.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value").allTextContents()
  ).map(Number);
  const bottom = ticks[0] ?? 1;
  const top = ticks.at(-1) ?? 5;
  // The axis holds every value, does not start at 1, and is no taller than the values need (half a star of room
  // each side, at least one star).
  expect(bottom, `ticks ${ticks}`).toBeGreaterThan(1);
  expect(bottom).toBeLessThanOrEqual(min);
  expect(top).toBeGreaterThanOrEqual(max);
  expect(min - bottom).toBeLessThanOrEqual(0.5);
  expect(top - max).toBeLessThanOrEqual(0.5 + Math.max(0, 1 - (max - min)));

  // It says so, on the chart and in its description.
  const note = page.getByTestId("trend-axis-note");
  await expect(note).toBeVisible();
  await expect(note).toContainText(`Axis starts at ${bottom.toFixed(1)}, not 1`);
  await expect(chart).toHaveAttribute("aria-label", new RegExp(`Axis starts at ${bottom.toFixed(1)}, not 1`));

  // The markers sit at their values on that axis (read from the grid lines at the ticks).
  const gridYs = (
    await chart
      .locator(".recharts-cartesian-grid-horizontal line")
      .evaluateAll((lines) => lines.map((line) => Number(line.getAttribute("y1"))))
  ).sort((a, b) => b - a);
  expect(gridYs).toHaveLength(ticks.length);
  const yOf = (value: number) =>
    (gridYs[0] ?? 0) + (((gridYs.at(-1) ?? 0) - (gridYs[0] ?? 0)) * (value - bottom)) / (top - bottom);
  const markerYs = await chart
    .locator(".recharts-line-dots [data-shape]")
    .evaluateAll((markers) => markers.map((marker) => Number(marker.getAttribute("cy"))));
  const values = picked.values;
  expect(markerYs.map((y, index) => Math.abs(y - yOf(values[index] ?? 0)) < 0.5)).not.toContain(false);
  // The change fills a fair part of the chart's height, as it would not on a 1-5 axis.
  const drawn = Math.max(...markerYs) - Math.min(...markerYs);
  const plot = (gridYs[0] ?? 0) - (gridYs.at(-1) ?? 0);
  expect(drawn / plot).toBeGreaterThan(((max - min) / 4) * 1.9);
});

test("the facilities are the dashboard's cards, paged, with the page in the address", async ({
  page,
  request,
}) => {
  const total = pages(large);
  await page.goto(entityPagePath(large.name));
  const first = await getEntityFacilities(request, large.name, 1);
  expect(first.totalCount).toBe(large.facilityCount);
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  expect(await cardNames(page)).toEqual(first.data.map((facility) => facility.providerName));
  await expect(page.getByTestId("entity-page-range")).toHaveText(
    `Showing 1–${PAGE_SIZE} of ${formatCount(large.facilityCount)}`,
  );
  const nav = page.getByRole("navigation", { name: "Pagination" });
  await expect(nav.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(nav.getByRole("button", { name: `Page ${total}` })).toBeVisible();

  await nav.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  const second = await getEntityFacilities(request, large.name, 2);
  await expect.poll(() => cardNames(page)).toEqual(second.data.map((facility) => facility.providerName));
  await expect(nav.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  await nav.getByRole("button", { name: `Page ${total}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?page=${total}$`));
  const last = await getEntityFacilities(request, large.name, total);
  await expect.poll(() => cardNames(page)).toEqual(last.data.map((facility) => facility.providerName));
  await expect(nav.getByRole("button", { name: "Next" })).toBeDisabled();
  await expect(page.getByTestId("entity-page-range")).toHaveText(
    `Showing ${formatCount((total - 1) * PAGE_SIZE + 1)}–${formatCount(large.facilityCount)} of ${formatCount(large.facilityCount)}`,
  );

  await nav.getByRole("button", { name: "Page 1" }).click();
  await expect(page).toHaveURL(
    new RegExp(`${entityPagePath(large.name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
  );
});

test("a page of the facilities can be linked to; a page past the end shows the last one", async ({
  page,
  request,
}) => {
  const second = await getEntityFacilities(request, large.name, 2);
  await page.goto(entityPagePath(large.name, 2));
  await expect.poll(() => cardNames(page)).toEqual(second.data.map((facility) => facility.providerName));
  await expect(
    page.getByRole("navigation", { name: "Pagination" }).getByRole("button", { name: "Page 2" }),
  ).toHaveAttribute("aria-current", "page");

  const total = pages(large);
  await page.goto(entityPagePath(large.name, total + 5));
  await expect(page).toHaveURL(new RegExp(`\\?page=${total}$`));
  const last = await getEntityFacilities(request, large.name, total);
  await expect.poll(() => cardNames(page)).toEqual(last.data.map((facility) => facility.providerName));

  // A page that is not a number is page 1.
  await page.goto(`${entityPagePath(large.name)}?page=abc`);
  const first = await getEntityFacilities(request, large.name, 1);
  await expect.poll(() => cardNames(page)).toEqual(first.data.map((facility) => facility.providerName));
});

test("a small entity shows all its facilities without paging", async ({ page, request }) => {
  await page.goto(entityPagePath(small.name));
  const list = await getEntityFacilities(request, small.name, 1);
  await expect(cards(page)).toHaveCount(small.facilityCount);
  expect(await cardNames(page)).toEqual(list.data.map((facility) => facility.providerName));
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  const noun = small.states.length === 1 ? "state" : "states";
  await expect(page.getByTestId("entity-footprint")).toHaveText(
    `${small.facilityCount} facilities in ${small.states.length} ${noun}`,
  );
});

test("a card opens the facility, and '< Back' returns to the same page of the entity", async ({
  page,
  request,
}) => {
  const second = await getEntityFacilities(request, large.name, 2);
  const facility = second.data[0];
  if (!facility) throw new Error("empty page");
  await page.goto(entityPagePath(large.name, 2));
  await cards(page).first().getByRole("link", { name: facility.providerName }).click();
  await expect(page).toHaveURL(new RegExp(`/facility/${facility.ccn}$`));
  await expect(page.getByRole("heading", { level: 1, name: facility.providerName })).toBeVisible();
  await page.getByRole("button", { name: "< Back" }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByRole("heading", { level: 1, name: large.name })).toBeVisible();
});

test("'< Back' on a page opened directly goes to the dashboard", async ({ page }) => {
  await page.goto(entityPagePath(small.name));
  await page.getByRole("button", { name: "< Back" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
});

test("everything works from the keyboard with a visible focus: states, table, paging and cards", async ({
  page,
}) => {
  await page.goto(entityPagePath(large.name));
  await expect(cards(page).first()).toBeVisible();
  const back = page.getByRole("button", { name: "< Back" });
  await page.keyboard.press("Tab");
  await expect(back).toBeFocused();
  expect(await back.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe("none");

  const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
  await page.keyboard.press("Tab");
  expect(await focusedText()).toBe(large.states[0]);

  // The distribution table opens with the keyboard.
  const summary = page.getByTestId("entity-distribution").locator("summary");
  expect(await tabUntil(page, () => summary.evaluate((element) => element === document.activeElement))).toBe(
    true,
  );
  expect(await summary.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("entity-distribution").locator("table")).toBeVisible();

  // Next page by keyboard.
  const next = page.getByRole("navigation", { name: "Pagination" }).getByRole("button", { name: "Next" });
  expect(
    await tabUntil(page, () => next.evaluate((element) => element === document.activeElement), 200),
  ).toBe(true);
  expect(await next.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
  const firstOfPage1 = (await cards(page).first().getByRole("link").textContent()) ?? "";
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByTestId("entity-page-range")).toHaveText(new RegExp(`^Showing ${PAGE_SIZE + 1}–`));
  // The cards of page 1 stay until those of page 2 arrive.
  await expect(cards(page).first().getByRole("link")).not.toHaveText(firstOfPage1);

  // A card's link opens the facility with Enter.
  const link = cards(page).first().getByRole("link");
  const name = (await link.textContent()) ?? "";
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
});

test("an unknown entity shows a not-found screen with a way home", async ({ page }) => {
  const name = "NO SUCH ENTITY / & 100% #1";
  await page.goto(entityPagePath(name));
  await expect(page.getByRole("heading", { level: 1, name: "Entity not found" })).toBeVisible();
  await expect(page.getByTestId("entity-unavailable")).toContainText(`No affiliated entity named “${name}”`);
  await expect(page).toHaveTitle("Entity not found | CMS Star Ratings Dashboard");
  const home = page.getByRole("link", { name: "Back to the dashboard" });
  await expect(home).toHaveAttribute("href", "/");
  await home.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(cards(page).first()).toBeVisible();
});

test("a name the server refuses shows the invalid-name screen", async ({ page }) => {
  // A control character is never part of a name: the API answers 400 naming 'name'.
  await page.goto("/entity/A%01B");
  await expect(page.getByRole("heading", { level: 1, name: "Invalid entity name" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the dashboard" })).toBeVisible();
});

test("with its data tables open, and as the not-found screen, the page has no serious accessibility issue", async ({
  page,
}) => {
  // Two axe runs over a page that now holds the staffing and quality measures tables too.
  test.slow();
  await page.goto(entityPagePath(large.name));
  await expect(cards(page).first()).toBeVisible();
  await page.getByText("Show the distribution as a table").click();
  await page.getByText(/^Show the averages as a table/).click();
  // The charts' two tables, the inspection record's citations by harm level, and the staffing and quality
  // measures' tables (staffing, short-stay and long-stay measures).
  await expect(page.getByRole("table")).toHaveCount(6);
  await expect(page.getByRole("table", { name: "Citations by harm level" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.goto(entityPagePath("NO SUCH ENTITY"));
  await expect(page.getByRole("heading", { level: 1, name: "Entity not found" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("when the trend cannot be loaded, the page says so and shows everything else", async ({ page }) => {
  await page.route("**/api/entities/*/trend", (route) =>
    route.fulfill({ status: 503, json: { error: { message: "Service unavailable" } } }),
  );
  await page.goto(entityPagePath(small.name));
  await expect(page.getByText("Error loading rating trend: Service unavailable")).toBeVisible();
  await expect(page.getByTestId("distribution-chart")).toBeVisible();
  await expect(cards(page)).toHaveCount(small.facilityCount);
});
