// Starts the whole product: migrations, first-start data, the API and the built web app on $PORT.
import { serve } from "@hono/node-server";
import pino from "pino";
import { openDb } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { createApp } from "./app.ts";
import { readServerEnv } from "./env.ts";
import { ensureInitialData } from "./initial-data.ts";

const env = readServerEnv();
const logger = pino({ level: env.LOG_LEVEL });

const db = await openDb({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  statementTimeoutMs: env.STATEMENT_TIMEOUT_MS,
});
logger.info(
  { database: db.kind === "postgres" ? "PostgreSQL" : `PGlite in ${env.DATA_DIR}` },
  "database open",
);
await migrate(db);
await ensureInitialData(db, env, logger);

const app = createApp({ db, logger, staticDir: env.STATIC_DIR });
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  logger.info(`CMS Star Ratings Dashboard listening on http://localhost:${info.port}`);
});

// Longer than the usual 60 s idle timeout of load balancers, so that they close idle connections first.
if ("keepAliveTimeout" in server) server.keepAliveTimeout = 65_000;

let isStopping = false;
async function shutdown(signal: string) {
  if (isStopping) return;
  isStopping = true;
  logger.info(`${signal} received: finishing open requests`);
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  server.close(async () => {
    await db.close();
    logger.info("stopped");
    process.exit(0);
  });
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
