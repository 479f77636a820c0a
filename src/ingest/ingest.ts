// Ingests files one by one (each atomically), then recomputes the derived tables once.
import type { DataSource } from "../core/api-types.ts";
import type { Db } from "../db/client.ts";
import { isDerivedStale, recomputeDerived } from "./derive.ts";
import { IngestError } from "./errors.ts";
import type { ReleaseKind } from "./layout.ts";
import { loadRelease, replaceFacilities } from "./load.ts";
import { type ParsedRelease, peekRelease } from "./parse-release.ts";
import { readRelease } from "./read-release.ts";
import { inThreadReader, workerReader } from "./release-reader.ts";
import { peekCsvHead } from "./source.ts";

export interface IngestFileResult {
  file: string;
  status: "loaded" | "unchanged" | "failed";
  kind?: ReleaseKind;
  processingDate?: string;
  rowCount?: number;
  replacedFacilities?: boolean;
  seconds: number;
  error?: string;
}

export type IngestPhase = "parsing" | "loading" | "done";

export interface IngestOptions {
  source: DataSource;
  /** See LoadOptions.newestProviderInRun. */
  newestProviderInRun?: string | null;
  onPhase?: (file: string, phase: IngestPhase) => void;
  onFileDone?: (result: IngestFileResult) => void;
}

/** Loads one release that `parsed` delivers; failures of either step become a failed result. */
async function ingestParsed(
  db: Db,
  path: string,
  parsed: Promise<ParsedRelease>,
  options: IngestOptions,
  startedAt: number,
): Promise<IngestFileResult> {
  const seconds = () => (performance.now() - startedAt) / 1000;
  try {
    options.onPhase?.(path, "parsing");
    const release = await parsed;
    options.onPhase?.(path, "loading");
    const loaded = await loadRelease(db, release, {
      source: options.source,
      startedAt,
      newestProviderInRun: options.newestProviderInRun ?? null,
    });
    options.onPhase?.(path, "done");
    return {
      file: release.fileName,
      status: loaded.status,
      kind: release.kind,
      processingDate: release.processingDate,
      rowCount: release.rowCount,
      replacedFacilities: loaded.replacedFacilities,
      seconds: seconds(),
    };
  } catch (error) {
    const message = error instanceof IngestError ? error.message : `${path}: ${(error as Error).message}`;
    return { file: path, status: "failed", seconds: seconds(), error: message };
  }
}

export function ingestFile(db: Db, path: string, options: IngestOptions): Promise<IngestFileResult> {
  return ingestParsed(db, path, readRelease(path), options, performance.now());
}

/** The newest processing date among the Provider Information files of a run, from their first lines. */
async function newestProviderDate(paths: readonly string[]): Promise<string | null> {
  let newest: string | null = null;
  for (const path of paths) {
    const head = await peekCsvHead(path);
    const peek = head === null ? null : peekRelease(head);
    if (peek?.kind === "provider" && (newest === null || peek.processingDate > newest))
      newest = peek.processingDate;
  }
  return newest;
}

/**
 * The current facilities must come from the newest Provider Information release. When the file meant to supply
 * them in a run failed (or an interrupted run is repeated), the newest loaded file of the run supplies them.
 */
async function ensureNewestFacilities(
  db: Db,
  paths: readonly string[],
  results: IngestFileResult[],
): Promise<void> {
  const [row] = await db.query<{ releases: string | null; facilities: string | null }>(
    `SELECT to_char((SELECT max(processing_date) FROM release WHERE kind = 'provider'), 'YYYY-MM-DD') AS releases,
            to_char((SELECT max(processing_date) FROM facility), 'YYYY-MM-DD') AS facilities`,
  );
  if (!row?.releases || (row.facilities !== null && row.facilities >= row.releases)) return;
  const index = results.findLastIndex(
    (result) =>
      result.status !== "failed" && result.kind === "provider" && result.processingDate === row.releases,
  );
  const path = paths[index];
  if (index < 0 || path === undefined) return;
  const release = await readRelease(path);
  await db.transaction(async (tx) => {
    await replaceFacilities(tx, release);
    await tx.exec("UPDATE app_state SET data_version = data_version + 1, updated_at = now()");
  });
  (results[index] as IngestFileResult).replacedFacilities = true;
}

/**
 * Ingests files in order, each atomically, then recomputes the derived tables once. With several files, the next
 * file is parsed in a worker thread while the current one loads, and only the newest Provider Information file of
 * the run replaces the facilities (the older ones add their history).
 */
export async function ingestFiles(
  db: Db,
  paths: readonly string[],
  options: IngestOptions,
): Promise<IngestFileResult[]> {
  const results: IngestFileResult[] = [];
  const isBatch = paths.length > 1;
  const newestProviderInRun = isBatch ? await newestProviderDate(paths) : null;
  const reader = isBatch ? workerReader() : inThreadReader;
  try {
    const startRead = (path: string | undefined) => {
      if (path === undefined) return null;
      const parsed = reader.read(path);
      parsed.catch(() => {}); // handled when awaited in ingestParsed
      return { parsed, startedAt: performance.now() };
    };
    let next = startRead(paths[0]);
    for (let index = 0; index < paths.length && next; index += 1) {
      const current = next;
      next = startRead(paths[index + 1]);
      const result = await ingestParsed(
        db,
        paths[index] as string,
        current.parsed,
        { ...options, newestProviderInRun },
        current.startedAt,
      );
      results.push(result);
      options.onFileDone?.(result);
    }
  } finally {
    await reader.close();
  }
  await ensureNewestFacilities(db, paths, results);
  if (await isDerivedStale(db)) await recomputeDerived(db);
  return results;
}

export function describeResult(result: IngestFileResult): string {
  const time = `${result.seconds.toFixed(2)} s`;
  if (result.status === "failed") return `FAILED ${result.error} (nothing loaded from it)`;
  if (result.status === "unchanged") return `unchanged ${result.file}: already loaded (${time})`;
  const what =
    result.kind === "provider"
      ? `Provider Information${result.replacedFacilities ? ", now the current facilities" : ""}`
      : "ratings only";
  return `loaded ${result.file}: ${result.rowCount} rows for ${result.processingDate} (${what}) in ${time}`;
}
