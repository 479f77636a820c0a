// Save Current View, Saved Views (load, delete) and their storage errors.
import { expect, type Page, test } from "@playwright/test";
import { openDashboard, readStorage, STORAGE, searchParams } from "./support.ts";

function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ has: page.getByText(title, { exact: true }) });
}

/** Deletes through the "Delete a view" sub-menu, from the keyboard. */
async function deleteView(page: Page, name: string) {
  await page.getByRole("button", { name: /^Saved Views/ }).click();
  const subTrigger = page.getByRole("menuitem", { name: "Delete a view" });
  await subTrigger.focus();
  await subTrigger.press("ArrowRight");
  const item = page.getByRole("menuitem", { name: `Delete ${name}` });
  await item.focus();
  await item.press("Enter");
}

async function saveView(page: Page, name: string) {
  await page.getByRole("button", { name: "Save Current View" }).click();
  const dialog = page.getByRole("dialog", { name: "Save Current View" });
  await dialog.getByRole("textbox", { name: "View name" }).fill(name);
  await dialog.getByRole("button", { name: "Save View" }).click();
}

test("a blank name is refused with the spec's error toast", async ({ page }) => {
  await openDashboard(page, "state=CA");
  await page.getByRole("button", { name: "Save Current View" }).click();
  const dialog = page.getByRole("dialog", { name: "Save Current View" });
  await dialog.getByRole("textbox", { name: "View name" }).fill("   ");
  await dialog.getByRole("button", { name: "Save View" }).click();
  await expect(toast(page, "Error")).toContainText("Please enter a name for this view");
  await expect(dialog).toBeVisible();
  expect(await readStorage(page, STORAGE.savedViews)).toBeNull();
});

test("save, load and delete a view, kept in localStorage", async ({ page }) => {
  await openDashboard(page, "state=CA&state=NV&rating=4&search=care");
  await saveView(page, "West coast 4+");
  await expect(toast(page, "View saved")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Save Current View" })).toBeHidden();
  const stored = await readStorage(page, STORAGE.savedViews);
  expect(stored).toEqual([
    {
      id: expect.any(String),
      name: "West coast 4+",
      filters: expect.objectContaining({ states: ["CA", "NV"], ratingMin: 4, search: "care" }),
      dateCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    },
  ]);

  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect.poll(() => new URL(page.url()).search).toBe("");
  await page.getByRole("button", { name: /^Saved Views/ }).click();
  await page.getByRole("menuitem", { name: /^West coast 4\+/ }).click();
  await expect(toast(page, "View loaded")).toContainText("West coast 4+");
  await expect.poll(() => searchParams(page).getAll("state")).toEqual(["CA", "NV"]);
  expect(searchParams(page).get("rating")).toBe("4");
  expect(searchParams(page).get("search")).toBe("care");
  await expect(page.getByRole("searchbox", { name: "Search facilities" })).toHaveValue("care");

  await deleteView(page, "West coast 4+");
  await expect(toast(page, "View deleted")).toBeVisible();
  expect(await readStorage(page, STORAGE.savedViews)).toEqual([]);
  await page.getByRole("button", { name: /^Saved Views/ }).click();
  await expect(page.getByRole("menuitem", { name: "No saved views yet" })).toBeVisible();
});

test("a saved view restores alert settings and favourites mode", async ({ page }) => {
  await openDashboard(
    page,
    "alertEnabled=true&alertThreshold=2&alertMetric=QM+Rating&alertPeriod=lastQuarter",
  );
  await saveView(page, "QM drops");
  await expect(toast(page, "View saved")).toBeVisible();
  await page.goto("/?favorites=true");
  await page.getByRole("button", { name: /^Saved Views/ }).click();
  await page.getByRole("menuitem", { name: /^QM drops/ }).click();
  await expect.poll(() => searchParams(page).get("alertMetric")).toBe("QM Rating");
  expect(searchParams(page).get("alertThreshold")).toBe("2");
  expect(searchParams(page).get("alertPeriod")).toBe("lastQuarter");
  expect(searchParams(page).get("favorites")).toBeNull();
});

test("storage failures while saving or deleting show the spec's error toasts", async ({ page }) => {
  await page.addInitScript((key) => {
    const existing = [
      {
        id: "kept",
        name: "Kept view",
        filters: { search: "", states: ["TX"] },
        dateCreated: "2024-01-01T00:00:00.000Z",
      },
    ];
    const setItem = Storage.prototype.setItem;
    setItem.call(window.localStorage, key, JSON.stringify(existing));
    Storage.prototype.setItem = function (this: Storage, name: string, value: string) {
      if (name === key) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      setItem.call(this, name, value);
    };
  }, STORAGE.savedViews);
  await openDashboard(page);
  await saveView(page, "Will fail");
  await expect(toast(page, "Error saving view")).toContainText("There was a problem saving your view");

  await page.keyboard.press("Escape");
  await deleteView(page, "Kept view");
  await expect(toast(page, "Error deleting view")).toContainText("There was a problem deleting your view");
  const stored = await readStorage(page, STORAGE.savedViews);
  expect(Array.isArray(stored) && stored.length).toBe(1);
});

test("the delete sub-menu opens on hover", async ({ page }) => {
  await page.addInitScript((key) => {
    const view = { id: "v", name: "Hover view", filters: {}, dateCreated: "2024-01-01T00:00:00.000Z" };
    window.localStorage.setItem(key, JSON.stringify([view]));
  }, STORAGE.savedViews);
  await openDashboard(page);
  await page.getByRole("button", { name: /^Saved Views/ }).click();
  await expect(page.getByRole("menuitem", { name: /^Hover view/ })).toBeVisible();
  await page.getByRole("menuitem", { name: "Delete a view" }).hover();
  await expect(page.getByRole("menuitem", { name: "Delete Hover view" })).toBeVisible();
});
