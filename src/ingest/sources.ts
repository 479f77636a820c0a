// Where data comes from besides local files: the live CMS downloads and the generated demo dataset. Each
// resolves to local files that go through the one ingest path.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Db } from "../db/client.ts";
import { type DemoOptions, writeDemoFiles } from "./demo-data.ts";
import { type DownloadOptions, downloadLatestProviderInfo, downloadMonthlyArchives } from "./download.ts";
import { type IngestFileResult, type IngestOptions, ingestFiles } from "./ingest.ts";

export interface CmsFetchOptions {
  latest: boolean;
  backfill: number;
  baseUrl?: string | undefined;
  timeoutMs?: number | undefined;
  onProgress?: DownloadOptions["onProgress"];
}

async function withTempDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Downloads the requested CMS files (all of them before loading any) and ingests them, oldest first. */
export async function ingestFromCms(
  db: Db,
  options: CmsFetchOptions,
  ingest: Omit<IngestOptions, "source"> = {},
): Promise<IngestFileResult[]> {
  return withTempDir("cms-download-", async (dir) => {
    const download: DownloadOptions = {
      dir,
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    };
    const paths: string[] = [];
    if (options.backfill > 0) paths.push(...(await downloadMonthlyArchives(options.backfill, download)));
    if (options.latest) paths.push(await downloadLatestProviderInfo(download));
    return ingestFiles(db, paths, { ...ingest, source: "cms" });
  });
}

/** Generates the demo dataset into a temporary folder and ingests it. */
export async function ingestDemo(
  db: Db,
  options: DemoOptions = {},
  ingest: Omit<IngestOptions, "source"> = {},
): Promise<IngestFileResult[]> {
  return withTempDir("cms-demo-", async (dir) => {
    const files = await writeDemoFiles(dir, options);
    return ingestFiles(
      db,
      files.map((file) => file.path),
      { ...ingest, source: "demo" },
    );
  });
}
