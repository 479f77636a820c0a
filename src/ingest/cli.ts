// `npm run ingest -- [files...] [--latest] [--backfill N|all] [--demo [--facilities N] [--months N]]`
// Loads CMS files into the database named by DATABASE_URL / DATA_DIR. Exits non-zero when any file failed.
// `npm run ingest` runs it with MALLOC_ARENA_MAX=2 (unless set): with its threads (parsing, compiling PGlite's
// WebAssembly, unzipping) each in a malloc arena of its own, glibc kept about 100 MiB more of freed memory.
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { openDb } from "../db/client.ts";
import { INGEST_PGLITE, readDbEnv } from "../db/env.ts";
import { migrate } from "../db/migrate.ts";
import { readCmsEnv } from "./cms-env.ts";
import { type SyncStatus, syncFromCms } from "./cms-sync.ts";
import { describeResult, type IngestFileResult, type IngestOptions, ingestFiles } from "./ingest.ts";
import { withLoadLock } from "./load-lock.ts";
import { generateDemo } from "./sources.ts";

const USAGE = `Usage: npm run ingest -- [options] [files...]
  files                 CSV or gzipped CSV (Provider Information, health or fire safety citations, penalties, quality
                        measures, averages, ownership), or CMS monthly zip archives (their tables, each loaded on its own)
  --latest              download the current CSVs of those datasets from CMS
  --backfill N|all      download the newest N monthly CMS archives (all: every one CMS lists, from 2019)
  --demo                generate and load the demo dataset
  --facilities N        demo: number of facilities (default 15000)
  --months N            demo: number of monthly releases (default 36)
  --source cms|files    how to label local files (default files)
Downloads are kept in CMS_CACHE_DIR (default: downloads beside DATA_DIR); CMS_BASE_URL says where CMS is.`;

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`--${name} must be a positive integer`);
  return Number(value);
}

function parseBackfill(value: string | undefined): number | "all" {
  if (value === undefined) return 0;
  if (value === "all") return "all";
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new Error("--backfill must be a positive integer or all");
  return Number(value);
}

function megabytes(bytes: number | null): string {
  return bytes === null ? "?" : (bytes / 1_000_000).toFixed(1);
}

/** A bar on a terminal; otherwise a log line every 10 s, so that a long download shows it is alive. */
function syncProgress(): { onStatus: (status: SyncStatus) => void; stop: () => void } {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: "{bar} {value}/{total} files | {step} {bytes}",
        stream: process.stderr,
        clearOnComplete: true,
      },
      cliProgress.Presets.shades_classic,
    );
    let isStarted = false;
    return {
      onStatus: (status) => {
        const bytes =
          status.bytesDone === null
            ? ""
            : `${megabytes(status.bytesDone)}/${megabytes(status.bytesTotal)} MB`;
        if (!isStarted) bar.start(status.filesTotal, status.filesDone, { step: status.step, bytes });
        isStarted = true;
        bar.setTotal(Math.max(status.filesTotal, 1));
        bar.update(status.filesDone, { step: status.step, bytes });
      },
      stop: () => bar.stop(),
    };
  }
  let last: SyncStatus | null = null;
  let lastStep = "";
  const timer = setInterval(() => {
    if (!last) return;
    const bytes =
      last.bytesDone === null ? "" : ` (${megabytes(last.bytesDone)} of ${megabytes(last.bytesTotal)} MB)`;
    console.log(`${last.filesDone} of ${last.filesTotal} files: ${last.step}${bytes}`);
  }, 10_000);
  timer.unref();
  return {
    onStatus: (status) => {
      last = status;
      if (status.step !== lastStep && status.step.startsWith("Downloading")) console.log(status.step);
      lastStep = status.step;
    },
    stop: () => clearInterval(timer),
  };
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      latest: { type: "boolean", default: false },
      backfill: { type: "string" },
      demo: { type: "boolean", default: false },
      facilities: { type: "string" },
      months: { type: "string" },
      source: { type: "string", default: "files" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const backfill = parseBackfill(values.backfill);
  if (values.help || (positionals.length === 0 && !values.latest && backfill === 0 && !values.demo)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (values.source !== "files" && values.source !== "cms") throw new Error("--source must be cms or files");
  const source = values.source === "cms" ? "cms" : "files";

  const env = readDbEnv();
  const cms = readCmsEnv();
  // The demo is generated before the database opens (see generateDemo): the peak memory is the larger of the two.
  const demo = values.demo
    ? await generateDemo({
        facilities: positiveInt(values.facilities, "facilities") ?? 15_000,
        months: positiveInt(values.months, "months") ?? 36,
      })
    : null;
  const db = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, ...INGEST_PGLITE }).catch(
    async (error: unknown) => {
      await demo?.dispose();
      throw error;
    },
  );
  const results: IngestFileResult[] = [];
  /** What each file was reported as when it was done (its publication, later in the run, may still fail). */
  const reported = new Map<IngestFileResult, IngestFileResult["status"]>();
  const failures: string[] = [];
  // INGEST_TRACE=1 prints each step as it starts (scripts/fault-run.ts kills the command at chosen steps).
  const trace = process.env.INGEST_TRACE === "1";
  const report: Omit<IngestOptions, "source"> = {
    ...(trace
      ? {
          onPhase: (file: string, phase: string) => console.error(`[trace] ${phase} ${file}`),
          // Each statement-sized step of a load, so that a kill can land in the middle of a phase however fast it is.
          afterEach: async () => {
            console.error("[trace] step");
          },
        }
      : {}),
    onFileDone: (result) => {
      results.push(result);
      reported.set(result, result.status);
      (result.status === "failed" ? console.error : console.log)(describeResult(result));
    },
  };
  try {
    await migrate(db);
    await withLoadLock(
      db,
      async () => {
        if (positionals.length > 0) await ingestFiles(db, positionals, { ...report, source });
        if (values.latest || backfill !== 0) {
          const progress = syncProgress();
          try {
            const sync = await syncFromCms(db, {
              baseUrl: cms.CMS_BASE_URL,
              cacheDir: cms.CMS_CACHE_DIR,
              latest: values.latest,
              archives: backfill,
              onStatus: progress.onStatus,
              log: (line) => console.log(line),
            });
            results.push(...sync.results);
            failures.push(
              ...sync.failures.filter((failure) => !sync.results.some((r) => r.error === failure)),
            );
            if (sync.results.length === 0 && sync.failures.length === 0) {
              console.log("Nothing new at CMS: every file it lists is already loaded.");
            }
          } finally {
            progress.stop();
          }
        }
        if (demo) {
          await ingestFiles(
            db,
            demo.files.map((file) => file.path),
            { ...report, source: "demo" },
          );
        }
      },
      {
        wait: true,
        onWait: () => console.log("Another load is running on this database; waiting for it to end."),
      },
    );
  } finally {
    await db.close();
    await demo?.dispose();
  }
  // A file reported loaded whose publication then failed (the disk filled up while deriving, say) says why.
  for (const result of results) {
    if (result.status === "failed" && reported.get(result) !== "failed")
      console.error(describeResult(result));
  }
  for (const failure of failures) console.error(`FAILED ${failure}`);
  const failedFiles = results.filter((result) => result.status === "failed").length;
  const failed = failedFiles + failures.length;
  console.log(`${results.length - failedFiles} file(s) ingested or already present, ${failed} failed.`);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`ingest failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
