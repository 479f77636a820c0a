// The command line a benchmark was started with, printed at the top of its output so that its figures can be
// reproduced: the npm script (or the script file) and the settings given in the environment, passwords masked.
import { cpus, loadavg } from "node:os";
import { relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

function masked(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = "***";
    return url.protocol.startsWith("postgres") ? url.toString() : value;
  } catch {
    return value;
  }
}

export function commandLine(envNames: readonly string[]): string {
  const settings = envNames
    .filter((name) => process.env[name] !== undefined && process.env[name] !== "")
    .map((name) => `${name}=${masked(process.env[name] as string)}`);
  const script = process.argv[1] ? relative(root, process.argv[1]) : "?";
  // npm sets npm_lifecycle_event for `npm run <script>` (and "npx" for npx).
  const npmScript = process.env.npm_lifecycle_event?.startsWith("bench")
    ? process.env.npm_lifecycle_event
    : undefined;
  const command = npmScript
    ? `npm run ${npmScript}  (tsx ${script})`
    : `tsx ${[script, ...process.argv.slice(2)].join(" ")}`;
  return `$ ${[...settings, command].join(" ")}`;
}

export function printCommandLine(envNames: readonly string[]): void {
  console.log(commandLine(envNames));
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  console.log(
    `  node ${process.version}, ${cpus().length} CPUs, load average ${load} (other work on the machine skews the figures), ${new Date().toISOString()}`,
  );
}
