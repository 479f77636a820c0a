// The dashboard's map (/?view=map): the view's facilities drawn as points, the popup of a point, the state layer,
// keyboard pan and zoom, the radius of a distance view, the text alternative, the way back to the list, and axe.
import { expect, type Page, test } from "@playwright/test";
import type { FacilityDetail, FacilityListResponse, StateBenchmarks } from "../../src/core/api-types.ts";
import {
  expectNoSeriousViolations,
  findDrawnPoint,
  getJson,
  getPoints,
  mapTransform,
  waitForPoints,
} from "./support.ts";

const formatCount = (value: number) => new Intl.NumberFormat("en-US").format(value);
const mapUrl = (query = "") => `/?view=map${query ? `&${query}` : ""}`;
const mapSurface = (page: Page) => page.getByRole("application", { name: /^Map of facilities/ });

test("draws every facility of the view that has a position and says so in words", async ({
  page,
  request,
}) => {
  const points = await getPoints(request, "state=TX");
  await page.goto(mapUrl("state=TX"));
  await waitForPoints(page, points.ccn.length);
  const rated = (stars: number) => points.overallRating.filter((rating) => rating === stars).length;
  const summary = page.getByTestId("map-summary");
  await expect(summary).toContainText(
    `The map shows ${formatCount(points.ccn.length)} facilities in Texas as points coloured by overall rating`,
  );
  for (const stars of [1, 2, 3, 4, 5]) {
    if (rated(stars) > 0) {
      await expect(summary).toContainText(
        `${stars === 1 ? "1 star" : `${stars} stars`}: ${formatCount(rated(stars))}`,
      );
    }
  }
  // The map is described to assistive technology by that summary.
  const describedBy = (await mapSurface(page).getAttribute("aria-describedby")) ?? "";
  expect(describedBy.split(" ")).toContain(await summary.getAttribute("id"));
  const legend = page.getByTestId("map-legend");
  await expect(legend).toContainText("Overall rating");
  await expect(legend).toContainText("Ring: approximate location (ZIP code)");
  if (points.withoutPosition > 0) {
    await expect(page.getByTestId("map-notes")).toContainText(
      `${formatCount(points.withoutPosition)} ${points.withoutPosition === 1 ? "facility" : "facilities"} without a location`,
    );
  } else {
    await expect(page.getByTestId("map-notes")).toHaveCount(0);
  }
});

test("pointing at a facility shows its name and ratings; a click keeps the popup; its link opens the facility", async ({
  page,
  request,
}) => {
  await page.goto(mapUrl("state=TX"));
  await waitForPoints(page);
  const point = await findDrawnPoint(page);
  expect(point).not.toBeNull();
  const { x, y } = point as { x: number; y: number };
  await page.mouse.move(x, y);
  const popup = page.getByTestId("map-popup");
  await expect(popup).toBeVisible();
  const link = popup.getByRole("link");
  await expect(link).toHaveAttribute("href", /\/facility\/\w{6}/);
  const ccn = /\/facility\/(\w{6})/.exec((await link.getAttribute("href")) ?? "")?.[1] as string;
  const detail = await getJson<FacilityDetail>(request, `/api/facilities/${ccn}`);
  await expect(link).toHaveText(detail.providerName);
  await expect(popup).toContainText(
    `Overall${detail.overallRating === null ? "N/A" : `${detail.overallRating}/5`}`,
  );

  // Moving off the point closes a popup that was only pointed at...
  await page.mouse.move(x + 300, y + 200 > 700 ? y - 200 : y + 200);
  await expect(popup).toHaveCount(0);
  // ...but not one opened by a click, until it is closed (Escape).
  await page.mouse.click(x, y);
  await expect(popup).toBeVisible();
  await page.mouse.move(x + 300, y + 200 > 700 ? y - 200 : y + 200);
  await expect(popup).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(popup).toHaveCount(0);

  await page.mouse.click(x, y);
  await popup.getByRole("link", { name: detail.providerName }).click();
  await expect(page).toHaveURL(new RegExp(`/facility/${ccn}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(detail.providerName);
});

test("the state layer names each state's average; choosing a state filters the view to it", async ({
  page,
  request,
}) => {
  const averages = await getJson<StateBenchmarks>(request, "/api/benchmarks/states");
  const texas = averages.TX?.overallRating;
  expect(texas?.average).not.toBeNull();
  await page.goto(mapUrl());
  await waitForPoints(page);
  const toggle = page.getByRole("button", { name: "State averages" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  const state = page.getByRole("button", {
    name: `Texas: average overall rating ${texas?.average?.toFixed(1)} (${formatCount(texas?.count ?? 0)} rated facilities)`,
  });
  await expect(state).toBeVisible();
  await expect(page.getByTestId("map-summary")).toContainText(
    "by the average overall rating of their facilities",
  );
  await expectNoSeriousViolations(page);
  await state.click();
  await expect(page).toHaveURL(/[?&]state=TX\b/);
  const points = await getPoints(request, "state=TX");
  await waitForPoints(page, points.ccn.length);

  // By keyboard: a state is a button reached with Tab and chosen with Enter.
  await page.goto(mapUrl());
  await waitForPoints(page);
  await page.getByRole("button", { name: "State averages" }).click();
  const california = page.getByRole("button", { name: /^California: average overall rating \d\.\d/ });
  await california.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]state=CA\b/);
});

test("the map pans with the arrow keys and zooms with + and - once focused, and with its buttons", async ({
  page,
}) => {
  await page.goto(mapUrl());
  await waitForPoints(page);
  const map = mapSurface(page);
  await map.focus();
  const start = await mapTransform(page);
  await page.keyboard.press("ArrowRight");
  await expect.poll(async () => (await mapTransform(page)).x).toBeCloseTo(start.x - 80, 0);
  await page.keyboard.press("ArrowDown");
  await expect.poll(async () => (await mapTransform(page)).y).toBeCloseTo(start.y - 80, 0);
  await page.keyboard.press("+");
  await expect.poll(async () => (await mapTransform(page)).k).toBeCloseTo(start.k * 1.6, 3);
  await page.keyboard.press("-");
  await expect.poll(async () => (await mapTransform(page)).k).toBeCloseTo(start.k, 3);
  await page.keyboard.press("0");
  await expect.poll(async () => mapTransform(page)).toEqual(start);

  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect.poll(async () => (await mapTransform(page)).k).toBeCloseTo(start.k * 1.6, 3);
  await page.getByRole("button", { name: "Zoom out" }).click();
  await expect.poll(async () => (await mapTransform(page)).k).toBeCloseTo(start.k, 3);

  // Dragging pans too.
  const box = await map.boundingBox();
  if (!box) throw new Error("the map has no box");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2 - 50, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await mapTransform(page)).x).toBeCloseTo(start.x - 100, 0);
});

test("a distance view draws its radius around the place and frames it", async ({ page, request }) => {
  const [place] = await getJson<{ label: string }[]>(request, "/api/places?q=641");
  const near = `near=${encodeURIComponent(place?.label ?? "")}&radius=50`;
  const [points, list] = await Promise.all([
    getPoints(request, near),
    getJson<FacilityListResponse>(request, `/api/facilities?${near}`),
  ]);
  await page.goto(mapUrl(near));
  await waitForPoints(page, points.ccn.length);
  await expect(page.getByTestId("map-summary")).toContainText(`within 50 miles of ${list.near?.label}`);
  const circle = page.getByTestId("map-radius");
  const [circleBox, mapBox] = await Promise.all([circle.boundingBox(), mapSurface(page).boundingBox()]);
  expect(circleBox && mapBox).toBeTruthy();
  if (circleBox && mapBox) {
    // The circle fills most of the map's height, inside it.
    expect(circleBox.y).toBeGreaterThanOrEqual(mapBox.y);
    expect(circleBox.y + circleBox.height).toBeLessThanOrEqual(mapBox.y + mapBox.height + 1);
    expect(circleBox.height).toBeGreaterThan(mapBox.height * 0.7);
  }
});

test("Show as list goes back to the cards of the same view", async ({ page }) => {
  await page.goto(mapUrl("state=TX"));
  await waitForPoints(page);
  await page.getByRole("button", { name: "Show as list" }).click();
  await expect(page).not.toHaveURL(/view=map/);
  await expect(page).toHaveURL(/state=TX/);
  await expect(page.getByRole("list", { name: "Facilities" }).getByRole("article").first()).toBeVisible();
});

test("the map with a popup open passes axe", async ({ page }) => {
  await page.goto(mapUrl("state=TX"));
  await waitForPoints(page);
  const point = await findDrawnPoint(page);
  if (!point) throw new Error("nothing drawn");
  await page.mouse.click(point.x, point.y);
  await expect(page.getByTestId("map-popup").getByRole("link")).not.toHaveText(/^Loading/);
  await expectNoSeriousViolations(page);
});

test("the map's code is not part of the list's first load", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await expect(page.getByRole("list", { name: "Facilities" }).getByRole("article").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((path) => /facility-map|projection/.test(path))).toEqual([]);
  await page.goto(mapUrl());
  await waitForPoints(page);
  expect(scripts.filter((path) => /facility-map|projection/.test(path)).length).toBeGreaterThan(0);
});
