// Rating history and seasonality charts on the demo database (36+ monthly releases with the public gaps).
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import type { FacilityListResponse, RatingSnapshot } from "../../src/core/api-types.ts";
import {
  closestApproach,
  countDrawnPieces,
  countRuns,
  type FacilityFixture,
  getFacility,
  getJson,
  historyChart,
  horizontalSegments,
  LINE_WIDTH_PX,
  legendItems,
  MAX_NUDGE_PX,
  monthIndex,
  monthsBefore,
  pathVertices,
  pickFacilityWithHistory,
  rangeToggle,
  ratingToY,
  readMarkers,
  seasonalityChart,
  seriesLine,
} from "./support.ts";

let facility: FacilityFixture;

test.beforeAll(async ({ request }) => {
  facility = await pickFacilityWithHistory(request);
});

const latestDate = (history: readonly RatingSnapshot[]) =>
  history
    .map((snapshot) => snapshot.processingDate)
    .sort()
    .at(-1) ?? "";

/** Snapshots within `months` of the latest one (boundary included), as the spec's 6M and 1Y ranges. */
function inRange(history: readonly RatingSnapshot[], months: number | null): RatingSnapshot[] {
  if (months === null) return [...history];
  const start = monthsBefore(latestDate(history), months);
  return history.filter((snapshot) => snapshot.processingDate >= start);
}

const releasesText = (count: number) => `${count} ${count === 1 ? "release" : "releases"}`;

test("the range toggle defaults to 1Y, switches, and ignores a click on the selected option", async ({
  page,
}) => {
  const { detail, history } = facility;
  await page.goto(`/facility/${detail.ccn}`);
  const toggle = rangeToggle(page);
  await expect(toggle).toBeVisible();
  const option = (name: string) => toggle.getByRole("radio", { name, exact: true });
  await expect(option("6M")).toHaveAttribute("aria-checked", "false");
  await expect(option("1Y")).toHaveAttribute("aria-checked", "true");
  await expect(option("All")).toHaveAttribute("aria-checked", "false");
  await expect(historyChart(page)).toHaveAttribute("aria-label", /last year/);
  await expect(
    page.getByText(`Show the ratings as a table (${releasesText(inRange(history, 12).length)})`),
  ).toBeVisible();

  await option("6M").click();
  await expect(option("6M")).toHaveAttribute("aria-checked", "true");
  await expect(option("1Y")).toHaveAttribute("aria-checked", "false");
  await expect(historyChart(page)).toHaveAttribute("aria-label", /last 6 months/);
  await expect(
    page.getByText(`Show the ratings as a table (${releasesText(inRange(history, 6).length)})`),
  ).toBeVisible();

  // Pressing the selected option again must not deselect it (radix would report an empty value).
  await option("6M").click();
  await expect(option("6M")).toHaveAttribute("aria-checked", "true");
  await expect(toggle.locator('[aria-checked="true"]')).toHaveCount(1);
  await expect(historyChart(page)).toHaveAttribute("aria-label", /last 6 months/);

  await option("All").click();
  await expect(option("All")).toHaveAttribute("aria-checked", "true");
  await expect(historyChart(page)).toHaveAttribute("aria-label", /all releases/);
  await expect(page.getByText(`Show the ratings as a table (${releasesText(history.length)})`)).toBeVisible();

  // Keyboard: arrows move within the group, Enter/Space selects.
  await option("All").focus();
  await page.keyboard.press("ArrowLeft");
  await expect(option("1Y")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(option("1Y")).toHaveAttribute("aria-checked", "true");
});

test("ranges count back from the latest snapshot, not from today", async ({ page }) => {
  const { detail, history } = facility;
  // Shift the whole history ten years into the past: a today-based range would then be empty.
  const shifted = history.map((snapshot) => ({
    ...snapshot,
    processingDate: `${Number(snapshot.processingDate.slice(0, 4)) - 10}${snapshot.processingDate.slice(4)}`,
  }));
  await page.route(`**/api/facilities/${detail.ccn}/history`, (route) => route.fulfill({ json: shifted }));
  await page.goto(`/facility/${detail.ccn}`);
  const expected = inRange(shifted, 12);
  expect(expected.length).toBeGreaterThan(6);
  await expect(
    page.getByText(`Show the ratings as a table (${releasesText(expected.length)})`),
  ).toBeVisible();
  await page.getByText(/Show the ratings as a table/).click();
  const rows = page.getByTestId("section-history").locator("tbody tr");
  await expect(rows).toHaveCount(expected.length);
});

test("the history chart: four step lines on 0-5, 300 px, legend and tooltip", async ({ page }) => {
  await page.goto(`/facility/${facility.detail.ccn}`);
  const chart = historyChart(page);
  await expect(chart).toBeVisible();
  expect((await chart.boundingBox())?.height).toBe(300);
  await expect(chart.locator(".recharts-wrapper > svg.recharts-surface")).toHaveAttribute("height", "300");
  await expect(legendItems(chart)).toHaveText(["Overall", "Health", "QM", "Staffing"]);
  await expect(chart.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value")).toHaveText([
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
  ]);
  const lines = chart.locator("path.recharts-line-curve");
  await expect(lines).toHaveCount(4);
  // Step lines: within each drawn piece, every segment is horizontal or vertical.
  const d = (await lines.first().getAttribute("d")) ?? "";
  for (const piece of d.split("M").filter(Boolean)) {
    const points = [...piece.matchAll(/([\d.]+),([\d.]+)/g)].map((match) => [
      Number(match[1]),
      Number(match[2]),
    ]);
    for (let index = 1; index < points.length; index += 1) {
      const [x0, y0] = points[index - 1] ?? [];
      const [x1, y1] = points[index] ?? [];
      expect(x0 === x1 || y0 === y1, `segment ${index} of ${piece}`).toBe(true);
    }
  }
  // Tooltip on hover over the latest release (at the last dot's x, where the pointer shows a release's values),
  // with the four ratings.
  await hoverAtX(page, chart, chart.locator(".recharts-line-dots").first().locator("circle").last());
  const tooltip = chart.locator(".recharts-tooltip-wrapper");
  await expect(tooltip).toContainText("Overall");
  await expect(tooltip).toContainText("Staffing");
});

test("missing months are gaps: lines break at every month without a release", async ({ page }) => {
  const { detail, history } = facility;
  // The demo calendar skips Decembers and more: the facility's own history must have gaps to be a test.
  const sorted = [...history].sort((a, b) => (a.processingDate < b.processingDate ? -1 : 1));
  const hasGap = sorted.some(
    (snapshot, index) =>
      index > 0 &&
      monthIndex(snapshot.processingDate) - monthIndex(sorted[index - 1]?.processingDate ?? "") > 1,
  );
  expect(hasGap).toBe(true);
  await page.goto(`/facility/${detail.ccn}`);
  await rangeToggle(page).getByRole("radio", { name: "All" }).click();
  const lines = historyChart(page).locator("path.recharts-line-curve");
  const series: [string, (snapshot: RatingSnapshot) => number | null][] = [
    ["Overall", (snapshot) => snapshot.overallRating],
    ["Health", (snapshot) => snapshot.healthInspectionRating],
    ["QM", (snapshot) => snapshot.qmRating],
    ["Staffing", (snapshot) => snapshot.staffingRating],
  ];
  for (const [name, pick] of series) {
    const expected = countRuns(
      history.map((snapshot) => ({ date: snapshot.processingDate, value: pick(snapshot) })),
    );
    expect(expected).toBeGreaterThan(1);
    expect(await countDrawnPieces(lines.and(page.locator(`[name="${name}"]`))), name).toBe(expected);
  }
});

test("the seasonality chart: one step line per year over Jan-Dec, colours cycling over 5, gaps kept", async ({
  page,
}) => {
  const { detail, history } = facility;
  await page.goto(`/facility/${detail.ccn}`);
  const chart = seasonalityChart(page);
  await expect(chart).toBeVisible();
  expect((await chart.boundingBox())?.height).toBe(300);
  await expect(chart.locator(".recharts-wrapper > svg.recharts-surface")).toHaveAttribute("height", "300");

  const years = [...new Set(history.map((snapshot) => Number(snapshot.processingDate.slice(0, 4))))].sort();
  await expect(legendItems(chart)).toHaveText(years.map(String));
  await expect(chart.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value")).toHaveText([
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
  ]);
  await expect(chart.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value")).toHaveText([
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
  ]);

  const lines = chart.locator("path.recharts-line-curve");
  await expect(lines).toHaveCount(years.length);
  // (Drawn newest first, so that the dashed older years lie on top: read each year's line by its name.)
  const colours = await Promise.all(
    years.map((year) => seriesLine(chart, String(year)).getAttribute("stroke")),
  );
  for (let index = 0; index < colours.length; index += 1) {
    expect(colours[index]).toBe(colours[index % 5]);
    if (index < 5) expect(new Set(colours.slice(0, index + 1)).size).toBe(index + 1);
  }
  for (const year of years) {
    const points = history
      .filter((snapshot) => snapshot.processingDate.startsWith(`${year}-`))
      .map((snapshot) => ({ date: snapshot.processingDate, value: snapshot.overallRating }));
    expect(await countDrawnPieces(seriesLine(chart, String(year))), String(year)).toBe(countRuns(points));
  }
  await expect(chart).toHaveAttribute("aria-label", new RegExp(`${years.length} years`));
});

test("both charts have a text alternative and headings in order", async ({ page }) => {
  await page.goto(`/facility/${facility.detail.ccn}`);
  await expect(page.getByRole("img", { name: /^Star rating history/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Overall rating by month of year/ })).toBeVisible();
  const levels = await page
    .locator("h1, h2, h3")
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  for (let index = 1; index < levels.length; index += 1) {
    expect((levels[index] ?? 0) - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1);
  }
});

const HISTORY_SERIES: [string, (snapshot: RatingSnapshot) => number | null][] = [
  ["Overall", (snapshot) => snapshot.overallRating],
  ["Health", (snapshot) => snapshot.healthInspectionRating],
  ["QM", (snapshot) => snapshot.qmRating],
  ["Staffing", (snapshot) => snapshot.staffingRating],
];

/** Within each series the markers share one shape; across series the (pattern, shape) pairs all differ. */
async function expectDistinctSeries(chart: Locator, names: readonly string[]) {
  const lines = await Promise.all(
    names.map(async (name) => ({
      name,
      stroke: await seriesLine(chart, name).getAttribute("stroke"),
      dash: await seriesLine(chart, name).getAttribute("stroke-dasharray"),
    })),
  );
  const markerGroups = await readMarkers(chart);
  const shapeOf = (stroke: string | null) => {
    const group = markerGroups.find((markers) => markers[0]?.fill === stroke);
    const shapes = new Set(group?.map((marker) => marker.shape));
    expect(shapes.size, `one marker shape for the line in ${stroke}`).toBe(1);
    return [...shapes][0];
  };
  const styles = lines.map((line) => ({ ...line, shape: shapeOf(line.stroke) }));
  // Every series looks different even in black and white: by dash pattern, and by marker when there are more
  // series than patterns.
  expect(new Set(styles.map((style) => `${style.dash}|${style.shape}`)).size).toBe(names.length);

  // The legend shows each series as drawn: same colour, same dash pattern, same marker.
  for (const style of styles) {
    const item = legendItems(chart).filter({ hasText: style.name });
    await expect(item, style.name).toHaveCount(1);
    const swatch = item.locator("svg line");
    await expect(swatch, style.name).toHaveAttribute("stroke", style.stroke ?? "");
    if (style.dash === null) expect(await swatch.getAttribute("stroke-dasharray"), style.name).toBeNull();
    else await expect(swatch, style.name).toHaveAttribute("stroke-dasharray", style.dash);
    await expect(item.locator("[data-shape]"), style.name).toHaveAttribute("data-shape", style.shape ?? "");
  }
  return styles;
}

test("history lines: each series has its own dash pattern and marker, the legend shows them, drawn at its values", async ({
  page,
}) => {
  const { detail, history } = facility;
  await page.goto(`/facility/${detail.ccn}`);
  await rangeToggle(page).getByRole("radio", { name: "All" }).click();
  const chart = historyChart(page);
  // (A flat line has no height: attached rather than visible.)
  await expect(seriesLine(chart, "Staffing")).toBeAttached();
  const styles = await expectDistinctSeries(
    chart,
    HISTORY_SERIES.map(([name]) => name),
  );
  // Four series, four dash patterns (one of them solid) and four marker shapes.
  expect(new Set(styles.map((style) => style.dash)).size).toBe(4);
  expect(new Set(styles.map((style) => style.shape)).size).toBe(4);

  // Every line is drawn at its ratings, moved by one constant nudge of a few pixels at most (lines with equal
  // ratings are drawn apart): every rating of the series is drawn, and nothing in between.
  const toY = await ratingToY(chart);
  for (const [name, pick] of HISTORY_SERIES) {
    const ratings = [...new Set(history.map(pick).filter((value) => value !== null))];
    const expected = ratings.map(toY).sort((a, b) => a - b);
    const drawn = [
      ...new Set(
        pathVertices((await seriesLine(chart, name).getAttribute("d")) ?? "").map(([, y]) => y.toFixed(3)),
      ),
    ]
      .map(Number)
      .sort((a, b) => a - b);
    const nudge = (drawn[0] ?? 0) - (expected[0] ?? 0);
    expect(Math.abs(nudge), name).toBeLessThanOrEqual(MAX_NUDGE_PX);
    expect(drawn, name).toHaveLength(expected.length);
    drawn.forEach((y, index) => {
      expect(y - nudge, name).toBeCloseTo(expected[index] ?? Number.NaN, 1);
    });
  }
});

/** The first listed facility whose Overall rating equals its Health Inspection rating in every release of its last year. */
async function pickFacilityWithOverallEqualHealth(request: APIRequestContext) {
  const list = await getJson<FacilityListResponse>(request, "/api/facilities?pageSize=25");
  for (const item of list.data) {
    const fixture = await getFacility(request, item.ccn);
    const lastYear = inRange(fixture.history, 12);
    if (
      lastYear.length >= 6 &&
      lastYear.every(
        (snapshot) =>
          snapshot.overallRating !== null && snapshot.overallRating === snapshot.healthInspectionRating,
      )
    ) {
      return fixture;
    }
  }
  throw new Error("no facility with Overall = Health over its last year among the first 25");
}

test("when Overall equals Health, both lines stay visible: drawn apart, named in a note, exact in the tooltip", async ({
  page,
  request,
}) => {
  const { detail, history } = await pickFacilityWithOverallEqualHealth(request);
  await page.goto(`/facility/${detail.ccn}`);
  const chart = historyChart(page);
  await expect(seriesLine(chart, "Overall")).toBeAttached();
  const overall = (await seriesLine(chart, "Overall").getAttribute("d")) ?? "";
  const health = (await seriesLine(chart, "Health").getAttribute("d")) ?? "";
  // Side by side all along, never on the same pixels: apart by more than a line's width.
  const apart = closestApproach(overall, health);
  expect(apart, "the two lines run side by side").not.toBeNull();
  expect(apart ?? 0).toBeGreaterThanOrEqual(LINE_WIDTH_PX);
  // Overall on top (the legend's order), and both still at their rating: within a few pixels of it.
  const toY = await ratingToY(chart);
  const latest = inRange(history, 12).at(-1);
  const rating = latest?.overallRating ?? Number.NaN;
  const lastY = (d: string) => horizontalSegments(d).at(-1)?.y ?? Number.NaN;
  expect(lastY(overall)).toBeLessThan(lastY(health));
  for (const d of [overall, health])
    expect(Math.abs(lastY(d) - toY(rating))).toBeLessThanOrEqual(MAX_NUDGE_PX);
  // The markers too.
  const markers = await readMarkers(chart);
  const lastMarkers = markers.slice(0, 2).map((group) => group.at(-1)?.y ?? Number.NaN);
  expect(Math.abs((lastMarkers[0] ?? 0) - (lastMarkers[1] ?? 0))).toBeGreaterThanOrEqual(LINE_WIDTH_PX);

  // No two of the four lines are drawn on one another, in this range or over all releases.
  for (const [range, spoken] of [
    ["All", /all releases/],
    ["1Y", /last year/],
  ] as const) {
    await rangeToggle(page).getByRole("radio", { name: range, exact: true }).click();
    await expect(chart).toHaveAttribute("aria-label", spoken);
    const paths = await Promise.all(
      HISTORY_SERIES.map(
        async ([name]) => [name, (await seriesLine(chart, name).getAttribute("d")) ?? ""] as const,
      ),
    );
    for (const [index, [name, d]] of paths.entries()) {
      for (const [otherName, other] of paths.slice(index + 1)) {
        const distance = closestApproach(d, other);
        if (distance !== null) {
          expect(distance, `${range}: ${name} and ${otherName}`).toBeGreaterThanOrEqual(LINE_WIDTH_PX);
        }
      }
    }
  }

  // A note under the chart names the equal series; the tooltip gives the exact, equal ratings.
  const note = page.getByTestId("history-coincidence-note");
  await expect(note).toBeVisible();
  await expect(note).toContainText("Overall = Health");
  await expect(note).toContainText("drawn slightly apart");
  await hoverAtX(page, chart, chart.locator(".recharts-line-dots").first().locator("[data-shape]").last());
  const tooltip = chart.locator(".recharts-tooltip-wrapper");
  await expect(tooltip.locator("li", { hasText: "Overall" })).toHaveText(new RegExp(`Overall\\s*${rating}$`));
  await expect(tooltip.locator("li", { hasText: "Health" })).toHaveText(new RegExp(`Health\\s*${rating}$`));
});

/** A listed facility whose history has two years with the same overall rating on the same day of the year. */
async function pickFacilityWithEqualSeasons(request: APIRequestContext) {
  const list = await getJson<FacilityListResponse>(request, "/api/facilities?pageSize=25");
  for (const item of list.data) {
    const fixture = await getFacility(request, item.ccn);
    const byDay = new Map<string, RatingSnapshot[]>();
    for (const snapshot of fixture.history) {
      if (snapshot.overallRating === null || !snapshot.processingDate.endsWith("-01")) continue;
      const day = snapshot.processingDate.slice(5);
      byDay.set(day, [...(byDay.get(day) ?? []), snapshot]);
    }
    for (const [day, snapshots] of byDay) {
      for (const [index, first] of snapshots.entries()) {
        const second = snapshots
          .slice(index + 1)
          .find((other) => other.overallRating === first.overallRating);
        if (second) return { fixture, day, years: [first, second].map((s) => s.processingDate.slice(0, 4)) };
      }
    }
  }
  throw new Error("no facility with equal ratings on the same day of two years among the first 25");
}

test("seasonality: years are told apart by pattern and marker, and by a small nudge where they are equal", async ({
  page,
  request,
}) => {
  const { fixture, day, years: pair } = await pickFacilityWithEqualSeasons(request);
  const { detail, history } = fixture;
  await page.goto(`/facility/${detail.ccn}`);
  const chart = seasonalityChart(page);
  const years = [...new Set(history.map((snapshot) => snapshot.processingDate.slice(0, 4)))].sort();
  await expect(seriesLine(chart, years[0] ?? "")).toBeAttached();
  const styles = await expectDistinctSeries(chart, years);
  // The newest year is the solid line.
  expect(styles.at(-1)?.dash).toBeNull();

  const toY = await ratingToY(chart);
  const markerGroups = await readMarkers(chart);
  const markersOf = (year: string) => {
    const stroke = styles.find((style) => style.name === year)?.stroke;
    return markerGroups.find((markers) => markers[0]?.fill === stroke) ?? [];
  };
  // Each year's line and markers sit at the y of its ratings, moved by the year's one nudge of a few pixels at
  // most (years with equal ratings are drawn apart), nothing in between.
  for (const year of years) {
    const ratings = history
      .filter((snapshot) => snapshot.processingDate.startsWith(`${year}-`))
      .map((snapshot) => snapshot.overallRating)
      .filter((rating) => rating !== null);
    const allowed = [...new Set(ratings)].map(toY);
    const vertices = pathVertices((await seriesLine(chart, year).getAttribute("d")) ?? "");
    const markers = markersOf(year);
    expect(markers.length, year).toBeGreaterThan(0);
    const ys = [...vertices.map(([, y]) => y), ...markers.map((marker) => marker.y)];
    const first = ys[0] ?? 0;
    const nearest = allowed.reduce((best, y) => (Math.abs(y - first) < Math.abs(best - first) ? y : best));
    const nudge = first - nearest;
    expect(Math.abs(nudge), year).toBeLessThanOrEqual(MAX_NUDGE_PX);
    for (const y of ys) {
      expect(
        allowed.some((rating) => Math.abs(y - nudge - rating) < 0.05),
        `${year}: drawn at y ${y}`,
      ).toBe(true);
    }
  }

  // Two years with the same rating on the same day: their markers are apart, both by that rating, and the note
  // under the chart names them together.
  const monthLabel = new Date(`2000-${day}T00:00:00Z`).toLocaleString("en-US", {
    month: "short",
    timeZone: "UTC",
  });
  const tickX = Number(
    await chart
      .locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value")
      .filter({ hasText: new RegExp(`^${monthLabel}$`) })
      .getAttribute("x"),
  );
  const rating =
    history.find((snapshot) => snapshot.processingDate === `${pair[0]}-${day}`)?.overallRating ?? -1;
  const [first, second] = pair.map((year) =>
    markersOf(year).find((marker) => Math.abs(marker.x - tickX) < 0.5),
  );
  expect(first, `${pair[0]} marker on ${monthLabel}`).toBeTruthy();
  expect(second, `${pair[1]} marker on ${monthLabel}`).toBeTruthy();
  expect(Math.abs((first?.y ?? 0) - (second?.y ?? 0))).toBeGreaterThanOrEqual(LINE_WIDTH_PX);
  for (const marker of [first, second]) {
    expect(Math.abs((marker?.y ?? 0) - toY(rating))).toBeLessThanOrEqual(MAX_NUDGE_PX);
  }
  await expect(page.getByTestId("seasonality-coincidence-note")).toContainText(
    new RegExp(`${pair[0]}( = \\d{4})* = ${pair[1]}`),
  );
});

/**
 * Moves the pointer to the marker's x, halfway down the chart's plot: a marker of a top rating nudged up may sit on
 * the plot's edge, and the tooltip follows the x of the pointer within the plot.
 */
async function hoverAtX(page: Page, chart: Locator, marker: Locator): Promise<void> {
  await marker.scrollIntoViewIfNeeded();
  const [box, plot] = await Promise.all([
    marker.boundingBox(),
    chart.locator(".recharts-cartesian-grid").boundingBox(),
  ]);
  if (!box || !plot) throw new Error("the marker or the plot has no box");
  await page.mouse.move(box.x + box.width / 2, plot.y + plot.height / 2);
}
