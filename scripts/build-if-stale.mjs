// Builds the web app (`vite build`) unless the build in dist/web is newer than everything it is made from: the
// sources (src/), the build's configuration and the installed packages. `npm install` builds it (postinstall), so
// that `npm start` serves at once instead of building first (about 6 s on a 2-core machine); a start after a change
// to any of those files builds again. A build that did not finish leaves no stamp (dist/web-build.stamp), so the next start builds.
import { spawnSync } from "node:child_process";
import { readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
// Beside the build, not in it: every file of dist/web is served.
const stamp = join(root, "dist/web-build.stamp");

/** The newest modification time (ms) of the files under `path`. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let most = stat.mtimeMs;
  for (const entry of readdirSync(path)) most = Math.max(most, newest(join(path, entry)));
  return most;
}

const inputs = ["src", "vite.config.ts", "tsconfig.json", "package.json", "package-lock.json"];
const builtAt = statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changedAt = Math.max(...inputs.map((input) => newest(join(root, input))));
if (builtAt > changedAt) {
  console.log("web app: the build in dist/web is up to date");
} else {
  rmSync(stamp, { force: true });
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const build = spawnSync(npm, ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}
