// Fire safety inspections on a facility's page (demo database): their own three years beside the health ones, and
// the surveys' filter (all, health, fire safety) by mouse and keyboard, with axe. Every expectation comes from the
// API's answer, formatted here independently of the web code.
import { expect, test } from "@playwright/test";
import type { Survey } from "../../src/core/api-types.ts";
import { expectNoSeriousViolations } from "../axe.ts";
import { expectRowsToBe, getCitations, openCitations, searchParams } from "../citations/support.ts";
import {
  collapsed,
  inspectionsSection,
  openRecord,
  pickRecord,
  plural,
  type RecordFixture,
  shortDate,
  surveys,
} from "./support.ts";

const SURVEYS_FIRST = 3;

/** Health and fire safety surveys, more of each than shown first, and fire safety citations in the three years. */
let record: RecordFixture;

const ofType = (type: Survey["type"]) => record.inspections.surveys.filter((survey) => survey.type === type);

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  record = await pickRecord(
    request,
    "harm=actual",
    ({ inspections }) =>
      (inspections.fireThreeYears?.citations ?? 0) > 0 &&
      inspections.surveys.filter((survey) => survey.type === "fire").length > SURVEYS_FIRST + 1 &&
      inspections.surveys.filter((survey) => survey.type === "health").length > SURVEYS_FIRST + 1,
    "with more health and fire safety surveys than shown first",
  );
});

test("the fire safety three years are the API's, apart from the health ones", async ({ page }) => {
  const fire = record.inspections.fireThreeYears;
  const health = record.inspections.threeYears;
  if (!fire || !health) throw new Error("three years expected");
  await openRecord(page, record.ccn);
  const section = inspectionsSection(page);
  const block = section.getByTestId("fire-three-years");
  await expect(block.getByRole("heading", { level: 3 })).toHaveText("Fire safety, last three years");
  await expect(block.getByTestId("fire-window")).toContainText(
    `from inspections dated ${shortDate(fire.windowStart)} to ${shortDate(fire.windowEnd)}.`,
  );
  await expect(block.getByTestId("fire-total")).toHaveText(String(fire.citations));
  await expect(block.getByTestId("fire-surveys")).toHaveText(String(fire.surveys));
  await expect(block.getByTestId("fire-harm-total")).toHaveText(
    String(fire.actualHarm + fire.immediateJeopardy),
  );
  await expect(block.getByTestId("fire-emergency-total")).toHaveText(String(fire.emergencyPreparedness));
  await expect(block.getByTestId("fire-most-severe")).toContainText(`${fire.mostSevere} (`);
  // The health figures count health citations alone.
  const healthTotal = Object.values(health.grid).reduce((sum, value) => sum + value, 0);
  await expect(section.getByTestId("three-years-total")).toHaveText(String(healthTotal));
});

test("the surveys' filter shows all, health or fire safety surveys, by mouse and by keyboard", async ({
  page,
}) => {
  // Two axe runs and three lists, on a CPU shared with other work.
  test.setTimeout(90_000);
  const all = record.inspections.surveys;
  const fire = ofType("fire");
  const health = ofType("health");
  await openRecord(page, record.ccn);
  const section = inspectionsSection(page);
  const filter = section.getByRole("radiogroup", { name: "Show surveys" });
  const option = (name: string) => filter.getByTestId(`survey-filter-${name}`);
  await expect(option("all")).toHaveText(`All (${all.length})`);
  await expect(option("health")).toHaveText(`Health (${health.length})`);
  await expect(option("fire")).toHaveText(`Fire safety (${fire.length})`);
  await expect(option("all")).toHaveAttribute("data-state", "on");
  await expect(filter.getByRole("radio", { name: /^All/ })).toHaveAttribute("aria-checked", "true");

  // All: both types, newest first, as the API lists them; the fire safety ones titled as such.
  await expect(section.getByTestId("surveys-summary")).toContainText(
    `${plural(all.length, "survey")} with citations (${health.length} health, ${fire.length} fire safety)`,
  );
  await expect(surveys(page)).toHaveCount(collapsed(all.length, SURVEYS_FIRST));
  const shownAll = all.slice(0, collapsed(all.length, SURVEYS_FIRST));
  expect(
    await surveys(page).evaluateAll((items) => items.map((item) => item.getAttribute("data-type"))),
  ).toEqual(shownAll.map((survey) => survey.type));

  // Fire safety, by mouse: only the fire safety surveys, each "Fire safety inspection", then all of them.
  await option("fire").click();
  await expect(option("fire")).toHaveAttribute("data-state", "on");
  await expect(filter.getByRole("radio", { name: /^Fire safety/ })).toHaveAttribute("aria-checked", "true");
  await expect(section.getByTestId("surveys-summary")).toContainText(
    `${plural(fire.length, "survey")} with fire safety citations, newest first`,
  );
  await expect(surveys(page)).toHaveCount(collapsed(fire.length, SURVEYS_FIRST));
  await section.getByRole("button", { name: `Show all ${fire.length} surveys` }).click();
  await expect(surveys(page)).toHaveCount(fire.length);
  await expect(surveys(page).getByTestId("survey-type")).toHaveText(
    fire.map((survey) =>
      survey.kinds.includes("complaint") && !survey.kinds.includes("standard")
        ? "Fire safety complaint inspection"
        : "Fire safety inspection",
    ),
  );
  await expect(surveys(page).first().getByRole("heading", { level: 4 })).toContainText(
    shortDate(fire[0]?.surveyDate ?? ""),
  );
  // Fire safety tags: K or E.
  const tags = await surveys(page)
    .getByTestId("citation")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-tag") ?? ""));
  expect(tags.length).toBeGreaterThan(0);
  expect(tags.every((tag) => /^[KE]\d{4}$/.test(tag))).toBe(true);
  await expectNoSeriousViolations(page);

  // Health, by keyboard: the arrow keys move along the options, Space chooses.
  await option("fire").focus();
  await page.keyboard.press("ArrowLeft");
  await expect(option("health")).toBeFocused();
  await page.keyboard.press(" ");
  await expect(option("health")).toHaveAttribute("data-state", "on");
  await expect(option("fire")).toHaveAttribute("data-state", "off");
  // A new list: collapsed again, health surveys only, none of them fire safety.
  await expect(surveys(page)).toHaveCount(collapsed(health.length, SURVEYS_FIRST));
  await expect(section.getByTestId("surveys-summary")).toContainText(
    `${plural(health.length, "survey")} with health citations, newest first`,
  );
  expect(
    await surveys(page).evaluateAll((items) => items.map((item) => item.getAttribute("data-type"))),
  ).toEqual(health.slice(0, collapsed(health.length, SURVEYS_FIRST)).map(() => "health"));
  await expect(
    surveys(page)
      .getByTestId("survey-type")
      .filter({ hasText: /^Fire safety/ }),
  ).toHaveCount(0);

  // Back to all with Enter; pressing the chosen option again keeps it.
  await page.keyboard.press("ArrowLeft");
  await expect(option("all")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(option("all")).toHaveAttribute("data-state", "on");
  await option("all").click();
  await expect(option("all")).toHaveAttribute("data-state", "on");
  await expect(surveys(page)).toHaveCount(collapsed(all.length, SURVEYS_FIRST));
  await expectNoSeriousViolations(page);
});

test("the citations page lists fire safety citations when asked, kept in the address", async ({
  page,
  request,
}) => {
  const fire = await getCitations(request, "type=fire&pageSize=50");
  expect(fire.totalCount).toBeGreaterThan(0);
  await openCitations(page);
  const choice = page.getByRole("combobox", { name: "Inspection", exact: true });
  await expect(choice).toHaveValue("health");
  await choice.selectOption({ label: "Fire safety inspections" });
  await expect.poll(() => searchParams(page).get("type")).toBe("fire");
  await expectRowsToBe(page, fire);
  expect(fire.data.every((row) => row.prefix === "K" || row.prefix === "E")).toBe(true);
  // The API's other spelling in an address is the same page.
  await openCitations(page, "kind=fire");
  await expect(page.getByRole("combobox", { name: "Inspection", exact: true })).toHaveValue("fire");
  await expectRowsToBe(page, fire);
  await expectNoSeriousViolations(page);
});

test("the citations page offers the fire safety categories and filters by one", async ({ page, request }) => {
  const response = await request.get("/api/citations/categories?type=fire");
  expect(response.ok()).toBe(true);
  const { categories } = (await response.json()) as {
    categories: { category: string | null; citations: number }[];
  };
  const named = categories.filter((entry) => entry.category !== null);
  expect(named.length).toBeGreaterThan(1);
  // The category with the fewest citations: its rows differ from the unfiltered page's.
  const chosen = [...named].sort((a, b) => a.citations - b.citations)[0] as {
    category: string;
    citations: number;
  };
  await openCitations(page, "type=fire");
  const select = page.getByRole("combobox", { name: "Category", exact: true });
  await expect(select).toBeEnabled();
  const options = await select.locator("option").allTextContents();
  expect(options).toEqual([
    "Any category",
    ...named.map((entry) => `${entry.category} (${entry.citations.toLocaleString("en-US")})`),
  ]);
  await select.selectOption({ label: `${chosen.category} (${chosen.citations.toLocaleString("en-US")})` });
  await expect.poll(() => searchParams(page).get("category")).toBe(chosen.category);
  expect(searchParams(page).get("type")).toBe("fire");
  const filtered = await getCitations(
    request,
    `type=fire&category=${encodeURIComponent(chosen.category)}&pageSize=50`,
  );
  expect(filtered.totalCount).toBe(chosen.citations);
  await expectRowsToBe(page, filtered);
  // Back to health inspections: the fire safety category goes with the type.
  await page
    .getByRole("combobox", { name: "Inspection", exact: true })
    .selectOption({ label: "Health inspections" });
  await expect.poll(() => searchParams(page).get("category")).toBeNull();
  await expect(select).toHaveValue("");
});
