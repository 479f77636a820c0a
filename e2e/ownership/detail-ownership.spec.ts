// The detail page's Ownership section and the header's special focus status and home facts, on the demo database:
// every owner, share, count and change is checked against the API's answers.
import { expect, test } from "@playwright/test";
import {
  cameAndLeft,
  expectNoSeriousViolations,
  getJson,
  monthYear,
  pickChangedHome,
  pickSpecialFocusHome,
  tabUntil,
} from "./support.ts";

const GROUP_HEADINGS: Record<string, string> = {
  "direct owner": "Direct owners",
  "indirect owner": "Indirect owners",
  "mortgage or security interest": "Mortgage or security interest",
  "operational or managerial control": "Operational or managerial control",
  "managing employee": "Managing employees",
  "officer or director": "Officers and directors",
  partner: "Partners",
  other: "Other roles",
};

test("the Ownership section lists the owners by role group with their shares, links and other homes", async ({
  page,
  request,
}) => {
  const { detail, ownership } = await pickChangedHome(request);
  await page.goto(`/facility/${detail.ccn}`);
  const section = page.getByTestId("section-ownership");
  await expect(section.getByRole("heading", { level: 2, name: "Ownership" })).toBeVisible();
  await expect(section.getByTestId("ownership-changed")).toHaveText(
    /Changed ownership in the last 12 months/,
  );

  // The groups in CMS's order, each with its owners.
  const order = Object.keys(GROUP_HEADINGS);
  const groups = [...new Set(ownership.owners.map((owner) => owner.roleGroup))].sort(
    (a, b) => order.indexOf(a) - order.indexOf(b),
  );
  const headings = section.getByTestId("ownership-groups").getByRole("heading", { level: 3 });
  await expect(headings).toHaveText(
    groups.map((group) => {
      const count = ownership.owners.filter((owner) => owner.roleGroup === group).length;
      return `${GROUP_HEADINGS[group]} (${count})`;
    }),
  );
  await expect(section.getByTestId("ownership-owner")).toHaveCount(ownership.owners.length);

  for (const owner of ownership.owners) {
    const group = section.locator(`[data-group="${owner.roleGroup}"]`);
    const row = group
      .getByTestId("ownership-owner")
      .filter({ has: page.getByRole("link", { name: owner.name, exact: true }) });
    await expect(row.first()).toBeVisible();
    await expect(row.first().getByRole("link", { name: owner.name, exact: true })).toHaveAttribute(
      "href",
      owner.ownerPath,
    );
    const share =
      owner.percentage !== null
        ? `${owner.percentage}%`
        : owner.percentageText
          ? owner.percentageText.charAt(0) + owner.percentageText.slice(1).toLowerCase()
          : "";
    await expect(row.first().getByTestId("owner-share")).toHaveText(share);
    const others =
      owner.otherFacilities === 0
        ? "No other homes"
        : `${owner.otherFacilities} other ${owner.otherFacilities === 1 ? "home" : "homes"}`;
    await expect(row.first().getByTestId("owner-other-homes")).toHaveText(others);
  }
});

test("the timeline names the owners who came and left, newest release first", async ({ page, request }) => {
  const { detail, ownership } = await pickChangedHome(request);
  const moves = ownership.changes
    .map((change) => ({ month: monthYear(change.processingDate), ...cameAndLeft(change) }))
    .filter((change) => change.came.length + change.left.length > 0);
  await page.goto(`/facility/${detail.ccn}`);
  const section = page.getByTestId("section-ownership");
  await expect(section.getByRole("heading", { name: "Owners who came and left" })).toBeVisible();
  const shown = Math.min(moves.length, 5);
  const entries = section.getByTestId("timeline-entry");
  await expect(entries).toHaveCount(shown);
  for (const [index, move] of moves.slice(0, shown).entries()) {
    const entry = entries.nth(index);
    await expect(entry.locator("time")).toHaveText(move.month);
    for (const name of move.came) {
      await expect(entry.getByTestId("timeline-came").getByRole("link", { name, exact: true })).toBeVisible();
    }
    for (const name of move.left) {
      await expect(entry.getByTestId("timeline-left").getByRole("link", { name, exact: true })).toBeVisible();
    }
  }
});

test("the header says a Special Focus Facility or a candidate with CMS's explanation, and the home's facts", async ({
  page,
  request,
}) => {
  const sff = await pickSpecialFocusHome(request, "sff");
  await page.goto(`/facility/${sff.ccn}`);
  const mark = page.getByTestId("special-focus");
  await expect(mark).toHaveAttribute("data-status", "sff");
  await expect(mark).toContainText("Special Focus Facility");
  await expect(mark).toContainText("inspected about twice as often");
  if (sff.automaticSprinklerSystems === "Yes") {
    await expect(page.getByTestId("home-facts")).toContainText("Automatic sprinklers in all required areas");
  }
  if (sff.firstApprovedDate) {
    await expect(page.getByTestId("home-facts").locator('[data-fact="first-approved"]')).toBeVisible();
  }

  const candidate = await pickSpecialFocusHome(request, "candidate");
  await page.goto(`/facility/${candidate.ccn}`);
  const candidateMark = page.getByTestId("special-focus");
  await expect(candidateMark).toHaveAttribute("data-status", "candidate");
  await expect(candidateMark).toContainText("SFF candidate");
  await expect(candidateMark).toContainText("candidate for the Special Focus Facility program");
});

test("a home neither on the program nor a candidate has no special focus mark", async ({ page, request }) => {
  const list = await getJson<{ data: { ccn: string; specialFocus?: string | null }[] }>(
    request,
    "/api/facilities?pageSize=20",
  );
  const plain = list.data.find((item) => !item.specialFocus);
  if (!plain) throw new Error("no home without a special focus status");
  const detail = await getJson<{ specialFocusHistory?: unknown[] }>(request, `/api/facilities/${plain.ccn}`);
  await page.goto(`/facility/${plain.ccn}`);
  await expect(page.getByTestId("section-ownership")).toBeVisible();
  await expect(page.getByTestId("special-focus")).toHaveCount(0);
  if ((detail.specialFocusHistory ?? []).length === 0) {
    await expect(page.getByTestId("special-focus-history")).toHaveCount(0);
  }
});

test("the owners' links are reached with the keyboard, and the page passes axe", async ({
  page,
  request,
}) => {
  const { detail, ownership } = await pickChangedHome(request);
  await page.goto(`/facility/${detail.ccn}`);
  const section = page.getByTestId("section-ownership");
  await expect(section.getByTestId("ownership-owner").first()).toBeVisible();
  const reached = await tabUntil(page, () =>
    section.evaluate((element) => element.contains(document.activeElement)),
  );
  expect(reached).toBe(true);
  const href = await page.evaluate(() => document.activeElement?.getAttribute("href"));
  expect(ownership.owners.map((owner) => owner.ownerPath)).toContain(href);
  await expectNoSeriousViolations(page);
});
