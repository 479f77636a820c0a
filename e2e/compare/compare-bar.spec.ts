// The compare page sits in the same centred column as the detail and entity pages.
import { expect, test } from "@playwright/test";
import { entityPagePath, pickEntities } from "../entity/support.ts";
import { cards, firstFacilities } from "./support.ts";

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
