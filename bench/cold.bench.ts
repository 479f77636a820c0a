// `npm run bench:cold`: the first 30 s of traffic that meets a cold response cache, second by second, as visitors
// meet it after a start and after every monthly refresh. The production server (src/server/main.ts in its own
// process, default log level, the built web app) under 50 connections of the load benchmarks' mix (bench/load-mix.ts)
// drawn as a fixed set of 208 distinct requests, with gzip and 10% revalidations, from a load generator in another
// process (bench/path-load.ts). Two scenarios (BENCH_COLD_SCENARIOS, default "start,refresh"):
// - start: the server starts again on the national dataset (15,000 facilities x BENCH_MONTHS months, embedded
//   database) after a first run that served the same traffic for 15 s and stopped (as a restart or a deployment
//   meets it: the server has kept which requests were asked for most); the traffic starts the moment its API answers.
// - refresh: the server runs on the full CMS history (bench:ingest's sync, made here when absent) with a stand-in
//   CMS; after 10 s of traffic the stand-in publishes a new month, which the server's refresh (checking every 5 s)
//   loads and publishes under the traffic: 30 s from the publication on.
// Targets: from the first second, p99 <= 100 ms and no answer over 1 s; 0 errors.
//   BENCH_COLD_CONNECTIONS (default 50), BENCH_COLD_DISTINCT (default 208), BENCH_COLD_SECONDS (default 30)
import { fork } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Meta } from "../src/core/api-types.ts";
import { openDb } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { startStandinProcess, writeNewMonth } from "./cms-refresh.ts";
import { printCommandLine } from "./command-line.ts";
import { buildCmsHistory, CMS_HISTORY_DB, prepareNational } from "./datasets.ts";
import { distinctMix, readMixData } from "./load-mix.ts";
import type { PathLoadStart, PathSamples } from "./path-load.ts";
import { startProductionServer } from "./production-server.ts";
import { runScenario } from "./run-scenario.ts";
import { builtAssets } from "./web-assets.ts";

const root = resolve(import.meta.dirname, "..");
const CONNECTIONS = Number(process.env.BENCH_COLD_CONNECTIONS ?? 50);
const DISTINCT = Number(process.env.BENCH_COLD_DISTINCT ?? 208);
const SECONDS = Number(process.env.BENCH_COLD_SECONDS ?? 30);
const SCENARIOS = (process.env.BENCH_COLD_SCENARIOS ?? "start,refresh").split(",");
const TARGET_P99_MS = 100;
const TARGET_MAX_MS = 1000;
printCommandLine([
  "BENCH_COLD_CONNECTIONS",
  "BENCH_COLD_DISTINCT",
  "BENCH_COLD_SECONDS",
  "BENCH_COLD_SCENARIOS",
]);

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const assets = builtAssets();

/** Starts the load generator; returns a function that stops it and returns its samples. */
async function startLoad(
  baseUrl: string,
  paths: string[],
  work: string,
): Promise<() => Promise<PathSamples>> {
  const samplesFile = join(work, `samples-${Date.now()}.json`);
  const generator = fork(join(root, "bench/path-load.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const started = new Promise<void>((done) =>
    generator.once("message", (message: { type: string }) => message.type === "started" && done()),
  );
  generator.send({
    type: "start",
    baseUrl,
    connections: CONNECTIONS,
    paths,
    revalidate: 0.1,
    samplesFile,
  } satisfies PathLoadStart);
  await started;
  return async () => {
    const stopped = new Promise<void>((done) =>
      generator.once("message", (message: { type: string }) => message.type === "stopped" && done()),
    );
    generator.send({ type: "stop" });
    await stopped;
    return JSON.parse(readFileSync(samplesFile, "utf8")) as PathSamples;
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

interface SecondFigures {
  second: number;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  over1s: number;
  errors: number;
}

/** The samples whose requests were sent in [from, from + SECONDS s), second by second. */
function bySecond(
  samples: PathSamples,
  from: number,
  paths: string[],
  marks: Map<number, string> = new Map(),
) {
  const seconds: SecondFigures[] = [];
  const slow: Record<string, number> = {};
  for (let second = 0; second < SECONDS; second += 1) {
    const ms: number[] = [];
    let errors = 0;
    for (let index = 0; index < samples.startedAt.length; index += 1) {
      const at = (samples.startedAt[index] as number) - from;
      if (at < second * 1000 || at >= (second + 1) * 1000) continue;
      const took = samples.ms[index] as number;
      ms.push(took);
      const status = samples.status[index] as number;
      if (status === 0 || status >= 400) errors += 1;
      if (took > TARGET_MAX_MS) {
        const path = paths[samples.path[index] as number] as string;
        slow[path] = (slow[path] ?? 0) + 1;
      }
    }
    ms.sort((a, b) => a - b);
    seconds.push({
      second: second + 1,
      requests: ms.length,
      p50: Math.round(percentile(ms, 50)),
      p99: Math.round(percentile(ms, 99)),
      max: Math.round(ms.at(-1) ?? 0),
      over1s: ms.filter((value) => value > TARGET_MAX_MS).length,
      errors,
    });
  }
  console.log("  second  req/s    p50    p99    max  >1s  errors");
  for (const row of seconds) {
    const mark = marks.get(row.second) ?? "";
    console.log(
      `  ${String(row.second).padStart(6)} ${String(row.requests).padStart(6)} ${String(row.p50).padStart(6)} ${String(row.p99).padStart(6)} ${String(row.max).padStart(6)} ${String(row.over1s).padStart(4)} ${String(row.errors).padStart(7)}  ${mark}`,
    );
  }
  const all = samples.startedAt
    .map((at, index) => ({ at: at - from, ms: samples.ms[index] as number }))
    .filter((sample) => sample.at >= 0 && sample.at < SECONDS * 1000)
    .map((sample) => sample.ms)
    .sort((a, b) => a - b);
  const overall = {
    requests: all.length,
    requestsPerSecond: Math.round(all.length / SECONDS),
    p50: Math.round(percentile(all, 50)),
    p99: Math.round(percentile(all, 99)),
    max: Math.round(all.at(-1) ?? 0),
    worstSecondP99: Math.max(...seconds.map((row) => row.p99)),
    over1s: seconds.reduce((sum, row) => sum + row.over1s, 0),
    errors: seconds.reduce((sum, row) => sum + row.errors, 0),
  };
  const ok = overall.worstSecondP99 <= TARGET_P99_MS && overall.over1s === 0 && overall.errors === 0;
  console.log(
    `  ${SECONDS} s: ${overall.requests} requests (${overall.requestsPerSecond}/s), p50 ${overall.p50} ms, p99 ${overall.p99} ms, max ${overall.max} ms; worst second's p99 ${overall.worstSecondP99} ms; ${overall.over1s} over 1 s; ${overall.errors} errors`,
  );
  if (Object.keys(slow).length > 0) console.log(`  answers over 1 s: ${JSON.stringify(slow)}`);
  console.log(
    `  target (every second p99 <= ${TARGET_P99_MS} ms, none over 1 s, no errors): ${ok ? "OK" : "MISSED"}`,
  );
  return { seconds, overall, ok };
}

const work = mkdtempSync(join(tmpdir(), "bench-cold-"));
const results: Record<string, unknown> = {};
try {
  if (SCENARIOS.includes("start")) {
    const dataDir = await prepareNational("pglite");
    // A first run of the server: the mix is read from it, and it serves the traffic for 15 s before it stops.
    const first = await startProductionServer({
      DATA_DIR: dataDir,
      DATA_SOURCE: "none",
      CMS_REFRESH_INTERVAL_S: "0",
    });
    const paths = distinctMix(await readMixData(first.base, 1000, assets), DISTINCT);
    const stopFirst = await startLoad(first.base, paths, work);
    await sleep(15_000);
    await stopFirst();
    await first.stop();
    console.log(
      `\nstart: a server starting on the national dataset (${dataDir}), ${paths.length} distinct requests, ${CONNECTIONS} connections`,
    );
    const started = performance.now();
    const server = await startProductionServer({
      DATA_DIR: dataDir,
      DATA_SOURCE: "none",
      CMS_REFRESH_INTERVAL_S: "0",
    });
    console.log(
      `  the server was ready (/readyz) ${((performance.now() - started) / 1000).toFixed(1)} s after the start; traffic from then on`,
    );
    const from = performance.timeOrigin + performance.now();
    const stop = await startLoad(server.base, paths, work);
    await sleep(SECONDS * 1000 + 500);
    const samples = await stop();
    await server.stop();
    results.start = bySecond(samples, from, paths);
  }

  if (SCENARIOS.includes("refresh")) {
    const history = await buildCmsHistory();
    const standin = await startStandinProcess();
    try {
      if (!existsSync(join(CMS_HISTORY_DB, "PG_VERSION")) || !existsSync(`${CMS_HISTORY_DB}.json`)) {
        console.log(
          `no synced CMS history in ${CMS_HISTORY_DB}: syncing it from the stand-in (a few minutes)`,
        );
        await runScenario("cms-sync-scenario.ts", ["pglite", standin.baseUrl, "--keep", CMS_HISTORY_DB]);
      }
      const dataDir = join(work, "db");
      cpSync(CMS_HISTORY_DB, dataDir, { recursive: true });
      rmSync(join(dataDir, "cms-dashboard.lock"), { force: true });
      // The files were recorded under the stand-in's address of the sync; this stand-in is the same CMS.
      const opened = await openDb({ dataDir });
      await migrate(opened);
      const [recorded] = await opened.query<{ url: string }>("SELECT url FROM cms_file LIMIT 1");
      const oldOrigin = recorded ? new URL(recorded.url).origin : standin.baseUrl;
      await opened.query(
        "UPDATE cms_file SET url = $2 || substr(url, length($1) + 1) WHERE starts_with(url, $1)",
        [oldOrigin, standin.baseUrl],
      );
      await opened.close();
      mkdirSync(join(work, "new"));
      const newMonth = await writeNewMonth(history, join(work, "new"), "2027-01");
      const env = {
        DATA_DIR: dataDir,
        DATA_SOURCE: "cms",
        CMS_BASE_URL: standin.baseUrl,
        CMS_CACHE_DIR: join(work, "downloads"),
        CMS_REFRESH_INTERVAL_S: "5",
      };
      const server = await startProductionServer(env);
      const paths = distinctMix(await readMixData(server.base, 1000, assets), DISTINCT);
      console.log(
        `\nrefresh: a server on the full CMS history (a copy of ${CMS_HISTORY_DB}) checking the stand-in CMS every 5 s, ${paths.length} distinct requests, ${CONNECTIONS} connections; 10 s of traffic, then a new month is published`,
      );
      const stop = await startLoad(server.base, paths, work);
      await sleep(10_000);
      const from = performance.timeOrigin + performance.now();
      await standin.setCurrent(newMonth.current);
      await standin.publish(newMonth.archive);
      // When the refresh starts loading, and when the server serves the new month.
      const marks = new Map<number, string>();
      let loading = false;
      let served = false;
      while (performance.timeOrigin + performance.now() - from < SECONDS * 1000 + 500) {
        const meta = (await (await fetch(`${server.base}/api/meta`)).json()) as Meta;
        const second = Math.floor((performance.timeOrigin + performance.now() - from) / 1000) + 1;
        if (meta.load.isLoading && !loading) {
          loading = true;
          marks.set(second, `refresh loading (${meta.load.step})`);
        }
        if (!served && meta.latestProcessingDate === newMonth.date && !meta.load.isLoading) {
          served = true;
          marks.set(second, `${marks.get(second) ?? ""} new month served`.trim());
        }
        await sleep(100);
      }
      const samples = await stop();
      await server.stop();
      results.refresh = { ...bySecond(samples, from, paths, marks), newMonthServed: served };
      if (!served)
        console.log("  the new month was not served within the window: the figures do not cover a refresh");
    } finally {
      await standin.close();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/cold.json"), `${JSON.stringify(results, null, 2)}\n`);
