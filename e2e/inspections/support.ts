// Shared helpers of the inspection record's browser tests (the detail page's Inspections and Penalties sections):
// facilities and facts read from the API (never hard-coded demo values), and expectations computed here,
// independently of the web code.
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import type {
  Citation,
  FacilityInspections,
  FacilityListResponse,
  FacilityPenalties,
  Penalty,
} from "../../src/core/api-types.ts";

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  // One retry: a kept-alive connection can be closed by the server just as it is reused (ECONNRESET).
  const response = await request.get(path).catch(() => request.get(path));
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export interface RecordFixture {
  ccn: string;
  providerName: string;
  inspections: FacilityInspections;
  penalties: FacilityPenalties;
}

export async function getRecord(
  request: APIRequestContext,
  facility: { ccn: string; providerName: string },
): Promise<RecordFixture> {
  const [inspections, penalties] = await Promise.all([
    getJson<FacilityInspections>(request, `/api/facilities/${facility.ccn}/inspections`),
    getJson<FacilityPenalties>(request, `/api/facilities/${facility.ccn}/penalties`),
  ]);
  return { ccn: facility.ccn, providerName: facility.providerName, inspections, penalties };
}

/** The first facility of a filtered list (`query`, e.g. "harm=actual&abuse=true") whose record passes `accept`. */
export async function pickRecord(
  request: APIRequestContext,
  query: string,
  accept: (record: RecordFixture) => boolean,
  what: string,
): Promise<RecordFixture> {
  const list = await getJson<FacilityListResponse>(request, `/api/facilities?pageSize=100&${query}`);
  for (const item of list.data) {
    const record = await getRecord(request, item);
    if (accept(record)) return record;
  }
  throw new Error(`no facility ${what} among the first 100 of ?${query}`);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** 'Mar 27, 2026'. */
export function shortDate(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
export const dollars = (value: number) => usd.format(value);
const count = new Intl.NumberFormat("en-US");
export const plural = (value: number, word: string) =>
  `${count.format(value)} ${value === 1 ? word : `${word}s`}`;

/** 'F0689': CMS's prefix and four-digit tag, as Care Compare writes it. */
export const tagOf = (citation: Pick<Citation, "prefix" | "tag">) => `${citation.prefix}${citation.tag}`;

const CODES = "ABCDEFGHIJKL";
/** A survey's citations as the page lists them: most severe first, then by tag. */
export function orderedTags(citations: readonly Citation[]): string[] {
  const severity = (citation: Citation) =>
    citation.scopeSeverity === null ? -1 : CODES.indexOf(citation.scopeSeverity);
  return [...citations]
    .sort((a, b) => severity(b) - severity(a) || tagOf(a).localeCompare(tagOf(b)))
    .map(tagOf);
}

/** How many of `total` items a collapsed list shows: the first `first`, or all when one would be left. */
export const collapsed = (total: number, first: number) => (total <= first + 1 ? total : first);

/** A penalty's last cell: '$43,072.00', or '29 days from May 13, 2022'. */
export function penaltyDetail(penalty: Penalty): string {
  if (penalty.type === "Fine")
    return penalty.fineAmount === null ? "Amount not reported" : dollars(penalty.fineAmount);
  const days = penalty.denialDays === null ? "Length not reported" : plural(penalty.denialDays, "day");
  return penalty.denialStartDate ? `${days} from ${shortDate(penalty.denialStartDate)}` : days;
}

export const inspectionsSection = (page: Page) => page.getByTestId("section-inspections");
export const penaltiesSection = (page: Page) => page.getByTestId("section-penalties");
export const surveys = (page: Page) => inspectionsSection(page).getByTestId("survey");

/** The tags of a survey's listed citations, in the page's order. */
export const listedTags = (survey: Locator) =>
  survey
    .getByTestId("citation")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-tag") ?? ""));

export async function openRecord(page: Page, ccn: string): Promise<void> {
  await page.goto(`/facility/${ccn}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(inspectionsSection(page).getByText(/^Loading/)).toHaveCount(0);
  await expect(penaltiesSection(page).getByText(/^Loading/)).toHaveCount(0);
}

/** Whether the centre of `locator` is on top (not under the compare bar or anything else). */
export async function isOnTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

export const COMPARE_KEY = "cms-dashboard-compare-facilities";

/** Chooses a facility to compare on this device before the page loads (as the Compare toggle stores it). */
export async function chooseForComparison(page: Page, facility: { ccn: string; providerName: string }) {
  await page.addInitScript(
    ([key, value]) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
    },
    [COMPARE_KEY, JSON.stringify([{ ccn: facility.ccn, providerName: facility.providerName }])] as const,
  );
}
