// axe-core on every route (WCAG 2.0, 2.1 and 2.2 A and AA rules): no serious or critical violation.
import { expect, type Page, test } from "@playwright/test";
import type { FacilityDetail, FacilityListResponse } from "../../src/core/api-types.ts";
import { expectNoSeriousViolations } from "../axe.ts";

// axe walks every node of a page: the dashboard's 100 cards take it 5-25 s on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

async function firstCcns(page: Page, count: number): Promise<string[]> {
  const response = await page.request.get(`/api/facilities?pageSize=${count}`);
  expect(response.ok()).toBe(true);
  const list = (await response.json()) as FacilityListResponse;
  return list.data.map((facility) => facility.ccn);
}

test("the dashboard", async ({ page }) => {
  await page.goto("/?state=CA&rating=3");
  await expect(page.getByRole("list", { name: "Facilities" }).getByRole("article").first()).toBeVisible();
  // The menus and dialogs load right after the first list: check the page as a visitor uses it.
  await page.waitForLoadState("networkidle");
  await expectNoSeriousViolations(page);
});

test("the dashboard with facilities chosen for comparison", async ({ page }) => {
  await page.goto("/");
  const cards = page.getByRole("list", { name: "Facilities" }).getByRole("article");
  await cards
    .nth(0)
    .getByRole("button", { name: /^Compare / })
    .click();
  await cards
    .nth(1)
    .getByRole("button", { name: /^Compare / })
    .click();
  await expect(page.getByRole("region", { name: "Facilities to compare" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the dashboard near a place, with the Near field's suggestions open, and with an unknown place", async ({
  page,
}) => {
  const [ccn] = await firstCcns(page, 1);
  const response = await page.request.get(`/api/facilities/${ccn}`);
  expect(response.ok()).toBe(true);
  const zip = ((await response.json()) as FacilityDetail).zip?.slice(0, 5) ?? "";
  expect(zip).toMatch(/^\d{5}$/);
  await page.goto(`/?near=${zip}&radius=100`);
  const cards = page.getByRole("list", { name: "Facilities" }).getByRole("article");
  await expect(cards.first()).toContainText(/\d\.\d mi/);
  await page.waitForLoadState("networkidle");
  await expectNoSeriousViolations(page);

  const near = page.getByRole("combobox", { name: "Near", exact: true });
  await near.fill("");
  await near.pressSequentially(zip.slice(0, 3), { delay: 40 });
  await expect(page.getByRole("listbox").getByRole("option").first()).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto("/?near=abcde");
  await expect(page.getByText(/^Unknown place 'abcde'/)).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("a facility's detail page", async ({ page }) => {
  const [ccn] = await firstCcns(page, 1);
  await page.goto(`/facility/${ccn}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expectNoSeriousViolations(page);
});

test("the comparison", async ({ page }) => {
  const ccns = await firstCcns(page, 3);
  await page.goto(`/compare?${ccns.map((ccn) => `ccn=${ccn}`).join("&")}`);
  await expect(page.getByTestId("compare-history-chart")).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the empty comparison", async ({ page }) => {
  await page.goto("/compare");
  await expect(page.getByRole("heading", { name: "No facilities to compare yet" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the not-found screen", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

// Last: the entity page is built alongside this test.
test("an affiliated entity's page", async ({ page }) => {
  const response = await page.request.get("/api/lookups/entities");
  expect(response.ok()).toBe(true);
  const [entity] = (await response.json()) as string[];
  if (!entity) throw new Error("an entity expected");
  await page.goto(`/entity/${encodeURIComponent(entity)}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expectNoSeriousViolations(page);
});

test("an owner's page, its homes on the map, and an unknown owner", async ({ page }) => {
  const response = await page.request.get("/api/owners?q=health");
  expect(response.ok()).toBe(true);
  const [owner] = (await response.json()) as { path: string }[];
  if (!owner) throw new Error("an owner expected");
  await page.goto(owner.path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Facilities" }).getByRole("article").first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Map", exact: true }).click();
  await expect(page.getByTestId("map-points")).toHaveAttribute("data-points", /^\d+$/);
  await expectNoSeriousViolations(page);
  await page.goto("/owner/individual/NOBODY%20AT%20ALL");
  await expect(page.getByRole("heading", { level: 1, name: "Owner not found" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the citations page, with a filter and with a refused one", async ({ page }) => {
  await page.goto("/citations?harm=actual");
  await expect(page.getByRole("table", { name: "Citations, newest survey first" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectNoSeriousViolations(page);
  await page.goto("/citations?from=2025-01-01&to=2024-01-01");
  await expect(page.getByText("from must not be after to").first()).toBeVisible();
  await expectNoSeriousViolations(page);
});
