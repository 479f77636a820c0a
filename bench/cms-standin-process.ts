// The stand-in CMS (test/cms-standin) serving the benchmarks' full history from a process of its own, so that its
// file transfers do not share an event loop with the server under test (the real CMS is another machine).
// Forked with IPC by bench/refresh.bench.ts: sends {type:"ready", baseUrl}; takes {type:"setCurrent", file},
// {type:"publish", archive} (bodies as {path}) and answers each with {type:"done"}; {type:"close"} ends it.
import type { CurrentFile, ListedArchive } from "../test/cms-standin/server.ts";
import { startCmsStandin } from "../test/cms-standin/server.ts";
import { buildCmsHistory } from "./datasets.ts";

export type StandinCommand =
  | { type: "setCurrent"; file: CurrentFile }
  | { type: "publish"; archive: ListedArchive }
  | { type: "close" };

if (process.send) {
  const history = await buildCmsHistory();
  const standin = await startCmsStandin({ current: history.current, archives: history.archives });
  process.on("message", async (command: StandinCommand) => {
    if (command.type === "setCurrent") standin.setCurrent(command.file);
    else if (command.type === "publish") standin.publish(command.archive);
    else {
      await standin.close();
      process.exit(0);
    }
    process.send?.({ type: "done" });
  });
  // Ends with its parent.
  process.on("disconnect", () => process.exit(0));
  process.send({ type: "ready", baseUrl: standin.baseUrl });
}
