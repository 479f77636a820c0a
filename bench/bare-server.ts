// A bare `node:http` server, in a process of its own, that sends answers recorded from the product byte for byte
// (status, headers and body) from memory: the limit of Node's own HTTP stack for those answers on this machine,
// which bench:cached measures the product against. An answer is chosen by the request's URL and Accept-Encoding.
// Started by startBareServer with the file of answers; prints the port it listens on.
import { fork } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedAnswer {
  path: string;
  /** The request's Accept-Encoding ("" for none). */
  acceptEncoding: string;
  status: number;
  /** Names and values in one flat list, without those Node adds itself (Date, Connection, Keep-Alive). */
  headers: string[];
  body: Buffer;
}

/** Starts the bare server on a free port of 127.0.0.1, sending `answers`. */
export async function startBareServer(
  answers: RecordedAnswer[],
  answersFile: string,
): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  writeFileSync(
    answersFile,
    JSON.stringify(answers.map((answer) => ({ ...answer, body: answer.body.toString("base64") }))),
  );
  const child = fork(import.meta.filename, [answersFile], { stdio: ["ignore", "pipe", "inherit", "ipc"] });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message) => resolve(Number(message)));
    child.once("exit", () => reject(new Error("the bare server did not start")));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

if (process.send && process.argv[2]) {
  const recorded = JSON.parse(readFileSync(process.argv[2], "utf8")) as (Omit<RecordedAnswer, "body"> & {
    body: string;
  })[];
  const answers = new Map(
    recorded.map((answer) => [
      `${answer.path} ${answer.acceptEncoding}`,
      { ...answer, body: Buffer.from(answer.body, "base64") },
    ]),
  );
  const server = http.createServer((request, response) => {
    const answer = answers.get(`${request.url} ${request.headers["accept-encoding"] ?? ""}`);
    if (!answer) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, "127.0.0.1", () => process.send?.((server.address() as AddressInfo).port));
}
