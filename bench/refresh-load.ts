// The load generator of bench/refresh.bench.ts, in its own process so that it does not compete with the server's
// event loop: `connections` loops, each sending its next request as soon as the previous answer is read, over
// keep-alive connections, like browsers at the dashboard. The mix (per 20 requests): 8 list pages, each filtered by
// a state (or two, or none), a minimum rating and a page so that the response cache misses; 4 alert views (plain,
// or filtered by a state) over the metrics, periods, thresholds and pages; 3 facility details, 3 rating histories
// (15,000 facilities, so mostly misses too); 1 /api/meta; 1 /healthz.
// Driven over IPC: {type:"start", ...} starts, {type:"stop"} stops (answers in flight are awaited), the samples are
// written to samplesFile, then {type:"stopped"} is sent and the process exits.
import { writeFileSync } from "node:fs";
import http from "node:http";
import { timedGet } from "./timed-get.ts";

export const KINDS = ["list", "alert", "detail", "history", "meta", "healthz"] as const;
export type Kind = (typeof KINDS)[number];

export interface StartMessage {
  type: "start";
  baseUrl: string;
  connections: number;
  ccns: string[];
  states: string[];
  samplesFile: string;
}

/** One sample per request: when it was sent (ms since the epoch), how long the whole answer took, its status. */
export interface Samples {
  kinds: readonly Kind[];
  startedAt: number[];
  ms: number[];
  /** 0: no answer (connection error or timeout). */
  status: number[];
  kind: number[];
  /** The path of every request slower than 1 s, by index. */
  slowPaths: Record<number, string>;
}

const SLOT_KINDS: Kind[] = [
  "list",
  "alert",
  "detail",
  "list",
  "history",
  "list",
  "alert",
  "meta",
  "list",
  "detail",
  "history",
  "list",
  "alert",
  "healthz",
  "list",
  "detail",
  "history",
  "list",
  "alert",
  "list",
];

const METRICS = ["Overall Rating", "Health Inspection Rating", "Staffing Rating", "QM Rating"];
const PERIODS = ["lastPeriod", "lastQuarter"];
const RATINGS = [null, 1, 2, 3, 4, 5];

function pathsFor(ccns: string[], states: string[]) {
  const counters = new Map<Kind, number>();
  const next = (kind: Kind) => {
    const n = counters.get(kind) ?? 0;
    counters.set(kind, n + 1);
    return n;
  };
  const s = states.length;
  // A state filter: none, one state, or two (the UI allows several).
  const stateSet = (i: number): string[] => {
    if (i === 0) return [];
    if (i <= s) return [states[i - 1] as string];
    const a = (i - s - 1) % s;
    return [states[a] as string, states[(a * 7 + 3) % s] as string];
  };
  const stateSets = 2 * s + 1;
  const listPath = (n: number) => {
    const params = new URLSearchParams();
    const set = n % stateSets;
    for (const state of stateSet(set)) params.append("state", state);
    const rating = RATINGS[Math.floor(n / stateSets) % RATINGS.length];
    if (rating != null) params.set("rating", String(rating));
    params.set("page", String(1 + (Math.floor(n / (stateSets * RATINGS.length)) % 3)));
    params.set("pageSize", "100");
    return `/api/facilities?${params}`;
  };
  const alertPath = (n: number) => {
    const params = new URLSearchParams({ alertEnabled: "true" });
    params.set("alertMetric", METRICS[n % METRICS.length] as string);
    params.set("alertPeriod", PERIODS[Math.floor(n / METRICS.length) % PERIODS.length] as string);
    const rest = Math.floor(n / (METRICS.length * PERIODS.length));
    if (n % 2 === 0) {
      // The plain alert view (alert_page()): threshold and page vary.
      params.set("alertThreshold", String(1 + (rest % 3)));
      params.set("page", String(1 + (Math.floor(rest / 3) % 2)));
    } else {
      params.append("state", states[rest % s] as string);
    }
    params.set("pageSize", "100");
    return `/api/facilities?${params}`;
  };
  const ccnAt = (n: number) => ccns[(n * 7919) % ccns.length] as string;
  return (slot: number): { kind: Kind; path: string } => {
    const kind = SLOT_KINDS[slot % SLOT_KINDS.length] as Kind;
    const n = next(kind);
    switch (kind) {
      case "list":
        return { kind, path: listPath(n) };
      case "alert":
        return { kind, path: alertPath(n) };
      case "detail":
        return { kind, path: `/api/facilities/${ccnAt(n)}` };
      case "history":
        return { kind, path: `/api/facilities/${ccnAt(n + 5000)}/history` };
      case "meta":
        return { kind, path: "/api/meta" };
      default:
        return { kind, path: "/healthz" };
    }
  };
}

function run(start: StartMessage) {
  const url = new URL(start.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: start.connections });
  const pathFor = pathsFor(start.ccns, start.states);
  const samples: Samples = { kinds: KINDS, startedAt: [], ms: [], status: [], kind: [], slowPaths: {} };
  let slot = 0;
  let running = true;

  const get = async (path: string) =>
    (await timedGet(agent, url, path, { "accept-encoding": "gzip, deflate, br", accept: "application/json" }))
      .status;

  const loop = async () => {
    while (running) {
      const { kind, path } = pathFor(slot++);
      const startedAt = performance.timeOrigin + performance.now();
      const status = await get(path);
      const ms = performance.timeOrigin + performance.now() - startedAt;
      if (ms >= 1000) samples.slowPaths[samples.ms.length] = path;
      samples.startedAt.push(startedAt);
      samples.ms.push(ms);
      samples.status.push(status);
      samples.kind.push(KINDS.indexOf(kind));
    }
  };
  const loops = Array.from({ length: start.connections }, loop);

  process.on("message", async (message: { type: string }) => {
    if (message.type !== "stop") return;
    running = false;
    await Promise.all(loops);
    agent.destroy();
    writeFileSync(start.samplesFile, JSON.stringify(samples));
    process.send?.({ type: "stopped", requests: samples.ms.length }, () => process.exit(0));
  });
  process.send?.({ type: "started" });
}

if (process.send) {
  process.once("message", (message: StartMessage) => {
    if (message.type === "start") run(message);
  });
}
