// One ingest measurement in its own process, so its peak memory is its own:
//   tsx bench/ingest-scenario.ts <pglite|postgres> <file...>
// Prints one JSON line: { seconds, peakRssMiB, files, rows }.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDb } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { ingestFiles } from "../src/ingest/ingest.ts";

const [engine, ...files] = process.argv.slice(2);
const url = process.env.BENCH_DATABASE_URL;
let dataDir: string | undefined;
let schema: string | undefined;
let databaseUrl: string | undefined;
if (engine === "postgres") {
  if (!url) throw new Error("BENCH_DATABASE_URL is required for postgres");
  schema = `bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public");
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const scoped = new URL(url);
  scoped.searchParams.set("options", `-c search_path=${schema},public`);
  databaseUrl = scoped.toString();
} else {
  dataDir = mkdtempSync(join(tmpdir(), "bench-pglite-"));
}

const db = await openDb({ databaseUrl, dataDir });
await migrate(db);
const started = performance.now();
const results = await ingestFiles(db, files, { source: "files" });
const seconds = (performance.now() - started) / 1000;
const failed = results.filter((result) => result.status !== "loaded");
if (failed.length) throw new Error(`ingest failed: ${failed.map((result) => result.error).join("; ")}`);
const peakRssMiB = process.resourceUsage().maxRSS / 1024;
const rows = results.reduce((sum, result) => sum + (result.rowCount ?? 0), 0);
await db.close();
if (schema && url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify({ seconds, peakRssMiB, files: files.length, rows }));
