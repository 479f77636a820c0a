// Brings the database up to date with CMS, for the command line (`--latest`, `--backfill`), the server's first start
// and its periodic refresh. The current files (Provider Information, Health Deficiencies, Penalties, the MDS and
// claims quality measures and the State/US averages) and the
// monthly archives are downloaded into a cache folder (kept, so that a re-run downloads nothing it already has); of archives that hold the same month, the
// later one is loaded and the others are skipped; and every file is recorded by URL (table cms_file), so that a
// re-run or a refresh loads only what is new.
import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { Db } from "../db/client.ts";
import {
  type CurrentDataset,
  type DownloadProgress,
  downloadFile,
  fetchCurrentFile,
  fetchMonthlyArchives,
  type MonthlyArchive,
} from "./download.ts";
import { describeResult, type IngestFileResult, type IngestOptions, ingestFiles } from "./ingest.ts";
import { peekRelease } from "./parse-release.ts";
import { dateFallbackFor, type ReadHint } from "./read-release.ts";
import { type ArchiveTable, archiveTables, peekCsvHead, READER_VERSIONS } from "./source.ts";

export interface SyncStatus {
  step: string;
  filesDone: number;
  filesTotal: number;
  bytesDone: number | null;
  bytesTotal: number | null;
}

/** The step while the loaded files are made ready to serve (the derived tables rebuilt) and published. */
export const PUBLISHING_FILES_STEP = "Publishing the loaded files";

export interface CmsSyncOptions {
  baseUrl: string;
  /** Where downloads are kept. */
  cacheDir: string;
  /**
   * Fetch the current files: Provider Information, the inspection tables, the quality measures and averages, and
   * Ownership.
   */
  latest: boolean;
  /** How many of the newest monthly archives to have: a number, or "all" that CMS lists. */
  archives: number | "all";
  /** Bounds reaching CMS (the metadata and listing requests), not the downloads. */
  reachTimeoutMs?: number | undefined;
  /** A download fails after this long without a byte (default 60 s). */
  stallTimeoutMs?: number | undefined;
  maxResumes?: number | undefined;
  signal?: AbortSignal | undefined;
  /** See IngestOptions. */
  publishEachFile?: boolean;
  afterEach?: () => Promise<void>;
  onStatus?: (status: SyncStatus) => void;
  /** One line per event worth telling an operator (a file loaded or skipped, a failure). */
  log?: (line: string) => void;
  /** Runs once everything is downloaded, before the first file is loaded, when there is anything to load. */
  beforeLoad?: () => Promise<void>;
}

export interface CmsSyncResult {
  results: IngestFileResult[];
  /** Every failure, download or load, as one sentence naming the file. */
  failures: string[];
  /** Whether the current Provider Information file is loaded now (this run or before). */
  hasCurrent: boolean;
  /** Downloaded files (an archive counts once, whatever its tables) loaded or found unchanged by this run. */
  loadedCount: number;
}

interface Candidate {
  url: string;
  kind: "current" | "archive";
  /** A current file's dataset; an archive holds all three. */
  table: CurrentDataset | "archive";
  /** The archive's listing date, or the metadata's modified date for the current file. */
  listedDate: string | null;
  path?: string;
  processingDate?: string | null;
  /** A file loaded before, read again for these tables (their reader is newer than the one that read them). */
  reread?: Set<ArchiveTable>;
}

/** The version of the reader of each table that read a file (cms_file.readers, migration 0035). */
type Readers = Partial<Record<ArchiveTable, number>>;

/**
 * What was read of a file recorded before its readers were (cms_file.readers null), told by the release tables: a
 * table counts as read by its first reader when a release of the file's month is recorded for it, else as never read.
 */
const READ_EVIDENCE: Record<ArchiveTable, string> = {
  provider: "EXISTS (SELECT 1 FROM release r WHERE r.processing_date = f.processing_date)",
  citations:
    "EXISTS (SELECT 1 FROM inspection_release r WHERE r.kind = 'citations' AND r.processing_date = f.processing_date)",
  fire: "EXISTS (SELECT 1 FROM inspection_release r WHERE r.kind = 'fire' AND r.processing_date = f.processing_date)",
  penalties:
    "EXISTS (SELECT 1 FROM inspection_release r WHERE r.kind = 'penalties' AND r.processing_date = f.processing_date)",
  mds: "EXISTS (SELECT 1 FROM quality_release r WHERE r.kind = 'mds' AND r.processing_date = f.processing_date)",
  claims:
    "EXISTS (SELECT 1 FROM quality_release r WHERE r.kind = 'claims' AND r.processing_date = f.processing_date)",
  averages:
    "EXISTS (SELECT 1 FROM quality_release r WHERE r.kind = 'averages' AND r.processing_date = f.processing_date)",
  ownership: "EXISTS (SELECT 1 FROM ownership_release r WHERE r.processing_date = f.processing_date)",
};

/** The readers a file is loaded with now: every table of an archive, or a current file's own dataset. */
function currentReaders(candidate: Candidate): Readers {
  return candidate.table === "archive"
    ? { ...READER_VERSIONS }
    : { [candidate.table]: READER_VERSIONS[candidate.table as ArchiveTable] };
}

/** The tables of a file loaded before that its recorded readers read with an older reader, or never. */
function staleTables(candidate: Candidate, readers: Readers): Set<ArchiveTable> {
  const tables = Object.keys(currentReaders(candidate)) as ArchiveTable[];
  return new Set(tables.filter((table) => (readers[table] ?? 0) < READER_VERSIONS[table]));
}

const DONE_STATUSES = new Set(["loaded", "unchanged", "superseded"]);

/** The current files, in the order they are loaded (Provider Information first, so that the list is there soon). */
const CURRENT_DATASETS: readonly CurrentDataset[] = [
  "provider",
  "citations",
  "fire",
  "penalties",
  "mds",
  "claims",
  "averages",
  "ownership",
];

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 12);
}

function listedDateOf(archive: MonthlyArchive): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(archive.sortKey) ? archive.sortKey : null;
}

async function recordFile(
  db: Db,
  candidate: Candidate,
  status: string,
  processingDate: string | null,
  detail: string | null,
  /** Tables of the file the run did not come to (it was stopped): left to the next run to read. */
  unread: ReadonlySet<string> = new Set(),
): Promise<void> {
  // A file loaded (or found unchanged) is read by today's readers; one that failed or was left out is not read.
  const read = Object.entries(currentReaders(candidate)).filter(([table]) => !unread.has(table));
  const readers =
    status === "loaded" || status === "unchanged" ? JSON.stringify(Object.fromEntries(read)) : null;
  await db.query(
    `INSERT INTO cms_file (url, kind, dataset, listed_date, processing_date, status, detail, checked_at, readers)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now(), $8::jsonb)
     ON CONFLICT (url) DO UPDATE SET listed_date = EXCLUDED.listed_date, processing_date = EXCLUDED.processing_date,
       status = EXCLUDED.status, detail = EXCLUDED.detail, checked_at = now(), readers = EXCLUDED.readers`,
    [
      candidate.url,
      candidate.kind,
      candidate.table === "archive" ? null : candidate.table,
      candidate.listedDate,
      processingDate,
      status,
      detail,
      readers,
    ],
  );
}

/** Of the files for one month, the one that wins: the current file, else the archive listed last. */
function winsOver(a: Candidate, b: Candidate): boolean {
  if (a.kind !== b.kind) return a.kind === "current";
  return (a.listedDate ?? "") > (b.listedDate ?? "");
}

/**
 * Downloads what the database lacks and loads it. Throws only when CMS cannot be reached at all; every other failure
 * (a download, a file) is in `failures`, and the good files are loaded.
 */
export async function syncFromCms(db: Db, options: CmsSyncOptions): Promise<CmsSyncResult> {
  const log = options.log ?? (() => {});
  const failures: string[] = [];
  const status: SyncStatus = {
    step: "Checking CMS for new files",
    filesDone: 0,
    filesTotal: 0,
    bytesDone: null,
    bytesTotal: null,
  };
  const report = () => options.onStatus?.({ ...status });
  report();
  const reach = {
    baseUrl: options.baseUrl,
    ...(options.reachTimeoutMs ? { timeoutMs: options.reachTimeoutMs } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };

  // Every dataset's metadata and the archive listing are asked at once: a machine that cannot reach CMS learns it
  // in one request's time (with its retries), not in nine.
  const candidates: Candidate[] = [];
  let reached = 0;
  const errors: string[] = [];
  const wantArchives = options.archives === "all" || options.archives > 0;
  const [currents, listing] = await Promise.all([
    Promise.allSettled(options.latest ? CURRENT_DATASETS.map((table) => fetchCurrentFile(reach, table)) : []),
    wantArchives
      ? fetchMonthlyArchives(reach).then(
          (listed) => ({ listed }),
          (error: unknown) => ({ error: error as Error }),
        )
      : null,
  ]);
  currents.forEach((current, index) => {
    const table = CURRENT_DATASETS[index] as CurrentDataset;
    if (current.status === "rejected") {
      errors.push((current.reason as Error).message);
      return;
    }
    candidates.push({ url: current.value.url, kind: "current", table, listedDate: current.value.modified });
    reached += 1;
  });
  if (listing && "error" in listing) errors.push(listing.error.message);
  else if (listing) {
    const chosen = options.archives === "all" ? listing.listed : listing.listed.slice(-options.archives);
    for (const archive of chosen) {
      candidates.push({
        url: archive.url,
        kind: "archive",
        table: "archive",
        listedDate: listedDateOf(archive),
      });
    }
    reached += 1;
  }
  if (reached === 0 && errors.length > 0) throw new Error(`CMS could not be reached: ${errors.join("; ")}`);
  failures.push(...errors);

  const tables = Object.keys(READER_VERSIONS) as ArchiveTable[];
  const known = new Map(
    (
      await db.query<{
        url: string;
        kind: string;
        dataset: string | null;
        listed_date: string | null;
        processing_date: string | null;
        status: string;
        readers: Readers | null;
        evidence: Record<ArchiveTable, boolean> | null;
      }>(
        `SELECT url, kind, dataset, listed_date, processing_date, status, readers,
           CASE WHEN readers IS NULL THEN json_build_object(${tables
             .map((table) => `'${table}', ${READ_EVIDENCE[table]}`)
             .join(", ")}) END AS evidence
         FROM cms_file f`,
      )
    ).map((row) => [row.url, row]),
  );
  // A file loaded before whose tables an older reader read (or none did) is read again for those tables alone.
  for (const candidate of candidates) {
    const row = known.get(candidate.url);
    if (!row || (row.status !== "loaded" && row.status !== "unchanged")) continue;
    const readers: Readers =
      row.readers ??
      Object.fromEntries(tables.filter((table) => row.evidence?.[table]).map((table) => [table, 1]));
    const stale = staleTables(candidate, readers);
    if (stale.size === 0) continue;
    candidate.reread = stale;
    log(
      `reading ${candidate.url} again for ${[...stale].join(", ")}: the product reads more of it than when it was loaded`,
    );
  }
  const wanted = candidates.filter(
    (candidate) =>
      candidate.reread !== undefined || !DONE_STATUSES.has(known.get(candidate.url)?.status ?? ""),
  );
  const currentKnown = candidates.find((candidate) => candidate.table === "provider");
  let hasCurrent = currentKnown !== undefined && DONE_STATUSES.has(known.get(currentKnown.url)?.status ?? "");

  // Downloads, each into the cache: archives under their own names, the current file under its URL's hash (CMS
  // republishes a month's file under a new URL with the same name).
  status.filesTotal = wanted.length;
  const downloaded: Candidate[] = [];
  for (const [index, candidate] of wanted.entries()) {
    const name = decodeURIComponent(new URL(candidate.url).pathname.split("/").pop() ?? candidate.url);
    status.step = `Downloading ${name} (${index + 1} of ${wanted.length})`;
    status.bytesDone = 0;
    status.bytesTotal = null;
    report();
    const dir =
      candidate.kind === "current"
        ? join(options.cacheDir, "current", shortHash(candidate.url))
        : join(options.cacheDir, "archives");
    try {
      candidate.path = await downloadFile(candidate.url, {
        dir,
        baseUrl: options.baseUrl,
        ...(options.stallTimeoutMs ? { stallTimeoutMs: options.stallTimeoutMs } : {}),
        ...(options.maxResumes !== undefined ? { maxResumes: options.maxResumes } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        onProgress: (event: DownloadProgress) => {
          status.bytesDone = event.receivedBytes;
          status.bytesTotal = event.totalBytes;
          report();
        },
      });
      downloaded.push(candidate);
    } catch (error) {
      const message = (error as Error).message;
      failures.push(message);
      log(`FAILED ${message}`);
      await recordFile(db, candidate, "failed", null, message);
    }
    if (options.signal?.aborted) break;
  }
  status.bytesDone = null;
  status.bytesTotal = null;

  // The month of each downloaded Provider Information file and archive; of several for one month (this run's or
  // loaded before), one wins. A current inspection file is loaded whenever it is new: its rows join the union.
  const hints = new Map<string, ReadHint>();
  const isMonthly = (candidate: Candidate) => candidate.table === "provider" || candidate.table === "archive";
  for (const candidate of downloaded) {
    const path = candidate.path as string;
    const hint = candidate.listedDate ? { listedDate: candidate.listedDate } : {};
    hints.set(path, hint);
    if (!isMonthly(candidate)) continue;
    const head = await peekCsvHead(path);
    candidate.processingDate = head
      ? (peekRelease(head.text, dateFallbackFor(head.name, hint))?.processingDate ?? null)
      : null;
  }
  const byMonth = new Map<string, Candidate>();
  const rereadUrls = new Set(
    downloaded.filter((candidate) => candidate.reread).map((candidate) => candidate.url),
  );
  for (const row of known.values()) {
    // A file read again competes for its month as the download it is now.
    if (rereadUrls.has(row.url)) continue;
    const isProviderOrArchive = row.kind === "archive" || (row.dataset ?? "provider") === "provider";
    if (
      row.processing_date &&
      isProviderOrArchive &&
      (row.status === "loaded" || row.status === "unchanged")
    ) {
      const candidate: Candidate = {
        url: row.url,
        kind: row.kind === "current" ? "current" : "archive",
        table: row.kind === "current" ? "provider" : "archive",
        listedDate: row.listed_date,
      };
      const best = byMonth.get(row.processing_date);
      if (!best || winsOver(candidate, best)) byMonth.set(row.processing_date, candidate);
    }
  }
  for (const candidate of downloaded) {
    if (!candidate.processingDate) continue;
    const best = byMonth.get(candidate.processingDate);
    if (!best || winsOver(candidate, best)) byMonth.set(candidate.processingDate, candidate);
  }
  const winsMonth = (candidate: Candidate) =>
    !candidate.processingDate || byMonth.get(candidate.processingDate) === candidate;
  // A file read again that does not give its month's Provider Information (a later file does) is read again for its
  // other tables only.
  for (const candidate of downloaded)
    if (candidate.reread && !winsMonth(candidate)) candidate.reread.delete("provider");
  const toLoad = downloaded.filter(
    (candidate) => winsMonth(candidate) || (candidate.reread !== undefined && candidate.reread.size > 0),
  );
  for (const candidate of downloaded) {
    if (toLoad.includes(candidate)) continue;
    if (candidate.reread) {
      // Nothing of it to read again: it stays as it was loaded, now read by today's readers.
      await recordFile(db, candidate, "loaded", candidate.processingDate ?? null, null);
      continue;
    }
    const winner = byMonth.get(candidate.processingDate as string);
    log(
      `skipped ${candidate.path}: ${candidate.processingDate} is loaded from ${winner?.path ?? winner?.url} (the current file wins, else the archive listed last)`,
    );
    await recordFile(
      db,
      candidate,
      "superseded",
      candidate.processingDate ?? null,
      `superseded by ${winner?.url}`,
    );
  }
  // The current files first (Provider Information first of all, so that the facility list is there as soon as
  // possible), then the archives, oldest first.
  const order = [...CURRENT_DATASETS, "archive"];
  toLoad.sort(
    (a, b) =>
      order.indexOf(a.table) - order.indexOf(b.table) ||
      (a.listedDate ?? "").localeCompare(b.listedDate ?? ""),
  );

  let results: IngestFileResult[] = [];
  const failedPaths = new Set<string>();
  status.filesDone = wanted.length - toLoad.length;
  if (toLoad.length > 0) {
    await options.beforeLoad?.();
    const paths = toLoad.map((candidate) => candidate.path as string);
    const reread = new Map(
      toLoad.flatMap((candidate) =>
        candidate.reread ? [[candidate.path as string, candidate.reread] as const] : [],
      ),
    );
    const ingest: IngestOptions = {
      source: "cms",
      hints,
      ...(reread.size > 0 ? { reread } : {}),
      ...(options.publishEachFile ? { publishEachFile: true } : {}),
      ...(options.afterEach ? { afterEach: options.afterEach } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      onPhase: (file, phase) => {
        if (phase === "parsing") {
          status.step = `Loading ${file.split("/").pop()}`;
          report();
        } else if (phase === "deriving") {
          status.step = PUBLISHING_FILES_STEP;
          report();
        }
      },
      onFileDone: (result, isFileDone) => {
        // A file is done when its last table is (an archive gives one result per table).
        if (isFileDone) status.filesDone += 1;
        report();
        log(describeResult(result));
      },
    };
    results = await ingestFiles(db, paths, ingest);
    for (const candidate of toLoad) {
      const own = results.filter((result) => result.path === candidate.path);
      if (own.length === 0) {
        // A file read again for tables it does not hold: read by today's readers all the same.
        if (candidate.reread && !options.signal?.aborted)
          await recordFile(db, candidate, "loaded", candidate.processingDate ?? null, null);
        continue;
      }
      const failed = own.filter((result) => result.status === "failed");
      // loadedCount counts files whose every table loaded.
      if (failed.length > 0) for (const result of own) failedPaths.add(result.path);
      for (const result of failed) failures.push(result.error ?? `${result.file}: failed`);
      // A broken file is not kept: CMS may serve a corrected one at the same URL, which the next run downloads.
      if (failed.length > 0) await rm(candidate.path as string, { force: true });
      else if (candidate.kind === "current" && candidate.table === "provider") hasCurrent = true;
      const provider =
        own.find((result) => result.kind === "provider" || result.kind === "ratings") ?? own[0];
      // A run stopped between an archive's tables (its quality measures are loaded after every other table) leaves
      // the tables it did not come to unread.
      const unread = new Set<string>();
      if (options.signal?.aborted && candidate.table === "archive") {
        const done = new Set(own.map((result) => result.table));
        for (const table of (await archiveTables(candidate.path as string)) ?? [])
          if (!done.has(table) && (!candidate.reread || candidate.reread.has(table))) unread.add(table);
      }
      await recordFile(
        db,
        candidate,
        failed.length > 0
          ? "failed"
          : own.some((result) => result.status === "loaded")
            ? "loaded"
            : "unchanged",
        provider?.processingDate ?? candidate.processingDate ?? null,
        failed.length > 0 ? failed.map((result) => result.error).join("; ") : null,
        unread,
      );
    }
  }
  status.step = "Done";
  status.filesDone = status.filesTotal;
  report();
  return {
    results,
    failures,
    hasCurrent,
    loadedCount: new Set(results.map((result) => result.path).filter((path) => !failedPaths.has(path))).size,
  };
}
