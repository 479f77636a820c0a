// The server's own loads against a stand-in CMS on 127.0.0.1: the first load of an empty database (what `auto`
// keeps, when it falls back to demo data), the progress /api/meta reports meanwhile, and the periodic refresh:
// new files loaded while requests are answered, demo data replaced whole, status reported, one load at a time.
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { truncate } from "../../test/cms-standin/archives.ts";
import { type CmsStandin, startCmsStandin } from "../../test/cms-standin/server.ts";
import { archive, CCNS, current, threeMonths } from "../../test/cms-standin/small-cms.ts";
import { tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import type { Meta } from "../core/api-types.ts";
import type { Db } from "../db/client.ts";
import { PUBLISHING_FILES_STEP } from "../ingest/cms-sync.ts";
import { createApp } from "./app.ts";
import { BUSY_RETRY_MS, DataLoader, FIRST_RETRY_MS, type LoaderEnv, nextCheckAt } from "./data-loader.ts";

describe("when the next check of CMS is due", () => {
  const HOUR = 3_600_000;
  const base = { now: 10 * HOUR, intervalMs: 12 * HOUR, skippedAt: null };
  it("is one interval after a check that succeeded", () => {
    expect(nextCheckAt({ ...base, lastCheck: base.now - HOUR, failures: 0 })).toBe(base.now + 11 * HOUR);
    expect(nextCheckAt({ ...base, lastCheck: null, failures: 0 })).toBe(base.now + 12 * HOUR);
  });
  it("after failed checks: a minute, doubling with each failure in a row, never more than the interval", () => {
    const waitAfter = (failures: number) =>
      nextCheckAt({ ...base, lastCheck: base.now, failures }) - base.now;
    expect([1, 2, 3, 4].map(waitAfter)).toEqual([1, 2, 4, 8].map((n) => n * FIRST_RETRY_MS));
    expect(waitAfter(11)).toBe(12 * HOUR);
    expect(waitAfter(1000)).toBe(12 * HOUR);
    // Due already (the failure was long ago): now.
    expect(nextCheckAt({ ...base, lastCheck: base.now - HOUR, failures: 1 })).toBe(base.now);
  });
  it("after a check skipped because another process was loading: a short retry until that process records its check", () => {
    const skippedAt = base.now - 1000;
    expect(nextCheckAt({ ...base, lastCheck: skippedAt - HOUR, failures: 0, skippedAt })).toBe(
      base.now + BUSY_RETRY_MS,
    );
    expect(nextCheckAt({ ...base, intervalMs: 5000, lastCheck: null, failures: 0, skippedAt })).toBe(
      base.now + 5000,
    );
    // The other process finished and recorded its check: one interval after it.
    expect(nextCheckAt({ ...base, lastCheck: skippedAt + 500, failures: 0, skippedAt })).toBe(
      skippedAt + 500 + 12 * HOUR,
    );
  });
});

function captureLogger() {
  const lines: string[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line).msg) });
  return { logger, lines };
}

function loaderEnv(standin: CmsStandin, overrides: Partial<LoaderEnv> = {}): LoaderEnv {
  return {
    DATA_SOURCE: "auto",
    CMS_BASE_URL: standin.baseUrl,
    CMS_CACHE_DIR: tempDir(),
    CMS_BACKFILL_MONTHS: 2,
    CMS_AUTO_TIMEOUT_MS: 2000,
    CMS_REFRESH_INTERVAL_S: 3600,
    ...overrides,
  };
}

async function sources(db: Db) {
  return db.query<{ source: string; month: string }>(
    "SELECT source, to_char(processing_date, 'YYYY-MM') AS month FROM release ORDER BY processing_date",
  );
}

describe.each(engines)("the server's loads on $name", (engine) => {
  let standin: CmsStandin;
  let db: Db;
  const loaders: DataLoader[] = [];
  const newLoader = (env: LoaderEnv, logger = pino({ level: "silent" })) => {
    const loader = new DataLoader({ db, env, logger, demo: { facilities: 60, months: 3 } });
    loaders.push(loader);
    return loader;
  };

  beforeAll(async () => {
    standin = await startCmsStandin(await threeMonths());
  });
  afterAll(async () => {
    await standin?.close();
  });
  beforeEach(async () => {
    db = await openTestDb(engine);
  });
  afterEach(async () => {
    for (const loader of loaders.splice(0)) await loader.stop();
    await db.close();
  });

  it("auto keeps the CMS files it could load when one fails, and never mixes in demo data", async () => {
    standin.publish({
      date: "2024-05-29",
      name: "nursing-homes_2024-05-29",
      body: truncate(await archive("2024-05-29", "2024-03", 2), 0.5),
    });
    const { logger, lines } = captureLogger();
    await newLoader(loaderEnv(standin, { CMS_BACKFILL_MONTHS: 3 }), logger).start();
    standin.remove("nursing-homes_2024-05-29");
    expect(await sources(db)).toEqual([
      { source: "cms", month: "2024-04" },
      { source: "cms", month: "2024-05" },
      { source: "cms", month: "2024-06" },
    ]);
    expect(lines.some((line) => /nursing-homes_2024-05-29\.zip.*unreadable zip archive/.test(line))).toBe(
      true,
    );
    expect(lines.some((line) => /DEMO/.test(line))).toBe(false);
  });

  it("auto falls back to demo data only when no CMS file could be loaded at all", async () => {
    standin.setCurrent(null);
    standin.publish({
      date: "2024-06-20",
      name: "nursing-homes_2024-06-20",
      body: truncate(await archive("2024-06-20", "2024-06", 2), 0.4),
    });
    try {
      await newLoader(loaderEnv(standin, { CMS_BACKFILL_MONTHS: 1 })).start();
      expect(new Set((await sources(db)).map((row) => row.source))).toEqual(new Set(["demo"]));
    } finally {
      standin.setCurrent(current("2024-06", 5));
      standin.remove("nursing-homes_2024-06-20");
    }
  });

  it("answers at once while the first load runs, with its progress in /api/meta", async () => {
    const loader = newLoader(loaderEnv(standin));
    const app = createApp({ db, logger: pino({ level: "silent" }), loader, dataVersionTtlMs: 0 });
    standin.throttle(2_000);
    const started = loader.start();
    try {
      let seen: Meta | null = null;
      for (let attempt = 0; attempt < 100 && !seen; attempt += 1) {
        expect((await app.request("/healthz")).status).toBe(200);
        const response = await app.request("/api/meta");
        const meta = (await response.json()) as Meta;
        if (meta.load.isLoading && meta.load.filesTotal > 0) {
          seen = meta;
          expect(response.headers.get("cache-control")).toBe("no-store");
        } else await new Promise((done) => setTimeout(done, 50));
      }
      // The eight current files (Provider Information, health and fire safety citations, penalties, MDS and claims
      // quality measures, State/US averages, ownership), and the two archives.
      expect(seen?.load).toMatchObject({ isLoading: true, kind: "initial", filesTotal: 10 });
      expect(seen?.facilityCount).toBe(0);
    } finally {
      standin.throttle(null);
    }
    await started;
    const meta = (await (await app.request("/api/meta")).json()) as Meta;
    expect(meta).toMatchObject({ source: "cms", facilityCount: 4, latestProcessingDate: "2024-06-01" });
    expect(meta.load.isLoading).toBe(false);
    expect(meta.refresh.intervalSeconds).toBe(3600);
    expect(meta.refresh.lastSuccess).not.toBeNull();
    expect(Date.parse(meta.refresh.nextCheck ?? "") - Date.now()).toBeGreaterThan(3500_000);
  });

  it("a refresh loads a newer current file and a new archive while every request is answered", async () => {
    const loader = newLoader(loaderEnv(standin));
    const app = createApp({ db, logger: pino({ level: "silent" }), loader, dataVersionTtlMs: 0 });
    await loader.start();
    standin.setCurrent(current("2024-07", 1));
    standin.publish({ date: "2024-06-25", body: await archive("2024-06-25", "2024-06", 5) });
    const ratings = new Set<string>();
    /** The steps /api/meta showed, each once in a row. */
    const steps: string[] = [];
    let failures = 0;
    let isRefreshing = true;
    const traffic = (async () => {
      while (isRefreshing) {
        // Real clients arrive through the network: let the refresh's own I/O run between them.
        await new Promise((done) => setImmediate(done));
        for (const path of ["/api/facilities?pageSize=10", "/api/meta", "/api/facilities/015001/history"]) {
          const response = await app.request(path);
          if (response.status !== 200) failures += 1;
          if (path.startsWith("/api/facilities?")) {
            const body = (await response.json()) as { data: { overallRating: number }[] };
            // Each answer is one month's list, never a mix.
            ratings.add([...new Set(body.data.map((item) => item.overallRating))].join(","));
          } else if (path === "/api/meta") {
            const step = ((await response.json()) as Meta).load.step;
            if (step && steps.at(-1) !== step) steps.push(step);
          } else await response.arrayBuffer();
        }
      }
    })();
    await loader.refreshNow();
    isRefreshing = false;
    await traffic;
    expect(failures).toBe(0);
    expect([...ratings].every((value) => value === "5" || value === "1")).toBe(true);
    // The month's files are loaded one after the other, then published once, together (not after each file).
    const loading = steps.filter((step) => step.startsWith("Loading "));
    expect(loading.length).toBeGreaterThan(1);
    expect(steps.filter((step) => step === PUBLISHING_FILES_STEP)).toHaveLength(1);
    expect(steps.indexOf(PUBLISHING_FILES_STEP)).toBeGreaterThan(steps.lastIndexOf(loading.at(-1) as string));
    const meta = (await (await app.request("/api/meta")).json()) as Meta;
    expect(meta).toMatchObject({
      latestProcessingDate: "2024-07-01",
      facilitiesProcessingDate: "2024-07-01",
    });
    expect(meta.refresh.lastError).toBeNull();
    const history = (await (await app.request("/api/facilities/015001/history")).json()) as {
      processingDate: string;
      overallRating: number;
    }[];
    expect(history.map((row) => [row.processingDate, row.overallRating])).toEqual([
      ["2024-04-01", 3],
      ["2024-05-01", 4],
      ["2024-06-01", 5],
      ["2024-07-01", 1],
    ]);
    // Nothing new: the next check downloads nothing.
    const downloads = standin.requests.length;
    await loader.refreshNow();
    expect(standin.requests.slice(downloads).every((request) => request.path.includes("/api/1/"))).toBe(true);
    standin.setCurrent(current("2024-06", 5));
    standin.remove("nursing-homes_2024-06-25");
  });

  it("a load reports itself done only once every answer comes from its data (first load and refresh)", async () => {
    let app: ReturnType<typeof createApp> | null = null;
    const loader = new DataLoader({
      db,
      env: loaderEnv(standin),
      logger: pino({ level: "silent" }),
      whenServed: () => app?.servingCurrentData() ?? Promise.resolve(),
    });
    loaders.push(loader);
    // As the server runs it: new data is warmed before it is served.
    app = createApp({ db, logger: pino({ level: "silent" }), loader, warm: true });
    const served = app;
    /** Polls meta while `load` runs; the first answer that says nothing is loading, and the list read right after. */
    const firstIdleDuring = async (load: Promise<void>) => {
      let isRunning = true;
      const finished = load.finally(() => {
        isRunning = false;
      });
      let sawLoading = false;
      let idle: { meta: Meta; list: { data: { overallRating: number }[] } } | null = null;
      while (!idle) {
        const meta = (await (await served.request("/api/meta")).json()) as Meta;
        if (meta.load.isLoading) {
          sawLoading = true;
        } else if (sawLoading || !isRunning) {
          const list = (await (await served.request("/api/facilities")).json()) as {
            data: { overallRating: number }[];
          };
          idle = { meta, list };
        }
        await new Promise((done) => setTimeout(done, 10));
      }
      await finished;
      return idle;
    };

    const first = await firstIdleDuring(loader.start());
    expect(first.meta.processingDates).toEqual(["2024-04-01", "2024-05-01", "2024-06-01"]);
    expect(first.list.data.map((item) => item.overallRating)).toEqual([5, 5, 5, 5]);

    standin.setCurrent(current("2024-07", 1));
    standin.publish({ date: "2024-06-25", body: await archive("2024-06-25", "2024-06", 5) });
    try {
      const refreshed = await firstIdleDuring(loader.refreshNow());
      expect(refreshed.meta.processingDates).toEqual([
        "2024-04-01",
        "2024-05-01",
        "2024-06-01",
        "2024-07-01",
      ]);
      expect(refreshed.meta.facilitiesProcessingDate).toBe("2024-07-01");
      expect(refreshed.list.data.map((item) => item.overallRating)).toEqual([1, 1, 1, 1]);
    } finally {
      standin.setCurrent(current("2024-06", 5));
      standin.remove("nursing-homes_2024-06-25");
    }
  });

  it("replaces demo data with CMS data at the first successful refresh: no demo facility or month remains", async () => {
    const demoEnv = loaderEnv(standin, { CMS_BASE_URL: "http://127.0.0.1:9" });
    await newLoader(demoEnv).start();
    expect((await sources(db)).every((row) => row.source === "demo")).toBe(true);
    const loader = newLoader({ ...demoEnv, CMS_BASE_URL: standin.baseUrl });
    await loader.refreshNow();
    expect(await sources(db)).toEqual([
      { source: "cms", month: "2024-04" },
      { source: "cms", month: "2024-05" },
      { source: "cms", month: "2024-06" },
    ]);
    expect(
      (await db.query<{ ccn: string }>("SELECT ccn FROM facility ORDER BY ccn")).map((row) => row.ccn),
    ).toEqual(CCNS);
    const [months] = await db.query<{ n: number }>(
      "SELECT count(DISTINCT processing_date)::integer AS n FROM rating_snapshot",
    );
    expect(months?.n).toBe(3);
  });

  it("reports a failed check and the next success in /api/meta", async () => {
    const loader = newLoader(loaderEnv(standin));
    const app = createApp({ db, logger: pino({ level: "silent" }), loader });
    await loader.start();
    const before = (await (await app.request("/api/meta")).json()) as Meta;
    standin.failJson(503);
    try {
      await loader.refreshNow();
    } finally {
      standin.failJson(null);
    }
    const failed = (await (await app.request("/api/meta")).json()) as Meta;
    expect(failed.refresh.lastError).toMatch(/CMS could not be reached.*HTTP 503/);
    expect(failed.refresh.lastSuccess).toBe(before.refresh.lastSuccess);
    expect(failed.refresh.lastCheck).not.toBe(before.refresh.lastCheck);
    await loader.refreshNow();
    const recovered = (await (await app.request("/api/meta")).json()) as Meta;
    expect(recovered.refresh.lastError).toBeNull();
    expect(Date.parse(recovered.refresh.lastSuccess ?? "")).toBeGreaterThan(
      Date.parse(before.refresh.lastSuccess ?? ""),
    );
  });

  it("a first start with CMS unreachable serves demo data and tries CMS again soon, not an interval later", async () => {
    standin.failJson(503);
    const loader = new DataLoader({
      db,
      env: loaderEnv(standin, { CMS_REFRESH_INTERVAL_S: 43_200 }),
      logger: pino({ level: "silent" }),
      demo: { facilities: 60, months: 3 },
      firstRetryMs: 1500,
    });
    loaders.push(loader);
    const app = createApp({ db, logger: pino({ level: "silent" }), loader, dataVersionTtlMs: 0 });
    let fallback: Meta;
    try {
      await loader.start();
      fallback = (await (await app.request("/api/meta")).json()) as Meta;
    } finally {
      // CMS is back (a retry may have failed meanwhile: the next one waits twice as long).
      standin.failJson(null);
    }
    expect(fallback.source).toBe("demo");
    expect(fallback.refresh.lastError).toMatch(/HTTP 503/);
    // The next try is shown, a retry's delay (1.5 s, doubling) after the failed check: not the 12 hours' interval.
    const wait = Date.parse(fallback.refresh.nextCheck ?? "") - Date.parse(fallback.refresh.lastCheck ?? "");
    expect(wait).toBeGreaterThanOrEqual(1000);
    expect(wait).toBeLessThan(15_000);
    // CMS is back: its data replaces the demo within seconds (and the check is recorded right after).
    const deadline = Date.now() + 60_000;
    let meta = fallback;
    while ((meta.source !== "cms" || meta.refresh.lastError !== null) && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 250));
      meta = (await (await app.request("/api/meta")).json()) as Meta;
    }
    expect(meta.source).toBe("cms");
    expect(meta.refresh.lastError).toBeNull();
    // After a success, the interval again.
    expect(Date.parse(meta.refresh.nextCheck ?? "") - Date.parse(meta.refresh.lastCheck ?? "")).toBe(
      43_200_000,
    );
  });

  it("runs one load at a time: a second process's refresh is skipped while one runs", async () => {
    const first = captureLogger();
    const second = captureLogger();
    const a = newLoader(loaderEnv(standin), first.logger);
    const b = newLoader(loaderEnv(standin), second.logger);
    standin.throttle(20_000);
    try {
      await Promise.all([
        a.refreshNow(),
        new Promise((done) => setTimeout(done, 300)).then(() => b.refreshNow()),
      ]);
    } finally {
      standin.throttle(null);
    }
    expect(
      second.lines.some((line) => line.startsWith("refresh from CMS: another process is loading; skipped")),
    ).toBe(true);
    expect((await sources(db)).map((row) => row.month)).toEqual(["2024-04", "2024-05", "2024-06"]);
  });
});
