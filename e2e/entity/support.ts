// Shared helpers of the entity page's browser tests: entities and their figures read from the API (never
// hard-coded demo values).
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { Entity, EntityTrendPoint, FacilityListResponse } from "../../src/core/api-types.ts";

/** Cards per page of the entity page. */
export const PAGE_SIZE = 24;

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  // One retry: a kept-alive connection can be closed by the server just as it is reused (ECONNRESET).
  const response = await request.get(path).catch(() => request.get(path));
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export const entityApiPath = (name: string) => `/api/entities/${encodeURIComponent(name)}`;
export const entityPagePath = (name: string, page?: number) =>
  `/entity/${encodeURIComponent(name)}${page && page > 1 ? `?page=${page}` : ""}`;

export function getEntity(request: APIRequestContext, name: string): Promise<Entity> {
  return getJson<Entity>(request, entityApiPath(name));
}

export function getTrend(request: APIRequestContext, name: string): Promise<EntityTrendPoint[]> {
  return getJson<EntityTrendPoint[]>(request, `${entityApiPath(name)}/trend`);
}

export function getEntityFacilities(
  request: APIRequestContext,
  name: string,
  page: number,
): Promise<FacilityListResponse> {
  const params = new URLSearchParams({ entity: name, page: String(page), pageSize: String(PAGE_SIZE) });
  return getJson<FacilityListResponse>(request, `/api/facilities?${params}`);
}

/**
 * Entities of the demo data: the largest one (several pages of facilities, in more than one state) and a small one
 * (one page).
 */
export async function pickEntities(request: APIRequestContext): Promise<{ large: Entity; small: Entity }> {
  const names = await getJson<string[]>(request, "/api/lookups/entities");
  const entities = await Promise.all(names.map((name) => getEntity(request, name)));
  const bySize = [...entities].sort((a, b) => b.facilityCount - a.facilityCount);
  const large = bySize.find((entity) => entity.facilityCount > PAGE_SIZE * 2 && entity.states.length > 1);
  const small = bySize.find((entity) => entity.facilityCount > 1 && entity.facilityCount <= PAGE_SIZE);
  if (!large || !small) {
    throw new Error(
      `need an entity of more than ${PAGE_SIZE * 2} facilities in 2+ states and one of 2-${PAGE_SIZE}`,
    );
  }
  return { large, small };
}

/** The facility cards of the entity page. */
export const cards = (page: Page) => page.getByRole("list", { name: "Facilities" }).getByRole("article");

/** The provider names on the cards, in order. */
export const cardNames = (page: Page) => cards(page).getByRole("heading", { level: 3 }).allTextContents();

export const formatCount = (value: number) => new Intl.NumberFormat("en-US").format(value);
export const formatAverage = (value: number | null) => (value === null ? "N/A" : value.toFixed(1));

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export function shortDate(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
}

/** Presses Tab until `predicate` holds for the focused element (at most `limit` times). */
export async function tabUntil(page: Page, isTarget: () => Promise<boolean>, limit = 60): Promise<boolean> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press("Tab");
    if (await isTarget()) return true;
  }
  return false;
}

/** axe-core's WCAG 2.0-2.2 A and AA rules: no serious or critical violation (as every browser suite checks). */
export { expectNoSeriousViolations as expectNoSeriousAxeViolations } from "../axe.ts";
