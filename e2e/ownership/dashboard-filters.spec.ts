// The dashboard's ownership and special focus filters on the demo database: the owner field (typed, a suggestion
// picked with the keyboard, a chip, the address, a reload), the special focus menu and the card marks, the ownership
// change box, a saved view of them, the owner page's link, keyboard use and axe. Counts come from the API.
import { expect, type Page, test } from "@playwright/test";
import type { FacilityListResponse } from "../../src/core/api-types.ts";
import { expectNoSeriousViolations, formatCount, getJson, pickLargeOwner, suggestOwners } from "./support.ts";

const cards = (page: Page) => page.getByRole("list", { name: "Facilities" }).getByRole("article");
const ownerField = (page: Page) => page.getByRole("combobox", { name: "Owner" });
const totalFacilities = (page: Page) =>
  page
    .getByRole("region", { name: /Facilities/ })
    .filter({ hasText: "Stats shown for the current view." })
    .getByRole("heading", { name: "Total Facilities", exact: true })
    .locator("xpath=following-sibling::p[1]");
const params = (page: Page) => new URL(page.url()).searchParams;
const activeFilters = (page: Page) => page.getByRole("region", { name: "Active filters" });

async function openDashboard(page: Page, query = "") {
  await page.goto(`/${query ? `?${query}` : ""}`);
  await expect(cards(page).first()).toBeVisible();
}

const count = async (request: import("@playwright/test").APIRequestContext, query: string) =>
  (await getJson<FacilityListResponse>(request, `/api/facilities?${query}&pageSize=1`)).totalCount;

test("an owner typed, picked with the keyboard, becomes a chip and the address, and a reload keeps it", async ({
  page,
  request,
}) => {
  const word = "citadel";
  const [first, second] = await suggestOwners(request, word);
  if (!first || !second) throw new Error(`need two owners suggested for ${word}`);
  await openDashboard(page);
  await ownerField(page).click();
  await ownerField(page).pressSequentially(word, { delay: 30 });
  const listbox = page.getByRole("listbox");
  await expect(listbox.getByRole("option").first()).toContainText(first.name);
  await expect(listbox.getByRole("option").first()).toContainText(`${formatCount(first.facilities)} home`);
  // Down twice: the second suggestion, then Enter.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(ownerField(page)).toHaveAttribute("aria-activedescendant", /.+/);
  await page.keyboard.press("Enter");

  const value = `${second.type}:${second.name}`;
  await expect.poll(() => params(page).getAll("owner")).toEqual([value]);
  await expect(ownerField(page)).toHaveValue("");
  await expect(ownerField(page)).toBeFocused();
  await expect(activeFilters(page).getByText(`Owner: ${second.name}`, { exact: true })).toBeVisible();
  const expected = await count(request, new URLSearchParams({ owner: value }).toString());
  expect(expected).toBe(second.facilities);
  await expect(totalFacilities(page)).toHaveText(formatCount(expected));

  // The chip's name leads to the owner's page.
  await expect(activeFilters(page).getByRole("link", { name: second.name, exact: true })).toHaveAttribute(
    "href",
    second.path,
  );

  await page.reload();
  await expect(activeFilters(page).getByText(`Owner: ${second.name}`, { exact: true })).toBeVisible();
  await expect(totalFacilities(page)).toHaveText(formatCount(expected));

  // A second owner adds a chip; the one already chosen is not suggested again.
  await ownerField(page).click();
  await ownerField(page).pressSequentially(word, { delay: 30 });
  await expect(page.getByRole("listbox").getByRole("option").first()).toContainText(first.name);
  await expect(page.getByRole("listbox").getByRole("option").filter({ hasText: second.name })).toHaveCount(0);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect.poll(() => params(page).getAll("owner")).toEqual([value, `${first.type}:${first.name}`]);
  await expect(activeFilters(page).getByRole("button", { name: "Clear all owners" })).toBeVisible();
  await activeFilters(page)
    .getByRole("button", { name: `Remove filter Owner: ${second.name}` })
    .click();
  await expect.poll(() => params(page).getAll("owner")).toEqual([`${first.type}:${first.name}`]);
});

test("the Special focus menu filters the homes, which are marked SFF or SFF candidate", async ({
  page,
  request,
}) => {
  await openDashboard(page);
  const trigger = page.getByRole("button", { name: /^Special focus/ });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Special focus filter" });
  await dialog.getByRole("radio", { name: /^Special Focus Facilities Homes CMS/ }).check();
  await expect.poll(() => params(page).get("sff")).toBe("sff");
  await page.keyboard.press("Escape");
  await expect(trigger).toBeFocused();
  const sff = await count(request, "sff=sff");
  await expect(totalFacilities(page)).toHaveText(formatCount(sff));
  await expect(cards(page)).toHaveCount(Math.min(sff, 100));
  await expect(cards(page).locator(".fc-sff")).toHaveText(
    Array(Math.min(sff, 100)).fill("SFF (Special Focus Facility)"),
  );
  await expect(activeFilters(page).getByText("Special Focus Facilities", { exact: true })).toBeVisible();

  await openDashboard(page, "sff=candidate");
  const candidates = await count(request, "sff=candidate");
  await expect(totalFacilities(page)).toHaveText(formatCount(candidates));
  await expect(cards(page).first().locator(".fc-sff")).toHaveText(
    "SFF candidate for the Special Focus Facility program",
  );
  await expect(cards(page).first().locator(".fc-sff")).toHaveAttribute("title", /^SFF candidate: /);

  await openDashboard(page, "sff=either");
  await expect(totalFacilities(page)).toHaveText(formatCount(await count(request, "sff=either")));
  expect(await count(request, "sff=either")).toBe(sff + candidates);
});

test("the ownership change box filters the homes CMS flags, and a saved view keeps owners, special focus and it", async ({
  page,
  request,
}) => {
  const owner = await pickLargeOwner(request);
  const value = `${owner.type}:${owner.name}`;
  await openDashboard(page, new URLSearchParams({ owner: value, sff: "either" }).toString());
  await page.getByRole("checkbox", { name: "Changed owner in the last year" }).check();
  await expect.poll(() => params(page).get("ownershipChanged")).toBe("true");
  const changed = await count(request, "ownershipChanged=true");
  expect(changed).toBeGreaterThan(0);
  const query = new URLSearchParams({ owner: value, sff: "either", ownershipChanged: "true" }).toString();
  await expect(totalFacilities(page)).toHaveText(formatCount(await count(request, query)));

  await page.getByRole("button", { name: "Save Current View" }).click();
  const dialog = page.getByRole("dialog", { name: "Save Current View" });
  await dialog.getByRole("textbox", { name: "View name" }).fill("Owner watch");
  await dialog.getByRole("button", { name: "Save View" }).click();
  await activeFilters(page).getByRole("button", { name: "Clear filters" }).click();
  await expect.poll(() => params(page).toString()).toBe("");
  await expect(page.getByRole("checkbox", { name: "Changed owner in the last year" })).not.toBeChecked();

  await page.getByRole("button", { name: /^Saved Views/ }).click();
  await page.getByRole("menuitem", { name: /^Owner watch/ }).click();
  await expect.poll(() => params(page).toString()).toBe(query);
  await expect(activeFilters(page).getByText(`Owner: ${owner.name}`, { exact: true })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Changed owner in the last year" })).toBeChecked();
});

test("the owner page's link opens its homes on the dashboard", async ({ page, request }) => {
  const owner = await pickLargeOwner(request);
  await page.goto(owner.path);
  await page.getByTestId("owner-dashboard-link").click();
  await expect.poll(() => params(page).getAll("owner")).toEqual([`${owner.type}:${owner.name}`]);
  await expect(totalFacilities(page)).toHaveText(formatCount(owner.facilityCount));
});

test("with suggestions open and the filters on, the dashboard passes axe", async ({ page }) => {
  await openDashboard(page, "sff=either&ownershipChanged=true");
  await ownerField(page).click();
  await ownerField(page).pressSequentially("health", { delay: 30 });
  await expect(page.getByRole("listbox").getByRole("option").first()).toBeVisible();
  await expectNoSeriousViolations(page);
});
