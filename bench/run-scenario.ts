// Runs a benchmark scenario script (bench/<script>) in its own process, so that its peak memory is its own, and
// returns the JSON of the last line it prints. Asynchronous: a stand-in CMS in the calling process keeps answering.
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

export function runScenario(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<unknown> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(root, "bench", script), ...args], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) reject(new Error(`bench/${script} ${args.join(" ")} exited with ${code}`));
      else resolvePromise(JSON.parse(output.trim().split("\n").at(-1) as string));
    });
  });
}
