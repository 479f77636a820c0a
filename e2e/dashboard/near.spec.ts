// Find homes near a place: the Near field and its suggestions, the radius, the order, the place's chip, the
// distance on each card, an unknown place, the List/Map switch, all kept in the address.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { FacilityDetail, FacilityListResponse, Place } from "../../src/core/api-types.ts";
import {
  cards,
  formatCount,
  getFacilities,
  getJson,
  openDashboard,
  searchParams,
  summaryValue,
} from "./support.ts";

type NearList = FacilityListResponse & { near: NonNullable<FacilityListResponse["near"]> };

function nearField(page: Page) {
  return page.getByRole("combobox", { name: "Near", exact: true });
}

function radiusSelect(page: Page) {
  return page.getByRole("combobox", { name: "Within", exact: true });
}

function sortSelect(page: Page) {
  return page.getByRole("combobox", { name: "Sort by", exact: true });
}

function viewButton(page: Page, name: "List" | "Map") {
  return page.getByRole("group", { name: "View" }).getByRole("button", { name, exact: true });
}

/** The cards show exactly this list's page, in its order (waits for it: the previous order may show first). */
async function expectCards(page: Page, list: FacilityListResponse): Promise<void> {
  await expect(cards(page).getByRole("heading", { level: 3 })).toHaveText(
    list.data.map((facility) => facility.providerName),
  );
}

async function getNearList(request: APIRequestContext, query: string): Promise<NearList> {
  const list = await getFacilities(request, query);
  expect(list.near, `${query} answered without near`).toBeTruthy();
  return list as NearList;
}

/**
 * A ZIP code of the demo data with several facilities within the default 25 miles: the ZIP of a listed facility
 * that has a position (never a hard-coded demo value).
 */
async function findZip(request: APIRequestContext): Promise<{ zip: string; list: NearList }> {
  const { data } = await getFacilities(request, "pageSize=40");
  for (const facility of data) {
    const detail = await getJson<FacilityDetail>(request, `/api/facilities/${facility.ccn}`);
    const zip = detail.zip?.slice(0, 5);
    if (!zip || !/^\d{5}$/.test(zip) || !detail.position) continue;
    const list = await getNearList(request, `near=${zip}`);
    if (list.totalCount >= 3) return { zip, list };
  }
  throw new Error("no ZIP code of the demo data has 3 facilities within 25 miles");
}

test("typing in Near suggests places; choosing one filters the list and puts near in the address", async ({
  page,
  request,
}) => {
  const { zip, list } = await findZip(request);
  const typed = zip.slice(0, 4);
  const suggestions = await getJson<Place[]>(request, `/api/places?q=${typed}`);
  expect(suggestions.map((place) => place.label)).toContainEqual(expect.stringContaining(zip));

  await openDashboard(page);
  await nearField(page).pressSequentially(typed, { delay: 40 });
  const listbox = page.getByRole("listbox");
  await expect(listbox.getByRole("option")).toHaveCount(suggestions.length);
  await expect(nearField(page)).toHaveAttribute("aria-expanded", "true");
  await listbox.getByRole("option").filter({ hasText: zip }).first().click();

  await expect.poll(() => searchParams(page).get("near")).toBe(zip);
  await expect(nearField(page)).toHaveValue(zip);
  await expect(listbox.getByRole("option")).toHaveCount(0);
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(list.totalCount));
  await expectCards(page, list);
});

test("the suggestions work from the keyboard: arrows, Enter, Escape", async ({ page, request }) => {
  const { zip } = await findZip(request);
  const typed = zip.slice(0, 3);
  const suggestions = await getJson<Place[]>(request, `/api/places?q=${typed}`);
  expect(suggestions.length).toBeGreaterThan(1);
  const second = suggestions[1] as Place;

  await openDashboard(page);
  const near = nearField(page);
  // Fast typing loses no keystroke, once the combobox is there as before.
  await near.pressSequentially("Springfield, Missouri");
  await expect(near).toHaveValue("Springfield, Missouri");
  await near.fill("");
  await near.pressSequentially(typed, { delay: 40 });
  const options = page.getByRole("listbox").getByRole("option");
  await expect(options).toHaveCount(suggestions.length);
  // Escape closes the list and keeps the text.
  await near.press("Escape");
  await expect(options).toHaveCount(0);
  await expect(near).toHaveValue(typed);
  expect(searchParams(page).get("near")).toBeNull();

  await near.press("ArrowDown");
  await expect(options).toHaveCount(suggestions.length);
  await near.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(near).toHaveAttribute(
    "aria-activedescendant",
    (await options.nth(1).getAttribute("id")) ?? "",
  );
  await near.press("Enter");
  await expect.poll(() => searchParams(page).get("near")).toBe(second.label.slice(0, 5));
  await expect(near).toBeFocused();
});

test("the chip names the radius and the place as the server resolved it, and removes both", async ({
  page,
  request,
}) => {
  const { zip, list } = await findZip(request);
  await openDashboard(page, `near=${zip}&radius=10`);
  const chip = page.getByRole("button", { name: `Remove filter Within 10 mi of ${list.near.label}` });
  await expect(chip).toBeVisible();
  await expect(page.getByRole("region", { name: "Active filters" })).toContainText(
    `Within 10 mi of ${list.near.label}`,
  );
  await chip.click();
  await expect.poll(() => searchParams(page).toString()).toBe("");
  await expect(nearField(page)).toHaveValue("");
  await expect(page.getByRole("button", { name: /^Remove filter Within/ })).toHaveCount(0);
  await expect(radiusSelect(page)).toBeDisabled();
  const all = await getFacilities(request);
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(all.totalCount));
});

test("the radius: 5, 10, 25, 50 or 100 miles, 25 by default and left out of the address", async ({
  page,
  request,
}) => {
  const { zip, list } = await findZip(request);
  const wide = await getNearList(request, `near=${zip}&radius=100`);
  await openDashboard(page, `near=${zip}`);
  await expect(radiusSelect(page)).toHaveValue("25");
  await expect(radiusSelect(page).getByRole("option")).toHaveText([
    "5 mi",
    "10 mi",
    "25 mi",
    "50 mi",
    "100 mi",
  ]);
  await expect(
    page.getByRole("button", { name: `Remove filter Within 25 mi of ${list.near.label}` }),
  ).toBeVisible();

  await radiusSelect(page).selectOption("100");
  await expect.poll(() => searchParams(page).get("radius")).toBe("100");
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(wide.totalCount));
  await expect(
    page.getByRole("button", { name: `Remove filter Within 100 mi of ${list.near.label}` }),
  ).toBeVisible();

  await radiusSelect(page).selectOption("25");
  await expect.poll(() => searchParams(page).get("radius")).toBeNull();
  expect(searchParams(page).get("near")).toBe(zip);
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(list.totalCount));
});

test("the order: nearest first with a place, by rating when chosen; Distance is offered only with a place", async ({
  page,
  request,
}) => {
  const { zip } = await findZip(request);
  const nearest = await getNearList(request, `near=${zip}&radius=100`);
  const best = await getNearList(request, `near=${zip}&radius=100&sort=rating`);
  const distances = nearest.data.map((facility) => facility.distanceMiles ?? Number.POSITIVE_INFINITY);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  const ratings = best.data.map((facility) => facility.overallRating ?? -1);
  expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

  await openDashboard(page);
  await expect(sortSelect(page)).toHaveValue("name");
  await expect(sortSelect(page).getByRole("option")).toHaveText([
    "Name",
    "Rating",
    "Nurse hours",
    "Weekend nurse hours",
  ]);

  await openDashboard(page, `near=${zip}&radius=100`);
  await expect(sortSelect(page)).toHaveValue("distance");
  await expect(sortSelect(page).getByRole("option")).toHaveText([
    "Name",
    "Distance",
    "Rating",
    "Nurse hours",
    "Weekend nurse hours",
  ]);
  await expectCards(page, nearest);

  await sortSelect(page).selectOption("rating");
  await expect.poll(() => searchParams(page).get("sort")).toBe("rating");
  await expectCards(page, best);

  await sortSelect(page).selectOption("distance");
  await expect.poll(() => searchParams(page).get("sort")).toBeNull();
  await expectCards(page, nearest);
});

test("each card shows its distance from the place, and only with a place", async ({ page, request }) => {
  const { zip, list } = await findZip(request);
  await openDashboard(page, `near=${zip}`);
  for (const [index, facility] of list.data.slice(0, 3).entries()) {
    expect(facility.distanceMiles).not.toBeNull();
    await expect(cards(page).nth(index)).toContainText(`${facility.distanceMiles?.toFixed(1)} mi`);
  }
  await page.getByRole("button", { name: /^Remove filter Within/ }).click();
  await expect.poll(() => searchParams(page).get("near")).toBeNull();
  await expect(cards(page).first()).not.toContainText(/\d mi$/);
  await expect(page.locator(".fc-distance")).toHaveCount(0);
});

test("facilities without a location: a note says how many are not shown", async ({ page, request }) => {
  const { zip, list } = await findZip(request);
  await openDashboard(page, `near=${zip}`);
  const note = page.getByText(/without a location (is|are) not shown$/);
  const count = list.near.withoutLocation;
  if (count === 0) {
    await expect(note).toHaveCount(0);
  } else {
    await expect(note).toHaveText(
      count === 1
        ? "1 facility without a location is not shown"
        : `${formatCount(count)} facilities without a location are not shown`,
    );
  }
});

test("the address restores the place, radius, order and view", async ({ page, request }) => {
  const { zip, list } = await findZip(request);
  await page.goto(`/?near=${zip}&radius=50&sort=rating&view=map`);
  await expect(nearField(page)).toHaveValue(zip);
  await expect(radiusSelect(page)).toHaveValue("50");
  await expect(sortSelect(page)).toHaveValue("rating");
  await expect(viewButton(page, "Map")).toHaveAttribute("aria-pressed", "true");
  await expect(viewButton(page, "List")).toHaveAttribute("aria-pressed", "false");
  await expect(
    page.getByRole("button", { name: `Remove filter Within 50 mi of ${list.near.label}` }),
  ).toBeVisible();
  await expect(page.getByRole("list", { name: "Facilities" })).toHaveCount(0);

  await viewButton(page, "List").click();
  await expect.poll(() => searchParams(page).get("view")).toBeNull();
  await expectCards(page, await getNearList(request, `near=${zip}&radius=50&sort=rating`));
  expect(Object.fromEntries(searchParams(page))).toEqual({ near: zip, radius: "50", sort: "rating" });

  // Odd values are read leniently: no radius or distance order without a place, an unknown view is the list.
  await openDashboard(page, "radius=10&sort=distance&view=globe");
  await expect(sortSelect(page)).toHaveValue("name");
  await expect(radiusSelect(page)).toBeDisabled();
  await expect(viewButton(page, "List")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(/Error loading facilities/)).toHaveCount(0);
});

test("a saved view and Share View keep the place, radius, order and view", async ({ page, request }) => {
  const { zip } = await findZip(request);
  await openDashboard(page, `near=${zip}&radius=10&sort=rating`);
  await expect(page.getByRole("button", { name: "Share View" })).toBeVisible();
  await page.getByRole("button", { name: "Save Current View" }).click();
  const dialog = page.getByRole("dialog", { name: "Save Current View" });
  await dialog.getByRole("textbox", { name: "View name" }).fill("Near home");
  await dialog.getByRole("button", { name: "Save View" }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto("/");
  await expect(cards(page).first()).toBeVisible();
  await page.getByRole("button", { name: /^Saved Views/ }).click();
  await page.getByRole("menuitem", { name: /^Near home/ }).click();
  await expect.poll(() => searchParams(page).toString()).toBe(`near=${zip}&radius=10&sort=rating`);
  await expect(nearField(page)).toHaveValue(zip);
  await expect(radiusSelect(page)).toHaveValue("10");
  await expect(sortSelect(page)).toHaveValue("rating");
});

test("an unknown place: the server's message under Near, and the list without the place", async ({
  page,
  request,
}) => {
  const all = await getFacilities(request);
  await openDashboard(page);
  await nearField(page).fill("abcde");
  await nearField(page).press("Enter");
  await expect.poll(() => searchParams(page).get("near")).toBe("abcde");
  const message = "Unknown place 'abcde': use a 5-digit ZIP code or 'City, ST'";
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(nearField(page)).toHaveAttribute("aria-invalid", "true");
  await expect(nearField(page)).toHaveAccessibleDescription(
    new RegExp(`^${message.replace(/[.()]/g, "\\$&")}`),
  );
  await expect(page.getByText(/Error loading facilities/)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Error" })).toHaveCount(0);
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(all.totalCount));
  await expectCards(page, all);
  // Nothing is filtered by the place: no chip, no distances, no order by distance.
  await expect(page.getByRole("button", { name: /^Remove filter Within/ })).toHaveCount(0);
  await expect(sortSelect(page).getByRole("option")).toHaveText([
    "Name",
    "Rating",
    "Nurse hours",
    "Weekend nurse hours",
  ]);

  // Clearing the field takes the message away.
  await page.getByRole("button", { name: "Clear place" }).click();
  await expect.poll(() => searchParams(page).get("near")).toBeNull();
  await expect(page.getByText(message)).toHaveCount(0);
});

test("without its suggestions' code, the Near field still takes a place typed in full", async ({
  page,
  request,
}) => {
  const { zip, list } = await findZip(request);
  await page.route(/\/assets\/near-combobox-[^/]*\.js$/, (route) => route.abort());
  await openDashboard(page);
  await nearField(page).fill(zip);
  await nearField(page).press("Enter");
  await expect.poll(() => searchParams(page).get("near")).toBe(zip);
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(list.totalCount));
});

test("text typed before the suggestions' code arrives is kept, with the focus, and gets its suggestions", async ({
  page,
  request,
}) => {
  const { zip } = await findZip(request);
  const typed = zip.slice(0, 3);
  const suggestions = await getJson<Place[]>(request, `/api/places?q=${typed}`);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/near-combobox-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await openDashboard(page);
  await nearField(page).pressSequentially(typed, { delay: 40 });
  await expect(page.getByRole("listbox").getByRole("option")).toHaveCount(0);
  release();
  await expect(page.getByRole("listbox").getByRole("option")).toHaveCount(suggestions.length);
  await expect(nearField(page)).toHaveValue(typed);
  await expect(nearField(page)).toBeFocused();
  // Typing goes on where it left off.
  await page.keyboard.type(zip.slice(3));
  await expect(nearField(page)).toHaveValue(zip);
  await page.keyboard.press("Enter");
  await expect.poll(() => searchParams(page).get("near")).toBe(zip);
});

test("the List/Map switch puts view=map in the address and back", async ({ page }) => {
  await openDashboard(page, "rating=3&page=2");
  await expect(viewButton(page, "List")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();
  await viewButton(page, "Map").click();
  await expect.poll(() => searchParams(page).get("view")).toBe("map");
  await expect(viewButton(page, "Map")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("list", { name: "Facilities" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  // The view is not a filter: the filters and the page stay.
  expect(searchParams(page).get("rating")).toBe("3");
  expect(searchParams(page).get("page")).toBe("2");
  await viewButton(page, "List").click();
  await expect.poll(() => searchParams(page).get("view")).toBeNull();
  await expect(cards(page).first()).toBeVisible();
});
