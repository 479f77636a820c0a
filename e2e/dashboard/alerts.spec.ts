// The rating-change alert filter: settings popover, transitions of SPEC section 4, cards, errors.
import { expect, type Page, test } from "@playwright/test";
import type { FacilityListResponse } from "../../src/core/api-types.ts";
import { cards, formatCount, getFacilities, openDashboard, searchParams, summaryValue } from "./support.ts";

function alertDialog(page: Page) {
  return page.getByRole("dialog", { name: "Alert settings" });
}

async function openAlertSettings(page: Page) {
  await page.getByRole("button", { name: /^Rating alerts/ }).click();
  await expect(alertDialog(page)).toBeVisible();
}

/** The hue (degrees) of an oklch() or rgb() colour, to tell green from red from grey. */
function colourOf(css: string): { chroma: number; hue: number } {
  const oklch = css.match(/oklch\(([\d.]+)%? ([\d.]+) ([\d.]+)/);
  if (oklch) return { chroma: Number(oklch[2]), hue: Number(oklch[3]) };
  const rgb = css.match(/rgba?\((\d+),\s*(\d+),\s*(\d+)/);
  if (!rgb) throw new Error(`unknown colour ${css}`);
  const [r, g, b] = [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const hue =
    max === min
      ? 0
      : max === r
        ? (60 * (g - b)) / (max - min)
        : max === g
          ? 120 + (60 * (b - r)) / (max - min)
          : 240 + (60 * (r - g)) / (max - min);
  return { chroma: (max - min) / 255, hue: (hue + 360) % 360 };
}

test("the settings start at a threshold of 2 when the address gives none", async ({ page }) => {
  await openDashboard(page);
  await openAlertSettings(page);
  const dialog = alertDialog(page);
  await expect(dialog.getByRole("switch", { name: "Enable alerts" })).not.toBeChecked();
  await expect(dialog.getByLabel("Minimum change")).toHaveValue("2");
  await expect(dialog.getByLabel("Rating", { exact: true })).toHaveValue("Overall Rating");
  await expect(dialog.getByLabel("Period")).toHaveValue("lastPeriod");
  await expect(dialog.getByLabel("Minimum change").locator("option")).toHaveText([
    "1 star",
    "2 stars",
    "3 stars",
    "4 stars",
    "5 stars",
  ]);
  await expect(dialog.getByLabel("Rating", { exact: true }).locator("option")).toHaveText([
    "Overall Rating",
    "Health Inspection Rating",
    "Staffing Rating",
    "QM Rating",
  ]);
  await expect(dialog.getByLabel("Period").locator("option")).toHaveText(["Last period", "Last quarter"]);

  await page.goto("/?alertThreshold=4");
  await openAlertSettings(page);
  await expect(alertDialog(page).getByLabel("Minimum change")).toHaveValue("4");
});

test("turning alerts on sets threshold 1, lastPeriod and Overall Rating; off clears them", async ({
  page,
  request,
}) => {
  const expected = await getFacilities(request, "alertEnabled=true");
  await openDashboard(page, "state=TX");
  await openAlertSettings(page);
  await alertDialog(page).getByRole("switch", { name: "Enable alerts" }).click();
  await expect.poll(() => searchParams(page).get("alertEnabled")).toBe("true");
  expect(searchParams(page).get("alertThreshold")).toBe("1");
  expect(searchParams(page).get("alertPeriod")).toBe("lastPeriod");
  expect(searchParams(page).get("alertMetric")).toBe("Overall Rating");
  expect(searchParams(page).getAll("state")).toEqual(["TX"]);
  await expect(alertDialog(page).getByLabel("Minimum change")).toHaveValue("1");

  await alertDialog(page).getByRole("switch", { name: "Enable alerts" }).click();
  await expect.poll(() => searchParams(page).get("alertEnabled")).toBeNull();
  for (const name of ["alertThreshold", "alertPeriod", "alertMetric"]) {
    expect(searchParams(page).get(name), name).toBeNull();
  }
  expect(searchParams(page).getAll("state")).toEqual(["TX"]);

  await page.goto("/?alertEnabled=true");
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(expected.totalCount));
  await expect(page.getByRole("heading", { level: 2, name: "Facilities with rating changes" })).toBeVisible();
});

test("Apply turns alerts on with the chosen threshold, metric and period", async ({ page, request }) => {
  const query = "alertEnabled=true&alertThreshold=2&alertMetric=Staffing+Rating&alertPeriod=lastQuarter";
  const expected = await getFacilities(request, query);
  await openDashboard(page);
  await openAlertSettings(page);
  const dialog = alertDialog(page);
  await dialog.getByLabel("Minimum change").selectOption("2");
  await dialog.getByLabel("Rating", { exact: true }).selectOption("Staffing Rating");
  await dialog.getByLabel("Period").selectOption("lastQuarter");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => searchParams(page).get("alertMetric")).toBe("Staffing Rating");
  expect(searchParams(page).get("alertThreshold")).toBe("2");
  expect(searchParams(page).get("alertPeriod")).toBe("lastQuarter");
  await expect(
    page.getByRole("button", { name: "Remove filter Alerts: Staffing Rating ±2, last quarter" }),
  ).toBeVisible();
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(expected.totalCount));
  if (expected.totalCount > 0) {
    await expect(cards(page).first()).toContainText(/Staffing [+-][2-5]/);
  }
});

test("turning alerts off and on again keeps the previous metric, with threshold 1 and lastPeriod", async ({
  page,
}) => {
  await openDashboard(
    page,
    "alertEnabled=true&alertThreshold=1&alertMetric=QM+Rating&alertPeriod=lastQuarter",
  );
  await openAlertSettings(page);
  const toggle = alertDialog(page).getByRole("switch", { name: "Enable alerts" });
  await toggle.click();
  await expect.poll(() => searchParams(page).get("alertMetric")).toBeNull();
  await toggle.click();
  await expect.poll(() => searchParams(page).get("alertMetric")).toBe("QM Rating");
  expect(searchParams(page).get("alertThreshold")).toBe("1");
  expect(searchParams(page).get("alertPeriod")).toBe("lastPeriod");
});

test("cards show signed rating changes, coloured, with previous and latest dates", async ({
  page,
  request,
}) => {
  const expected = await getFacilities(request, "alertEnabled=true&pageSize=100");
  const rise = expected.data.find((facility) => (facility.ratingAlert?.overallDiff ?? 0) > 0);
  const fall = expected.data.find((facility) => (facility.ratingAlert?.overallDiff ?? 0) < 0);
  test.skip(!rise || !fall, "demo data has rises and falls");
  if (!rise?.ratingAlert || !fall?.ratingAlert) return;
  await openDashboard(page, "alertEnabled=true");

  const riseCard = cards(page).filter({
    has: page.getByRole("link", { name: rise.providerName, exact: true }),
  });
  await expect(riseCard).toContainText(`Overall +${rise.ratingAlert.overallDiff}`);
  await expect(riseCard).toContainText(
    `from ${rise.ratingAlert.previousDate} to ${rise.ratingAlert.latestDate}`,
  );
  const fallCard = cards(page).filter({
    has: page.getByRole("link", { name: fall.providerName, exact: true }),
  });
  await expect(fallCard).toContainText(`Overall ${fall.ratingAlert.overallDiff}`);

  const colour = async (card: typeof riseCard, label: string) =>
    colourOf(
      await card
        .getByRole("listitem")
        .filter({ hasText: new RegExp(`^${label} `) })
        .evaluate((element) => getComputedStyle(element).color),
    );
  const green = await colour(riseCard, "Overall");
  const red = await colour(fallCard, "Overall");
  expect(green.hue).toBeGreaterThan(120);
  expect(green.hue).toBeLessThan(180);
  expect(red.hue < 40 || red.hue > 330).toBe(true);
  const unchanged = [rise, fall].find((facility) => facility.ratingAlert?.healthInspectionDiff === 0);
  if (unchanged) {
    const card = cards(page).filter({
      has: page.getByRole("link", { name: unchanged.providerName, exact: true }),
    });
    await expect(card).toContainText("Health 0");
    expect((await colour(card, "Health")).chroma).toBeLessThan(0.06);
  }
});

test("a non-numeric alertThreshold in the address becomes 1", async ({ page }) => {
  await openDashboard(page, "alertEnabled=true&alertThreshold=abc");
  await expect(
    page.getByRole("button", { name: "Remove filter Alerts: Overall Rating ±1, last period" }),
  ).toBeVisible();
  await openAlertSettings(page);
  await expect(alertDialog(page).getByLabel("Minimum change")).toHaveValue("1");
});

test("shows 'Loading facilities with rating changes...' while the alert query runs", async ({ page }) => {
  await openDashboard(page);
  await page.route("**/api/facilities?*alertEnabled=true*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await openAlertSettings(page);
  await alertDialog(page).getByRole("switch", { name: "Enable alerts" }).click();
  await expect(page.getByText("Loading facilities with rating changes...")).toBeVisible();
  await expect(
    cards(page)
      .first()
      .or(page.getByText(/^No facilities with significant/)),
  ).toBeVisible();
  await expect(page.getByText("Loading facilities with rating changes...")).toHaveCount(0);
});

test("an alert failure reported by the API is shown above the list, which still shows facilities", async ({
  page,
  request,
}) => {
  const plain = await getFacilities(request);
  const message = "The rating alerts query timed out. Try a different time period or a more specific filter.";
  await page.route("**/api/facilities?*alertEnabled=true*", (route) =>
    route.fulfill({ json: { ...plain, error: message } satisfies FacilityListResponse }),
  );
  await openDashboard(page, "alertEnabled=true");
  const notice = page.getByRole("status").filter({ hasText: message });
  await expect(notice).toBeVisible();
  await expect(cards(page)).toHaveCount(plain.data.length);
  const noticeBox = await notice.boundingBox();
  const firstCard = await cards(page).first().boundingBox();
  expect(noticeBox && firstCard && noticeBox.y < firstCard.y).toBe(true);
});

test("a timed-out alert query explains why and what to try", async ({ page }) => {
  await page.route("**/api/facilities?*", (route) =>
    route.fulfill({
      status: 500,
      json: { error: { message: "canceling statement due to statement timeout" } },
    }),
  );
  await page.goto("/?alertEnabled=true&alertPeriod=lastQuarter");
  const alert = page.getByRole("alert");
  await expect(alert.getByRole("heading", { name: "Error" })).toBeVisible();
  await expect(alert).toContainText("Error loading facilities: canceling statement due to statement timeout");
  await expect(alert).toContainText("The facility rating alerts query timed out.");
  await expect(alert).toContainText("'lastQuarter' with large data sets");
  await expect(alert.getByRole("listitem")).toHaveText([
    "Use 'lastPeriod' instead",
    "Add more specific filters (like State or Entity Name)",
    "Try again with a higher threshold",
  ]);
});

test("no alert matches: the alert empty state", async ({ page }) => {
  await page.route("**/api/facilities?*", (route) =>
    route.fulfill({
      json: {
        data: [],
        totalCount: 0,
        summary: { totalFacilities: 0, totalResidents: 0, averageRating: null, averageDeficiencyScore: null },
      } satisfies FacilityListResponse,
    }),
  );
  await page.goto("/?alertEnabled=true&alertThreshold=5");
  await expect(
    page.getByText(
      "No facilities with significant rating changes found. Try reducing the threshold or changing the metric.",
    ),
  ).toBeVisible();
  await expect(summaryValue(page, "Total Facilities")).toHaveText("0");
  await expect(summaryValue(page, "Average Rating")).toHaveText("N/A");
});
