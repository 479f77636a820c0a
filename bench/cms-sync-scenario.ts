// One CMS sync measurement in its own process, so that its peak memory is its own (worker threads included):
//   tsx bench/cms-sync-scenario.ts <pglite|postgres> <cms base URL> [--keep <dir>]
// Runs what `npm run ingest -- --latest --backfill all` runs (downloads included) against the CMS at the base URL,
// into a fresh PGlite folder (or a fresh PostgreSQL schema of BENCH_DATABASE_URL), with a fresh download cache; then
// a second sync on the same database with a new, empty cache, which must download and load nothing.
// --keep (PGlite): the loaded folder is moved there afterwards (the refresh benchmark starts from it).
// Prints one JSON line (the last line of stdout); BENCH_VERBOSE=1 logs each file on stderr. PGlite is opened as
// `npm run ingest` opens it (src/db/env.ts INGEST_PGLITE); BENCH_PGLITE_THREAD=1 opens it as the server does.
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDb } from "../src/db/client.ts";
import { INGEST_PGLITE } from "../src/db/env.ts";
import { migrate } from "../src/db/migrate.ts";
import { syncFromCms } from "../src/ingest/cms-sync.ts";
import { withLoadLock } from "../src/ingest/load-lock.ts";
import { createScenarioTarget } from "./scenario-target.ts";
import { StatementLog } from "./timed-db.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { keep: { type: "string" } },
});
const [engine, baseUrl] = positionals;
if ((engine !== "pglite" && engine !== "postgres") || !baseUrl) {
  throw new Error("usage: tsx bench/cms-sync-scenario.ts <pglite|postgres> <cms base URL> [--keep <dir>]");
}
const verbose = process.env.BENCH_VERBOSE === "1";
// As the command line opens the embedded database, or (BENCH_PGLITE_THREAD=1) as the server does.
const pgliteOptions = process.env.BENCH_PGLITE_THREAD === "1" ? {} : INGEST_PGLITE;
const target = await createScenarioTarget(engine, "bench-cms");
const { databaseUrl } = target;
let dataDir = target.dataDir;

/** Files (not folders) under dir, and their bytes. */
function filesUnder(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!existsSync(dir)) return { files, bytes };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

const statements = new StatementLog(Number(process.env.BENCH_SLOW_MS ?? 200));
const opened = await openDb({ databaseUrl, dataDir, ...pgliteOptions });
await migrate(opened);
const db = statements.wrap(opened, "sync");

async function sync(cacheDir: string) {
  let loadingAt: number | null = null;
  const started = performance.now();
  const result = await withLoadLock(
    db,
    () =>
      syncFromCms(db, {
        baseUrl: baseUrl as string,
        cacheDir,
        latest: true,
        archives: "all",
        onStatus: (status) => {
          if (loadingAt === null && status.step.startsWith("Loading")) loadingAt = performance.now();
        },
        ...(verbose ? { log: (line: string) => console.error(line) } : {}),
      }),
    { wait: true },
  );
  const seconds = (performance.now() - started) / 1000;
  if (!result) throw new Error("the load lock was not taken");
  return {
    result,
    seconds,
    downloadSeconds: ((loadingAt ?? performance.now()) - started) / 1000,
    cache: filesUnder(cacheDir),
  };
}

const cacheRoot = mkdtempSync(join(tmpdir(), "bench-cms-cache-"));
try {
  const first = await sync(join(cacheRoot, "first"));
  const peakRssMiB = process.resourceUsage().maxRSS / 1024;
  const statuses = await db.query<{ status: string; n: number }>(
    "SELECT status, count(*)::integer AS n FROM cms_file GROUP BY status ORDER BY status",
  );
  const [counts] = await db.query<{
    snapshots: number;
    months: number;
    facilities: number;
    citations: number;
    penalties: number;
    oldestSurvey: string | null;
  }>(
    `SELECT (SELECT count(*)::integer FROM rating_snapshot) AS snapshots,
            (SELECT count(DISTINCT processing_date)::integer FROM rating_snapshot) AS months,
            (SELECT count(*)::integer FROM facility) AS facilities,
            (SELECT count(*)::integer FROM citation) AS citations,
            (SELECT count(*)::integer FROM penalty) AS penalties,
            (SELECT to_char(min(survey_date), 'YYYY-MM-DD') FROM citation) AS "oldestSurvey"`,
  );
  // The rows of every table a history fills, the staffing, quality, ownership and fire safety records included.
  const HISTORY_TABLES = [
    "staffing_period",
    "special_focus_release",
    "quality_mds",
    "quality_claims",
    "cms_average",
    "ownership_role",
    "ownership_facility",
    "fire_citation",
  ];
  const [tableRows] = await db.query<Record<string, number>>(
    `SELECT ${HISTORY_TABLES.map((table) => `(SELECT count(*)::integer FROM ${table}) AS ${table}`).join(", ")}`,
  );
  const second = await sync(join(cacheRoot, "second"));
  const byStatus = (status: string) =>
    first.result.results.filter((result) => result.status === status).length;
  const output = {
    seconds: first.seconds,
    downloadSeconds: first.downloadSeconds,
    peakRssMiB,
    downloadedFiles: first.cache.files,
    downloadedMB: first.cache.bytes / 1e6,
    loaded: byStatus("loaded"),
    unchanged: byStatus("unchanged"),
    failed: byStatus("failed"),
    failures: first.result.failures,
    hasCurrent: first.result.hasCurrent,
    cmsFiles: Object.fromEntries(statuses.map((row) => [row.status, row.n])),
    tableRows: tableRows ?? {},
    snapshots: counts?.snapshots ?? 0,
    months: counts?.months ?? 0,
    facilities: counts?.facilities ?? 0,
    citations: counts?.citations ?? 0,
    penalties: counts?.penalties ?? 0,
    oldestSurvey: counts?.oldestSurvey ?? null,
    second: {
      seconds: second.seconds,
      downloadedFiles: second.cache.files,
      results: second.result.results.length,
      loadedCount: second.result.loadedCount,
      failures: second.result.failures,
    },
    peakRssMiBAfterSecond: process.resourceUsage().maxRSS / 1024,
    statements: statements.totals.get("sync") ?? { statements: 0, ms: 0 },
    slowest: statements.slowest(12).map((s) => ({ ms: Math.round(s.ms), kind: s.kind, sql: s.sql })),
    heaviest: statements
      .heaviest(15)
      .map((s) => ({ ms: Math.round(s.ms), statements: s.statements, sql: s.shape })),
  };
  await db.close();
  if (dataDir && values.keep) {
    rmSync(values.keep, { recursive: true, force: true });
    try {
      renameSync(dataDir, values.keep);
    } catch {
      // Another file system.
      cpSync(dataDir, values.keep, { recursive: true });
    }
    writeFileSync(
      `${values.keep}.json`,
      `${JSON.stringify({ baseUrl, snapshots: output.snapshots, months: output.months, builtAt: new Date().toISOString() }, null, 2)}\n`,
    );
    dataDir = undefined;
    console.error(`  kept the database in ${values.keep}`);
  }
  console.log(JSON.stringify(output));
} finally {
  rmSync(cacheRoot, { recursive: true, force: true });
  // A kept database has moved away; anything else goes.
  if (dataDir || databaseUrl) await target.remove();
}
