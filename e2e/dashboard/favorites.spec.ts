// Favourite facilities on the device and the favourites view.
import { expect, test } from "@playwright/test";
import {
  cards,
  formatCount,
  openDashboard,
  readStorage,
  STORAGE,
  searchParams,
  summaryValue,
} from "./support.ts";

test("the star adds and removes a favourite, with toasts, kept in localStorage", async ({ page }) => {
  await openDashboard(page);
  const card = cards(page).first();
  const name = (await card.getByRole("heading").textContent()) ?? "";
  const href = (await card.getByRole("link").getAttribute("href")) ?? "";
  const ccn = href.split("/facility/")[1]?.split("?")[0] ?? "";

  await card.getByRole("button", { name: `Add ${name} to favorites` }).click();
  const added = page.locator("[data-sonner-toast]").filter({ hasText: "Added to favorites" });
  await expect(added).toBeVisible();
  await expect(added).toContainText(name);
  const stored = await readStorage(page, STORAGE.favorites);
  expect(stored).toEqual([{ id: ccn, dateAdded: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/) }]);
  await expect(card.getByRole("button", { name: `Remove ${name} from favorites` })).toBeVisible();

  await page.reload();
  await card.getByRole("button", { name: `Remove ${name} from favorites` }).click();
  const removed = page.locator("[data-sonner-toast]").filter({ hasText: "Removed from favorites" });
  await expect(removed).toBeVisible();
  await expect(removed).toContainText(name);
  expect(await readStorage(page, STORAGE.favorites)).toEqual([]);
});

test("the Favorites toggle shows only favourites and reads 'All Facilities' while on", async ({ page }) => {
  await openDashboard(page);
  const names: string[] = [];
  for (const index of [0, 2]) {
    const card = cards(page).nth(index);
    const name = (await card.getByRole("heading").textContent()) ?? "";
    names.push(name);
    await card.getByRole("button", { name: `Add ${name} to favorites` }).click();
  }
  await page.getByRole("button", { name: "Favorites", exact: true }).click();
  await expect.poll(() => searchParams(page).get("favorites")).toBe("true");
  await expect(page.getByRole("button", { name: "All Facilities", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Favorite Facilities" })).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).getByRole("heading")).toHaveText(names.sort());
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(2));
  await expect(page.getByRole("button", { name: "Share View" })).toBeVisible();

  await page.getByRole("button", { name: "All Facilities", exact: true }).click();
  await expect.poll(() => searchParams(page).get("favorites")).toBeNull();
  await expect(page.getByRole("button", { name: "Favorites", exact: true })).toBeVisible();
});

test("the favourites view without favourites says so", async ({ page }) => {
  await page.goto("/?favorites=true");
  await expect(page.getByText("You haven't added any facilities to your favorites yet.")).toBeVisible();
  await expect(summaryValue(page, "Total Facilities")).toHaveText("0");
});

test("corrupt or foreign stored data never breaks the page", async ({ page }) => {
  await page.addInitScript((keys) => {
    window.localStorage.setItem(keys.favorites, "{not json");
    window.localStorage.setItem(keys.savedViews, JSON.stringify({ views: "foreign" }));
    window.localStorage.setItem(keys.pageSize, "12345");
  }, STORAGE);
  await openDashboard(page);
  await expect(cards(page)).toHaveCount(100);
  await expect(page.getByRole("button", { name: /^Add .* to favorites$/ }).first()).toBeVisible();
  await page.getByRole("button", { name: /^Saved Views/ }).click();
  await expect(page.getByRole("menuitem", { name: "No saved views yet" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Favorites", exact: true }).click();
  await expect(page.getByText("You haven't added any facilities to your favorites yet.")).toBeVisible();
});

test("a favourite that cannot be stored shows an error instead of breaking", async ({ page }) => {
  await page.addInitScript((key) => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, name: string, value: string) {
      if (name === key) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      setItem.call(this, name, value);
    };
  }, STORAGE.favorites);
  await openDashboard(page);
  await cards(page)
    .first()
    .getByRole("button", { name: /^Add .* to favorites$/ })
    .click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Error updating favorites" }),
  ).toBeVisible();
  await expect(
    cards(page)
      .first()
      .getByRole("button", { name: /^Add .* to favorites$/ }),
  ).toBeVisible();
});
