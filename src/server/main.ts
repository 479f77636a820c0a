// Starts the whole product: listens on $PORT at once (/healthz answers while the database opens, which takes seconds
// for a new embedded database), then opens and migrates the database and serves the API and the built web app, while
// the first load of an empty database and the periodic refresh from CMS run in the background
// (src/server/data-loader.ts).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Hono } from "hono";
import pino from "pino";
import { type Db, openDb } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { type App, createApp } from "./app.ts";
import { answerClientErrors } from "./client-errors.ts";
import { DataLoader } from "./data-loader.ts";
import { readServerEnv } from "./env.ts";
import { requestListener } from "./fast-answers.ts";

const env = readServerEnv();
const HEADERS_TIMEOUT_MS = 10_000;
/** How long the start waits for the first warm-up before it answers anyway. */
const WARM_UP_WAIT_MS = 10_000;
/**
 * The log (one JSON line per request at the default level, and what the loads do) is written in batches: a write of
 * at least 4 KB, or whatever has gathered after at most a second, instead of a write to stdout per request (which
 * cost a cached answer a fifth of its time). What is still buffered is written when the process exits.
 */
const logDestination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
setInterval(() => logDestination.flush(), 1000).unref();
process.on("exit", () => {
  try {
    logDestination.flushSync();
  } catch {
    // Nothing to write, or stdout is gone.
  }
});
const logger = pino({ level: env.LOG_LEVEL }, logDestination);

/** A database that cannot be opened stops the start with one sentence (and its hint), not a stack trace. */
async function openDatabase(): Promise<Db> {
  try {
    const opened = await openDb({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      statementTimeoutMs: env.STATEMENT_TIMEOUT_MS,
    });
    await migrate(opened);
    return opened;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Cannot start: ${message}\n`);
    process.exit(1);
  }
}

let app: App | null = null;
/** Until the app is ready, requests other than /healthz wait for it. */
let appReady: Promise<Hono> | null = null;
const fetchHandler = async (request: Request, env: unknown): Promise<Response> => {
  if (app) return app.fetch(request, env);
  if (new URL(request.url).pathname === "/healthz") return Response.json({ ok: true, starting: true });
  return (await (appReady as Promise<Hono>)).fetch(request, env);
};

// Slow or abusive clients: a request's headers must arrive within 10 s and the whole request within 30 s, and a
// request line and headers beyond 16 KiB are refused (414 or 431, answered in JSON by client-errors.ts); the rest of
// the clients are served meanwhile. Cached answers and the web app's files are sent before the app
// (fast-answers.ts), everything else through it.
const server = createServer(
  {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: 30_000,
    maxHeaderSize: 16 * 1024,
    connectionsCheckingInterval: 1000,
  },
  requestListener((request, response) => app?.answerFast(request, response) ?? false, fetchHandler, env.HOST),
);
server.listen(env.PORT, env.HOST, () => {
  logger.info(
    `CMS Star Ratings Dashboard listening on http://localhost:${(server.address() as AddressInfo).port}`,
  );
});

answerClientErrors(server);

// Longer than the usual 60 s idle timeout of load balancers, so that they close idle connections first.
server.keepAliveTimeout = 65_000;

let isStopping = false;
let stopRequested: () => void = () => {};
/** Resolves when a stop is asked for (the start then waits for nothing more). */
const stopping = new Promise<void>((resolve) => {
  stopRequested = resolve;
});
let db: Db | null = null;
let loader: DataLoader | null = null;
async function shutdown(reason: string, code = 0) {
  if (isStopping) return;
  isStopping = true;
  stopRequested();
  logger.info(`${reason}: finishing open requests`);
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  server.close(async () => {
    await loader?.stop();
    await app?.saveState();
    // A database still opening is closed once it is open.
    await appReady?.catch(() => {});
    await db?.close();
    logger.info("stopped");
    process.exit(code);
  });
}
process.on("SIGTERM", () => void shutdown("SIGTERM received"));
process.on("SIGINT", () => void shutdown("SIGINT received"));

let resolveApp: (ready: Hono) => void = () => {};
appReady = new Promise<Hono>((resolve) => {
  resolveApp = resolve;
});
const opened = await openDatabase();
db = opened;
logger.info(
  { database: opened.kind === "postgres" ? "PostgreSQL" : `PGlite in ${env.DATA_DIR}` },
  "database open",
);
const dataLoader = new DataLoader({ db: opened, env, logger });
loader = dataLoader;
const created = createApp({ db: opened, logger, staticDir: env.STATIC_DIR, loader: dataLoader, warm: true });
// The answers most asked for are computed before the API answers its first request (a second or two on the national
// data; requests meanwhile wait as they do while the database opens), so the first visitors meet a warm cache.
await Promise.race([
  created.warmed,
  stopping,
  new Promise((done) => setTimeout(done, WARM_UP_WAIT_MS).unref()),
]);
app = created;
resolveApp(app);

if (!isStopping)
  dataLoader.start().catch((error: unknown) => {
    // DATA_SOURCE=cms and CMS could not be loaded: the operator asked for CMS data or nothing.
    logger.fatal((error as Error).message);
    void shutdown("the first load failed", 1);
  });
