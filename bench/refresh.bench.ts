// `npm run bench:refresh`: what visitors see while the server refreshes from CMS. The production app (createApp +
// DataLoader, as src/server/main.ts wires them) serves a PGlite database holding the national history (a copy of
// the CMS full history bench:ingest synced from the stand-in CMS; synced here when absent) over HTTP on 127.0.0.1.
// The stand-in CMS publishes one new month (a new current CSV and a new monthly archive), and loader.refreshNow()
// loads it while a load generator in another process (bench/refresh-load.ts, 10 keep-alive connections) sends a mix
// of uncached list pages, alert views, details, histories, /api/meta and /healthz. Printed: the refresh's seconds,
// and the requests, errors and latency during it and during an equal period without a refresh, the statements of the
// load that held the database longest, and whether /api/meta shows the new month afterwards. Target: no error, and
// max latency < 2000 ms during the refresh (2-core machine).
// BENCH_CONNECTIONS (default 10), BENCH_SLOW_MS (statements logged from, default 200). Experiments (not the product's
// behaviour): BENCH_LOADER_YIELD_MS=N makes the loader wait N ms before each of its statements outside a
// transaction; BENCH_STATISTICS_TARGET=N sets default_statistics_target for the session (the loader's ANALYZEs).
import { type ChildProcess, fork } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { serve } from "@hono/node-server";
import pino from "pino";
import type { Meta } from "../src/core/api-types.ts";
import { openDb } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { createApp } from "../src/server/app.ts";
import { DataLoader } from "../src/server/data-loader.ts";
import { startStandinProcess, writeNewMonth } from "./cms-refresh.ts";
import { commandLine, printCommandLine } from "./command-line.ts";
import { buildCmsHistory, CMS_HISTORY_DB } from "./datasets.ts";
import type { Samples, StartMessage } from "./refresh-load.ts";
import { runScenario } from "./run-scenario.ts";
import { type SlowStatement, StatementLog } from "./timed-db.ts";

const root = resolve(import.meta.dirname, "..");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET_MAX_MS = 2000;
/** The new month the stand-in publishes: the history ends with Nov 2026 (the demo calendar has no December). */
const NEW_MONTH = "2027-01";
const NEW_DATE = `${NEW_MONTH}-01`;
const WARMUP_MS = 3000;
/** Event-loop stalls of the server process from this long are listed. */
const STALL_MS = 150;
/** How long /api/meta may take to show the new month once the refresh has ended. */
const META_WAIT_MS = 10_000;

const ENV_NAMES = ["BENCH_CONNECTIONS", "BENCH_SLOW_MS", "BENCH_LOADER_YIELD_MS", "BENCH_STATISTICS_TARGET"];
const LOADER_YIELD_MS = Number(process.env.BENCH_LOADER_YIELD_MS ?? 0);
const STATISTICS_TARGET = Number(process.env.BENCH_STATISTICS_TARGET ?? 0);
printCommandLine(ENV_NAMES);
/** Busy and total jiffies of all CPUs of the machine (/proc/stat), to tell how busy it was in a window. */
function machineCpu(): { busy: number; total: number } {
  try {
    const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "")
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}
/** Machine CPU use (% of all cores) and this process's (% of one core) since `from`. */
function cpuSince(from: { machine: { busy: number; total: number }; own: NodeJS.CpuUsage; at: number }) {
  const machine = machineCpu();
  const own = process.cpuUsage(from.own);
  const elapsedMs = performance.now() - from.at;
  return {
    machinePercent: round(
      (100 * (machine.busy - from.machine.busy)) / Math.max(1, machine.total - from.machine.total),
    ),
    serverProcessPercent: round((100 * (own.user + own.system)) / 1000 / Math.max(1, elapsedMs)),
  };
}
const cpuMark = () => ({ machine: machineCpu(), own: process.cpuUsage(), at: performance.now() });

const epochNow = () => performance.timeOrigin + performance.now();
const seconds = (ms: number) => (ms / 1000).toFixed(1);

const history = await buildCmsHistory();
const standin = await startStandinProcess();
const work = mkdtempSync(join(tmpdir(), "bench-refresh-"));
const results: Record<string, unknown> = {};

try {
  // The national history: a copy of what bench:ingest synced (or a sync now).
  if (!existsSync(join(CMS_HISTORY_DB, "PG_VERSION")) || !existsSync(`${CMS_HISTORY_DB}.json`)) {
    console.log(`no synced CMS history in ${CMS_HISTORY_DB}: syncing it from the stand-in (a few minutes)`);
    await runScenario("cms-sync-scenario.ts", ["pglite", standin.baseUrl, "--keep", CMS_HISTORY_DB]);
  }
  const dataDir = join(work, "db");
  const copyStarted = performance.now();
  cpSync(CMS_HISTORY_DB, dataDir, { recursive: true });
  rmSync(join(dataDir, "cms-dashboard.lock"), { force: true });
  console.log(`copied ${CMS_HISTORY_DB} in ${seconds(performance.now() - copyStarted)} s (not counted)`);

  const opened = await openDb({ dataDir });
  await migrate(opened);
  // The database's files were recorded under the stand-in's address of the sync; this stand-in is the same CMS.
  const [recorded] = await opened.query<{ url: string }>("SELECT url FROM cms_file LIMIT 1");
  const oldOrigin = recorded ? new URL(recorded.url).origin : standin.baseUrl;
  await opened.query(
    "UPDATE cms_file SET url = $2 || substr(url, length($1) + 1) WHERE starts_with(url, $1)",
    [oldOrigin, standin.baseUrl],
  );
  const [counts] = await opened.query<{ snapshots: number; months: number; facilities: number }>(
    `SELECT (SELECT count(*)::integer FROM rating_snapshot) AS snapshots,
            (SELECT count(DISTINCT processing_date)::integer FROM rating_snapshot) AS months,
            (SELECT count(*)::integer FROM facility) AS facilities`,
  );
  console.log(
    `database: ${counts?.snapshots} snapshots, ${counts?.months} months, ${counts?.facilities} facilities (PGlite, ${dataDir})`,
  );

  if (STATISTICS_TARGET > 0) await opened.exec(`SET default_statistics_target = ${STATISTICS_TARGET}`);
  // The server as src/server/main.ts wires it, the loader's statements and the requests' timed apart.
  const statements = new StatementLog(Number(process.env.BENCH_SLOW_MS ?? 200));
  const logFile = join(work, "server.log");
  const logger = pino({ level: "info" }, pino.destination({ dest: logFile, sync: false }));
  const loader = new DataLoader({
    db: statements.wrap(
      opened,
      "load",
      LOADER_YIELD_MS > 0 ? () => new Promise((done) => setTimeout(done, LOADER_YIELD_MS)) : undefined,
    ),
    env: {
      DATA_SOURCE: "cms",
      CMS_BASE_URL: standin.baseUrl,
      CMS_CACHE_DIR: join(work, "downloads"),
      CMS_BACKFILL_MONTHS: 11,
      CMS_AUTO_TIMEOUT_MS: 10_000,
      CMS_REFRESH_INTERVAL_S: 86_400,
    },
    logger,
  });
  await loader.start();
  const app = createApp({ db: statements.wrap(opened, "app"), logger, loader });
  const server = await new Promise<ReturnType<typeof serve>>((done) => {
    const listening = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => done(listening));
  });
  if ("keepAliveTimeout" in server) server.keepAliveTimeout = 65_000;
  const address = server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const getMeta = async () => (await (await fetch(`${baseUrl}/api/meta`)).json()) as Meta;
  const before = await getMeta();
  console.log(
    `server at ${baseUrl}: latest ${before.latestProcessingDate}, facilities from ${before.facilitiesProcessingDate}`,
  );

  // The new month, made before the traffic starts: the current file with moved ratings and the new date.
  const newMonth = await writeNewMonth(history, work, NEW_MONTH);

  // The load generator.
  const ccns = (await opened.query<{ ccn: string }>("SELECT ccn FROM facility ORDER BY ccn")).map(
    (r) => r.ccn,
  );
  const states = (await (await fetch(`${baseUrl}/api/lookups/states`)).json()) as string[];
  const samplesFile = join(work, "samples.json");
  const generator: ChildProcess = fork(join(root, "bench/refresh-load.ts"), [], {
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
    ccns,
    states,
    samplesFile,
  } satisfies StartMessage);
  await started;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

  await sleep(WARMUP_MS);
  // The refresh.
  await standin.setCurrent(newMonth.current);
  await standin.publish(newMonth.archive);
  // What the refresh is doing (its status, as /api/meta shows it) and when the event loop stood still.
  const phases: { at: number; step: string }[] = [];
  const stalls: { at: number; ms: number }[] = [];
  let lastTick = epochNow();
  const ticker = setInterval(() => {
    const at = epochNow();
    if (at - lastTick >= STALL_MS) stalls.push({ at: lastTick, ms: at - lastTick });
    lastTick = at;
    const { isLoading, step, bytesDone, bytesTotal } = loader.load;
    const complete = bytesTotal !== null && bytesDone === bytesTotal ? " (downloaded)" : "";
    const label = isLoading ? `${step ?? ""}${complete}` : "idle";
    if (phases.at(-1)?.step !== label) phases.push({ at, step: label });
  }, 5);
  loopDelay.reset();
  const refreshCpuFrom = cpuMark();
  const refreshFrom = epochNow();
  await loader.refreshNow();
  const refreshTo = epochNow();
  const refreshCpu = cpuSince(refreshCpuFrom);
  clearInterval(ticker);
  const refreshLoop = { maxMs: loopDelay.max / 1e6, p99Ms: loopDelay.percentile(99) / 1e6 };
  const refreshMs = refreshTo - refreshFrom;
  // The app trusts the data version it read for up to 1 s (dataVersionTtlMs) and then waits at most 50 ms for a
  // fresh read: the new month shows shortly after the refresh ends, not at once.
  let after = await getMeta();
  while (after.latestProcessingDate !== NEW_DATE && epochNow() - refreshTo < META_WAIT_MS) {
    await sleep(50);
    after = await getMeta();
  }
  const metaShownAfterMs = after.latestProcessingDate === NEW_DATE ? epochNow() - refreshTo : null;

  // The same period without a refresh.
  await sleep(500);
  loopDelay.reset();
  const baselineCpuFrom = cpuMark();
  const baselineFrom = epochNow();
  await sleep(refreshMs);
  const baselineTo = epochNow();
  const baselineCpu = cpuSince(baselineCpuFrom);
  const baselineLoop = { maxMs: loopDelay.max / 1e6, p99Ms: loopDelay.percentile(99) / 1e6 };
  loopDelay.disable();
  const stopped = new Promise<void>((done) =>
    generator.on("message", (message: { type: string }) => message.type === "stopped" && done()),
  );
  generator.send({ type: "stop" });
  await stopped;
  const samples = JSON.parse(readFileSync(samplesFile, "utf8")) as Samples;
  const peakRssMiB = process.resourceUsage().maxRSS / 1024;

  // Figures.
  const percentile = (sorted: number[], p: number) =>
    sorted.length === 0
      ? 0
      : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);
  const window = (from: number, to: number) => {
    const indexes = samples.startedAt.flatMap((at, i) => (at >= from && at < to ? [i] : []));
    const ms = indexes.map((i) => samples.ms[i] as number).sort((a, b) => a - b);
    const errors = indexes.filter((i) => {
      const status = samples.status[i] as number;
      return !((status >= 200 && status < 300) || status === 304);
    });
    const byKind = Object.fromEntries(
      samples.kinds.map((kind, k) => {
        const kindMs = indexes
          .filter((i) => samples.kind[i] === k)
          .map((i) => samples.ms[i] as number)
          .sort((a, b) => a - b);
        return [
          kind,
          {
            requests: kindMs.length,
            p50: round(percentile(kindMs, 50)),
            p99: round(percentile(kindMs, 99)),
            max: round(kindMs.at(-1) ?? 0),
          },
        ];
      }),
    );
    const slowest = [...indexes]
      .sort((a, b) => (samples.ms[b] as number) - (samples.ms[a] as number))
      .slice(0, 8)
      .map((i) => ({
        atS: round(((samples.startedAt[i] as number) - from) / 1000, 2),
        ms: round(samples.ms[i] as number),
        kind: samples.kinds[samples.kind[i] as number],
        path: samples.slowPaths[i] ?? null,
      }));
    return {
      seconds: round((to - from) / 1000, 2),
      requests: indexes.length,
      requestsPerSecond: round(indexes.length / ((to - from) / 1000)),
      errors: errors.length,
      errorStatuses: [...new Set(errors.map((i) => samples.status[i]))],
      p50: round(percentile(ms, 50)),
      p99: round(percentile(ms, 99)),
      max: round(ms.at(-1) ?? 0),
      byKind,
      slowest,
    };
  };
  const timelineOf = (from: number, to: number) => {
    const buckets: { second: number; requests: number; max: number; errors: number }[] = [];
    for (let second = 0; from + second * 1000 < to; second += 1)
      buckets.push({ second, requests: 0, max: 0, errors: 0 });
    samples.startedAt.forEach((at, i) => {
      if (at < from || at >= to) return;
      const bucket = buckets[Math.floor((at - from) / 1000)];
      if (!bucket) return;
      const status = samples.status[i] as number;
      bucket.requests += 1;
      bucket.max = Math.max(bucket.max, round(samples.ms[i] as number));
      if (!((status >= 200 && status < 300) || status === 304)) bucket.errors += 1;
    });
    return buckets;
  };
  const during = window(refreshFrom, refreshTo);
  // The part of the refresh after the downloads: the load and publication of the new month.
  const loadingFrom = phases.find((phase) => phase.step.startsWith("Loading"))?.at ?? refreshFrom;
  const whileLoading = window(loadingFrom, refreshTo);
  const without = window(baselineFrom, baselineTo);
  const loadStatements = statements.slow
    .filter((s) => s.label === "load" && s.startedAt >= refreshFrom && s.startedAt < refreshTo)
    .sort((a, b) => a.startedAt - b.startedAt);
  const showStatement = (s: SlowStatement) => ({
    atS: round((s.startedAt - refreshFrom) / 1000, 2),
    ms: round(s.ms),
    kind: s.kind,
    sql: s.sql,
  });
  const serverLines = readFileSync(logFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string; level: number })
    .filter((line) => line.msg !== "request")
    .map((line) => line.msg);
  const newFiles = await opened.query<{ url: string; status: string; processing_date: string | null }>(
    "SELECT url, status, processing_date FROM cms_file WHERE processing_date = $1::date ORDER BY url",
    [NEW_DATE],
  );
  const showsNewMonth =
    after.latestProcessingDate === NEW_DATE && after.facilitiesProcessingDate === NEW_DATE;
  const meetsTargets =
    during.errors === 0 && without.errors === 0 && during.max < TARGET_MAX_MS && showsNewMonth;

  const line = (
    label: string,
    w: ReturnType<typeof window>,
    loop: { maxMs: number; p99Ms: number },
    cpu: ReturnType<typeof cpuSince>,
  ) =>
    console.log(
      `${label.padEnd(22)} ${w.seconds.toFixed(1).padStart(6)} s  ${String(w.requests).padStart(6)} requests (${String(w.requestsPerSecond).padStart(5)}/s)  ${w.errors} errors  ` +
        `p50 ${String(w.p50).padStart(5)} ms  p99 ${String(w.p99).padStart(5)} ms  max ${String(w.max).padStart(5)} ms  (server event loop max ${round(loop.maxMs)} ms; CPU: machine ${cpu.machinePercent}%, server process ${cpu.serverProcessPercent}% of a core)`,
    );
  console.log(
    `refresh: ${seconds(refreshMs)} s to load ${NEW_MONTH} (a new current CSV + a new archive of the month) into ${counts?.months} months x 15,000 facilities, ${CONNECTIONS} connections`,
  );
  line("during the refresh", during, refreshLoop, refreshCpu);
  console.log(
    `${"  of which loading".padEnd(22)} ${whileLoading.seconds.toFixed(1).padStart(6)} s  ${String(whileLoading.requests).padStart(6)} requests (${String(whileLoading.requestsPerSecond).padStart(5)}/s)  ${whileLoading.errors} errors  ` +
      `p50 ${String(whileLoading.p50).padStart(5)} ms  p99 ${String(whileLoading.p99).padStart(5)} ms  max ${String(whileLoading.max).padStart(5)} ms  (after the downloads: parse, load, derive, publish)`,
  );
  line("without a refresh", without, baselineLoop, baselineCpu);
  for (const kind of samples.kinds) {
    const d = during.byKind[kind];
    const w = without.byKind[kind];
    console.log(
      `  ${kind.padEnd(8)} during: ${String(d?.requests).padStart(5)} req  p50 ${String(d?.p50).padStart(5)}  p99 ${String(d?.p99).padStart(5)}  max ${String(d?.max).padStart(5)} ms   ` +
        `without: ${String(w?.requests).padStart(5)} req  p50 ${String(w?.p50).padStart(5)}  p99 ${String(w?.p99).padStart(5)}  max ${String(w?.max).padStart(5)} ms`,
    );
  }
  console.log(
    `target: 0 errors, max latency during the refresh < ${TARGET_MAX_MS} ms: ${during.errors === 0 && during.max < TARGET_MAX_MS ? "OK" : "MISSED"}`,
  );
  console.log(
    `after the refresh /api/meta: latest ${after.latestProcessingDate}, facilities from ${after.facilitiesProcessingDate}, ` +
      `${after.facilityCount} facilities, refresh error ${after.refresh.lastError ?? "none"}: ` +
      (showsNewMonth
        ? `OK (new month shown ${round(metaShownAfterMs ?? 0)} ms after the refresh ended)`
        : `MISSED (new month not shown ${META_WAIT_MS / 1000} s after the refresh)`),
  );
  for (const file of newFiles)
    console.log(`  ${file.status.padEnd(10)} ${file.url.replace(standin.baseUrl, "")}`);
  console.log(`server process peak RSS ${Math.round(peakRssMiB)} MiB (the server and its parse worker)`);
  console.log(`slowest requests during the refresh (s from its start):`);
  for (const s of during.slowest)
    console.log(
      `  +${s.atS.toFixed(2).padStart(6)} s  ${String(s.ms).padStart(6)} ms  ${s.kind}${s.path ? ` ${s.path}` : ""}`,
    );
  console.log(
    `statements of the refresh over ${statements.thresholdMs} ms (s from its start; on PGlite nothing else runs meanwhile):`,
  );
  for (const s of loadStatements.map(showStatement))
    console.log(
      `  +${s.atS.toFixed(2).padStart(6)} s  ${String(s.ms).padStart(6)} ms  ${s.kind.padEnd(11)} ${s.sql}`,
    );
  // Each stall of the server's event loop, with the statement that ran longest within it (PGlite runs a statement
  // on the main thread: nothing else, no request, no timer, runs until it ends).
  const stallRows = stalls.map((stall) => {
    const overlap = (st: SlowStatement) =>
      Math.min(stall.at + stall.ms, st.startedAt + st.ms) - Math.max(stall.at, st.startedAt);
    const culprit = statements.slow
      .filter((st) => st.kind !== "transaction" && overlap(st) > 0)
      .sort((a, b) => overlap(b) - overlap(a))[0];
    return {
      atS: round((stall.at - refreshFrom) / 1000, 2),
      ms: round(stall.ms),
      statement: culprit ? `${culprit.label} ${round(culprit.ms)} ms: ${culprit.sql}` : null,
    };
  });
  console.log(`server event-loop stalls >= ${STALL_MS} ms during the refresh (s from its start):`);
  for (const stall of stallRows)
    console.log(
      `  +${stall.atS.toFixed(2).padStart(6)} s  ${String(stall.ms).padStart(6)} ms  ${stall.statement ?? "(no statement over the threshold)"}`,
    );
  console.log("refresh steps (s from its start):");
  for (const phase of phases)
    console.log(
      `  +${round((phase.at - refreshFrom) / 1000, 2)
        .toFixed(2)
        .padStart(6)} s  ${phase.step}`,
    );
  const timeline = timelineOf(refreshFrom, refreshTo);
  if (!meetsTargets || process.env.BENCH_VERBOSE === "1") {
    console.log("requests by second of the refresh (sent in that second: count, max latency):");
    for (const bucket of timeline)
      console.log(
        `  +${String(bucket.second).padStart(3)} s  ${String(bucket.requests).padStart(4)} req  max ${String(bucket.max).padStart(5)} ms${bucket.errors ? `  ${bucket.errors} errors` : ""}`,
      );
  }
  const loadTotals = statements.totals.get("load");
  if (loadTotals)
    console.log(
      `  (the loader ran ${loadTotals.statements} statements, ${seconds(loadTotals.ms)} s in all, this start included)`,
    );
  console.log("server log (requests left out):");
  for (const message of serverLines) console.log(`  ${message}`);

  Object.assign(results, {
    database: { engine: "pglite", ...counts },
    connections: CONNECTIONS,
    newMonth: NEW_MONTH,
    refreshSeconds: round(refreshMs / 1000, 2),
    command: commandLine(ENV_NAMES),
    during: {
      ...during,
      eventLoop: { maxMs: round(refreshLoop.maxMs), p99Ms: round(refreshLoop.p99Ms) },
      cpu: refreshCpu,
    },
    whileLoading: { ...whileLoading, slowest: undefined, byKind: undefined },
    without: {
      ...without,
      eventLoop: { maxMs: round(baselineLoop.maxMs), p99Ms: round(baselineLoop.p99Ms) },
      cpu: baselineCpu,
    },
    metaAfter: {
      latestProcessingDate: after.latestProcessingDate,
      facilitiesProcessingDate: after.facilitiesProcessingDate,
      facilityCount: after.facilityCount,
      refreshError: after.refresh.lastError,
      showsNewMonth,
      shownAfterMs: metaShownAfterMs === null ? null : round(metaShownAfterMs),
    },
    newMonthFiles: newFiles.map((f) => ({ ...f, url: f.url.replace(standin.baseUrl, "") })),
    peakRssMiB: Math.round(peakRssMiB),
    slowLoadStatements: loadStatements.map(showStatement),
    eventLoopStalls: stallRows,
    refreshSteps: phases.map((phase) => ({
      atS: round((phase.at - refreshFrom) / 1000, 2),
      step: phase.step,
    })),
    timeline,
    serverLog: serverLines,
    targetMaxMs: TARGET_MAX_MS,
    meetsTargets,
  });

  await loader.stop();
  if ("closeAllConnections" in server) server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  await opened.close();
  logger.flush();
} finally {
  await standin.close();
  rmSync(work, { recursive: true, force: true });
}

function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/refresh.json"), `${JSON.stringify(results, null, 2)}\n`);
// Figures, not a test: a missed target is reported, not an exit code.
process.exit(0);
