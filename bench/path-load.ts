// A load generator in a process of its own (so that it does not share an event loop with the server under test):
// `connections` keep-alive loops, each sending its next request as soon as the previous answer is read, drawn from a
// fixed list of paths, with Accept-Encoding: gzip; a share of them revalidations (If-None-Match with the ETag an
// earlier answer to the same path carried). Driven over IPC: {type:"start", ...} starts and is answered
// {type:"started"}; {type:"stop"} stops (answers in flight are awaited), writes the samples to samplesFile, then
// answers {type:"stopped"} and exits.
import { writeFileSync } from "node:fs";
import http from "node:http";
import { timedGet } from "./timed-get.ts";

export interface PathLoadStart {
  type: "start";
  baseUrl: string;
  connections: number;
  paths: string[];
  /** Share of requests sent as revalidations once an ETag of the path is known (0.1: 10%). */
  revalidate: number;
  samplesFile: string;
}

/** One sample per request: when it was sent (ms since the epoch), how long its whole answer took, its status. */
export interface PathSamples {
  startedAt: number[];
  ms: number[];
  /** 0: no answer (connection error or timeout). */
  status: number[];
  /** Index in the paths list. */
  path: number[];
}

function run(start: PathLoadStart) {
  const url = new URL(start.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: start.connections });
  const samples: PathSamples = { startedAt: [], ms: [], status: [], path: [] };
  const etags = new Map<number, string>();
  let running = true;

  const get = async (index: number) => {
    const etag = etags.get(index);
    const headers: Record<string, string> = { "accept-encoding": "gzip" };
    if (etag && Math.random() < start.revalidate) headers["if-none-match"] = etag;
    const answer = await timedGet(agent, url, start.paths[index] as string, headers);
    if (answer.etag && answer.status === 200) etags.set(index, answer.etag);
    return answer.status;
  };

  const loop = async () => {
    while (running) {
      const index = Math.floor(Math.random() * start.paths.length);
      const startedAt = performance.timeOrigin + performance.now();
      const status = await get(index);
      samples.startedAt.push(startedAt);
      samples.ms.push(performance.timeOrigin + performance.now() - startedAt);
      samples.status.push(status);
      samples.path.push(index);
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
  process.once("message", (message: PathLoadStart) => {
    if (message.type === "start") run(message);
  });
}
