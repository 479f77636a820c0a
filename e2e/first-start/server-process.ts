// The real server as a child process (src/server/main.ts under tsx), for the browser tests of what a server does on
// its own: its first start, its refreshes, a second run on the same folders. Its output is kept in `log`.
import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");

/** Starts the server with `env` added to this process's environment. */
export function startServerProcess(env: Record<string, string>, log: string[]): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  return child;
}

/** Stops the server as an operator would (SIGTERM), or kills it after 15 s. */
export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
