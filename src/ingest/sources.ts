// The generated demo dataset as files for the one ingest path (the CMS downloads are in cms-sync.ts).
import { mkdtempSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Db } from "../db/client.ts";
import { type DemoFile, type DemoOptions, writeDemoFiles } from "./demo-data.ts";
import { writeDemoFilesInWorker } from "./demo-worker.ts";
import { type IngestFileResult, type IngestOptions, ingestFiles } from "./ingest.ts";

/** How a demo load says what it does (the server reports it on /api/meta). */
export interface DemoLoadOptions {
  /**
   * Publishes the newest month's facilities first, on their own, then the history and inspection record behind
   * them: data to show within seconds of a first start, for the cost of walking the demo world twice.
   */
  newestFirst?: boolean;
  /** Generates on a worker thread, so that the calling thread (a server's) stays free. */
  inWorker?: boolean;
  onStep?: (step: string) => void;
  /** The newest month, generated ahead with `startNewestDemoMonth` (with `newestFirst`); disposed of here. */
  newest?: PendingDemoMonth;
}

/** The demo dataset's newest Provider Information file, being generated into a temporary folder. */
export interface PendingDemoMonth {
  /** The file, once written (undefined when the options generate no month). */
  file: Promise<DemoFile | undefined>;
  /** Removes the folder, once the generator has finished writing into it. */
  dispose: () => Promise<void>;
}

/**
 * Starts generating the newest month of the demo dataset (as ingestDemo's `newestFirst` loads it): a first start
 * begins it while the database is still being created, so that the list is there seconds sooner.
 */
export function startNewestDemoMonth(options: DemoOptions = {}, inWorker = true): PendingDemoMonth {
  const dir = mkdtempSync(join(tmpdir(), "cms-demo-newest-"));
  const write = inWorker ? writeDemoFilesInWorker : writeDemoFiles;
  const file = write(dir, { inspections: "yearly", ...options, newestProviderOnly: true }).then(
    ([newest]) => newest,
  );
  // A failure is met where the file is awaited; a month never awaited (CMS answered) fails quietly.
  file.catch(() => {});
  return {
    file,
    dispose: async () => {
      await file.catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The demo dataset's files, written into a temporary folder that `dispose` removes. */
export interface GeneratedDemo {
  files: DemoFile[];
  dispose: () => Promise<void>;
}

/**
 * Writes the whole demo dataset (as ingestDemo loads it) into a temporary folder, on a worker thread: the generator's
 * memory (a few hundred MB for the nation) is freed with the thread, so that a command line that generates before it
 * opens the database never holds both at once.
 */
export async function generateDemo(options: DemoOptions = {}): Promise<GeneratedDemo> {
  const dir = await mkdtemp(join(tmpdir(), "cms-demo-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const files = await writeDemoFilesInWorker(dir, {
      inspections: "yearly",
      quality: "quarterly",
      ...options,
    });
    return { files, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/**
 * Generates the demo dataset into a temporary folder and ingests it: Provider Information of every month, and
 * health citations and penalties of every twelfth month, the MDS and claims quality measures of every quarter and the
 * State/US averages of every month, and Ownership every quarter (unless the options say otherwise).
 */
export async function ingestDemo(
  db: Db,
  options: DemoOptions = {},
  ingest: Omit<IngestOptions, "source"> = {},
  load: DemoLoadOptions = {},
): Promise<IngestFileResult[]> {
  const dir = await mkdtemp(join(tmpdir(), "cms-demo-"));
  const write = load.inWorker ? writeDemoFilesInWorker : writeDemoFiles;
  const newestMonth = load.newestFirst
    ? (load.newest ?? startNewestDemoMonth(options, load.inWorker))
    : load.newest;
  try {
    const results: IngestFileResult[] = [];
    let loaded: string | null = null;
    if (load.newestFirst && newestMonth) {
      load.onStep?.("Generating the newest month of the demo dataset");
      const newest = await newestMonth.file;
      if (newest) {
        load.onStep?.("Loading the newest month of the demo dataset");
        results.push(...(await ingestFiles(db, [newest.path], { ...ingest, source: "demo" })));
        loaded = newest.processingDate;
      }
    }
    load.onStep?.(loaded ? "Generating the history of the demo dataset" : "Generating the demo dataset");
    const files = await write(join(dir, "all"), {
      inspections: "yearly",
      quality: "quarterly",
      ownership: "quarterly",
      ...options,
    });
    load.onStep?.(loaded ? "Loading the history of the demo dataset" : "Loading the demo dataset");
    const rest = files.filter((file) => !(file.table === "provider" && file.processingDate === loaded));
    results.push(
      ...(await ingestFiles(
        db,
        rest.map((file) => file.path),
        { ...ingest, source: "demo" },
      )),
    );
    return results;
  } finally {
    await newestMonth?.dispose();
    await rm(dir, { recursive: true, force: true });
  }
}
