// The comparison's inspection record and complaints rows on the demo database (health citations and penalties
// loaded; the newest Provider Information file in CMS's 2025 layout, without substantiated complaints). Expected
// cells and best marks are worked out here from the API's answers, apart from the web code.
import { expect, type Page, test } from "@playwright/test";
import type { FacilityDetail, FacilityListResponse } from "../../src/core/api-types.ts";
import { expectNoSeriousViolations } from "../axe.ts";
import { getDetail, getJson } from "./support.ts";

const CODES = "ABCDEFGHIJKL";
const LEVELS = [
  "No actual harm, potential for minimal harm",
  "No actual harm, potential for more than minimal harm",
  "Actual harm",
  "Immediate jeopardy",
];
const count = new Intl.NumberFormat("en-US");
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** [row, label, the number compared (less is better), the cell's text]. */
const INSPECTION_ROWS: [string, string, (d: FacilityDetail) => number, (d: FacilityDetail) => string][] = [
  [
    "citationsImmediateJeopardy",
    "Immediate jeopardy (J-L)",
    (d) => d.citationsImmediateJeopardy ?? -1,
    (d) => count.format(d.citationsImmediateJeopardy ?? -1),
  ],
  [
    "citationsActualHarm",
    "Actual harm (G-I)",
    (d) => d.citationsActualHarm ?? -1,
    (d) => count.format(d.citationsActualHarm ?? -1),
  ],
  [
    "citationsPotentialHarm",
    "No actual harm, potential for more than minimal harm (D-F)",
    (d) => d.citationsPotentialHarm ?? -1,
    (d) => count.format(d.citationsPotentialHarm ?? -1),
  ],
  [
    "citationsMinimalHarm",
    "No actual harm, potential for minimal harm (A-C)",
    (d) => d.citationsMinimalHarm ?? -1,
    (d) => count.format(d.citationsMinimalHarm ?? -1),
  ],
  [
    "mostSevereCitation",
    "Most severe citation",
    // Less severe is better; no citation at all is best.
    (d) => (d.mostSevereCitation ? CODES.indexOf(d.mostSevereCitation) + 1 : 0),
    (d) =>
      d.mostSevereCitation
        ? `${d.mostSevereCitation} (${LEVELS[Math.floor(CODES.indexOf(d.mostSevereCitation) / 3)]})`
        : "None",
  ],
  ["abuse", "Abuse cited", (d) => (d.abuse ? 1 : 0), (d) => (d.abuse ? "Yes" : "No")],
  ["finesThreeYears", "Fines", (d) => d.finesThreeYears ?? -1, (d) => count.format(d.finesThreeYears ?? -1)],
  [
    "fineDollarsThreeYears",
    "Fines in dollars",
    (d) => d.fineDollarsThreeYears ?? -1,
    (d) => usd.format(d.fineDollarsThreeYears ?? -1),
  ],
];

function lowestMarked(values: number[]): boolean[] {
  const best = Math.min(...values);
  return values.map((value) => value === best);
}

/** Each cell's text without its "Best" mark, and whether it has one. */
async function readRow(page: Page, id: string): Promise<{ texts: string[]; best: boolean[] }> {
  const cells = await page
    .locator(`tbody tr[data-row="${id}"] td`)
    .evaluateAll((tds) => tds.map((td) => td.textContent?.trim() ?? ""));
  return {
    texts: cells.map((text) => text.replace(/Best$/, "").trim()),
    best: cells.map((text) => /Best$/.test(text)),
  };
}

/** Four facilities whose records differ: immediate jeopardy, actual harm, and the first two of the list. */
async function pickFacilities(request: Parameters<typeof getJson>[0]): Promise<FacilityDetail[]> {
  const ccns = new Set<string>();
  for (const query of ["harm=jeopardy&pageSize=1", "harm=actual&pageSize=5", "pageSize=5"]) {
    const list = await getJson<FacilityListResponse>(request, `/api/facilities?${query}`);
    for (const item of list.data) if (ccns.size < (query.startsWith("pageSize") ? 4 : 2)) ccns.add(item.ccn);
  }
  return Promise.all([...ccns].map((ccn) => getDetail(request, ccn)));
}

test("the comparison shows the inspection record of the last 3 years, with the best of each row marked", async ({
  page,
  request,
}) => {
  // axe over the whole table takes a while on a busy machine.
  test.setTimeout(90_000);
  const details = await pickFacilities(request);
  expect(details).toHaveLength(4);
  await page.goto(`/compare?${details.map((detail) => `ccn=${detail.ccn}`).join("&")}`);
  await expect(page.locator('tbody tr[data-row="overallRating"]')).toBeVisible();
  const section = page.locator("tbody").filter({
    has: page.getByRole("columnheader", { name: "Inspection Record, Last 3 Years" }),
  });
  await expect(section.locator("tr[data-row]")).toHaveCount(INSPECTION_ROWS.length);
  expect(
    await section
      .locator("tr[data-row]")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-row"))),
  ).toEqual(INSPECTION_ROWS.map(([id]) => id));
  let marked = 0;
  for (const [id, label, value, text] of INSPECTION_ROWS) {
    await expect(page.locator(`tbody tr[data-row="${id}"] th`)).toContainText(label);
    const row = await readRow(page, id);
    expect(row.texts, id).toEqual(details.map(text));
    const best = lowestMarked(details.map(value));
    expect(row.best, id).toEqual(best);
    if (best.some((isBest) => !isBest)) marked += 1;
  }
  // The facilities differ: some rows tell them apart.
  expect(marked).toBeGreaterThan(2);
  await expect(page.locator('tbody tr[data-row="mostSevereCitation"] th')).toContainText(
    "less severe is better",
  );
  await expect(page.locator('tbody tr[data-row="abuse"] th')).toContainText("none is better");
  await expectNoSeriousViolations(page);
});

test("the comparison's complaints row is the complaint citations of the last 3 years, with its note and best marked", async ({
  page,
  request,
}) => {
  const details = await pickFacilities(request);
  // The demo's newest file has no count of substantiated complaints; the inspection record is loaded.
  expect(details.map((detail) => detail.substantiatedComplaints)).toEqual(details.map(() => null));
  const counts = details.map((detail) => detail.complaintCitationsThreeYears ?? -1);
  expect(Math.min(...counts)).toBeGreaterThanOrEqual(0);
  await page.goto(`/compare?${details.map((detail) => `ccn=${detail.ccn}`).join("&")}`);
  await expect(page.locator('tbody tr[data-row="substantiatedComplaints"]')).toHaveCount(0);
  const header = page.locator('tbody tr[data-row="complaintCitationsThreeYears"] th');
  await expect(header).toContainText("Complaint citations, last 3 years");
  await expect(header.getByTestId("row-note")).toHaveText(
    /^CMS no longer publishes the number of substantiated complaints\./,
  );
  const row = await readRow(page, "complaintCitationsThreeYears");
  expect(row.texts).toEqual(counts.map((value) => count.format(value)));
  expect(row.texts).not.toContain("N/A");
  expect(row.best).toEqual(lowestMarked(counts));
});
