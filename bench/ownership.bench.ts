// `tsx bench/ownership.bench.ts <dataDir|postgres-url>`: latency without the response cache of a facility's
// ownership (each request for a different facility), an owner's page (each for a different owner; the largest owners
// apart), owner suggestions (each for different words) and the list filtered by an owner, and the size of the
// ownership tables (spans against the rows the files listed), on the database given (or the national dataset,
// see datasets.ts, without one). Targets: a facility's ownership and an owner's page p99 <= 20 ms, suggestions p99
// <= 10 ms, uncached.
import { openDb } from "../src/db/client.ts";
import {
  type Engine,
  figures,
  latency,
  ms,
  runNational,
  startServer,
  stopServer,
} from "./uncached-latency.ts";

const { rows, line } = figures();

interface Sample {
  ccns: string[];
  owners: { type: string; name: string }[];
  largest: { type: string; name: string; facilities: number }[];
  words: string[];
}

/** The tables' rows and sizes, and the facilities, owners and words the requests use (read before the server). */
async function prepare(engine: Engine, target: string): Promise<Sample> {
  const db = await openDb(target.startsWith("postgres") ? { databaseUrl: target } : { dataDir: target });
  try {
    const [size] = await db.query<{
      releases: number;
      listed: number;
      spans: number;
      facilities: number;
      owners: number;
      current: number;
      spanBytes: number;
      allBytes: number;
    }>(
      `SELECT (SELECT count(*)::integer FROM ownership_release) AS releases,
         (SELECT coalesce(sum(row_count), 0)::integer FROM ownership_release) AS listed,
         (SELECT count(*)::integer FROM ownership_role) AS spans,
         (SELECT count(*)::integer FROM ownership_facility) AS facilities,
         (SELECT count(*)::integer FROM owner_summary) AS owners,
         (SELECT count(*)::integer FROM owner_facility) AS current,
         pg_total_relation_size('ownership_role')::float8 AS "spanBytes",
         (pg_total_relation_size('ownership_role') + pg_total_relation_size('ownership_facility')
           + pg_total_relation_size('owner_facility') + pg_total_relation_size('owner_summary'))::float8 AS "allBytes"`,
    );
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    if (size) {
      line(
        engine,
        "ownership tables",
        `${size.releases} releases listing ${size.listed.toLocaleString("en-US")} rows kept as ${size.spans.toLocaleString("en-US")} spans (${size.facilities.toLocaleString("en-US")} facilities, ${size.owners.toLocaleString("en-US")} owners, ${size.current.toLocaleString("en-US")} current roles); spans ${mib(size.spanBytes)}, all ownership tables ${mib(size.allBytes)}`,
      );
    }
    const ccns = (
      await db.query<{ ccn: string }>(
        "SELECT f.ccn FROM facility f WHERE EXISTS (SELECT 1 FROM owner_facility o WHERE o.ccn = f.ccn) ORDER BY hashtext(f.ccn) LIMIT 400",
      )
    ).map((row) => row.ccn);
    const owners = await db.query<{ type: string; name: string }>(
      "SELECT owner_type AS type, name FROM owner_summary WHERE facilities > 0 ORDER BY hashtext(owner_key) LIMIT 400",
    );
    const largest = await db.query<{ type: string; name: string; facilities: number }>(
      "SELECT owner_type AS type, name, facilities FROM owner_summary ORDER BY facilities DESC, name LIMIT 25",
    );
    // Words as a visitor types them: the beginnings of the owners' names' words, 2 to 6 letters, one or two words.
    const names = await db.query<{ words: string }>(
      "SELECT name_key AS words FROM owner_summary ORDER BY hashtext(name_key || 'q') LIMIT 400",
    );
    const words = names.map(({ words: text }, index) => {
      const parts = text.split(" ").filter((word) => /^[A-Z]{2,}$/.test(word));
      const first = (parts[index % Math.max(1, parts.length)] ?? "HEALTH").slice(0, 2 + (index % 5));
      const second = parts.length > 1 && index % 3 === 0 ? ` ${(parts.at(-1) ?? "").slice(0, 3)}` : "";
      return `${first}${second}`.toLowerCase();
    });
    return { ccns, owners, largest, words: [...new Set(words)] };
  } finally {
    await db.close();
  }
}

async function bench(engine: Engine, target: string) {
  const sample = await prepare(engine, target);
  if (sample.ccns.length < 100 || sample.owners.length < 100) throw new Error("too few facilities or owners");
  const server = await startServer(target);
  const base = server.uncached;
  const ownerPath = (owner: { type: string; name: string }) =>
    `/api/owners/${owner.type}/${encodeURIComponent(owner.name)}`;
  try {
    const endpoints: [string, string[]][] = [
      ["facility ownership", sample.ccns.map((ccn) => `/api/facilities/${ccn}/ownership`)],
      ["owner page", sample.owners.map(ownerPath)],
      ["owner page, the 25 largest owners", [...sample.largest, ...sample.largest].map(ownerPath)],
      ["owner suggestions", sample.words.map((words) => `/api/owners?q=${encodeURIComponent(words)}`)],
      [
        "list filtered by owner",
        sample.owners
          .slice(0, 200)
          .map((owner) => `/api/facilities?owner=${encodeURIComponent(`${owner.type}:${owner.name}`)}`),
      ],
    ];
    for (const [name, paths] of endpoints) {
      const figure = await latency(base, paths);
      line(
        engine,
        `${name}, uncached`,
        `p50 ${ms(figure.p50)}  p99 ${ms(figure.p99)}  max ${ms(figure.max)}  (${figure.n} requests)`,
      );
    }
    line(
      engine,
      "largest owners",
      sample.largest
        .slice(0, 3)
        .map((owner) => `${owner.name} (${owner.facilities})`)
        .join(", "),
    );
  } finally {
    await stopServer(server.child);
  }
}

await runNational("ownership", rows, bench);
