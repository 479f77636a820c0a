// `npm run bench:insights`: latency of the benchmarks, rating changes and affiliated entity endpoints without the
// response cache (each request for a different state, CCN or entity), and the CSV export of all 15,000 facilities
// (time to the last byte, and the server's resident memory while it streams), on the national dataset (15,000
// facilities x BENCH_MONTHS, see datasets.ts), on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL)
// PostgreSQL. Targets: p50 <= 5 ms and p99 <= 20 ms uncached; the export in <= 1 s with flat memory.
import { readFileSync } from "node:fs";
import Papa from "papaparse";
import {
  type Engine,
  fetchText,
  figures,
  latency,
  ms,
  runNational,
  startServer,
  stopServer,
} from "./uncached-latency.ts";

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

const { rows, line } = figures();

async function bench(engine: Engine, target: string) {
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

    // An entity's trend against a facility's detail, 30 distinct of each, in turns (so that the machine's load
    // weighs on both alike): the ratio of their medians. Target < 2.
    const trends: number[] = [];
    const details: number[] = [];
    const timed = async (path: string) => {
      const started = performance.now();
      await fetchText(`${base}${path}`);
      return performance.now() - started;
    };
    for (let index = 0; index < 30; index += 1) {
      const entity = entities[(index * 7 + 3) % entities.length] as string;
      const ccn = ccns[(index * 13 + 5) % ccns.length] as string;
      trends.push(await timed(`/api/entities/${encodeURIComponent(entity)}/trend`));
      details.push(await timed(`/api/facilities/${ccn}`));
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    line(
      engine,
      "entity trend / facility detail, uncached",
      `${(median(trends) / median(details)).toFixed(2)}x (medians ${ms(median(trends))} / ${ms(median(details))}, 30 distinct each; target < 2x)`,
    );

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
    await stopServer(server.child);
  }
}

await runNational("insights", rows, bench);
