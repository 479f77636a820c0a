// Reads releases either in this thread or, for runs of several files, in a worker thread one file ahead.
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

export function workerReader(): ReleaseReader {
  const worker = new Worker(new URL("./parse-worker-boot.mjs", import.meta.url));
  const pending = new Map<
    number,
    { resolve: (release: AnyRelease) => void; reject: (error: Error) => void }
  >();
  let nextId = 0;
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
  return {
    read(path, table, hint, options) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
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
      await worker.terminate();
    },
  };
}
