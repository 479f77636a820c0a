// Facility detail on the real CMS files (../shared/data/cms/raw): BURNS NURSING HOME, INC. (015009), whose
// newest provider file is Aug 2021 and whose history spans six releases from 2017 to 2023 with long gaps.
import { expect, test } from "@playwright/test";
import type { FacilityDetail, Meta, RatingSnapshot } from "../../src/core/api-types.ts";
import {
  countDrawnPieces,
  countRuns,
  expectedSections,
  getJson,
  historyChart,
  legendItems,
  rangeToggle,
  readSectionLines,
  seasonalityChart,
  seriesLine,
} from "./support.ts";

const CCN = "015009";
const HISTORY_DATES = ["2017-02-01", "2020-06-01", "2020-07-01", "2020-08-01", "2021-08-01", "2023-04-01"];
const STAFFING = ["5", "4", "4", "4", "1", "4"];

test.beforeEach(async ({ request }) => {
  const meta = await getJson<Meta>(request, "/api/meta");
  test.skip(meta.facilityCount === 0, "the real CMS files are not available");
});

test("the API holds the known facts of 015009", async ({ request }) => {
  const detail = await getJson<FacilityDetail>(request, `/api/facilities/${CCN}`);
  expect(detail).toMatchObject({
    providerName: "BURNS NURSING HOME, INC.",
    city: "RUSSELLVILLE",
    state: "AL",
    overallRating: 5,
    healthInspectionRating: 5,
    qmRating: 5,
    staffingRating: 1,
    certifiedBeds: 57,
    averageResidentsPerDay: 51,
    processingDate: "2021-08-01",
  });
  const history = await getJson<RatingSnapshot[]>(request, `/api/facilities/${CCN}/history`);
  expect(history.map((snapshot) => snapshot.processingDate)).toEqual(HISTORY_DATES);
  expect(history.map((snapshot) => String(snapshot.staffingRating))).toEqual(STAFFING);
});

test("shows BURNS NURSING HOME, INC. with its Aug 2021 ratings, capacity and hidden missing lines", async ({
  page,
  request,
}) => {
  const detail = await getJson<FacilityDetail>(request, `/api/facilities/${CCN}`);
  await page.goto(`/facility/${CCN}`);
  await expect(page.getByRole("heading", { level: 1, name: "BURNS NURSING HOME, INC." })).toBeVisible();
  await expect(page).toHaveTitle(/BURNS NURSING HOME, INC\./);
  await expect(page.getByTestId("facility-address")).toContainText("RUSSELLVILLE, AL");
  await expect(page.getByTestId("overall-rating")).toContainText("5/5");
  expect(await readSectionLines(page, "section-quality")).toEqual({
    "Health Inspection": "5/5",
    Staffing: "1/5",
    "Quality Measures": "5/5",
  });
  // The Aug 2021 layout has no turnover and no affiliated-entity columns: those lines are hidden.
  expect(await readSectionLines(page, "section-capacity")).toEqual({
    "Certified Beds": "57",
    "Average Residents per Day": "51",
  });
  // It reported no staffing hours that month (blank, footnote 6) and the layout has no turnover: the
  // Staffing & Turnover section has no line to show.
  expect(await readSectionLines(page, "section-staffing")).toEqual({});
  await expect(page.getByTestId("section-staffing")).toContainText("Not reported in this release.");
  for (const label of ["RN Staffing Hours", "Turnover Rate", "Administrator Turnover", "Affiliated Entity"]) {
    await expect(page.getByText(label, { exact: true })).toHaveCount(0);
  }
  expect(await readSectionLines(page, "section-deficiencies")).toEqual({
    "Health Deficiency Score": "5.33",
    "Substantiated Complaints": "0",
    "Infection Control Citations": "0",
    Fines: "$0.00",
    "Payment Denials": "0",
  });
  for (const testId of ["section-deficiencies", "section-staffing", "section-capacity"]) {
    expect(await readSectionLines(page, testId), testId).toEqual(expectedSections(detail)[testId]);
  }
  await expect(page.getByText("Data as of Aug 1, 2021")).toBeVisible();
});

test("history: 1Y shows the latest release only, All all six with staffing 5, 4, 4, 4, 1, 4", async ({
  page,
}) => {
  await page.goto(`/facility/${CCN}`);
  const toggle = rangeToggle(page);
  await expect(toggle.getByRole("radio", { name: "1Y" })).toHaveAttribute("aria-checked", "true");
  // Measured back from Apr 2023, the latest snapshot: years-old data still shows.
  await expect(page.getByText("(1 release)")).toBeVisible();
  await expect(historyChart(page)).toHaveAttribute("aria-label", /Apr 2022 to Apr 2023/);
  await toggle.getByRole("radio", { name: "6M" }).click();
  await expect(page.getByText("(1 release)")).toBeVisible();
  await toggle.getByRole("radio", { name: "All" }).click();
  await expect(page.getByText("(6 releases)")).toBeVisible();
  await page.getByText(/Show the ratings as a table/).click();
  const rows = page.getByTestId("section-history").locator("tbody tr");
  await expect(rows).toHaveCount(6);
  // Newest first: Apr 2023 ... Feb 2017.
  await expect(rows.locator("th")).toHaveText([
    "Apr 1, 2023",
    "Aug 1, 2021",
    "Aug 1, 2020",
    "Jul 1, 2020",
    "Jun 1, 2020",
    "Feb 1, 2017",
  ]);
  await expect(rows.locator("td:nth-child(5)")).toHaveText([...STAFFING].reverse());
});

test("history gaps: 2017, mid-2020, 2021 and 2023 are separate pieces, never joined", async ({
  page,
  request,
}) => {
  const history = await getJson<RatingSnapshot[]>(request, `/api/facilities/${CCN}/history`);
  await page.goto(`/facility/${CCN}`);
  await rangeToggle(page).getByRole("radio", { name: "All" }).click();
  const chart = historyChart(page);
  await expect(chart).toHaveAttribute("aria-label", /Feb 2017 to Apr 2023/);
  const staffing = chart.locator('path.recharts-line-curve[name="Staffing"]');
  // Feb 2017 | Jun-Aug 2020 | Aug 2021 | Apr 2023
  expect(await countDrawnPieces(staffing)).toBe(4);
  const overall = chart.locator('path.recharts-line-curve[name="Overall"]');
  expect(await countDrawnPieces(overall)).toBe(
    countRuns(history.map((snapshot) => ({ date: snapshot.processingDate, value: snapshot.overallRating }))),
  );
  expect((await chart.boundingBox())?.height).toBe(300);
});

test("seasonality: one line per year 2017, 2020, 2021, 2023 on a Jan-Dec axis, 300 px", async ({ page }) => {
  await page.goto(`/facility/${CCN}`);
  const chart = seasonalityChart(page);
  await expect(chart).toBeVisible();
  expect((await chart.boundingBox())?.height).toBe(300);
  await expect(legendItems(chart)).toHaveText(["2017", "2020", "2021", "2023"]);
  await expect(
    chart.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value").first(),
  ).toHaveText("Jan");
  await expect(
    chart.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value").last(),
  ).toHaveText("Dec");
  const lines = chart.locator("path.recharts-line-curve");
  await expect(lines).toHaveCount(4);
  // 2020 is one run (Jun-Aug); the others are single releases.
  expect(await countDrawnPieces(seriesLine(chart, "2020"))).toBe(1);
  const d2020 = (await seriesLine(chart, "2020").getAttribute("d")) ?? "";
  expect(d2020).toContain("L");
});

test("back from 015009 opened from the Alabama 4-star view returns to that view", async ({ page }) => {
  await page.goto(`/facility/${CCN}?state=AL&rating=4`);
  await expect(page.getByRole("heading", { level: 1, name: "BURNS NURSING HOME, INC." })).toBeVisible();
  await page.getByRole("button", { name: "< Back" }).click();
  await expect(page).toHaveURL(/\/\?state=AL&rating=4$/);
});
