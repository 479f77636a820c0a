// Choosing facilities to compare (cards, detail page, compare bar, limit, persistence) and the /compare screen.
import { expect, test } from "@playwright/test";
import type { FacilityDetail, RatingSnapshot } from "../../src/core/api-types.ts";
import { closestApproach, LINE_WIDTH_PX } from "../facility-detail/support.ts";
import {
  COMPARE_KEY,
  cards,
  cardToggle,
  columnNames,
  compareBar,
  firstFacilities,
  getDetail,
  getHistory,
  LIMIT_TEXT,
  openDashboard,
  placeOf,
  readSelection,
  urlCcns,
} from "./support.ts";

test("a card's Compare toggle adds the facility to the compare bar, survives a reload and opens the comparison", async ({
  page,
  request,
}) => {
  const [first, second] = await firstFacilities(request, 2);
  if (!first || !second) throw new Error("two facilities expected");
  await openDashboard(page);

  const firstToggle = cardToggle(page, first.providerName);
  await expect(firstToggle).toHaveAttribute("aria-pressed", "false");
  await expect(compareBar(page)).toHaveCount(0);
  await firstToggle.click();
  await expect(firstToggle).toHaveAttribute("aria-pressed", "true");
  await cardToggle(page, second.providerName).click();
  await expect(cardToggle(page, second.providerName)).toHaveAttribute("aria-pressed", "true");

  // The toggle sits beside the card's link, never inside it.
  expect(await page.locator("a button, a [role=button]").count()).toBe(0);

  await expect(compareBar(page)).toContainText(first.providerName);
  await expect(compareBar(page)).toContainText(second.providerName);
  expect(await readSelection(page)).toEqual([
    { ccn: first.ccn, providerName: first.providerName, city: first.city, state: first.state },
    { ccn: second.ccn, providerName: second.providerName, city: second.city, state: second.state },
  ]);

  await page.reload();
  await expect(cards(page).first()).toBeVisible();
  await expect(cardToggle(page, first.providerName)).toHaveAttribute("aria-pressed", "true");
  await expect(cardToggle(page, second.providerName)).toHaveAttribute("aria-pressed", "true");
  const link = compareBar(page).getByRole("link", { name: "Compare (2)" });
  await expect(link).toHaveAttribute("href", `/compare?ccn=${first.ccn}&ccn=${second.ccn}`);

  await link.click();
  await expect(page).toHaveURL(/\/compare\?/);
  expect(urlCcns(page)).toEqual([first.ccn, second.ccn]);
  await expect(page.getByRole("heading", { level: 1, name: "Compare facilities" })).toBeVisible();
  await expect(columnNames(page)).toHaveText([first.providerName, second.providerName]);

  // Toggling off on the dashboard removes it again.
  await page.goBack();
  await expect(cards(page).first()).toBeVisible();
  await cardToggle(page, first.providerName).click();
  await expect(cardToggle(page, first.providerName)).toHaveAttribute("aria-pressed", "false");
  await expect(compareBar(page).getByRole("link", { name: "Compare (1)" })).toBeVisible();
  expect((await readSelection(page))?.map((item) => item.ccn)).toEqual([second.ccn]);
});

test("a fifth choice says the limit and is not added", async ({ page, request }) => {
  const facilities = await firstFacilities(request, 5);
  await openDashboard(page);
  for (const facility of facilities.slice(0, 4)) {
    await cardToggle(page, facility.providerName).click();
    await expect(cardToggle(page, facility.providerName)).toHaveAttribute("aria-pressed", "true");
  }
  const fifth = facilities[4];
  if (!fifth) throw new Error("five facilities expected");
  await cardToggle(page, fifth.providerName).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: LIMIT_TEXT })).toBeVisible();
  await expect(cardToggle(page, fifth.providerName)).toHaveAttribute("aria-pressed", "false");
  await expect(compareBar(page).getByRole("link", { name: "Compare (4)" })).toBeVisible();
  expect((await readSelection(page))?.map((item) => item.ccn)).toEqual(
    facilities.slice(0, 4).map((facility) => facility.ccn),
  );
});

test("the detail page has the same toggle, shared with the dashboard", async ({ page, request }) => {
  const [facility] = await firstFacilities(request, 1);
  if (!facility) throw new Error("a facility expected");
  await page.goto(`/facility/${facility.ccn}`);
  const toggle = page.getByRole("button", { name: `Compare ${facility.providerName}`, exact: true });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(compareBar(page)).toContainText(facility.providerName);
  await expect(compareBar(page).getByRole("link", { name: "Compare (1)" })).toHaveAttribute(
    "href",
    `/compare?ccn=${facility.ccn}`,
  );

  await openDashboard(page);
  await expect(cardToggle(page, facility.providerName)).toHaveAttribute("aria-pressed", "true");

  // Removing it in the bar switches every toggle off.
  await compareBar(page)
    .getByRole("button", { name: `Remove ${facility.providerName}, ${placeOf(facility)}, from comparison` })
    .click();
  await expect(compareBar(page)).toHaveCount(0);
  await expect(cardToggle(page, facility.providerName)).toHaveAttribute("aria-pressed", "false");
});

// The rows where better is well defined, and in which direction: written here from the product's rules, apart
// from the web code.
const BETTER: Record<string, "higher" | "lower"> = {
  overallRating: "higher",
  healthInspectionRating: "higher",
  staffingRating: "higher",
  qmRating: "higher",
  longStayQmRating: "higher",
  shortStayQmRating: "higher",
  rnStaffingHoursPerResidentPerDay: "higher",
  totalWeightedHealthSurveyScore: "lower",
  healthDeficiencyScore: "lower",
  // The complaints row (CMS's count, or the complaint citations where the file has none) and the inspection
  // record's rows: inspection-record.spec.ts.
  infectionControlCitations: "lower",
  finesTotalDollars: "lower",
  paymentDenials: "lower",
  totalNursingStaffTurnover: "lower",
  administratorsLeft: "lower",
};

function expectedBest(details: FacilityDetail[], field: string, better: "higher" | "lower"): boolean[] {
  const values = details.map((detail) => (detail as unknown as Record<string, number | null>)[field] ?? null);
  const known = values.filter((value): value is number => value !== null);
  if (known.length < 2) return values.map(() => false);
  const best = better === "higher" ? Math.max(...known) : Math.min(...known);
  return values.map((value) => value === best);
}

test("the comparison shows every facility's values with the best of each row marked", async ({
  page,
  request,
}) => {
  const listed = await firstFacilities(request, 4);
  const details = await Promise.all(listed.map((facility) => getDetail(request, facility.ccn)));
  await page.goto(`/compare?${details.map((detail) => `ccn=${detail.ccn}`).join("&")}`);
  await expect(columnNames(page)).toHaveText(details.map((detail) => detail.providerName));
  for (const [index, detail] of details.entries()) {
    await expect(columnNames(page).nth(index)).toHaveAttribute("href", `/facility/${detail.ccn}`);
  }

  let marked = 0;
  for (const [field, better] of Object.entries(BETTER)) {
    const expected = expectedBest(details, field, better);
    const row = page.locator(`tbody tr[data-row="${field}"]`);
    await expect(row).toHaveCount(1);
    const shown = await row
      .locator("td")
      .evaluateAll((cells) => cells.map((cell) => /Best$/.test(cell.textContent?.trim() ?? "")));
    expect(shown, field).toEqual(expected);
    marked += expected.filter(Boolean).length;
  }
  expect(marked).toBeGreaterThan(0);

  // Rows without a better direction are never marked; values are those of the API.
  for (const field of ["certifiedBeds", "averageResidentsPerDay"]) {
    await expect(
      page.locator(`tbody tr[data-row="${field}"]`).getByText("Best", { exact: true }),
    ).toHaveCount(0);
  }
  const overall = page.locator('tbody tr[data-row="overallRating"] td');
  await expect(overall).toHaveText(
    details.map(
      (detail) => new RegExp(`^${detail.overallRating === null ? "N/A" : `${detail.overallRating}/5`}`),
    ),
  );
  const state = page.locator('tbody tr[data-row="state"] td');
  await expect(state).toHaveText(details.map((detail) => detail.state ?? "N/A"));
});

test("the overall rating histories are overlaid in one chart, with a legend and a table as text", async ({
  page,
  request,
}) => {
  const listed = await firstFacilities(request, 3);
  const histories = await Promise.all(listed.map((facility) => getHistory(request, facility.ccn)));
  await page.goto(`/compare?${listed.map((facility) => `ccn=${facility.ccn}`).join("&")}`);
  const chart = page.getByTestId("compare-history-chart");
  await expect(chart).toBeVisible();
  await expect(chart.locator(".recharts-line")).toHaveCount(3);
  const looks = await chart
    .locator(".recharts-line-curve")
    .evaluateAll((paths) =>
      paths.map((path) => `${path.getAttribute("stroke")}|${path.getAttribute("stroke-dasharray")}`),
    );
  expect(new Set(looks).size).toBe(3);
  await expect(page.getByTestId("chart-legend").getByRole("listitem")).toHaveText(
    listed.map((facility) => facility.providerName),
  );
  await expect(chart).toHaveAttribute("aria-label", /Overall star rating history of 3 facilities/);

  // The text alternative: one row per release date any of them has, each facility's overall rating in its column.
  const dates = [...new Set(histories.flat().map((snapshot) => snapshot.processingDate))].sort();
  const table = page.getByRole("table", { name: "Overall star rating by CMS release (out of 5)" });
  await expect(table.locator("tbody tr")).toHaveCount(dates.length);
  const latest = dates.at(-1) ?? "";
  const expectedLatest = histories.map((history) => {
    const value = history.find((snapshot) => snapshot.processingDate === latest)?.overallRating;
    return value == null ? "N/A" : String(value);
  });
  await expect(table.locator("tbody tr").last().locator("td")).toHaveText(expectedLatest);
});

test("facilities with equal overall ratings stay visible: their lines are drawn apart and a note names them", async ({
  page,
  request,
}) => {
  // The first two listed facilities that share an overall rating in at least one release.
  const listed = await firstFacilities(request, 8);
  const histories = await Promise.all(listed.map((facility) => getHistory(request, facility.ccn)));
  const ratingOn = (history: RatingSnapshot[], date: string) =>
    history.find((snapshot) => snapshot.processingDate === date)?.overallRating ?? null;
  let pair: [number, number] | null = null;
  for (let first = 0; first < listed.length && !pair; first += 1) {
    for (let second = first + 1; second < listed.length && !pair; second += 1) {
      const a = histories[first] ?? [];
      const b = histories[second] ?? [];
      if (
        a.some(
          (snapshot) =>
            snapshot.overallRating !== null &&
            snapshot.overallRating === ratingOn(b, snapshot.processingDate),
        )
      ) {
        pair = [first, second];
      }
    }
  }
  if (!pair) throw new Error("no two of the first facilities share an overall rating in a release");
  const facilities = pair.map((index) => listed[index]);
  await page.goto(`/compare?${facilities.map((facility) => `ccn=${facility?.ccn}`).join("&")}`);
  const chart = page.getByTestId("compare-history-chart");
  await expect(chart.locator(".recharts-line-curve")).toHaveCount(2);
  const [first = "", second = ""] = await chart
    .locator(".recharts-line-curve")
    .evaluateAll((paths) => paths.map((path) => path.getAttribute("d") ?? ""));
  const apart = closestApproach(first, second);
  expect(apart, "the two lines run side by side").not.toBeNull();
  expect(apart ?? 0).toBeGreaterThanOrEqual(LINE_WIDTH_PX);
  const note = page.getByTestId("compare-coincidence-note");
  await expect(note).toBeVisible();
  await expect(note).toContainText(
    `Equal overall ratings, drawn slightly apart (top to bottom in the legend's order): ${facilities[0]?.providerName} = ${facilities[1]?.providerName}, `,
  );
});

test("removing a facility updates the address in place and the device's selection", async ({
  page,
  request,
}) => {
  const listed = await firstFacilities(request, 3);
  await page.goto("/");
  await page.goto(`/compare?${listed.map((facility) => `ccn=${facility.ccn}`).join("&")}`);
  await expect(columnNames(page)).toHaveCount(3);
  const historyLength = await page.evaluate(() => window.history.length);
  const [first, second, third] = listed;
  if (!first || !second || !third) throw new Error("three facilities expected");
  await page.getByRole("button", { name: `Remove ${second.providerName} from comparison` }).click();
  await expect(columnNames(page)).toHaveText([first.providerName, third.providerName]);
  expect(urlCcns(page)).toEqual([first.ccn, third.ccn]);
  expect(await page.evaluate(() => window.history.length)).toBe(historyLength);
  expect((await readSelection(page))?.map((item) => item.ccn)).toEqual([first.ccn, third.ccn]);

  await page.getByRole("button", { name: `Remove ${first.providerName} from comparison` }).click();
  await page.getByRole("button", { name: `Remove ${third.providerName} from comparison` }).click();
  await expect(page.getByRole("heading", { name: "No facilities to compare yet" })).toBeVisible();
  expect(urlCcns(page)).toEqual([]);
  expect(await readSelection(page)).toEqual([]);
});

test("a shared link wins over the device's selection; /compare alone opens the device's selection", async ({
  page,
  request,
}) => {
  const listed = await firstFacilities(request, 4);
  const [a, b, c, d] = listed;
  if (!a || !b || !c || !d) throw new Error("four facilities expected");
  await page.addInitScript(
    ({ key, items }) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, JSON.stringify(items));
    },
    { key: COMPARE_KEY, items: [{ ccn: a.ccn, providerName: a.providerName }] },
  );
  await page.goto(`/compare?ccn=${c.ccn}&ccn=${d.ccn}`);
  await expect(columnNames(page)).toHaveText([c.providerName, d.providerName]);
  await expect.poll(async () => (await readSelection(page))?.map((item) => item.ccn)).toEqual([c.ccn, d.ccn]);

  await page.goto("/compare");
  await expect(columnNames(page)).toHaveText([c.providerName, d.providerName]);
  expect(urlCcns(page)).toEqual([c.ccn, d.ccn]);
});

test("an empty comparison explains how to add facilities", async ({ page }) => {
  await page.goto("/compare");
  await expect(page.getByRole("heading", { name: "No facilities to compare yet" })).toBeVisible();
  await expect(page.getByText(/Press "Compare" on a facility's card/)).toBeVisible();
  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("unknown and malformed facility numbers are named", async ({ page, request }) => {
  const [facility] = await firstFacilities(request, 1);
  if (!facility) throw new Error("a facility expected");
  // A well-formed CCN that the API does not know.
  let unknown = "ZZ0000";
  for (let attempt = 0; (await request.get(`/api/facilities/${unknown}`)).status() !== 404; attempt += 1) {
    unknown = `ZZ${String(attempt).padStart(4, "0")}`;
  }
  await page.goto(`/compare?ccn=${facility.ccn}&ccn=${unknown}&ccn=not-a-ccn`);
  await expect(columnNames(page)).toHaveText([facility.providerName]);
  await expect(page.getByRole("alert")).toContainText(`This facility could not be found: CCN ${unknown}.`);
  await expect(page.getByRole("status").filter({ hasText: "not-a-ccn" })).toContainText("skipped");
  // The device keeps only what exists.
  await expect.poll(async () => (await readSelection(page))?.map((item) => item.ccn)).toEqual([facility.ccn]);
});

test("Share copies the comparison's link", async ({ page, context, request }) => {
  const listed = await firstFacilities(request, 2);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/compare?${listed.map((facility) => `ccn=${facility.ccn}`).join("&")}`);
  await expect(columnNames(page)).toHaveCount(2);
  await page.getByRole("button", { name: "Share" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Link copied!" });
  await expect(toast).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});

test("choosing and comparing work by keyboard, with a visible focus", async ({ page, request }) => {
  const [first] = await firstFacilities(request, 1);
  if (!first) throw new Error("a facility expected");
  await openDashboard(page);
  const card = cards(page).filter({ has: page.getByRole("link", { name: first.providerName, exact: true }) });
  await card.getByRole("link").focus();
  await page.keyboard.press("Tab");
  await expect(card.getByRole("button", { name: /favorites$/ })).toBeFocused();
  await page.keyboard.press("Tab");
  const toggle = cardToggle(page, first.providerName);
  await expect(toggle).toBeFocused();
  expect(await toggle.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");

  // Focus moves on to the next card: its link, its star, its toggle.
  const next = card.locator("xpath=../following-sibling::li[1]/article");
  await page.keyboard.press("Tab");
  await expect(next.getByRole("link")).toBeFocused();
  const nextName = (await next.getByRole("link").textContent()) ?? "";
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(next.getByRole("button", { name: /^Compare / })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(next.getByRole("button", { name: /^Compare / })).toHaveAttribute("aria-pressed", "true");

  const link = compareBar(page).getByRole("link", { name: "Compare (2)" });
  await link.focus();
  expect(await link.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(columnNames(page)).toHaveText([first.providerName, nextName]);

  await columnNames(page).first().focus();
  await page.keyboard.press("Tab");
  const remove = page.getByRole("button", { name: `Remove ${first.providerName} from comparison` });
  await expect(remove).toBeFocused();
  expect(await remove.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(columnNames(page)).toHaveText([nextName]);
});
