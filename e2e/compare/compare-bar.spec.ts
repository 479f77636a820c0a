// The compare bar names the chosen facilities so that they can be told apart, and the comparison sits in the same
// centred column as the detail and entity pages.
import { expect, type Page, test } from "@playwright/test";
import type { FacilityListItem, FacilityListResponse } from "../../src/core/api-types.ts";
import { entityPagePath, pickEntities } from "../entity/support.ts";
import {
  COMPARE_KEY,
  cards,
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
