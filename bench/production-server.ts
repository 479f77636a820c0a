// The production server as `npm start` runs it (src/server/main.ts in a process of its own, the built web app) for
// the benchmarks that measure it from outside: bench:load, bench:cached and bench:cold. BENCH_SERVER_DIR starts the
// server of another checkout instead (its src/server/main.ts, with this checkout's build and data), so that a change
// is compared with the code before it in the same conditions, runs interleaved.
import { type ChildProcess, spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { freePort } from "../scripts/free-port.ts";

const root = resolve(import.meta.dirname, "..");

export interface ProductionServer {
  base: string;
  child: ChildProcess;
  /** SIGTERM, and waits for the process to end (it saves what it keeps across starts first). */
  stop: () => Promise<void>;
}

/**
 * Starts the server on a free port of 127.0.0.1 and resolves once its API answers (the database open and the cache
 * warmed). `stdout` is where its log goes: "ignore", or a file descriptor.
 */
export async function startProductionServer(
  env: NodeJS.ProcessEnv,
  stdout: "ignore" | number = "ignore",
): Promise<ProductionServer> {
  const port = await freePort();
  const serverDir = process.env.BENCH_SERVER_DIR || root;
  const child = spawn(process.execPath, ["--import", "tsx", join(serverDir, "src/server/main.ts")], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      STATIC_DIR: join(root, "dist/web"),
      ...env,
    },
    stdio: ["ignore", stdout, "inherit"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    const ok = await fetch(`${base}/api/meta`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (attempt > 1200 || child.exitCode !== null) {
      child.kill("SIGTERM");
      throw new Error("the server did not start");
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  return {
    base,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
