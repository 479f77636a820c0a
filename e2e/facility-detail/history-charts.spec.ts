// Rating history and seasonality charts on the demo database (36+ monthly releases with the public gaps).
import { expect, test } from "@playwright/test";
import type { RatingSnapshot } from "../../src/core/api-types.ts";
import {
  countDrawnPieces,
  countRuns,
  type FacilityFixture,
  historyChart,
  monthIndex,
  monthsBefore,
  pickFacilityWithHistory,
  rangeToggle,
  seasonalityChart,
} from "./support.ts";

let facility: FacilityFixture;

test.beforeAll(async ({ request }) => {
  facility = await pickFacilityWithHistory(request);
});

const latestDate = (history: readonly RatingSnapshot[]) =>
  history
    .map((snapshot) => snapshot.processingDate)
    .sort()
    .at(-1) ?? "";

/** Snapshots within `months` of the latest one (boundary included), as the spec's 6M and 1Y ranges. */
function inRange(history: readonly RatingSnapshot[], months: number | null): RatingSnapshot[] {
  if (months === null) return [...history];
  const start = monthsBefore(latestDate(history), months);
  return history.filter((snapshot) => snapshot.processingDate >= start);
}

const releasesText = (count: number) => `${count} ${count === 1 ? "release" : "releases"}`;

test("the range toggle defaults to 1Y, switches, and ignores a click on the selected option", async ({
  page,
}) => {
  const { detail, history } = facility;
  await page.goto(`/facility/${detail.ccn}`);
  const toggle = rangeToggle(page);
  await expect(toggle).toBeVisible();
  const option = (name: string) => toggle.getByRole("radio", { name, exact: true });
  await expect(option("6M")).toHaveAttribute("aria-checked", "false");
  await expect(option("1Y")).toHaveAttribute("aria-checked", "true");
  await expect(option("All")).toHaveAttribute("aria-checked", "false");
  await expect(historyChart(page)).toHaveAttribute("aria-label", /last year/);
  await expect(page.getByText(`(${releasesText(inRange(history, 12).length)})`)).toBeVisible();

  await option("6M").click();
  await expect(option("6M")).toHaveAttribute("aria-checked", "true");
  await expect(option("1Y")).toHaveAttribute("aria-checked", "false");
  await expect(historyChart(page)).toHaveAttribute("aria-label", /last 6 months/);
  await expect(page.getByText(`(${releasesText(inRange(history, 6).length)})`)).toBeVisible();

  // Pressing the selected option again must not deselect it (radix would report an empty value).
  await option("6M").click();
  await expect(option("6M")).toHaveAttribute("aria-checked", "true");
  await expect(toggle.locator('[aria-checked="true"]')).toHaveCount(1);
  await expect(historyChart(page)).toHaveAttribute("aria-label", /last 6 months/);

  await option("All").click();
  await expect(option("All")).toHaveAttribute("aria-checked", "true");
  await expect(historyChart(page)).toHaveAttribute("aria-label", /all releases/);
  await expect(page.getByText(`(${releasesText(history.length)})`)).toBeVisible();

  // Keyboard: arrows move within the group, Enter/Space selects.
  await option("All").focus();
  await page.keyboard.press("ArrowLeft");
  await expect(option("1Y")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(option("1Y")).toHaveAttribute("aria-checked", "true");
});

test("ranges count back from the latest snapshot, not from today", async ({ page }) => {
  const { detail, history } = facility;
  // Shift the whole history ten years into the past: a today-based range would then be empty.
  const shifted = history.map((snapshot) => ({
    ...snapshot,
    processingDate: `${Number(snapshot.processingDate.slice(0, 4)) - 10}${snapshot.processingDate.slice(4)}`,
  }));
  await page.route(`**/api/facilities/${detail.ccn}/history`, (route) => route.fulfill({ json: shifted }));
  await page.goto(`/facility/${detail.ccn}`);
  const expected = inRange(shifted, 12);
  expect(expected.length).toBeGreaterThan(6);
  await expect(page.getByText(`(${releasesText(expected.length)})`)).toBeVisible();
  await page.getByText(/Show the ratings as a table/).click();
  const rows = page.getByTestId("section-history").locator("tbody tr");
  await expect(rows).toHaveCount(expected.length);
});

test("the history chart: four step lines on 0-5, 300 px, legend and tooltip", async ({ page }) => {
  await page.goto(`/facility/${facility.detail.ccn}`);
  const chart = historyChart(page);
  await expect(chart).toBeVisible();
  expect((await chart.boundingBox())?.height).toBe(300);
  await expect(chart.locator(".recharts-wrapper > svg.recharts-surface")).toHaveAttribute("height", "300");
  await expect(chart.locator(".recharts-legend-item")).toHaveText(["Overall", "Health", "QM", "Staffing"]);
  await expect(chart.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value")).toHaveText([
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
  ]);
  const lines = chart.locator("path.recharts-line-curve");
  await expect(lines).toHaveCount(4);
  // Step lines: within each drawn piece, every segment is horizontal or vertical.
  const d = (await lines.first().getAttribute("d")) ?? "";
  for (const piece of d.split("M").filter(Boolean)) {
    const points = [...piece.matchAll(/([\d.]+),([\d.]+)/g)].map((match) => [
      Number(match[1]),
      Number(match[2]),
    ]);
    for (let index = 1; index < points.length; index += 1) {
      const [x0, y0] = points[index - 1] ?? [];
      const [x1, y1] = points[index] ?? [];
      expect(x0 === x1 || y0 === y1, `segment ${index} of ${piece}`).toBe(true);
    }
  }
  // Tooltip on hover over the latest release (the last dot), with the four ratings.
  const lastDot = chart.locator(".recharts-line-dots").first().locator("circle").last();
  await lastDot.hover({ force: true });
  const tooltip = chart.locator(".recharts-tooltip-wrapper");
  await expect(tooltip).toContainText("Overall");
  await expect(tooltip).toContainText("Staffing");
});

test("missing months are gaps: lines break at every month without a release", async ({ page }) => {
  const { detail, history } = facility;
  // The demo calendar skips Decembers and more: the facility's own history must have gaps to be a test.
  const sorted = [...history].sort((a, b) => (a.processingDate < b.processingDate ? -1 : 1));
  const hasGap = sorted.some(
    (snapshot, index) =>
      index > 0 &&
      monthIndex(snapshot.processingDate) - monthIndex(sorted[index - 1]?.processingDate ?? "") > 1,
  );
  expect(hasGap).toBe(true);
  await page.goto(`/facility/${detail.ccn}`);
  await rangeToggle(page).getByRole("radio", { name: "All" }).click();
  const lines = historyChart(page).locator("path.recharts-line-curve");
  const series: [string, (snapshot: RatingSnapshot) => number | null][] = [
    ["Overall", (snapshot) => snapshot.overallRating],
    ["Health", (snapshot) => snapshot.healthInspectionRating],
    ["QM", (snapshot) => snapshot.qmRating],
    ["Staffing", (snapshot) => snapshot.staffingRating],
  ];
  for (const [name, pick] of series) {
    const expected = countRuns(
      history.map((snapshot) => ({ date: snapshot.processingDate, value: pick(snapshot) })),
    );
    expect(expected).toBeGreaterThan(1);
    expect(await countDrawnPieces(lines.and(page.locator(`[name="${name}"]`))), name).toBe(expected);
  }
});

test("the seasonality chart: one step line per year over Jan-Dec, colours cycling over 5, gaps kept", async ({
  page,
}) => {
  const { detail, history } = facility;
  await page.goto(`/facility/${detail.ccn}`);
  const chart = seasonalityChart(page);
  await expect(chart).toBeVisible();
  expect((await chart.boundingBox())?.height).toBe(300);
  await expect(chart.locator(".recharts-wrapper > svg.recharts-surface")).toHaveAttribute("height", "300");

  const years = [...new Set(history.map((snapshot) => Number(snapshot.processingDate.slice(0, 4))))].sort();
  await expect(chart.locator(".recharts-legend-item")).toHaveText(years.map(String));
  await expect(chart.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value")).toHaveText([
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
  ]);
  await expect(chart.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value")).toHaveText([
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
  ]);

  const lines = chart.locator("path.recharts-line-curve");
  await expect(lines).toHaveCount(years.length);
  const colours = await lines.evaluateAll((paths) => paths.map((path) => path.getAttribute("stroke")));
  for (let index = 0; index < colours.length; index += 1) {
    expect(colours[index]).toBe(colours[index % 5]);
    if (index < 5) expect(new Set(colours.slice(0, index + 1)).size).toBe(index + 1);
  }
  for (const [index, year] of years.entries()) {
    const points = history
      .filter((snapshot) => snapshot.processingDate.startsWith(`${year}-`))
      .map((snapshot) => ({ date: snapshot.processingDate, value: snapshot.overallRating }));
    expect(await countDrawnPieces(lines.nth(index)), String(year)).toBe(countRuns(points));
  }
  await expect(chart).toHaveAttribute("aria-label", new RegExp(`${years.length} years`));
});

test("both charts have a text alternative and headings in order", async ({ page }) => {
  await page.goto(`/facility/${facility.detail.ccn}`);
  await expect(page.getByRole("img", { name: /^Star rating history/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Overall rating by month of year/ })).toBeVisible();
  const levels = await page
    .locator("h1, h2, h3")
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  for (let index = 1; index < levels.length; index += 1) {
    expect((levels[index] ?? 0) - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1);
  }
});
