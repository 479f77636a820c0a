// `npm run bench:ingest`: seconds and peak memory to ingest the real Aug 2021 file, and a generated national
// history of 100 monthly snapshots (15,000 facilities), on PGlite and (with BENCH_DATABASE_URL or
// TEST_DATABASE_URL) on PostgreSQL. Targets: one month <= 3 s; 100 months <= 60 s; peak memory < 1 GiB.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeDemoFiles } from "../src/ingest/demo-data.ts";
import { REAL_AUG_2021 } from "./datasets.ts";

const root = resolve(import.meta.dirname, "..");

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const engines = ["pglite", ...(postgresUrl ? ["postgres"] : [])];

interface Measure {
  seconds: number;
  peakRssMiB: number;
  files: number;
  rows: number;
}

function measure(engine: string, files: string[]): Measure {
  const output = execFileSync("npx", ["tsx", join(root, "bench/ingest-scenario.ts"), engine, ...files], {
    encoding: "utf8",
    env: { ...process.env, BENCH_DATABASE_URL: postgresUrl ?? "" },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(output.trim().split("\n").at(-1) as string) as Measure;
}

const results: Record<string, unknown>[] = [];
const report = (scenario: string, engine: string, m: Measure, targetSeconds: number) => {
  const row = {
    scenario,
    engine,
    seconds: Number(m.seconds.toFixed(2)),
    peakRssMiB: Math.round(m.peakRssMiB),
    rows: m.rows,
    targetSeconds,
    meetsTargets: m.seconds <= targetSeconds && m.peakRssMiB < 1024,
  };
  results.push(row);
  console.log(
    `${scenario.padEnd(28)} ${engine.padEnd(9)} ${row.seconds.toFixed(2).padStart(7)} s  peak ${String(row.peakRssMiB).padStart(5)} MiB  ${m.rows} rows  (target <= ${targetSeconds} s, < 1024 MiB) ${row.meetsTargets ? "OK" : "MISSED"}`,
  );
};

if (existsSync(REAL_AUG_2021)) {
  for (const engine of engines)
    report("real Aug 2021 (1 month)", engine, measure(engine, [REAL_AUG_2021]), 3);
} else {
  console.log("real Aug 2021 file not found (../shared/data/cms/raw): skipped");
}

const months = Number(process.env.BENCH_MONTHS ?? 100);
const dir = mkdtempSync(join(tmpdir(), "bench-demo-"));
try {
  const started = performance.now();
  const files = await writeDemoFiles(dir, { facilities: 15_000, months });
  console.log(
    `generated ${files.length} monthly files x 15,000 facilities in ${((performance.now() - started) / 1000).toFixed(1)} s (not counted)`,
  );
  for (const engine of engines) {
    report(
      `generated ${months} months`,
      engine,
      measure(
        engine,
        files.map((file) => file.path),
      ),
      60,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/ingest.json"), `${JSON.stringify(results, null, 2)}\n`);
