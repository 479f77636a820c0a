// The comparison on the real CMS files (the Aug 2021 Provider Information file, which has CMS's count of
// substantiated complaints; no health citations or penalties file): CMS's count under its own name, and of the
// inspection record only what is known without those files, CMS's abuse icon: no row of unknowns.
import { expect, test } from "@playwright/test";
import type { Meta } from "../../src/core/api-types.ts";
import { expectNoSeriousViolations } from "../axe.ts";
import { firstFacilities, getDetail, getJson } from "./support.ts";

test.beforeEach(async ({ request }) => {
  const meta = await getJson<Meta>(request, "/api/meta");
  test.skip(meta.facilityCount === 0, "the real CMS files are not available");
});

test("shows CMS's substantiated complaints with the best marked, and the abuse icon as the only inspection row", async ({
  page,
  request,
}) => {
  // axe over the whole table takes a while on a busy machine.
  test.setTimeout(90_000);
  const listed = await firstFacilities(request, 4);
  const details = await Promise.all(listed.map((facility) => getDetail(request, facility.ccn)));
  await page.goto(`/compare?${details.map((detail) => `ccn=${detail.ccn}`).join("&")}`);
  const cells = page.locator('tbody tr[data-row="substantiatedComplaints"] td');
  await expect(cells).toHaveCount(4);
  const texts = await cells.evaluateAll((tds) => tds.map((td) => td.textContent?.trim() ?? ""));
  const values = details.map((detail) => detail.substantiatedComplaints);
  expect(texts.map((text) => text.replace(/Best$/, ""))).toEqual(
    values.map((value) => (value === null ? "N/A" : new Intl.NumberFormat("en-US").format(value))),
  );
  const known = values.filter((value): value is number => value !== null);
  const best = Math.min(...known);
  expect(texts.map((text) => /Best$/.test(text))).toEqual(
    values.map((value) => known.length > 1 && value === best),
  );
  await expect(page.locator('tbody tr[data-row="complaintCitationsThreeYears"]')).toHaveCount(0);
  const section = page.locator("tbody").filter({
    has: page.getByRole("columnheader", { name: "Inspection Record, Last 3 Years" }),
  });
  await expect(section.locator("tr[data-row]")).toHaveCount(1);
  await expect(section.locator('tr[data-row="abuse"] td')).toHaveText(
    details.map((detail) => new RegExp(`^${detail.abuse ? "Yes" : "No"}`)),
  );
  await expectNoSeriousViolations(page);
});
