// Where a benchmark scenario loads: a new PGlite folder, or a new schema on BENCH_DATABASE_URL's PostgreSQL server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export interface ScenarioTarget {
  dataDir?: string;
  databaseUrl?: string;
  /** Drops the schema or removes the folder. */
  remove(): Promise<void>;
}

export async function createScenarioTarget(engine: string, prefix: string): Promise<ScenarioTarget> {
  if (engine !== "postgres") {
    const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-pglite-`));
    return { dataDir, remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error("BENCH_DATABASE_URL is required for postgres");
  const schema = `${prefix.replaceAll("-", "_")}_${process.pid}`;
  const admin = async (sql: string[]) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const statement of sql) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(["CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public", `CREATE SCHEMA ${schema}`]);
  const scoped = new URL(url);
  scoped.searchParams.set("options", `-c search_path=${schema},public`);
  return { databaseUrl: scoped.toString(), remove: () => admin([`DROP SCHEMA ${schema} CASCADE`]) };
}
