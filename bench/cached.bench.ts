// `npm run bench:cached`: a cached API answer against a static file of about its size, on the production server
// (src/server/main.ts in its own process, default log level, its log written to a file, the built web app, the
// national dataset). 10 connections (autocannon, from this process) in alternating 2 s slices of the default list
// (cached after its first answer), the built asset closest to its size, and /healthz (11 bytes: the ceiling),
// without Accept-Encoding and then with gzip. Prints requests/s of each and the ratio list / asset.
// Target: the ratio >= 0.8 both ways.
//   BENCH_CACHED_ROUNDS (default 5 rounds of three slices), BENCH_CACHED_CONNECTIONS (default 10)
import { mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { printCommandLine } from "./command-line.ts";
import { prepareNational } from "./datasets.ts";
import { startProductionServer } from "./production-server.ts";

const root = resolve(import.meta.dirname, "..");
const ROUNDS = Number(process.env.BENCH_CACHED_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CACHED_CONNECTIONS ?? 10);
const SLICE_SECONDS = 2;
const TARGET_RATIO = 0.8;
printCommandLine(["BENCH_CACHED_ROUNDS", "BENCH_CACHED_CONNECTIONS"]);

const dataDir = await prepareNational("pglite");
const work = mkdtempSync(join(tmpdir(), "bench-cached-"));
const logFile = join(work, "server.log");
const server = await startProductionServer(
  { DATA_DIR: dataDir, DATA_SOURCE: "none", CMS_REFRESH_INTERVAL_S: "0", LOG_LEVEL: "info" },
  openSync(logFile, "a"),
);
const { base } = server;
const results: Record<string, unknown> = {};
try {
  for (let attempt = 0; ; attempt += 1) {
    if (
      await fetch(`${base}/api/meta`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (attempt > 600) throw new Error("the server did not start");
    await new Promise((done) => setTimeout(done, 250));
  }
  const list = "/api/facilities";
  const listBytes = (
    await (await fetch(`${base}${list}`, { headers: { "accept-encoding": "identity" } })).arrayBuffer()
  ).byteLength;
  const assetsDir = join(root, "dist/web/assets");
  const [assetName] = readdirSync(assetsDir).sort(
    (a, b) =>
      Math.abs(statSync(join(assetsDir, a)).size - listBytes) -
      Math.abs(statSync(join(assetsDir, b)).size - listBytes),
  );
  const asset = `/assets/${assetName}`;
  const assetBytes = statSync(join(assetsDir, assetName as string)).size;
  console.log(`default list ${listBytes} bytes; asset ${asset} ${assetBytes} bytes; log in ${logFile}`);

  for (const encoding of ["identity", "gzip"] as const) {
    const headers = encoding === "gzip" ? { "accept-encoding": "gzip" } : {};
    const totals = new Map<string, { requests: number; seconds: number; p99: number[] }>();
    const slice = async (name: string, path: string) => {
      const result = await autocannon({
        url: `${base}${path}`,
        connections: CONNECTIONS,
        duration: SLICE_SECONDS,
        headers,
      });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      const total = totals.get(name) ?? { requests: 0, seconds: 0, p99: [] };
      total.requests += result.requests.total;
      total.seconds += result.duration;
      total.p99.push(result.latency.p99);
      totals.set(name, total);
    };
    // Warm-up: the JIT and the cache.
    await slice("warm-up", list);
    await slice("warm-up", asset);
    for (let round = 0; round < ROUNDS; round += 1) {
      await slice("asset", asset);
      await slice("list", list);
      await slice("healthz", "/healthz");
    }
    const rate = (name: string) => {
      const total = totals.get(name) as { requests: number; seconds: number };
      return total.requests / total.seconds;
    };
    const figures = {
      assetPerSecond: Math.round(rate("asset")),
      listPerSecond: Math.round(rate("list")),
      healthzPerSecond: Math.round(rate("healthz")),
      ratio: Math.round((rate("list") / rate("asset")) * 100) / 100,
      listOfHealthz: Math.round((rate("list") / rate("healthz")) * 100) / 100,
    };
    results[encoding] = figures;
    console.log(
      `${encoding.padEnd(8)} asset ${figures.assetPerSecond} req/s, cached default list ${figures.listPerSecond} req/s, /healthz ${figures.healthzPerSecond} req/s: list / asset ${figures.ratio} (target >= ${TARGET_RATIO}: ${figures.ratio >= TARGET_RATIO ? "OK" : "MISSED"}), list / healthz ${figures.listOfHealthz}`,
    );
  }
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/cached.json"), `${JSON.stringify(results, null, 2)}\n`);
