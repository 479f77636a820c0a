// Several server processes on one PostgreSQL database, as operators run them when one machine is not enough: they
// start together on an empty database, and while one loads a new CMS file the others wait their turn instead of
// asking for the load lock again and again; every file is downloaded and loaded once, and every server serves it.
import { afterEach, describe, expect, it } from "vitest";
import { type CmsStandin, startCmsStandin } from "../../test/cms-standin/server.ts";
import { archive, current } from "../../test/cms-standin/small-cms.ts";
import { tempDir } from "../../test/csv-fixtures.ts";
import { createPostgresSchema, postgresUrl } from "../../test/databases.ts";
import { type ServerProcess, startServerProcess } from "../../test/server-process.ts";
import type { Meta } from "../core/api-types.ts";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function meta(server: ServerProcess): Promise<Meta> {
  return (await (await fetch(`${server.base}/api/meta`)).json()) as Meta;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(200);
  }
}

describe.skipIf(!postgresUrl)("several servers on one PostgreSQL database", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const start = async (env: NodeJS.ProcessEnv) => {
    const server = await startServerProcess(env);
    cleanups.push(() => server.stop());
    return server;
  };

  it("start together on an empty database: one creates the schema, the others wait for it, none fails", async () => {
    const schema = await createPostgresSchema(postgresUrl as string);
    cleanups.push(() => schema.drop());
    const servers = await Promise.all(
      [1, 2, 3, 4].map(() => start({ DATABASE_URL: schema.url, DATA_SOURCE: "none" })),
    );
    for (const server of servers) {
      const answer = await meta(server).catch((error: Error) => error);
      expect(server.stderr()).not.toMatch(/Cannot start/);
      expect(answer).toMatchObject({ facilityCount: 0 });
    }
    for (const server of servers) expect(await server.stop()).toBe(0);
  });

  it("while one server loads a new file, the other waits before asking again, says so once, and serves it too", async () => {
    const schema = await createPostgresSchema(postgresUrl as string);
    cleanups.push(() => schema.drop());
    const standin: CmsStandin = await startCmsStandin({
      current: current("2024-06", 5),
      archives: [
        { date: "2024-04-24", body: await archive("2024-04-24", "2024-04", 3) },
        { date: "2024-05-22", body: await archive("2024-05-22", "2024-05", 4) },
      ],
    });
    cleanups.push(() => standin.close());
    const env = {
      DATABASE_URL: schema.url,
      DATA_SOURCE: "cms",
      CMS_BASE_URL: standin.baseUrl,
      CMS_BACKFILL_MONTHS: "2",
      CMS_REFRESH_INTERVAL_S: "1",
      LOG_LEVEL: "debug",
    };
    // Two copies of the product: each its own download folder.
    const servers = await Promise.all([
      start({ ...env, CMS_CACHE_DIR: tempDir() }),
      start({ ...env, CMS_CACHE_DIR: tempDir() }),
    ]);
    await until("both servers serve June", async () => {
      const answers = await Promise.all(servers.map(meta));
      return answers.every(
        (answer) => answer.latestProcessingDate === "2024-06-01" && !answer.load.isLoading,
      );
    });

    // A new month, slow to download: whichever server checks first holds the load lock for about 5 s.
    const july = current("2024-07", 2);
    standin.throttle(Math.ceil((july.body as Buffer).length / 5));
    const attemptsBefore = servers.map((server) => server.logs.length);
    const published = Date.now();
    standin.setCurrent(july);
    await until("both servers serve July", async () => {
      const answers = await Promise.all(servers.map(meta));
      return answers.every((answer) => answer.latestProcessingDate === "2024-07-01");
    });
    const seconds = (Date.now() - published) / 1000;
    standin.throttle(null);

    const since = servers.map((server, index) => server.logs.slice(attemptsBefore[index]));
    const lockHeld = since.map(
      (lines) =>
        lines.filter((line) => line.msg === "refresh from CMS: the load lock is held by another process")
          .length,
    );
    const skippedSaid = since.map(
      (lines) =>
        lines.filter((line) => line.msg?.startsWith("refresh from CMS: another process is loading")).length,
    );
    // One server loaded July; the other found the lock held, and asked again about once a second (its interval),
    // not hundreds of times a second, telling the log once.
    expect(Math.max(...lockHeld)).toBeGreaterThan(0);
    expect(Math.max(...lockHeld)).toBeLessThanOrEqual(Math.ceil(seconds) + 2);
    // Said once per stretch of skipped checks: during July's load, or still from June's if the other process has held
    // the lock at every check since (six current files make a check longer than the one-second interval).
    expect(Math.max(...skippedSaid)).toBeLessThanOrEqual(1);
    const saidInAll = servers.map(
      (server) =>
        server.logs.filter((line) => line.msg?.startsWith("refresh from CMS: another process is loading"))
          .length,
    );
    expect(Math.max(...saidInAll)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...saidInAll)).toBeLessThan(Math.max(...lockHeld) + 1);
    expect(standin.downloads("NH_ProviderInfo_Jul2024.csv")).toBe(1);
    // Both serve the new month within seconds of each other, with nothing stale in their caches.
    for (const server of servers) {
      const list = (await (await fetch(`${server.base}/api/facilities?pageSize=10`)).json()) as {
        data: { overallRating: number | null }[];
      };
      expect(list.data.map((item) => item.overallRating)).toEqual([2, 2, 2, 2]);
    }
  });
});
