// The embedded database's own thread. PGlite runs PostgreSQL as WebAssembly, synchronously, on the thread that calls
// it: on the server's thread every statement would stop all other requests (cached answers, static files) for its
// whole duration. Here it runs beside them; src/db/client.ts talks to it by messages.
import { parentPort } from "node:worker_threads";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { createPglite, type PgliteSettings } from "./pglite-engine.ts";

/** What the client asks; `tx` runs the statement inside that open transaction. */
export type PgliteRequest =
  | { id: number; op: "open"; dataDir: string; settings: PgliteSettings }
  | { id: number; op: "query"; sql: string; params?: unknown[] | undefined; tx?: number | undefined }
  | { id: number; op: "exec"; sql: string; tx?: number | undefined }
  | { id: number; op: "begin"; tx: number }
  | { id: number; op: "commit" | "rollback"; tx: number }
  | { id: number; op: "close" };

/** An error as it crosses threads: its message and the fields callers read (PostgreSQL's SQLSTATE `code`). */
export interface ThreadError {
  message: string;
  code?: string | undefined;
  detail?: string | undefined;
}

export type PgliteReply = { id: number; rows?: unknown[] } | { id: number; error: ThreadError };

const port = parentPort;
if (!port) throw new Error("pglite-thread.ts runs as a worker thread");

let lite: PGlite | null = null;
/** Open transactions: the handle to run statements in, and how to end it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();

class Rollback extends Error {}

function toThreadError(error: unknown): ThreadError {
  if (error instanceof Error) {
    const { code, detail } = error as Error & { code?: unknown; detail?: unknown };
    return {
      message: error.message,
      code: typeof code === "string" ? code : undefined,
      detail: typeof detail === "string" ? detail : undefined,
    };
  }
  return { message: String(error) };
}

function target(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) {
    if (!lite) throw new Error("the database is not open");
    return lite;
  }
  const open = transactions.get(tx);
  if (!open) throw new Error(`no open transaction ${tx}`);
  return open.tx;
}

async function handle(request: PgliteRequest): Promise<unknown[] | undefined> {
  switch (request.op) {
    case "open":
      lite = await createPglite(request.dataDir, request.settings);
      return undefined;
    case "query":
      return (await target(request.tx).query(request.sql, request.params)).rows;
    case "exec":
      await target(request.tx).exec(request.sql);
      return undefined;
    case "begin": {
      const db = target(undefined) as PGlite;
      const txId = request.tx;
      // PGlite's transaction() holds its lock until the callback settles: the callback waits here for the
      // client's commit or rollback, while the statements of the transaction arrive as messages.
      return new Promise((begun, failed) => {
        let isBegun = false;
        db.transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              isBegun = true;
              transactions.set(txId, {
                tx,
                end: (isCommit) => (isCommit ? commit() : rollback(new Rollback())),
              });
              begun(undefined);
            }),
        )
          .then(
            () => endings.get(txId)?.resolve(),
            (error: unknown) => {
              if (!isBegun) return failed(error);
              if (error instanceof Rollback) endings.get(txId)?.resolve();
              else endings.get(txId)?.reject(error);
            },
          )
          .finally(() => {
            transactions.delete(txId);
            endings.delete(txId);
          });
      });
    }
    case "commit":
    case "rollback": {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`no open transaction ${request.tx}`);
      const ended = new Promise<void>((resolve, reject) => endings.set(request.tx, { resolve, reject }));
      open.end(request.op === "commit");
      await ended;
      return undefined;
    }
    case "close":
      await lite?.close();
      lite = null;
      return undefined;
  }
}

/** Waiters for the end of a transaction (its COMMIT or ROLLBACK has run). */
const endings = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();

port.on("message", (request: PgliteRequest) => {
  handle(request).then(
    (rows) => port.postMessage({ id: request.id, rows } satisfies PgliteReply),
    (error: unknown) =>
      port.postMessage({ id: request.id, error: toThreadError(error) } satisfies PgliteReply),
  );
});
