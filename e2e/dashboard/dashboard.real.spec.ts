// The dashboard on the real CMS files (Aug 2021 Provider Information: 15,283 facilities).
import { expect, test } from "@playwright/test";
import { cards, formatCount, getFacilities, getMeta, openDashboard, summaryValue } from "./support.ts";

test.beforeAll(async ({ request }) => {
  const meta = await getMeta(request);
  test.skip(meta.facilityCount === 0, "the real CMS files are not available");
});

test("counts every facility of the real file and says the data is CMS data", async ({ page, request }) => {
  const meta = await getMeta(request);
  await openDashboard(page);
  await expect(summaryValue(page, "Total Facilities")).toHaveText("15,283");
  // The facilities are those of the Aug 2021 Provider Information file; the Apr 2023 extract adds history only.
  await expect(page.getByText("CMS data as of 2021-08-01")).toBeVisible();
  await expect(page.getByText(`rating history through ${meta.latestProcessingDate}`)).toBeVisible();
  await expect(page.getByText("Demo data", { exact: true })).toHaveCount(0);
});

test("finds BURNS NURSING HOME, INC. in Russellville, AL, rated 5/5, and opens it", async ({ page }) => {
  await openDashboard(page);
  const search = page.getByRole("searchbox", { name: "Search facilities" });
  await search.fill("burns nursing");
  await search.press("Enter");
  const card = cards(page).filter({ has: page.getByRole("link", { name: "BURNS NURSING HOME, INC." }) });
  await expect(card).toContainText("RUSSELLVILLE, AL");
  await expect(card).toContainText("5/5Overall");
  await card.getByRole("link").click();
  await expect(page).toHaveURL("/facility/015009?search=burns+nursing");
});

test("the state filter matches the API on the real data", async ({ page, request }) => {
  const expected = await getFacilities(request, "state=AL&rating=5");
  await openDashboard(page, "state=AL&rating=5");
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(expected.totalCount));
  await expect(cards(page)).toHaveCount(Math.min(100, expected.data.length));
});
