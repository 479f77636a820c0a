// `npm run bench:staffing`: latency without the response cache of a facility's staffing figures (each request for
// a different facility: its figures, averages and history over every release) and of the list sorted by nurse hours
// (every page of it, weekday and weekend, nationally and per state), and the size of the staffing history
// (staffing_period), on the national dataset (15,000 facilities x BENCH_MONTHS, see datasets.ts) or a target given
// on the command line, on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. Targets: p99 <= 20 ms
// uncached.
import { openDb } from "../src/db/client.ts";
import {
  type Engine,
  fetchText,
  figures,
  latency,
  ms,
  runNational,
  startServer,
  stopServer,
} from "./uncached-latency.ts";

const { rows, line } = figures();

/** The staffing history's rows and size on disk (table and indexes), read before the server opens the database. */
async function tableSize(target: string): Promise<void> {
  const db = await openDb(target.startsWith("postgres") ? { databaseUrl: target } : { dataDir: target });
  try {
    const [row] = await db.query<{
      rows: number;
      facilities: number;
      releases: number;
      table: number;
      total: number;
    }>(
      `SELECT (SELECT count(*)::integer FROM staffing_period) AS rows,
         (SELECT count(DISTINCT ccn)::integer FROM staffing_period) AS facilities,
         (SELECT count(DISTINCT processing_date)::integer FROM rating_snapshot) AS releases,
         pg_table_size('staffing_period')::float8 AS table,
         pg_total_relation_size('staffing_period')::float8 AS total`,
    );
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    if (row) {
      line(
        target.startsWith("postgres") ? "postgres" : "pglite",
        "staffing_period",
        `${row.rows.toLocaleString("en-US")} rows (${row.facilities.toLocaleString("en-US")} facilities x ${row.releases} releases: ${(row.rows / Math.max(1, row.facilities)).toFixed(1)} per facility), table ${mib(row.table)}, with its indexes ${mib(row.total)}`,
      );
    }
  } finally {
    await db.close();
  }
}

async function bench(engine: Engine, target: string) {
  await tableSize(target);
  const server = await startServer(target);
  const base = server.uncached;
  try {
    const states = JSON.parse(await fetchText(`${base}/api/lookups/states`)) as string[];
    const ccns: string[] = [];
    for (const page of [1, 5, 10, 15]) {
      const list = JSON.parse(await fetchText(`${base}/api/facilities?page=${page}&pageSize=100`)) as {
        data: { ccn: string }[];
      };
      ccns.push(...list.data.map((item) => item.ccn));
    }
    if (ccns.length < 300) throw new Error("the national dataset is too small");
    const pages = (sort: string) =>
      Array.from({ length: 150 }, (_, page) => `/api/facilities?sort=${sort}&page=${page + 1}&pageSize=100`);
    const endpoints: [string, string[]][] = [
      ["facility staffing", ccns.map((ccn) => `/api/facilities/${ccn}/staffing`)],
      ["list sort=name (pages 1-150), for comparison", pages("name")],
      ["list sort=nurseHours (pages 1-150)", pages("nurseHours")],
      ["list sort=weekendNurseHours (pages 1-150)", pages("weekendNurseHours")],
      [
        "list sort=nurseHours per state",
        [...states, ...states].map((state) => `/api/facilities?sort=nurseHours&state=${state}`),
      ],
    ];
    for (const [name, paths] of endpoints) {
      const figure = await latency(base, paths);
      line(
        engine,
        `${name}, uncached`,
        `p50 ${ms(figure.p50)}  p99 ${ms(figure.p99)}  max ${ms(figure.max)}  (${figure.n} requests; target p99 <= 20)`,
      );
    }
  } finally {
    await stopServer(server.child);
  }
}

await runNational("staffing", rows, bench);
