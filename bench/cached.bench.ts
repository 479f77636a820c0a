// `npm run bench:cached`: cached answers of the production server (src/server/main.ts in its own process, default log
// level, its log written to a file, the built web app, the national dataset) against a bare `node:http` server in a
// process of its own that sends the same answers from memory (bench/bare-server.ts: the same status, headers and
// bytes, recorded from the product): the limit of Node's own HTTP stack for those answers on this machine. 10
// connections (autocannon, from this process) in alternating 2 s slices, product then bare, of the cached default
// list (`/api/facilities`, cached after its first answer) without Accept-Encoding and with gzip, and of the built
// asset closest to its size, plain, gzip and brotli. Prints requests/s of each and the ratio product / bare, and each
// server's CPU time per answer (which other work on the machine changes less than requests/s).
// Target: the ratio >= 0.8 for the default list, without and with gzip.
//   BENCH_CACHED_ROUNDS (default 5 rounds of each pair of slices), BENCH_CACHED_CONNECTIONS (default 10),
//   BENCH_SERVER_DIR (another checkout's server, bench/production-server.ts)

import { mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { type RecordedAnswer, startBareServer } from "./bare-server.ts";
import { printCommandLine } from "./command-line.ts";
import { prepareNational } from "./datasets.ts";
import { cpuMs, startProductionServer } from "./production-server.ts";
import { builtAssets, DIST_WEB } from "./web-assets.ts";

const root = resolve(import.meta.dirname, "..");
const ROUNDS = Number(process.env.BENCH_CACHED_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CACHED_CONNECTIONS ?? 10);
const SLICE_SECONDS = 2;
const TARGET_RATIO = 0.8;
printCommandLine(["BENCH_CACHED_ROUNDS", "BENCH_CACHED_CONNECTIONS", "BENCH_SERVER_DIR"]);

/** Node adds these itself, to the bare server's answers too. */
const NODE_HEADERS = new Set(["date", "connection", "keep-alive"]);

/** One answer of the product as it came over the wire, to be sent again by the bare server. */
function record(base: string, path: string, acceptEncoding: string): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { "accept-encoding": acceptEncoding } : {};
    http
      .get(`${base}${path}`, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = response.rawHeaders;
          const kept: string[] = [];
          for (let index = 0; index < raw.length; index += 2) {
            const name = raw[index] as string;
            if (!NODE_HEADERS.has(name.toLowerCase())) kept.push(name, raw[index + 1] as string);
          }
          resolve({
            path,
            acceptEncoding,
            status: response.statusCode ?? 0,
            headers: kept,
            body: Buffer.concat(chunks),
          });
        });
      })
      .on("error", reject);
  });
}

const dataDir = await prepareNational("pglite");
const work = mkdtempSync(join(tmpdir(), "bench-cached-"));
const logFile = join(work, "server.log");
const server = await startProductionServer(
  { DATA_DIR: dataDir, DATA_SOURCE: "none", CMS_REFRESH_INTERVAL_S: "0", LOG_LEVEL: "info" },
  openSync(logFile, "a"),
);
let bare: Awaited<ReturnType<typeof startBareServer>> | null = null;
const results: Record<string, unknown> = {};
try {
  const list = "/api/facilities";
  const listAnswer = await record(server.base, list, "");
  const listBytes = listAnswer.body.length;
  const [asset] = builtAssets().sort(
    (a, b) =>
      Math.abs(statSync(join(DIST_WEB, a)).size - listBytes) -
      Math.abs(statSync(join(DIST_WEB, b)).size - listBytes),
  );
  const assetPath = asset as string;
  const assetBytes = statSync(join(DIST_WEB, assetPath)).size;
  const cases = [
    { name: "default list", path: list, encoding: "" },
    { name: "default list", path: list, encoding: "gzip" },
    { name: "asset", path: assetPath, encoding: "" },
    { name: "asset", path: assetPath, encoding: "gzip" },
    { name: "asset", path: assetPath, encoding: "br" },
  ];
  const answers = await Promise.all(cases.map((each) => record(server.base, each.path, each.encoding)));
  for (const answer of answers) {
    if (answer.status !== 200) throw new Error(`${answer.path}: status ${answer.status}`);
  }
  bare = await startBareServer(answers, join(work, "answers.json"));
  console.log(
    `default list ${listBytes} bytes (gzip ${answers[1]?.body.length}); asset ${assetPath} ${assetBytes} bytes (gzip ${answers[3]?.body.length}, brotli ${answers[4]?.body.length}); ${(answers[0]?.headers.length ?? 0) / 2} headers; log in ${logFile}`,
  );

  const slice = async (base: string, pid: number, path: string, encoding: string) => {
    const cpuBefore = cpuMs(pid);
    const result = await autocannon({
      url: `${base}${path}`,
      connections: CONNECTIONS,
      duration: SLICE_SECONDS,
      headers: encoding ? { "accept-encoding": encoding } : {},
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { requests: result.requests.total, seconds: result.duration, cpu: cpuMs(pid) - cpuBefore };
  };
  const product = { base: server.base, pid: server.child.pid as number };
  const bareServer = { base: bare.base, pid: bare.pid };
  for (const each of cases) {
    // Warm-up: the JIT of both, and the product's cache and its memory of the URL.
    await slice(product.base, product.pid, each.path, each.encoding);
    await slice(bareServer.base, bareServer.pid, each.path, each.encoding);
    const totals = {
      product: { requests: 0, seconds: 0, cpu: 0 },
      bare: { requests: 0, seconds: 0, cpu: 0 },
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [who, target] of [
        ["product", product],
        ["bare", bareServer],
      ] as const) {
        const { requests, seconds, cpu } = await slice(target.base, target.pid, each.path, each.encoding);
        totals[who].requests += requests;
        totals[who].seconds += seconds;
        totals[who].cpu += cpu;
      }
    }
    const productPerSecond = Math.round(totals.product.requests / totals.product.seconds);
    const barePerSecond = Math.round(totals.bare.requests / totals.bare.seconds);
    const ratio = Math.round((productPerSecond / barePerSecond) * 100) / 100;
    const productCpuMicroseconds = Math.round((totals.product.cpu * 1000) / totals.product.requests);
    const bareCpuMicroseconds = Math.round((totals.bare.cpu * 1000) / totals.bare.requests);
    const label = `${each.name} ${each.encoding || "plain"}`;
    results[label] = { productPerSecond, barePerSecond, ratio, productCpuMicroseconds, bareCpuMicroseconds };
    const target =
      each.name === "default list"
        ? ` (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? "OK" : "MISSED"})`
        : "";
    console.log(
      `${label.padEnd(18)} product ${productPerSecond} req/s, bare node:http ${barePerSecond} req/s: ${ratio}${target}; CPU per answer ${productCpuMicroseconds} µs against ${bareCpuMicroseconds} µs (bare / product ${Math.round((bareCpuMicroseconds / productCpuMicroseconds) * 100) / 100})`,
    );
  }
} finally {
  await bare?.stop();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/cached.json"), `${JSON.stringify(results, null, 2)}\n`);
