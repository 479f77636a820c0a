// Which page buttons the pagination shows (SPEC section 2): all pages up to 5; beyond that the first page, a
// window of up to 3 pages around the current one, the last page, and an ellipsis for each gap.
import { PAGINATION_MAX_SLOTS } from "./constants.ts";

export type PaginationItem =
  | { type: "page"; page: number; isCurrent: boolean }
  | { type: "ellipsis"; key: "start" | "end" };

export function getTotalPages(totalCount: number, pageSize: number): number {
  if (totalCount <= 0 || pageSize <= 0) return 0;
  return Math.ceil(totalCount / pageSize);
}

/** The current page kept inside 1..totalPages (1 when there are no pages). */
export function clampPage(page: number, totalPages: number): number {
  if (totalPages < 1) return 1;
  return Math.min(Math.max(1, Math.floor(page)), totalPages);
}

export function getPaginationItems(currentPage: number, totalPages: number): PaginationItem[] {
  if (totalPages < 1) return [];
  const current = clampPage(currentPage, totalPages);
  const pageItem = (page: number): PaginationItem => ({ type: "page", page, isCurrent: page === current });

  if (totalPages <= PAGINATION_MAX_SLOTS) {
    return Array.from({ length: totalPages }, (_, index) => pageItem(index + 1));
  }

  const windowStart = Math.max(2, current - 1);
  const windowEnd = Math.min(totalPages - 1, current + 1);
  const items: PaginationItem[] = [pageItem(1)];
  if (windowStart > 2) items.push({ type: "ellipsis", key: "start" });
  for (let page = windowStart; page <= windowEnd; page += 1) items.push(pageItem(page));
  if (windowEnd < totalPages - 1) items.push({ type: "ellipsis", key: "end" });
  items.push(pageItem(totalPages));
  return items;
}

/** "1–100" for the facilities shown on a page. */
export function getPageRange(
  page: number,
  pageSize: number,
  totalCount: number,
): { first: number; last: number } {
  if (totalCount <= 0) return { first: 0, last: 0 };
  const first = (page - 1) * pageSize + 1;
  return { first: Math.min(first, totalCount), last: Math.min(page * pageSize, totalCount) };
}
