// One ingest measurement in its own process, so its peak memory is its own:
//   tsx bench/ingest-scenario.ts <pglite|postgres> <file...>
// Prints one JSON line: { seconds, peakRssMiB, files, rows }. PGlite runs on this thread, as in `npm run ingest`;
// BENCH_PGLITE_THREAD=1 runs it on a thread of its own, as in the server.
import { openDb } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { ingestFiles } from "../src/ingest/ingest.ts";
import { createScenarioTarget } from "./scenario-target.ts";

const [engine, ...files] = process.argv.slice(2);
const target = await createScenarioTarget(engine ?? "pglite", "bench");
const { databaseUrl, dataDir } = target;

const inProcess = process.env.BENCH_PGLITE_THREAD !== "1";
const db = await openDb({ databaseUrl, dataDir, inProcess });
await migrate(db);
const started = performance.now();
const results = await ingestFiles(db, files, { source: "files" });
const seconds = (performance.now() - started) / 1000;
const failed = results.filter((result) => result.status !== "loaded");
if (failed.length) throw new Error(`ingest failed: ${failed.map((result) => result.error).join("; ")}`);
const peakRssMiB = process.resourceUsage().maxRSS / 1024;
const rows = results.reduce((sum, result) => sum + (result.rowCount ?? 0), 0);
await db.close();
await target.remove();
console.log(JSON.stringify({ seconds, peakRssMiB, files: files.length, rows }));
