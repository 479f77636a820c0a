// `npm run bench:load`: 60 s of mixed traffic at 50 connections against the production server (`src/server/main.ts`
// in its own process, the built web app, the embedded database) on the national benchmark dataset (15,000 facilities
// x BENCH_MONTHS months, bench/datasets.ts), from a load generator in this process (autocannon). The mix: list pages
// across the whole range, filters, alert views of both periods, detail, history, meta, lookups, static assets, and
// 10% revalidations with If-None-Match. Prints requests/s, p50/p99/max, errors, timeouts and the server's resident
// memory at the end of the warm-up, every 10 s, and at the end of the run, and the server's CPU time per request.
// Targets: 0 errors and timeouts, memory growth < 50 MB, p99 <= 20 ms.
//   BENCH_LOAD_SECONDS (default 60), BENCH_LOAD_CONNECTIONS (default 50), BENCH_LOAD_WARMUP_SECONDS (default 20),
//   BENCH_LOAD_FACILITIES (default 1000, or "all")
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { prepareNational } from "./datasets.ts";
import { mixPaths, readMixData } from "./load-mix.ts";
import { cpuMs, startProductionServer } from "./production-server.ts";
import { builtAssets } from "./web-assets.ts";

const root = resolve(import.meta.dirname, "..");
const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const connections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50);
const warmupSeconds = Number(process.env.BENCH_LOAD_WARMUP_SECONDS ?? 20);
const facilityCount =
  process.env.BENCH_LOAD_FACILITIES === "all"
    ? Number.POSITIVE_INFINITY
    : Number(process.env.BENCH_LOAD_FACILITIES ?? 1000);
console.log(
  `npm run bench:load  (${seconds} s after ${warmupSeconds} s of warm-up, ${connections} connections, embedded database, details and histories of ${Number.isFinite(facilityCount) ? facilityCount : "all"} facilities)`,
);

function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const dataDir = await prepareNational("pglite");
const server = await startProductionServer({
  DATA_DIR: dataDir,
  DATA_SOURCE: "none",
  CMS_REFRESH_INTERVAL_S: "0",
  LOG_LEVEL: "warn",
});
const { base } = server;
try {
  // The mix, built from the data: states, entities and CCNs the server lists. The facilities whose detail, history
  // and alerts are asked for: the first BENCH_LOAD_FACILITIES in list order (default 1,000: the facilities visitors
  // open most; "all" for every one, nearly every read then a miss).
  const assets = builtAssets();
  const nextPath = mixPaths(await readMixData(base, facilityCount, assets));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
  // Revalidations: ETags of some answers, sent back with If-None-Match.
  const etags: [string, string][] = [];
  for (let index = 0; index < 200; index += 1) {
    const path = nextPath();
    const response = await fetch(`${base}${path}`);
    await response.arrayBuffer();
    const etag = response.headers.get("etag");
    if (etag) etags.push([path, etag]);
  }
  const request = () => {
    if (Math.random() < 0.1 && etags.length > 0) {
      const [path, etag] = pick(etags);
      return { method: "GET" as const, path, headers: { "if-none-match": etag, "accept-encoding": "gzip" } };
    }
    return { method: "GET" as const, path: nextPath(), headers: { "accept-encoding": "gzip" } };
  };
  const run = (duration: number) =>
    autocannon({
      url: base,
      connections,
      duration,
      timeout: 10,
      requests: [{ setupRequest: (req) => ({ ...req, ...request() }) }],
    });

  // Warm-up: the JIT, the database's caches, the response cache, and the JavaScript heaps growing to the size this
  // traffic keeps them at (V8 sizes a heap by the allocation rate it sees).
  // Memory is compared under load at both ends (2 s before the warm-up ends, and 2 s before the run ends): between
  // two runs the connections close and the heap shrinks for a moment, which would flatter or blacken the figure.
  const sampleNear = (runSeconds: number) =>
    new Promise<number>((done) =>
      setTimeout(() => done(residentMiB(server.child.pid as number)), (runSeconds - 2) * 1000),
    );
  const [, memoryBefore] = await Promise.all([run(warmupSeconds), sampleNear(warmupSeconds)]);
  // Resident memory every 10 s of the run: a leak climbs, a working set levels off.
  const samples: number[] = [];
  const sampler = setInterval(
    () => samples.push(Math.round(residentMiB(server.child.pid as number))),
    10_000,
  );
  const cpuBefore = cpuMs(server.child.pid as number);
  const [result, memoryAfter] = await Promise.all([run(seconds), sampleNear(seconds)]);
  const serverCpuMs = cpuMs(server.child.pid as number) - cpuBefore;
  clearInterval(sampler);
  const errors = result.errors + result.non2xx - (result["3xx"] ?? 0);
  const figures = {
    seconds,
    connections,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors,
    timeouts: result.timeouts,
    status2xx: result["2xx"],
    status3xx: result["3xx"],
    residentMiBAfterWarmup: Math.round(memoryBefore),
    residentMiBAfter: Math.round(memoryAfter),
    growthMiB: Math.round(memoryAfter - memoryBefore),
    residentMiBEvery10s: samples,
    /** The server's CPU time per answer: what the machine's other work does not change much. */
    serverCpuMicrosecondsPerRequest: Math.round((serverCpuMs * 1000) / result.requests.total),
  };
  console.log(
    `${figures.requests} requests in ${seconds} s: ${figures.requestsPerSecond} req/s; latency p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms`,
  );
  console.log(
    `errors ${errors}, timeouts ${figures.timeouts} (2xx ${figures.status2xx}, 304 ${figures.status3xx}); resident memory ${figures.residentMiBAfterWarmup} MiB after warm-up, ${figures.residentMiBAfter} MiB after (${figures.growthMiB >= 0 ? "+" : ""}${figures.growthMiB} MiB)`,
  );
  console.log(`resident memory every 10 s of the run: ${samples.join(", ")} MiB`);
  console.log(
    `server CPU ${Math.round(serverCpuMs)} ms in ${seconds} s: ${figures.serverCpuMicrosecondsPerRequest} µs per request`,
  );
  const targets = {
    noErrors: errors === 0 && figures.timeouts === 0,
    memoryGrowthUnder50MiB: figures.growthMiB < 50,
    p99AtMost20ms: figures.p99 <= 20,
  };
  console.log(
    `targets: 0 errors/timeouts ${targets.noErrors ? "OK" : "MISSED"}; memory growth < 50 MB ${targets.memoryGrowthUnder50MiB ? "OK" : "MISSED"}; p99 <= 20 ms ${targets.p99AtMost20ms ? "OK" : "MISSED"}`,
  );
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(
    join(root, "bench/results/load.json"),
    `${JSON.stringify({ ...figures, targets }, null, 2)}\n`,
  );
} finally {
  await server.stop();
}
