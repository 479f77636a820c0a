// One GET of the benchmarks' load generators (bench/refresh-load.ts, bench/path-load.ts): over a keep-alive agent,
// the whole body read and dropped; resolves with the status (0 for no answer: a connection error or a timeout) and
// the response's ETag.
import http from "node:http";

const REQUEST_TIMEOUT_MS = 30_000;

export function timedGet(
  agent: http.Agent,
  base: URL,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; etag: string | undefined }> {
  return new Promise((resolve) => {
    const request = http.get(
      { agent, host: base.hostname, port: base.port, path, headers, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        const etag = response.headers.etag;
        response.on("data", () => {});
        response.on("end", () => resolve({ status: response.statusCode ?? 0, etag }));
        response.on("error", () => resolve({ status: 0, etag: undefined }));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", () => resolve({ status: 0, etag: undefined }));
  });
}
