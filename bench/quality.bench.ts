// A facility's quality measures (GET /api/facilities/{ccn}/quality-measures) without the response cache: sequential
// requests for facilities drawn at random, on a database given as a PGlite folder or a PostgreSQL URL (one that holds
// the demo dataset: `DATA_DIR=<dir> npm run ingest -- --demo`). Target: p99 <= 20 ms.
// Usage: tsx bench/quality.bench.ts <PGlite folder | postgres://...> [requests]
import { openDb } from "../src/db/client.ts";
import { fetchText, percentile, startServer, stopServer } from "./uncached-latency.ts";

const target = process.argv[2];
if (!target) {
  console.error("usage: tsx bench/quality.bench.ts <PGlite folder | postgres://...> [requests]");
  process.exit(2);
}
const requests = Number(process.argv[3] ?? 300);
const db = await openDb(target.startsWith("postgres") ? { databaseUrl: target } : { dataDir: target });
const ccns = (
  await db.query<{ ccn: string }>("SELECT ccn FROM facility ORDER BY random() LIMIT $1", [requests])
).map((row) => row.ccn);
await db.close();
const { child, uncached } = await startServer(target);
try {
  for (const ccn of ccns.slice(0, 20)) await fetchText(`${uncached}/api/facilities/${ccn}/quality-measures`);
  const times: number[] = [];
  let bytes = 0;
  for (const ccn of ccns) {
    const started = performance.now();
    bytes += (await fetchText(`${uncached}/api/facilities/${ccn}/quality-measures`)).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `quality-measures uncached, ${times.length} facilities: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms (target p99 <= 20 ms), ${Math.round(bytes / times.length)} bytes each`,
  );
} finally {
  await stopServer(child);
}
