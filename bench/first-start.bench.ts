// A newcomer's first start, measured from outside: the production server (as `npm start` runs it, the web app built)
// on an empty data folder with the demo dataset (DATA_SOURCE=demo, or `auto` with CMS unreachable, which falls back
// to it). Prints when /healthz first answers, every /api/meta answer's latency from then on (p50, p99, max) with the
// load's steps, the slowest answer of a few data reads asked meanwhile (200, or 503 with Retry-After), when the
// first facilities were served, when /readyz said ready, and when the load said it ended.
//   npm run bench:first-start            (BENCH_FIRST_START_SOURCE=auto to go through the CMS fallback)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../scripts/free-port.ts";
import type { Meta } from "../src/core/api-types.ts";

const root = resolve(import.meta.dirname, "..");
const source = process.env.BENCH_FIRST_START_SOURCE ?? "demo";
const work = mkdtempSync(join(tmpdir(), "bench-first-start-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const started = performance.now();
const child = spawn(process.execPath, ["--import", "tsx", join(root, "src/server/main.ts")], {
  env: {
    ...process.env,
    DATABASE_URL: "",
    DATA_DIR: join(work, "db"),
    DATA_SOURCE: source,
    // `auto` without CMS: a port nothing listens on, as a machine without internet meets it.
    CMS_BASE_URL: "http://127.0.0.1:9",
    CMS_CACHE_DIR: join(work, "downloads"),
    PORT: String(port),
    HOST: "127.0.0.1",
    STATIC_DIR: join(root, "dist/web"),
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const seconds = () => (performance.now() - started) / 1000;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function timed(path: string) {
  const asked = performance.now();
  const response = await fetch(`${base}${path}`);
  const text = await response.text();
  return {
    status: response.status,
    text,
    ms: performance.now() - asked,
    retryAfter: response.headers.get("retry-after"),
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

try {
  let healthzAt: number | null = null;
  while (healthzAt === null) {
    if (child.exitCode !== null) throw new Error("the server exited");
    const ok = await fetch(`${base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) healthzAt = seconds();
    else await sleep(20);
  }
  const metaMs: number[] = [];
  const steps: string[] = [];
  const dataReads = ["/api/facilities", "/api/lookups/states", "/api/benchmarks", "/api/facilities/points"];
  let slowestRead = { ms: 0, path: "" };
  let unavailable = 0;
  let unavailableWithoutRetryAfter = 0;
  let firstDataAt: number | null = null;
  let readyAt: number | null = null;
  let endedAt: number | null = null;
  let page: { status: number; ms: number } | null = null;
  while (endedAt === null && seconds() < 1800) {
    const [meta, ready, ...reads] = await Promise.all([
      timed("/api/meta"),
      timed("/readyz"),
      ...dataReads.map((path) => timed(path)),
    ]);
    page ??= await timed("/");
    metaMs.push(meta.ms);
    for (const [i, read] of reads.entries()) {
      if (read.ms > slowestRead.ms) slowestRead = { ms: read.ms, path: dataReads[i] ?? "" };
      if (read.status === 503) {
        unavailable += 1;
        if (!read.retryAfter) unavailableWithoutRetryAfter += 1;
      }
    }
    const body = JSON.parse(meta.text) as Meta;
    const step = body.load.step ?? "(idle)";
    if (steps.at(-1) !== step) {
      steps.push(step);
      console.log(`  ${seconds().toFixed(1).padStart(6)} s  ${step}`);
    }
    const list = reads[0];
    if (
      firstDataAt === null &&
      list?.status === 200 &&
      (JSON.parse(list.text) as { totalCount: number }).totalCount > 0
    ) {
      firstDataAt = seconds();
      console.log(
        `  ${seconds().toFixed(1).padStart(6)} s  first facilities served (${body.facilitiesProcessingDate})`,
      );
    }
    if (readyAt === null && ready.status === 200) readyAt = seconds();
    if (!body.load.isLoading && firstDataAt !== null) endedAt = seconds();
    await sleep(100);
  }
  console.log(`\nfirst start (${source}), empty data folder, the built web app:`);
  console.log(`  /healthz first answered       ${healthzAt.toFixed(1)} s after the process started`);
  console.log(`  the page (/) answered         ${page?.status} in ${page?.ms.toFixed(1)} ms`);
  console.log(
    `  /api/meta from then on        ${metaMs.length} answers: p50 ${percentile(metaMs, 50).toFixed(1)} ms, p99 ${percentile(metaMs, 99).toFixed(1)} ms, max ${Math.max(...metaMs).toFixed(1)} ms`,
  );
  console.log(
    `  data reads meanwhile          slowest ${slowestRead.ms.toFixed(1)} ms (${slowestRead.path}); ${unavailable} answers 503 (${unavailableWithoutRetryAfter} without Retry-After)`,
  );
  console.log(`  first facilities served       ${firstDataAt?.toFixed(1) ?? "never"} s`);
  console.log(`  /readyz 200                   ${readyAt?.toFixed(1) ?? "never"} s`);
  console.log(`  the load said it ended        ${endedAt?.toFixed(1) ?? "never"} s`);
} finally {
  child.kill("SIGTERM");
  await new Promise((done) => child.once("exit", done));
  rmSync(work, { recursive: true, force: true });
}
