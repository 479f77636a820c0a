// Keyboard operation, accessible names and visible focus.
import { expect, test } from "@playwright/test";
import { cards, openDashboard, searchParams } from "./support.ts";

test("every control has an accessible name", async ({ page }) => {
  await openDashboard(page, "state=CA&state=NV&rating=3&alertEnabled=true");
  for (const role of ["button", "link", "searchbox", "combobox", "switch"] as const) {
    for (const control of await page.getByRole(role).all()) {
      await expect(control).toHaveAccessibleName(/\S/);
    }
  }
});

test("the filters work from the keyboard, with a visible focus ring", async ({ page }) => {
  await openDashboard(page);
  // The menus load right after the first render; until then live look-alikes hold their places and hand focus
  // and activation over to them (first-click.spec.ts), so this works at any moment.
  await page.getByRole("searchbox", { name: "Search facilities" }).focus();
  await page.keyboard.press("Tab");
  const ratingButton = page.getByRole("button", { name: /^Minimum rating/ });
  await expect(ratingButton).toBeFocused();
  const ring = await ratingButton.evaluate((element) => getComputedStyle(element).boxShadow);
  expect(ring).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitemradio", { name: "3+ stars" })).toBeFocused();
  // The menu wires its arrow keys just after it takes focus (faster than any person, not than a test).
  await page.waitForTimeout(150);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitemradio", { name: "4+ stars" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(() => searchParams(page).get("rating")).toBe("4");

  // Alert settings: open, switch on, close, all by keyboard.
  await expect(page.getByRole("button", { name: /^Rating alerts/ })).toBeEnabled();
  await page.getByRole("button", { name: /^Rating alerts/ }).focus();
  await page.keyboard.press("Enter");
  const toggle = page.getByRole("switch", { name: "Enable alerts" });
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect.poll(() => searchParams(page).get("alertEnabled")).toBe("true");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: /^Rating alerts/ })).toBeFocused();
});

test("the favourite star is a keyboard-operable button with a focus ring", async ({ page }) => {
  await openDashboard(page);
  const star = cards(page)
    .first()
    .getByRole("button", { name: /^Add .* to favorites$/ });
  await cards(page).first().getByRole("link").focus();
  await page.keyboard.press("Tab");
  await expect(star).toBeFocused();
  expect(await star.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(
    cards(page)
      .first()
      .getByRole("button", { name: /^Remove .* from favorites$/ }),
  ).toBeFocused();
});
