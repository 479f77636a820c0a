// Worker entry: the ingest runs TypeScript through tsx, and a worker thread needs tsx registered for itself.
import { register } from "tsx/esm/api";

register();
await import("./parse-worker.ts");
