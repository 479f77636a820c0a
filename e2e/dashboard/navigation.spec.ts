// Cards lead to the facility detail screen, keeping the dashboard's query string.
import { expect, test } from "@playwright/test";
import { cards, getFacilities, openDashboard } from "./support.ts";

test("clicking a card opens /facility/{ccn} with the current query string", async ({ page, request }) => {
  const { data } = await getFacilities(request, "state=TX&rating=3");
  const facility = data[0];
  test.skip(!facility, "needs a facility in TX");
  if (!facility) return;
  await openDashboard(page, "state=TX&rating=3");
  const card = cards(page).first();
  await expect(card.getByRole("link", { name: facility.providerName })).toHaveAttribute(
    "href",
    `/facility/${facility.ccn}?state=TX&rating=3`,
  );
  // Anywhere on the card, not only the name (its foot may be below the fold: the mouse clicks where it is seen).
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  if (!box) throw new Error("card has no box");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 12);
  await expect(page).toHaveURL(`/facility/${facility.ccn}?state=TX&rating=3`);
});

test("cards are operable from the keyboard", async ({ page }) => {
  await openDashboard(page);
  const link = cards(page).first().getByRole("link");
  const href = await link.getAttribute("href");
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(href ?? "");
});

test("the favourite star does not open the card", async ({ page }) => {
  await openDashboard(page);
  await cards(page)
    .first()
    .getByRole("button", { name: /^Add .* to favorites$/ })
    .click();
  await expect(page).toHaveURL(/\/$|\/\?/);
  await expect(
    cards(page)
      .first()
      .getByRole("button", { name: /^Remove .* from favorites$/ }),
  ).toBeVisible();
});

test("coming back within 30 s reuses the facility list, but alert lists are always fetched again", async ({
  page,
}) => {
  const listRequests: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/facilities(\?|$)/.test(request.url())) listRequests.push(request.url());
  });
  await openDashboard(page, "state=TX");
  const link = cards(page).first().getByRole("link");
  await link.click();
  await expect(page).toHaveURL(/\/facility\//);
  await page.goBack();
  await expect(cards(page).first()).toBeVisible();
  await page.waitForTimeout(300);
  expect(listRequests).toHaveLength(1);

  listRequests.length = 0;
  await page.goto("/?alertEnabled=true");
  await expect(cards(page).first()).toBeVisible();
  await cards(page).first().getByRole("link").click();
  await expect(page).toHaveURL(/\/facility\//);
  await page.goBack();
  await expect(cards(page).first()).toBeVisible();
  await expect.poll(() => listRequests.length).toBe(2);
});
