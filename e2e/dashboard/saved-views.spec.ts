// Save Current View, Saved Views (load, delete) and their storage errors.
import { expect, type Page, test } from "@playwright/test";
import { openDashboard, readStorage, STORAGE, searchParams } from "./support.ts";

function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ has: page.getByText(title, { exact: true }) });
}

/** The bin beside a view in the Saved Views menu. */
function deleteButton(page: Page, name: string) {
  return page.getByRole("menuitem", { name: `Delete view "${name}"`, exact: true });
}

/** The feed icon beside a view ("Subscribe to changes"), between its name and its bin. */
function subscribeButton(page: Page, name: string) {
  return page.getByRole("menuitem", { name: `Subscribe to changes of view "${name}"`, exact: true });
}

/** Deletes with the mouse: open Saved Views, click the bin beside the view. */
async function deleteView(page: Page, name: string) {
  await page.getByRole("button", { name: /^Saved Views/ }).click();
  await deleteButton(page, name).click();
}

/** Three views saved on the device before the page loads. */
async function seedViews(page: Page, names: readonly string[]) {
  await page.addInitScript(
    ({ key, names }) => {
      const views = names.map((name, index) => ({
        id: `view-${index}`,
        name,
        filters: { states: ["TX"] },
        dateCreated: "2024-01-01T00:00:00.000Z",
      }));
      window.localStorage.setItem(key, JSON.stringify(views));
    },
    { key: STORAGE.savedViews, names },
  );
}

async function storedNames(page: Page): Promise<string[]> {
  const stored = (await readStorage(page, STORAGE.savedViews)) as { name: string }[] | null;
  return (stored ?? []).map((view) => view.name);
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
  // The menu stays open after a deletion.
  await expect(page.getByRole("menuitem", { name: "No saved views yet" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
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

test("each view has its own delete button beside it; no sub-menu", async ({ page }) => {
  await seedViews(page, ["Alpha", "Beta"]);
  await openDashboard(page);
  await page.getByRole("button", { name: /^Saved Views/ }).click();
  await expect(page.getByRole("menuitem", { name: "Delete a view" })).toHaveCount(0);
  for (const name of ["Alpha", "Beta"]) {
    const load = await page.getByRole("menuitem", { name: new RegExp(`^${name}`) }).boundingBox();
    const bin = await deleteButton(page, name).boundingBox();
    expect(load && bin, name).toBeTruthy();
    if (!load || !bin) continue;
    // Same row, right of the name.
    expect(Math.abs(bin.y + bin.height / 2 - (load.y + load.height / 2)), name).toBeLessThan(2);
    expect(bin.x, name).toBeGreaterThanOrEqual(load.x + load.width);
  }
});

test("delete with the mouse, moving fast: the menu stays open for the next one", async ({ page }) => {
  await seedViews(page, ["Alpha", "Beta", "Gamma"]);
  await openDashboard(page);
  await page.getByRole("button", { name: /^Saved Views/ }).click();
  // Straight from the trigger to the bin in one move, as a hurried hand does.
  const bin = await deleteButton(page, "Beta").boundingBox();
  if (!bin) throw new Error("no delete button for Beta");
  await page.mouse.move(bin.x + bin.width / 2, bin.y + bin.height / 2, { steps: 1 });
  await page.mouse.down();
  await page.mouse.up();
  await expect(toast(page, "View deleted")).toContainText("Beta");
  expect(await storedNames(page)).toEqual(["Alpha", "Gamma"]);
  await expect(page.getByRole("menu")).toBeVisible();
  await expect(page.getByRole("menuitem", { name: /^Beta/ })).toHaveCount(0);

  await deleteButton(page, "Gamma").click();
  await expect(toast(page, "View deleted").filter({ hasText: "Gamma" })).toBeVisible();
  expect(await storedNames(page)).toEqual(["Alpha"]);
  await expect(page.getByRole("menuitem", { name: /^Alpha/ })).toBeVisible();
});

test("delete with the keyboard alone: arrows reach the delete button, Enter or Space deletes", async ({
  page,
}) => {
  await seedViews(page, ["Alpha", "Beta", "Gamma"]);
  await openDashboard(page);
  const trigger = page.getByRole("button", { name: /^Saved Views/ });
  await expect(trigger).toHaveAttribute("data-state", "closed");
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: /^Alpha/ })).toBeFocused();
  // The menu wires its arrow keys just after it takes focus (faster than any person, not than a test).
  await page.waitForTimeout(150);

  // Down goes through each name, its feed link and its delete button in turn.
  await page.keyboard.press("ArrowDown");
  await expect(subscribeButton(page, "Alpha")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(deleteButton(page, "Alpha")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: /^Beta/ })).toBeFocused();
  // Right and left move within a row.
  await page.keyboard.press("ArrowRight");
  await expect(subscribeButton(page, "Beta")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(deleteButton(page, "Beta")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("menuitem", { name: /^Beta/ })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(toast(page, "View deleted")).toContainText("Beta");
  expect(await storedNames(page)).toEqual(["Alpha", "Gamma"]);
  // The menu stays open; focus goes to the next view's name (a second Enter cannot delete another view).
  await expect(page.getByRole("menuitem", { name: /^Gamma/ })).toBeFocused();

  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(deleteButton(page, "Gamma")).toBeFocused();
  await page.keyboard.press("Space");
  await expect(toast(page, "View deleted").filter({ hasText: "Gamma" })).toBeVisible();
  expect(await storedNames(page)).toEqual(["Alpha"]);
  // No next view: the previous one.
  await expect(page.getByRole("menuitem", { name: /^Alpha/ })).toBeFocused();

  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(toast(page, "View deleted").filter({ hasText: "Alpha" })).toBeVisible();
  expect(await storedNames(page)).toEqual([]);
  await expect(page.getByRole("menuitem", { name: "No saved views yet" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(trigger).toBeFocused();
});
