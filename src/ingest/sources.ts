// The generated demo dataset as files for the one ingest path (the CMS downloads are in cms-sync.ts).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Db } from "../db/client.ts";
import { type DemoOptions, writeDemoFiles } from "./demo-data.ts";
import { type IngestFileResult, type IngestOptions, ingestFiles } from "./ingest.ts";

/**
 * Generates the demo dataset into a temporary folder and ingests it: Provider Information of every month, and
 * health citations and penalties of every twelfth month (unless the options say otherwise).
 */
export async function ingestDemo(
  db: Db,
  options: DemoOptions = {},
  ingest: Omit<IngestOptions, "source"> = {},
): Promise<IngestFileResult[]> {
  const dir = await mkdtemp(join(tmpdir(), "cms-demo-"));
  try {
    const files = await writeDemoFiles(dir, { inspections: "yearly", ...options });
    return await ingestFiles(
      db,
      files.map((file) => file.path),
      { ...ingest, source: "demo" },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
