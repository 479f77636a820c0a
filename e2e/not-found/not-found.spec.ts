// The not-found screen (SPEC section 2): any unknown path shows '404', 'Oops! Page not found' and a
// 'Return to Home' link to /, and the unknown route is logged as a 404.
import { expect, test } from "@playwright/test";

test("an unknown path shows the 404 screen and logs the route", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
  await expect(page.getByText("Oops! Page not found", { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/not found/i);
  const home = page.getByRole("link", { name: "Return to Home" });
  await expect(home).toHaveAttribute("href", "/");
  await expect
    .poll(() => errors)
    .toContainEqual(
      expect.stringMatching(/^404 Error: User attempted to access non-existent route: \/no\/such\/page$/),
    );
  await home.click();
  await expect(page).toHaveURL(/:\/\/[^/]+\/$/);
  await expect(page.getByText("Oops! Page not found")).toHaveCount(0);
});

test("paths next to real routes are unknown too", async ({ page }) => {
  for (const path of ["/facility", "/facility/015009/extra", "/dashboard"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "404" }), path).toBeVisible();
    await expect(page.getByText("Oops! Page not found", { exact: true })).toBeVisible();
  }
});

test("the 'Return to Home' link is reachable from the keyboard", async ({ page }) => {
  await page.goto("/nowhere");
  const home = page.getByRole("link", { name: "Return to Home" });
  // The screen renders after the page loads: Tab only once it is there.
  await expect(home).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(home).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/:\/\/[^/]+\/$/);
});
