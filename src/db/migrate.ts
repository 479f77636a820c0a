// Applies the numbered SQL files in ./migrations that the database has not seen yet, in one transaction that first
// takes a transaction-scoped advisory lock: any number of processes may start together on one PostgreSQL database
// (several servers, an ingest beside them); one migrates, the others wait for its commit and then find nothing to do.
// Without the lock, two processes reaching an empty database at once race on creating the same tables (PostgreSQL
// refuses the second `CREATE TABLE IF NOT EXISTS` with a unique violation in its catalog).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "./client.ts";
import { syncZipLocations } from "./zip-locations.ts";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

/** The lock's key: one per schema, so that databases in different schemas of one server migrate independently. */
const LOCK_SQL = "SELECT pg_advisory_xact_lock(hashtext('cms-dashboard:migrate:' || current_schema()))";

export async function migrate(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query(LOCK_SQL);
    await tx.exec(
      "CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await tx.query<{ name: string }>("SELECT name FROM schema_migration")).map((row) => row.name),
    );
    const pending = readdirSync(MIGRATIONS_DIR)
      .filter((name) => /^\d{4}_.+\.sql$/.test(name) && !done.has(name))
      .sort();
    for (const name of pending) {
      const sql = readFileSync(join(MIGRATIONS_DIR, name), "utf8");
      await tx.exec(sql);
      await tx.query("INSERT INTO schema_migration (name) VALUES ($1)", [name]);
    }
    // Reference data the schema needs, from a package: under the same lock, so that one process loads it.
    await syncZipLocations(tx);
    return pending;
  });
}
