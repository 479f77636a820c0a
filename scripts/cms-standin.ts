// Serves a generated CMS archive history on 127.0.0.1, for running the download + ingest path against it.
//   tsx scripts/cms-standin.ts [--facilities 15000] [--archives 90] [--port 8765] [--throttle BYTES_PER_S]
//                              [--dir bench/.data/cms-standin-<facilities>]
// Builds the history on the first run (reused afterwards), prints the base URL, stays up until SIGINT/SIGTERM.

import path from "node:path";
import { parseArgs } from "node:util";
import { buildHistory } from "../test/cms-standin/history.ts";
import { startCmsStandin } from "../test/cms-standin/server.ts";

function wholeNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got '${value}'`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      facilities: { type: "string" },
      archives: { type: "string" },
      port: { type: "string" },
      throttle: { type: "string" },
      dir: { type: "string" },
      "end-date": { type: "string" },
      quiet: { type: "boolean", default: false },
    },
  });
  const facilities = wholeNumber(values.facilities, "facilities", 15000);
  const archives = wholeNumber(values.archives, "archives", 90);
  const port = wholeNumber(values.port, "port", 8765);
  const throttle = values.throttle === undefined ? null : wholeNumber(values.throttle, "throttle", 0);
  const dir = path.resolve(values.dir ?? path.join("bench", ".data", `cms-standin-${facilities}`));

  const started = performance.now();
  const history = await buildHistory({
    dir,
    facilities,
    archives,
    ...(values["end-date"] ? { endDate: values["end-date"] } : {}),
    onProgress: values.quiet ? undefined : (message) => console.error(message),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);

  const standin = await startCmsStandin({ current: history.current, archives: history.archives, port });
  if (throttle) standin.throttle(throttle);
  const monthly = history.archives.filter((a) => (a.type ?? "theme") === "theme").length;
  const annual = history.archives.length - monthly;
  console.log(`CMS stand-in at ${standin.baseUrl} (history ready in ${seconds} s, ${dir})`);
  console.log(
    `  ${monthly} monthly archives, ${annual} annual bundles, ${history.months.length} data months ` +
      `(${history.months[0]} .. ${history.months.at(-1)}), current ${history.current.fileName}` +
      (throttle ? `, throttled to ${throttle} B/s` : ""),
  );
  console.log(`  metadata: ${standin.baseUrl}/provider-data/api/1/metastore/schemas/dataset/items/4pq5-n9py`);
  console.log(
    `  listing:  ${standin.baseUrl}/provider-data/api/1/archive/aggregate/theme/nursing-homes/relative`,
  );

  const stop = () => {
    standin.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
