// Worker entry: the demo generator is TypeScript run through tsx, and a worker thread needs tsx registered for itself.
import { register } from "tsx/esm/api";

register();
await import("./demo-worker.ts");
