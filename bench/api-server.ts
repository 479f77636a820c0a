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
// The original product's alert source: per facility, its latest snapshot against the one before (LAG), computed
// from all snapshots on every request.
await db.exec(`
  CREATE OR REPLACE VIEW original_rating_alerts_last_period AS
  SELECT ccn, latest_overall, previous_overall, latest_date, previous_date,
    coalesce(latest_overall - previous_overall, 0) AS overall_diff,
    abs(coalesce(latest_overall - previous_overall, 0)) AS abs_overall_diff
  FROM (
    SELECT ccn,
      processing_date AS latest_date,
      overall_rating AS latest_overall,
      lag(overall_rating) OVER w AS previous_overall,
      lag(processing_date) OVER w AS previous_date,
      row_number() OVER (PARTITION BY ccn ORDER BY processing_date DESC) AS recency
    FROM rating_snapshot
    WINDOW w AS (PARTITION BY ccn ORDER BY processing_date)
  ) per_facility
  WHERE recency = 1 AND previous_date IS NOT NULL
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
