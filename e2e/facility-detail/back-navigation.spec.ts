// '< Back' (SPEC section 2): one history step when there is history and a referrer, otherwise the dashboard
// with the search query string of a same-origin referrer, else of the current URL.
import { expect, test } from "@playwright/test";
import type { FacilityListResponse } from "../../src/core/api-types.ts";
import { getJson } from "./support.ts";

const FILTERS = "?state=AL&rating=4";

let ccn = "";

test.beforeAll(async ({ request }) => {
  const list = await getJson<FacilityListResponse>(request, "/api/facilities?pageSize=1");
  const first = list.data[0];
  if (!first) throw new Error("the demo database lists no facility");
  ccn = first.ccn;
});

const backButton = (page: import("@playwright/test").Page) => page.getByRole("button", { name: "< Back" });

test("from the filtered dashboard, a card and then '< Back' return to the same filtered view", async ({
  page,
}) => {
  await page.goto(`/${FILTERS}`);
  const card = page.locator('a[href^="/facility/"]').first();
  await expect(card).toBeVisible();
  const href = (await card.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/facility\/[0-9A-Z]{6}\?state=AL&rating=4$/);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, "\\?")}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const historyLength = await page.evaluate(() => window.history.length);

  await backButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/\\${FILTERS}$`));
  // It went back one step rather than pushing a new dashboard entry.
  expect(await page.evaluate(() => window.history.length)).toBe(historyLength);
  await expect(page.locator('a[href^="/facility/"]').first()).toBeVisible();
});

test("after a full page load from the dashboard (a referrer and history), '< Back' goes back one step", async ({
  page,
}) => {
  await page.goto(`/${FILTERS}`);
  // A plain link loads the detail as a new document, with the dashboard as its referrer.
  await page.evaluate((target) => {
    const link = document.createElement("a");
    link.href = target;
    link.textContent = "plain link";
    link.id = "plain-link";
    document.body.prepend(link);
  }, `/facility/${ccn}${FILTERS}`);
  await page.locator("#plain-link").click();
  await expect(page).toHaveURL(new RegExp(`/facility/${ccn}`));
  expect(await page.evaluate(() => document.referrer)).toMatch(/\/\?state=AL&rating=4$/);
  await backButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/\\${FILTERS}$`));
});

test("opened directly (no referrer), '< Back' goes to the dashboard with the current search string", async ({
  page,
}) => {
  await page.goto(`/facility/${ccn}${FILTERS}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.referrer)).toBe("");
  await backButton(page).click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*://[^/]+/\\${FILTERS}$`));
  await expect(page.locator('a[href^="/facility/"]').first()).toBeVisible();
});

test("opened directly without a query string, '< Back' goes to the bare dashboard", async ({ page }) => {
  await page.goto(`/facility/${ccn}`);
  await backButton(page).click();
  await expect(page).toHaveURL(/:\/\/[^/]+\/$/);
});

test("in a new tab opened from the dashboard (referrer, no history), it takes the referrer's search", async ({
  page,
  context,
}) => {
  await page.goto("/?state=TX&rating=3");
  await page.evaluate((target) => {
    const link = document.createElement("a");
    link.href = target;
    link.target = "_blank";
    link.textContent = "new tab";
    link.id = "new-tab-link";
    document.body.prepend(link);
  }, `/facility/${ccn}?state=AL`);
  const [tab] = await Promise.all([context.waitForEvent("page"), page.locator("#new-tab-link").click()]);
  await tab.waitForLoadState();
  expect(await tab.evaluate(() => window.history.length)).toBe(1);
  expect(await tab.evaluate(() => document.referrer)).toMatch(/\/\?state=TX&rating=3$/);
  await backButton(tab).click();
  await expect(tab).toHaveURL(/\/\?state=TX&rating=3$/);
});

test("'< Back' works from the keyboard", async ({ page }) => {
  await page.goto(`/facility/${ccn}${FILTERS}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(backButton(page)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/\\${FILTERS}$`));
});
