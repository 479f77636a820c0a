// The real CMS files (Aug 2021 has no coordinates): every facility is placed at its ZIP code, drawn as a ring, and
// its detail page says its location is approximate. Skipped when the real files are absent.
import { expect, test } from "@playwright/test";
import type { FacilityDetail } from "../../src/core/api-types.ts";
import { getJson, getPoints, waitForPoints } from "./support.ts";

test("positions taken from ZIP codes are drawn as rings, counted in the legend and said on the detail page", async ({
  page,
  request,
}) => {
  const points = await getPoints(request, "state=RI");
  test.skip(points.ccn.length === 0, "no real data");
  const approximate = points.approximate.filter(Boolean).length;
  test.skip(approximate === 0, "every facility of the real data has its own coordinates");

  await page.goto("/?view=map&state=RI");
  await waitForPoints(page, points.ccn.length);
  const formatCount = (value: number) => new Intl.NumberFormat("en-US").format(value);
  await expect(page.getByTestId("map-legend")).toContainText(
    `Ring: approximate location (ZIP code)(${formatCount(approximate)})`,
  );
  await expect(page.getByTestId("map-summary")).toContainText(
    `${formatCount(approximate)} ${approximate === 1 ? "point is" : "points are"} placed at the facility's ZIP code`,
  );

  const ccn = points.ccn[points.approximate.indexOf(true)] as string;
  const detail = await getJson<FacilityDetail>(request, `/api/facilities/${ccn}`);
  expect(detail.position?.approximate).toBe(true);
  await page.goto(`/facility/${ccn}`);
  const section = page.getByRole("region", { name: "Location" });
  await expect(section.getByText("Approximate location (ZIP code)")).toBeVisible();
  await expect(
    section.getByRole("img", { name: /approximately \(the location of its ZIP code\)/ }),
  ).toBeVisible();
});
