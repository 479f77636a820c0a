// The Sort menu's nurse-hours orders: the list sorted by total (or weekend) nurse hours per resident per day,
// most first, the cards showing those hours, the order kept in the address and in a saved view.
import { expect, test } from "@playwright/test";
import { cards, getFacilities, openDashboard, readStorage, STORAGE, searchParams } from "./support.ts";

const sortMenu = (page: import("@playwright/test").Page) =>
  page.getByRole("combobox", { name: "Sort by", exact: true });

test("sorting by nurse hours lists the most hours first and shows them on the cards", async ({
  page,
  request,
}) => {
  const expected = await getFacilities(request, "sort=nurseHours&pageSize=12");
  await openDashboard(page, "pageSize=12");
  await expect(cards(page).locator("dt", { hasText: "Nurse hours" })).toHaveCount(0);
  await sortMenu(page).selectOption({ label: "Nurse hours" });
  await expect.poll(() => searchParams(page).get("sort")).toBe("nurseHours");
  const first = expected.data[0];
  if (!first) throw new Error("no facility");
  await expect(cards(page).first().getByRole("link")).toHaveText(first.providerName);
  await expect(cards(page).first()).toContainText(`${(first.totalNurseHours as number).toFixed(2)}/day`);
  // Most hours first, as the API orders them.
  const hours = expected.data.map((item) => item.totalNurseHours ?? -1);
  expect([...hours].sort((a, b) => b - a)).toEqual(hours);

  // The order survives a reload (it is in the address).
  await page.reload();
  await expect(sortMenu(page)).toHaveValue("nurseHours");
  await expect(cards(page).first().getByRole("link")).toHaveText(first.providerName);
});

test("sorting by weekend nurse hours shows the weekend hours, and a saved view keeps the order", async ({
  page,
  request,
}) => {
  const expected = await getFacilities(request, "sort=weekendNurseHours&pageSize=12");
  await openDashboard(page, "sort=weekendNurseHours&pageSize=12");
  const first = expected.data[0];
  if (!first) throw new Error("no facility");
  await expect(cards(page).first()).toContainText("Weekend nurse hrs");
  await expect(cards(page).first()).toContainText(
    `${(first.weekendTotalNurseHours as number).toFixed(2)}/day`,
  );

  await page.getByRole("button", { name: "Save Current View" }).click();
  const dialog = page.getByRole("dialog", { name: "Save Current View" });
  await dialog.getByRole("textbox", { name: "View name" }).fill("Weekend staffing");
  await dialog.getByRole("button", { name: "Save View" }).click();
  await expect
    .poll(async () => JSON.stringify(await readStorage(page, STORAGE.savedViews)))
    .toContain('"sort":"weekendNurseHours"');
});
