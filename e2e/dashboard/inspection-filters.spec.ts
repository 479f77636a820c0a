// The inspection record on the dashboard: the Inspections menu (harm found at G or worse or J or worse, abuse
// cited), its chips, the address, Share View, saved views, Clear filters, the export and map, and the cards'
// marks. Every expected list comes from the API.
import { expect, type Page, test } from "@playwright/test";
import type { FacilityListItem } from "../../src/core/api-types.ts";
import { expectNoSeriousViolations } from "../axe.ts";
import {
  cards,
  formatCount,
  getFacilities,
  openDashboard,
  readStorage,
  STORAGE,
  searchParams,
  summaryValue,
} from "./support.ts";

/** The CCNs of the cards on screen, in order (from their links). */
async function cardCcns(page: Page): Promise<string[]> {
  return cards(page)
    .locator("h3 a")
    .evaluateAll((links) =>
      links.map((link) => /\/facility\/([^/?]+)/.exec(link.getAttribute("href") ?? "")?.[1] ?? ""),
    );
}

/** Waits until the cards and the summary are the API's answer to `query`. */
async function expectListToBe(page: Page, expected: { data: FacilityListItem[]; totalCount: number }) {
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(expected.totalCount));
  await expect.poll(() => cardCcns(page)).toEqual(expected.data.map((facility) => facility.ccn));
}

function inspectionsButton(page: Page) {
  return page.getByRole("button", { name: /^Inspections/ });
}

async function openInspections(page: Page) {
  await inspectionsButton(page).click();
  await expect(page.getByRole("dialog", { name: "Inspection filters" })).toBeVisible();
}

test("the Inspections menu filters the list, summary and export to exactly the API's answer", async ({
  page,
  request,
}) => {
  const all = await getFacilities(request);
  const harm = await getFacilities(request, "harm=actual");
  const jeopardy = await getFacilities(request, "harm=jeopardy");
  const jeopardyAbuse = await getFacilities(request, "harm=jeopardy&abuse=true");
  // The demo data has facilities at each level, and the filters narrow the list step by step.
  expect(harm.totalCount).toBeGreaterThan(jeopardy.totalCount);
  expect(jeopardy.totalCount).toBeGreaterThan(jeopardyAbuse.totalCount);
  expect(jeopardyAbuse.totalCount).toBeGreaterThan(0);
  expect(all.totalCount).toBeGreaterThan(harm.totalCount);

  await openDashboard(page);
  // The menus load right after the first list; this test is about the filters, not that hand-over.
  await page.waitForLoadState("networkidle");
  await openInspections(page);
  const dialog = page.getByRole("dialog", { name: "Inspection filters" });
  await expect(dialog.getByRole("radio", { name: /^Any/ })).toBeChecked();
  // Each choice applies at once (the address changes, then the control shows it): clicks, not check().
  await dialog.getByRole("radio", { name: /^Harm found \(G or worse\)/ }).click();
  await expect(dialog.getByRole("radio", { name: /^Harm found \(G or worse\)/ })).toBeChecked();
  await expect.poll(() => searchParams(page).get("harm")).toBe("actual");
  await expectListToBe(page, harm);

  await dialog.getByRole("radio", { name: /^Immediate jeopardy \(J or worse\)/ }).click();
  await expect.poll(() => searchParams(page).get("harm")).toBe("jeopardy");
  await expectListToBe(page, jeopardy);

  await dialog.getByRole("checkbox", { name: /^Abuse cited/ }).click();
  await expect(dialog.getByRole("checkbox", { name: /^Abuse cited/ })).toBeChecked();
  await expect.poll(() => searchParams(page).get("abuse")).toBe("true");
  await expectListToBe(page, jeopardyAbuse);
  await expect(inspectionsButton(page)).toContainText("2");
  await expect(
    page.getByRole("heading", {
      level: 2,
      name: "Facilities with immediate jeopardy cited, with abuse cited",
    }),
  ).toBeVisible();

  // The CSV export is the same view.
  await page.keyboard.press("Escape");
  const csv = new URL(
    (await page.getByRole("link", { name: "Download CSV" }).getAttribute("href")) ?? "",
    page.url(),
  );
  expect(csv.searchParams.get("harm")).toBe("jeopardy");
  expect(csv.searchParams.get("abuse")).toBe("true");

  // Any brings every facility back.
  await openInspections(page);
  await dialog.getByRole("radio", { name: /^Any/ }).click();
  await expect.poll(() => searchParams(page).get("harm")).toBeNull();
  await dialog.getByRole("checkbox", { name: /^Abuse cited/ }).click();
  await expect.poll(() => new URL(page.url()).search).toBe("");
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(all.totalCount));
});

test("the menu works with the keyboard alone and is accessible", async ({ page }) => {
  // axe over a page of 100 cards takes most of the default 30 s on a busy 2-core machine.
  test.slow();
  await openDashboard(page);
  await expect(inspectionsButton(page)).toBeEnabled();
  await inspectionsButton(page).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Inspection filters" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page);
  // Into the radio group, down twice in a row (the second moves on from the first), then to the check box.
  await dialog.getByRole("radio", { name: /^Any/ }).focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => searchParams(page).get("harm")).toBe("jeopardy");
  await page.keyboard.press("ArrowUp");
  await expect.poll(() => searchParams(page).get("harm")).toBe("actual");
  await dialog.getByRole("checkbox", { name: /^Abuse cited/ }).focus();
  await page.keyboard.press("Space");
  await expect.poll(() => searchParams(page).get("abuse")).toBe("true");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(inspectionsButton(page)).toBeFocused();
});

test("chips remove each filter; Clear filters removes both", async ({ page, request }) => {
  const inCa = await getFacilities(request, "state=CA");
  const inCaAbuse = await getFacilities(request, "state=CA&abuse=true");
  await openDashboard(page, "state=CA&harm=actual&abuse=true");
  await expect(page.getByRole("button", { name: "Remove filter Harm found (G or worse)" })).toBeVisible();
  await page.getByRole("button", { name: "Remove filter Harm found (G or worse)" }).click();
  await expect.poll(() => searchParams(page).get("harm")).toBeNull();
  expect(searchParams(page).get("abuse")).toBe("true");
  await expectListToBe(page, inCaAbuse);

  await page.getByRole("button", { name: "Remove filter Abuse cited" }).click();
  await expect.poll(() => searchParams(page).get("abuse")).toBeNull();
  await expectListToBe(page, inCa);
  expect(searchParams(page).getAll("state")).toEqual(["CA"]);

  await page.goto("/?harm=jeopardy&abuse=true");
  await expect(
    page.getByRole("button", { name: "Remove filter Immediate jeopardy (J or worse)" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect.poll(() => new URL(page.url()).search).toBe("");
  await expect(page.getByRole("button", { name: /^Remove filter/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: "All Facilities" })).toBeVisible();
});

test("the address is read leniently: unknown values are ignored", async ({ page, request }) => {
  const all = await getFacilities(request);
  await openDashboard(page, "harm=severe&abuse=yes");
  await expect(summaryValue(page, "Total Facilities")).toHaveText(formatCount(all.totalCount));
  await expect(page.getByRole("button", { name: /^Remove filter/ })).toHaveCount(0);
  await expect(inspectionsButton(page)).toHaveText("Inspections");
  await expect(page.getByRole("button", { name: "Share View" })).toHaveCount(0);
});

test("the filters survive a reload, and Share View's link restores them", async ({
  page,
  context,
  request,
}) => {
  const expected = await getFacilities(request, "harm=jeopardy&abuse=true");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openDashboard(page, "harm=jeopardy&abuse=true");
  await page.reload();
  await expectListToBe(page, expected);
  await openInspections(page);
  const dialog = page.getByRole("dialog", { name: "Inspection filters" });
  await expect(dialog.getByRole("radio", { name: /^Immediate jeopardy/ })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: /^Abuse cited/ })).toBeChecked();
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Share View" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Link copied!" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const shared = new URL(copied);
  expect(shared.searchParams.get("harm")).toBe("jeopardy");
  expect(shared.searchParams.get("abuse")).toBe("true");

  const other = await context.newPage();
  await other.goto(copied);
  await expectListToBe(other, expected);
  await expect(other.getByRole("button", { name: "Remove filter Abuse cited" })).toBeVisible();
});

test("a saved view keeps and restores the inspection filters", async ({ page, request }) => {
  const expected = await getFacilities(request, "harm=actual&abuse=true");
  await openDashboard(page, "harm=actual&abuse=true");
  await page.getByRole("button", { name: "Save Current View" }).click();
  const dialog = page.getByRole("dialog", { name: "Save Current View" });
  await dialog.getByRole("textbox", { name: "View name" }).fill("Harm and abuse");
  await dialog.getByRole("button", { name: "Save View" }).click();
  await expect(dialog).toBeHidden();
  const stored = (await readStorage(page, STORAGE.savedViews)) as { filters: Record<string, unknown> }[];
  expect(stored[0]?.filters).toMatchObject({ harm: "actual", abuse: true });

  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect.poll(() => new URL(page.url()).search).toBe("");
  await page.getByRole("button", { name: /^Saved Views/ }).click();
  await page.getByRole("menuitem", { name: /^Harm and abuse/ }).click();
  await expect.poll(() => searchParams(page).get("harm")).toBe("actual");
  expect(searchParams(page).get("abuse")).toBe("true");
  await expectListToBe(page, expected);
});

test("cards mark harm, immediate jeopardy and abuse cited, and nothing otherwise", async ({
  page,
  request,
}) => {
  const list = await getFacilities(request);
  const expectedMarks = (facility: FacilityListItem) => {
    const marks: string[] = [];
    const code = facility.mostSevereCitation ?? "";
    if ("JKL".includes(code) && code !== "") marks.push("Immediate jeopardy");
    else if ("GHI".includes(code) && code !== "") marks.push("Harm cited");
    if (facility.abuse) marks.push("Abuse cited");
    return marks;
  };
  const expected = list.data.map(expectedMarks);
  // The first page has cards of each kind, so every case is seen.
  expect(expected.some((marks) => marks.includes("Immediate jeopardy"))).toBe(true);
  expect(expected.some((marks) => marks.includes("Harm cited"))).toBe(true);
  expect(expected.some((marks) => marks.includes("Abuse cited"))).toBe(true);
  expect(expected.some((marks) => marks.length === 0)).toBe(true);

  await openDashboard(page);
  await expect.poll(() => cardCcns(page)).toEqual(list.data.map((facility) => facility.ccn));
  const shown = await cards(page).evaluateAll((articles) =>
    articles.map((article) =>
      [...article.querySelectorAll(".fc-marks > li")].map(
        (mark) => mark.firstChild?.textContent?.trim() ?? "",
      ),
    ),
  );
  expect(shown).toEqual(expected);

  // Each mark says, to a screen reader and in its tooltip, that it covers the last 3 years.
  const marked = cards(page)
    .filter({ has: page.getByRole("list", { name: "Inspection record" }) })
    .first();
  const mark = marked.getByRole("list", { name: "Inspection record" }).getByRole("listitem").first();
  await expect(mark).toContainText("in the last 3 years");
  await expect(mark).toHaveAttribute("title", /in the last 3 years/);
});

test("the map shows the same view: its points are asked for with the filters", async ({ page }) => {
  const points = page.waitForRequest((request) => request.url().includes("/api/facilities/points"));
  await page.goto("/?harm=actual&abuse=true&view=map");
  const url = new URL((await points).url());
  expect(url.searchParams.get("harm")).toBe("actual");
  expect(url.searchParams.get("abuse")).toBe("true");
});
