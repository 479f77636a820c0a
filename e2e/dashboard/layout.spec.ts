// Header, data-source line, summary row, card grid and the small-screen notice.
import { expect, test } from "@playwright/test";
import {
  cards,
  formatAverage,
  formatCount,
  getFacilities,
  getMeta,
  openDashboard,
  summaryValue,
} from "./support.ts";

test("shows the title, subtitle and where the data comes from, marked as demo data", async ({
  page,
  request,
}) => {
  const meta = await getMeta(request);
  await openDashboard(page);
  await expect(page).toHaveTitle("CMS Star Ratings Dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("CMS Star Ratings Dashboard");
  await expect(page.getByText("Monitor and compare facility performance metrics")).toBeVisible();
  expect(meta.source).toBe("demo");
  await expect(page.getByText("Demo data", { exact: true })).toBeVisible();
  await expect(page.getByText(`as of ${meta.facilitiesProcessingDate}`)).toBeVisible();
  // No sign-in anywhere.
  await expect(page.getByText(/sign in|log in/i)).toHaveCount(0);
});

test("the summary row describes the whole current view with the spec's formats", async ({
  page,
  request,
}) => {
  const { summary } = await getFacilities(request);
  await openDashboard(page);
  await expect(page.getByRole("heading", { level: 2, name: "All Facilities" })).toBeVisible();
  await expect(page.getByText("Stats shown for the current view.")).toBeVisible();
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(summary.totalFacilities));
  await expect(summaryValue(page, "Total Residents")).toHaveText(formatCount(summary.totalResidents));
  await expect(summaryValue(page, "Average Rating")).toHaveText(formatAverage(summary.averageRating));
  await expect(summaryValue(page, "Average Deficiency Score")).toHaveText(
    formatAverage(summary.averageDeficiencyScore),
  );
  expect(summary.totalResidents).toBeGreaterThan(999);
  await expect(summaryValue(page, "Total Residents")).toContainText(",");
});

test("the summary follows the filters (whole filtered set, not the page)", async ({ page, request }) => {
  const { summary } = await getFacilities(request, "state=CA&rating=4");
  await openDashboard(page, "state=CA&rating=4");
  await expect(
    page.getByRole("heading", { level: 2, name: "Facilities in CA, rated 4+ stars" }),
  ).toBeVisible();
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(summary.totalFacilities));
  await expect(summaryValue(page, "Average Rating")).toHaveText(formatAverage(summary.averageRating));
});

test("each card shows name, place, the four ratings out of 5, residents and deficiency score", async ({
  page,
  request,
}) => {
  const { data } = await getFacilities(request, "pageSize=3");
  await openDashboard(page);
  for (const [index, facility] of data.entries()) {
    const card = cards(page).nth(index);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(facility.providerName);
    await expect(card).toContainText(`${facility.city}, ${facility.state}`);
    const outOf5 = (value: number | null) => (value == null ? "N/A" : `${value}/5`);
    await expect(card).toContainText(`${outOf5(facility.overallRating)}Overall`);
    await expect(card).toContainText(`Health Inspection${outOf5(facility.healthInspectionRating)}`);
    await expect(card).toContainText(`Staffing${outOf5(facility.staffingRating)}`);
    await expect(card).toContainText(`QM${outOf5(facility.qmRating)}`);
    await expect(card).toContainText(
      `Residents${facility.averageResidentsPerDay == null ? "N/A" : formatCount(facility.averageResidentsPerDay)}`,
    );
    await expect(card).toContainText("Deficiency score");
  }
});

test("cards are laid out in 3 columns on wide screens and 2 on medium ones", async ({ page }) => {
  const columnCount = async () => {
    const lefts = await cards(page).evaluateAll((elements) =>
      elements.slice(0, 6).map((element) => element.getBoundingClientRect().left),
    );
    return new Set(lefts.map(Math.round)).size;
  };
  await openDashboard(page);
  expect(await columnCount()).toBe(3);
  await page.setViewportSize({ width: 1000, height: 900 });
  await expect.poll(columnCount).toBe(2);
  await page.setViewportSize({ width: 800, height: 900 });
  await expect.poll(columnCount).toBe(2);
});

test("small screens show only the notice, on every route", async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  for (const path of ["/", "/?state=CA", "/facility/015009"]) {
    await page.goto(path);
    await expect(page.getByText(/optimi[sz]ed for larger screens/i)).toBeVisible();
    await expect(page.getByText(/desktop browser/i)).toBeVisible();
    await expect(page.getByRole("searchbox")).toHaveCount(0);
    await expect(page.getByRole("article")).toHaveCount(0);
    await expect(page.getByText("Facility Overview")).toHaveCount(0);
    await expect(page.getByRole("button")).toHaveCount(0);
  }
  // Growing the window brings the dashboard back.
  await page.goto("/");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(cards(page).first()).toBeVisible();
});
