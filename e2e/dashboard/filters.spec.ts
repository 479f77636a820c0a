// Search, minimum rating, states, entities, chips, clear buttons, share link: all kept in the address.
import { expect, test } from "@playwright/test";
import {
  cards,
  formatCount,
  getFacilities,
  getJson,
  openDashboard,
  searchParams,
  summaryValue,
} from "./support.ts";

test("search is applied on Enter, not on each keystroke", async ({ page, request }) => {
  const expected = await getFacilities(request, "search=care");
  await openDashboard(page);
  const search = page.getByRole("searchbox", { name: "Search facilities" });
  const requests: string[] = [];
  page.on("request", (r) => r.url().includes("/api/facilities") && requests.push(r.url()));
  await search.pressSequentially("care", { delay: 30 });
  await page.waitForTimeout(400);
  expect(requests).toEqual([]);
  expect(searchParams(page).get("search")).toBeNull();
  await search.press("Enter");
  await expect.poll(() => searchParams(page).get("search")).toBe("care");
  await expect(search).toBeFocused();
  await expect(search).toHaveValue("care");
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(expected.totalCount));
  await expect(page.getByRole("button", { name: "Remove filter Search: care" })).toBeVisible();
  await expect(cards(page).first().getByRole("heading")).toHaveText(expected.data[0]?.providerName ?? "");
});

test("search matches provider or entity names without regard to case", async ({ page, request }) => {
  const lower = await getFacilities(request, "search=apex");
  const upper = await getFacilities(request, "search=APEX");
  expect(lower.totalCount).toBe(upper.totalCount);
  await openDashboard(page, "search=ApEx");
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(lower.totalCount));
});

test("minimum rating 3+/4+/5+; choosing the selected one again clears it", async ({ page, request }) => {
  const fourPlus = await getFacilities(request, "rating=4");
  await openDashboard(page);
  await page.getByRole("button", { name: /^Minimum rating/ }).click();
  await expect(page.getByRole("menuitemradio")).toHaveText(["3+ stars", "4+ stars", "5+ stars"]);
  await page.getByRole("menuitemradio", { name: "4+ stars" }).click();
  await expect.poll(() => searchParams(page).get("rating")).toBe("4");
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(fourPlus.totalCount));
  const overall = await cards(page).evaluateAll((elements) =>
    elements.map((element) => element.textContent?.match(/(\d)\/5Overall/)?.[1]),
  );
  expect(overall.every((value) => Number(value) >= 4)).toBe(true);

  await page.getByRole("button", { name: /^Minimum rating/ }).click();
  await expect(page.getByRole("menuitemradio", { name: "4+ stars" })).toBeChecked();
  await page.getByRole("menuitemradio", { name: "4+ stars" }).click();
  await expect.poll(() => searchParams(page).get("rating")).toBeNull();
});

test("states: options filter by case-insensitive substring; chips, remove and 'Clear all states'", async ({
  page,
  request,
}) => {
  const states = await getJson<string[]>(request, "/api/lookups/states");
  const both = await getFacilities(request, "state=CA&state=NY");
  await openDashboard(page);
  await page.getByRole("button", { name: /^States/ }).click();
  const filterBox = page.getByRole("combobox", { name: "Filter states" });
  const options = page.getByRole("listbox", { name: "States" }).getByRole("option");
  await expect(options).toHaveCount(states.length);
  await filterBox.fill("c");
  await expect(options).toHaveText(states.filter((state) => state.toLowerCase().includes("c")));
  await options.filter({ hasText: /^CA$/ }).click();
  await filterBox.fill("Ny");
  await options.filter({ hasText: /^NY$/ }).click();
  await expect(options.filter({ hasText: /^NY$/ })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Escape");

  await expect.poll(() => searchParams(page).getAll("state")).toEqual(["CA", "NY"]);
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(both.totalCount));
  await expect(page.getByRole("button", { name: "Clear all states" })).toBeVisible();

  await page.getByRole("button", { name: "Remove filter CA" }).click();
  await expect.poll(() => searchParams(page).getAll("state")).toEqual(["NY"]);
  await expect(page.getByRole("button", { name: "Clear all states" })).toHaveCount(0);

  await page.goto("/?state=CA&state=NY&state=TX&rating=3");
  await page.getByRole("button", { name: "Clear all states" }).click();
  await expect.poll(() => searchParams(page).getAll("state")).toEqual([]);
  expect(searchParams(page).get("rating")).toBe("3");
});

test("states can be chosen with the keyboard alone", async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByRole("button", { name: /^States/ })).toBeEnabled();
  await page.getByRole("button", { name: /^States/ }).focus();
  await page.keyboard.press("Enter");
  const filterBox = page.getByRole("combobox", { name: "Filter states" });
  await expect(filterBox).toBeFocused();
  await page.keyboard.type("tx");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expect.poll(() => searchParams(page).getAll("state")).toEqual(["TX"]);
  await expect(page.getByRole("button", { name: /^States/ })).toBeFocused();
});

test("affiliated entities: filtered options, chips and 'Clear all entities'", async ({ page, request }) => {
  const entities = await getJson<string[]>(request, "/api/lookups/entities");
  test.skip(entities.length < 2, "needs two entities");
  const [first, second] = entities as [string, string];
  const expected = await getFacilities(
    request,
    new URLSearchParams([
      ["entity", first],
      ["entity", second],
    ]).toString(),
  );
  await openDashboard(page);
  await page.getByRole("button", { name: /^Affiliated entities/ }).click();
  const filterBox = page.getByRole("combobox", { name: "Filter affiliated entities" });
  const options = page.getByRole("listbox", { name: "Affiliated entities" }).getByRole("option");
  const needle = first.slice(1, 5).toLowerCase();
  await filterBox.fill(needle);
  await expect(options).toHaveText(entities.filter((entity) => entity.toLowerCase().includes(needle)));
  await options.getByText(first, { exact: true }).click();
  await filterBox.fill(second.toLowerCase());
  await options.getByText(second, { exact: true }).click();
  await page.keyboard.press("Escape");

  await expect.poll(() => searchParams(page).getAll("entity")).toEqual([first, second]);
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(expected.totalCount));
  await expect(page.getByRole("button", { name: `Remove filter ${first}` })).toBeVisible();
  await page.getByRole("button", { name: "Clear all entities" }).click();
  await expect.poll(() => searchParams(page).getAll("entity")).toEqual([]);
  await expect(page.getByRole("button", { name: "Clear all entities" })).toHaveCount(0);
});

test("filters are written with replace semantics and read back on reload", async ({ page }) => {
  await openDashboard(page);
  const historyLength = await page.evaluate(() => window.history.length);
  const search = page.getByRole("searchbox", { name: "Search facilities" });
  await search.fill("care");
  await search.press("Enter");
  await page.getByRole("button", { name: /^Minimum rating/ }).click();
  await page.getByRole("menuitemradio", { name: "3+ stars" }).click();
  await expect.poll(() => searchParams(page).get("rating")).toBe("3");
  expect(await page.evaluate(() => window.history.length)).toBe(historyLength);

  await page.reload();
  await expect(search).toHaveValue("care");
  await expect(page.getByRole("button", { name: "Remove filter 3+ stars" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove filter Search: care" })).toBeVisible();
});

test("bad values in the address fall back to the defaults instead of failing", async ({ page }) => {
  await page.goto(
    "/?rating=abc&state=California&state=ca&alertEnabled=true&alertThreshold=abc&alertMetric=Fines&alertPeriod=someday",
  );
  await expect(
    cards(page)
      .first()
      .or(page.getByText(/^No facilities/)),
  ).toBeVisible();
  await expect(page.getByText(/Error loading facilities/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Remove filter \d\+ stars/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove filter CA" })).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Remove filter Alerts: Overall Rating ±1, last period" }),
  ).toBeVisible();
});

test("Clear filters and Share View appear only for a non-default view", async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByRole("button", { name: "Clear filters" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Share View" })).toHaveCount(0);
  await page.goto("/?state=CA&search=care&rating=3");
  await expect(page.getByRole("button", { name: "Share View" })).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect.poll(() => new URL(page.url()).search).toBe("");
  await expect(page.getByRole("button", { name: "Clear filters" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Share View" })).toHaveCount(0);
  await expect(page.getByRole("searchbox", { name: "Search facilities" })).toHaveValue("");
  await expect(page.getByRole("heading", { level: 2, name: "All Facilities" })).toBeVisible();
});

test("Share View copies the current address and says so", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openDashboard(page, "state=CA&rating=4");
  await page.getByRole("button", { name: "Share View" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Link copied!" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("A shareable link with the current filters was copied to the clipboard.");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(page.url());
  const shared = new URL(copied);
  expect(shared.searchParams.getAll("state")).toEqual(["CA"]);
  expect(shared.searchParams.get("rating")).toBe("4");

  // The link reproduces the view in a fresh page.
  const other = await context.newPage();
  await other.goto(copied);
  await expect(
    other.getByRole("heading", { level: 2, name: "Facilities in CA, rated 4+ stars" }),
  ).toBeVisible();
});
