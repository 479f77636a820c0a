// A full CMS archive history on disk, for the stand-in server: one monthly archive per data month from Jan 2019
// (laid out as CMS did at the archive's date), a month published twice, annual bundles, and the current CSVs.
// Generated from the demo data (src/ingest/demo-data.ts, in the header layout of each month: Provider Information,
// health citations and penalties, quality measures, ownership) and converted here.

import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { isReleaseMonth } from "../../src/ingest/demo/calendar.ts";
import { ownershipL1Csv } from "../../src/ingest/demo/ownership.ts";
import { mulberry32 } from "../../src/ingest/demo/random.ts";
import { writeDemoFiles } from "../../src/ingest/demo-data.ts";
import {
  buildMonthlyArchive,
  type MonthlyArchiveOptions,
  monthName,
  writeAnnualBundle,
  writeMonthlyArchive,
} from "./archives.ts";
import { inspectionToL1, layoutForArchiveDate, perturbRatings, sliceRows, toLayout } from "./layouts.ts";
import { qualityToL1 } from "./quality.ts";
import type { CurrentFile, ListedArchive } from "./server.ts";

export interface HistoryOptions {
  /** Where the archives go; reused as a cache when it holds a complete build for the same arguments. */
  dir: string;
  facilities?: number;
  /** How many monthly (`theme`) archives the listing gets. Extra ones beyond the data months are re-publications. */
  archives?: number;
  /** The newest archive's date; its month is the newest data month and the current file. */
  endDate?: string;
  source?: "demo";
  seed?: number;
  /** Format of the L1 `FILEDATE` column. Default "iso". */
  l1FileDateFormat?: "iso" | "us";
  onProgress?: (message: string) => void;
}

export interface History {
  /** Monthly and annual archives, oldest first. */
  archives: ListedArchive[];
  current: CurrentFile;
  /** The data months (`YYYY-MM`), oldest first. */
  months: string[];
}

const STAMP_VERSION = 6;
const FIRST_MONTH = "2019-01";
/** Rows of each small monthly zip inside an annual bundle. */
const BUNDLE_ROWS = 40;
/** Monthly zips per annual bundle. */
const BUNDLE_MONTHS = 3;
/** Months converted and compressed at once (memory: about two months of CSV). */
const CONCURRENCY = 2;

interface StampedFile {
  name: string;
  date: string;
  type: "theme" | "annual_theme";
  file: string;
  size: number;
}

interface Stamp {
  version: number;
  key: Record<string, string | number>;
  archives: StampedFile[];
  current: {
    fileName: string;
    file: string;
    modified: string;
    size: number;
    citations: { fileName: string; file: string; size: number };
    fire: { fileName: string; file: string; size: number };
    penalties: { fileName: string; file: string; size: number };
    mds: { fileName: string; file: string; size: number };
    claims: { fileName: string; file: string; size: number };
    averages: { fileName: string; file: string; size: number };
    ownership: { fileName: string; file: string; size: number };
  };
  months: string[];
}

interface PlannedArchive {
  name: string;
  date: string;
  /** Index into the data months. */
  month: number;
  /** Re-publication of the month with moved ratings. */
  republished: boolean;
}

// ------------------------------------------------------------------------------------------------------------
// Calendar

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

function addMonths(month: string, n: number): string {
  const total = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(total / 12)}-${pad2((total % 12) + 1)}`;
}

function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The release months from Jan 2019 to endMonth (the demo generator's calendar). */
function releaseMonths(endMonth: string): string[] {
  const months: string[] = [];
  for (let month = FIRST_MONTH; month <= endMonth; month = addMonths(month, 1))
    if (isReleaseMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)))) months.push(month);
  return months;
}

/**
 * The archive dates: mostly day 15-29 of the data month; in the next month when the next month has no data
 * (a late-December archive holds November); a few early in the next month; the newest on endDate. One or more
 * months are published again 3-6 days later.
 */
function planArchives(
  months: string[],
  endDate: string,
  republications: number,
  seed: number,
): PlannedArchive[] {
  const random = mulberry32(seed ^ 0x5eed);
  const dataMonths = new Set(months);
  const dates = months.map((month, i) => {
    if (i === months.length - 1) return endDate;
    const next = addMonths(month, 1);
    const day = 15 + Math.floor(random() * 15);
    if (!dataMonths.has(next)) return `${next}-${pad2(day)}`;
    if (random() < 0.08) return `${next}-${pad2(2 + Math.floor(random() * 5))}`;
    return `${month}-${pad2(day)}`;
  });
  // Re-published months: spread evenly over those archived within their own month, not the newest.
  const candidates = months
    .map((_month, i) => i)
    .filter((i) => i < months.length - 1 && (dates[i] ?? "").startsWith(months[i] ?? "-"));
  const chosen = new Set<number>();
  for (let k = 0; k < republications && candidates.length > 0; k++) {
    const pick = candidates[Math.floor(((k + 0.5) * candidates.length) / republications)];
    if (pick !== undefined) chosen.add(pick);
  }
  const planned: PlannedArchive[] = [];
  for (const [i, date] of dates.entries()) {
    planned.push({ name: `nursing-homes_${date}`, date, month: i, republished: false });
    if (chosen.has(i)) {
      const again = addDays(date, 3 + Math.floor(random() * 4));
      planned.push({ name: `nursing-homes_${again}`, date: again, month: i, republished: true });
    }
  }
  for (let i = 1; i < planned.length; i++) {
    const previous = planned[i - 1]?.date ?? "";
    if ((planned[i]?.date ?? "") <= previous) throw new Error(`archive dates out of order near ${previous}`);
  }
  if ((planned.at(-1)?.date ?? "") > endDate) throw new Error("archive dated after endDate");
  return planned;
}

// ------------------------------------------------------------------------------------------------------------
// Cache stamp

async function readStamp(dir: string, key: Stamp["key"]): Promise<Stamp | null> {
  let stamp: Stamp;
  try {
    stamp = JSON.parse(await readFile(path.join(dir, "build.json"), "utf8")) as Stamp;
  } catch {
    return null;
  }
  if (stamp.version !== STAMP_VERSION || JSON.stringify(stamp.key) !== JSON.stringify(key)) return null;
  const { citations, fire, penalties, mds, claims, averages, ownership } = stamp.current;
  const files = [
    ...stamp.archives,
    stamp.current,
    citations,
    fire,
    penalties,
    mds,
    claims,
    averages,
    ownership,
  ];
  for (const file of files) {
    const size = await stat(path.join(dir, file.file)).then(
      (s) => s.size,
      () => -1,
    );
    if (size !== file.size) return null;
  }
  return stamp;
}

function historyOf(dir: string, stamp: Stamp): History {
  return {
    archives: stamp.archives.map((a) => ({
      name: a.name,
      date: a.date,
      type: a.type,
      body: { path: path.join(dir, a.file) },
    })),
    current: {
      fileName: stamp.current.fileName,
      modified: stamp.current.modified,
      body: { path: path.join(dir, stamp.current.file) },
      inspections: {
        citations: {
          fileName: stamp.current.citations.fileName,
          body: { path: path.join(dir, stamp.current.citations.file) },
        },
        penalties: {
          fileName: stamp.current.penalties.fileName,
          body: { path: path.join(dir, stamp.current.penalties.file) },
        },
        fire: {
          fileName: stamp.current.fire.fileName,
          body: { path: path.join(dir, stamp.current.fire.file) },
        },
      },
      quality: {
        mds: { fileName: stamp.current.mds.fileName, body: { path: path.join(dir, stamp.current.mds.file) } },
        claims: {
          fileName: stamp.current.claims.fileName,
          body: { path: path.join(dir, stamp.current.claims.file) },
        },
        averages: {
          fileName: stamp.current.averages.fileName,
          body: { path: path.join(dir, stamp.current.averages.file) },
        },
      },
      ownership: {
        fileName: stamp.current.ownership.fileName,
        body: { path: path.join(dir, stamp.current.ownership.file) },
      },
    },
    months: stamp.months,
  };
}

// ------------------------------------------------------------------------------------------------------------

export async function buildHistory(options: HistoryOptions): Promise<History> {
  const dir = path.resolve(options.dir);
  const facilities = options.facilities ?? 15000;
  const archives = options.archives ?? 90;
  const endDate = options.endDate ?? "2026-11-20";
  const source = options.source ?? "demo";
  const seed = options.seed ?? 20240601;
  const fileDateFormat = options.l1FileDateFormat ?? "iso";
  const progress = options.onProgress ?? (() => {});
  if (!/^\d{4}-\d{2}-\d{2}$/.test(endDate))
    throw new RangeError(`endDate must be 'YYYY-MM-DD', got '${endDate}'`);
  if (!Number.isInteger(archives) || archives < 1)
    throw new RangeError("archives must be a whole number >= 1");
  if (source !== "demo") throw new RangeError(`unknown source '${source}'`);
  const endMonth = endDate.slice(0, 7);

  const key = { facilities, archives, endDate, source, seed, fileDateFormat };
  const cached = await readStamp(dir, key);
  if (cached) {
    progress(`reusing ${cached.archives.length} archives in ${dir}`);
    return historyOf(dir, cached);
  }

  const available = releaseMonths(endMonth);
  if (available.length === 0 || available.at(-1) !== endMonth)
    throw new RangeError(`no data for ${endMonth}: the newest month must be a release month`);
  // All months since Jan 2019 when there are enough archives (the rest re-publish months), else the newest ones.
  const monthCount = archives > available.length ? available.length : Math.max(1, archives - 1);
  const republications = archives - monthCount;

  await rm(path.join(dir, "build.json"), { force: true });
  for (const sub of ["archives", "annual", "current", ".work"])
    await rm(path.join(dir, sub), { recursive: true, force: true });
  const work = path.join(dir, ".work");
  await mkdir(path.join(dir, "archives"), { recursive: true });

  progress(`generating ${monthCount} monthly CSVs of ${facilities} facilities`);
  const written = await writeDemoFiles(work, {
    facilities,
    months: monthCount,
    endMonth,
    seed,
    inspections: "monthly",
    quality: "monthly",
    ownership: "monthly",
  });
  const files = written.filter((f) => f.table === "provider");
  type OtherTable = "citations" | "fire" | "penalties" | "mds" | "claims" | "averages" | "ownership";
  const inspectionFile = (processingDate: string, table: OtherTable) =>
    written.find((f) => f.table === table && f.processingDate === processingDate)?.path ?? "";
  const months = files.map((f) => f.processingDate.slice(0, 7));
  const plan = planArchives(months, endDate, republications, seed);

  // Annual bundles for complete years (every release month of the year is here, and the year is over).
  const bundleYears = new Set<string>();
  for (const year of new Set(months.map((m) => m.slice(0, 4)))) {
    const wanted = available.filter((m) => m.startsWith(year));
    if (year < endMonth.slice(0, 4) && wanted.every((m) => months.includes(m))) bundleYears.add(year);
  }
  const bundles = new Map<string, { name: string; archive: Buffer }[]>();
  const bundleMonths = new Map<string, string[]>();
  for (const year of bundleYears)
    bundleMonths.set(year, months.filter((m) => m.startsWith(year)).slice(0, BUNDLE_MONTHS));

  const stamped: StampedFile[] = [];
  let done = 0;
  const buildMonth = async (i: number): Promise<void> => {
    const file = files[i];
    const month = months[i];
    if (!file || !month) return;
    const original = await readFile(file.path, "utf8");
    const citations = await readFile(inspectionFile(file.processingDate, "citations"), "utf8");
    const fire = await readFile(inspectionFile(file.processingDate, "fire"), "utf8");
    const penalties = await readFile(inspectionFile(file.processingDate, "penalties"), "utf8");
    const mds = await readFile(inspectionFile(file.processingDate, "mds"), "utf8");
    const claims = await readFile(inspectionFile(file.processingDate, "claims"), "utf8");
    const averages = await readFile(inspectionFile(file.processingDate, "averages"), "utf8");
    const ownership = await readFile(inspectionFile(file.processingDate, "ownership"), "utf8");
    for (const planned of plan.filter((p) => p.month === i)) {
      const text = planned.republished ? perturbRatings(original, seed + i) : original;
      const layout = layoutForArchiveDate(planned.date);
      const archiveMonth = planned.date.slice(0, 7);
      const archiveOptions: MonthlyArchiveOptions = {
        layout,
        archiveDate: planned.date,
        dataMonth: month,
        providerCsv: layout === "L1" ? toLayout(text, "L1", { fileDateFormat }) : text,
        citationsCsv: layout === "L1" ? inspectionToL1(citations, archiveMonth) : citations,
        fireCsv: layout === "L1" ? inspectionToL1(fire, archiveMonth) : fire,
        penaltiesCsv: layout === "L1" ? inspectionToL1(penalties, archiveMonth) : penalties,
        mdsCsv: layout === "L1" ? qualityToL1(mds) : mds,
        claimsCsv: layout === "L1" ? qualityToL1(claims) : claims,
        averagesCsv: layout === "L1" ? qualityToL1(averages) : averages,
        ownershipCsv: layout === "L1" ? ownershipL1Csv(ownership) : ownership,
        subfolder: layout === "L2" && planned.date.startsWith("2021-12"),
        junk: layout === "L3",
      };
      const relative = path.join("archives", `${planned.name}.zip`);
      await writeMonthlyArchive(path.join(dir, relative), archiveOptions);
      const { size } = await stat(path.join(dir, relative));
      stamped.push({ name: planned.name, date: planned.date, type: "theme", file: relative, size });
      done += 1;
      progress(
        `${done}/${plan.length} ${planned.name}.zip: ${month}, ${layout}, ${(size / 1e6).toFixed(1)} MB`,
      );

      const year = month.slice(0, 4);
      if (bundleYears.has(year) && !planned.republished && bundleMonths.get(year)?.includes(month)) {
        const small = sliceRows(text, BUNDLE_ROWS);
        const {
          citationsCsv: _citations,
          fireCsv: _fire,
          penaltiesCsv: _penalties,
          mdsCsv: _mds,
          claimsCsv: _claims,
          ownershipCsv: _ownership,
          ...smallOptions
        } = archiveOptions;
        const archive = await buildMonthlyArchive({
          ...smallOptions,
          providerCsv: layout === "L1" ? toLayout(small, "L1", { fileDateFormat }) : small,
        });
        // Looked up after the await: the other month being built may have started the year's list meanwhile.
        const bundle = bundles.get(year) ?? [];
        bundle.push({ name: `${planned.name}.zip`, archive });
        bundles.set(year, bundle);
      }
    }
    if (i < files.length - 1) {
      await rm(file.path);
      for (const table of ["citations", "fire", "penalties"] as const)
        await rm(inspectionFile(file.processingDate, table));
      for (const table of ["mds", "claims", "averages", "ownership"] as const)
        await rm(inspectionFile(file.processingDate, table));
    }
  };
  // Two months at a time: one converts on the main thread while the other deflates in the thread pool.
  let next = 0;
  const worker = async () => {
    while (next < files.length) await buildMonth(next++);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, worker));

  for (const [year, members] of bundles) {
    members.sort((a, b) => a.name.localeCompare(b.name));
    const name = `nursing-homes_${year}`;
    const relative = path.join("annual", `${name}.zip`);
    await writeAnnualBundle(path.join(dir, relative), members);
    const { size } = await stat(path.join(dir, relative));
    stamped.push({ name, date: `${year}-12-31`, type: "annual_theme", file: relative, size });
  }
  stamped.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));

  const last = files.at(-1);
  if (!last) throw new Error("the demo generator wrote no files");
  const fileName = `NH_ProviderInfo_${monthName(endMonth)}.csv`;
  const currentRelative = path.join("current", fileName);
  await mkdir(path.join(dir, "current"), { recursive: true });
  await rename(last.path, path.join(dir, currentRelative));
  const currentInspection = async (table: OtherTable) => {
    const prefix = {
      citations: "NH_HealthCitations",
      fire: "NH_FireSafetyCitations",
      penalties: "NH_Penalties",
      mds: "NH_QualityMsr_MDS",
      claims: "NH_QualityMsr_Claims",
      averages: "NH_StateUSAverages",
      ownership: "NH_Ownership",
    }[table];
    const name = `${prefix}_${monthName(endMonth)}.csv`;
    const relative = path.join("current", name);
    await rename(inspectionFile(last.processingDate, table), path.join(dir, relative));
    return { fileName: name, file: relative, size: (await stat(path.join(dir, relative))).size };
  };
  const currentCitations = await currentInspection("citations");
  const currentFire = await currentInspection("fire");
  const currentPenalties = await currentInspection("penalties");
  const currentMds = await currentInspection("mds");
  const currentClaims = await currentInspection("claims");
  const currentAverages = await currentInspection("averages");
  const currentOwnership = await currentInspection("ownership");
  await rm(work, { recursive: true, force: true });
  const currentSize = (await stat(path.join(dir, currentRelative))).size;

  const stamp: Stamp = {
    version: STAMP_VERSION,
    key,
    archives: stamped,
    current: {
      fileName,
      file: currentRelative,
      modified: endDate,
      size: currentSize,
      citations: currentCitations,
      fire: currentFire,
      penalties: currentPenalties,
      mds: currentMds,
      claims: currentClaims,
      averages: currentAverages,
      ownership: currentOwnership,
    },
    months,
  };
  await writeFile(path.join(dir, "build.json"), `${JSON.stringify(stamp, null, 2)}\n`);
  progress(`built ${stamped.length} archives in ${dir}`);
  return historyOf(dir, stamp);
}
