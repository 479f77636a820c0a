// What the latency benchmarks without the response cache share (bench:insights, bench:near): the benchmark server
// (bench/api-server.ts, whose second port serves without the cache), sequential timed requests, and the run over
// the national dataset on each engine with its figures saved under bench/results.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { join, resolve } from "node:path";
import { BENCH_MONTHS, prepareNational } from "./datasets.ts";

const root = resolve(import.meta.dirname, "..");
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

export type Engine = "pglite" | "postgres";

/** The benchmark server on `target` (a PGlite folder or a PostgreSQL URL): its address without the cache. */
export function startServer(target: string): Promise<{ child: ChildProcess; uncached: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(root, "bench/api-server.ts"), target], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      const match = /ready (\d+) (\d+)/.exec(chunk.toString());
      if (match) resolvePromise({ child, uncached: `http://127.0.0.1:${match[2]}` });
    });
    child.on("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

export async function stopServer(child: ChildProcess): Promise<void> {
  child.kill("SIGTERM");
  await new Promise((done) => child.once("exit", done));
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

export async function fetchText(url: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${text.slice(0, 200)}`);
  return text;
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });

/** One GET over a kept-alive connection, asking for gzip and timed to the last byte of the body as sent (not inflated). */
function timedGet(url: string): Promise<number> {
  return new Promise((resolveTime, reject) => {
    const started = performance.now();
    request(url, { agent: keepAlive, headers: { "accept-encoding": "gzip" } }, (response) => {
      response.on("data", () => {});
      response.on("end", () =>
        response.statusCode === 200
          ? resolveTime(performance.now() - started)
          : reject(new Error(`${url}: ${response.statusCode}`)),
      );
    })
      .on("error", reject)
      .end();
  });
}

/**
 * latency() as the server gives it: each request timed to the last byte it sends (gzip, not inflated), over one
 * kept-alive node:http connection. fetch() adds the client's own inflating and decoding of the body, which for an
 * answer of 500 KB is about a third of the time latency() measures.
 */
export async function serverLatency(
  base: string,
  paths: string[],
): Promise<{ p50: number; p99: number; max: number; n: number }> {
  for (const path of paths.slice(0, 20)) await timedGet(`${base}${path}`);
  const times: number[] = [];
  for (const path of paths) times.push(await timedGet(`${base}${path}`));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? 0, n: times.length };
}

/** Sequential requests (one connection), each timed to its last byte, after 20 of them as a warm-up. */
export async function latency(
  base: string,
  paths: string[],
): Promise<{ p50: number; p99: number; max: number; n: number }> {
  for (const path of paths.slice(0, 20)) await fetchText(`${base}${path}`); // warm-up: JIT, plans, pages
  const times: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    await fetchText(`${base}${path}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? 0, n: times.length };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Printed figures, kept for bench/results/<name>.json. */
export function figures() {
  const rows: Record<string, unknown>[] = [];
  const line = (engine: string, what: string, figure: string) => {
    rows.push({ engine, what, figure });
    console.log(`${engine.padEnd(8)} ${what.padEnd(44)} ${figure}`);
  };
  return { rows, line };
}

/**
 * Runs `bench` on a target given on the command line (a PGlite folder or a PostgreSQL URL, e.g. a copy of the dataset
 * while another process holds bench/.data), else on the national dataset of each engine; then saves `rows`.
 */
export async function runNational(
  name: string,
  rows: Record<string, unknown>[],
  bench: (engine: Engine, target: string) => Promise<void>,
): Promise<void> {
  const [given] = process.argv.slice(2);
  if (given) await bench(given.startsWith("postgres") ? "postgres" : "pglite", given);
  else {
    const engines: Engine[] = ["pglite", ...(postgresUrl ? (["postgres"] as const) : [])];
    for (const engine of engines) await bench(engine, await prepareNational(engine, postgresUrl));
  }
  console.log(
    `(national: 15,000 facilities x ${BENCH_MONTHS} monthly releases; sequential requests on one connection)`,
  );
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(join(root, `bench/results/${name}.json`), `${JSON.stringify(rows, null, 2)}\n`);
}
