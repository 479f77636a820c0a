// The detail page's location: the facility's state with its marker, the text alternative, and directions.
import { expect, test } from "@playwright/test";
import type { FacilityDetail } from "../../src/core/api-types.ts";
import { expectNoSeriousViolations, getJson, getPoints } from "./support.ts";

const STATE_NAMES: Record<string, string> = {
  CA: "California",
  TX: "Texas",
  AK: "Alaska",
  PR: "Puerto Rico",
};

for (const state of ["CA", "AK", "PR"]) {
  test(`a facility in ${state}: its state's outline with the marker, and directions by address`, async ({
    page,
    request,
  }) => {
    const points = await getPoints(request, `state=${state}`);
    test.skip(points.ccn.length === 0, `no facility with a position in ${state}`);
    const ccn = points.ccn[0] as string;
    const detail = await getJson<FacilityDetail>(request, `/api/facilities/${ccn}`);
    expect(detail.position).toBeTruthy();

    await page.goto(`/facility/${ccn}`);
    const section = page.getByRole("region", { name: "Location" });
    const map = section.getByRole("img", { name: new RegExp(`^Map of ${STATE_NAMES[state]} showing where`) });
    await expect(map).toBeVisible();
    await expect(map).toHaveAttribute(
      "aria-label",
      new RegExp(detail.providerName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    );
    await expect(map).toHaveAttribute("data-state", state);
    await expect(section.getByTestId("locator-marker")).toHaveCount(1);
    // The marker is inside the picture.
    const [box, marker] = await Promise.all([
      map.boundingBox(),
      section.getByTestId("locator-marker").boundingBox(),
    ]);
    expect(box && marker).toBeTruthy();
    if (box && marker) {
      const cx = marker.x + marker.width / 2;
      const cy = marker.y + marker.height / 2;
      expect(cx).toBeGreaterThan(box.x);
      expect(cx).toBeLessThan(box.x + box.width);
      expect(cy).toBeGreaterThan(box.y);
      expect(cy).toBeLessThan(box.y + box.height);
    }
    await expect(section.getByText("Approximate location (ZIP code)")).toHaveCount(
      detail.position?.approximate ? 1 : 0,
    );

    const directions = section.getByRole("link", { name: /^Directions/ });
    const address = [detail.address, detail.city, [detail.state, detail.zip].filter(Boolean).join(" ")]
      .filter(Boolean)
      .join(", ");
    await expect(directions).toHaveAttribute(
      "href",
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`,
    );
    await expect(directions).toHaveAttribute("target", "_blank");
    await expect(directions).toHaveAttribute("rel", "noopener noreferrer");
  });
}

test("an approximate position says so", async ({ page, request }) => {
  const points = await getPoints(request);
  const index = points.approximate.indexOf(true);
  test.skip(index < 0, "the dataset has no facility placed at its ZIP code");
  await page.goto(`/facility/${points.ccn[index]}`);
  const section = page.getByRole("region", { name: "Location" });
  await expect(section.getByText("Approximate location (ZIP code)")).toBeVisible();
  await expect(section.getByRole("img", { name: /approximately/ })).toBeVisible();
});

test("the detail page with its locator map passes axe, and draws without breaking the content security policy", async ({
  page,
  request,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const points = await getPoints(request, "state=TX");
  await page.goto(`/facility/${points.ccn[0]}`);
  await expect(page.getByTestId("locator-map")).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expectNoSeriousViolations(page);
  expect(violations).toEqual([]);
});
