// The inspection record where no health citations, fire safety citations or penalties file is loaded: the real CMS files of
// ../shared/data/cms/raw are Provider Information and Star Ratings exports only. The detail page says each record
// is not loaded (never "no citations", which would claim a clean record), and the dashboard has no harm to filter
// by.
import { expect, test } from "@playwright/test";
import type { FacilityListResponse, Meta } from "../../src/core/api-types.ts";
import { expectNoSeriousViolations } from "../axe.ts";
import { getJson } from "../facility-detail/support.ts";
import { inspectionsSection, openRecord, penaltiesSection } from "./support.ts";

test.beforeEach(async ({ request }) => {
  const meta = await getJson<Meta>(request, "/api/meta");
  test.skip(meta.facilityCount === 0, "the real CMS files are not available");
  expect(meta.inspectionWindow, "no inspection file is loaded in the real-data database").toBeNull();
});

test("the detail page says the inspection record and the penalties are not loaded", async ({
  page,
  request,
}) => {
  const inspections = await getJson<{ surveys: unknown[]; threeYears: unknown }>(
    request,
    "/api/facilities/015009/inspections",
  );
  expect(inspections).toEqual({ surveys: [], threeYears: null, fireThreeYears: null });
  await openRecord(page, "015009");
  await expect(inspectionsSection(page).getByTestId("inspections-not-loaded")).toHaveText(
    "CMS's inspection record is not loaded in this dashboard, so no citations can be shown here.",
  );
  await expect(inspectionsSection(page).getByTestId("no-citations")).toHaveCount(0);
  await expect(inspectionsSection(page).getByRole("table")).toHaveCount(0);
  await expect(penaltiesSection(page).getByTestId("penalties-not-loaded")).toHaveText(
    "CMS's penalties file is not loaded in this dashboard, so no penalties can be shown here.",
  );
  await expect(penaltiesSection(page).getByTestId("no-penalties")).toHaveCount(0);
  await expectNoSeriousViolations(page);
});

test("no facility has harm found when no citations are loaded", async ({ request }) => {
  const harmed = await getJson<FacilityListResponse>(request, "/api/facilities?harm=actual");
  expect(harmed.totalCount).toBe(0);
});
