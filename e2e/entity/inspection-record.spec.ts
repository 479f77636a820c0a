// The affiliated-entity page's inspection record on the demo database: the citations by harm level per facility
// beside the nation's, the facilities with harm found, immediate jeopardy, abuse and fines beside the nation's share,
// the links to those facilities on the dashboard and to their citations, keyboard use and axe. Every figure is
// worked out here from the API's answers (the entity's and the nation's totals; the list filtered as the link says).
import { expect, type Page, test } from "@playwright/test";
import type { Entity, FacilityListResponse } from "../../src/core/api-types.ts";
import { dollars } from "../inspections/support.ts";
import {
  cards,
  entityPagePath,
  expectNoSeriousAxeViolations,
  formatCount,
  getEntity,
  getJson,
  shortDate,
  tabUntil,
} from "./support.ts";

type Record = NonNullable<Entity["inspections"]>;

let entity: Entity;
let record: Record;

/** An entity of several facilities, some of them with harm found: the first such facility's entity in the list. */
test.beforeAll(async ({ request }) => {
  const harmed = await getJson<FacilityListResponse>(request, "/api/facilities?harm=actual&pageSize=200");
  for (const item of harmed.data) {
    if (!item.affiliatedEntityName) continue;
    const candidate = await getEntity(request, item.affiliatedEntityName);
    if (candidate.facilityCount >= 4 && candidate.inspections) {
      entity = candidate;
      record = candidate.inspections;
      return;
    }
  }
  throw new Error("no entity of 4 or more facilities with harm found in the demo data");
});

const section = (page: Page) => page.getByRole("region", { name: "Inspection record" });
const percent = (count: number, of: number) => `${((100 * count) / of).toFixed(1)}%`;
const perFacility = (count: number, of: number) => (count / of).toFixed(1);

test("shows the citations by harm level, per facility beside the nation's, for the window", async ({
  page,
}) => {
  await page.goto(entityPagePath(entity.name));
  await expect(section(page)).toBeVisible();
  await expect(page.getByTestId("entity-inspections-window")).toHaveText(
    `The last 3 years of inspections of its ${formatCount(entity.facilityCount)} facilities, ` +
      `${shortDate(record.window.start)} to ${shortDate(record.window.end)}, beside every facility in the nation.`,
  );
  const table = section(page).getByRole("table", { name: "Citations by harm level" });
  const own = record.totals.citations;
  const nation = record.national.citations;
  if (!own || !nation) throw new Error("the demo data has health citations");
  const levels = [
    ["minimal", "A-C", "No actual harm, potential for minimal harm"],
    ["potential", "D-F", "No actual harm, potential for more than minimal harm"],
    ["actual", "G-I", "Actual harm"],
    ["jeopardy", "J-L", "Immediate jeopardy"],
  ] as const;
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(1 + levels.length);
  for (const [index, [key, codes, label]] of levels.entries()) {
    await expect(rows.nth(index + 1).getByRole("rowheader")).toHaveText(`${codes}${label}`);
    await expect(rows.nth(index + 1).getByRole("cell")).toHaveText([
      formatCount(own[key]),
      perFacility(own[key], record.totals.facilities),
      perFacility(nation[key], record.national.facilities),
    ]);
  }
  await page.screenshot({ path: "/tmp/entity-inspection-record.png", fullPage: false });
});

test("counts the facilities with each finding and the fines, beside the nation's share", async ({ page }) => {
  await page.goto(entityPagePath(entity.name));
  const figures = section(page).getByTestId("entity-facility-figures");
  const of = record.totals.facilities;
  const expectFigure = async (key: string, label: string, count: number | null, national: number | null) => {
    const figure = figures.locator(`[data-figure="${key}"]`);
    await expect(figure.locator("dt")).toHaveText(label);
    if (count === null || national === null) throw new Error(`the demo data has ${key}`);
    await expect(figure.locator("dd")).toContainText(
      `${formatCount(count)} of ${formatCount(of)} facilities (${percent(count, of)})`,
    );
    await expect(figure.locator("dd")).toContainText(
      `Nation: ${percent(national, record.national.facilities)}`,
    );
  };
  await expectFigure(
    "actual",
    "Facilities with harm found (G or worse)",
    record.totals.facilitiesWithActualHarm,
    record.national.facilitiesWithActualHarm,
  );
  await expectFigure(
    "jeopardy",
    "Facilities with immediate jeopardy (J or worse)",
    record.totals.facilitiesWithImmediateJeopardy,
    record.national.facilitiesWithImmediateJeopardy,
  );
  await expectFigure(
    "abuse",
    "Facilities cited for abuse or with CMS's abuse icon",
    record.totals.facilitiesWithAbuse,
    record.national.facilitiesWithAbuse,
  );
  await expectFigure(
    "fined",
    "Facilities fined",
    record.totals.facilitiesFined,
    record.national.facilitiesFined,
  );
  const fines = figures.locator('[data-figure="fines"] dd');
  const { fines: count, fineDollars } = record.totals;
  if (count === null || fineDollars === null || record.national.fineDollars === null)
    throw new Error("the demo data has penalties");
  await expect(fines).toContainText(
    count === 0
      ? "No fines"
      : `${dollars(fineDollars)} in ${formatCount(count)} ${count === 1 ? "fine" : "fines"}`,
  );
  await expect(fines).toContainText(
    `${dollars(fineDollars / of)} per facility (nation: ${dollars(record.national.fineDollars / record.national.facilities)})`,
  );
});

test("opens the facilities with harm found on the dashboard, filtered by the entity and harm", async ({
  page,
  request,
}) => {
  await page.goto(entityPagePath(entity.name));
  const link = section(page).getByRole("link", {
    name: "Facilities with harm found (G or worse): show them on the dashboard",
  });
  await link.click();
  await expect(page).toHaveURL(/\/\?/);
  const params = new URL(page.url()).searchParams;
  expect(params.getAll("entity")).toEqual([entity.name]);
  expect(params.get("harm")).toBe("actual");
  const list = await getJson<FacilityListResponse>(
    request,
    `/api/facilities?entity=${encodeURIComponent(entity.name)}&harm=actual&pageSize=100`,
  );
  // The dashboard's list counts what the entity page said.
  expect(list.totalCount).toBe(record.totals.facilitiesWithActualHarm);
  await expect(cards(page)).toHaveCount(list.data.length);
  await expect(cards(page).getByRole("heading", { level: 3 })).toHaveText(
    list.data.map((item) => item.providerName),
  );
});

test("reads the entity's citations on the citations page", async ({ page }) => {
  await page.goto(entityPagePath(entity.name));
  await section(page).getByRole("link", { name: "Read their citations" }).click();
  await expect(page).toHaveURL(/\/citations\?/);
  expect(new URL(page.url()).searchParams.getAll("entity")).toEqual([entity.name]);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("reaches the section's links by keyboard, and has no serious axe violation", async ({ page }) => {
  await page.goto(entityPagePath(entity.name));
  await expect(section(page)).toBeVisible();
  const target = section(page).getByRole("link", {
    name: "Facilities with harm found (G or worse): show them on the dashboard",
  });
  expect(await tabUntil(page, () => target.evaluate((element) => element === document.activeElement))).toBe(
    true,
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/harm=actual/);
  await page.goBack();
  await expect(section(page)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
