// Reads releases either in this thread or, for runs of several files, on worker threads a few files ahead.
import { Worker } from "node:worker_threads";
import { IngestError } from "./errors.ts";
import type { ParseOptions } from "./parse-release.ts";
import type { ParseReply, ParseRequest } from "./parse-worker.ts";
import { type AnyRelease, type ReadHint, readInput } from "./read-release.ts";
import type { ArchiveTable } from "./source.ts";

export interface ReleaseReader {
  read(
    path: string,
    table: ArchiveTable | undefined,
    hint?: ReadHint,
    options?: ParseOptions,
  ): Promise<AnyRelease>;
  close(): Promise<void>;
}

export const inThreadReader: ReleaseReader = { read: readInput, close: async () => {} };

/** One parse worker thread, and the reads it has not answered yet. */
function parseWorker() {
  const worker = new Worker(new URL("./parse-worker-boot.mjs", import.meta.url));
  const pending = new Map<
    number,
    { resolve: (release: AnyRelease) => void; reject: (error: Error) => void }
  >();
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on("message", (reply: ParseReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ("release" in reply) return waiting.resolve(reply.release);
    const { file, problem, line, column, isIngestError } = reply.error;
    waiting.reject(isIngestError ? new IngestError(file ?? "", problem, line, column) : new Error(problem));
  });
  worker.on("error", failAll);
  worker.on("exit", () => failAll(new Error("the parse worker stopped")));
  return { worker, pending };
}

/**
 * Reads on worker threads: `threads` of them, each read given to the one with the fewest reads waiting. The command
 * line parses on two (on a 2-core machine the parse of a month's archive takes longer than its load, and the
 * database waits); a server on one, which leaves a core to its requests.
 */
export function workerReader(threads = 1): ReleaseReader {
  const workers = Array.from({ length: Math.max(1, threads) }, parseWorker);
  let nextId = 0;
  return {
    read(path, table, hint, options) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        const { worker, pending } = workers.reduce((least, candidate) =>
          candidate.pending.size < least.pending.size ? candidate : least,
        );
        pending.set(id, { resolve, reject });
        worker.postMessage({
          id,
          path,
          ...(table ? { table } : {}),
          ...(hint ? { hint } : {}),
          ...(options ? { options } : {}),
        } satisfies ParseRequest);
      });
    },
    async close() {
      await Promise.all(workers.map(({ worker }) => worker.terminate()));
    },
  };
}
