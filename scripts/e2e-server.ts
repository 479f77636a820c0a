// Serves the production build on a test database for the browser tests:
//   tsx scripts/e2e-server.ts demo|real <port>
// "demo" is a generated dataset (3,000 facilities, 40 monthly releases); "real" holds the CMS files of
// ../shared/data/cms/raw when that folder exists (empty otherwise: the real-data tests skip themselves).
// Each database is built once under .e2e-data/<name>; delete that folder to rebuild it.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { openDb } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { describeResult, ingestFiles } from "../src/ingest/ingest.ts";
import { ingestDemo } from "../src/ingest/sources.ts";
import { realReleaseFiles } from "./real-data.ts";

const [dataset, port] = process.argv.slice(2);
if ((dataset !== "demo" && dataset !== "real") || !port) {
  console.error("usage: tsx scripts/e2e-server.ts demo|real <port>");
  process.exit(2);
}

const root = resolve(import.meta.dirname, "..");
const dataDir = join(root, ".e2e-data", dataset);
if (!existsSync(join(root, "dist/web/index.html"))) {
  execFileSync("npx", ["vite", "build"], { cwd: root, stdio: "inherit" });
}

const db = await openDb({ dataDir });
await migrate(db);
const [row] = await db.query<{ releases: number }>("SELECT count(*)::integer AS releases FROM release");
if ((row?.releases ?? 0) === 0) {
  const results =
    dataset === "demo"
      ? await ingestDemo(db, { facilities: 3000, months: 40 })
      : await ingestFiles(db, realReleaseFiles(), { source: "files" });
  for (const result of results) console.error(describeResult(result));
}
await db.close();

Object.assign(process.env, {
  DATA_DIR: dataDir,
  PORT: port,
  HOST: "127.0.0.1",
  DATA_SOURCE: "none",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  STATIC_DIR: join(root, "dist/web"),
  DATABASE_URL: "",
});
await import("../src/server/main.ts");
