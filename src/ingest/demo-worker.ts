// The demo generator on a thread of its own: writing a month's files is seconds of JavaScript that never waits, which
// on a server's thread would hold up every request meanwhile (a first start on demo data runs it while it serves).
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { type DemoFile, type DemoOptions, writeDemoFiles } from "./demo-data.ts";

interface Job {
  dir: string;
  options: DemoOptions;
}

/** writeDemoFiles in a worker thread: the same files, the calling thread free meanwhile. */
export function writeDemoFilesInWorker(dir: string, options: DemoOptions = {}): Promise<DemoFile[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./demo-worker-boot.mjs", import.meta.url), {
      workerData: { dir, options } satisfies Job,
    });
    let settled = false;
    worker.once("message", (files: DemoFile[]) => {
      settled = true;
      resolve(files);
    });
    worker.once("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`the demo generator stopped with exit code ${code}`));
    });
  });
}

if (!isMainThread && parentPort) {
  const { dir, options } = workerData as Job;
  parentPort.postMessage(await writeDemoFiles(dir, options));
}
