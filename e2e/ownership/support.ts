// Shared helpers of the ownership browser tests: homes, owners and their figures read from the API (never
// hard-coded demo values), and the words the pages should show, computed here apart from the web code.
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { FacilityDetail, FacilityListResponse } from "../../src/core/api-types.ts";
import type { FacilityOwnership, Owner, OwnerSuggestion } from "../../src/core/ownership.ts";

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  // One retry: a kept-alive connection can be closed by the server just as it is reused (ECONNRESET).
  const response = await request.get(path).catch(() => request.get(path));
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export const getOwnership = (request: APIRequestContext, ccn: string) =>
  getJson<FacilityOwnership>(request, `/api/facilities/${ccn}/ownership`);

export const getDetail = (request: APIRequestContext, ccn: string) =>
  getJson<FacilityDetail>(request, `/api/facilities/${ccn}`);

export const ownerApiPath = (type: string, name: string) => `/api/owners/${type}/${encodeURIComponent(name)}`;

export const getOwner = (request: APIRequestContext, type: string, name: string) =>
  getJson<Owner>(request, ownerApiPath(type, name));

export const suggestOwners = (request: APIRequestContext, text: string) =>
  getJson<OwnerSuggestion[]>(request, `/api/owners?${new URLSearchParams({ q: text })}`);

/** The owners who came or left in a release (an owner only changing role did neither), as names. */
export function cameAndLeft(change: FacilityOwnership["changes"][number]): {
  came: string[];
  left: string[];
} {
  const added = new Set(change.added.map((owner) => owner.ownerPath));
  const removed = new Set(change.removed.map((owner) => owner.ownerPath));
  const names = (rows: typeof change.added, others: Set<string>) => [
    ...new Set(rows.filter((owner) => !others.has(owner.ownerPath)).map((owner) => owner.name)),
  ];
  return { came: names(change.added, removed), left: names(change.removed, added) };
}

/**
 * A home CMS flags as having changed ownership in the last 12 months, whose ownership lists owners in at least
 * three role groups and owners who came and left.
 */
export async function pickChangedHome(
  request: APIRequestContext,
): Promise<{ detail: FacilityDetail; ownership: FacilityOwnership }> {
  const list = await getJson<FacilityListResponse>(
    request,
    "/api/facilities?ownershipChanged=true&pageSize=30",
  );
  for (const item of list.data) {
    const ownership = await getOwnership(request, item.ccn);
    const groups = new Set(ownership.owners.map((owner) => owner.roleGroup));
    const moves = ownership.changes.filter((change) => {
      const { came, left } = cameAndLeft(change);
      return came.length + left.length > 0;
    });
    if (
      groups.size >= 3 &&
      moves.length >= 2 &&
      ownership.owners.some((owner) => owner.otherFacilities > 1)
    ) {
      return { detail: await getDetail(request, item.ccn), ownership };
    }
  }
  throw new Error(
    "no home with a recent change of ownership, three role groups and owners who came and left",
  );
}

/** The first home of a list filtered by `sff` (sff or candidate). */
export async function pickSpecialFocusHome(
  request: APIRequestContext,
  sff: "sff" | "candidate",
): Promise<FacilityDetail> {
  const list = await getJson<FacilityListResponse>(request, `/api/facilities?sff=${sff}&pageSize=1`);
  const item = list.data[0];
  if (!item) throw new Error(`no home with sff=${sff}`);
  return getDetail(request, item.ccn);
}

/** The owner with the most homes among the suggestions for `text`. */
export async function pickLargeOwner(request: APIRequestContext, text = "holdings"): Promise<Owner> {
  const [top] = await suggestOwners(request, text);
  if (!top) throw new Error(`no owner suggested for ${text}`);
  return getOwner(request, top.type, top.name);
}

export const formatCount = (value: number) => new Intl.NumberFormat("en-US").format(value);

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export function monthYear(iso: string): string {
  const [year, month] = iso.split("-").map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${year}`;
}
export function shortDate(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
}

/** Presses Tab until `isTarget` holds for the focused element (at most `limit` times). */
export async function tabUntil(page: Page, isTarget: () => Promise<boolean>, limit = 80): Promise<boolean> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press("Tab");
    if (await isTarget()) return true;
  }
  return false;
}

export { expectNoSeriousViolations } from "../axe.ts";
