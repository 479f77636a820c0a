// The citations page (/citations): its filters give exactly the API's rows, everything is kept in the address,
// it pages, links each facility, shows the API's refusals under their fields, and is accessible.
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../axe.ts";
import {
  countLine,
  describeCount,
  expectRowsToBe,
  getCategories,
  getCitations,
  getJson,
  openCitations,
  PAGE_SIZE,
  rows,
  searchParams,
  shownRows,
  table,
} from "./support.ts";

/** The tag cited most often, as the API writes it ("0689"). */
async function commonTag(request: Parameters<typeof getCategories>[0]): Promise<string> {
  const { categories } = await getCategories(request);
  const tags = categories.flatMap((category) => category.tags).sort((a, b) => b.citations - a.citations);
  const [tag] = tags;
  if (!tag) throw new Error("the demo data has citations");
  return tag.tag;
}

test("the page: title, heading, the newest citations, and the way back to the dashboard", async ({
  page,
  request,
}) => {
  const newest = await getCitations(request);
  expect(newest.totalCount).toBeGreaterThan(PAGE_SIZE);
  await page.goto("/?state=CA");
  await page.getByRole("link", { name: "Citations" }).click();
  await expect(page).toHaveURL(/\/citations$/);
  await expect(page).toHaveTitle("Citations | CMS Star Ratings Dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Citations" })).toBeVisible();
  await expectRowsToBe(page, newest);
  await expect(rows(page)).toHaveCount(PAGE_SIZE);
  // Back to the dashboard's view it came from.
  await page.getByRole("link", { name: "< Dashboard" }).click();
  await expect(page).toHaveURL(/\/\?state=CA$/);
  await expect(page.getByRole("button", { name: "Remove filter CA" })).toBeVisible();
});

test("a tag gives the API's rows, however it is written", async ({ page, request }) => {
  const tag = await commonTag(request);
  const expected = await getCitations(request, `tag=${tag}`);
  expect(expected.totalCount).toBeGreaterThan(0);
  await openCitations(page);
  const field = page.getByRole("combobox", { name: "Tag" });
  await field.fill(`F${Number(tag)}`);
  await field.press("Enter");
  await expect.poll(() => searchParams(page).get("tag")).toBe(`F${Number(tag)}`);
  await expectRowsToBe(page, expected);
  await expect(field).toBeFocused();
  for (const variant of [tag, String(Number(tag)), `f${tag}`]) {
    await page.goto(`/citations?tag=${variant}`);
    await expectRowsToBe(page, expected);
    await expect(page.getByRole("combobox", { name: "Tag" })).toHaveValue(variant);
  }
});

test("category, harm level and states give the API's rows, and are kept in the address", async ({
  page,
  request,
}) => {
  const { categories } = await getCategories(request);
  const category = categories.find((entry) => entry.category !== null && entry.citations > 0)?.category;
  if (!category) throw new Error("a category expected");
  const byCategory = await getCitations(request, new URLSearchParams({ category }).toString());
  const withHarm = await getCitations(request, new URLSearchParams({ category, harm: "actual" }).toString());
  const states = await getJson<string[]>(request, "/api/lookups/states");
  const state = states.find((code) => code === "TX") ?? states[0] ?? "";
  const inState = await getCitations(
    request,
    new URLSearchParams({ category, harm: "actual", state }).toString(),
  );

  await openCitations(page);
  await page.getByRole("combobox", { name: "Category" }).selectOption(category);
  await expect.poll(() => searchParams(page).get("category")).toBe(category);
  await expectRowsToBe(page, byCategory);

  await page.getByRole("combobox", { name: "Harm level" }).selectOption({ label: "Harm found (G or worse)" });
  await expect.poll(() => searchParams(page).get("harm")).toBe("actual");
  await expectRowsToBe(page, withHarm);
  // Every row is at G or worse.
  const codes = await rows(page).evaluateAll((trs) =>
    trs.map((tr) => tr.querySelectorAll("td")[4]?.textContent),
  );
  expect(codes.every((text) => /^[G-L]/.test(text ?? ""))).toBe(true);

  await page.getByRole("button", { name: /^States/ }).click();
  await page.getByRole("combobox", { name: "Filter states" }).fill(state);
  await page
    .getByRole("listbox", { name: "States" })
    .getByRole("option", { name: state, exact: true })
    .click();
  await page.keyboard.press("Escape");
  await expect.poll(() => searchParams(page).getAll("state")).toEqual([state]);
  await expectRowsToBe(page, inState);

  // The address brings it all back.
  await page.reload();
  await expectRowsToBe(page, inState);
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue(category);
  await expect(page.getByRole("combobox", { name: "Harm level" })).toHaveValue("actual");

  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect.poll(() => new URL(page.url()).search).toBe("");
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("");
});

test("survey dates and words of the description give the API's rows", async ({ page, request }) => {
  const newest = await getCitations(request, "pageSize=1");
  const last = newest.data[0]?.surveyDate ?? "";
  const year = Number(last.slice(0, 4)) - 1;
  const from = `${year}-01-01`;
  const to = `${year}-06-30`;
  const word = "abuse";
  const expected = await getCitations(request, `from=${from}&to=${to}&q=${word}`);
  expect(expected.totalCount).toBeGreaterThan(0);

  await openCitations(page);
  await page.getByLabel("Surveyed from").fill(from);
  await page.getByLabel("Surveyed to").fill(to);
  await page.getByRole("searchbox", { name: "Words in the description" }).fill(`  ${word} `);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect.poll(() => searchParams(page).toString()).toBe(`from=${from}&to=${to}&q=${word}`);
  await expectRowsToBe(page, expected);
  const dates = await rows(page)
    .locator("td:first-child time")
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
  expect(dates.every((date) => date >= from && date <= to)).toBe(true);
});

test("paging: pages and page size as the API pages them, kept in the address", async ({ page, request }) => {
  const tag = await commonTag(request);
  const second = await getCitations(request, `tag=${tag}&page=2`);
  const small = await getCitations(request, `tag=${tag}&pageSize=25`);
  expect(second.totalCount).toBeGreaterThan(2 * 25);

  await openCitations(page, `tag=${tag}`);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination.getByRole("button", { name: "Previous" })).toBeDisabled();
  await pagination.getByRole("button", { name: "Next" }).click();
  await expect.poll(() => searchParams(page).get("page")).toBe("2");
  await expectRowsToBe(page, second);
  await expect(pagination.getByRole("button", { name: "Page 2", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // A new page size starts again at page 1.
  await page.getByRole("combobox", { name: "Per page" }).selectOption("25");
  await expect.poll(() => searchParams(page).get("pageSize")).toBe("25");
  expect(searchParams(page).get("page")).toBeNull();
  await expectRowsToBe(page, small);
  await expect(rows(page)).toHaveCount(25);

  // A page past the end moves to the last page: of a tag whose pages are all within the 10,000 citations of a view
  // the API pages (the most common tag, the infection control one, has more).
  const { categories } = await getCategories(request);
  const modest = categories
    .flatMap((category) => category.tags)
    .filter((entry) => entry.citations > 100 && entry.citations < 9000)
    .sort((a, b) => b.citations - a.citations)[0];
  if (!modest) throw new Error("a tag with 100 to 9,000 citations expected");
  const lastPage = Math.ceil(modest.citations / 25);
  await page.goto(`/citations?tag=${modest.tag}&pageSize=25&page=${lastPage + 5}`);
  await expect.poll(() => searchParams(page).get("page")).toBe(String(lastPage));
});

test("a row's facility link opens the facility", async ({ page, request }) => {
  const [first] = (await getCitations(request)).data;
  if (!first) throw new Error("a citation expected");
  await openCitations(page);
  await rows(page).first().getByRole("link", { name: first.providerName }).click();
  await expect(page).toHaveURL(new RegExp(`/facility/${first.ccn}$`));
  await expect(page.getByRole("heading", { level: 1, name: first.providerName })).toBeVisible();
});

test("the API's refusals show under their field: a date range the wrong way round, a tag that is none", async ({
  page,
}) => {
  await openCitations(page);
  await page.getByLabel("Surveyed from").fill("2025-01-01");
  await page.getByLabel("Surveyed to").fill("2024-01-01");
  await page.getByLabel("Surveyed to").press("Enter");
  const from = page.getByLabel("Surveyed from");
  await expect(from).toHaveAttribute("aria-invalid", "true");
  await expect(from).toHaveAccessibleDescription("from must not be after to");
  await expect(page.getByRole("alert")).toContainText("from must not be after to");
  await expect(table(page)).toHaveCount(0);
  await expectNoSeriousViolations(page);

  await page.getByLabel("Surveyed from").fill("");
  await page.getByRole("combobox", { name: "Tag" }).fill("abc");
  await page.getByRole("combobox", { name: "Tag" }).press("Enter");
  await expect(page.getByRole("combobox", { name: "Tag" })).toHaveAccessibleDescription(/^tag must be/);
  await expect(from).not.toHaveAttribute("aria-invalid", "true");

  // Corrected, the rows come back.
  await page.getByRole("combobox", { name: "Tag" }).fill("689");
  await page.getByRole("combobox", { name: "Tag" }).press("Enter");
  await expect(countLine(page)).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Tag" })).not.toHaveAttribute("aria-invalid", "true");
});

test("no match: the empty state", async ({ page, request }) => {
  const none = await getCitations(request, "q=zzqxv");
  expect(none.totalCount).toBe(0);
  await openCitations(page, "q=zzqxv");
  await expect(countLine(page)).toHaveText(describeCount(0));
  await expect(page.getByText("No citations match these filters.")).toBeVisible();
  await expect(table(page)).toHaveCount(0);
});

test("the address is read leniently: unknown values are ignored", async ({ page, request }) => {
  const all = await getCitations(request);
  await openCitations(page, "harm=severe&from=2024-13-01&pageSize=7&state=ZZ&category=Made%20Up&page=abc");
  await expectRowsToBe(page, all);
  await expect(page.getByRole("combobox", { name: "Harm level" })).toHaveValue("");
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("");
  await expect(page.getByLabel("Surveyed from")).toHaveValue("");
  await expect(page.getByRole("combobox", { name: "Per page" })).toHaveValue(String(PAGE_SIZE));
  await expect(page.getByRole("alert")).toHaveCount(0);
  // The state and category no one knows are taken out of the address.
  await expect.poll(() => searchParams(page).getAll("state")).toEqual([]);
  expect(searchParams(page).get("category")).toBeNull();
});

test("accessible: axe finds nothing serious, and the filters work from the keyboard", async ({
  page,
  request,
}) => {
  const jeopardy = await getCitations(request, "harm=jeopardy");
  await openCitations(page);
  await expect(rows(page).first()).toBeVisible();
  await expectNoSeriousViolations(page);
  const harm = page.getByRole("combobox", { name: "Harm level" });
  await harm.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => searchParams(page).get("harm")).toBe("jeopardy");
  await expectRowsToBe(page, jeopardy);
});

test("scrolled to its end, the page shows its pagination, not covered by the compare bar", async ({
  page,
  request,
}) => {
  // Facilities chosen for comparison on the dashboard: this page has no Compare toggles, so no bar.
  const list = await getJson<{ data: { ccn: string; providerName: string }[] }>(request, "/api/facilities");
  await page.addInitScript(
    (items) => {
      window.localStorage.setItem("cms-dashboard-compare-facilities", JSON.stringify(items));
    },
    list.data.slice(0, 2).map(({ ccn, providerName }) => ({ ccn, providerName })),
  );
  await openCitations(page);
  await expect(rows(page)).toHaveCount(PAGE_SIZE);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const next = page.getByRole("navigation", { name: "Pagination" }).getByRole("button", { name: "Next" });
  await expect(next).toBeInViewport();
  const box = await next.boundingBox();
  if (!box) throw new Error("Next has no box");
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.textContent?.trim() ?? null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(onTop).toBe("Next");
  await expect(page.getByRole("region", { name: "Facilities to compare" })).toHaveCount(0);
  expect(await shownRows(page)).toHaveLength(PAGE_SIZE);
});

test("a long description is cut to three lines, and Show more shows all of it", async ({ page }) => {
  const long =
    "Ensure that a nursing home area is free from accident hazards and provides adequate supervision to prevent " +
    "accidents, including falls, elopement and injuries from equipment, as each resident's care plan and " +
    "assessment require, with every step documented by the staff on duty at the time.";
  // The demo's descriptions are short: the first row gets one as long as CMS's longest.
  await page.route(/\/api\/citations\?/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { description: string | null }[] };
    if (body.data[0]) body.data[0].description = long;
    await route.fulfill({ response, json: body });
  });
  await openCitations(page);
  const first = rows(page).first();
  const more = first.getByRole("button", { name: /^Show more/ });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  const paragraph = first.getByText(long);
  const cut = await paragraph.evaluate((element) => element.clientHeight);
  await more.click();
  const less = first.getByRole("button", { name: /^Show less/ });
  await expect(less).toHaveAttribute("aria-expanded", "true");
  expect(await paragraph.evaluate((element) => element.clientHeight)).toBeGreaterThan(cut);
  // Short descriptions offer no button.
  await expect(rows(page).nth(1).getByRole("button")).toHaveCount(0);
});
