// The Staffing and Quality measures sections of the detail page (issue "Behind the staffing and quality stars"):
// what a visitor reads is checked against the API's answers, worked out here without the web app's code.
import { expect, test } from "@playwright/test";
import type { FacilityListResponse } from "../../src/core/api-types.ts";
import type { FacilityQualityMeasures } from "../../src/core/quality-measures.ts";
import type { FacilityStaffing } from "../../src/core/staffing.ts";
import { expectNoSeriousViolations } from "../axe.ts";
import { getJson } from "./support.ts";

interface Fixture {
  ccn: string;
  staffing: FacilityStaffing;
  quality: FacilityQualityMeasures;
}

let fixture: Fixture;

/** A facility with weekend hours, case-mix hours, a history of nurse hours and measures of both resident types. */
test.beforeAll(async ({ request }) => {
  const list = await getJson<FacilityListResponse>(request, "/api/facilities?pageSize=40&sort=nurseHours");
  for (const item of list.data) {
    const [staffing, quality] = await Promise.all([
      getJson<FacilityStaffing>(request, `/api/facilities/${item.ccn}/staffing`),
      getJson<FacilityQualityMeasures>(request, `/api/facilities/${item.ccn}/quality-measures`),
    ]);
    const total = staffing.figures.find((figure) => figure.key === "totalNurseHours");
    const weekend = staffing.figures.find((figure) => figure.key === "weekendTotalNurseHours");
    const types = new Set(quality.measures.map((measure) => measure.residentType));
    const charted = staffing.history.filter((point) => point.totalNurseHours !== null).length;
    if (total?.value && total.caseMix && weekend?.value && types.size === 2 && charted >= 2) {
      fixture = { ccn: item.ccn, staffing, quality };
      return;
    }
  }
  throw new Error("no facility of the first 40 has every staffing figure and both kinds of measures");
});

function figure(key: string) {
  const found = fixture.staffing.figures.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no figure ${key}`);
  return found;
}

test("the Staffing section gives every figure beside the averages, the weekend gap and the hours residents need", async ({
  page,
}) => {
  await page.goto(`/facility/${fixture.ccn}`);
  const section = page.getByTestId("staffing-section");
  await expect(section.getByRole("heading", { name: "Staffing", exact: true })).toBeVisible();

  const total = figure("totalNurseHours");
  const weekend = figure("weekendTotalNurseHours");
  const gap = Math.round(
    (((weekend.value as number) - (total.value as number)) / (total.value as number)) * 100,
  );
  const gapText =
    Math.abs(gap) < 1
      ? "About the same nurse hours at weekends as on weekdays"
      : `${Math.abs(gap)}% ${gap < 0 ? "fewer" : "more"} nurse hours at weekends`;
  await expect(section.getByTestId("staffing-highlight-weekend")).toContainText(gapText);
  await expect(section.getByTestId("staffing-highlight-total")).toContainText(
    `${(total.value as number).toFixed(2)} hrs`,
  );
  await expect(section.getByTestId("staffing-highlight-case-mix")).toContainText(
    `CMS expects ${(total.caseMix as number).toFixed(2)} hrs`,
  );

  // One row per figure reported (or averaged), with the facility's value and the nation's.
  const table = section.getByTestId("staffing-table");
  const shown = fixture.staffing.figures.filter(
    (candidate) => candidate.value !== null || candidate.state !== null || candidate.national !== null,
  );
  await expect(table.locator("tbody tr")).toHaveCount(shown.length);
  const rnRow = table.locator('tr[data-figure="rnHours"]');
  const rn = figure("rnHours");
  await expect(rnRow.getByRole("rowheader")).toContainText(rn.label);
  if (rn.value !== null) await expect(rnRow).toContainText(`${rn.value.toFixed(2)} hrs`);
  if (rn.national !== null)
    await expect(rnRow.locator("td").last()).toContainText(`${rn.national.toFixed(2)} hrs`);

  // Footnotes are words, never a bare code.
  for (const text of new Set(shown.map((candidate) => candidate.footnote).filter((note) => note !== null))) {
    await expect(section.getByTestId("staffing-footnotes")).toContainText(text);
  }

  // The chart of nurse hours has a description and its figures as a table.
  await expect(section.getByTestId("staffing-chart")).toHaveAttribute(
    "aria-label",
    /^Nurse hours per resident per day from /,
  );
  await section.getByText(/^Show the nurse hours as a table/).click();
  const charted = fixture.staffing.history.filter(
    (point) => point.totalNurseHours !== null || point.rnHours !== null,
  );
  await expect(
    section.getByRole("region", { name: "Nurse hours by CMS release date" }).locator("tbody tr"),
  ).toHaveCount(charted.length);
});

test("the Quality measures section marks each score better or worse by its direction, and the star's measures", async ({
  page,
}) => {
  await page.goto(`/facility/${fixture.ccn}`);
  const section = page.getByTestId("quality-measures-section");
  await expect(section.getByRole("heading", { name: "Quality measures" })).toBeVisible();
  await expect(section.getByRole("heading", { name: "Short-stay residents" })).toBeVisible();
  await expect(section.getByRole("heading", { name: "Long-stay residents" })).toBeVisible();

  for (const measure of fixture.quality.measures) {
    const row = section.locator(`tr[data-measure="${measure.code}"]`);
    await expect(row.getByRole("rowheader")).toContainText(measure.description);
    await expect(row.getByTestId("used-in-rating")).toHaveCount(measure.usedInRating ? 1 : 0);
    if (measure.footnote) await expect(row.getByTestId("quality-footnote")).toHaveText(measure.footnote);
    if (measure.score === null || measure.national === null) continue;
    const digits = /per\s*1,?000/i.test(measure.description) ? 2 : 1;
    const expected =
      measure.score.toFixed(digits) === measure.national.toFixed(digits)
        ? "same"
        : measure.score > measure.national === (measure.betterWhen === "higher")
          ? "better"
          : "worse";
    await expect(row.locator("[data-comparison]")).toHaveAttribute("data-comparison", expected);
  }
  // Each trend is an image described in words.
  const trends = section.getByTestId("quality-trend");
  if ((await trends.count()) > 0) await expect(trends.first()).toHaveAttribute("aria-label", /.+/);
});

test("the new sections are reachable by keyboard and pass axe", async ({ page }) => {
  // axe over the whole detail page (every section) takes much of the default 30 s on a busy 2-core machine.
  test.slow();
  await page.goto(`/facility/${fixture.ccn}`);
  const section = page.getByTestId("staffing-section");
  await expect(section.getByTestId("staffing-table")).toBeVisible();
  await expect(
    page.getByTestId("quality-measures-section").locator("tr[data-measure]").first(),
  ).toBeVisible();
  // The table of nurse hours opens from the keyboard.
  const summary = section.getByText(/^Show the nurse hours as a table/);
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(section.getByRole("region", { name: "Nurse hours by CMS release date" })).toBeVisible();
  await expectNoSeriousViolations(page);
});
