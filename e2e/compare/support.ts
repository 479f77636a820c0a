// Shared helpers of the compare browser tests: facilities and values come from the API, never hard-coded.
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import type { FacilityDetail, FacilityListResponse, RatingSnapshot } from "../../src/core/api-types.ts";

export const COMPARE_KEY = "cms-dashboard-compare-facilities";
export const LIMIT_TEXT = "You can compare up to 4 facilities.";

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  // One retry: a kept-alive connection can be closed by the server just as it is reused (ECONNRESET).
  const response = await request.get(path).catch(() => request.get(path));
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * The first facilities of the default list (the dashboard's first cards) with names of their own: tests find
 * cards and columns by name, and chains give several homes one name.
 */
export async function firstFacilities(
  request: APIRequestContext,
  count: number,
): Promise<FacilityListResponse["data"]> {
  const list = await getJson<FacilityListResponse>(request, "/api/facilities?pageSize=100");
  const counts = new Map<string, number>();
  for (const facility of list.data)
    counts.set(facility.providerName, (counts.get(facility.providerName) ?? 0) + 1);
  const picked = list.data.filter((facility) => counts.get(facility.providerName) === 1).slice(0, count);
  expect(picked.length).toBe(count);
  return picked;
}

export function getDetail(request: APIRequestContext, ccn: string): Promise<FacilityDetail> {
  return getJson<FacilityDetail>(request, `/api/facilities/${ccn}`);
}

export function getHistory(request: APIRequestContext, ccn: string): Promise<RatingSnapshot[]> {
  return getJson<RatingSnapshot[]>(request, `/api/facilities/${ccn}/history`);
}

export function cards(page: Page): Locator {
  return page.getByRole("list", { name: "Facilities" }).getByRole("article");
}

/** A card's compare toggle (a button beside the card's link, named after the facility). */
export function cardToggle(page: Page, providerName: string): Locator {
  return cards(page)
    .filter({ has: page.getByRole("link", { name: providerName, exact: true }) })
    .first()
    .getByRole("button", { name: `Compare ${providerName}`, exact: true });
}

/** 'LIMA, OH': the place the compare bar shows under a facility's name. */
export function placeOf(facility: { city: string | null; state: string | null }): string {
  return [facility.city, facility.state].filter(Boolean).join(", ");
}

/** The compare bar at the bottom of the pages with Compare toggles. */
export function compareBar(page: Page): Locator {
  return page.getByRole("region", { name: "Facilities to compare" });
}

export async function openDashboard(page: Page): Promise<void> {
  await page.goto("/");
  await expect(cards(page).first()).toBeVisible();
}

export interface StoredCompareItem {
  ccn: string;
  providerName: string;
  city?: string | null;
  state?: string | null;
}

export async function readSelection(page: Page): Promise<StoredCompareItem[] | null> {
  return page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  }, COMPARE_KEY);
}

/** The ccn parameters of the current address, in order. */
export function urlCcns(page: Page): string[] {
  return new URL(page.url()).searchParams.getAll("ccn");
}

/** The comparison table's facility columns: the names in the header row, in order. */
export function columnNames(page: Page): Locator {
  return page
    .getByRole("table")
    .first()
    .locator("thead th")
    .filter({ has: page.getByRole("link") })
    .getByRole("link");
}
