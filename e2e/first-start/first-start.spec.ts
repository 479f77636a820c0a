// A new user's first start on a fresh machine that reaches CMS: the real server (a child process) on an empty
// database listens at once and loads the CMS files in the background, from a throttled stand-in CMS on 127.0.0.1.
// Meanwhile the dashboard shows the load panel with its progress bar (never "no facilities match"); when the load
// ends, the facility cards appear without a reload and the header names CMS as the data source.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../../scripts/free-port.ts";
import type { Meta } from "../../src/core/api-types.ts";
import { buildMonthlyArchive } from "../../test/cms-standin/archives.ts";
import { type CmsStandin, startCmsStandin } from "../../test/cms-standin/server.ts";
import { csvText, providerRow } from "../../test/csv-fixtures.ts";
import { cards } from "../dashboard/support.ts";
import { ROOT, startServerProcess, stopServerProcess } from "./server-process.ts";

const FACILITY_COUNT = 40;
/** The files (about 11 KB in all) then take about 11 s to download: the page sees the load running. */
const THROTTLE_BYTES_PER_SECOND = 1_000;

const LOADING_TEXT = "Loading CMS data...";
const EMPTY_FILTERS_TEXT = "No facilities match your filters";

/** Provider Information (2025+ layout) for one month: "FIRST START HOME 1" ... "FIRST START HOME 40". */
function monthCsv(dataMonth: string, overall: number): string {
  const rows = Array.from({ length: FACILITY_COUNT }, (_, index) =>
    providerRow(`01${String(5100 + index).padStart(4, "0")}`, {
      "Provider Name": `FIRST START HOME ${index + 1}`,
      "Processing Date": `${dataMonth}-01`,
      "Overall Rating": ((overall + index) % 5) + 1,
    }),
  );
  return csvText("provider2025", rows);
}

function monthlyArchive(archiveDate: string, dataMonth: string, overall: number): Promise<Buffer> {
  return buildMonthlyArchive({
    layout: "L2",
    archiveDate,
    dataMonth,
    providerCsv: monthCsv(dataMonth, overall),
  });
}

/** Polls `url` until it answers 200; the time it took, or throws after `timeoutMs`. */
async function waitForOk(url: string, timeoutMs: number, child: ChildProcess): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const response = await fetch(url, { signal: AbortSignal.timeout(500) }).catch(() => null);
    if (response?.status === 200) return Date.now() - started;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

async function getMeta(serverUrl: string): Promise<Meta> {
  const response = await fetch(`${serverUrl}/api/meta`);
  expect(response.status).toBe(200);
  return (await response.json()) as Meta;
}

test("first start: the dashboard shows the CMS load's progress, then the facilities without a reload", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const temp = mkdtempSync(join(tmpdir(), "e2e-first-start-"));
  let standin: CmsStandin | null = null;
  let child: ChildProcess | null = null;
  const serverLog: string[] = [];
  try {
    // 1. The stand-in CMS: a current file and two monthly archives, throttled.
    standin = await startCmsStandin({
      current: {
        fileName: "NH_ProviderInfo_Jun2024.csv",
        body: Buffer.from(monthCsv("2024-06", 4)),
        modified: "2024-06-05",
      },
      archives: [
        { date: "2024-04-24", body: await monthlyArchive("2024-04-24", "2024-04", 2) },
        { date: "2024-05-22", body: await monthlyArchive("2024-05-22", "2024-05", 3) },
      ],
    });
    standin.throttle(THROTTLE_BYTES_PER_SECOND);

    // 2. The real server on a fresh, empty database; it must listen before the load is done.
    const port = await freePort();
    const serverUrl = `http://127.0.0.1:${port}`;
    child = startServerProcess(
      {
        DATA_DIR: join(temp, "db"),
        CMS_CACHE_DIR: join(temp, "downloads"),
        DATA_SOURCE: "cms",
        CMS_BASE_URL: standin.baseUrl,
        CMS_BACKFILL_MONTHS: "2",
        CMS_REFRESH_INTERVAL_S: "0",
        PORT: String(port),
        HOST: "127.0.0.1",
        STATIC_DIR: join(ROOT, "dist/web"),
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
      },
      serverLog,
    );
    const server = child;
    // The server listens before the load ends: /healthz answers while /api/meta still reports the load running
    // (the throttled downloads alone take about 11 s). The time to listen is PGlite creating the fresh database
    // (7 s, and over 30 s with other jobs on a 2-CPU machine; about 1 s to reopen one), hence the generous bound.
    const healthyAfterMs = await test.step("/healthz answers while the load runs", () =>
      waitForOk(`${serverUrl}/healthz`, 60_000, server));
    console.log(`/healthz answered 200 ${healthyAfterMs} ms after the spawn`);
    expect((await getMeta(serverUrl)).load).toMatchObject({ isLoading: true, kind: "initial" });

    // 3. The page while the load runs: the load panel with its progress bar, no "no match" empty state (watched
    // for the whole time, not only when checked).
    await page.addInitScript((text) => {
      // When the text came and went, in ms since the page started, with what the summary cards said then.
      const state = window as unknown as { emptyStateSeen?: string[] };
      const seen: string[] = [];
      state.emptyStateSeen = seen;
      let isShown = false;
      new MutationObserver(() => {
        const shown = document.body?.textContent.includes(text) ?? false;
        if (shown === isShown) return;
        isShown = shown;
        const summary = document.querySelector("main")?.textContent.replace(/\s+/g, " ").slice(0, 260);
        seen.push(`${shown ? "shown" : "gone"} at ${performance.now().toFixed(0)} ms: ${summary}`);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, EMPTY_FILTERS_TEXT);
    await page.goto(`${serverUrl}/`);
    // Gone if the page were reloaded.
    await page.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });
    await expect(page.getByText(LOADING_TEXT)).toBeVisible();
    const progressBar = page.getByRole("progressbar", { name: "CMS data load progress" });
    await expect(progressBar).toBeVisible();
    // The page is open from the first second: while the database opens (seconds, more on a busy machine) the bar is
    // indeterminate, then it counts the files.
    await expect(progressBar).toHaveAttribute("aria-valuenow", /^\d+$/, { timeout: 60_000 });
    await expect(page.getByText(LOADING_TEXT)).toBeVisible();
    await expect(page.getByText(EMPTY_FILTERS_TEXT)).not.toBeVisible();
    await expect(page.getByText("CMS data: first load in progress")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.screenshot({ path: "/tmp/first-start-loading.png" });
    expect((await getMeta(serverUrl)).load.isLoading, "the load still ran when the page was checked").toBe(
      true,
    );

    // 4. The throttle lifted, the cards appear without a reload (once the current file is loaded, while the
    // archives still load), the panel goes; when the load ends, the header names CMS data and no load.
    standin.throttle(null);
    const firstCard = cards(page).filter({
      has: page.getByRole("heading", { level: 3, name: "FIRST START HOME 1", exact: true }),
    });
    await expect(firstCard).toBeVisible({ timeout: 30_000 });
    await expect(cards(page)).toHaveCount(FACILITY_COUNT);
    await expect(page.getByText(LOADING_TEXT)).toHaveCount(0);
    await expect(page.getByRole("progressbar", { name: "CMS data load progress" })).toHaveCount(0);
    await expect(
      page.getByText(
        `CMS data as of 2024-06-01 · ${FACILITY_COUNT} facilities · Source: CMS Provider Data Catalog, Nursing Homes`,
      ),
    ).toBeVisible();
    await expect(page.getByText("Demo data")).toHaveCount(0);
    // The header's note of a running load ("Loading from CMS · 2 of 3 files") goes when the load ends.
    // The publication after the last file computes every derived table (the inspection figures among them).
    await expect(page.getByText(/Loading from CMS/)).toHaveCount(0, { timeout: 60_000 });
    expect((await getMeta(serverUrl)).load.isLoading).toBe(false);
    await expect(cards(page)).toHaveCount(FACILITY_COUNT);
    await expect(page.getByText(LOADING_TEXT)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    // The top of the page (a full-page capture leaves off-screen cards blank: content-visibility: auto).
    await page.screenshot({ path: "/tmp/first-start-loaded.png" });
    expect(
      await page.evaluate(() => (window as unknown as { emptyStateSeen?: string[] }).emptyStateSeen),
      `"${EMPTY_FILTERS_TEXT}" is never shown`,
    ).toEqual([]);
  } catch (error) {
    if (serverLog.length > 0) console.log(`server output:\n${serverLog.join("")}`);
    throw error;
  } finally {
    // 5. Clean up.
    if (child) await stopServerProcess(child);
    await standin?.close();
    rmSync(temp, { recursive: true, force: true });
  }
});
