// The owner page on the demo database, for the owner of most homes: header, averages beside the nation's,
// inspection record, homes by state, homes gained and lost, paged cards and the map, keyboard use, axe, and the
// unknown and invalid owner screens. Every figure is checked against the API's answers.
import { expect, test } from "@playwright/test";
import type { FacilityPoints } from "../../src/core/api-types.ts";
import type { Owner } from "../../src/core/ownership.ts";
import {
  expectNoSeriousViolations,
  formatCount,
  getJson,
  monthYear,
  pickChangedHome,
  pickLargeOwner,
  tabUntil,
} from "./support.ts";

const PAGE_SIZE = 24;
let owner: Owner;

test.beforeAll(async ({ request }) => {
  owner = await pickLargeOwner(request);
  expect(owner.facilityCount).toBeGreaterThan(PAGE_SIZE);
});

const cards = (page: import("@playwright/test").Page) =>
  page.getByRole("list", { name: "Facilities" }).getByRole("article");

test("the header names the owner with its footprint, states, dashboard link and averages beside the nation's", async ({
  page,
}) => {
  await page.goto(owner.path);
  await expect(page.getByRole("heading", { level: 1, name: owner.name })).toBeVisible();
  await expect(page).toHaveTitle(`${owner.name} | CMS Star Ratings Dashboard`);
  await expect(page.getByTestId("owner-footprint")).toHaveText(
    `${formatCount(owner.facilityCount)} homes in ${owner.states.length} states · Listed in CMS's ownership files from ${monthYear(owner.firstSeen)} to ${monthYear(owner.lastSeen)}`,
  );
  await expect(page.getByTestId("owner-states").getByRole("listitem")).toHaveText(
    owner.states.map((row) => row.state),
  );
  const params = new URLSearchParams({ owner: `${owner.type}:${owner.name}` });
  await expect(page.getByTestId("owner-dashboard-link")).toHaveAttribute("href", `/?${params}`);
  const average = (value: number | null) => (value === null ? "N/A" : value.toFixed(1));
  for (const key of ["overallRating", "healthInspectionRating", "staffingRating", "qmRating"] as const) {
    const box = page.getByTestId("owner-average-ratings").locator(`[data-rating="${key}"]`);
    await expect(box.locator("dd").first()).toHaveText(
      owner.averageRatings[key] === null ? "N/A" : `${average(owner.averageRatings[key])}out of 5`,
    );
    await expect(box.getByTestId("owner-national-average")).toHaveText(
      `Nation: ${average(owner.nationalAverageRatings[key])}`,
    );
  }
});

test("the inspection record, the homes by state and the homes gained and lost match the API", async ({
  page,
}) => {
  await page.goto(owner.path);
  const record = page.getByTestId("owner-inspections");
  await expect(record.getByRole("heading", { name: "Inspection record" })).toBeVisible();
  if (owner.inspections) {
    await expect(page.getByTestId("owner-inspections-window")).toContainText(
      `of its ${formatCount(owner.inspections.totals.facilities)} facilities`,
    );
    // Its dashboard links carry the owner filter.
    const link = record.getByRole("link", { name: /show them on the dashboard/ }).first();
    if ((await link.count()) > 0) {
      const href = (await link.getAttribute("href")) ?? "";
      expect(new URLSearchParams(href.slice(2)).get("owner")).toBe(`${owner.type}:${owner.name}`);
    }
  }

  const states = page.getByTestId("owner-by-state").locator("tbody tr");
  await expect(states).toHaveCount(owner.states.length);
  const first = owner.states[0];
  if (!first) throw new Error("no state");
  await expect(states.first().locator("th")).toHaveText(first.state);
  await expect(states.first().locator("td").first()).toHaveText(formatCount(first.facilities));

  const years = page.getByTestId("owner-history").locator("tbody tr");
  await expect(years).toHaveCount(owner.history.length);
  for (const row of owner.history) {
    const line = page.getByTestId("owner-history").locator(`tr[data-year="${row.year}"]`);
    await expect(line.getByTestId("history-gained")).toHaveText(row.gained > 0 ? `+${row.gained}` : "0");
    await expect(line.getByTestId("history-lost")).toHaveText(row.lost > 0 ? `−${row.lost}` : "0");
  }
});

test("its homes are the dashboard's cards, paged, and its map shows every one of them", async ({
  page,
  request,
}) => {
  await page.goto(owner.path);
  await expect(page.getByTestId("owner-page-range")).toHaveText(
    `Showing 1–${PAGE_SIZE} of ${formatCount(owner.facilityCount)}`,
  );
  await expect(cards(page).getByRole("heading", { level: 3 })).toHaveText(
    owner.facilities.slice(0, PAGE_SIZE).map((home) => home.providerName),
  );
  await page
    .getByRole("navigation", { name: /pagination/i })
    .getByRole("button", { name: "Page 2", exact: true })
    .click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(cards(page).first().getByRole("heading", { level: 3 })).toHaveText(
    owner.facilities[PAGE_SIZE]?.providerName ?? "",
  );

  const points = await getJson<FacilityPoints>(
    request,
    `/api/facilities/points?${new URLSearchParams({ owner: `${owner.type}:${owner.name}` })}`,
  );
  await page.getByRole("button", { name: "Map" }).click();
  await expect(page.getByTestId("map-points")).toHaveAttribute("data-points", String(points.ccn.length));
  expect(points.ccn.length + points.withoutPosition).toBe(owner.facilityCount);
  await page.getByRole("button", { name: "Cards" }).click();
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
});

test("an owner on a home's detail page opens its owner page", async ({ page, request }) => {
  const { detail, ownership } = await pickChangedHome(request);
  const shared = ownership.owners.find((row) => row.otherFacilities > 0);
  if (!shared) throw new Error("no owner with other homes");
  await page.goto(`/facility/${detail.ccn}`);
  await page
    .getByTestId("section-ownership")
    .getByRole("link", { name: shared.name, exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(shared.ownerPath);
  await expect(page.getByRole("heading", { level: 1, name: shared.name })).toBeVisible();
  const other = await getJson<Owner>(request, `/api${shared.ownerPath.replace(/^\/owner/, "/owners")}`);
  await expect(page.getByTestId("owner-footprint")).toContainText(`${formatCount(other.facilityCount)} home`);
  // Its homes include this one.
  expect(other.facilities.map((home) => home.ccn)).toContain(detail.ccn);
});

test("an unknown owner and an invalid address get the not-found treatment with a way home", async ({
  page,
}) => {
  await page.goto("/owner/organization/NO%20SUCH%20OWNER%20ANYWHERE%20LLC");
  await expect(page.getByRole("heading", { level: 1, name: "Owner not found" })).toBeVisible();
  await expect(page).toHaveTitle("Owner not found | CMS Star Ratings Dashboard");
  await expect(page.getByTestId("owner-unavailable")).toContainText("NO SUCH OWNER ANYWHERE LLC");
  await expectNoSeriousViolations(page);
  await page.goto("/owner/company/ACME");
  await expect(page.getByRole("heading", { level: 1, name: "Invalid owner" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an owner no current home lists says so, with its years and the homes it lost, without averages", async ({
  page,
  request,
}) => {
  const { ownership } = await pickChangedHome(request);
  const gone = ownership.changes.flatMap((change) => change.removed);
  let former: Owner | null = null;
  for (const row of gone) {
    const candidate = await getJson<Owner>(request, `/api${row.ownerPath.replace(/^\/owner/, "/owners")}`);
    if (candidate.facilityCount === 0) {
      former = candidate;
      break;
    }
  }
  test.skip(former === null, "no owner of that home has left every home");
  if (!former) return;
  await page.goto(former.path);
  await expect(page.getByRole("heading", { level: 1, name: former.name })).toBeVisible();
  await expect(page.getByTestId("owner-footprint")).toContainText("No homes in the current data");
  await expect(page.getByTestId("owner-average-ratings")).toHaveCount(0);
  await expect(page.getByTestId("owner-inspections")).toHaveCount(0);
  await expect(page.getByTestId("owner-history").locator("tbody tr")).toHaveCount(former.history.length);
  await expect(page.getByText("No homes of this owner are in the current data.")).toBeVisible();
});

test("the page works from the keyboard and passes axe", async ({ page }) => {
  await page.goto(owner.path);
  await expect(cards(page).first()).toBeVisible();
  const first = owner.states[0]?.state ?? "";
  const reached = await tabUntil(page, () =>
    page.evaluate((state) => document.activeElement?.textContent === state, first),
  );
  expect(reached).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.searchParams.get("state") === first);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: owner.name })).toBeVisible();
  await expectNoSeriousViolations(page);
});
