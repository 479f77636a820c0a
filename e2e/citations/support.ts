// Shared helpers of the citations page's browser tests. Expected rows come from the API, never hard-coded.
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import type { CitationCategories, CitationList } from "../../src/core/api-types.ts";

/** The page's default page size (src/core/citation-url-state.ts). */
export const PAGE_SIZE = 50;

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  // One retry: a kept-alive connection can be closed by the server just as it is reused (ECONNRESET).
  const response = await request.get(path).catch(() => request.get(path));
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** GET /api/citations with the page's default page size unless the query says otherwise. */
export function getCitations(request: APIRequestContext, query = ""): Promise<CitationList> {
  const params = new URLSearchParams(query);
  if (!params.has("pageSize")) params.set("pageSize", String(PAGE_SIZE));
  return getJson<CitationList>(request, `/api/citations?${params}`);
}

export function getCategories(request: APIRequestContext): Promise<CitationCategories> {
  return getJson<CitationCategories>(request, "/api/citations/categories");
}

/** "1 citation", "1,234 citations", as the page counts. */
export function describeCount(count: number): string {
  return count === 1 ? "1 citation" : `${new Intl.NumberFormat("en-US").format(count)} citations`;
}

export function table(page: Page): Locator {
  return page.getByRole("table", { name: "Citations, newest survey first" });
}

export function rows(page: Page): Locator {
  return table(page).locator("tbody tr");
}

export function countLine(page: Page): Locator {
  return page.getByTestId("citation-count");
}

/** Each row as "ccn date tag" (its facility link, survey date and tag), in order. */
export async function shownRows(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = tr.querySelectorAll("td");
      const ccn = /\/facility\/([^/?]+)/.exec(cells[1]?.querySelector("a")?.getAttribute("href") ?? "")?.[1];
      return `${ccn} ${cells[0]?.querySelector("time")?.getAttribute("datetime")} ${cells[3]?.textContent}`;
    }),
  );
}

export function expectedRows(list: CitationList): string[] {
  return list.data.map((row) => `${row.ccn} ${row.surveyDate} ${row.prefix}${row.tag}`);
}

/** Waits until the count line and the rows are the API's answer. */
export async function expectRowsToBe(page: Page, list: CitationList): Promise<void> {
  await expect(countLine(page)).toHaveText(describeCount(list.totalCount));
  await expect.poll(() => shownRows(page)).toEqual(expectedRows(list));
}

export async function openCitations(page: Page, query = ""): Promise<void> {
  await page.goto(`/citations${query ? `?${query}` : ""}`);
  await expect(countLine(page)).toBeVisible();
}

export function searchParams(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}
