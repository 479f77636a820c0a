// The production server as `npm start` runs it (src/server/main.ts in a process of its own, the built web app) for
// the benchmarks that measure it from outside: bench:load, bench:cached and bench:cold. BENCH_SERVER_DIR starts the
// server of another checkout instead (its src/server/main.ts, with this checkout's build and data), so that a change
// is compared with the code before it in the same conditions, runs interleaved; BENCH_SERVER_CPU_PROF profiles it.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
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
 * Starts the server on a free port of 127.0.0.1 and resolves once it is ready (/readyz: the database open, the cache
 * warmed, facilities loaded). `stdout` is where its log goes: "ignore", or a file descriptor.
 */
export async function startProductionServer(
  env: NodeJS.ProcessEnv,
  stdout: "ignore" | number = "ignore",
): Promise<ProductionServer> {
  const port = await freePort();
  const serverDir = process.env.BENCH_SERVER_DIR || root;
  // BENCH_SERVER_CPU_PROF=<folder>: the server writes a CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_SERVER_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, "--import", "tsx", join(serverDir, "src/server/main.ts")],
    {
      env: {
        ...process.env,
        DATABASE_URL: "",
        PORT: String(port),
        HOST: "127.0.0.1",
        STATIC_DIR: join(root, "dist/web"),
        ...env,
      },
      stdio: ["ignore", stdout, "inherit"],
    },
  );
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    const ok = await fetch(`${base}/readyz`).then(
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

/** CPU time a process has used (user and system, all its threads), in ms. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime (the 14th and 15th fields of the line), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
