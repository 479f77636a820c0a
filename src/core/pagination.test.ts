import { describe, expect, it } from "vitest";
import {
  clampPage,
  getPageRange,
  getPaginationItems,
  getTotalPages,
  type PaginationItem,
} from "./pagination.ts";

/** A compact picture of the items: page numbers, "…" for gaps, the current page in brackets. */
function picture(items: PaginationItem[]): string {
  return items
    .map((item) => (item.type === "ellipsis" ? "…" : item.isCurrent ? `[${item.page}]` : String(item.page)))
    .join(" ");
}

describe("getPaginationItems", () => {
  it("shows nothing without pages", () => {
    expect(getPaginationItems(1, 0)).toEqual([]);
  });

  it("shows every page when there are 5 or fewer", () => {
    expect(picture(getPaginationItems(1, 1))).toBe("[1]");
    expect(picture(getPaginationItems(2, 3))).toBe("1 [2] 3");
    expect(picture(getPaginationItems(5, 5))).toBe("1 2 3 4 [5]");
    expect(picture(getPaginationItems(3, 5))).toBe("1 2 [3] 4 5");
  });

  it("shows first, a window around the current page, last and ellipses beyond 5 pages", () => {
    expect(picture(getPaginationItems(1, 10))).toBe("[1] 2 … 10");
    expect(picture(getPaginationItems(2, 10))).toBe("1 [2] 3 … 10");
    expect(picture(getPaginationItems(3, 10))).toBe("1 2 [3] 4 … 10");
    expect(picture(getPaginationItems(4, 10))).toBe("1 … 3 [4] 5 … 10");
    expect(picture(getPaginationItems(5, 10))).toBe("1 … 4 [5] 6 … 10");
    expect(picture(getPaginationItems(8, 10))).toBe("1 … 7 [8] 9 10");
    expect(picture(getPaginationItems(9, 10))).toBe("1 … 8 [9] 10");
    expect(picture(getPaginationItems(10, 10))).toBe("1 … 9 [10]");
  });

  it("handles 6 pages, the smallest paginated case", () => {
    expect(picture(getPaginationItems(1, 6))).toBe("[1] 2 … 6");
    expect(picture(getPaginationItems(3, 6))).toBe("1 2 [3] 4 … 6");
    expect(picture(getPaginationItems(4, 6))).toBe("1 … 3 [4] 5 6");
    expect(picture(getPaginationItems(6, 6))).toBe("1 … 5 [6]");
  });

  it("keeps an out-of-range current page inside the pages", () => {
    expect(picture(getPaginationItems(99, 10))).toBe("1 … 9 [10]");
    expect(picture(getPaginationItems(0, 10))).toBe("[1] 2 … 10");
  });

  it("never shows more than 7 slots, always the first and last page, and exactly one current page", () => {
    for (let total = 1; total <= 40; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const items = getPaginationItems(current, total);
        const pages = items.flatMap((item) => (item.type === "page" ? [item.page] : []));
        expect(items.length).toBeLessThanOrEqual(7);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
        expect(new Set(pages).size).toBe(pages.length);
        expect(items.filter((item) => item.type === "page" && item.isCurrent)).toHaveLength(1);
        expect(pages).toContain(current);
        // Window of up to 3 around the current page: neighbours are shown when they exist.
        if (current > 1) expect(pages).toContain(current - 1);
        if (current < total) expect(pages).toContain(current + 1);
        // An ellipsis stands exactly for a gap.
        items.forEach((item, index) => {
          if (item.type !== "ellipsis") return;
          const before = items[index - 1];
          const after = items[index + 1];
          if (before?.type !== "page" || after?.type !== "page")
            throw new Error("ellipsis not between pages");
          expect(after.page - before.page).toBeGreaterThan(1);
        });
      }
    }
  });
});

describe("page helpers", () => {
  it("counts pages", () => {
    expect(getTotalPages(0, 100)).toBe(0);
    expect(getTotalPages(1, 100)).toBe(1);
    expect(getTotalPages(100, 100)).toBe(1);
    expect(getTotalPages(101, 100)).toBe(2);
    expect(getTotalPages(15283, 1000)).toBe(16);
  });
  it("clamps pages", () => {
    expect(clampPage(5, 3)).toBe(3);
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(2, 0)).toBe(1);
  });
  it("tells the range shown", () => {
    expect(getPageRange(1, 100, 250)).toEqual({ first: 1, last: 100 });
    expect(getPageRange(3, 100, 250)).toEqual({ first: 201, last: 250 });
    expect(getPageRange(1, 100, 0)).toEqual({ first: 0, last: 0 });
  });
});
