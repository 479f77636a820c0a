// Loading, error and empty states of the facility list; silent lookup failures.
import { expect, test } from "@playwright/test";
import { cards, openDashboard } from "./support.ts";

test("shows 'Loading facilities...' on first load and on a filter change", async ({ page }) => {
  let delayMs = 800;
  await page.route("**/api/facilities?*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
  await page.route("**/api/facilities", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
  await page.goto("/");
  await expect(page.getByText("Loading facilities...")).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByText("Loading facilities...")).toHaveCount(0);

  delayMs = 800;
  await page.getByRole("button", { name: /^Minimum rating/ }).click();
  await page.getByRole("menuitemradio", { name: "5+ stars" }).click();
  await expect(page.getByText("Loading facilities...")).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
});

test("a failed list shows 'Error' with the message, and can be retried", async ({ page }) => {
  let isFailing = true;
  await page.route(/\/api\/facilities(\?|$)/, (route) =>
    isFailing
      ? route.fulfill({ status: 500, json: { error: { message: "Database unavailable" } } })
      : route.continue(),
  );
  await page.goto("/?state=CA");
  const alert = page.getByRole("alert");
  await expect(alert.getByRole("heading", { name: "Error" })).toBeVisible();
  await expect(alert).toContainText("Error loading facilities: Database unavailable");
  await expect(alert).not.toContainText("timed out");
  isFailing = false;
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(cards(page).first()).toBeVisible();
});

test("no match: the filters empty state", async ({ page }) => {
  await page.goto("/?search=zzzz-no-such-facility-zzzz");
  await expect(
    page.getByText("No facilities match your filters. Try adjusting your search criteria."),
  ).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
});

test("lookup failures leave the option lists empty without an error message", async ({ page }) => {
  await page.route("**/api/lookups/**", (route) =>
    route.fulfill({ status: 500, json: { error: { message: "lookup down" } } }),
  );
  await openDashboard(page);
  await page.getByRole("button", { name: /^States/ }).click();
  await expect(page.getByRole("combobox", { name: "Filter states" })).toBeVisible();
  await expect(page.getByRole("listbox", { name: "States" }).getByRole("option")).toHaveCount(0);
  await expect(page.getByText("No states found")).toBeVisible();
  await expect(page.getByText("lookup down")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("a control whose code cannot load stays a disabled button; the rest of the page works", async ({
  page,
}) => {
  await page.route(/\/assets\/rating-filter-[^/]*\.js$/, (route) => route.abort());
  await openDashboard(page);
  const rating = page.getByRole("button", { name: /^Minimum rating/ });
  await expect(page.getByRole("button", { name: /^States/ })).toBeEnabled();
  await expect(rating).toBeDisabled();
  await expect(rating).toHaveAttribute("title", /could not be loaded/);
  await page.getByRole("searchbox", { name: "Search facilities" }).fill("care");
  await page.getByRole("searchbox", { name: "Search facilities" }).press("Enter");
  await expect(page.getByRole("button", { name: "Remove filter Search: care" })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
});
