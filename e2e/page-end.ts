// The end of a page as a visitor sees it with the compare bar on screen: scrolled to the end, is the lowest content
// on top, or under the bar? Shared by every suite that checks a page's end.
import type { Page } from "@playwright/test";

export async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // Two frames: the scroll and any layout it causes are done.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * What is on top at the centre of the page's bottom-most content (the lowest visible element inside <main> that has no
 * element inside it, the content of closed <details> left out): true when it is page content, false when something else (the bar) covers it.
 */
export async function isPageEndUncovered(page: Page): Promise<{ uncovered: boolean; what: string }> {
  return page.evaluate(() => {
    const main = document.querySelector("main");
    if (!main) return { uncovered: false, what: "no main" };
    let lowest: Element | null = null;
    let lowestBottom = Number.NEGATIVE_INFINITY;
    for (const element of main.querySelectorAll("*")) {
      const rect = element.getBoundingClientRect();
      if (element.childElementCount > 0 || rect.width === 0 || rect.height === 0) continue;
      if (getComputedStyle(element).visibility === "hidden") continue;
      // The content of a closed <details> is not shown (yet Chromium gives it boxes, below its summary).
      if (element.closest("details:not([open]) > :not(summary)")) continue;
      if (rect.bottom >= lowestBottom) {
        lowestBottom = rect.bottom;
        lowest = element;
      }
    }
    if (!lowest) return { uncovered: false, what: "nothing in main" };
    const rect = lowest.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    const what = `${lowest.tagName} "${(lowest.textContent ?? "").slice(0, 40)}" under ${hit?.tagName} "${(hit?.textContent ?? "").slice(0, 40)}"`;
    return { uncovered: hit !== null && main.contains(hit), what };
  });
}
