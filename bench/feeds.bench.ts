// `npm run bench:feeds`: the feeds of rating changes at national scale (15,000 facilities x BENCH_MONTHS, see
// datasets.ts) without the response cache, on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL:
// - the whole nation's feed, its first page and a page deep in it; each state's feed; single facilities' feeds;
//   target: tens of ms uncached (p99 <= 50 ms);
// - what the feeds cost a publication (src/ingest/recent-changes.ts): computing the changes of the newest 12
//   releases, and a publication that changes none of them (measured in a transaction that is rolled back).
import { RECENT_RELEASES } from "../src/core/change-feed.ts";
import { openDb } from "../src/db/client.ts";
import { publishedDates } from "../src/ingest/derive.ts";
import { computeRecentChanges } from "../src/ingest/recent-changes.ts";
import { createNext } from "../src/ingest/stage.ts";
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

/** Rolls the benchmark's transaction back. */
class RollBack extends Error {}

async function publicationCost(engine: Engine, target: string): Promise<void> {
  const db = await openDb(target.startsWith("postgres") ? { databaseUrl: target } : { dataDir: target });
  try {
    const dates = await publishedDates(db);
    const timed = async (label: string, prepare: string) => {
      await db
        .transaction(async (tx) => {
          await createNext(tx, "recent_change");
          await createNext(tx, "recent_change_basis");
          if (prepare) await tx.exec(prepare);
          const started = performance.now();
          await computeRecentChanges(tx, dates, "facility", async () => {});
          const elapsed = performance.now() - started;
          const [count] = await tx.query<{ n: number }>(
            "SELECT count(*)::integer AS n FROM recent_change_next",
          );
          line(engine, label, `${ms(elapsed)}  (${count?.n ?? 0} entries over ${RECENT_RELEASES} releases)`);
          throw new RollBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RollBack)) throw error;
        });
    };
    await timed("publication: the newest 12 releases' changes", "DELETE FROM recent_change_basis");
    await timed("publication: none of them changed (copied)", "");
  } finally {
    await db.close();
  }
}

async function bench(engine: Engine, target: string) {
  await publicationCost(engine, target);
  const server = await startServer(target);
  const base = server.uncached;
  try {
    const states = JSON.parse(await fetchText(`${base}/api/lookups/states`)) as string[];
    const ccns: string[] = [];
    for (const page of [1, 5, 10, 15]) {
      const list = JSON.parse(await fetchText(`${base}/api/facilities?page=${page}&pageSize=250`)) as {
        data: { ccn: string }[];
      };
      ccns.push(...list.data.map((item) => item.ccn));
    }
    const first = await fetchText(`${base}/api/feeds/changes.atom`);
    const last = /<link rel="last" type="application\/atom\+xml" href="[^"]*page=(\d+)"/.exec(first)?.[1];
    const pages = Number(last ?? 1);
    const entries = (first.match(/<entry>/g) ?? []).length;
    line(
      engine,
      "national feed",
      `${pages} pages of up to ${entries} entries, ${(first.length / 1024).toFixed(0)} KiB a page`,
    );
    const endpoints: [string, string[]][] = [
      ["national feed, first page", Array.from({ length: 100 }, () => "/api/feeds/changes.atom")],
      [
        `national feed, page ${Math.ceil(pages / 2)}`,
        Array.from({ length: 100 }, () => `/api/feeds/changes.atom?page=${Math.ceil(pages / 2)}`),
      ],
      ["a state's feed", [...states, ...states].map((state) => `/api/feeds/changes.atom?state=${state}`)],
      ["a state's feed, 4+ stars", states.map((state) => `/api/feeds/changes.atom?state=${state}&rating=4`)],
      ["one facility's feed", ccns.map((ccn) => `/api/feeds/changes.atom?ccn=${ccn}`)],
    ];
    for (const [name, paths] of endpoints) {
      const figure = await latency(base, paths);
      line(
        engine,
        `${name}, uncached`,
        `p50 ${ms(figure.p50)}  p99 ${ms(figure.p99)}  max ${ms(figure.max)}  (${figure.n} requests; target p99 <= 50)`,
      );
    }
  } finally {
    await stopServer(server.child);
  }
}

await runNational("feeds", rows, bench);
