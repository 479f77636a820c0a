// Fault run: kills loads with SIGKILL at chosen steps and checks that nothing a visitor sees changed.
//   npx tsx scripts/fault-run.ts                     # the embedded database
//   FAULT_DATABASE_URL=postgres://... npx tsx scripts/fault-run.ts   # PostgreSQL too (a schema of its own)
// For each engine: a national-size database (15,000 generated facilities, 3 months) is loaded by the real command
// line; then `npm run ingest` of a 4th month is killed while parsing, in the middle of its snapshot transaction and
// while deriving the tables, and after each kill the real server, restarted, must answer exactly as before (meta, a
// detail, a history, an alert view, a list page); the next ingest must succeed. Then the server is killed in the
// middle of a refresh from a stand-in CMS, and must answer as before once restarted. Last, on a disk that fills up
// (a size-limited tmpfs, as root), an ingest and a refresh fail saying so while the data before stays served.
// Prints what it checked.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { type DemoFile, writeDemoFiles } from "../src/ingest/demo-data.ts";
import { buildMonthlyArchive } from "../test/cms-standin/archives.ts";
import { startCmsStandin } from "../test/cms-standin/server.ts";
import { freePort } from "./free-port.ts";

const root = resolve(import.meta.dirname, "..");
const work = mkdtempSync(join(tmpdir(), "fault-run-"));
let failures = 0;

function check(what: string, ok: boolean, detail = ""): void {
  if (!ok) failures += 1;
  console.log(`${ok ? "  ok  " : "  FAIL"} ${what}${detail ? ` (${detail})` : ""}`);
}

type DbEnv = Record<string, string>;

function exited(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((done) => child.on("exit", (code, signal) => done({ code, signal })));
}

/** Runs `npm run ingest` (the CLI itself, as npm would) to its end: its exit code and what it wrote to stderr. */
async function ingestWithErrors(
  env: DbEnv,
  args: string[],
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "src/ingest/cli.ts"), ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return { code: (await exited(child)).code, stderr };
}

async function ingest(env: DbEnv, args: string[]): Promise<number | null> {
  return (await ingestWithErrors(env, args)).code;
}

/**
 * Starts the ingest and kills it with SIGKILL once it reports starting step `phase`: `delayMs` later, or at the
 * `steps`-th statement-sized step of that phase (INGEST_TRACE prints each), which lands in the middle of the phase
 * however fast the database runs it.
 */
async function ingestKilledAt(
  env: DbEnv,
  file: string,
  at: { phase: string; delayMs?: number; steps?: number },
): Promise<boolean> {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "src/ingest/cli.ts"), file], {
    env: { ...process.env, ...env, INGEST_TRACE: "1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let isInPhase = false;
  let steps = 0;
  let isKilled = false;
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    for (const line of chunk.split("\n")) {
      if (isKilled) return;
      if (line.startsWith(`[trace] ${at.phase}`)) isInPhase = true;
      else if (isInPhase && line === "[trace] step") steps += 1;
      else continue;
      if (at.steps !== undefined ? steps >= at.steps : isInPhase) {
        isKilled = true;
        setTimeout(() => child.kill("SIGKILL"), at.delayMs ?? 0);
      }
    }
  });
  const { signal } = await exited(child);
  return signal === "SIGKILL";
}

interface Server {
  base: string;
  child: ChildProcess;
}

async function startServer(env: DbEnv, extra: DbEnv = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "src/server/main.ts")], {
    env: {
      ...process.env,
      DATA_SOURCE: "none",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      STATIC_DIR: join(work, "no-web"),
      ...env,
      ...extra,
    },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, child };
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error("the server did not start");
}

async function stopServer(server: Server): Promise<void> {
  const done = exited(server.child);
  server.child.kill("SIGTERM");
  await done;
}

/** What a visitor sees: the answers of a few endpoints (meta without this process's load and refresh status). */
async function answers(server: Server, ccn: string): Promise<string> {
  const paths = [
    "/api/meta",
    `/api/facilities/${ccn}`,
    `/api/facilities/${ccn}/history`,
    "/api/facilities?alertEnabled=true&alertThreshold=1&alertMetric=Staffing%20Rating",
    "/api/facilities?page=3&state=CA",
    "/api/alerts?period=lastQuarter",
  ];
  const parts: string[] = [];
  for (const path of paths) {
    const response = await fetch(`${server.base}${path}`);
    const body = (await response.json()) as Record<string, unknown>;
    if (path === "/api/meta") {
      delete body.load;
      delete body.refresh;
    }
    parts.push(`${path} ${response.status} ${JSON.stringify(body)}`);
  }
  return parts.join("\n");
}

/** The first answer that differs, shortened (empty when none does). */
function firstDifference(before: string, after: string): string {
  const afterLines = after.split("\n");
  const index = before.split("\n").findIndex((line, at) => line !== afterLines[at]);
  if (index < 0) return "";
  const was = before.split("\n")[index] ?? "";
  const is = afterLines[index] ?? "";
  let at = 0;
  while (at < was.length && was[at] === is[at]) at += 1;
  return `${was.slice(0, was.indexOf(" "))}: was ...${was.slice(Math.max(0, at - 60), at + 60)}... now ...${is.slice(Math.max(0, at - 60), at + 60)}...`;
}

async function answersAfterRestart(env: DbEnv, ccn: string): Promise<string> {
  const server = await startServer(env);
  try {
    return await answers(server, ccn);
  } finally {
    await stopServer(server);
  }
}

async function runEngine(name: string, env: DbEnv, files: DemoFile[], ccn: string): Promise<void> {
  console.log(`\n== ${name}`);
  const [first, second, third, fourth, fifth] = files.map((file) => file.path) as [
    string,
    string,
    string,
    string,
    string,
  ];
  check("the first three months load", (await ingest(env, [first, second, third])) === 0);
  const before = await answersAfterRestart(env, ccn);
  for (const [at, what] of [
    [{ phase: "parsing", delayMs: 150 }, "while parsing"],
    [{ phase: "snapshots", delayMs: 120 }, "in the middle of the snapshot transaction"],
    [{ phase: "deriving", steps: 4 }, "while deriving the tables"],
    [{ phase: "loading", steps: 3 }, "while building the next facility table"],
  ] as const) {
    const wasKilled = await ingestKilledAt(env, fourth, at);
    const after = await answersAfterRestart(env, ccn);
    check(
      `kill -9 of the ingest ${what}: the API answers exactly as before`,
      wasKilled && after === before,
      wasKilled ? firstDifference(before, after) : "the ingest ended before it was killed",
    );
  }
  check("the next ingest of that month succeeds", (await ingest(env, [fourth])) === 0);
  const withFourth = await answersAfterRestart(env, ccn);
  check("and its month is served", withFourth !== before && withFourth.includes('"latestProcessingDate"'));

  // The server killed in the middle of a refresh from CMS.
  const month = (files[4] as DemoFile).processingDate;
  await withStandin(fifth, month, async (standinUrl) => {
    const refreshEnv = refreshFrom(standinUrl, join(work, `${name}-downloads`));
    const server = await startServer(env, refreshEnv);
    let sawLoading = false;
    for (let attempt = 0; attempt < 600 && !sawLoading; attempt += 1) {
      const meta = (await (await fetch(`${server.base}/api/meta`)).json()) as {
        load: { step: string | null };
      };
      sawLoading = meta.load.step?.startsWith("Loading") ?? false;
      if (!sawLoading) await new Promise((done) => setTimeout(done, 20));
    }
    await new Promise((done) => setTimeout(done, 300));
    const killed = exited(server.child);
    server.child.kill("SIGKILL");
    await killed;
    const after = await answersAfterRestart(env, ccn);
    check(
      "kill -9 of the server in the middle of a refresh: the API answers exactly as before",
      sawLoading && after === withFourth,
    );
    const again = await startServer(env, refreshEnv);
    let latest = "";
    for (let attempt = 0; attempt < 600 && latest !== month; attempt += 1) {
      const meta = (await (await fetch(`${again.base}/api/meta`)).json()) as { latestProcessingDate: string };
      latest = meta.latestProcessingDate;
      if (latest !== month) await new Promise((done) => setTimeout(done, 100));
    }
    await stopServer(again);
    check("the next refresh loads the new month", latest === month, latest);
  });
}

/** A stand-in CMS publishing `file` (of processing date `month`) as its current file and as a monthly archive. */
async function withStandin(
  file: string,
  month: string,
  run: (baseUrl: string) => Promise<void>,
): Promise<void> {
  const standin = await startCmsStandin({
    current: { fileName: "NH_ProviderInfo_Next.csv", body: readFileSync(file), modified: month },
    archives: [
      {
        date: `${month.slice(0, 7)}-20`,
        body: await buildMonthlyArchive({
          layout: "L3",
          archiveDate: `${month.slice(0, 7)}-20`,
          dataMonth: month.slice(0, 7),
          providerCsv: readFileSync(file),
        }),
      },
    ],
  });
  try {
    await run(standin.baseUrl);
  } finally {
    await standin.close();
  }
}

/** The server's environment for a refresh from the stand-in every second. */
function refreshFrom(baseUrl: string, cacheDir: string): DbEnv {
  return {
    DATA_SOURCE: "cms",
    CMS_BASE_URL: baseUrl,
    CMS_CACHE_DIR: cacheDir,
    CMS_REFRESH_INTERVAL_S: "1",
    CMS_BACKFILL_MONTHS: "1",
  };
}

/**
 * The embedded database on a disk that fills up during a load: a tmpfs mounted with room for the data already
 * there and 8 MB more (mounting needs root; without it the run says it skipped this part). An ingest and a refresh of
 * the server fail saying so, the server keeps answering exactly as before, and once there is room the next load
 * succeeds.
 */
async function runFullDisk(files: DemoFile[], ccn: string): Promise<void> {
  console.log("\n== PGlite on a full disk");
  const disk = join(work, "small-disk");
  mkdirSync(disk);
  if (spawnSync("mount", ["-t", "tmpfs", "-o", "size=2g", "tmpfs", disk]).status !== 0) {
    console.log("  (skipped: mounting a size-limited tmpfs needs root)");
    return;
  }
  const resize = (megabytes: number) =>
    spawnSync("mount", ["-o", `remount,size=${megabytes}m`, disk]).status === 0;
  try {
    const [first, second, third, fourth, fifth] = files.map((file) => file.path) as [
      string,
      string,
      string,
      string,
      string,
    ];
    const env = { DATA_DIR: join(disk, "db"), DATABASE_URL: "" };
    check("the first three months load", (await ingest(env, [first, second, third])) === 0);
    const before = await answersAfterRestart(env, ccn);
    const { blocks, bfree, bsize } = statfsSync(disk);
    const usedMegabytes = Math.ceil(((blocks - bfree) * bsize) / 2 ** 20);
    check(
      `the disk is made full: ${usedMegabytes + 8} MB for ${usedMegabytes} MB of data`,
      resize(usedMegabytes + 8),
    );

    const failed = await ingestWithErrors(env, [fourth]);
    check(
      "an ingest that fills the disk exits non-zero, saying the disk is full",
      failed.code !== 0 && failed.stderr.includes("No space left on device"),
      failed.stderr.split("\n").find((line) => line.startsWith("FAILED")) ?? failed.stderr.slice(0, 200),
    );
    check("and the API answers exactly as before", (await answersAfterRestart(env, ccn)) === before);

    const month = (files[4] as DemoFile).processingDate;
    await withStandin(fifth, month, async (standinUrl) => {
      const server = await startServer(env, refreshFrom(standinUrl, join(work, "full-disk-downloads")));
      try {
        let lastError: string | null = null;
        for (let attempt = 0; attempt < 1200 && !lastError; attempt += 1) {
          const meta = (await (await fetch(`${server.base}/api/meta`)).json()) as {
            refresh: { lastError: string | null };
          };
          lastError = meta.refresh.lastError;
          if (!lastError) await new Promise((done) => setTimeout(done, 100));
        }
        check(
          "a refresh of the server that fills the disk fails, and /api/meta says why",
          lastError?.includes("No space left on device") ?? false,
          lastError ?? "no error reported",
        );
        check("while the same server answers exactly as before", (await answers(server, ccn)) === before);
      } finally {
        await stopServer(server);
      }
    });
    check("and so does it after a restart", (await answersAfterRestart(env, ccn)) === before);

    check("with room again, the next ingest succeeds", resize(2048) && (await ingest(env, [fourth])) === 0);
  } finally {
    spawnSync("umount", [disk]);
  }
}

console.log("Generating 5 monthly files of 15,000 facilities...");
const files = await writeDemoFiles(join(work, "files"), { facilities: 15_000, months: 5 });
const ccn =
  readFileSync((files[0] as DemoFile).path, "utf8")
    .split("\n")[1]
    ?.split(",")[0]
    ?.replaceAll('"', "") ?? "";
try {
  await runEngine("PGlite", { DATA_DIR: join(work, "pglite"), DATABASE_URL: "" }, files, ccn);
  await runFullDisk(files, ccn);
  const url = process.env.FAULT_DATABASE_URL;
  if (url) {
    const schema = `fault_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public");
    await admin.query(`CREATE SCHEMA ${schema}`);
    const scoped = new URL(url);
    scoped.searchParams.set("options", `-c search_path=${schema},public`);
    try {
      await runEngine("PostgreSQL", { DATABASE_URL: scoped.toString() }, files, ccn);
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  } else {
    console.log("\n(PostgreSQL skipped: set FAULT_DATABASE_URL)");
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(failures === 0 ? "\nEvery check passed." : `\n${failures} check(s) FAILED.`);
process.exit(failures === 0 ? 0 : 1);
