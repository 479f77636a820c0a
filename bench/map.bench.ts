// `npm run bench:map`: the dashboard's map in Chromium on the production build at national scale (15,000
// facilities x BENCH_MONTHS): the time to draw the whole nation's points (the map's own "map-draw" measure:
// projecting, indexing and drawing them, from the moment their data is in), the frames of a 2 s mouse drag over
// them (requestAnimationFrame intervals: dropped frames, those over 1.5 x 16.7 ms, and the 95th percentile), and the
// gzip size of the initial JavaScript of `/` and of the JavaScript the map adds.
// Targets: 15,000 points drawn <= 500 ms; no dropped frame while panning; initial JS of `/` <= 150 KB gzip.
//   BENCH_RUNS (default 5): page loads for the draw time and drags for the frames.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { prepareNational } from "./datasets.ts";
import { startProductionServer } from "./production-server.ts";
import { gzipKb, initialAssets } from "./web-assets.ts";

const root = resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FRAME_MS = 1000 / 60;
const DROPPED_OVER_MS = 1.5 * FRAME_MS;
const DRAG_MS = 2000;
const MAP_PATH = "/?view=map";

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ??
  Number.NaN;

/** Opens the map and waits for its points: the map's draw measure and when it ended (ms from navigation). */
async function openMap(
  page: Page,
  base: string,
): Promise<{ points: number; drawMs: number; drawnAtMs: number }> {
  await page.goto(`${base}${MAP_PATH}`);
  const canvas = page.getByTestId("map-points");
  await canvas.and(page.locator("[data-points]")).waitFor({ timeout: 60_000 });
  const points = Number(await canvas.getAttribute("data-points"));
  const measure = await page.evaluate(() => {
    const entry = performance.getEntriesByName("map-draw", "measure").at(-1);
    return entry ? { duration: entry.duration, end: entry.startTime + entry.duration } : null;
  });
  if (!measure) throw new Error("the map emitted no map-draw measure");
  return { points, drawMs: measure.duration, drawnAtMs: measure.end };
}

/** Drags the map from its centre for DRAG_MS, one mouse move per frame, and returns the frame intervals. */
async function dragFrames(page: Page): Promise<number[]> {
  const box = await page.getByTestId("map-surface").boundingBox();
  if (!box) throw new Error("the map has no box");
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  // A string, not a function: the named function inside would be compiled with a helper the page does not have.
  await page.evaluate(`(() => {
    const state = { times: [], running: true };
    window.benchFrames = state;
    requestAnimationFrame(function tick(time) {
      state.times.push(time);
      if (state.running) requestAnimationFrame(tick);
    });
  })()`);
  await page.mouse.down();
  const started = Date.now();
  let step = 0;
  while (Date.now() - started < DRAG_MS) {
    // A slow circle of 150 px: every point of the nation stays on and off screen by turns.
    const angle = (step / 60) * Math.PI;
    await page.mouse.move(cx + 150 * Math.sin(angle), cy + 150 * (1 - Math.cos(angle)) * 0.5);
    await page.waitForTimeout(FRAME_MS);
    step += 1;
  }
  await page.mouse.up();
  const times = await page.evaluate(() => {
    const state = (window as unknown as { benchFrames: { times: number[]; running: boolean } }).benchFrames;
    state.running = false;
    return state.times;
  });
  // The intervals between frames; the first (before the drag began) is left out.
  return times.slice(2).map((time, index) => time - (times[index + 1] as number));
}

/** The scripts a page asks for, as paths from the site's root. */
function recordScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
  });
  return scripts;
}

async function mapChunks(browser: Browser, base: string): Promise<string[]> {
  // Everything `/` loads (its first load and what it loads right after), then what the map adds to it.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const listPage = await context.newPage();
  const listScripts = recordScripts(listPage);
  await listPage.goto(`${base}/`);
  await listPage.locator("article").first().waitFor();
  await listPage.waitForLoadState("networkidle");
  const mapPage = await context.newPage();
  const mapScripts = recordScripts(mapPage);
  await openMap(mapPage, base);
  await mapPage.waitForLoadState("networkidle");
  await context.close();
  return [...mapScripts].filter((script) => !listScripts.has(script));
}

const assets = initialAssets();
const initialJsKb = assets.js.reduce((sum, file) => sum + gzipKb(file), 0);
console.log(
  `initial JS of /: ${assets.js.length} file(s), ${initialJsKb.toFixed(1)} KB gzip (target <= 150 KB)`,
);

const dataDir = await prepareNational("pglite");
const server = await startProductionServer({ DATA_DIR: dataDir, DATA_SOURCE: "none", LOG_LEVEL: "warn" });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const chunks = await mapChunks(browser, server.base);
  const mapJsKb = chunks.reduce((sum, file) => sum + gzipKb(file), 0);
  console.log(
    `JS the map adds: ${chunks.length} file(s), ${mapJsKb.toFixed(1)} KB gzip (${chunks
      .map((file) => `${file.replace(/^\/assets\//, "")} ${gzipKb(file).toFixed(1)} KB`)
      .join(", ")})`,
  );

  const draws: number[] = [];
  const shown: number[] = [];
  const dropped: number[] = [];
  const p95s: number[] = [];
  const frameCounts: number[] = [];
  let points = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const opened = await openMap(page, server.base);
    points = opened.points;
    draws.push(opened.drawMs);
    shown.push(opened.drawnAtMs);
    // Let the first frames and the lazily loaded controls settle before the drag.
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    const intervals = await dragFrames(page);
    frameCounts.push(intervals.length);
    dropped.push(intervals.filter((interval) => interval > DROPPED_OVER_MS).length);
    p95s.push(percentile(intervals, 95));
    await context.close();
  }
  console.log(
    `draw of ${points.toLocaleString("en-US")} points ("map-draw"): median ${median(draws).toFixed(0)} ms over ${RUNS} loads (max ${Math.max(...draws).toFixed(0)} ms) (target <= 500 ms); drawn ${median(shown).toFixed(0)} ms after navigation (median)`,
  );
  console.log(
    `pan (2 s drag at the national view): dropped frames (> ${DROPPED_OVER_MS.toFixed(1)} ms) per drag ${dropped.join(", ")} of ${frameCounts.join(", ")} frames; p95 frame time median ${median(p95s).toFixed(1)} ms (runs: ${p95s.map((value) => value.toFixed(1)).join(", ")}) (target: no dropped frame)`,
  );
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(
    join(root, "bench/results/map.json"),
    `${JSON.stringify(
      {
        initialJsGzipKb: initialJsKb,
        mapJsGzipKb: mapJsKb,
        mapChunks: chunks,
        points,
        drawMs: draws,
        drawnAfterNavigationMs: shown,
        panDroppedFrames: dropped,
        panFrames: frameCounts,
        panP95FrameMs: p95s,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await browser.close();
  await server.stop();
}
