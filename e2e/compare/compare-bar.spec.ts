// The compare bar at the bottom of the dashboard, the detail page and the entity page: it never covers the end of
// the page, it names the chosen facilities so that they can be told apart, and the comparison it opens sits in the
// same centred column as the detail and entity pages.
import { expect, type Page, test } from "@playwright/test";
import type { FacilityListItem, FacilityListResponse } from "../../src/core/api-types.ts";
import { entityPagePath, pickEntities } from "../entity/support.ts";
import { isPageEndUncovered, scrollToEnd } from "../page-end.ts";
import {
  COMPARE_KEY,
  cards,
  cardToggle,
  compareBar,
  firstFacilities,
  getJson,
  openDashboard,
  placeOf,
  readSelection,
} from "./support.ts";

type Chosen = Pick<FacilityListItem, "ccn" | "providerName" | "city" | "state">;

/** Chooses facilities on this device before the first page loads (as the toggles store them). */
async function choose(page: Page, facilities: readonly Chosen[]): Promise<void> {
  const items = facilities.map(({ ccn, providerName, city, state }) => ({ ccn, providerName, city, state }));
  await page.addInitScript(
    ([key, value]) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
    },
    [COMPARE_KEY, JSON.stringify(items)] as const,
  );
}

test("with a facility chosen, the end of the dashboard is not under the bar: Next takes a click and page 2 shows", async ({
  page,
  request,
}) => {
  const [facility] = await firstFacilities(request, 1);
  if (!facility) throw new Error("a facility expected");
  await openDashboard(page);
  await cardToggle(page, facility.providerName).click();
  await expect(compareBar(page)).toBeVisible();

  await scrollToEnd(page);
  const next = page.getByRole("navigation", { name: "Pagination" }).getByRole("button", { name: "Next" });
  const box = await next.boundingBox();
  if (!box) throw new Error("Next has no box");
  const center = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // What a visitor's click lands on: Next itself, not the bar's chip.
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.textContent?.trim() ?? null,
    center,
  );
  expect(onTop).toBe("Next");
  expect((await isPageEndUncovered(page)).uncovered).toBe(true);

  const firstOfPage1 = await cards(page).first().getByRole("heading").textContent();
  await page.mouse.click(center.x, center.y);
  await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
  await expect(
    page.getByRole("navigation", { name: "Pagination" }).getByRole("button", { name: "Page 2", exact: true }),
  ).toHaveAttribute("aria-current", "page");
  await expect(cards(page).first().getByRole("heading")).not.toHaveText(firstOfPage1 ?? "");
});

test("four chosen facilities on a narrow window: the bar wraps, and the room below the page grows with it", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 800, height: 700 });
  await choose(page, await firstFacilities(request, 4));
  await openDashboard(page);
  await expect(compareBar(page).getByRole("link", { name: "Compare (4)" })).toBeVisible();
  await scrollToEnd(page);
  const barTop = await compareBar(page).evaluate((bar) => bar.getBoundingClientRect().top);
  const pagination = await page
    .getByRole("navigation", { name: "Pagination" })
    .evaluate((nav) => nav.getBoundingClientRect().bottom);
  expect(pagination).toBeLessThanOrEqual(barTop);
  expect((await isPageEndUncovered(page)).uncovered).toBe(true);
});

test("with a facility chosen, the end of the detail page (the seasonality chart) is not under the bar", async ({
  page,
  request,
}) => {
  const [facility] = await firstFacilities(request, 1);
  if (!facility) throw new Error("a facility expected");
  await choose(page, [facility]);
  await page.goto(`/facility/${facility.ccn}`);
  await expect(page.getByTestId("section-seasonality").getByTestId("chart-legend")).toBeVisible();
  await expect(compareBar(page)).toBeVisible();

  await scrollToEnd(page);
  const end = await isPageEndUncovered(page);
  expect(end.uncovered, end.what).toBe(true);
  const [seasonalityBottom, barTop] = await Promise.all([
    page.getByTestId("section-seasonality").evaluate((section) => section.getBoundingClientRect().bottom),
    compareBar(page).evaluate((bar) => bar.getBoundingClientRect().top),
  ]);
  expect(seasonalityBottom).toBeLessThanOrEqual(barTop);

  // Removing the last facility removes the bar and the room kept for it.
  await compareBar(page)
    .getByRole("button", { name: /^Remove / })
    .click();
  await expect(compareBar(page)).toHaveCount(0);
  expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe("0px");
});

test("the entity page shows the bar: its cards' Compare toggles fill it, and it links to the comparison", async ({
  page,
  request,
}) => {
  const { small } = await pickEntities(request);
  const [chosenElsewhere] = await firstFacilities(request, 1);
  if (!chosenElsewhere) throw new Error("a facility expected");
  await choose(page, [chosenElsewhere]);
  await page.goto(entityPagePath(small.name));
  await expect(cards(page).first()).toBeVisible();
  // A facility chosen on another page is already there.
  await expect(compareBar(page)).toContainText(chosenElsewhere.providerName);

  const params = new URLSearchParams({ entity: small.name, pageSize: "24" });
  const list = await getJson<FacilityListResponse>(request, `/api/facilities?${params}`);
  const facility = list.data.find((candidate) => candidate.ccn !== chosenElsewhere.ccn);
  if (!facility) throw new Error("an entity facility expected");
  await cards(page)
    .filter({ has: page.getByRole("link", { name: facility.providerName, exact: true }) })
    .first()
    .getByRole("button", { name: `Compare ${facility.providerName}`, exact: true })
    .click();
  const link = compareBar(page).getByRole("link", { name: "Compare (2)" });
  await expect(link).toHaveAttribute("href", `/compare?ccn=${chosenElsewhere.ccn}&ccn=${facility.ccn}`);
  await scrollToEnd(page);
  expect((await isPageEndUncovered(page)).uncovered).toBe(true);

  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "Compare facilities" })).toBeVisible();
  await expect(page.getByRole("table").first()).toContainText(facility.providerName);
});

test("the empty comparison says where facilities are chosen, and that is where the bar then is", async ({
  page,
  request,
}) => {
  await page.goto("/compare");
  await expect(page.getByRole("heading", { name: "No facilities to compare yet" })).toBeVisible();
  await expect(page.getByText(/on an affiliated entity's page/)).toBeVisible();
  await expect(page.getByText(/a bar at the bottom of the screen names them/)).toBeVisible();

  const [facility] = await firstFacilities(request, 1);
  if (!facility) throw new Error("a facility expected");
  await page.goto(`/facility/${facility.ccn}`);
  await page.getByRole("button", { name: `Compare ${facility.providerName}`, exact: true }).click();
  await expect(compareBar(page).getByRole("link", { name: "Compare (1)" })).toBeVisible();
});

test("the bar's chips tell facilities apart: the whole name on hover and to screen readers, and the city", async ({
  page,
  request,
}) => {
  // Two homes of one name (a chain; the CCN tells them apart where the place does not), and the longest name.
  const list = await getJson<FacilityListResponse>(request, "/api/facilities?pageSize=1000");
  const byName = new Map<string, FacilityListItem[]>();
  for (const facility of list.data) {
    byName.set(facility.providerName, [...(byName.get(facility.providerName) ?? []), facility]);
  }
  const pairOfOneName = [...byName.values()].find((group) => group.length >= 2)?.slice(0, 2) ?? [];
  const longest = [...list.data].sort((a, b) => b.providerName.length - a.providerName.length);
  const picked = [...pairOfOneName, ...longest.filter((facility) => !pairOfOneName.includes(facility))].slice(
    0,
    3,
  );
  await choose(page, picked);
  await openDashboard(page);

  const chips = compareBar(page).getByRole("listitem");
  await expect(chips).toHaveCount(picked.length);
  for (const [index, facility] of picked.entries()) {
    const chip = chips.nth(index);
    // On hover: the whole name, the place and the CCN.
    await expect(chip).toHaveAttribute(
      "title",
      `${facility.providerName} — ${placeOf(facility)}, CCN ${facility.ccn}`,
    );
    // On screen: the place under the (possibly cut) name.
    await expect(chip.getByText(placeOf(facility))).toBeVisible();
    // To screen readers: the chip's text has the whole name (cut only on screen), and its button names both.
    await expect(chip).toContainText(facility.providerName);
    await expect(
      chip.getByRole("button", {
        name: `Remove ${facility.providerName}, ${placeOf(facility)}, from comparison`,
        exact: true,
      }),
    ).toBeVisible();
  }
  // A long name is cut on screen.
  const cut = await chips
    .nth(2)
    .getByText(picked[2]?.providerName ?? "", { exact: true })
    .evaluate((name) => name.scrollWidth > name.clientWidth);
  expect(cut).toBe(true);
  // The two homes of one name read differently.
  if (pairOfOneName.length === 2) {
    const [a, b] = await Promise.all([chips.nth(0).textContent(), chips.nth(1).textContent()]);
    expect(a).not.toBe(b);
  }
  expect((await readSelection(page))?.map((item) => item.ccn)).toEqual(
    picked.map((facility) => facility.ccn),
  );
});

test("the comparison sits in the same centred column as the detail and entity pages", async ({
  page,
  request,
}) => {
  const facilities = await firstFacilities(request, 4);
  const [first] = facilities;
  if (!first) throw new Error("facilities expected");
  const mainBox = async () => {
    const box = await page.locator("main").boundingBox();
    if (!box) throw new Error("no main");
    return { x: Math.round(box.x), width: Math.round(box.width) };
  };

  await page.goto(`/facility/${first.ccn}`);
  await expect(page.getByRole("heading", { level: 1, name: first.providerName })).toBeVisible();
  const detail = await mainBox();

  await page.goto(`/compare?${facilities.map((facility) => `ccn=${facility.ccn}`).join("&")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Compare facilities" })).toBeVisible();
  await expect(page.getByRole("table").first()).toBeVisible();
  expect(await mainBox()).toEqual(detail);
  // Centred: as much room on the left as on the right.
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("no viewport");
  expect(Math.abs(detail.x - (viewport.width - detail.x - detail.width))).toBeLessThanOrEqual(1);
  // Four facilities fit, or scroll inside the table's frame: the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  const { small } = await pickEntities(request);
  await page.goto(entityPagePath(small.name));
  await expect(cards(page).first()).toBeVisible();
  expect(await mainBox()).toEqual(detail);
});
