// The real CMS files of ../shared/data/cms/raw, read in place by tests, the browser-test server and benchmarks
// (never copied into the project). A clone without that folder skips what needs them.
import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";

export const REAL_DATA_DIR = resolve(import.meta.dirname, "../../shared/data/cms/raw");
export const hasRealData = existsSync(REAL_DATA_DIR);
export const realFile = (name: string) => resolve(REAL_DATA_DIR, name);

/** Every real release file (the gzipped CSVs at the top of the folder). */
export function realReleaseFiles(): string[] {
  return hasRealData
    ? readdirSync(REAL_DATA_DIR)
        .filter((name) => name.endsWith(".csv.gz"))
        .map(realFile)
    : [];
}
