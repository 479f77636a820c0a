// The API server as the benchmark runs it: `tsx bench/api-server.ts <dataDir|postgres-url>` serves the app twice on
// one database (PGlite allows one process per folder): with its response cache and without it.
// Adds one route the product does not have: the alert-filtered list computed the way the original product did it,
// from the snapshots with window functions per request (a SQL view), as the reference to compare with.
import { serve } from "@hono/node-server";
import pino from "pino";
import { openDb } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { createApp } from "../src/server/app.ts";

const [target = ""] = process.argv.slice(2);
const db = await openDb(target.startsWith("postgres") ? { databaseUrl: target } : { dataDir: target });
await migrate(db);
await db.exec(`
  CREATE OR REPLACE VIEW original_rating_alerts_last_period AS
  WITH ranked AS (
    SELECT s.*, dense_rank() OVER (ORDER BY processing_date DESC) AS date_rank
    FROM rating_snapshot s
  ), pairs AS (
    SELECT ccn,
      max(overall_rating) FILTER (WHERE date_rank = 1) AS latest_overall,
      max(overall_rating) FILTER (WHERE date_rank = 2) AS previous_overall,
      max(processing_date) FILTER (WHERE date_rank = 1) AS latest_date,
      max(processing_date) FILTER (WHERE date_rank = 2) AS previous_date
    FROM ranked WHERE date_rank <= 2 GROUP BY ccn
  )
  SELECT ccn, latest_overall, previous_overall, latest_date, previous_date,
    coalesce(latest_overall - previous_overall, 0) AS overall_diff,
    abs(coalesce(latest_overall - previous_overall, 0)) AS abs_overall_diff
  FROM pairs WHERE latest_date IS NOT NULL AND previous_date IS NOT NULL
`);
const originalAlerts = async () =>
  db.query(
    `SELECT f.ccn, f.provider_name AS "providerName", a.overall_diff AS "overallDiff", count(*) OVER () AS total
     FROM facility f JOIN original_rating_alerts_last_period a ON a.ccn = f.ccn
     WHERE a.abs_overall_diff >= 1 ORDER BY f.provider_name, f.ccn LIMIT 100`,
  );
const ports: number[] = [];
for (const cacheEntries of [1000, 0]) {
  const app = createApp({ db, logger: pino({ level: "silent" }), cacheEntries });
  app.get("/bench/original-alerts", async (c) => {
    const rows = await originalAlerts();
    return c.json({ data: rows, totalCount: rows[0]?.total ?? 0 });
  });
  await new Promise<void>((resolve) => {
    serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
      ports.push(info.port);
      resolve();
    });
  });
}
console.log(`ready ${ports[0]} ${ports[1]}`);
