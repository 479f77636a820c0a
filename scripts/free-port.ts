// A TCP port free on 127.0.0.1 right now, for the servers that tests, benchmarks and scripts start.
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}
