// The kind of each inspection (demo database): a facility's surveys are titled by their citations' flags in Care
// Compare's words, and the citations page filters by kind, kept in the address. Expectations come from the API's
// answers; the titles are written here on their own, not with the web code.
import { expect, test } from "@playwright/test";
import type { Survey } from "../../src/core/api-types.ts";
import { expectRowsToBe, getCitations, openCitations, rows, searchParams } from "../citations/support.ts";
import { inspectionsSection, openRecord, pickRecord, type RecordFixture, surveys } from "./support.ts";

/** A survey's title from its kinds, as Care Compare words them; a fire safety survey's by its type. */
function expectedTitle({ kinds, type }: Pick<Survey, "kinds" | "type">): string {
  if (type === "fire")
    return kinds.includes("complaint") && !kinds.includes("standard")
      ? "Fire safety complaint inspection"
      : "Fire safety inspection";
  const words: Record<Survey["kinds"][number], string> = {
    standard: "standard",
    complaint: "complaint",
    infectionControl: "infection control",
  };
  const named = kinds.map((kind) => words[kind]);
  if (named.length === 0) return "Health inspection";
  const text =
    named.length === 1 ? named[0] : `${named.slice(0, -1).join(", ")} and ${named[named.length - 1]}`;
  return `${text?.charAt(0).toUpperCase()}${text?.slice(1)} inspection`;
}

/** A survey's citations shown before "Show N more". */
const CITATIONS_FIRST = 5;

const key = (survey: Survey) => survey.kinds.join("+");

/** A facility with a standard survey, a standard and complaint one, and a focused infection control one. */
let varied: RecordFixture;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  varied = await pickRecord(
    request,
    "",
    ({ inspections }) => {
      const kinds = new Set(inspections.surveys.filter((survey) => survey.type === "health").map(key));
      return kinds.has("standard") && kinds.has("standard+complaint") && kinds.has("infectionControl");
    },
    "with standard, standard and complaint, and infection control inspections",
  );
});

test("each survey is titled by the kinds of inspection its citations were found on", async ({ page }) => {
  const all = varied.inspections.surveys;
  await openRecord(page, varied.ccn);
  const section = inspectionsSection(page);
  await section.getByRole("button", { name: `Show all ${all.length} surveys` }).click();
  await expect(surveys(page)).toHaveCount(all.length);
  const titles = all.map(expectedTitle);
  await expect(surveys(page).getByTestId("survey-type")).toHaveText(titles);
  expect(titles).toEqual(
    expect.arrayContaining([
      "Standard inspection",
      "Standard and complaint inspection",
      "Infection control inspection",
    ]),
  );
  // The title is the survey's heading, after its date.
  const focused = all.findIndex((survey) => survey.type === "health" && key(survey) === "infectionControl");
  await expect(surveys(page).nth(focused).getByRole("heading", { level: 4 })).toContainText(
    "Infection control inspection",
  );
  // In a survey of one kind its citations do not repeat it; in a standard and complaint one, the complaint's say so.
  const mixed = all.findIndex((survey) => survey.type === "health" && key(survey) === "standard+complaint");
  const complaints = all[mixed]?.citations.filter((citation) => citation.complaint).length ?? 0;
  // Its citations all shown (a long survey shows its first five, then "Show N more").
  if ((all[mixed]?.citations.length ?? 0) > CITATIONS_FIRST + 1) {
    await surveys(page)
      .nth(mixed)
      .getByRole("button", { name: /^Show \d+ more citations/ })
      .click();
  }
  await expect(
    surveys(page)
      .nth(mixed)
      .getByTestId("citation-flag")
      .filter({ hasText: /^Complaint$/ }),
  ).toHaveCount(complaints);
  await expect(
    surveys(page)
      .nth(focused)
      .getByTestId("citation-flag")
      .filter({ hasText: /^Infection control$/ }),
  ).toHaveCount(0);
});

test("the citations page filters by kind of inspection, kept in the address", async ({ page, request }) => {
  const complaint = await getCitations(request, "kind=complaint");
  const focused = await getCitations(request, "kind=infectionControl");
  const all = await getCitations(request);
  expect(complaint.totalCount).toBeGreaterThan(0);
  expect(focused.totalCount).toBeGreaterThan(0);
  expect(complaint.totalCount + focused.totalCount).toBeLessThan(all.totalCount);
  expect(complaint.data.every((row) => row.complaint === true)).toBe(true);

  await openCitations(page);
  const field = page.getByRole("combobox", { name: "Kind of inspection" });
  await field.selectOption({ label: "Complaint inspections" });
  await expect.poll(() => searchParams(page).get("kind")).toBe("complaint");
  await expectRowsToBe(page, complaint);
  await expect(rows(page).first()).toContainText("Complaint");

  await field.selectOption({ label: "Infection control inspections" });
  await expect.poll(() => searchParams(page).get("kind")).toBe("infectionControl");
  await expectRowsToBe(page, focused);

  // The address brings it back; an unknown kind in it is ignored.
  await page.reload();
  await expectRowsToBe(page, focused);
  await expect(field).toHaveValue("infectionControl");
  // (kind=fire is the inspection type, e2e/inspections/fire-safety.spec.ts.)
  await openCitations(page, "kind=smoke");
  await expectRowsToBe(page, all);
  await expect(page.getByRole("combobox", { name: "Kind of inspection" })).toHaveValue("");

  await openCitations(page, "kind=complaint");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect.poll(() => new URL(page.url()).search).toBe("");
  await expectRowsToBe(page, all);
});
