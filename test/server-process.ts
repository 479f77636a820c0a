// The server as `npm start` runs it (node with tsx, src/server/main.ts), spawned by tests on a free port: waits until
// /healthz answers and keeps what the process logged (pino's JSON lines) for the test to read.
import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";
import { freePort } from "../scripts/free-port.ts";

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** Every log line so far, parsed (a line that is not JSON is kept as `{ msg: line }`). */
  logs: { level?: number; msg?: string }[];
  stderr: () => string;
  stop: () => Promise<number | null>;
}

const MAIN = resolve(import.meta.dirname, "../src/server/main.ts");

/** Spawns the server on a free port; resolves once /healthz answers (or the process exits, which fails the wait). */
export async function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: ServerProcess["logs"] = [];
  let pending = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        logs.push(JSON.parse(line) as ServerProcess["logs"][number]);
      } catch {
        logs.push({ msg: line });
      }
    }
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let code: number | null | undefined;
  const exited = new Promise<number | null>((done) =>
    child.on("exit", (exitCode) => {
      code = exitCode;
      done(exitCode);
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (code !== undefined) break;
    const healthy = await fetch(`${base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    child,
    base,
    exited,
    logs,
    stderr: () => stderr,
    stop: () => {
      if (code === undefined) child.kill("SIGTERM");
      return exited;
    },
  };
}
