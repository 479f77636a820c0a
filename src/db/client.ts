// One small database interface over two engines: PGlite (embedded, on disk) and PostgreSQL (by URL).
// Both return plain JS values: integers and numerics as numbers, dates as 'YYYY-MM-DD' strings.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { PgliteSettings } from "./pglite-engine.ts";
import type { PgliteReply, PgliteRequest, ThreadError } from "./pglite-thread.ts";

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Takes the named lock that lets one load at a time write the database (on PostgreSQL an advisory lock, held by
   * a connection of its own, so that it spans processes), or returns null when another load holds it.
   */
  tryLock(name: string): Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** `postgres://...` for PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory. */
  dataDir?: string | undefined;
  /** PostgreSQL statement timeout for this connection pool, in ms. */
  statementTimeoutMs?: number | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number | undefined;
  /**
   * PGlite only: run the database on the calling thread rather than on a thread of its own. For a process that has
   * nothing else to do while a statement runs (the command-line ingest): it saves the thread's JavaScript heap and
   * the copies of every statement's parameters and results between the threads. A server keeps the thread.
   */
  inProcess?: boolean | undefined;
  /**
   * PGlite only: PostgreSQL's shared_buffers for this session (`64MB`; otherwise the folder's 128MB). They live in
   * PGlite's WebAssembly memory, which never shrinks, so they count in full in the process's memory once a long
   * load has filled them; the files they cache stay in the operating system's cache either way.
   */
  sharedBuffers?: string | undefined;
}

const PG_TYPE = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 } as const;
const toNumber = (value: string) => Number(value);
const keepText = (value: string) => value;

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.dataDir ?? "memory://", options.inProcess ?? false, {
    sharedBuffers: options.sharedBuffers,
  });
}

const LOCK_FILE = "cms-dashboard.lock";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite keeps its database in memory and writes it to the folder: two processes on one folder corrupt it. The
 * first process to open a folder holds it until it closes; another one (an ingest while the server runs) is told.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lockPath, "utf8"));
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new Error(
          `The database in ${dataDir} is in use by process ${holder} (the server?). Stop it first, or use PostgreSQL ` +
            "(DATABASE_URL) to share one database between processes.",
        );
      }
      // Left behind by a process that is gone: take it over.
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Cannot lock ${dataDir}`);
}

/** An error from the database thread, with the fields callers read (its SQLSTATE `code`). */
class DatabaseError extends Error {
  readonly code: string | undefined;
  readonly detail: string | undefined;
  constructor({ message, code, detail }: ThreadError) {
    super(message);
    this.name = "DatabaseError";
    this.code = code;
    this.detail = detail;
  }
}

/** PGlite in a worker thread of its own (src/db/pglite-thread.ts), so that its statements never block this one. */
function startPgliteThread() {
  const worker = new Worker(new URL("./pglite-thread-boot.mjs", import.meta.url));
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let stopped: Error | null = null;
  const failAll = (error: Error) => {
    stopped ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on("message", (reply: PgliteReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ("error" in reply) waiting.reject(new DatabaseError(reply.error));
    else waiting.resolve(reply.rows ?? []);
  });
  worker.on("error", failAll);
  worker.on("exit", () => failAll(new Error("the embedded database stopped")));
  // Idle, the thread must not keep the process alive; while a statement runs, it must.
  worker.unref();
  const call = <T>(request: DistributiveOmit<PgliteRequest, "id">): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    return new Promise<T>((resolve, reject) => {
      const id = nextId++;
      if (pending.size === 0) worker.ref();
      pending.set(id, {
        resolve: (rows) => {
          if (pending.size === 0) worker.unref();
          resolve(rows as T);
        },
        reject: (error) => {
          if (pending.size === 0) worker.unref();
          reject(error);
        },
      });
      worker.postMessage({ ...request, id });
    });
  };
  return { call, stop: () => worker.terminate() };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The embedded database in this thread: each statement runs synchronously, holding the thread until it ends. */
async function startPgliteHere(dataDir: string, settings: PgliteSettings) {
  const { createPglite } = await import("./pglite-engine.ts");
  const lite = await createPglite(dataDir, settings);
  const queryable = (target: Pick<PGlite, "query" | "exec">): Queryable => ({
    query: async <T extends Row>(sql: string, params?: unknown[]) =>
      (await target.query<T>(sql, params)).rows,
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  return {
    ...queryable(lite),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => lite.transaction((tx) => fn(queryable(tx))),
    close: () => lite.close(),
  };
}

/** The embedded database on a thread of its own (startPgliteThread). */
async function startPgliteThreaded(dataDir: string, settings: PgliteSettings) {
  const thread = startPgliteThread();
  try {
    await thread.call({ op: "open", dataDir, settings });
  } catch (error) {
    await thread.stop();
    throw error;
  }
  const queryable = (tx?: number): Queryable => ({
    query: <T extends Row>(sql: string, params?: unknown[]) =>
      thread.call<T[]>({ op: "query", sql, params, tx }),
    async exec(sql: string) {
      await thread.call({ op: "exec", sql, tx });
    },
  });
  let nextTransaction = 0;
  return {
    ...queryable(),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const tx = nextTransaction++;
      await thread.call({ op: "begin", tx });
      let result: T;
      try {
        result = await fn(queryable(tx));
      } catch (error) {
        await thread.call({ op: "rollback", tx }).catch(() => {});
        throw error;
      }
      await thread.call({ op: "commit", tx });
      return result;
    },
    async close() {
      try {
        await thread.call({ op: "close" });
      } finally {
        await thread.stop();
      }
    },
  };
}

async function openPglite(dataDir: string, inProcess: boolean, settings: PgliteSettings): Promise<Db> {
  const isOnDisk = !dataDir.startsWith("memory://");
  if (isOnDisk) mkdirSync(dataDir, { recursive: true });
  const unlock = isOnDisk ? lockDataDir(dataDir) : () => {};
  let engine: Awaited<ReturnType<typeof startPgliteHere>>;
  try {
    engine = await (inProcess ? startPgliteHere(dataDir, settings) : startPgliteThreaded(dataDir, settings));
  } catch (error) {
    unlock();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The embedded database in ${dataDir} cannot be opened (${reason.split("\n")[0]}). If the folder is damaged, ` +
        "move it aside and start again: the data is loaded anew.",
      { cause: error },
    );
  }
  const held = new Set<string>();
  return {
    kind: "pglite",
    query: engine.query,
    exec: engine.exec,
    transaction: engine.transaction,
    // One process owns the folder (lockDataDir): an in-process lock is enough.
    async tryLock(name) {
      if (held.has(name)) return null;
      held.add(name);
      return async () => {
        held.delete(name);
      };
    },
    close: async () => {
      try {
        await engine.close();
      } finally {
        unlock();
      }
    },
  };
}

async function openPostgres(url: string, options: OpenDbOptions): Promise<Db> {
  const typeParsers = new Map<number, (value: string) => unknown>([
    [PG_TYPE.INT8, toNumber],
    [PG_TYPE.NUMERIC, toNumber],
    [PG_TYPE.DATE, keepText],
    [PG_TYPE.TIMESTAMP, keepText],
    [PG_TYPE.TIMESTAMPTZ, keepText],
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        typeParsers.get(oid) ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // Fail fast when the server is unreachable, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params?: unknown[]) {
      const result = await client.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  return {
    kind: "postgres",
    ...wrap(pool),
    async tryLock(name) {
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          // One lock per schema: databases in different schemas of one server load independently.
          "SELECT pg_try_advisory_lock(hashtext($1 || ':' || current_schema())) AS locked",
          [name],
        );
        if (!rows[0]?.locked) {
          client.release();
          return null;
        }
      } catch (error) {
        client.release();
        throw error;
      }
      return async () => {
        try {
          await client.query("SELECT pg_advisory_unlock(hashtext($1 || ':' || current_schema()))", [name]);
        } finally {
          client.release();
        }
      };
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(wrap(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
