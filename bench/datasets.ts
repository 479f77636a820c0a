// The datasets the benchmarks run on, built once and kept under bench/.data (PGlite folders) or in PostgreSQL
// schemas named bench_<name>: a generated national history (15,000 facilities x BENCH_MONTHS, default 100) and
// the real CMS files (the Aug 2021 Provider Information file is the facility list; the other real months add the
// history that gives the alert views their facilities).
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";
import { realFile, realReleaseFiles } from "../scripts/real-data.ts";
import { type Db, openDb } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { isDerivedStale, recomputeDerived } from "../src/ingest/derive.ts";
import { ingestFiles } from "../src/ingest/ingest.ts";
import { ingestDemo } from "../src/ingest/sources.ts";
import { buildHistory, type History } from "../test/cms-standin/history.ts";

export const BENCH_MONTHS = Number(process.env.BENCH_MONTHS ?? 100);
const root = resolve(import.meta.dirname, "..");
const dataRoot = join(root, "bench/.data");
export const REAL_AUG_2021 = realFile("NH_ProviderInfo_Aug2021.csv.gz");

/** The stand-in CMS's full history: about 90 monthly archives of 15,000 facilities, and the current CSV. */
export const CMS_HISTORY_FACILITIES = 15_000;
export const CMS_HISTORY_ARCHIVES = 90;
export const CMS_HISTORY_DIR = join(
  dataRoot,
  `cms-standin-${CMS_HISTORY_FACILITIES}-${CMS_HISTORY_ARCHIVES}`,
);
/** The PGlite folder the CMS history was last synced into by bench:ingest (bench:refresh starts from a copy). */
export const CMS_HISTORY_DB = join(
  dataRoot,
  `cms-history-${CMS_HISTORY_FACILITIES}-${CMS_HISTORY_ARCHIVES}-pglite`,
);

/** Builds the stand-in CMS's files on first use (about a minute), reused afterwards. */
export async function buildCmsHistory(): Promise<History> {
  const started = performance.now();
  let built = false;
  const history = await buildHistory({
    dir: CMS_HISTORY_DIR,
    facilities: CMS_HISTORY_FACILITIES,
    archives: CMS_HISTORY_ARCHIVES,
    onProgress: (message) => {
      if (message.startsWith("built")) built = true;
    },
  });
  if (built) {
    console.log(
      `  built the stand-in CMS history (${history.archives.length} archives) in ${((performance.now() - started) / 1000).toFixed(0)} s (not counted)`,
    );
  }
  return history;
}

export type BenchEngine = "pglite" | "postgres";

/** Returns a PGlite folder or a PostgreSQL URL holding the dataset, loading it on first use. */
async function prepare(
  name: string,
  engine: BenchEngine,
  postgresUrl: string | undefined,
  load: (db: Db) => Promise<unknown>,
) {
  let target: string;
  if (engine === "pglite") {
    mkdirSync(dataRoot, { recursive: true });
    target = join(dataRoot, name);
  } else {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public");
    await admin.query(`CREATE SCHEMA IF NOT EXISTS bench_${name}`);
    await admin.end();
    const url = new URL(postgresUrl as string);
    url.searchParams.set("options", `-c search_path=bench_${name},public`);
    target = url.toString();
  }
  const db = await openDb(engine === "pglite" ? { dataDir: target } : { databaseUrl: target });
  try {
    await migrate(db);
    const [row] = await db.query<{ n: number }>("SELECT count(*)::integer AS n FROM release");
    if ((row?.n ?? 0) === 0) {
      const started = performance.now();
      await load(db);
      console.log(
        `  prepared ${name} on ${engine} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
    // A migration since the dataset was built may have left its derived tables out of date.
    if (await isDerivedStale(db)) await recomputeDerived(db);
  } finally {
    await db.close();
  }
  return target;
}

export function prepareNational(engine: BenchEngine, postgresUrl?: string): Promise<string> {
  return prepare(`national_${BENCH_MONTHS}`, engine, postgresUrl, (db) =>
    ingestDemo(db, { facilities: 15_000, months: BENCH_MONTHS }),
  );
}

export async function prepareReal(engine: BenchEngine, postgresUrl?: string): Promise<string | null> {
  if (!existsSync(REAL_AUG_2021)) {
    console.log("  real Aug 2021 file not found (../shared/data/cms/raw): skipped");
    return null;
  }
  return prepare("real_releases", engine, postgresUrl, (db) =>
    ingestFiles(db, realReleaseFiles(), { source: "files" }),
  );
}
