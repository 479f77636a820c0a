// Deterministic demo data: CMS Provider Information CSV files, one per release month, each in the header layout CMS
// used that month (2021, 2023 or 2025: older layouts lack some columns, the newest has no substantiated complaints),
// and the health citations, fire safety citations and penalties files of those months (demo/inspections.ts), so the product can be
// developed, tested and benchmarked at full size without the real files.
// Same options give byte-identical files: all randomness comes from one seeded PRNG drawn in a fixed order.
// The parts: demo/world.ts (the facilities and their months), demo/render.ts (their rows in a CMS layout,
// demo/cms-layouts.ts), and here the files and the command line.

import { mkdir, open } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildCalendar, DEFAULT_END_MONTH, demoReleaseDates, MONTH_ABBR } from "./demo/calendar.ts";
import { DemoInspections } from "./demo/inspections.ts";
import { DemoOwnership } from "./demo/ownership.ts";
import { DemoQuality, isQualityRefreshMonth } from "./demo/quality.ts";
import { ReleaseRenderer } from "./demo/render.ts";
import { DemoWorld } from "./demo/world.ts";

export { demoReleaseDates };

export interface DemoOptions {
  facilities?: number;
  months?: number;
  seed?: number;
  endMonth?: string;
  /**
   * Which months get health citations and penalties files too: every month (as CMS publishes them), "yearly"
   * (the newest and every twelfth month before it: each file lists three years, so their union holds the whole
   * record at a twelfth of the size; what the demo dataset loads) or none (the default here).
   */
  inspections?: "monthly" | "yearly" | "none";
  /**
   * Only the newest month's Provider Information file, the same bytes as in the whole dataset (the world still
   * walks every month, but no older month is written): what a first start publishes before the history behind it.
   */
  newestProviderOnly?: boolean;
  /**
   * Which months get the MDS and claims quality measures files: every month (as CMS publishes them), "quarterly"
   * (the months CMS refreshes them, January, April, July and October, and the newest month: the months between
   * repeat the same quarters, so the history is the same at a third of the files; what the demo dataset loads) or
   * none (the default here). The State/US averages come every month unless none.
   */
  quality?: "monthly" | "quarterly" | "none";
  /**
   * Which months get an Ownership file (demo/ownership.ts): every month (as CMS publishes them), "quarterly"
   * (January, April, July and October, and the newest month: what the demo dataset loads, the owners' first and
   * last months then known to the quarter) or none (the default here).
   */
  ownership?: "monthly" | "quarterly" | "none";
}
export interface DemoFile {
  path: string;
  processingDate: string;
  table: "provider" | "citations" | "fire" | "penalties" | "mds" | "claims" | "averages" | "ownership";
}

const DEFAULT_FACILITIES = 15000;
const DEFAULT_MONTHS = 36;
const DEFAULT_SEED = 20240601;

/**
 * Writes one CSV per release into `dir` (created if missing), oldest first, named NH_ProviderInfo_MonYYYY.csv (e.g.
 * NH_ProviderInfo_Aug2021.csv), and for the months `inspections` says NH_HealthCitations_MonYYYY.csv,
 * NH_FireSafetyCitations_MonYYYY.csv and NH_Penalties_MonYYYY.csv after it. Returns them in that order.
 */
export async function writeDemoFiles(dir: string, options: DemoOptions = {}): Promise<DemoFile[]> {
  const facilities = options.facilities ?? DEFAULT_FACILITIES;
  const months = options.months ?? DEFAULT_MONTHS;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(facilities) || facilities < 1)
    throw new RangeError("facilities must be a whole number >= 1");
  const releases = demoReleaseDates(months, options.endMonth ?? DEFAULT_END_MONTH);
  const calendar = buildCalendar(releases);
  await mkdir(dir, { recursive: true });
  const world = new DemoWorld(seed, facilities, calendar);
  const renderer = new ReleaseRenderer();
  const inspectionMonths = options.inspections ?? "none";
  // The inspection record is kept even when its files are not written: Provider Information's penalty columns
  // count its penalties.
  const inspections = new DemoInspections(seed);
  inspections.update(world, 0);
  const qualityMonths = options.newestProviderOnly ? "none" : (options.quality ?? "none");
  const quality = new DemoQuality();
  const ownershipMonths = options.newestProviderOnly ? "none" : (options.ownership ?? "none");
  const ownership = new DemoOwnership(seed, world);
  ownership.update(0);
  const files: DemoFile[] = [];
  let pendingWrite: Promise<void> | undefined;
  // Two buffers reused in turn: one is being written while the next month is rendered into the other.
  const buffers: (Buffer | undefined)[] = [undefined, undefined];
  let t = 0;
  for (const [i, processingDate] of releases.entries()) {
    const target = calendar.releaseIndex[i] ?? 0;
    // Walk every calendar month, gap months included, so changes accumulate across a missing release.
    for (; t < target; ) {
      t += 1;
      world.advance(t);
      inspections.update(world, t);
      ownership.update(t);
    }
    world.updateChains(t);
    if (options.newestProviderOnly && i < releases.length - 1) continue;
    const { buffer, length } = renderer.render(world, t, processingDate, buffers[i % 2], inspections);
    buffers[i % 2] = buffer;
    const year = processingDate.slice(0, 4);
    const monthName = MONTH_ABBR[Number(processingDate.slice(5, 7)) - 1] ?? "";
    const filePath = path.join(dir, `NH_ProviderInfo_${monthName}${year}.csv`);
    await pendingWrite;
    pendingWrite = (await startWrite(filePath, buffer.subarray(0, length))).done;
    files.push({ path: filePath, processingDate, table: "provider" });
    const isInspectionMonth =
      !options.newestProviderOnly &&
      (inspectionMonths === "monthly" ||
        (inspectionMonths === "yearly" && (releases.length - 1 - i) % 12 === 0));
    if (isInspectionMonth) {
      for (const table of ["citations", "fire", "penalties"] as const) {
        const pieces =
          table === "citations"
            ? inspections.citationsCsv(world, t, processingDate)
            : table === "fire"
              ? inspections.fireSafetyCsv(world, t, processingDate)
              : inspections.penaltiesCsv(world, t, processingDate);
        const name = {
          citations: "NH_HealthCitations",
          fire: "NH_FireSafetyCitations",
          penalties: "NH_Penalties",
        }[table];
        const inspectionPath = path.join(dir, `${name}_${monthName}${year}.csv`);
        await pendingWrite;
        pendingWrite = (await startWrite(inspectionPath, pieces)).done;
        files.push({ path: inspectionPath, processingDate, table });
      }
    }
    if (qualityMonths !== "none") {
      const isMeasureMonth =
        qualityMonths === "monthly" || isQualityRefreshMonth(processingDate) || i === releases.length - 1;
      const tables = isMeasureMonth ? (["mds", "claims", "averages"] as const) : (["averages"] as const);
      for (const table of tables) {
        const text =
          table === "mds"
            ? quality.mdsCsv(world.facilities, t, processingDate)
            : table === "claims"
              ? quality.claimsCsv(world.facilities, t, processingDate)
              : quality.averagesCsv(world.facilities, t, processingDate);
        const name = {
          mds: "NH_QualityMsr_MDS",
          claims: "NH_QualityMsr_Claims",
          averages: "NH_StateUSAverages",
        }[table];
        const qualityPath = path.join(dir, `${name}_${monthName}${year}.csv`);
        await pendingWrite;
        pendingWrite = (await startWrite(qualityPath, Buffer.from(text))).done;
        files.push({ path: qualityPath, processingDate, table });
      }
    }
    const isOwnershipMonth =
      ownershipMonths === "monthly" ||
      (ownershipMonths === "quarterly" &&
        (isQualityRefreshMonth(processingDate) || i === releases.length - 1));
    if (isOwnershipMonth) {
      const ownershipPath = path.join(dir, `NH_Ownership_${monthName}${year}.csv`);
      await pendingWrite;
      pendingWrite = (await startWrite(ownershipPath, Buffer.from(ownership.csv(t, processingDate)))).done;
      files.push({ path: ownershipPath, processingDate, table: "ownership" });
    }
  }
  await pendingWrite;
  return files;
}

/**
 * Opens the file and starts writing `pieces` (one buffer, or several in order), each as one request, so the write runs
 * in the thread pool while the next month
 * is generated (fs.writeFile would write in chunks, each waiting for the busy main thread). Resolves once the write
 * has started, with the promise of its end.
 */
async function startWrite(
  filePath: string,
  pieces: Uint8Array | readonly Uint8Array[],
): Promise<{ done: Promise<void> }> {
  const handle = await open(filePath, "w");
  const write = async () => {
    try {
      for (const data of Array.isArray(pieces) ? pieces : [pieces]) {
        for (let offset = 0; offset < data.length; ) {
          const { bytesWritten } = await handle.write(data, offset, data.length - offset);
          offset += bytesWritten;
        }
      }
    } finally {
      await handle.close();
    }
  };
  const done = write();
  // Failures surface where the promise is awaited; this only keeps them from counting as unhandled meanwhile.
  done.catch(() => {});
  return { done };
}

function readFlag(args: string[], name: string): number | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value)) throw new Error(`${name} needs a whole number`);
  return value;
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  const args = process.argv.slice(2);
  const dir = args[0];
  if (dir === undefined || dir.startsWith("--")) {
    console.error(
      "usage: tsx src/ingest/demo-data.ts <dir> [--facilities N] [--months M] [--seed S] [--end YYYY-MM]",
    );
    process.exit(2);
  }
  const endAt = args.indexOf("--end");
  const files = await writeDemoFiles(dir, {
    facilities: readFlag(args, "--facilities"),
    months: readFlag(args, "--months"),
    seed: readFlag(args, "--seed"),
    endMonth: endAt >= 0 ? args[endAt + 1] : undefined,
  });
  console.log(`wrote ${files.length} demo Provider Information files to ${dir}`);
}
