// Fills an empty database on first start, as DATA_SOURCE says: `auto` tries CMS briefly and falls back to the
// demo dataset, `cms` requires CMS, `demo` generates data, `none` leaves the database empty.
import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import type { DemoOptions } from "../ingest/demo-data.ts";
import { isDerivedStale, recomputeDerived } from "../ingest/derive.ts";
import { describeResult, type IngestFileResult } from "../ingest/ingest.ts";
import { ingestDemo, ingestFromCms } from "../ingest/sources.ts";
import type { ServerEnv } from "./env.ts";

type InitialDataEnv = Pick<
  ServerEnv,
  "DATA_SOURCE" | "CMS_BASE_URL" | "CMS_BACKFILL_MONTHS" | "CMS_AUTO_TIMEOUT_MS"
>;

export async function ensureInitialData(
  db: Db,
  env: InitialDataEnv,
  logger: Logger,
  demo: DemoOptions = {},
): Promise<void> {
  // A load interrupted before its derived tables were computed is finished here.
  if (await isDerivedStale(db)) await recomputeDerived(db);
  const [row] = await db.query<{ releases: number }>("SELECT count(*)::integer AS releases FROM release");
  if ((row?.releases ?? 0) > 0 || env.DATA_SOURCE === "none") return;

  const report = (results: IngestFileResult[]) => {
    for (const result of results) logger.info(describeResult(result));
    const failed = results.filter((result) => result.status === "failed");
    if (failed.length > 0) throw new Error(failed.map((result) => result.error).join("; "));
  };
  const loadCms = async (timeoutMs?: number) =>
    report(
      await ingestFromCms(db, {
        latest: true,
        backfill: env.CMS_BACKFILL_MONTHS,
        baseUrl: env.CMS_BASE_URL,
        timeoutMs,
      }),
    );
  const loadDemo = async () => {
    logger.info("generating the demo dataset (15,000 facilities, 36 monthly releases); this takes a minute");
    report(await ingestDemo(db, demo));
    logger.info("demo data loaded: the dashboard shows generated facilities, not CMS data");
  };

  if (env.DATA_SOURCE === "demo") return loadDemo();
  if (env.DATA_SOURCE === "cms") {
    logger.info(`empty database: loading CMS data from ${env.CMS_BASE_URL}`);
    return loadCms();
  }
  try {
    logger.info(`empty database: trying CMS data from ${env.CMS_BASE_URL}`);
    await loadCms(env.CMS_AUTO_TIMEOUT_MS);
  } catch (error) {
    logger.warn(
      `CMS data could not be loaded (${(error as Error).message}); falling back to the DEMO dataset. ` +
        "Run `npm run ingest -- --latest` when CMS is reachable.",
    );
    await loadDemo();
  }
}
