// "Download CSV": a real link to the export of the current view (its filters, or the favourites' CCNs), whose
// file holds every facility of that view.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import Papa from "papaparse";
import { getFacilities, getJson, openDashboard, STORAGE } from "./support.ts";

function csvLink(page: Page) {
  return page.getByRole("link", { name: "Download CSV" });
}

async function csvParams(page: Page): Promise<URLSearchParams> {
  const href = await csvLink(page).getAttribute("href");
  expect(href).not.toBeNull();
  const url = new URL(href ?? "", "http://localhost");
  expect(url.pathname).toBe("/api/facilities.csv");
  return url.searchParams;
}

async function pickStates(page: Page): Promise<[string, string]> {
  const states = await getJson<string[]>(page.request, "/api/lookups/states");
  const [first, second] = states;
  if (!first || !second) throw new Error("two states expected");
  return [first, second];
}

test("the link carries the current filters, without the page", async ({ page }) => {
  const [first, second] = await pickStates(page);
  await openDashboard(page, `state=${second}&state=${first}&rating=3&search=care&page=2`);
  const params = await csvParams(page);
  expect(params.getAll("state").sort()).toEqual([first, second].sort());
  expect(params.get("rating")).toBe("3");
  expect(params.get("search")).toBe("care");
  expect(params.has("page")).toBe(false);
  expect(params.has("pageSize")).toBe(false);
  expect(await csvLink(page).getAttribute("download")).not.toBeNull();

  // It follows the filters as they change.
  await page.getByRole("button", { name: `Remove filter ${first}`, exact: true }).click();
  await expect.poll(async () => (await csvParams(page)).getAll("state")).toEqual([second]);
});

test("in favourites mode it exports the favourites", async ({ page }) => {
  const list = await getFacilities(page.request, "pageSize=3");
  const ids = list.data.map((facility) => facility.ccn);
  await page.addInitScript(
    ({ key, favorites }) => window.localStorage.setItem(key, JSON.stringify(favorites)),
    {
      key: STORAGE.favorites,
      favorites: ids.map((id) => ({ id, dateAdded: "2024-01-01T00:00:00.000Z" })),
    },
  );
  await openDashboard(page, "favorites=true");
  const params = await csvParams(page);
  expect(params.getAll("ccn")).toEqual([...ids].sort());
});

test("the link is reached by keyboard", async ({ page }) => {
  await openDashboard(page);
  await page.getByRole("button", { name: /^Saved Views/ }).focus();
  await page.keyboard.press("Tab");
  await expect(csvLink(page)).toBeFocused();
  expect(await csvLink(page).evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
});

test("the downloaded file holds every facility of the view", async ({ page }) => {
  const [state] = await pickStates(page);
  const query = `state=${state}&rating=3`;
  await openDashboard(page, query);
  const expected = await getFacilities(page.request, `${query}&pageSize=1000`);
  expect(expected.totalCount).toBeGreaterThan(0);
  expect(expected.totalCount).toBeLessThanOrEqual(1000);

  const download = page.waitForEvent("download");
  await csvLink(page).click();
  const file = await (await download).path();
  const text = await readFile(file, "utf8");
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...rows] = parsed.data;
  expect(rows).toHaveLength(expected.totalCount);
  const ccnColumn = (header ?? []).findIndex((name) => /ccn|certification/i.test(name));
  expect(ccnColumn, `a CCN column in ${JSON.stringify(header)}`).toBeGreaterThanOrEqual(0);
  expect(rows.map((row) => row[ccnColumn]).sort()).toEqual(
    expected.data.map((facility) => facility.ccn).sort(),
  );
});
