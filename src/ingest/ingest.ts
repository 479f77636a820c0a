// Ingests files one by one (each atomically), then recomputes the derived tables once.
import type { DataSource } from "../core/api-types.ts";
import type { Db } from "../db/client.ts";
import { isDerivedStale, recomputeDerived } from "./derive.ts";
import { IngestError } from "./errors.ts";
import type { ReleaseKind } from "./layout.ts";
import { loadRelease, replaceFacilities } from "./load.ts";
import { type ParsedRelease, parseRelease, peekRelease } from "./parse-release.ts";
import { decodeCsvText, peekCsvHead, readCsvSource } from "./source.ts";

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

export type IngestPhase = "reading" | "parsing" | "loading" | "done";

export interface IngestOptions {
  source: DataSource;
  /** See LoadOptions.newestProviderInRun. */
  newestProviderInRun?: string | null;
  onPhase?: (file: string, phase: IngestPhase) => void;
  onFileDone?: (result: IngestFileResult) => void;
}

async function readRelease(path: string): Promise<ParsedRelease> {
  const source = await readCsvSource(path);
  return parseRelease(source.name, source.bytes, decodeCsvText(source.bytes));
}

export async function ingestFile(db: Db, path: string, options: IngestOptions): Promise<IngestFileResult> {
  const startedAt = performance.now();
  const seconds = () => (performance.now() - startedAt) / 1000;
  try {
    options.onPhase?.(path, "parsing");
    const release = await readRelease(path);
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

export async function ingestFiles(
  db: Db,
  paths: readonly string[],
  options: IngestOptions,
): Promise<IngestFileResult[]> {
  const results: IngestFileResult[] = [];
  for (const path of paths) {
    const result = await ingestFile(db, path, options);
    results.push(result);
    options.onFileDone?.(result);
  }
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
