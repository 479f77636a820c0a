// `npm test`: every test of the project. Unit, ingest and API tests (vitest; on PostgreSQL too when
// TEST_DATABASE_URL is set), then the API fuzzer driven by the OpenAPI document, then the browser tests (Playwright in the system Chromium) on the production build.
// Ends with one line "N passed, N failed, N skipped" over both runners.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_PATH as CHROMIUM } from "./chromium.ts";

const reports = mkdtempSync(join(tmpdir(), "cms-tests-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

const vitestReport = join(reports, "vitest.json");
const vitestStatus = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
exitCode ||= vitestStatus;
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, "utf8")) as Record<string, number>;
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

if (!existsSync(CHROMIUM) && !process.env.CI) {
  console.warn(`\nBrowser tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium).`);
} else {
  const buildStatus = run("npx", ["vite", "build", "--logLevel", "warn"]);
  exitCode ||= buildStatus;
  // The API fuzzer (scripts/api-fuzz.ts) on the demo dataset: each operation of the OpenAPI document counts as a
  // test, passed when none of its generated cases failed.
  const fuzzReport = join(reports, "fuzz.json");
  exitCode ||= run("npx", ["tsx", "scripts/api-fuzz.ts"], { FUZZ_REPORT: fuzzReport });
  if (existsSync(fuzzReport)) {
    const fuzz = JSON.parse(readFileSync(fuzzReport, "utf8")) as { operations: number; failures: number };
    totals.passed += fuzz.operations - fuzz.failures;
    totals.failed += fuzz.failures;
  } else {
    totals.failed += 1;
  }
  const playwrightReport = join(reports, "playwright.json");
  const status = run("npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  exitCode ||= status;
  if (existsSync(playwrightReport)) {
    const stats = (JSON.parse(readFileSync(playwrightReport, "utf8")) as { stats: Record<string, number> })
      .stats;
    totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    totals.failed += stats.unexpected ?? 0;
    totals.skipped += stats.skipped ?? 0;
  }
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
