// `npm run bench:insights`: latency of the benchmarks, rating changes and affiliated entity endpoints without the
// response cache (each request for a different state, CCN or entity), and the CSV export of all 15,000 facilities
// (time to the last byte, and the server's resident memory while it streams), on the national dataset (15,000
// facilities x BENCH_MONTHS, see datasets.ts), on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL)
// PostgreSQL. Targets: p50 <= 5 ms and p99 <= 20 ms uncached; the export in <= 1 s with flat memory.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Papa from "papaparse";
import { BENCH_MONTHS, prepareNational } from "./datasets.ts";

const root = resolve(import.meta.dirname, "..");
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** The benchmark server (bench/api-server.ts); its second port serves without the response cache. */
function startServer(target: string): Promise<{ child: ChildProcess; uncached: string }> {
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

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function fetchText(url: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${text.slice(0, 200)}`);
  return text;
}

/** Sequential requests (one connection), each timed to its last byte. */
async function latency(
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

/** The process's resident memory in MiB (Linux). */
function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Runs `work` while sampling the server's resident memory every 5 ms; returns its peak. */
async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssMiB(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, rssMiB(pid));
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

const rows: Record<string, unknown>[] = [];
const line = (engine: string, what: string, figure: string) => {
  rows.push({ engine, what, figure });
  console.log(`${engine.padEnd(8)} ${what.padEnd(40)} ${figure}`);
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function bench(engine: "pglite" | "postgres", target: string) {
  const server = await startServer(target);
  const base = server.uncached;
  const pid = server.child.pid as number;
  try {
    const states = JSON.parse(await fetchText(`${base}/api/lookups/states`)) as string[];
    const entities = JSON.parse(await fetchText(`${base}/api/lookups/entities`)) as string[];
    const ccns: string[] = [];
    for (const page of [1, 4, 8, 12, 15]) {
      const list = JSON.parse(await fetchText(`${base}/api/facilities?page=${page}&pageSize=200`)) as {
        data: { ccn: string }[];
      };
      ccns.push(...list.data.map((item) => item.ccn));
    }
    if (entities.length < 100 || ccns.length < 1000) throw new Error("the national dataset is too small");
    const endpoints: [string, string[]][] = [
      [
        "benchmarks (state + national)",
        [...states, ...states, ...states].map((state) => `/api/benchmarks?state=${state}`),
      ],
      ["benchmarks (national only)", Array.from({ length: 100 }, () => "/api/benchmarks")],
      ["changes", ccns.map((ccn) => `/api/facilities/${ccn}/changes`)],
      ["entity", entities.map((name) => `/api/entities/${encodeURIComponent(name)}`)],
      ["entity trend", entities.map((name) => `/api/entities/${encodeURIComponent(name)}/trend`)],
    ];
    for (const [name, paths] of endpoints) {
      const figure = await latency(base, paths);
      line(
        engine,
        `${name}, uncached`,
        `p50 ${ms(figure.p50)}  p99 ${ms(figure.p99)}  max ${ms(figure.max)}  (${figure.n} requests; target p50 <= 5, p99 <= 20)`,
      );
    }

    // The CSV export of the whole list, as the browser downloads it (gzip) and uncompressed.
    await fetchText(`${base}/api/facilities.csv?state=AK`); // warm-up
    for (const [label, headers] of [
      ["identity", {}],
      ["gzip", { "accept-encoding": "gzip" }],
      ["identity", {}],
    ] as const) {
      const before = rssMiB(pid);
      const started = performance.now();
      const { result: text, peak } = await withPeakRss(pid, () =>
        fetchText(`${base}/api/facilities.csv`, headers),
      );
      const seconds = (performance.now() - started) / 1000;
      const records = Papa.parse(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data.length - 1;
      line(
        engine,
        `CSV export, all facilities (${label})`,
        `${seconds.toFixed(2)} s, ${records} rows, ${(text.length / 1048576).toFixed(1)} MiB; server RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MiB (+${(peak - before).toFixed(0)}) (target <= 1 s)`,
      );
    }
    const before = rssMiB(pid);
    const started = performance.now();
    const { peak } = await withPeakRss(pid, () =>
      Promise.all(Array.from({ length: 4 }, () => fetchText(`${base}/api/facilities.csv`))),
    );
    line(
      engine,
      "CSV export, 4 at once",
      `${((performance.now() - started) / 1000).toFixed(2)} s for all four; server RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MiB (+${(peak - before).toFixed(0)})`,
    );
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((done) => server.child.once("exit", done));
  }
}

// A target given on the command line (a PGlite folder or a PostgreSQL URL, e.g. a copy of the dataset while another
// process holds bench/.data) is measured instead of the prepared datasets.
const [given] = process.argv.slice(2);
if (given) await bench(given.startsWith("postgres") ? "postgres" : "pglite", given);
else {
  const engines: ("pglite" | "postgres")[] = ["pglite", ...(postgresUrl ? (["postgres"] as const) : [])];
  for (const engine of engines) await bench(engine, await prepareNational(engine, postgresUrl));
}
console.log(
  `(national: 15,000 facilities x ${BENCH_MONTHS} monthly releases; sequential requests on one connection)`,
);
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/insights.json"), `${JSON.stringify(rows, null, 2)}\n`);
