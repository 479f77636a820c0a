// Database tests run on every engine the product supports: PGlite always, PostgreSQL when TEST_DATABASE_URL is
// set (CI sets it; there an unreachable server fails the run instead of skipping). Each test suite gets a fresh,
// empty, migrated database: in-memory PGlite, or its own schema on the PostgreSQL server.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { type Db, openDb } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";

export interface Engine {
  name: "pglite" | "postgres";
  open: () => Promise<Db>;
}

export const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * A new, empty schema on the PostgreSQL server at `url`: the URL of a database whose every connection works in it
 * (for processes the test starts, too), and its removal.
 */
export async function createPostgresSchema(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public");
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const scoped = new URL(url);
  scoped.searchParams.set("options", `-c search_path=${schema},public`);
  return {
    url: scoped.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`).finally(() => cleanup.end());
    },
  };
}

async function openPostgresSchema(url: string): Promise<Db> {
  const schema = await createPostgresSchema(url);
  const db = await openDb({ databaseUrl: schema.url, maxConnections: 4 });
  const close = db.close;
  return {
    ...db,
    async close() {
      await close();
      await schema.drop();
    },
  };
}

export const engines: Engine[] = [
  { name: "pglite", open: () => openDb({ dataDir: "memory://" }) },
  ...(postgresUrl ? [{ name: "postgres" as const, open: () => openPostgresSchema(postgresUrl) }] : []),
];

/** Opens a fresh, migrated database on the engine. */
export async function openTestDb(engine: Engine): Promise<Db> {
  const db = await engine.open();
  await migrate(db);
  return db;
}
