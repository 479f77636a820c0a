// `npm run bench:ingest`: seconds and peak memory to ingest the real Aug 2021 file, a generated national history of
// 100 monthly snapshots (15,000 facilities), and the full CMS history synced from the stand-in CMS (about 90 monthly
// archives of 15,000 facilities in the three archive layouts, each with its Provider Information, health and fire
// safety citations, penalties, MDS and claims quality measures, State/US averages and ownership, plus the current
// CSVs, downloads included: what
// `npm run ingest -- --latest --backfill all` does; then a second sync that must download and load nothing), on
// PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) on PostgreSQL. Each measurement runs in its own process,
// so that its peak memory (worker threads included) is its own. Targets: one month <= 3 s; 100 months <= 60 s; the
// CMS history with every dataset <= 480 s with no failure; peak memory < 1 GiB.
// BENCH_SKIP_GENERATED=1 leaves out the generated months, BENCH_SKIP_CMS=1 the CMS history. The CMS history's PGlite
// database is kept in bench/.data (bench/refresh.bench.ts starts from a copy of it).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeDemoFiles } from "../src/ingest/demo-data.ts";
import { startCmsStandin } from "../test/cms-standin/server.ts";
import { printCommandLine } from "./command-line.ts";
import { buildCmsHistory, CMS_HISTORY_DB, REAL_AUG_2021 } from "./datasets.ts";
import { runScenario } from "./run-scenario.ts";

const root = resolve(import.meta.dirname, "..");

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const engines = ["pglite", ...(postgresUrl ? ["postgres"] : [])];
const MAX_RSS_MIB = 1024;

printCommandLine([
  "BENCH_DATABASE_URL",
  "TEST_DATABASE_URL",
  "BENCH_MONTHS",
  "BENCH_SKIP_GENERATED",
  "BENCH_SKIP_CMS",
  "BENCH_PGLITE_THREAD",
  "MALLOC_ARENA_MAX",
]);

// Each measurement runs as `npm run ingest` does (package.json): with at most two glibc malloc arenas.
const scenarioEnv = {
  BENCH_DATABASE_URL: postgresUrl ?? "",
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
};

interface Measure {
  seconds: number;
  peakRssMiB: number;
  files: number;
  rows: number;
}

const results: Record<string, unknown>[] = [];
const report = (scenario: string, engine: string, m: Measure, targetSeconds: number) => {
  const row = {
    scenario,
    engine,
    seconds: Number(m.seconds.toFixed(2)),
    peakRssMiB: Math.round(m.peakRssMiB),
    rows: m.rows,
    targetSeconds,
    meetsTargets: m.seconds <= targetSeconds && m.peakRssMiB < MAX_RSS_MIB,
  };
  results.push(row);
  console.log(
    `${scenario.padEnd(28)} ${engine.padEnd(9)} ${row.seconds.toFixed(2).padStart(7)} s  peak ${String(row.peakRssMiB).padStart(5)} MiB  ${m.rows} rows  (target <= ${targetSeconds} s, < ${MAX_RSS_MIB} MiB) ${row.meetsTargets ? "OK" : "MISSED"}`,
  );
};

if (existsSync(REAL_AUG_2021)) {
  for (const engine of engines) {
    const measure = (await runScenario(
      "ingest-scenario.ts",
      [engine, REAL_AUG_2021],
      scenarioEnv,
    )) as Measure;
    report("real Aug 2021 (1 month)", engine, measure, 3);
  }
} else {
  console.log("real Aug 2021 file not found (../shared/data/cms/raw): skipped");
}

if (process.env.BENCH_SKIP_GENERATED === "1") {
  console.log("generated months: skipped (BENCH_SKIP_GENERATED=1)");
} else {
  const months = Number(process.env.BENCH_MONTHS ?? 100);
  const dir = mkdtempSync(join(tmpdir(), "bench-demo-"));
  try {
    const started = performance.now();
    const files = await writeDemoFiles(dir, { facilities: 15_000, months });
    console.log(
      `generated ${files.length} monthly files x 15,000 facilities in ${((performance.now() - started) / 1000).toFixed(1)} s (not counted)`,
    );
    for (const engine of engines) {
      const paths = files.map((file) => file.path);
      const measure = (await runScenario("ingest-scenario.ts", [engine, ...paths], scenarioEnv)) as Measure;
      report(`generated ${months} months`, engine, measure, 60);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What bench/cms-sync-scenario.ts prints. */
interface SyncMeasure {
  seconds: number;
  downloadSeconds: number;
  peakRssMiB: number;
  downloadedFiles: number;
  downloadedMB: number;
  loaded: number;
  unchanged: number;
  failed: number;
  failures: string[];
  hasCurrent: boolean;
  cmsFiles: Record<string, number>;
  tableRows: Record<string, number>;
  snapshots: number;
  months: number;
  facilities: number;
  citations: number;
  penalties: number;
  oldestSurvey: string | null;
  second: {
    seconds: number;
    downloadedFiles: number;
    results: number;
    loadedCount: number;
    failures: string[];
  };
  statements: { statements: number; ms: number };
  slowest: { ms: number; kind: string; sql: string }[];
  /** The statement shapes that took the most database time in all. */
  heaviest: { ms: number; statements: number; sql: string }[];
}

/** The full history with every dataset (staffing, quality measures, averages, ownership, fire safety): 8 minutes. */
const CMS_TARGET_SECONDS = 480;
if (process.env.BENCH_SKIP_CMS === "1") {
  console.log("CMS full history: skipped (BENCH_SKIP_CMS=1)");
} else {
  const history = await buildCmsHistory();
  const monthly = history.archives.filter((archive) => (archive.type ?? "theme") === "theme").length;
  const standin = await startCmsStandin({ current: history.current, archives: history.archives });
  console.log(
    `CMS full history: stand-in at ${standin.baseUrl}, ${monthly} monthly archives + ${history.archives.length - monthly} annual bundles, ${history.months.length} data months (${history.months[0]} .. ${history.months.at(-1)}), current ${history.current.fileName}`,
  );
  try {
    for (const engine of engines) {
      const args = [engine, standin.baseUrl, ...(engine === "pglite" ? ["--keep", CMS_HISTORY_DB] : [])];
      const m = (await runScenario("cms-sync-scenario.ts", args, scenarioEnv)) as SyncMeasure;
      const failures = m.failed + m.failures.length;
      const meetsTargets =
        m.seconds <= CMS_TARGET_SECONDS &&
        m.peakRssMiB < MAX_RSS_MIB &&
        failures === 0 &&
        m.second.results === 0 &&
        m.second.downloadedFiles === 0;
      results.push({
        scenario: "CMS full history",
        engine,
        seconds: Number(m.seconds.toFixed(2)),
        downloadSeconds: Number(m.downloadSeconds.toFixed(2)),
        peakRssMiB: Math.round(m.peakRssMiB),
        downloadedFiles: m.downloadedFiles,
        downloadedMB: Math.round(m.downloadedMB),
        filesLoaded: m.loaded,
        filesUnchanged: m.unchanged,
        failures,
        failureMessages: m.failures,
        cmsFiles: m.cmsFiles,
        tableRows: m.tableRows,
        snapshots: m.snapshots,
        months: m.months,
        facilities: m.facilities,
        citations: m.citations,
        penalties: m.penalties,
        oldestSurvey: m.oldestSurvey,
        secondSync: {
          seconds: Number(m.second.seconds.toFixed(3)),
          downloadedFiles: m.second.downloadedFiles,
          loaded: m.second.results,
          failures: m.second.failures.length,
        },
        targetSeconds: CMS_TARGET_SECONDS,
        meetsTargets,
        slowestStatements: m.slowest,
        heaviestStatements: m.heaviest,
      });
      const superseded = m.cmsFiles.superseded ?? 0;
      console.log(
        `${"CMS full history".padEnd(28)} ${engine.padEnd(9)} ${m.seconds.toFixed(2).padStart(7)} s  peak ${String(Math.round(m.peakRssMiB)).padStart(5)} MiB  ` +
          `${m.loaded} files loaded, ${failures} failures, ${m.snapshots} snapshots (${m.months} months, ${m.facilities} facilities), ` +
          `${m.citations} citations (surveys from ${m.oldestSurvey}), ${m.penalties} penalties  ` +
          `(target <= ${CMS_TARGET_SECONDS} s, < ${MAX_RSS_MIB} MiB, 0 failures) ${meetsTargets ? "OK" : "MISSED"}`,
      );
      console.log(
        `${"".padEnd(38)}downloads ${m.downloadedFiles} files, ${m.downloadedMB.toFixed(0)} MB, first file loading after ${m.downloadSeconds.toFixed(1)} s (downloads, then each file's month read from its first lines); ${superseded} archives superseded by a later one of their month; ` +
          `statements ${m.statements.statements}, ${(m.statements.ms / 1000).toFixed(1)} s in the database`,
      );
      console.log(
        `${"".padEnd(38)}rows: ${Object.entries(m.tableRows)
          .map(([table, rows]) => `${table} ${rows.toLocaleString("en-US")}`)
          .join(", ")}`,
      );
      console.log(
        `${"  second sync (new cache)".padEnd(38)}${m.second.seconds.toFixed(3)} s  ${m.second.downloadedFiles} files downloaded, ${m.second.results} loaded, ${m.second.failures.length} failures ${m.second.results === 0 && m.second.downloadedFiles === 0 ? "OK" : "MISSED"}`,
      );
      for (const failure of m.failures) console.log(`  FAILED ${failure}`);
      if (!meetsTargets || process.env.BENCH_VERBOSE === "1") {
        console.log("  slowest statements:");
        for (const s of m.slowest)
          console.log(`    ${String(s.ms).padStart(6)} ms  ${s.kind.padEnd(11)} ${s.sql}`);
      }
      if (m.heaviest.length > 0) {
        console.log("  where the database time went (statement shapes, most time in all):");
        for (const s of m.heaviest)
          console.log(
            `    ${(s.ms / 1000).toFixed(1).padStart(7)} s  ${String(s.statements).padStart(6)} x  ${s.sql}`,
          );
      }
    }
  } finally {
    await standin.close();
  }
}

mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/ingest.json"), `${JSON.stringify(results, null, 2)}\n`);
