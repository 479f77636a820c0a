// Parses files in a worker thread, so that parsing the next file overlaps with loading the current one.
import { parentPort } from "node:worker_threads";
import { IngestError } from "./errors.ts";
import { transferablesOf } from "./parse-ownership.ts";
import type { ParseOptions } from "./parse-release.ts";
import {
  type AnyRelease,
  isInspectionRelease,
  isOwnershipRelease,
  type ReadHint,
  readInput,
} from "./read-release.ts";
import type { ArchiveTable } from "./source.ts";

export interface ParseRequest {
  id: number;
  path: string;
  table?: ArchiveTable;
  hint?: ReadHint;
  options?: ParseOptions;
}

export type ParseReply =
  | { id: number; release: AnyRelease }
  | {
      id: number;
      error: { file?: string; problem: string; line?: number; column?: string; isIngestError: boolean };
    };

/** Requests are read one after another, in order: a file's read awaits its stream, and two would interleave. */
let queue: Promise<void> = Promise.resolve();
parentPort?.on("message", (request: ParseRequest) => {
  queue = queue.then(() => read(request));
});

async function read(request: ParseRequest): Promise<void> {
  try {
    const release = await readInput(request.path, request.table, request.hint, request.options);
    // The columns of an inspection or ownership file are moved, not copied, to the loading thread.
    const transfer = isInspectionRelease(release)
      ? [release.groups.start.buffer, ...Object.values(release.columns).map((column) => column.codes.buffer)]
      : isOwnershipRelease(release)
        ? transferablesOf(release)
        : [];
    parentPort?.postMessage({ id: request.id, release } satisfies ParseReply, transfer as ArrayBuffer[]);
  } catch (error) {
    const reply: ParseReply =
      error instanceof IngestError
        ? {
            id: request.id,
            error: {
              file: error.file,
              problem: error.problem,
              ...(error.line !== undefined ? { line: error.line } : {}),
              ...(error.column !== undefined ? { column: error.column } : {}),
              isIngestError: true,
            },
          }
        : { id: request.id, error: { problem: (error as Error).message, isIngestError: false } };
    parentPort?.postMessage(reply);
  }
}
