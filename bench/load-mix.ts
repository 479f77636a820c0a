// The mix of requests the load benchmarks send, built from the data the server lists: list pages across the whole
// range, filters, alert views of both periods, details, histories, meta, lookups and the web app's files.
// bench/load.bench.ts draws every request afresh from it; bench/cold.bench.ts draws a fixed set of distinct
// requests (as a day's traffic repeats itself) and sends them over and over.
import { Rng } from "../src/ingest/demo/random.ts";

export interface MixData {
  states: string[];
  entities: string[];
  ccns: string[];
  /** List pages of 100 in the default view. */
  pages: number;
  /** Paths of the built web app's files (/assets/...). */
  assets: string[];
}

/** Reads what the mix needs from a running server: states, entities, and the first `facilityCount` CCNs in list order. */
export async function readMixData(base: string, facilityCount: number, assets: string[]): Promise<MixData> {
  const states = (await (await fetch(`${base}/api/lookups/states`)).json()) as string[];
  const entities = ((await (await fetch(`${base}/api/lookups/entities`)).json()) as string[]).slice(0, 200);
  const ccns: string[] = [];
  let totalCount = 0;
  for (let page = 1; ccns.length < facilityCount; page += 1) {
    const list = (await (await fetch(`${base}/api/facilities?pageSize=1000&page=${page}`)).json()) as {
      data: { ccn: string }[];
      totalCount: number;
    };
    totalCount = list.totalCount;
    ccns.push(...list.data.map((item) => item.ccn).slice(0, facilityCount - ccns.length));
    if (list.data.length < 1000) break;
  }
  return { states, entities, ccns, pages: Math.ceil(totalCount / 100), assets };
}

/** A function that draws the next request's path of the mix. */
export function mixPaths(data: MixData, random: () => number = Math.random): () => string {
  const { states, entities, ccns, pages, assets } = data;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const int = (n: number) => 1 + Math.floor(random() * n);
  const kinds: [weight: number, path: () => string][] = [
    [20, () => `/api/facilities?page=${int(pages)}`],
    [8, () => `/api/facilities?state=${pick(states)}&page=${int(3)}`],
    [5, () => `/api/facilities?rating=${int(5)}&state=${pick(states)}`],
    [5, () => `/api/facilities?entity=${encodeURIComponent(pick(entities))}`],
    [5, () => `/api/facilities?search=${pick(["care", "health", "rehab", "manor", "villa", "center"])}`],
    [
      8,
      () =>
        `/api/facilities?alertEnabled=true&alertPeriod=${pick(["lastPeriod", "lastQuarter"])}&alertThreshold=${int(2)}&alertMetric=${encodeURIComponent(pick(["Overall Rating", "Staffing Rating", "QM Rating", "Health Inspection Rating"]))}&page=${int(5)}`,
    ],
    [
      4,
      () => `/api/alerts?period=${pick(["lastPeriod", "lastQuarter"])}&ccn=${pick(ccns)}&ccn=${pick(ccns)}`,
    ],
    [12, () => `/api/facilities/${pick(ccns)}`],
    [12, () => `/api/facilities/${pick(ccns)}/history`],
    [6, () => "/api/meta"],
    [3, () => `/api/lookups/${pick(["states", "entities"])}`],
    [6, () => pick(["/", "/facility/015009", ...assets])],
  ];
  const totalWeight = kinds.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let roll = random() * totalWeight;
    for (const [weight, path] of kinds) {
      roll -= weight;
      if (roll < 0) return path();
    }
    return "/api/meta";
  };
}

/** `count` distinct paths of the mix, the same for the same data and seed. */
export function distinctMix(data: MixData, count: number, seed = 1): string[] {
  const random = new Rng(seed);
  const next = mixPaths(data, () => random.next());
  const paths = new Set<string>();
  for (let attempts = 0; paths.size < count && attempts < count * 100; attempts += 1) paths.add(next());
  return [...paths];
}
