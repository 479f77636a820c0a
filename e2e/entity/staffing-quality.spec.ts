// The affiliated-entity page's "Staffing and quality measures" on the demo database: the facilities' average staffing
// figures and quality measures beside the nation's, each measure marked better or worse by its direction, captions
// and header scopes, keyboard use and axe. Every figure is read from the API (the entity's answer, and the national
// averages of /api/benchmarks), and the marks are worked out here without the web app's code.
import { expect, type Page, test } from "@playwright/test";
import type { Benchmarks } from "../../src/core/api-types.ts";
import type { EntityStaffingQuality } from "../../src/core/figure-averages.ts";
import {
  entityApiPath,
  entityPagePath,
  expectNoSeriousAxeViolations,
  getJson,
  pickEntities,
} from "./support.ts";

let data: EntityStaffingQuality;
let benchmarks: Benchmarks;

test.beforeAll(async ({ request }) => {
  const { large } = await pickEntities(request);
  [data, benchmarks] = await Promise.all([
    getJson<EntityStaffingQuality>(request, `${entityApiPath(large.name)}/staffing-quality`),
    getJson<Benchmarks>(request, "/api/benchmarks"),
  ]);
  if (!data.staffing.some((figure) => figure.average !== null) || data.qualityMeasures.length === 0) {
    throw new Error(`the demo entity ${large.name} has no staffing figures or no quality measures`);
  }
});

const section = (page: Page) => page.getByRole("region", { name: "Staffing and quality measures" });

const hours = (value: number) => `${value.toFixed(2)} hrs`;
const isRate = (description: string) => /per\s*1,?000/i.test(description);
const score = (description: string, value: number) =>
  isRate(description) ? `${value.toFixed(2)} per 1,000 days` : `${value.toFixed(1)}%`;

test("the staffing table gives each figure's average over the entity's facilities beside the nation's", async ({
  page,
}) => {
  await page.goto(entityPagePath(data.name));
  const table = section(page).getByRole("table", { name: /^Staffing: the facilities' average/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText([
    "Figure",
    "Entity average",
    "Facilities reporting",
    "US average",
  ]);
  const shown = data.staffing.filter((figure) => figure.average !== null || figure.national !== null);
  await expect(table.locator("tbody tr")).toHaveCount(shown.length);
  const total = data.staffing.find((figure) => figure.key === "totalNurseHours");
  if (!total || total.average === null) throw new Error("no average total nurse hours");
  // The national figure is the one the benchmarks give.
  expect(total.national).toBe(benchmarks.national.staffing.totalNurseHours.average);
  const row = table.locator('tr[data-figure="totalNurseHours"]');
  await expect(row.getByRole("rowheader")).toHaveText(total.label);
  const cells = row.getByRole("cell");
  await expect(cells.nth(0)).toHaveText(hours(total.average));
  await expect(cells.nth(1)).toHaveText(
    total.facilities === data.facilityCount
      ? `All ${data.facilityCount}`
      : `${total.facilities} of ${data.facilityCount}`,
  );
  if (total.national !== null) await expect(cells.nth(2)).toContainText(hours(total.national));
});

test("the quality measures are grouped by resident type and marked better or worse by their direction", async ({
  page,
}) => {
  await page.goto(entityPagePath(data.name));
  const region = section(page);
  for (const measure of data.qualityMeasures) {
    const row = region.locator(`tr[data-measure="${measure.code}"]`);
    await expect(row.getByRole("rowheader")).toContainText(measure.description);
    const cells = row.getByRole("cell");
    await expect(cells.nth(0)).toHaveText(
      measure.score === null ? "Not reported" : score(measure.description, measure.score),
    );
    expect(measure.national).toBe(benchmarks.national.qualityMeasures[measure.code]?.average ?? null);
    if (measure.score === null || measure.national === null) {
      await expect(row.locator("[data-comparison]")).toHaveCount(0);
      continue;
    }
    await expect(cells.nth(2)).toContainText(score(measure.description, measure.national));
    const digits = isRate(measure.description) ? 2 : 1;
    const expected =
      measure.score.toFixed(digits) === measure.national.toFixed(digits)
        ? "same"
        : measure.score > measure.national === (measure.betterWhen === "higher")
          ? "better"
          : "worse";
    await expect(row.locator("[data-comparison]")).toHaveAttribute("data-comparison", expected);
  }
  // One table per resident type, each with a caption and its headers scoped to their columns and rows.
  const types = new Set(data.qualityMeasures.map((measure) => measure.residentType));
  const tables = region.getByRole("table", { name: /^Quality measures of / });
  await expect(tables).toHaveCount(types.size);
  if (types.has("shortStay")) {
    await expect(
      region.getByRole("table", { name: /^Quality measures of short-stay residents/ }),
    ).toBeVisible();
  }
  await expect(region.locator('th[scope="col"]').first()).toBeVisible();
  expect(await region.locator("tbody th:not([scope='row'])").count()).toBe(0);
});

test("the section is found by its heading and passes axe", async ({ page }) => {
  // axe reads every cell of the page's tables: slow on a busy machine.
  test.slow();
  await page.goto(entityPagePath(data.name));
  const region = section(page);
  await expect(region.locator("tr[data-measure]").first()).toBeVisible();
  // The tables sit in the page's reading order: a heading names the section for screen-reader navigation.
  await expect(page.getByRole("heading", { name: "Staffing and quality measures", level: 2 })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
