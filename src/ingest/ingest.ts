// Ingests files one by one, each atomically, and publishes them (see stage.ts): a file's snapshots and, when it is
// the newest Provider Information release, the next facility table are written in short steps; the publication
// then adds the release rows and swaps in the facilities and the recomputed derived tables in one short transaction.
// A monthly archive is several inputs, one per table it holds (Provider Information, health citations, penalties),
// each loaded or failed on its own. An inspection file (load-inspection.ts) is applied by its own short transaction
// and recomputes the derived tables at the next publication.
import { basename } from "node:path";
import type { DataSource } from "../core/api-types.ts";
import type { Db } from "../db/client.ts";
import { isDerivedStale, publishedDates, stageDerived } from "./derive.ts";
import { IngestError } from "./errors.ts";
import type { InspectionKind } from "./inspection-layout.ts";
import type { ReleaseKind } from "./layout.ts";
import {
  insertReleaseRecord,
  insertSnapshots,
  type ReleaseRecord,
  releaseRecord,
  stageFacilities,
} from "./load.ts";
import { dropIncomingTables, loadInspectionRelease } from "./load-inspection.ts";
import { dropOwnershipIncoming, loadOwnershipRelease, type PreviousOwnership } from "./load-ownership.ts";
import { dropQualityIncoming, loadQualityRelease } from "./load-quality.ts";
import type { OwnershipKind } from "./ownership-layout.ts";
import type { InspectionRelease } from "./parse-inspection.ts";
import type { OwnershipRelease } from "./parse-ownership.ts";
import type { QualityRelease } from "./parse-quality.ts";
import { type ParsedRelease, type ParseOptions, peekRelease } from "./parse-release.ts";
import type { QualityKind } from "./quality-layout.ts";
import { NEWEST_FIRST_TABLES, newestFirst } from "./quality-order.ts";
import { StoredQuality } from "./quality-stored.ts";
import {
  type AnyRelease,
  dateFallbackFor,
  isInspectionRelease,
  isOwnershipRelease,
  isQualityRelease,
  type ReadHint,
  readRelease,
} from "./read-release.ts";
import { inThreadReader, workerReader } from "./release-reader.ts";
import { type ArchiveTable, archiveTables, peekCsvHead } from "./source.ts";
import { DISCARD_UNPUBLISHED_SPECIAL_FOCUS, writeSpecialFocus } from "./special-focus.ts";
import { DISCARD_UNPUBLISHED_STAFFING, writeStaffing, writeStaffingInSteps } from "./staffing.ts";
import { dropNextTables, hasNext, SWAPPED_TABLES, type SwappedTable, swapIn } from "./stage.ts";

export interface IngestFileResult {
  file: string;
  /** The input file it was read from (an archive gives one result per table it holds). */
  path: string;
  /** The archive's table it was read from (none for a CSV given on its own). */
  table?: ArchiveTable;
  status: "loaded" | "unchanged" | "failed";
  kind?: ReleaseKind | InspectionKind | QualityKind | OwnershipKind;
  processingDate?: string;
  /** Where the processing date came from when the file has none (see DateFallback). */
  dateSource?: string;
  rowCount?: number;
  replacedFacilities?: boolean;
  /** Inspection files: the groups (surveys, or a facility's penalties of a date) added or replaced. */
  changedGroups?: number;
  /** Quality measure files: the facility-measure rows added or changed. */
  changedRows?: number;
  /** Ownership files: the facilities whose owners or their values were added or changed. */
  changedFacilities?: number;
  seconds: number;
  error?: string;
}

/** How many inputs the reader parses ahead of the one being loaded. */
const READ_AHEAD = 3;

/** One thing a run loads: a CSV (its table told by its header), or one table of a monthly archive. */
interface Input {
  path: string;
  table?: ArchiveTable;
}

/**
 * The steps of a load, as `onPhase` reports them: a file is parsed, its facilities staged ("loading"), its snapshots
 * written in one transaction ("snapshots"), and "done"; a publication derives its tables ("deriving") and swaps them
 * in ("publishing", its file "").
 */
export type IngestPhase = "parsing" | "loading" | "snapshots" | "done" | "deriving" | "publishing";

export interface IngestOptions {
  source: DataSource;
  /** The newest processing date of the Provider Information files of the run (found from their first lines). */
  newestProviderInRun?: string | null;
  /** What is known of files beyond their bytes (the listing date of a CMS archive), by path. */
  hints?: ReadonlyMap<string, ReadHint>;
  /**
   * Publish after every file, so that what is loaded is served at once (the server's loads); otherwise once, at the
   * end of the run (the command line: cheaper for long runs).
   */
  publishEachFile?: boolean;
  /** Runs between the steps of a load; the server lets waiting requests in. */
  afterEach?: () => Promise<void>;
  /** When it fires, the file being loaded is finished and published, and the rest of the run is left out. */
  signal?: AbortSignal;
  onPhase?: (file: string, phase: IngestPhase) => void;
  /** Each input's result; `isFileDone`: the last of its file's inputs (an archive's tables are not all in a row). */
  onFileDone?: (result: IngestFileResult, isFileDone: boolean) => void;
  /**
   * Files loaded before and read again for these tables only (the sync's re-read of files an older reader read,
   * src/ingest/source.ts READER_VERSIONS): their other tables are left out, and a Provider Information table among
   * them is loaded again although its bytes were loaded before, so that what the reader now takes from it is written.
   */
  reread?: ReadonlyMap<string, ReadonlySet<ArchiveTable>>;
}

/** What a run has written but not yet published. */
interface Run {
  pending: { record: ReleaseRecord; result: IngestFileResult }[];
  checksums: Set<string>;
  /** The processing date of the facility_next table this run built, if any. */
  facilitiesFrom: string | null;
  /** A published month was updated, or an inspection file changed the records: recompute the derived tables. */
  isDerivedStale: boolean;
  /** The Ownership file the run loaded last (load-ownership.ts). */
  ownership: { previous: PreviousOwnership | null };
  /** What is stored of the MDS and claims measures, read at the run's first file of each (quality-stored.ts). */
  quality: Partial<Record<"mds" | "claims", StoredQuality>>;
}

/**
 * Removes what an interrupted load left: unpublished snapshots (months in staged_month without a release) and the
 * next tables. The published data is untouched.
 */
export async function discardUnpublished(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec(`
      DELETE FROM rating_snapshot s USING staged_month m
        WHERE s.processing_date = m.processing_date
          AND NOT EXISTS (SELECT 1 FROM release r WHERE r.processing_date = m.processing_date);
      ${DISCARD_UNPUBLISHED_STAFFING}
      ${DISCARD_UNPUBLISHED_SPECIAL_FOCUS}
      DELETE FROM staged_month;`);
  });
  await dropNextTables(db);
  await dropIncomingTables(db);
  await dropQualityIncoming(db);
  await dropOwnershipIncoming(db);
}

async function newestPublishedProvider(db: Db): Promise<string | null> {
  const [row] = await db.query<{ date: string | null }>(
    "SELECT to_char(max(processing_date), 'YYYY-MM-DD') AS date FROM release WHERE kind = 'provider'",
  );
  return row?.date ?? null;
}

/** Writes one parsed release into the run (unpublished), or says it was loaded before. */
/** Whether a file with these CSV bytes was loaded before (as any table) or earlier in the run. */
async function isKnown(db: Db, run: Run, checksum: string): Promise<boolean> {
  if (run.checksums.has(checksum)) return true;
  const known = await db.query(
    `SELECT 1 FROM release WHERE checksum = $1
     UNION ALL SELECT 1 FROM inspection_release WHERE checksum = $1
     UNION ALL SELECT 1 FROM quality_release WHERE checksum = $1
     UNION ALL SELECT 1 FROM ownership_release WHERE checksum = $1`,
    [checksum],
  );
  return known.length > 0;
}

/** Loads an inspection file (its own transaction), or says it was loaded before. */
async function stageInspection(
  db: Db,
  release: InspectionRelease,
  run: Run,
  options: IngestOptions,
  startedAt: number,
): Promise<{ status: "loaded" | "unchanged"; changedGroups: number }> {
  if (await isKnown(db, run, release.checksum)) return { status: "unchanged", changedGroups: 0 };
  const record = await loadInspectionRelease(db, release, options.source, startedAt, options.afterEach);
  run.checksums.add(release.checksum);
  if (record.changedGroups > 0) run.isDerivedStale = true;
  return { status: "loaded", changedGroups: record.changedGroups };
}

/** Loads a quality measures or averages file (its own transaction), or says it was loaded before. */
async function stageQuality(
  db: Db,
  release: QualityRelease,
  run: Run,
  options: IngestOptions,
  startedAt: number,
): Promise<{ status: "loaded" | "unchanged"; changedRows: number }> {
  if (await isKnown(db, run, release.checksum)) return { status: "unchanged", changedRows: 0 };
  // What is stored of the kind, read once per run, when a file first needs it.
  const { kind } = release;
  const stored =
    kind === "mds" || kind === "claims"
      ? async () => {
          const summary = run.quality[kind] ?? (await StoredQuality.read(db, kind, options.afterEach));
          run.quality[kind] = summary;
          return summary;
        }
      : undefined;
  const record = await loadQualityRelease(
    db,
    release,
    options.source,
    startedAt,
    options.afterEach,
    options.publishEachFile ?? false,
    stored,
  );
  run.checksums.add(release.checksum);
  if (!options.publishEachFile && record.changedRows > 0 && release.kind !== "averages")
    run.isDerivedStale = true;
  return { status: "loaded", changedRows: record.changedRows };
}

/** Loads an Ownership file (its own transaction), or says it was loaded before. */
async function stageOwnership(
  db: Db,
  release: OwnershipRelease,
  run: Run,
  options: IngestOptions,
  startedAt: number,
): Promise<{ status: "loaded" | "unchanged"; changedFacilities: number }> {
  if (await isKnown(db, run, release.checksum)) return { status: "unchanged", changedFacilities: 0 };
  const record = await loadOwnershipRelease(
    db,
    release,
    options.source,
    startedAt,
    options.afterEach,
    options.publishEachFile ?? false,
    run.ownership,
  );
  run.checksums.add(release.checksum);
  if (!options.publishEachFile && (await isDerivedStale(db))) run.isDerivedStale = true;
  return { status: "loaded", changedFacilities: record.changedFacilities };
}

async function stageRelease(
  db: Db,
  path: string,
  release: ParsedRelease,
  run: Run,
  options: IngestOptions,
  startedAt: number,
  readAll: () => Promise<ParsedRelease>,
): Promise<{ status: "loaded" | "unchanged"; replacedFacilities: boolean; pending?: ReleaseRecord }> {
  const afterEach = options.afterEach ?? (async () => {});
  const isReread = options.reread?.get(path)?.has("provider") === true;
  if (!isReread && (await isKnown(db, run, release.checksum)))
    return { status: "unchanged", replacedFacilities: false };
  const newestProvider = await newestPublishedProvider(db);
  const isNewestProvider =
    release.kind === "provider" &&
    [newestProvider, options.newestProviderInRun ?? null, run.facilitiesFrom].every(
      (date) => date === null || release.processingDate >= date,
    );
  if (isNewestProvider) {
    try {
      // A file read for its snapshot alone that turns out to supply the facilities (it was not told from its first
      // lines as older than the run's newest) is read again, whole.
      await stageFacilities(db, release.snapshotArrays ? await readAll() : release, afterEach);
    } catch (error) {
      run.facilitiesFrom = null;
      await dropNextTables(db);
      throw error;
    }
  }
  const [published] = await db.query<{ found: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM release WHERE processing_date = $1::date) AS found",
    [release.processingDate],
  );
  const record = releaseRecord(release, options.source, startedAt);
  options.onPhase?.(release.fileName, "snapshots");
  try {
    if (published?.found) {
      await db.transaction(async (tx) => {
        await insertSnapshots(tx, release);
        await writeStaffing(tx, release);
        await writeSpecialFocus(tx, release);
        // A second file for a month already served updates it in place (one short transaction); a file read again
        // replaces its own record.
        if (isReread) await tx.query("DELETE FROM release WHERE checksum = $1", [release.checksum]);
        await insertReleaseRecord(tx, record);
        await tx.exec("UPDATE app_state SET data_version = data_version + 1, updated_at = now()");
      });
    } else {
      // A new month is listed as staged first, which keeps its rows from every reader until it is published (and
      // lets the next load discard them if this one stops): its snapshots, staffing figures and special focus
      // status are then written in transactions of their own, each holding the embedded database under a second
      // where the three together took 2.5 s (the staffing figures a few thousand facilities at a time).
      await db.query("INSERT INTO staged_month VALUES ($1) ON CONFLICT DO NOTHING", [release.processingDate]);
      await db.transaction((tx) => insertSnapshots(tx, release));
      await afterEach();
      await writeStaffingInSteps(db, release, afterEach);
      await afterEach();
      await db.transaction((tx) => writeSpecialFocus(tx, release));
    }
  } catch (error) {
    if (isNewestProvider) {
      run.facilitiesFrom = null;
      await dropNextTables(db);
    }
    throw error;
  }
  await afterEach();
  if (isNewestProvider) run.facilitiesFrom = release.processingDate;
  run.checksums.add(release.checksum);
  if (published?.found) {
    run.isDerivedStale = true;
    return { status: "loaded", replacedFacilities: isNewestProvider };
  }
  return { status: "loaded", replacedFacilities: isNewestProvider, pending: record };
}

/** Loads one release that `parsed` delivers; failures of either step become a failed result. */
async function ingestParsed(
  db: Db,
  path: string,
  parsed: Promise<AnyRelease>,
  run: Run,
  options: IngestOptions,
  startedAt: number,
): Promise<IngestFileResult> {
  const seconds = () => (performance.now() - startedAt) / 1000;
  try {
    options.onPhase?.(path, "parsing");
    const release = await parsed;
    options.onPhase?.(path, "loading");
    // What every file's result says of the file itself.
    const about = {
      file: release.fileName,
      path,
      kind: release.kind,
      processingDate: release.processingDate,
      ...(release.dateSource ? { dateSource: release.dateSource } : {}),
      rowCount: release.rowCount,
    };
    if (isQualityRelease(release)) {
      const staged = await stageQuality(db, release, run, options, startedAt);
      options.onPhase?.(path, "done");
      return {
        ...about,
        status: staged.status,
        replacedFacilities: false,
        changedRows: staged.changedRows,
        seconds: seconds(),
      };
    }
    if (isOwnershipRelease(release)) {
      const staged = await stageOwnership(db, release, run, options, startedAt);
      options.onPhase?.(path, "done");
      return {
        ...about,
        status: staged.status,
        replacedFacilities: false,
        changedFacilities: staged.changedFacilities,
        seconds: seconds(),
      };
    }
    if (isInspectionRelease(release)) {
      const staged = await stageInspection(db, release, run, options, startedAt);
      options.onPhase?.(path, "done");
      return {
        ...about,
        status: staged.status,
        replacedFacilities: false,
        changedGroups: staged.changedGroups,
        seconds: seconds(),
      };
    }
    const staged = await stageRelease(db, path, release, run, options, startedAt, () =>
      readRelease(path, options.hints?.get(path)),
    );
    options.onPhase?.(path, "done");
    const result: IngestFileResult = {
      ...about,
      status: staged.status,
      replacedFacilities: staged.replacedFacilities,
      seconds: seconds(),
    };
    if (staged.pending) run.pending.push({ record: staged.pending, result });
    return result;
  } catch (error) {
    const message = error instanceof IngestError ? error.message : `${path}: ${(error as Error).message}`;
    const file = error instanceof IngestError ? error.file : basename(path);
    return { file, path, status: "failed", seconds: seconds(), error: message };
  }
}

/** The inputs of a run: each monthly archive's tables (Provider Information first), and each other file. */
/**
 * The inputs of a run: each monthly archive's tables (Provider Information first), and each other file, in the
 * order given (oldest first, as the sync gives them); and apart, the archives' MDS and claims quality measures,
 * which the run loads after the others, newest first (quality-order.ts).
 */
async function inputsOf(
  paths: readonly string[],
  reread: IngestOptions["reread"],
): Promise<{ inputs: Input[]; quality: Input[] }> {
  const inputs: Input[] = [];
  const quality: Input[] = [];
  for (const path of paths) {
    const tables = await archiveTables(path);
    const only = reread?.get(path);
    if (tables === null) inputs.push({ path });
    else
      for (const table of tables) {
        if (only && !only.has(table)) continue;
        (NEWEST_FIRST_TABLES.has(table) ? quality : inputs).push({ path, table });
      }
  }
  return { inputs, quality };
}

/** Whether an input may hold Provider Information (an archive's Provider Information, or a CSV). */
function mayBeProvider(input: Input): boolean {
  return input.table === undefined || input.table === "provider";
}

/**
 * The kind and processing date of each file of a run that may hold Provider Information, from its first lines
 * (null when they cannot be told).
 */
async function peekFiles(
  inputs: readonly Input[],
  hints: ReadonlyMap<string, ReadHint> | undefined,
): Promise<Map<string, ReturnType<typeof peekRelease>>> {
  const peeks = new Map<string, ReturnType<typeof peekRelease>>();
  for (const { path } of inputs.filter(mayBeProvider)) {
    const head = await peekCsvHead(path);
    peeks.set(
      path,
      head === null ? null : peekRelease(head.text, dateFallbackFor(head.name, hints?.get(path))),
    );
  }
  return peeks;
}

/** The newest processing date among the Provider Information files of a run. */
function newestProviderDate(peeks: ReadonlyMap<string, ReturnType<typeof peekRelease>>): string | null {
  let newest: string | null = null;
  for (const peek of peeks.values()) {
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
  inputs: readonly Input[],
  results: IngestFileResult[],
  run: Run,
  options: IngestOptions,
): Promise<void> {
  const pendingProviders = run.pending.filter(({ record }) => record.kind === "provider");
  const candidates = [
    await newestPublishedProvider(db),
    ...pendingProviders.map(({ record }) => record.processingDate),
  ].filter((date): date is string => date !== null);
  const newest = candidates.sort().at(-1);
  if (!newest) return;
  let current = run.facilitiesFrom;
  if (current === null) {
    const [row] = await db.query<{ date: string | null }>(
      "SELECT to_char(max(processing_date), 'YYYY-MM-DD') AS date FROM facility",
    );
    current = row?.date ?? null;
  }
  if (current !== null && current >= newest) return;
  const index = results.findLastIndex(
    (result) => result.status === "loaded" && result.kind === "provider" && result.processingDate === newest,
  );
  const path = inputs[index]?.path;
  if (index < 0 || path === undefined) return;
  await stageFacilities(db, await readRelease(path, options.hints?.get(path)), options.afterEach);
  run.facilitiesFrom = newest;
  (results[index] as IngestFileResult).replacedFacilities = true;
}

/**
 * Publishes what the run wrote: the derived tables are rebuilt beside the live ones, then one short transaction
 * adds the release rows and swaps in the new tables. Recomputes stale derived tables even when nothing is pending.
 */
async function publish(db: Db, run: Run, options: IngestOptions): Promise<void> {
  const hasFacilities = run.facilitiesFrom !== null && (await hasNext(db, "facility"));
  if (run.pending.length === 0 && !hasFacilities && !run.isDerivedStale && !(await isDerivedStale(db)))
    return;
  const afterEach = options.afterEach ?? (async () => {});
  const pendingDates = [...new Set(run.pending.map(({ record }) => record.processingDate))];
  const dates = [...new Set([...(await publishedDates(db)), ...pendingDates])].sort();
  options.onPhase?.("", "deriving");
  await stageDerived(db, dates, hasFacilities ? "facility_next" : "facility", afterEach);
  // The stored count plus the new months' rows; all of them after a month already served was updated.
  const isRecount = run.isDerivedStale || run.pending.length === 0;
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::integer + CASE WHEN $2 THEN 0 ELSE (SELECT snapshot_count FROM app_state) END AS n
     FROM rating_snapshot WHERE processing_date = ANY($1::date[])`,
    [isRecount ? dates : pendingDates, isRecount],
  );
  await afterEach();
  // The facilities are always rebuilt (with their inspection figures and list items), so every table is swapped.
  const tables: SwappedTable[] = [...SWAPPED_TABLES];
  options.onPhase?.("", "publishing");
  await db.transaction(async (tx) => {
    for (const { record } of run.pending) await insertReleaseRecord(tx, record);
    await tx.query("DELETE FROM staged_month WHERE processing_date = ANY($1::date[])", [pendingDates]);
    await swapIn(tx, tables);
    await tx.query(
      `UPDATE app_state SET data_version = data_version + $1, derived_version = data_version + $1,
         snapshot_count = $2, updated_at = now()`,
      [Math.max(1, run.pending.length), count?.n ?? 0],
    );
  });
  await afterEach();
  run.pending = [];
  run.facilitiesFrom = null;
  run.isDerivedStale = false;
}

/**
 * Ingests files in order, each atomically, and publishes them (after each file or at the end of the run). With
 * several files, the next file is parsed in a worker thread while the current one loads, and only the newest
 * Provider Information file of the run replaces the facilities (the older ones add their history).
 */
export async function ingestFiles(
  db: Db,
  paths: readonly string[],
  options: IngestOptions,
): Promise<IngestFileResult[]> {
  await discardUnpublished(db);
  const results: IngestFileResult[] = [];
  const listed = await inputsOf(paths, options.reread);
  const isBatch = listed.inputs.length + listed.quality.length > 1;
  const peeks = isBatch ? await peekFiles(listed.inputs, options.hints) : new Map();
  // The archives' quality measures join the run when it comes to them, ordered meanwhile (reading the first record
  // of each member took 1.1-1.2 s for the full history, which the first file would otherwise wait for).
  const inputs = [...listed.inputs];
  const ordering = newestFirst(listed.quality);
  let isOrdered = listed.quality.length === 0;
  const inputAt = async (at: number): Promise<Input | undefined> => {
    if (at >= inputs.length && !isOrdered) {
      inputs.push(...(await ordering));
      isOrdered = true;
    }
    return inputs[at];
  };
  // A file is done when all its inputs are (an archive's quality measures come after its other tables).
  const inputsLeft = new Map<string, number>();
  for (const { path } of [...listed.inputs, ...listed.quality])
    inputsLeft.set(path, (inputsLeft.get(path) ?? 0) + 1);
  const newestProviderInRun = newestProviderDate(peeks);
  // A file that cannot supply the facilities (older than the run's newest Provider Information file) is read for
  // its snapshot alone: its other columns are validated and dropped in the reader, never copied to this thread.
  const keepFor = (input: Input): ParseOptions => {
    if (!mayBeProvider(input)) return {};
    const peek = peeks.get(input.path);
    const isOlder = newestProviderInRun !== null && peek != null && peek.processingDate < newestProviderInRun;
    return isOlder ? { keep: "snapshot" } : {};
  };
  // A load that lets requests in between its steps (the server's) parses even a single file in a worker: a national
  // Provider Information file's parse would hold this thread, and every request, for a second or more.
  // One parse thread: with two, the command line's full history took longer (1,426 s against 1,362 s on 2 cores, peak
  // 901 MiB against 727 MiB), the database, which does most of the work, sharing its core with the second.
  const reader =
    isBatch || options.publishEachFile || options.afterEach !== undefined ? workerReader() : inThreadReader;
  const run: Run = {
    pending: [],
    checksums: new Set(),
    facilitiesFrom: null,
    isDerivedStale: false,
    ownership: { previous: null },
    quality: {},
  };
  const runOptions = { ...options, newestProviderInRun };
  try {
    const startRead = (input: Input | undefined) => {
      if (input === undefined) return null;
      const parsed = reader.read(input.path, input.table, options.hints?.get(input.path), keepFor(input));
      parsed.catch(() => {}); // handled when awaited in ingestParsed
      return { parsed, startedAt: performance.now() };
    };
    // The reader keeps READ_AHEAD inputs ahead of the load: the parse of a health citations file takes longer than
    // the load of a Provider Information file, and the other way round.
    const reads: ReturnType<typeof startRead>[] = [];
    for (let at = 0; at < READ_AHEAD; at += 1) reads.push(startRead(await inputAt(at)));
    for (let index = 0; reads[0] && !options.signal?.aborted; index += 1) {
      const current = reads.shift() as NonNullable<ReturnType<typeof startRead>>;
      reads.push(startRead(await inputAt(index + READ_AHEAD)));
      // A file's time runs from when the run comes to it (its read may have been done ahead).
      if (index > 0) current.startedAt = performance.now();
      const input = inputs[index] as Input;
      const read = await ingestParsed(db, input.path, current.parsed, run, runOptions, current.startedAt);
      const result = input.table ? { ...read, table: input.table } : read;
      results.push(result);
      if (options.publishEachFile && result.status === "loaded") await publishOrFail(db, run, runOptions);
      if (result.status === "loaded") await checkpointIfWalIsLarge(db);
      const left = (inputsLeft.get(input.path) ?? 1) - 1;
      inputsLeft.set(input.path, left);
      options.onFileDone?.(result, left === 0);
    }
  } finally {
    await reader.close();
  }
  await ensureNewestFacilities(db, inputs, results, run, runOptions);
  await publishOrFail(db, run, runOptions);
  return results;
}

/** The write-ahead log written since the last checkpoint above which a PGlite load checkpoints (see below). */
const CHECKPOINT_WAL_BYTES = 256 * 1024 * 1024;

/**
 * PGlite runs PostgreSQL as a single process, without the checkpointer that bounds the write-ahead log by
 * max_wal_size: its pg_wal folder grew by every byte a load wrote (2.5 GB of a 3.7 GB folder after the demo's first
 * start). A checkpoint once the log since the last one passes 256 MB lets PostgreSQL recycle the older segments.
 * PostgreSQL proper checkpoints on its own (and CHECKPOINT needs a privileged role there).
 */
async function checkpointIfWalIsLarge(db: Db): Promise<void> {
  if (db.kind !== "pglite") return;
  const [row] = await db.query<{ bytes: number }>(
    "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 AS bytes FROM pg_control_checkpoint()",
  );
  if ((row?.bytes ?? 0) > CHECKPOINT_WAL_BYTES) await db.exec("CHECKPOINT");
}

/** A publication that fails takes its files with it: they are reported failed, and nothing of them remains. */
async function publishOrFail(db: Db, run: Run, options: IngestOptions): Promise<void> {
  try {
    await publish(db, run, options);
  } catch (error) {
    const failed = run.pending;
    const message = `publishing failed: ${(error as Error).message}`;
    for (const { result } of failed) {
      Object.assign(result, { status: "failed", error: `${result.file}: ${message}` });
    }
    run.pending = [];
    run.facilitiesFrom = null;
    await discardUnpublished(db).catch(() => {});
    if (failed.length === 0) throw error;
  }
}

export function describeResult(result: IngestFileResult): string {
  const time = `${result.seconds.toFixed(2)} s`;
  if (result.status === "failed") return `FAILED ${result.error} (nothing loaded from it)`;
  const date = result.dateSource ? ` (date taken from ${result.dateSource})` : "";
  if (result.status === "unchanged") return `unchanged ${result.file}: already loaded (${time})`;
  const groups = `${result.changedGroups ?? 0} ${result.kind === "penalties" ? "facility penalty dates" : "surveys"} new or changed`;
  const measureRows = `${result.changedRows ?? 0} facility measures new or changed`;
  const what =
    result.kind === "ownership"
      ? `ownership, ${result.changedFacilities ?? 0} facilities' owners new or changed`
      : result.kind === "mds"
        ? `MDS quality measures, ${measureRows}`
        : result.kind === "claims"
          ? `claims quality measures, ${measureRows}`
          : result.kind === "averages"
            ? "State/US averages"
            : result.kind === "provider"
              ? `Provider Information${result.replacedFacilities ? ", now the current facilities" : ""}`
              : result.kind === "citations"
                ? `health citations, ${groups}`
                : result.kind === "fire"
                  ? `fire safety citations, ${groups}`
                  : result.kind === "penalties"
                    ? `penalties, ${groups}`
                    : "ratings only";
  return `loaded ${result.file}: ${result.rowCount} rows for ${result.processingDate}${date} (${what}) in ${time}`;
}
