// The product as `npm start` runs it: a real process that serves the API and the web app, and stops cleanly on
// SIGTERM.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../../scripts/free-port.ts";
import { tempDir } from "../../test/csv-fixtures.ts";
import { startServerProcess } from "../../test/server-process.ts";

/** Spawns the server as `npm start` runs it (node with tsx) on a free port, and waits until /healthz answers. */
async function startServer(env: NodeJS.ProcessEnv) {
  const server = await startServerProcess(env);
  expect((await fetch(`${server.base}/healthz`)).ok).toBe(true);
  return server;
}

describe("the server process", () => {
  it("serves /healthz, the API and client routes, then stops on SIGTERM with exit code 0", async () => {
    const dir = tempDir();
    const staticDir = join(dir, "web");
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>CMS Star Ratings Dashboard</title>");
    const { child, exited, base } = await startServer({
      DATA_DIR: join(dir, "db"),
      DATA_SOURCE: "none",
      STATIC_DIR: staticDir,
    });
    expect(await (await fetch(`${base}/api/meta`)).json()).toMatchObject({ facilityCount: 0, source: null });
    const page = await fetch(`${base}/facility/015009`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("CMS Star Ratings Dashboard");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("`npm start` runs the server as the very process it starts, which stops gracefully on SIGTERM", async () => {
    const dir = tempDir();
    const port = await freePort();
    const npm = spawn("npm", ["start"], {
      cwd: resolve(import.meta.dirname, "../.."),
      env: {
        ...process.env,
        DATA_DIR: join(dir, "db"),
        DATA_SOURCE: "none",
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
      },
      stdio: "ignore",
    });
    const npmExited = new Promise<number | null>((done) => npm.on("exit", (code) => done(code)));
    let healthy = false;
    for (let attempt = 0; attempt < 240 && !healthy; attempt += 1) {
      healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (!healthy) await new Promise((done) => setTimeout(done, 250));
    }
    expect(healthy).toBe(true);
    // The process npm started for the script is node itself running the server (not a shell or a wrapper).
    const [child] = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(npm.pid)], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map((line) => line.trim().split(/\s+(.*)/s));
    const pid = Number(child?.[0]);
    expect(child?.[1]).toMatch(/^node --import tsx src\/server\/main\.ts$/);
    const signalled = Date.now();
    process.kill(pid, "SIGTERM");
    expect(await npmExited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it("a database folder that cannot be opened stops the start with one sentence and a hint", async () => {
    const run = (dataDir: string) =>
      new Promise<{ code: number | null; stderr: string }>((done) => {
        const child = spawn(process.execPath, ["--import", "tsx", resolve(import.meta.dirname, "main.ts")], {
          env: { ...process.env, DATA_DIR: dataDir, DATA_SOURCE: "none", PORT: "0", DATABASE_URL: "" },
          stdio: ["ignore", "ignore", "pipe"],
        });
        let stderr = "";
        child.stderr.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        child.on("exit", (code) => done({ code, stderr }));
      });
    const damaged = join(tempDir(), "db");
    mkdirSync(damaged);
    writeFileSync(join(damaged, "PG_VERSION"), "not a database\n");
    writeFileSync(join(damaged, "pg_control"), Buffer.alloc(8192, 7));
    const held = join(tempDir(), "db");
    mkdirSync(held);
    writeFileSync(join(held, "cms-dashboard.lock"), String(process.pid));
    for (const [dataDir, sentence] of [
      [damaged, /cannot be opened .*move it aside and start again/],
      [held, /is in use by process \d+.*Stop it first, or use PostgreSQL/],
    ] as const) {
      const { code, stderr } = await run(dataDir);
      expect(code).toBe(1);
      expect(stderr.trim().split("\n")).toHaveLength(1);
      expect(stderr).toMatch(sentence);
      expect(stderr).not.toMatch(/\n\s+at /);
    }
  });

  it("serves other clients while 200 connections send their headers a byte at a time, then drops those", async () => {
    const dir = tempDir();
    const { child, exited, base } = await startServer({ DATA_DIR: join(dir, "db"), DATA_SOURCE: "none" });
    // The database is open once the API answers (a new embedded database takes seconds to create).
    expect((await fetch(`${base}/api/meta`)).status).toBe(200);
    const slow: Socket[] = [];
    let closedByServer = 0;
    for (let index = 0; index < 200; index += 1) {
      const socket = connect(Number(new URL(base).port), "127.0.0.1");
      socket.on("error", () => {});
      socket.resume(); // read what the server sends (its 408), so that its close is seen
      socket.on("close", () => {
        closedByServer += 1;
      });
      socket.write("GET /api/meta HTTP/1.1\r\nHost: x\r\nX-Slow: ");
      slow.push(socket);
    }
    const drip = setInterval(() => {
      for (const socket of slow) if (!socket.destroyed) socket.write("a");
    }, 2000);
    try {
      let answered = 0;
      const until = Date.now() + 13_000;
      while (Date.now() < until) {
        const response = await fetch(`${base}/api/meta`);
        expect(response.status).toBe(200);
        await response.arrayBuffer();
        answered += 1;
        await new Promise((done) => setTimeout(done, 100));
      }
      expect(answered).toBeGreaterThan(50);
      // Headers that take longer than 10 s are cut off by the server.
      expect(closedByServer).toBe(200);
      const oversized = await fetch(`${base}/healthz`, { headers: { "x-big": "a".repeat(20_000) } });
      expect(oversized.status).toBe(431);
    } finally {
      clearInterval(drip);
      for (const socket of slow) socket.destroy();
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  });
});
