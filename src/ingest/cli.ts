// `npm run ingest -- [files...] [--latest] [--backfill N] [--demo [--facilities N] [--months N]]`
// Loads CMS files into the database named by DATABASE_URL / DATA_DIR. Exits non-zero when any file failed.
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { openDb } from "../db/client.ts";
import { readDbEnv } from "../db/env.ts";
import { migrate } from "../db/migrate.ts";
import { describeResult, type IngestFileResult, type IngestOptions, ingestFiles } from "./ingest.ts";
import { ingestDemo, ingestFromCms } from "./sources.ts";

const USAGE = `Usage: npm run ingest -- [options] [files...]
  files                 CSV, gzipped CSV or CMS monthly zip archives
  --latest              download the current Provider Information CSV from CMS
  --backfill N          download the last N monthly CMS archives
  --demo                generate and load the demo dataset
  --facilities N        demo: number of facilities (default 15000)
  --months N            demo: number of monthly releases (default 36)
  --source cms|files    how to label local files (default files)`;

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`--${name} must be a positive integer`);
  return Number(value);
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
  const backfill = positiveInt(values.backfill, "backfill") ?? 0;
  if (values.help || (positionals.length === 0 && !values.latest && backfill === 0 && !values.demo)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (values.source !== "files" && values.source !== "cms") throw new Error("--source must be cms or files");

  const env = readDbEnv();
  const db = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const bar = process.stderr.isTTY
    ? new cliProgress.SingleBar(
        {
          format: "{bar} {value}/{total} files | {phase} {file}",
          stream: process.stderr,
          clearOnComplete: true,
        },
        cliProgress.Presets.shades_classic,
      )
    : null;
  const results: IngestFileResult[] = [];
  const progress: Omit<IngestOptions, "source"> = {
    onPhase: (file, phase) => bar?.update({ file, phase }),
    onFileDone: (result) => {
      results.push(result);
      bar?.increment();
      (result.status === "failed" ? console.error : console.log)(describeResult(result));
    },
  };
  try {
    await migrate(db);
    if (positionals.length > 0) {
      bar?.start(positionals.length, 0, { file: "", phase: "" });
      await ingestFiles(db, positionals, { ...progress, source: values.source });
      bar?.stop();
    }
    if (values.latest || backfill > 0) {
      bar?.start(backfill + (values.latest ? 1 : 0), 0, { file: "", phase: "downloading" });
      await ingestFromCms(db, { latest: values.latest, backfill }, progress);
      bar?.stop();
    }
    if (values.demo) {
      const months = positiveInt(values.months, "months") ?? 36;
      bar?.start(months, 0, { file: "", phase: "generating" });
      await ingestDemo(
        db,
        { facilities: positiveInt(values.facilities, "facilities") ?? 15_000, months },
        progress,
      );
      bar?.stop();
    }
  } finally {
    bar?.stop();
    await db.close();
  }
  const failed = results.filter((result) => result.status === "failed").length;
  console.log(`${results.length - failed} file(s) ingested or already present, ${failed} failed.`);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`ingest failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
