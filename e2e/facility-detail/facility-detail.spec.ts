// Facility detail on the demo database: contents, formats, hidden lines, loading and error states.
import { expect, test } from "@playwright/test";
import type { FacilityDetail } from "../../src/core/api-types.ts";
import {
  expectedSections,
  expectRedAndCentred,
  type FacilityFixture,
  pickFacilityWithHistory,
  readSectionLines,
} from "./support.ts";

let facility: FacilityFixture;

test.beforeAll(async ({ request }) => {
  facility = await pickFacilityWithHistory(request);
});

const SECTION_TITLES = {
  "section-quality": "Quality Ratings",
  "section-deficiencies": "Deficiencies & Compliance",
  "section-staffing": "Staffing & Turnover",
  "section-capacity": "Capacity & Competitive Insights",
} as const;

test("shows the heading, overall rating, sections and data date of the facility", async ({ page }) => {
  const { detail } = facility;
  await page.goto(`/facility/${detail.ccn}`);
  await expect(page.getByRole("heading", { level: 1, name: detail.providerName })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(detail.providerName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(page.getByRole("button", { name: "< Back" })).toBeVisible();
  const overall = detail.overallRating === null ? "N/A" : `${detail.overallRating}/5`;
  await expect(page.getByTestId("overall-rating")).toContainText(overall);
  if (detail.city) await expect(page.getByTestId("facility-address")).toContainText(detail.city);

  for (const [testId, title] of Object.entries(SECTION_TITLES)) {
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    expect(await readSectionLines(page, testId), title).toEqual(expectedSections(detail)[testId]);
  }
  const [year, month, day] = detail.processingDate.split("-").map(Number);
  const monthName = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, 1)).toLocaleString("en-US", {
    month: "short",
    timeZone: "UTC",
  });
  await expect(page.getByText(`Data as of ${monthName} ${day}, ${year}`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Historical Star Ratings" })).toBeVisible();
});

test("formats every line: 2-decimal scores and hours, dollars, percent, whole residents", async ({
  page,
}) => {
  const patched: FacilityDetail = {
    ...facility.detail,
    totalWeightedHealthSurveyScore: 12.3456,
    substantiatedComplaints: 3,
    infectionControlCitations: 2,
    finesTotalDollars: 16_250.5,
    paymentDenials: 1,
    rnStaffingHoursPerResidentPerDay: 1.0234,
    totalNursingStaffTurnover: 41.9,
    administratorsLeft: 2,
    certifiedBeds: 1_200,
    averageResidentsPerDay: 51,
    affiliatedEntityName: "EXAMPLE HEALTH GROUP",
  };
  await page.route(`**/api/facilities/${facility.detail.ccn}`, (route) => route.fulfill({ json: patched }));
  await page.goto(`/facility/${facility.detail.ccn}`);
  expect(await readSectionLines(page, "section-deficiencies")).toEqual({
    "Health Deficiency Score": "12.35",
    "Substantiated Complaints": "3",
    "Infection Control Citations": "2",
    Fines: "$16,250.50",
    "Payment Denials": "1",
  });
  expect(await readSectionLines(page, "section-staffing")).toEqual({
    "RN Staffing Hours": "1.02 hrs/day",
    "Turnover Rate": "41.9%",
    "Administrator Turnover": "2",
  });
  expect(await readSectionLines(page, "section-capacity")).toEqual({
    "Certified Beds": "1,200",
    "Average Residents per Day": "51",
    "Affiliated Entity": "EXAMPLE HEALTH GROUP",
  });
});

test("hides lines whose value is null and an empty affiliated entity; missing ratings read N/A", async ({
  page,
}) => {
  const patched: FacilityDetail = {
    ...facility.detail,
    overallRating: null,
    healthInspectionRating: null,
    staffingRating: null,
    qmRating: null,
    totalWeightedHealthSurveyScore: null,
    finesTotalDollars: null,
    paymentDenials: null,
    totalNursingStaffTurnover: null,
    administratorsLeft: null,
    averageResidentsPerDay: null,
    substantiatedComplaints: 0,
    infectionControlCitations: 0,
    rnStaffingHoursPerResidentPerDay: 0.5,
    certifiedBeds: 80,
    affiliatedEntityName: "",
  };
  await page.route(`**/api/facilities/${facility.detail.ccn}`, (route) => route.fulfill({ json: patched }));
  await page.goto(`/facility/${facility.detail.ccn}`);
  await expect(page.getByTestId("overall-rating")).toContainText("N/A");
  expect(await readSectionLines(page, "section-quality")).toEqual({
    "Health Inspection": "N/A",
    Staffing: "N/A",
    "Quality Measures": "N/A",
  });
  expect(await readSectionLines(page, "section-deficiencies")).toEqual({
    "Substantiated Complaints": "0",
    "Infection Control Citations": "0",
  });
  expect(await readSectionLines(page, "section-staffing")).toEqual({ "RN Staffing Hours": "0.50 hrs/day" });
  expect(await readSectionLines(page, "section-capacity")).toEqual({ "Certified Beds": "80" });
  for (const label of ["Fines", "Turnover Rate", "Affiliated Entity", "Average Residents per Day"]) {
    await expect(page.getByText(label, { exact: true })).toHaveCount(0);
  }
});

test("shows 'Loading facility details...' then 'Loading rating history...' while each request runs", async ({
  page,
}) => {
  const { ccn } = facility.detail;
  let releaseFacility = () => {};
  let releaseHistory = () => {};
  const facilityGate = new Promise<void>((resolve) => {
    releaseFacility = resolve;
  });
  const historyGate = new Promise<void>((resolve) => {
    releaseHistory = resolve;
  });
  await page.route(`**/api/facilities/${ccn}`, async (route) => {
    await facilityGate;
    await route.continue();
  });
  await page.route(`**/api/facilities/${ccn}/history`, async (route) => {
    await historyGate;
    await route.continue();
  });
  await page.goto(`/facility/${ccn}`);
  await expect(page.getByText("Loading facility details...", { exact: true })).toBeVisible();
  releaseFacility();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(facility.detail.providerName);
  await expect(page.getByText("Loading rating history...", { exact: true })).toBeVisible();
  releaseHistory();
  await expect(page.getByTestId("history-chart")).toBeVisible();
  await expect(page.getByText("Loading rating history...")).toHaveCount(0);
});

test("a server error reads 'Error loading facility details: {message}' in red, centred, after one retry", async ({
  page,
}) => {
  let calls = 0;
  await page.route(`**/api/facilities/${facility.detail.ccn}`, (route) => {
    calls += 1;
    return route.fulfill({ status: 500, json: { error: { message: "Internal server error" } } });
  });
  await page.goto(`/facility/${facility.detail.ccn}`);
  const error = page.getByText("Error loading facility details: Internal server error", { exact: true });
  await expectRedAndCentred(error);
  expect(calls).toBe(2);
});

test("a history error reads 'Error loading rating history: {message}' in red, centred; details still show", async ({
  page,
}) => {
  await page.route(`**/api/facilities/${facility.detail.ccn}/history`, (route) =>
    route.fulfill({ status: 503, json: { error: { message: "Service unavailable" } } }),
  );
  await page.goto(`/facility/${facility.detail.ccn}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(facility.detail.providerName);
  const error = page.getByText("Error loading rating history: Service unavailable", { exact: true });
  await expectRedAndCentred(error);
  await expect(page.getByTestId("history-chart")).toHaveCount(0);
});

test("a facility without snapshots says 'No rating history available for this facility.'", async ({
  page,
}) => {
  await page.route(`**/api/facilities/${facility.detail.ccn}/history`, (route) =>
    route.fulfill({ json: [] }),
  );
  await page.goto(`/facility/${facility.detail.ccn}`);
  await expect(
    page.getByText("No rating history available for this facility.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Historical Star Ratings" })).toHaveCount(0);
  await expect(page.getByTestId("history-chart")).toHaveCount(0);
  await expect(page.getByTestId("seasonality-chart")).toHaveCount(0);
});

test("an unknown CCN shows 'Facility not found' with the CCN and a way back, without retrying", async ({
  page,
  request,
}) => {
  const ccn = "ZZ9999";
  expect((await request.get(`/api/facilities/${ccn}`)).status()).toBe(404);
  let calls = 0;
  page.on("request", (req) => {
    if (new URL(req.url()).pathname === `/api/facilities/${ccn}`) calls += 1;
  });
  await page.goto(`/facility/${ccn}?state=AL`);
  await expect(page.getByRole("heading", { level: 1, name: "Facility not found" })).toBeVisible();
  await expect(page.getByTestId("facility-unavailable")).toContainText(ccn);
  await expect(page.getByText(/Error loading facility details/)).toHaveCount(0);
  expect(calls).toBe(1);
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/\?state=AL$/);
});

test("a malformed CCN says so plainly, whether caught in the browser or by the server (400)", async ({
  page,
}) => {
  await page.goto("/facility/12-45");
  await expect(page.getByRole("heading", { level: 1, name: "Invalid facility number" })).toBeVisible();
  await expect(page.getByTestId("facility-unavailable")).toContainText("12-45");

  await page.route("**/api/facilities/ABC123", (route) =>
    route.fulfill({
      status: 400,
      json: { error: { message: "ccn must be 6 letters or digits", param: "ccn" } },
    }),
  );
  await page.goto("/facility/ABC123");
  await expect(page.getByRole("heading", { level: 1, name: "Invalid facility number" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute("href", "/");
});
