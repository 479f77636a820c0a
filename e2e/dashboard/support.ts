// Shared helpers of the dashboard browser tests. Numbers come from the API (never hard-coded demo values).
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import type { FacilityListResponse, Meta } from "../../src/core/api-types.ts";

export const STORAGE = {
  favorites: "cms-dashboard-favorite-facilities",
  savedViews: "cms-dashboard-saved-views",
  pageSize: "pageSize",
} as const;

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  // One retry: a kept-alive connection can be closed by the server just as it is reused (ECONNRESET).
  const response = await request.get(path).catch(() => request.get(path));
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export function getFacilities(request: APIRequestContext, query = ""): Promise<FacilityListResponse> {
  return getJson<FacilityListResponse>(request, `/api/facilities${query ? `?${query}` : ""}`);
}

export function getMeta(request: APIRequestContext): Promise<Meta> {
  return getJson<Meta>(request, "/api/meta");
}

/** The same thousands separators as the page. */
export function formatCount(value: number): string {
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(value);
}

export function formatAverage(value: number | null): string {
  return value == null ? "N/A" : value.toFixed(1);
}

/** The facility cards of the grid. */
export function cards(page: Page): Locator {
  return page.getByRole("list", { name: "Facilities" }).getByRole("article");
}

/** Opens the dashboard and waits until the first cards are shown. */
export async function openDashboard(page: Page, query = ""): Promise<void> {
  await page.goto(`/${query ? `?${query}` : ""}`);
  await expect(cards(page).first()).toBeVisible();
}

export function searchParams(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** Reads a localStorage item as JSON (null when missing). */
export async function readStorage(page: Page, key: string): Promise<unknown> {
  return page.evaluate((storageKey) => {
    const raw = window.localStorage.getItem(storageKey);
    return raw === null ? null : JSON.parse(raw);
  }, key);
}

/** A summary card's value, by its label. */
export function summaryValue(page: Page, label: string): Locator {
  return page
    .getByRole("region", { name: /Facilities|Favorite/ })
    .filter({ hasText: "Stats shown for the current view." })
    .getByRole("heading", { name: label, exact: true })
    .locator("xpath=following-sibling::p[1]");
}

export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title }).first();
  await expect(toast).toBeVisible();
  if (description !== undefined) await expect(toast).toContainText(description);
}
