// The detail page's complaints line on the real CMS files: the Aug 2021 Provider Information file still has
// "Number of Substantiated Complaints", so the page shows CMS's count, under its own name, and no note.
import { expect, test } from "@playwright/test";
import type { FacilityDetail, FacilityListResponse, Meta } from "../../src/core/api-types.ts";
import { expectNoSeriousViolations } from "../axe.ts";
import { COMPLAINT_CITATIONS, COMPLAINTS_NOTE, getJson, readSectionLines } from "./support.ts";

test.beforeEach(async ({ request }) => {
  const meta = await getJson<Meta>(request, "/api/meta");
  test.skip(meta.facilityCount === 0, "the real CMS files are not available");
});

test("shows CMS's Substantiated Complaints of the Aug 2021 file, with no complaint citations line", async ({
  page,
  request,
}) => {
  // Details read until one fits, then axe: a while on a busy machine.
  test.setTimeout(90_000);
  const list = await getJson<FacilityListResponse>(request, "/api/facilities?pageSize=40");
  let detail: FacilityDetail | null = null;
  for (const item of list.data) {
    const candidate = await getJson<FacilityDetail>(request, `/api/facilities/${item.ccn}`);
    if ((candidate.substantiatedComplaints ?? 0) > 0) {
      detail = candidate;
      break;
    }
  }
  if (!detail) throw new Error("no facility with substantiated complaints among the first 40");
  // No health citations file is loaded with the real files: nothing to count instead, and nothing needed.
  expect(detail.complaintCitationsThreeYears).toBeNull();
  await page.goto(`/facility/${detail.ccn}`);
  const lines = await readSectionLines(page, "section-deficiencies");
  expect(lines["Substantiated Complaints"]).toBe(
    new Intl.NumberFormat("en-US").format(detail.substantiatedComplaints ?? 0),
  );
  expect(Object.keys(lines)).not.toContain(COMPLAINT_CITATIONS);
  await expect(page.getByText(COMPLAINTS_NOTE)).toHaveCount(0);
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expectNoSeriousViolations(page);
});
