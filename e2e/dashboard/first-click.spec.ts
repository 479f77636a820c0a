// The first click always works: the menus, popovers and dialog load just after the first list is on screen, and
// what a visitor does to their look-alikes in that window (click, Enter, focus) is handed to the real control.
// The window is widened the way a slow machine would: the CPU is slowed 6 times and the controls' chunks are held on
// their way until the visitor has acted (the API is not touched), so that the test never races a busy machine.
import { expect, type Page, test } from "@playwright/test";
import { cards, STORAGE, searchParams } from "./support.ts";

const CONTROL_CHUNKS =
  /\/assets\/(rating-filter|multi-select|alert-settings|save-view-dialog|saved-views-menu)-[\w-]+\.js$/;

/** Slows the CPU 6 times (a slow laptop) for the rest of the test. */
async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
}

interface HeldChunks {
  /** The times at which the chunks were let through. */
  released: number[];
  /** Lets the held chunks (and every later one) through. */
  release(): void;
}

/** Holds each control chunk on its way until `release()` is called. */
async function holdControlChunks(page: Page): Promise<HeldChunks> {
  const released: number[] = [];
  let release = () => {};
  const gate = new Promise<void>((open) => {
    release = open;
  });
  await page.route(CONTROL_CHUNKS, async (route) => {
    await gate;
    released.push(Date.now());
    await route.continue();
  });
  return { released, release };
}

/** Opens the dashboard and returns as soon as the first card is visible (no waiting for the controls). */
async function openFirstList(page: Page): Promise<void> {
  await page.goto("/");
  // Six times slower, the page's own script takes seconds before the list.
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
}

/** A look-alike has no Radix state yet; the real trigger has data-state="closed" or "open". */
async function expectLookAlike(page: Page, name: RegExp): Promise<void> {
  const button = page.getByRole("button", { name });
  await expect(button).toBeVisible();
  expect(await button.getAttribute("data-state"), `${name} is still the look-alike`).toBeNull();
}

/** Clicks the middle of a button with the mouse, as a person does (no waiting for it to be ready). */
async function clickAt(page: Page, name: RegExp): Promise<void> {
  const button = page.getByRole("button", { name });
  await expect.poll(async () => (await button.boundingBox()) !== null, `${name} has a box`).toBe(true);
  const box = await button.boundingBox();
  if (!box) throw new Error(`${name} has no box`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test("on a slow CPU, a click on Minimum rating as soon as the list shows opens its menu", async ({
  page,
}) => {
  await slowCpu(page);
  const held = await holdControlChunks(page);
  await openFirstList(page);
  await expectLookAlike(page, /^Minimum rating/);
  const clickedAt = Date.now();
  await clickAt(page, /^Minimum rating/);
  held.release();

  // Six times slower, the held code takes seconds to run once let through.
  await expect(page.getByRole("menu")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("menuitemradio", { name: "4+ stars" })).toBeVisible();
  // The click did happen before the code arrived.
  expect(held.released.length).toBeGreaterThan(0);
  expect(Math.min(...held.released)).toBeGreaterThanOrEqual(clickedAt);
  // (The open menu is modal: the rest of the page is hidden from the accessibility tree meanwhile.)
  const trigger = page.getByRole("button", { name: /^Minimum rating/, includeHidden: true });
  await expect(trigger).toHaveAttribute("aria-expanded", "true");

  // And the menu works as usual.
  await page.getByRole("menuitemradio", { name: "4+ stars" }).click();
  await expect.poll(() => searchParams(page).get("rating")).toBe("4");
});

test("every look-alike opens its own menu, popover or dialog after a first click", async ({ page }) => {
  await page.addInitScript((key) => {
    const view = {
      id: "v1",
      name: "Texas",
      filters: { states: ["TX"] },
      dateCreated: "2024-01-01T00:00:00.000Z",
    };
    window.localStorage.setItem(key, JSON.stringify([view]));
  }, STORAGE.savedViews);
  // [look-alike, what its real control shows once open, whether that takes the focus]
  const controls: [RegExp, () => ReturnType<Page["getByRole"]>, boolean][] = [
    [/^States/, () => page.getByRole("combobox", { name: "Filter states" }), true],
    [/^Affiliated entities/, () => page.getByRole("combobox", { name: "Filter affiliated entities" }), true],
    [/^Rating alerts/, () => page.getByRole("switch", { name: "Enable alerts" }), true],
    [/^Save Current View/, () => page.getByRole("textbox", { name: "View name" }), true],
    [/^Saved Views/, () => page.getByRole("menuitem", { name: /^Texas/ }), false],
  ];
  for (const [name, opened, takesFocus] of controls) {
    await page.unrouteAll();
    const held = await holdControlChunks(page);
    await openFirstList(page);
    await expectLookAlike(page, name);
    await clickAt(page, name);
    held.release();
    await expect(opened(), String(name)).toBeVisible({ timeout: 30_000 });
    if (takesFocus) await expect(opened(), String(name)).toBeFocused();
  }
});

test("Enter on a look-alike opens the menu with its first item focused, as Radix does", async ({ page }) => {
  await slowCpu(page);
  const held = await holdControlChunks(page);
  await openFirstList(page);
  await expectLookAlike(page, /^Minimum rating/);
  await page.getByRole("searchbox", { name: "Search facilities" }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: /^Minimum rating/ })).toBeFocused();
  await expectLookAlike(page, /^Minimum rating/);
  await page.keyboard.press("Enter");
  held.release();

  await expect(page.getByRole("menuitemradio", { name: "3+ stars" })).toBeFocused();
  await page.waitForTimeout(150);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitemradio", { name: "4+ stars" })).toBeFocused();
  await page.keyboard.press("Escape");
  // Closing gives the focus back to the real trigger.
  await expect(page.getByRole("button", { name: /^Minimum rating/ })).toBeFocused();
  await expect(page.getByRole("button", { name: /^Minimum rating/ })).toHaveAttribute("data-state", "closed");
});

test("Space on the Save Current View look-alike opens the dialog with the name box focused", async ({
  page,
}) => {
  const held = await holdControlChunks(page);
  await openFirstList(page);
  await expectLookAlike(page, /^Save Current View/);
  await page.getByRole("button", { name: /^Save Current View/ }).focus();
  await page.keyboard.press("Space");
  held.release();
  const dialog = page.getByRole("dialog", { name: "Save Current View" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "View name" })).toBeFocused();
});

test("focus resting on a look-alike moves to the real control, where Enter works", async ({ page }) => {
  const held = await holdControlChunks(page);
  await openFirstList(page);
  await expectLookAlike(page, /^Rating alerts/);
  await page.getByRole("button", { name: /^Rating alerts/ }).focus();
  held.release();
  // No activation: the control loads (focus counts as an interaction) and takes the focus over, closed.
  const alerts = page.getByRole("button", { name: /^Rating alerts/ });
  await expect(alerts).toHaveAttribute("data-state", "closed");
  await expect(alerts).toBeFocused();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("switch", { name: "Enable alerts" })).toBeFocused();
});
