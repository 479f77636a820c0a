// Shared helpers of the map's browser tests: facts read from the API (never hard-coded demo values), axe, and where
// the canvas has drawn something (the points are pixels, not elements).
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { FacilityPoints } from "../../src/core/api-types.ts";

export { expectNoSeriousViolations } from "../axe.ts";

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  // One retry: a kept-alive connection can be closed by the server just as it is reused (ECONNRESET).
  const response = await request.get(path).catch(() => request.get(path));
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export function getPoints(request: APIRequestContext, query = ""): Promise<FacilityPoints> {
  return getJson<FacilityPoints>(request, `/api/facilities/points${query ? `?${query}` : ""}`);
}

/** The canvas of points, once it has drawn `count` of them (its data-points attribute). */
export async function waitForPoints(page: Page, count?: number): Promise<number> {
  const canvas = page.getByTestId("map-points");
  if (count === undefined) await expect(canvas).toHaveAttribute("data-points", /^\d+$/);
  else await expect(canvas).toHaveAttribute("data-points", String(count));
  return Number(await canvas.getAttribute("data-points"));
}

/**
 * The page position of the centre of a drawn point: the first opaque pixel of the canvas, scanning rows from the
 * top, is on the upper edge of a point; its centre is a few pixels below. Null when nothing is drawn.
 */
export async function findDrawnPoint(page: Page): Promise<{ x: number; y: number } | null> {
  return page.getByTestId("map-points").evaluate((element) => {
    const canvas = element as HTMLCanvasElement;
    const context = canvas.getContext("2d");
    if (!context) return null;
    const { width, height } = canvas;
    const pixels = context.getImageData(0, 0, width, height).data;
    const rect = canvas.getBoundingClientRect();
    const ratio = width / rect.width;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        if ((pixels[(y * width + x) * 4 + 3] as number) > 200) {
          return { x: rect.left + x / ratio, y: rect.top + y / ratio + 2.5 };
        }
      }
    }
    return null;
  });
}

/** The transform of the map's outlines: "translate(x,y) scale(k)" read back as numbers. */
export async function mapTransform(page: Page): Promise<{ x: number; y: number; k: number }> {
  const value = await page.getByTestId("map-surface").locator("svg > g").first().getAttribute("transform");
  const match = /translate\(([-\d.e]+),([-\d.e]+)\) scale\(([-\d.e]+)\)/.exec(value ?? "");
  expect(match, `transform ${value}`).not.toBeNull();
  const [, x, y, k] = match as RegExpExecArray;
  return { x: Number(x), y: Number(y), k: Number(k) };
}
