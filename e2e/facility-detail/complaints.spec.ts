// The detail page's complaints line on the demo database, whose newest Provider Information file is in CMS's 2025
// layout, without "Number of Substantiated Complaints": the home's complaint citations of the last three years from
// the inspection record instead, labelled and explained as such; checked against the inspections API's citations.
import { expect, test } from "@playwright/test";
import type { FacilityDetail, FacilityInspections, FacilityListResponse } from "../../src/core/api-types.ts";
import { expectNoSeriousViolations } from "../axe.ts";
import { COMPLAINT_CITATIONS, COMPLAINTS_NOTE, getJson, readSectionLines } from "./support.ts";

const plain = new Intl.NumberFormat("en-US");

/** The first listed facilities' details and inspection records, until one has complaint citations. */
async function facilityWithComplaintCitations(request: Parameters<typeof getJson>[0]) {
  const list = await getJson<FacilityListResponse>(request, "/api/facilities?harm=actual&pageSize=40");
  for (const item of list.data) {
    const detail = await getJson<FacilityDetail>(request, `/api/facilities/${item.ccn}`);
    if ((detail.complaintCitationsThreeYears ?? 0) === 0) continue;
    const record = await getJson<FacilityInspections>(request, `/api/facilities/${item.ccn}/inspections`);
    return { detail, record };
  }
  throw new Error("no facility with complaint citations among the first 40 with harm cited");
}

test("where CMS no longer publishes substantiated complaints, shows the complaint citations of the last 3 years with a note", async ({
  page,
  request,
}) => {
  // Details read until one fits, then axe: a while on a busy machine.
  test.setTimeout(90_000);
  const { detail, record } = await facilityWithComplaintCitations(request);
  // The demo's newest file has no count of substantiated complaints.
  expect(detail.substantiatedComplaints).toBeNull();
  // The count is the record's citations flagged as complaints, surveyed in the three years.
  const start = record.threeYears?.windowStart ?? "";
  const complaints = record.surveys
    .filter((survey) => survey.surveyDate >= start)
    .flatMap((survey) => survey.citations)
    .filter((citation) => citation.complaint).length;
  expect(complaints).toBe(detail.complaintCitationsThreeYears);

  await page.goto(`/facility/${detail.ccn}`);
  const section = page.getByTestId("section-deficiencies");
  const lines = await readSectionLines(page, "section-deficiencies");
  expect(lines[COMPLAINT_CITATIONS]).toBe(plain.format(complaints));
  expect(Object.keys(lines)).not.toContain("Substantiated Complaints");
  // Never a bare number: the note says what it is and why.
  const line = section.locator("dl > div").filter({ hasText: COMPLAINT_CITATIONS });
  await expect(line.locator("dd").last()).toHaveText(COMPLAINTS_NOTE);
  await expect(line.locator("dd").last()).toContainText("complaint inspections in the last three years");
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expectNoSeriousViolations(page);
});

test("a home without complaint citations reads 0, not a missing line", async ({ page, request }) => {
  const list = await getJson<FacilityListResponse>(request, "/api/facilities?pageSize=40");
  let found: FacilityDetail | null = null;
  for (const item of list.data) {
    const detail = await getJson<FacilityDetail>(request, `/api/facilities/${item.ccn}`);
    if (detail.complaintCitationsThreeYears === 0) {
      found = detail;
      break;
    }
  }
  if (!found) throw new Error("no facility without complaint citations among the first 40");
  await page.goto(`/facility/${found.ccn}`);
  expect((await readSectionLines(page, "section-deficiencies"))[COMPLAINT_CITATIONS]).toBe("0");
});

test("a file with CMS's count shows it as Substantiated Complaints, with no note", async ({
  page,
  request,
}) => {
  const list = await getJson<FacilityListResponse>(request, "/api/facilities?pageSize=1");
  const ccn = list.data[0]?.ccn ?? "";
  const detail = await getJson<FacilityDetail>(request, `/api/facilities/${ccn}`);
  // As a 2024 file has it: the count beside the inspection record's.
  await page.route(`**/api/facilities/${ccn}`, (route) =>
    route.fulfill({ json: { ...detail, substantiatedComplaints: 4, complaintCitationsThreeYears: 9 } }),
  );
  await page.goto(`/facility/${ccn}`);
  const lines = await readSectionLines(page, "section-deficiencies");
  expect(lines["Substantiated Complaints"]).toBe("4");
  expect(Object.keys(lines)).not.toContain(COMPLAINT_CITATIONS);
  await expect(page.getByTestId("section-deficiencies").getByText(COMPLAINTS_NOTE)).toHaveCount(0);
});
