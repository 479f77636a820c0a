// The inspection record on a facility's page (demo database): the last three years in CMS's scope and severity
// grid, the surveys and their citations (collapsed, expandable by mouse and keyboard), the penalties and their
// totals, the abuse flag, the empty, loading and error states, accessibility, and room for the compare bar.
// Every expectation comes from the API's answers, formatted here independently of the web code.
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../axe.ts";
import { expectRedAndCentred } from "../facility-detail/support.ts";
import { isPageEndUncovered, scrollToEnd } from "../page-end.ts";
import {
  chooseForComparison,
  collapsed,
  dollars,
  inspectionsSection,
  isOnTop,
  listedTags,
  openRecord,
  orderedTags,
  penaltiesSection,
  penaltyDetail,
  pickRecord,
  plural,
  type RecordFixture,
  shortDate,
  surveys,
  tagOf,
} from "./support.ts";

const SURVEYS_FIRST = 3;
const CITATIONS_FIRST = 5;
const PENALTIES_FIRST = 10;

/** Harm, abuse, fines, more surveys than shown first, and a survey with more citations than shown first. */
let harmed: RecordFixture;
/** CMS shows its abuse icon for the home. */
let iconFlagged: RecordFixture;
/** Abuse citations in the three years, without CMS's abuse icon. */
let citedWithoutIcon: RecordFixture;
/** Citations, but neither the abuse icon nor an abuse citation. */
let unflagged: RecordFixture;
/** No penalty in the record (the penalties file loaded). */
let withoutPenalties: RecordFixture;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const isLong = ({ inspections, penalties }: RecordFixture) =>
    inspections.surveys.length > SURVEYS_FIRST + 1 &&
    inspections.surveys.some((survey) => survey.citations.length > CITATIONS_FIRST + 1) &&
    penalties.totals.fines > 0;
  // Payment denials are rarer: a facility with one too when the first hundred have it.
  harmed = await pickRecord(
    request,
    "harm=actual&abuse=true",
    (record) => isLong(record) && record.penalties.totals.paymentDenials > 0,
    "with harm, abuse, fines, payment denials and long lists",
  ).catch(() =>
    pickRecord(request, "harm=actual&abuse=true", isLong, "with harm, abuse, fines and long lists"),
  );
  iconFlagged = await pickRecord(
    request,
    "abuse=true",
    ({ inspections }) => inspections.threeYears?.abuseIcon === true,
    "with CMS's abuse icon",
  );
  citedWithoutIcon = await pickRecord(
    request,
    "abuse=true",
    ({ inspections }) =>
      inspections.threeYears?.abuseIcon === false && (inspections.threeYears?.abuseCitations ?? 0) > 0,
    "with abuse citations and without the abuse icon",
  );
  unflagged = await pickRecord(
    request,
    "",
    ({ inspections }) => inspections.threeYears?.abuse === false && inspections.surveys.length > 0,
    "with citations and no abuse flag",
  );
  withoutPenalties = await pickRecord(
    request,
    "",
    ({ penalties }) => penalties.penalties.length === 0 && penalties.threeYears !== null,
    "without penalties",
  );
});

test("the grid counts the API's three years by scope and severity, immediate jeopardy on top", async ({
  page,
}) => {
  const summary = harmed.inspections.threeYears;
  if (!summary) throw new Error("three years expected");
  await openRecord(page, harmed.ccn);
  const section = inspectionsSection(page);
  await expect(section.getByRole("heading", { level: 2, name: "Inspections" })).toBeVisible();

  const grid = section.getByRole("table", { name: /^Health citations by scope and severity/ });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole("columnheader")).toHaveText(["Severity", "Isolated", "Pattern", "Widespread"]);
  await expect(grid.getByRole("rowheader")).toHaveText([
    /^J-L\s*Immediate jeopardy$/,
    /^G-I\s*Actual harm$/,
    /^D-F\s*No actual harm, potential for more than minimal harm$/,
    /^A-C\s*No actual harm, potential for minimal harm$/,
  ]);
  // Row by row, left to right: J K L, G H I, D E F, A B C; each cell its letter and the API's count.
  const order = ["J", "K", "L", "G", "H", "I", "D", "E", "F", "A", "B", "C"] as const;
  const cells = grid.getByRole("cell");
  await expect(cells).toHaveCount(12);
  for (const [index, code] of order.entries()) {
    const cell = cells.nth(index);
    await expect(cell).toHaveAttribute("data-code", code);
    await expect(cell.getByTestId("grid-letter")).toHaveText(code);
    await expect(cell.getByTestId("grid-count"), code).toHaveText(String(summary.grid[code]));
  }
  // The cells' words for screen readers: the count and what it counts.
  await expect(cells.nth(order.indexOf("D"))).toContainText(
    `${summary.grid.D} ${summary.grid.D === 1 ? "citation" : "citations"}`,
  );

  // The window and the most severe code.
  await expect(section.getByTestId("inspection-window")).toHaveText(
    `Citations from surveys dated ${shortDate(summary.windowStart)} to ${shortDate(summary.windowEnd)}.`,
  );
  const total = Object.values(summary.grid).reduce((sum, value) => sum + value, 0);
  await expect(section.getByTestId("three-years-total")).toHaveText(String(total));
  await expect(section.getByTestId("most-severe")).toContainText(`${summary.mostSevere} (`);
  await expect(section.getByTestId("harm-total")).toHaveText(
    String(summary.actualHarm + summary.immediateJeopardy),
  );
  await expect(section.getByTestId("abuse-total")).toHaveText(String(summary.abuseCitations));
});

test("surveys are listed newest first with their citations, most severe first; the lists expand and collapse", async ({
  page,
}) => {
  const all = harmed.inspections.surveys;
  await openRecord(page, harmed.ccn);
  const section = inspectionsSection(page);
  await expect(section.getByTestId("surveys-summary")).toContainText(plural(all.length, "survey"));

  // The newest few, newest first, each with its date, type and citations.
  await expect(surveys(page)).toHaveCount(collapsed(all.length, SURVEYS_FIRST));
  for (const [index, survey] of all.slice(0, SURVEYS_FIRST).entries()) {
    const item = surveys(page).nth(index);
    await expect(item).toHaveAttribute("data-date", survey.surveyDate);
    // Titled by its kinds (e2e/inspections/kinds.spec.ts checks the words).
    await expect(item.getByRole("heading", { level: 4 })).toHaveText(
      new RegExp(`^${shortDate(survey.surveyDate)}.* inspection$`),
    );
    await expect(item.getByTestId("survey-count")).toHaveText(plural(survey.citations.length, "citation"));
    const expected = orderedTags(survey.citations);
    expect(await listedTags(item)).toEqual(expected.slice(0, collapsed(expected.length, CITATIONS_FIRST)));
  }

  // A citation's tag, description, letter, harm level in words and flags.
  const [newest] = all;
  const firstTag = orderedTags(newest?.citations ?? [])[0];
  const first = newest?.citations.find((citation) => tagOf(citation) === firstTag);
  if (!first) throw new Error("a citation expected");
  const firstItem = surveys(page).first().getByTestId("citation").first();
  await expect(firstItem.getByTestId("citation-tag")).toHaveText(`${first.prefix}${first.tag}`);
  await expect(firstItem.getByTestId("citation-description")).toHaveText(first.description ?? "");
  await expect(firstItem.getByTestId("citation-code")).toHaveText(first.scopeSeverity ?? "");
  await expect(firstItem.getByTestId("citation-harm")).toContainText(first.harmLevel ?? "");

  // Show all surveys, in the API's order; then back to the newest few.
  const showAll = section.getByRole("button", { name: `Show all ${all.length} surveys` });
  await expect(showAll).toHaveAttribute("aria-expanded", "false");
  await showAll.click();
  const showNewest = section.getByRole("button", { name: `Show the newest ${SURVEYS_FIRST}` });
  await expect(showNewest).toHaveAttribute("aria-expanded", "true");
  await expect(surveys(page)).toHaveCount(all.length);
  expect(
    await surveys(page).evaluateAll((items) => items.map((item) => item.getAttribute("data-date"))),
  ).toEqual(all.map((survey) => survey.surveyDate));

  // A long survey: its first citations, then "Show N more" for the rest, and back.
  const longIndex = all.findIndex((survey) => survey.citations.length > CITATIONS_FIRST + 1);
  const long = all[longIndex];
  if (!long) throw new Error("a long survey expected");
  const item = surveys(page).nth(longIndex);
  const expected = orderedTags(long.citations);
  expect(await listedTags(item)).toEqual(expected.slice(0, CITATIONS_FIRST));
  const more = item.getByRole("button", {
    name: `Show ${expected.length - CITATIONS_FIRST} more citations of`,
  });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await more.click();
  await expect(item.getByTestId("citation")).toHaveCount(expected.length);
  expect(await listedTags(item)).toEqual(expected);
  const fewer = item.getByRole("button", { name: `Show the first ${CITATIONS_FIRST} citations of` });
  await expect(fewer).toHaveAttribute("aria-expanded", "true");
  await fewer.click();
  await expect(item.getByTestId("citation")).toHaveCount(CITATIONS_FIRST);

  await showNewest.click();
  await expect(surveys(page)).toHaveCount(SURVEYS_FIRST);
  // Surveys older than the three years say so.
  const window = harmed.inspections.threeYears;
  if (window) {
    await section.getByRole("button", { name: `Show all ${all.length} surveys` }).click();
    const older = all.filter((survey) => survey.surveyDate < window.windowStart).length;
    await expect(section.getByTestId("survey-outside-window")).toHaveCount(older);
  }
});

test("the lists expand from the keyboard: Enter on Show all, Space on Show more", async ({ page }) => {
  const all = harmed.inspections.surveys;
  await openRecord(page, harmed.ccn);
  const section = inspectionsSection(page);
  const showAll = section.getByRole("button", { name: `Show all ${all.length} surveys` });
  await showAll.focus();
  await page.keyboard.press("Enter");
  await expect(surveys(page)).toHaveCount(all.length);
  const toggle = section.getByTestId("surveys-toggle");
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");

  const longIndex = all.findIndex((survey) => survey.citations.length > CITATIONS_FIRST + 1);
  const long = all[longIndex];
  if (!long) throw new Error("a long survey expected");
  const item = surveys(page).nth(longIndex);
  const more = item.getByRole("button", { name: /^Show \d+ more citations of/ });
  await more.focus();
  await page.keyboard.press(" ");
  await expect(item.getByTestId("citation")).toHaveCount(long.citations.length);
  await expect(item.getByRole("button", { name: /^Show the first/ })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  // The focus ring shows where the keyboard is.
  await expect(item.getByRole("button", { name: /^Show the first/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(item.getByTestId("citation")).toHaveCount(CITATIONS_FIRST);
});

test("the penalties and their totals are the API's, newest first", async ({ page }) => {
  const { penalties, totals, threeYears } = harmed.penalties;
  await openRecord(page, harmed.ccn);
  const section = penaltiesSection(page);
  await expect(section.getByRole("heading", { level: 2, name: "Penalties" })).toBeVisible();

  const table = section.getByRole("table", { name: "Penalties, newest first" });
  await expect(table.getByRole("columnheader")).toHaveText(["Date", "Penalty", "Amount or length"]);
  const showAll = section.getByRole("button", { name: `Show all ${penalties.length} penalties` });
  if (penalties.length > PENALTIES_FIRST + 1) await showAll.click();
  else await expect(showAll).toHaveCount(0);
  const rows = section.getByTestId("penalty-row");
  await expect(rows).toHaveCount(penalties.length);
  for (const [index, penalty] of penalties.entries()) {
    const row = rows.nth(index);
    await expect(row.getByRole("rowheader")).toHaveText(shortDate(penalty.date));
    await expect(row.getByRole("cell").first()).toHaveText(
      penalty.type === "Fine" ? "Fine" : "Payment denial",
    );
    await expect(row.getByTestId("penalty-detail")).toHaveText(penaltyDetail(penalty));
  }
  const dates = penalties.map((penalty) => penalty.date);
  expect(dates).toEqual([...dates].sort().reverse());

  const describeTotals = (value: typeof totals) => [
    value.fines === 0 ? "No fines" : `${plural(value.fines, "fine")}, ${dollars(value.fineDollars)}`,
    value.paymentDenials === 0
      ? "No payment denials"
      : `${plural(value.paymentDenials, "payment denial")}, ${plural(value.denialDays, "day")}`,
  ];
  const all = section.getByTestId("totals-all");
  await expect(all.locator("dt")).toHaveText("In the record");
  await expect(all.locator("dd")).toHaveText(describeTotals(totals));
  if (!threeYears) throw new Error("three years expected");
  const recent = section.getByTestId("totals-three-years");
  await expect(recent.locator("dt")).toHaveText(
    `Last three years (${shortDate(threeYears.windowStart)} to ${shortDate(threeYears.windowEnd)})`,
  );
  await expect(recent.locator("dd")).toHaveText(describeTotals(threeYears));
});

test("CMS's abuse icon is flagged and explained, in the section and the header", async ({ page }) => {
  const summary = iconFlagged.inspections.threeYears;
  if (!summary) throw new Error("three years expected");
  await openRecord(page, iconFlagged.ccn);
  const flag = inspectionsSection(page).getByTestId("abuse-flag");
  await expect(flag).toBeVisible();
  await expect(flag.getByRole("heading", { level: 3 })).toHaveText("CMS flags this home for abuse");
  await expect(flag).toContainText("abuse icon");
  await expect(flag).toContainText(
    "harmed a resident (severity G or worse) in its most recent inspection cycle",
  );
  await expect(flag).toContainText("(D or worse) in each of its two most recent cycles");
  if (summary.abuseCitations > 0) {
    await expect(flag).toContainText(
      `${plural(summary.abuseCitations, "citation")} for abuse, neglect or exploitation`,
    );
  }

  // The header's link brings the section into view and its heading into focus, without a history entry.
  const url = page.url();
  const link = page.locator("header").getByRole("link", { name: "CMS abuse icon: see Inspections" });
  await expect(link).toBeVisible();
  await link.click();
  const heading = inspectionsSection(page).getByRole("heading", { level: 2, name: "Inspections" });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  expect(page.url()).toBe(url);
});

test("abuse citations without the icon are flagged as citations; a home with neither shows no flag", async ({
  page,
}) => {
  const summary = citedWithoutIcon.inspections.threeYears;
  if (!summary) throw new Error("three years expected");
  await openRecord(page, citedWithoutIcon.ccn);
  const flag = inspectionsSection(page).getByTestId("abuse-flag");
  await expect(flag.getByRole("heading", { level: 3 })).toHaveText(
    "Cited for abuse, neglect or exploitation",
  );
  await expect(flag).toContainText(
    `${plural(summary.abuseCitations, "citation")} for abuse, neglect or exploitation from ${shortDate(summary.windowStart)} to ${shortDate(summary.windowEnd)}.`,
  );
  await expect(flag).toContainText("CMS does not show its abuse icon for this home");
  await expect(
    page.locator("header").getByRole("link", { name: "Cited for abuse: see Inspections" }),
  ).toBeVisible();

  await openRecord(page, unflagged.ccn);
  await expect(surveys(page).first()).toBeVisible();
  await expect(page.getByTestId("abuse-flag")).toHaveCount(0);
  await expect(page.getByTestId("abuse-header-link")).toHaveCount(0);
});

test("empty records say so: no penalties, no citations", async ({ page }) => {
  await openRecord(page, withoutPenalties.ccn);
  await expect(penaltiesSection(page).getByTestId("no-penalties")).toHaveText("No penalties in the record.");
  await expect(penaltiesSection(page).getByRole("table")).toHaveCount(0);

  // The demo database has no current facility without citations: the API's answer for one, as it writes it.
  const summary = unflagged.inspections.threeYears;
  if (!summary) throw new Error("three years expected");
  const zeros = Object.fromEntries(Object.keys(summary.grid).map((code) => [code, 0]));
  const clean = {
    surveys: [],
    fireThreeYears: null,
    threeYears: {
      ...summary,
      grid: zeros,
      minimalHarm: 0,
      potentialHarm: 0,
      actualHarm: 0,
      immediateJeopardy: 0,
      mostSevere: null,
      abuseCitations: 0,
      abuseIcon: false,
      abuse: false,
    },
  };
  await page.route(`**/api/facilities/${unflagged.ccn}/inspections`, (route) =>
    route.fulfill({ json: clean }),
  );
  await openRecord(page, unflagged.ccn);
  const section = inspectionsSection(page);
  await expect(section.getByTestId("no-recent-citations")).toHaveText(
    "No health citations in these three years.",
  );
  await expect(section.getByTestId("no-citations")).toHaveText("No health citations in the record.");
  await expect(section.getByRole("table")).toHaveCount(0);
  await page.unroute(`**/api/facilities/${unflagged.ccn}/inspections`);
  // No inspection files loaded at all: e2e/inspections/not-loaded.real.spec.ts, on the real files.
});

test("while loading each section says so, and a failure shows its error in red", async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/facilities/${unflagged.ccn}/inspections`, async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { error: { message: "database unavailable" } } });
  });
  await page.route(`**/api/facilities/${unflagged.ccn}/penalties`, async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { error: { message: "database unavailable" } } });
  });
  await page.goto(`/facility/${unflagged.ccn}`);
  await expect(inspectionsSection(page).getByRole("status")).toHaveText("Loading inspections...");
  await expect(penaltiesSection(page).getByRole("status")).toHaveText("Loading penalties...");
  release();
  // One retry (the detail's policy), then the error.
  await expect(inspectionsSection(page).getByRole("alert")).toHaveText(
    "Error loading inspections: database unavailable",
    { timeout: 15_000 },
  );
  await expect(penaltiesSection(page).getByRole("alert")).toHaveText(
    "Error loading penalties: database unavailable",
  );
  await expectRedAndCentred(inspectionsSection(page).getByRole("alert"));
  await expectRedAndCentred(penaltiesSection(page).getByRole("alert"));
  // The rest of the page stands.
  await expect(page.getByRole("heading", { level: 2, name: "What changed" })).toBeVisible();
});

test("the record is axe clean with its lists expanded, and its headings step down in order", async ({
  page,
}) => {
  // Every survey and citation of a long record expanded (the infection control inspections lengthen it): axe takes
  // a while over it.
  test.setTimeout(60_000);
  await openRecord(page, harmed.ccn);
  const section = inspectionsSection(page);
  await section.getByRole("button", { name: /^Show all \d+ surveys$/ }).click();
  // Each "Show N more" becomes "Show the first 5" once clicked: the first one left, until none is.
  const more = section.getByRole("button", { name: /^Show \d+ more/ });
  while ((await more.count()) > 0) await more.first().click();
  const showAllPenalties = penaltiesSection(page).getByRole("button", { name: /^Show all/ });
  if ((await showAllPenalties.count()) > 0) await showAllPenalties.click();
  await expectNoSeriousViolations(page);

  // Every citation of CMS's abuse category carries its flag in words.
  const abuseCitations = harmed.inspections.surveys
    .flatMap((survey) => survey.citations)
    .filter((citation) => citation.category === "Freedom from Abuse, Neglect, and Exploitation Deficiencies");
  await expect(
    section.getByTestId("citation-flag").filter({ hasText: "Abuse, neglect or exploitation" }),
  ).toHaveCount(abuseCitations.length);

  const levels = await page
    .locator("h1, h2, h3, h4")
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
  for (let index = 1; index < levels.length; index += 1) {
    expect((levels[index] ?? 0) - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1);
  }
});

test("with a facility chosen to compare, neither the record nor the page's end is under the bar", async ({
  page,
}) => {
  await chooseForComparison(page, harmed);
  await openRecord(page, harmed.ccn);
  const bar = page.getByRole("region", { name: "Facilities to compare" });
  await expect(bar).toBeVisible();
  await inspectionsSection(page)
    .getByRole("button", { name: /^Show all \d+ surveys$/ })
    .click();

  // The last penalty, scrolled to the bottom of the window, is on top.
  const lastPenalty = penaltiesSection(page).getByTestId("penalty-row").last();
  await lastPenalty.evaluate((row) => row.scrollIntoView({ block: "end" }));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await isOnTop(lastPenalty.getByRole("rowheader"))).toBe(true);

  await expect(page.getByTestId("section-seasonality").getByTestId("chart-legend")).toBeVisible();
  await scrollToEnd(page);
  const end = await isPageEndUncovered(page);
  expect(end.uncovered, end.what).toBe(true);
  const [sectionBottom, barTop] = await Promise.all([
    page
      .locator("main > *")
      .last()
      .evaluate((element) => element.getBoundingClientRect().bottom),
    bar.evaluate((element) => element.getBoundingClientRect().top),
  ]);
  expect(sectionBottom).toBeLessThanOrEqual(barTop);
});
