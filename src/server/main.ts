// Starts the whole product: listens on $PORT at once and serves the built web app, /healthz and /api/meta ("Opening
// the database") from the first second, while it opens and migrates the database (seconds for a new embedded
// database; other API requests get a 503 with Retry-After meanwhile, src/server/opening-db.ts); then serves the API
// while the first load of an empty database and the periodic refresh from CMS run in the background
// (src/server/data-loader.ts).
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import pino from "pino";
import { type Db, openDb } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { createApp } from "./app.ts";
import { answerClientErrors } from "./client-errors.ts";
import { DataLoader } from "./data-loader.ts";
import { readServerEnv } from "./env.ts";
import { requestListener } from "./fast-answers.ts";
import { openingDb } from "./opening-db.ts";

const env = readServerEnv();
const HEADERS_TIMEOUT_MS = 10_000;
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

// The app answers from the first second: until the database is open, statements fail at once and the app says so
// (a 503 with Retry-After; /api/meta reports "Opening the database"). The first load and the refresh start once it is.
const database = openingDb(env.DATABASE_URL ? "postgres" : "pglite");
const dataLoader = new DataLoader({
  db: database.db,
  env,
  logger,
  whenServed: () => app.servingCurrentData(),
});
const app = createApp({
  db: database.db,
  logger,
  staticDir: env.STATIC_DIR,
  loader: dataLoader,
  warm: true,
  databaseOpen: database.opened,
});
const fetchHandler = (request: Request, bindings: unknown): Promise<Response> | Response =>
  app.fetch(request, bindings);

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
  requestListener((request, response) => app.answerFast(request, response), fetchHandler, env.HOST),
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
async function shutdown(reason: string, code = 0) {
  if (isStopping) return;
  isStopping = true;
  logger.info(`${reason}: finishing open requests`);
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  server.close(async () => {
    await dataLoader.stop();
    if (database.isOpen()) await app.saveState();
    // A database still opening is closed once it is open.
    await Promise.race([database.opened, new Promise((done) => setTimeout(done, 8000).unref())]);
    await database.db.close();
    logger.info("stopped");
    process.exit(code);
  });
}
process.on("SIGTERM", () => void shutdown("SIGTERM received"));
process.on("SIGINT", () => void shutdown("SIGINT received"));

// A new embedded database takes seconds to create: the demo's newest month is generated meanwhile, in case the
// first load needs it.
if (!env.DATABASE_URL && !existsSync(join(env.DATA_DIR, "PG_VERSION"))) dataLoader.generateDemoAhead();
const opened = await openDatabase();
logger.info(
  { database: opened.kind === "postgres" ? "PostgreSQL" : `PGlite in ${env.DATA_DIR}` },
  "database open",
);
database.open(opened);

if (!isStopping)
  dataLoader.start().catch((error: unknown) => {
    // DATA_SOURCE=cms and CMS could not be loaded: the operator asked for CMS data or nothing.
    logger.fatal((error as Error).message);
    void shutdown("the first load failed", 1);
  });
