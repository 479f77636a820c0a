// Parses files in a worker thread, so that parsing the next file overlaps with loading the current one.
import { parentPort } from "node:worker_threads";
import { IngestError } from "./errors.ts";
import type { ParseOptions } from "./parse-release.ts";
import { type ReadHint, readRelease } from "./read-release.ts";

export interface ParseRequest {
  id: number;
  path: string;
  hint?: ReadHint;
  options?: ParseOptions;
}

export type ParseReply =
  | { id: number; release: Awaited<ReturnType<typeof readRelease>> }
  | {
      id: number;
      error: { file?: string; problem: string; line?: number; column?: string; isIngestError: boolean };
    };

parentPort?.on("message", async (request: ParseRequest) => {
  try {
    parentPort?.postMessage({
      id: request.id,
      release: await readRelease(request.path, request.hint, request.options),
    } satisfies ParseReply);
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
});
