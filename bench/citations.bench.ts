// `npm run bench:citations`: the inspection record's endpoints without the response cache, on the national dataset
// (15,000 facilities x BENCH_MONTHS with the demo's citations and penalties of every twelfth month, see datasets.ts),
// on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. Each request asks for something else (a
// facility, a page, a state, a tag or words), so that nothing but the database's buffers is reused:
// - a facility's surveys with their citations, and its penalties;
// - the facility list filtered by harm=actual and by abuse=true (pages, states, ratings);
// - /api/citations unfiltered (pages 1 to 20, and the deepest, 91 to 100), by tag, by words of the description (q),
//   by state and harm, by dates, by kind of inspection (alone, deep, with a state, harm, a tag or dates).
// Target: tens of milliseconds on PGlite, p50 <= 20 ms.
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

/** A small deterministic generator, so that every run asks for the same things. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function bench(engine: Engine, target: string) {
  const server = await startServer(target);
  const base = server.uncached;
  try {
    const random = seeded(17);
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
    const points = JSON.parse(await fetchText(`${base}/api/facilities/points`)) as { ccn: string[] };
    const ccns = Array.from({ length: 300 }, () => pick(points.ccn));
    const states = JSON.parse(await fetchText(`${base}/api/lookups/states`)) as string[];
    const categories = JSON.parse(await fetchText(`${base}/api/citations/categories`)) as {
      categories: { tags: { tag: string; description: string | null; citations: number }[] }[];
    };
    const tags = categories.categories.flatMap((category) => category.tags);
    /** The words of each tag's description (longer than three letters). */
    const wordsOf = tags.map((tag) =>
      (tag.description ?? "")
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((word) => word.length > 3),
    );
    const run = async (what: string, paths: string[]) => {
      const first = JSON.parse(await fetchText(`${base}${paths[0]}`)) as { totalCount?: number };
      const figure = await latency(base, paths);
      line(
        engine,
        what,
        `p50 ${ms(figure.p50)}  p99 ${ms(figure.p99)}  max ${ms(figure.max)}  (${figure.n} requests${
          first.totalCount === undefined ? "" : `; first: ${first.totalCount} in all`
        })`,
      );
    };

    await run(
      "facility inspections",
      ccns.map((ccn) => `/api/facilities/${ccn}/inspections`),
    );
    await run(
      "facility penalties",
      ccns.map((ccn) => `/api/facilities/${ccn}/penalties`),
    );
    await run(
      "list, harm=actual",
      Array.from({ length: 200 }, (_, index) =>
        index % 4 === 0
          ? `/api/facilities?harm=actual&page=${1 + (index % 40)}`
          : index % 4 === 1
            ? `/api/facilities?harm=actual&state=${pick(states)}`
            : index % 4 === 2
              ? `/api/facilities?harm=actual&rating=${1 + (index % 5)}&page=${1 + (index % 3)}`
              : `/api/facilities?harm=jeopardy&state=${pick(states)}&state=${pick(states)}`,
      ),
    );
    await run(
      "list, abuse=true",
      Array.from({ length: 200 }, (_, index) =>
        index % 3 === 0
          ? `/api/facilities?abuse=true&page=${1 + (index % 40)}`
          : index % 3 === 1
            ? `/api/facilities?abuse=true&state=${pick(states)}`
            : `/api/facilities?abuse=true&harm=actual&rating=${1 + (index % 5)}`,
      ),
    );
    await run(
      "citations, unfiltered (pages 1-20)",
      Array.from({ length: 200 }, (_, index) => `/api/citations?page=${1 + (index % 20)}`),
    );
    await run(
      "citations, deepest pages (91-100)",
      Array.from({ length: 100 }, (_, index) => `/api/citations?page=${91 + (index % 10)}`),
    );
    await run(
      "citations by tag",
      Array.from(
        { length: 200 },
        (_, index) => `/api/citations?tag=${pick(tags).tag}&page=${1 + (index % 3)}`,
      ),
    );
    await run(
      "citations by q (words of descriptions)",
      Array.from({ length: 200 }, (_, index) => {
        // One word, or two of the same description.
        const words = pick(wordsOf.filter((list) => list.length >= 2));
        const query = index % 2 ? pick(words) : `${pick(words)} ${pick(words)}`;
        return `/api/citations?q=${encodeURIComponent(query)}&page=${1 + (index % 3)}`;
      }),
    );
    await run(
      "citations by state and harm",
      Array.from(
        { length: 200 },
        (_, index) => `/api/citations?state=${pick(states)}&harm=${index % 3 ? "actual" : "jeopardy"}`,
      ),
    );
    await run(
      "citations by dates (a year, a month, days)",
      Array.from({ length: 200 }, (_, index) => {
        const year = 2019 + (index % 7);
        const month = String(1 + (index % 12)).padStart(2, "0");
        return index % 3 === 0
          ? `/api/citations?from=${year}-01-01&to=${year}-12-31`
          : index % 3 === 1
            ? `/api/citations?from=${year}-${month}-01&to=${year}-${month}-28&harm=actual`
            : `/api/citations?from=${year}-${month}-10&to=${year + 1}-${month}-20&tag=${pick(tags).tag}`;
      }),
    );
    await run(
      "citations by kind",
      Array.from({ length: 240 }, (_, index) => {
        const kind = (["standard", "complaint", "infectionControl"] as const)[index % 3];
        const year = 2020 + (index % 6);
        switch (Math.floor(index / 3) % 5) {
          case 0:
            return `/api/citations?kind=${kind}&page=${1 + (index % 20)}`;
          case 1:
            return `/api/citations?kind=${kind}&page=${91 + (index % 10)}`;
          case 2:
            return `/api/citations?kind=${kind}&state=${pick(states)}`;
          case 3:
            return `/api/citations?kind=${kind}&harm=actual&tag=${pick(tags).tag}`;
          default:
            return `/api/citations?kind=${kind}&from=${year}-03-01&to=${year}-08-31`;
        }
      }),
    );
  } finally {
    await stopServer(server.child);
  }
}

await runNational("citations", rows, bench);
