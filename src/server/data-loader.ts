// The server's own loads, run while it answers requests: the first load of an empty database (as DATA_SOURCE says:
// `auto` tries CMS and falls back to the demo dataset only when no CMS data could be loaded at all, `cms` requires
// CMS, `demo` generates data, `none` leaves the database empty) and the periodic refresh from CMS. Both publish in
// short steps (src/ingest/stage.ts), so requests keep being answered, and report their progress for /api/meta.
import type { Logger } from "pino";
import { type DataLoad, IDLE_LOAD, type RefreshStatus } from "../core/api-types.ts";
import type { Db } from "../db/client.ts";
import { type CmsSyncOptions, type SyncStatus, syncFromCms } from "../ingest/cms-sync.ts";
import type { DemoOptions } from "../ingest/demo-data.ts";
import { isDerivedStale, recomputeDerived } from "../ingest/derive.ts";
import { describeResult, discardUnpublished, type IngestFileResult } from "../ingest/ingest.ts";
import { withLoadLock } from "../ingest/load-lock.ts";
import { ingestDemo, type PendingDemoMonth, startNewestDemoMonth } from "../ingest/sources.ts";
import { SWAPPED_TABLES, yieldToRequests } from "../ingest/stage.ts";
import type { ServerEnv } from "./env.ts";
import { readDataVersion } from "./repository.ts";

export type LoaderEnv = Pick<
  ServerEnv,
  | "DATA_SOURCE"
  | "CMS_BASE_URL"
  | "CMS_CACHE_DIR"
  | "CMS_BACKFILL_MONTHS"
  | "CMS_AUTO_TIMEOUT_MS"
  | "CMS_REFRESH_INTERVAL_S"
>;

export interface LoaderOptions {
  db: Db;
  env: LoaderEnv;
  logger: Logger;
  /** The demo dataset's size when one is generated (tests make it small). */
  demo?: DemoOptions;
  /** The first retry after a failed check (default FIRST_RETRY_MS; tests make it short). */
  firstRetryMs?: number;
  /**
   * Resolves once the server serves the data the database holds now. A load that changed the data reports itself
   * loading (step PUBLISHING_STEP) until then, so that a client told the load ended reads the new data.
   */
  whenServed?: () => Promise<void>;
}

/** The step a load reports after its last file, while the server prepares and switches to the new data. */
export const PUBLISHING_STEP = "Publishing the new data";

/** The first retry after a failed check of CMS; each further failure doubles it, up to the refresh interval. */
export const FIRST_RETRY_MS = 60_000;
/** How soon a check skipped because another process was loading tries again (at most the refresh interval). */
export const BUSY_RETRY_MS = 30_000;

/**
 * When the next check of CMS is due. After a check that succeeded: one interval after it. After `failures` failed
 * checks in a row: FIRST_RETRY_MS after the last one, doubling with each further failure up to the interval, so that
 * a machine whose network was down gets CMS data within minutes of it coming back. After a check skipped because
 * another process was loading: once that process has recorded its check, one interval after that; until then, a
 * short retry (the other process may have stopped before finishing).
 */
export function nextCheckAt(state: {
  now: number;
  intervalMs: number;
  lastCheck: number | null;
  failures: number;
  skippedAt: number | null;
  firstRetryMs?: number;
}): number {
  const { now, intervalMs, lastCheck, failures, skippedAt, firstRetryMs = FIRST_RETRY_MS } = state;
  if (skippedAt !== null && (lastCheck === null || lastCheck < skippedAt)) {
    return now + Math.min(intervalMs, BUSY_RETRY_MS);
  }
  if (lastCheck === null) return now + intervalMs;
  const wait =
    failures > 0 ? Math.min(intervalMs, firstRetryMs * 2 ** Math.min(failures - 1, 30)) : intervalMs;
  return Math.max(now, lastCheck + wait);
}

/** Tables a database holding only demo data is emptied of before CMS data replaces it. */
const DATA_TABLES = ["release", "rating_snapshot", "staged_month", ...SWAPPED_TABLES, "cms_file"];

export class DataLoader {
  private status: DataLoad = IDLE_LOAD;
  private refreshState: RefreshStatus;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();
  private readonly log: Logger;
  /** Failed checks in a row (0 after a success), for the retry's back-off. */
  private failures = 0;
  /** When a check was last skipped because another process held the load lock (null once one ran). */
  private skippedAt: number | null = null;
  /** The demo's newest month, generated ahead while a new database is created (see generateDemoAhead). */
  private demoAhead: PendingDemoMonth | null = null;

  constructor(private readonly options: LoaderOptions) {
    this.log = options.logger;
    this.refreshState = {
      intervalSeconds: this.isRefreshOn() ? options.env.CMS_REFRESH_INTERVAL_S : 0,
      lastCheck: null,
      lastSuccess: null,
      nextCheck: null,
      lastError: null,
    };
  }

  /** What is loading now, for /api/meta. */
  get load(): DataLoad {
    return this.status;
  }

  get refresh(): RefreshStatus {
    return this.refreshState;
  }

  /**
   * Finishes what an interrupted load left, then starts the first load (when the database is empty) and the refresh
   * schedule, in the background. The returned promise ends when the first load does (tests wait for it).
   */
  start(): Promise<void> {
    // Said at once, so that a request arriving as the server opens does not see an idle empty database.
    if (this.options.env.DATA_SOURCE !== "none") this.setStatus("initial", { step: "Opening the database" });
    const first = this.runExclusive(() => this.loadInitialData()).then(
      () => this.scheduleRefresh(),
      (error: unknown) => {
        this.scheduleRefresh();
        throw error;
      },
    );
    return first;
  }

  /**
   * Called while a new database is still being created (seconds for an embedded one): when the first load may be
   * the demo dataset (DATA_SOURCE `demo`, or `auto`, which falls back to it without CMS), its newest month is
   * generated meanwhile on a worker thread, so that a newcomer sees facilities sooner. Unused, it is thrown away.
   */
  generateDemoAhead(): void {
    const source = this.options.env.DATA_SOURCE;
    if (this.demoAhead || (source !== "demo" && source !== "auto")) return;
    this.demoAhead = startNewestDemoMonth(this.options.demo);
  }

  private async discardDemoAhead(): Promise<void> {
    const ahead = this.demoAhead;
    this.demoAhead = null;
    await ahead?.dispose();
  }

  /** Stops the schedule and any download, and waits for a running load to end (its current file finishes). */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    await this.running?.catch(() => {});
    await this.discardDemoAhead();
  }

  /** Checks CMS now (the schedule calls it; tests too). */
  refreshNow(): Promise<void> {
    return this.runExclusive(() => this.refreshFromCms());
  }

  private isRefreshOn(): boolean {
    const { env } = this.options;
    return env.CMS_REFRESH_INTERVAL_S > 0 && (env.DATA_SOURCE === "auto" || env.DATA_SOURCE === "cms");
  }

  private async runExclusive(fn: () => Promise<void>): Promise<void> {
    while (this.running) await this.running.catch(() => {});
    const run = this.publishing(fn).finally(() => {
      this.running = null;
      this.status = IDLE_LOAD;
    });
    this.running = run;
    return run;
  }

  /** Runs a load; when it changed the data, it stays "loading" until the server serves the new data. */
  private async publishing(fn: () => Promise<void>): Promise<void> {
    const { db, whenServed } = this.options;
    const versionNow = () => readDataVersion(db).catch(() => null);
    const before = whenServed ? await versionNow() : null;
    try {
      await fn();
    } finally {
      const after = whenServed ? await versionNow() : null;
      if (whenServed && after !== null && after !== before) {
        const { kind, filesDone, filesTotal } = this.status;
        this.status = {
          ...IDLE_LOAD,
          isLoading: true,
          kind: kind ?? "refresh",
          step: PUBLISHING_STEP,
          filesDone,
          filesTotal,
        };
        await whenServed().catch((error: unknown) =>
          this.log.warn({ err: error }, "could not confirm that the new data is served"),
        );
      }
    }
  }

  private async scheduleRefresh(): Promise<void> {
    if (!this.isRefreshOn() || this.abort.signal.aborted) return;
    const { db, env } = this.options;
    const [row] = await db
      .query<{ last_check: string | null; last_success: string | null; last_error: string | null }>(
        `SELECT to_char(refresh_last_check AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_check,
                to_char(refresh_last_success AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_success,
                refresh_last_error AS last_error FROM app_state`,
      )
      .catch(() => []);
    const lastCheck = row?.last_check ? Date.parse(row.last_check) : null;
    // A failed check recorded before this process started (the network was down at the last start) counts as one.
    if (this.failures === 0 && row?.last_error) this.failures = 1;
    const dueAt = nextCheckAt({
      now: Date.now(),
      intervalMs: env.CMS_REFRESH_INTERVAL_S * 1000,
      lastCheck,
      failures: this.failures,
      skippedAt: this.skippedAt,
      firstRetryMs: this.options.firstRetryMs,
    });
    this.refreshState = {
      ...this.refreshState,
      lastCheck: row?.last_check ?? this.refreshState.lastCheck,
      lastSuccess: row?.last_success ?? this.refreshState.lastSuccess,
      lastError: row?.last_error ?? null,
      nextCheck: new Date(dueAt).toISOString(),
    };
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.refreshNow()
        .catch((error: unknown) => this.log.error({ err: error }, "refresh from CMS failed"))
        .finally(() => void this.scheduleRefresh());
    }, dueAt - Date.now());
    this.timer.unref();
  }

  private setStatus(kind: DataLoad["kind"], sync: SyncStatus | { step: string }) {
    this.status = {
      isLoading: true,
      kind,
      step: sync.step,
      filesDone: "filesDone" in sync ? sync.filesDone : 0,
      filesTotal: "filesTotal" in sync ? sync.filesTotal : 0,
      bytesDone: "bytesDone" in sync ? sync.bytesDone : null,
      bytesTotal: "bytesTotal" in sync ? sync.bytesTotal : null,
    };
  }

  private syncOptions(kind: "initial" | "refresh"): CmsSyncOptions {
    const { env } = this.options;
    return {
      baseUrl: env.CMS_BASE_URL,
      cacheDir: env.CMS_CACHE_DIR,
      latest: true,
      archives: env.CMS_BACKFILL_MONTHS,
      // A first start shows each file as soon as it is loaded (the current month first, then the history behind
      // it). A refresh publishes its files once, together: a new month appears whole (its ratings, inspections and
      // measures at once), and the derived tables are rebuilt once, not after each of a month's nine files (30 s
      // each on a national history).
      publishEachFile: kind === "initial",
      afterEach: yieldToRequests,
      signal: this.abort.signal,
      onStatus: (sync) => {
        // A refresh that finds nothing new is not "loading": the page shows nothing of it.
        if (kind === "initial" || sync.filesTotal > 0) this.setStatus(kind, sync);
      },
      log: (line) => this.log.info(line),
    };
  }

  private async loadInitialData(): Promise<void> {
    try {
      await this.loadInitialDataOnce();
    } finally {
      await this.discardDemoAhead();
    }
  }

  private async loadInitialDataOnce(): Promise<void> {
    const { db, env } = this.options;
    // A load interrupted before it was published leaves nothing visible; its leftovers go, and derived tables it
    // left stale are recomputed.
    await withLoadLock(
      db,
      async () => {
        await discardUnpublished(db);
        if (await isDerivedStale(db)) await recomputeDerived(db);
      },
      { wait: true },
    );
    const [row] = await db.query<{ releases: number }>("SELECT count(*)::integer AS releases FROM release");
    if ((row?.releases ?? 0) > 0 || env.DATA_SOURCE === "none") return;

    const report = (results: IngestFileResult[]) => {
      for (const result of results) this.log.info(describeResult(result));
    };
    const loadDemo = async () => {
      this.setStatus("initial", { step: "Generating the demo dataset" });
      this.log.info(
        "generating the demo dataset (15,000 facilities, 36 monthly releases): the newest month is shown " +
          "within seconds, the history behind it within a minute or two",
      );
      report(
        await ingestDemo(
          db,
          this.options.demo,
          { publishEachFile: false, afterEach: yieldToRequests },
          {
            newestFirst: true,
            inWorker: true,
            onStep: (step) => this.setStatus("initial", { step }),
            ...(this.demoAhead ? { newest: this.demoAhead } : {}),
          },
        ),
      );
      this.log.info("demo data loaded: the dashboard shows generated facilities, not CMS data");
    };
    const loadCms = async (reachTimeoutMs?: number) => {
      const sync = await syncFromCms(db, { ...this.syncOptions("initial"), reachTimeoutMs });
      for (const failure of sync.failures) this.log.warn(`CMS file not loaded: ${failure}`);
      return sync;
    };

    await withLoadLock(
      db,
      async () => {
        // Another process may have filled the database while this one waited for the lock.
        const [again] = await db.query<{ releases: number }>(
          "SELECT count(*)::integer AS releases FROM release",
        );
        if ((again?.releases ?? 0) > 0) return;
        if (env.DATA_SOURCE === "demo") return loadDemo();
        this.log.info(`empty database: loading CMS data from ${env.CMS_BASE_URL}`);
        let problem: string | null = null;
        try {
          const sync = await loadCms(env.DATA_SOURCE === "auto" ? env.CMS_AUTO_TIMEOUT_MS : undefined);
          if (sync.loadedCount === 0) problem = sync.failures.join("; ") || "no file could be loaded";
          else if (!sync.hasCurrent) {
            this.log.warn(
              "the current Provider Information file did not load: the newest archive supplies the list",
            );
          }
        } catch (error) {
          problem = (error as Error).message;
        }
        await this.recordCheck(problem);
        if (problem === null) return;
        if (env.DATA_SOURCE === "cms") throw new Error(`CMS data could not be loaded: ${problem}`);
        this.log.warn(
          `CMS data could not be loaded (${problem}); falling back to the DEMO dataset. ` +
            "The server replaces it with CMS data at its first successful refresh.",
        );
        await loadDemo();
      },
      { wait: true },
    );
  }

  private async refreshFromCms(): Promise<void> {
    const { db } = this.options;
    const done = await withLoadLock(db, async () => {
      const [source] = await db.query<{ is_demo: boolean }>(
        `SELECT count(*) > 0 AND bool_and(source = 'demo') AS is_demo FROM release`,
      );
      const isDemo = source?.is_demo ?? false;
      let problem: string | null = null;
      try {
        const sync = await syncFromCms(db, {
          ...this.syncOptions("refresh"),
          // Demo data goes whole, once CMS files are at hand: never a mix of demo and CMS months.
          ...(isDemo ? { beforeLoad: () => this.removeDemoData() } : {}),
        });
        if (sync.failures.length > 0) problem = sync.failures.join("; ");
        if (sync.results.length > 0) {
          this.log.info(
            `refresh from CMS: ${sync.loadedCount} file(s) loaded, ${sync.failures.length} failed`,
          );
        }
      } catch (error) {
        problem = (error as Error).message;
      }
      await this.recordCheck(problem);
      if (problem) this.log.warn(`refresh from CMS: ${problem}`);
      return true;
    });
    if (done !== null) {
      this.skippedAt = null;
      return;
    }
    this.log.debug("refresh from CMS: the load lock is held by another process");
    // Said once while the other process loads, not at every retry.
    if (this.skippedAt === null) {
      this.log.info(
        `refresh from CMS: another process is loading; skipped (trying again within ${Math.round(
          Math.min(this.options.env.CMS_REFRESH_INTERVAL_S * 1000, BUSY_RETRY_MS) / 1000,
        )} s, or one interval after that process's check)`,
      );
    }
    this.skippedAt = Date.now();
  }

  private async removeDemoData(): Promise<void> {
    this.log.info("replacing the demo dataset with CMS data");
    await this.options.db.transaction(async (tx) => {
      await tx.exec(`TRUNCATE ${DATA_TABLES.join(", ")}`);
      await tx.exec(
        `UPDATE app_state SET data_version = data_version + 1, derived_version = data_version + 1,
           snapshot_count = 0, updated_at = now()`,
      );
    });
  }

  private async recordCheck(problem: string | null): Promise<void> {
    this.failures = problem === null ? 0 : this.failures + 1;
    const now = new Date().toISOString();
    this.refreshState = {
      ...this.refreshState,
      lastCheck: now,
      ...(problem === null ? { lastSuccess: now, lastError: null } : { lastError: problem }),
    };
    await this.options.db
      .query(
        `UPDATE app_state SET refresh_last_check = $1,
           refresh_last_success = CASE WHEN $2::text IS NULL THEN $1::timestamptz ELSE refresh_last_success END,
           refresh_last_error = $2`,
        [now, problem],
      )
      .catch((error: unknown) => this.log.error({ err: error }, "could not record the refresh check"));
  }
}
