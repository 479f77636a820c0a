// Worker entry: the server and the ingest run TypeScript through tsx, and a worker thread needs tsx registered for itself.
import { register } from "tsx/esm/api";

register();
await import("./pglite-thread.ts");
