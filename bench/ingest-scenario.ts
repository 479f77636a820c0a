// One ingest measurement in its own process, so its peak memory is its own:
//   tsx bench/ingest-scenario.ts <pglite|postgres> <file...>
// Prints one JSON line: { seconds, peakRssMiB, files, rows }. PGlite is opened as `npm run ingest`
// opens it (src/db/env.ts INGEST_PGLITE); BENCH_PGLITE_THREAD=1 opens it as the server does.
import { openDb } from "../src/db/client.ts";
import { INGEST_PGLITE } from "../src/db/env.ts";
import { migrate } from "../src/db/migrate.ts";
import { ingestFiles } from "../src/ingest/ingest.ts";
import { createScenarioTarget } from "./scenario-target.ts";

const [engine, ...files] = process.argv.slice(2);
const target = await createScenarioTarget(engine ?? "pglite", "bench");
const { databaseUrl, dataDir } = target;

// As the command line opens the embedded database, or (BENCH_PGLITE_THREAD=1) as the server does.
const pgliteOptions = process.env.BENCH_PGLITE_THREAD === "1" ? {} : INGEST_PGLITE;
const db = await openDb({ databaseUrl, dataDir, ...pgliteOptions });
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
