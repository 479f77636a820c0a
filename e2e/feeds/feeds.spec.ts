// "Subscribe to changes": the dashboard and each saved view copy the address of their view's Atom feed of rating
// changes, and the detail page links to the facility's own feed; each feed is read as a feed reader would.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { FacilityListResponse, Meta, RatingChange } from "../../src/core/api-types.ts";
import { type AtomFeed, readAtomFeed } from "../../test/atom-feed.ts";
import { cards, getJson, openDashboard, STORAGE } from "../dashboard/support.ts";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

async function readFeed(request: APIRequestContext, url: string): Promise<AtomFeed> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  return readAtomFeed(await response.text());
}

/** Every facility of a list view (its CCNs). */
async function listCcns(request: APIRequestContext, query: string): Promise<Set<string>> {
  const list = await getJson<FacilityListResponse>(request, `/api/facilities?${query}&pageSize=1000`);
  expect(list.totalCount).toBeLessThanOrEqual(1000);
  return new Set(list.data.map((item) => item.ccn));
}

const ccnOf = (entry: AtomFeed["entries"][number]) =>
  new URL(entry.link).pathname.split("/").at(-1) as string;

function copiedToast(page: Page) {
  return page.locator("[data-sonner-toast]").filter({ hasText: "Feed link copied!" });
}

test("Subscribe to changes copies the feed of the dashboard's view, which holds its facilities' changes", async ({
  page,
  request,
}) => {
  await openDashboard(page, "state=CA&rating=4");
  await page.getByRole("button", { name: "Subscribe to changes" }).click();
  await expect(copiedToast(page)).toContainText("follow the rating changes of the facilities in this view");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const origin = new URL(page.url()).origin;
  expect(copied).toBe(`${origin}/api/feeds/changes.atom?rating=4&state=CA`);
  // Share View still copies the page's own address (from the keyboard: the toast lies over the header's buttons).
  await page.getByRole("button", { name: "Share View" }).focus();
  await page.keyboard.press("Enter");
  await expect(
    page.locator("[data-sonner-toast]").filter({ has: page.getByText("Link copied!", { exact: true }) }),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  const feed = await readFeed(request, copied);
  expect(feed.title).toBe("Rating changes: CA, 4+ stars");
  expect(feed.links.alternate).toBe(`${origin}/?rating=4&state=CA`);
  const inView = await listCcns(request, "state=CA&rating=4");
  expect(feed.entries.length).toBeGreaterThan(0);
  for (const entry of feed.entries) expect(inView.has(ccnOf(entry)), entry.title).toBe(true);
});

test("the default view and the favourites view have their feeds too", async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByRole("button", { name: "Share View" })).toHaveCount(0);
  await page.getByRole("button", { name: "Subscribe to changes" }).click();
  await expect(copiedToast(page)).toBeVisible();
  const origin = new URL(page.url()).origin;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/api/feeds/changes.atom`);

  const favourites = await cards(page)
    .evaluateAll((articles) =>
      articles.slice(0, 2).map((article) => article.querySelector("a")?.getAttribute("href")),
    )
    .then((hrefs) =>
      hrefs.map((href) => new URL(href as string, "http://x").pathname.split("/").at(-1) as string),
    );
  await page.evaluate(
    ({ key, ids }) =>
      window.localStorage.setItem(
        key,
        JSON.stringify(ids.map((id) => ({ id, dateAdded: "2024-01-01T00:00:00.000Z" }))),
      ),
    { key: STORAGE.favorites, ids: favourites },
  );
  await openDashboard(page, "favorites=true");
  await page.getByRole("button", { name: "Subscribe to changes" }).click();
  await expect(copiedToast(page).first()).toBeVisible();
  const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.searchParams.getAll("ccn")).toEqual([...favourites].sort());
});

test("each saved view offers Subscribe to changes, copying its own view's feed", async ({
  page,
  request,
}) => {
  await page.addInitScript((key) => {
    const views = [
      {
        id: "tx",
        name: "Texas 3+",
        filters: { states: ["TX"], ratingMin: 3 },
        dateCreated: "2024-01-01T00:00:00.000Z",
      },
      { id: "nv", name: "Nevada", filters: { states: ["NV"] }, dateCreated: "2024-01-02T00:00:00.000Z" },
    ];
    window.localStorage.setItem(key, JSON.stringify(views));
  }, STORAGE.savedViews);
  await openDashboard(page, "state=CA");
  const origin = new URL(page.url()).origin;
  await page.getByRole("button", { name: /^Saved Views/ }).click();
  const subscribe = page.getByRole("menuitem", {
    name: 'Subscribe to changes of view "Texas 3+"',
    exact: true,
  });
  // Beside the view's name, left of its bin.
  const [name, icon, bin] = await Promise.all([
    page.getByRole("menuitem", { name: /^Texas 3\+/ }).boundingBox(),
    subscribe.boundingBox(),
    page.getByRole("menuitem", { name: 'Delete view "Texas 3+"', exact: true }).boundingBox(),
  ]);
  expect(name && icon && bin).toBeTruthy();
  if (name && icon && bin) {
    expect(icon.x).toBeGreaterThanOrEqual(name.x + name.width);
    expect(bin.x).toBeGreaterThanOrEqual(icon.x + icon.width);
  }
  await subscribe.click();
  await expect(copiedToast(page)).toContainText('"Texas 3+"');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${origin}/api/feeds/changes.atom?rating=3&state=TX`);
  // The view itself is not loaded: the page keeps its filters.
  expect(new URL(page.url()).searchParams.getAll("state")).toEqual(["CA"]);
  const feed = await readFeed(request, copied);
  expect(feed.title).toBe("Rating changes: TX, 3+ stars");

  // With the keyboard: right from a view's name reaches its feed link.
  await page.getByRole("button", { name: /^Saved Views/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: /^Texas 3\+/ })).toBeFocused();
  // Down to the next view's name (Texas's feed link and bin come first), each step once the last has landed.
  const nevada = page.getByRole("menuitem", { name: /^Nevada/ });
  for (const next of [
    page.getByRole("menuitem", { name: 'Subscribe to changes of view "Texas 3+"', exact: true }),
    page.getByRole("menuitem", { name: 'Delete view "Texas 3+"', exact: true }),
    nevada,
  ]) {
    await page.keyboard.press("ArrowDown");
    await expect(next).toBeFocused();
  }
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("menuitem", { name: 'Subscribe to changes of view "Nevada"' })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(copiedToast(page).filter({ hasText: '"Nevada"' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${origin}/api/feeds/changes.atom?state=NV`,
  );
});

test("the detail page links to the facility's feed, which holds its changes of the newest 12 releases", async ({
  page,
  request,
}) => {
  // A facility with changes in the newest releases: the first entry of the national feed.
  const national = await readFeed(request, "/api/feeds/changes.atom");
  const ccn = ccnOf(national.entries[0] as AtomFeed["entries"][number]);
  await page.goto(`/facility/${ccn}`);
  const link = page.getByRole("link", { name: "Subscribe to rating changes" });
  await expect(link).toBeVisible();
  expect(await link.getAttribute("href")).toBe(`/api/feeds/changes.atom?ccn=${ccn}`);

  const feed = await readFeed(request, (await link.getAttribute("href")) as string);
  const name = await page.getByRole("heading", { level: 1 }).textContent();
  expect(feed.title).toMatch(
    new RegExp(`^Rating changes: ${(name ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(`),
  );
  const meta = await getJson<Meta>(request, "/api/meta");
  const recent = [...meta.processingDates].sort().slice(-12);
  const changes = await getJson<RatingChange[]>(request, `/api/facilities/${ccn}/changes`);
  const releases = [...new Set(changes.map((change) => change.processingDate))].filter((date) =>
    recent.includes(date),
  );
  expect(feed.entries.map((entry) => entry.updated.slice(0, 10))).toEqual(releases);
  for (const entry of feed.entries) expect(new URL(entry.link).pathname).toBe(`/facility/${ccn}`);
});
