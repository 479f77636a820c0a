// The quality measures and State/US averages, loaded and served on every engine: CMS's real June and July 2026
// averages files served exactly, the MDS and claims files in every archive layout and as current files, a quarter
// kept once over the releases that repeat it, a later correction winning, a truncated member failing alone.
import { createWriteStream, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import Papa from "papaparse";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { realFile } from "../../scripts/real-data.ts";
import { tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import type { FacilityQualityMeasures } from "../core/quality-measures.ts";
import type { Db } from "../db/client.ts";
import { createApp } from "../server/app.ts";
import { readCmsAverages } from "../server/quality-repository.ts";
import { qualityL1Name } from "./demo/quality.ts";
import { type DemoFile, writeDemoFiles } from "./demo-data.ts";
import { ingestFiles } from "./ingest.ts";
import { qualityMergeTuning } from "./load-quality.ts";

const dir = tempDir();
const realAverages = ["Jun2026", "Jul2026"].map((month) =>
  realFile(`related/NH_StateUSAverages_${month}.csv.gz`),
);
const hasRealAverages = realAverages.every((path) => existsSync(path));

function writeZip(path: string, members: Record<string, string | Buffer>): Promise<string> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const [name, data] of Object.entries(members)) zip.addBuffer(Buffer.from(data), name);
    zip.end();
    zip.outputStream
      .pipe(createWriteStream(path))
      .on("close", () => resolve(path))
      .on("error", reject);
  });
}

/** A CSV in the 2019-2020 archives' short headers (the demo's own names for them). */
function toL1(csv: string): string {
  const [header = [], ...rows] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
  const keep = header.map((name) => qualityL1Name(name));
  const pickRow = (row: string[]) => row.filter((_, index) => keep[index] !== null);
  return `${Papa.unparse([keep.filter((name) => name !== null) as string[], ...rows.map(pickRow)], { newline: "\n" })}\n`;
}

/** The demo's files of a few months: Provider Information, MDS, claims and averages every month. */
let demo: DemoFile[] = [];
const fileOf = (table: DemoFile["table"], index: number) =>
  demo.filter((file) => file.table === table).at(index) as DemoFile;

beforeAll(async () => {
  demo = await writeDemoFiles(join(dir, "demo"), {
    facilities: 40,
    months: 5,
    quality: "monthly",
    endMonth: "2026-07",
  });
});

async function tableDigest(db: Db, table: string): Promise<string> {
  const [row] = await db.query<{ digest: string | null; rows: number }>(
    `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*)::integer AS rows FROM ${table} t`,
  );
  return `${row?.rows}:${row?.digest}`;
}

describe.each(engines)("quality measures on $name", (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(engine);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it.skipIf(!hasRealAverages)(
    "serves every column of CMS's real June and July 2026 State/US averages exactly",
    async () => {
      const results = await ingestFiles(db, realAverages, { source: "files" });
      expect(results.map((result) => [result.status, result.kind, result.rowCount])).toEqual([
        ["loaded", "averages", 54],
        ["loaded", "averages", 54],
      ]);
      const app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
      for (const [index, path] of realAverages.entries()) {
        const [header = [], ...rows] = Papa.parse<string[]>(gunzipSync(readFileSync(path)).toString("utf8"), {
          skipEmptyLines: true,
        }).data;
        const date = index === 0 ? "2026-06-01" : "2026-07-01";
        const response = await app.request(`/api/cms-averages?processingDate=${date}`);
        expect(response.status).toBe(200);
        const body = (await response.json()) as {
          processingDate: string;
          columns: { key: string; header: string; measureCode: string | null }[];
          rows: { state: string; values: Record<string, number | null> }[];
        };
        expect(body.processingDate).toBe(date);
        // Every column but the state's and the processing date's, in file order, under its header.
        expect(body.columns.map((column) => column.header)).toEqual(header.slice(1, -1));
        // Every QM column joins a measure code.
        const qmColumns = body.columns.filter((column) =>
          /^(Percentage|Number of (hosp|outpatient))/.test(column.header),
        );
        expect(qmColumns.length).toBe(21);
        expect(qmColumns.every((column) => column.measureCode !== null)).toBe(true);
        expect(new Set(qmColumns.map((column) => column.measureCode)).size).toBe(21);
        expect(body.rows.length).toBe(rows.length);
        for (const row of rows) {
          const served = body.rows.find((candidate) => candidate.state === row[0]);
          expect(served, row[0]).toBeDefined();
          body.columns.forEach((column, at) => {
            const raw = (row[at + 1] ?? "").trim();
            expect(served?.values[column.key], `${row[0]} ${column.header}`).toBe(
              raw === "" ? null : Number(raw),
            );
          });
        }
      }
      // The newest release's averages by key, for a state and the nation, the staffing keys by their names.
      const averages = await readCmsAverages(db, "AK");
      expect(averages.processingDate).toBe("2026-07-01");
      for (const key of [
        "nurseAideHours",
        "lpnHours",
        "rnHours",
        "licensedHours",
        "totalNurseHours",
        "weekendTotalNurseHours",
        "weekendRnHours",
        "physicalTherapistHours",
        "totalNurseTurnover",
        "rnTurnover",
        "administratorsLeft",
        "nursingCaseMixIndex",
        "caseMixRnHours",
        "caseMixTotalNurseHours",
        "caseMixWeekendTotalNurseHours",
        "averageResidentsPerDay",
      ]) {
        expect(typeof averages.national?.[key], key).toBe("number");
        expect(typeof averages.state?.[key], key).toBe("number");
      }
      const [header = [], ...rows] = Papa.parse<string[]>(
        gunzipSync(readFileSync(realAverages[1] as string)).toString("utf8"),
        {
          skipEmptyLines: true,
        },
      ).data;
      const nation = rows.find((row) => row[0] === "NATION") ?? [];
      expect(averages.national?.rnHours).toBe(
        Number(nation[header.indexOf("Reported RN Staffing Hours per Resident per Day")]),
      );
      // A file loaded again changes nothing.
      const again = await ingestFiles(db, realAverages, { source: "files" });
      expect(again.map((result) => result.status)).toEqual(["unchanged", "unchanged"]);
    },
    120_000,
  );

  it("loads MDS and claims files as current CSVs and as members of every archive layout", async () => {
    const month = (index: number) => ({
      provider: readFileSync(fileOf("provider", index).path, "utf8"),
      mds: readFileSync(fileOf("mds", index).path, "utf8"),
      claims: readFileSync(fileOf("claims", index).path, "utf8"),
      averages: readFileSync(fileOf("averages", index).path, "utf8"),
    });
    const [m0, m1, m2] = [0, 1, 2].map(month) as [
      ReturnType<typeof month>,
      ReturnType<typeof month>,
      ReturnType<typeof month>,
    ];
    // L1: the short headers of the 2019-2020 archives (the provider member as a current file of its own).
    const l1 = await writeZip(join(dir, `l1-${engine.name}.zip`), {
      "QualityMsrMDS_Download.csv": toL1(m0.mds),
      "QualityMsrClaims_Download.csv": toL1(m0.claims),
      "StateAverages_Download.csv": toL1(m0.averages),
    });
    const l2 = await writeZip(join(dir, `l2-${engine.name}.zip`), {
      "nursing_homes_including_rehab_services_05_2026/NH_ProviderInfo_May2026.csv": m1.provider,
      "nursing_homes_including_rehab_services_05_2026/NH_QualityMsr_MDS_May2026.csv": m1.mds,
      "nursing_homes_including_rehab_services_05_2026/NH_QualityMsr_Claims_May2026.csv": m1.claims,
      "nursing_homes_including_rehab_services_05_2026/NH_StateUSAverages_May2026.csv": m1.averages,
    });
    const l3 = await writeZip(join(dir, `l3-${engine.name}.zip`), {
      "4pq5-n9py_2026-06-20_NH_ProviderInfo_Jun2026.csv": m2.provider,
      "djen-97ju_2026-06-20_NH_QualityMsr_MDS_Jun2026.csv": m2.mds,
      "ijh5-nb2v_2026-06-20_NH_QualityMsr_Claims_Jun2026.csv": m2.claims,
      "xcdc-v8bm_2026-06-20_NH_StateUSAverages_Jun2026.csv": m2.averages,
      "manifest.json": "[]",
      "__MACOSX/._djen-97ju_2026-06-20_NH_QualityMsr_MDS_Jun2026.csv": "junk",
    });
    const current = ["provider", "mds", "claims", "averages"].map(
      (table) => fileOf(table as DemoFile["table"], 3).path,
    );
    const results = await ingestFiles(db, [fileOf("provider", 0).path, l1, l2, l3, ...current], {
      source: "files",
    });
    const failed = results.filter((result) => result.status === "failed");
    expect(failed).toEqual([]);
    // The CSVs first, then the archives' members newest first.
    expect(results.filter((result) => result.kind === "mds").map((result) => result.file)).toEqual([
      expect.stringMatching(/^NH_QualityMsr_MDS_Jun2026\.csv$|^NH_QualityMsr_MDS_\w+\.csv$/),
      `l3-${engine.name}.zip:djen-97ju_2026-06-20_NH_QualityMsr_MDS_Jun2026.csv`,
      `l2-${engine.name}.zip:nursing_homes_including_rehab_services_05_2026/NH_QualityMsr_MDS_May2026.csv`,
      `l1-${engine.name}.zip:QualityMsrMDS_Download.csv`,
    ]);
    const counts = await db.query<{ kind: string; n: number }>(
      "SELECT kind, count(*)::integer AS n FROM quality_release GROUP BY kind ORDER BY kind",
    );
    expect(counts).toEqual(
      expect.arrayContaining([
        { kind: "claims", n: 4 },
        { kind: "mds", n: 4 },
      ]),
    );
    // The L1 member's rows are the same values as the long-header file's.
    const [l1Row] = await db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM quality_release WHERE kind = 'mds' AND processing_date = '2026-03-01'",
    );
    expect(l1Row?.n).toBe(1);
  }, 180_000);

  it("keeps a quarter once over the releases that repeat it, the newest release's value winning", async () => {
    const [row] = await db.query<{ rows: number; quarters: number; facilities: number }>(
      `SELECT count(*)::integer AS rows, sum(array_length(scores, 1))::integer AS quarters,
         count(DISTINCT ccn)::integer AS facilities FROM quality_mds`,
    );
    // Five monthly releases of the same quarters (February to July 2026 has two refreshes: April and July) keep
    // five quarters per facility and measure, not twenty.
    expect(row?.quarters).toBe((row?.rows ?? 0) * 5);
    // A release that repeats a row writes nothing.
    const mds = fileOf("mds", 4).path;
    expect((await ingestFiles(db, [mds], { source: "files" }))[0]?.status).toBe("loaded");
    const repeated = readFileSync(mds, "utf8").replaceAll("2026-07-01", "2026-08-01");
    const repeatPath = join(dir, `NH_QualityMsr_MDS_Aug2026-${engine.name}.csv`);
    writeFileSync(repeatPath, repeated);
    const before = await tableDigest(db, "quality_mds");
    const [repeat] = await ingestFiles(db, [repeatPath], { source: "files" });
    expect(repeat?.status).toBe("loaded");
    expect(repeat?.changedRows).toBe(0);
    expect(await tableDigest(db, "quality_mds")).toBe(before);
    // Known as a repeat by the digest of its rows, which leaves out the processing date.
    const digests = await db.query<{ digest: string | null }>(
      `SELECT content_digest AS digest FROM quality_release
       WHERE kind = 'mds' AND processing_date IN ('2026-07-01', '2026-08-01') ORDER BY processing_date`,
    );
    expect(digests).toHaveLength(2);
    expect(digests[0]?.digest).toMatch(/^[\w-]{27}$/);
    expect(digests[1]?.digest).toBe(digests[0]?.digest);
  }, 120_000);

  it("lets a later correction win, whichever order the releases are loaded in", async () => {
    const [target] = await db.query<{ ccn: string; code: string; period: string }>(
      "SELECT ccn, code, period FROM quality_mds WHERE average IS NOT NULL ORDER BY ccn, code LIMIT 1",
    );
    if (!target) throw new Error("no MDS row");
    const csv = readFileSync(fileOf("mds", 4).path, "utf8");
    const lines = csv.split("\n");
    const corrected = (date: string, q4: string) =>
      lines
        .map((line, index) => {
          if (index === 0 || !line.startsWith(`${target.ccn},`) || !line.includes(`,${target.code},`))
            return line;
          const cells = Papa.parse<string[]>(line).data[0] ?? [];
          const header = Papa.parse<string[]>(lines[0] ?? "").data[0] ?? [];
          cells[header.indexOf("Q4 Measure Score")] = q4;
          return Papa.unparse([cells]);
        })
        .join("\n")
        .replaceAll("2026-07-01", date);
    const newer = join(dir, `NH_QualityMsr_MDS_Oct2026-${engine.name}.csv`);
    const older = join(dir, `NH_QualityMsr_MDS_Sep2026-${engine.name}.csv`);
    writeFileSync(newer, corrected("2026-10-01", "77.700000"));
    writeFileSync(older, corrected("2026-09-01", "55.500000"));
    // The newer correction first, then an older release: the newer value stays.
    await ingestFiles(db, [newer, older], { source: "files" });
    const quarterScore = async () => {
      const [row] = await db.query<{ score: number }>(
        "SELECT scores[array_upper(scores, 1)] AS score FROM quality_mds WHERE ccn = $1 AND code = $2",
        [target.ccn, target.code],
      );
      return row?.score;
    };
    expect(await quarterScore()).toBe(77.7);
    // The API shows it as the newest quarter of the measure.
    const app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
    const response = await app.request(`/api/facilities/${target.ccn}/quality-measures`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as FacilityQualityMeasures;
    const measure = body.measures.find((candidate) => candidate.code === target.code);
    expect(measure?.quarters.at(-1)?.score).toBe(77.7);
    expect(measure?.history.at(-1)?.score).toBe(77.7);
  }, 120_000);

  it("keeps each quarter from the newest release that reports it when a sync loads the current file first, then older archives", async () => {
    // The demo's months are March to July 2026 with new quarters in April and July: the oldest quarter of April's
    // four is reported by April, May and June, not by July. April and May correct it differently; the current July
    // file comes first and the archives oldest first, as a sync gives them: May's value must win.
    const own = await openTestDb(engine);
    try {
      const lines = (index: number) => readFileSync(fileOf("mds", index).path, "utf8").split("\n");
      const header = Papa.parse<string[]>(lines(1)[0] ?? "").data[0] ?? [];
      const [first = ""] = lines(1).slice(1);
      const cells = Papa.parse<string[]>(first).data[0] ?? [];
      const ccn = cells[header.indexOf("CMS Certification Number (CCN)")] as string;
      const code = cells[header.indexOf("Measure Code")] as string;
      const corrected = (index: number, q1: string) =>
        lines(index)
          .map((line, at) => {
            const row = Papa.parse<string[]>(line).data[0] ?? [];
            if (at === 0 || row[0] !== ccn || row[header.indexOf("Measure Code")] !== code) return line;
            row[header.indexOf("Q1 Measure Score")] = q1;
            return Papa.unparse([row]);
          })
          .join("\n");
      const archive = (index: number, q1: string, date: string, month: string) =>
        writeZip(join(dir, `backfill-${index}-${engine.name}.zip`), {
          [`djen-97ju_${date}_NH_QualityMsr_MDS_${month}.csv`]: corrected(index, q1),
        });
      const april = await archive(1, "11.100000", "2026-04-20", "Apr2026");
      const may = await archive(2, "22.200000", "2026-05-20", "May2026");
      const results = await ingestFiles(own, [fileOf("mds", 4).path, april, may], { source: "files" });
      expect(results.map((result) => result.status)).toEqual(["loaded", "loaded", "loaded"]);
      const [row] = await own.query<{ score: number }>(
        `SELECT scores[array_lower(scores, 1)] AS score FROM quality_mds WHERE ccn = $1 AND code = $2`,
        [ccn, code.padStart(3, "0")],
      );
      expect(row?.score).toBe(22.2);
      // Loaded again in the other order, the same.
      const again = await openTestDb(engine);
      try {
        await ingestFiles(again, [fileOf("mds", 4).path, may, april], { source: "files" });
        expect(await tableDigest(again, "quality_mds")).toBe(await tableDigest(own, "quality_mds"));
      } finally {
        await again.close();
      }
    } finally {
      await own.close();
    }
  }, 120_000);

  it("merges a quarterly file into a copy swapped in by its transaction, with the rows of a merge in place", async () => {
    // The newest month's facilities, then the demo's MDS and claims files newest first (a backfill's order), into two
    // new databases: one
    // merging every file in place, one merging every file into a copy of the table.
    const files = [
      fileOf("provider", -1),
      ...demo.filter((file) => file.table === "mds" || file.table === "claims").reverse(),
    ];
    const results: string[][] = [];
    for (const copyFromRows of [Number.POSITIVE_INFINITY, 0]) {
      const own = await openTestDb(engine);
      const before = { ...qualityMergeTuning };
      Object.assign(qualityMergeTuning, { copyFromRows, onlyWhileServing: false });
      try {
        // Published file by file, as a server loads: the product's averages are written with each file.
        const loaded = await ingestFiles(
          own,
          files.map((file) => file.path),
          { source: "files", publishEachFile: true },
        );
        expect(loaded.every((result) => result.status === "loaded")).toBe(true);
        results.push(
          await Promise.all(
            ["quality_mds", "quality_claims", "quality_measure", "quality_average"].map((table) =>
              tableDigest(own, table),
            ),
          ),
        );
        // The copy took the table's name and its key's, and no copy is left behind.
        const [key] = await own.query<{ names: string }>(
          `SELECT string_agg(conname, ',' ORDER BY conname) AS names FROM pg_constraint
           WHERE conrelid IN ('quality_mds'::regclass, 'quality_claims'::regclass) AND contype = 'p'`,
        );
        expect(key?.names).toBe("quality_claims_pkey,quality_mds_pkey");
        const [leftover] = await own.query<{ n: number }>(
          "SELECT count(*)::integer AS n FROM pg_class WHERE relname LIKE 'quality%next%'",
        );
        expect(leftover?.n).toBe(0);
      } finally {
        Object.assign(qualityMergeTuning, before);
        await own.close();
      }
    }
    expect(results[1]).toEqual(results[0]);
    for (const digest of results[0] ?? []) expect(digest).not.toMatch(/^0:/);
  }, 300_000);

  it("serves a facility's measures beside the state and the nation, and says why a facility has none", async () => {
    const app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
    const [some] = await db.query<{ ccn: string }>(
      "SELECT ccn FROM quality_mds q WHERE EXISTS (SELECT 1 FROM facility f WHERE f.ccn = q.ccn) ORDER BY ccn LIMIT 1",
    );
    const response = await app.request(`/api/facilities/${some?.ccn}/quality-measures`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as FacilityQualityMeasures;
    expect(body.processingDate).toBe("2026-10-01");
    const mds = body.measures.find((measure) => measure.code === "410");
    expect(mds).toMatchObject({ source: "mds", residentType: "longStay", betterWhen: "lower" });
    expect(mds?.quarters.length).toBe(4);
    expect(mds?.observed).toBeNull();
    const claims = body.measures.find((measure) => measure.code === "521");
    expect(claims).toMatchObject({ source: "claims", residentType: "shortStay", quarters: [] });
    expect(claims?.period).toMatch(/^\d{4}-\d{2}-\d{2}\/\d{4}-\d{2}-\d{2}$/);
    // The demo's averages file has this measure: CMS's figure, exactly.
    const averages = await readCmsAverages(db, null);
    if (mds && averages.national && "qm410" in averages.national) {
      expect(mds.averagesSource).toBe("cms");
      expect(mds.national).toBe(averages.national.qm410);
    }
    const vaccine = body.measures.find((measure) => measure.code === "415");
    expect(vaccine?.betterWhen).toBe("higher");
    for (const measure of body.measures) {
      expect(measure.footnote === null || !/^\d+$/.test(measure.footnote)).toBe(true);
    }
    // Unknown: 404. Known without measures: none, and why.
    expect((await app.request("/api/facilities/999999/quality-measures")).status).toBe(404);
    await db.query("DELETE FROM quality_mds WHERE ccn = $1", [some?.ccn]);
    await db.query("DELETE FROM quality_claims WHERE ccn = $1", [some?.ccn]);
    await db.exec(
      "UPDATE app_state SET data_version = data_version + 1, derived_version = derived_version + 1",
    );
    const none = (await (
      await app.request(`/api/facilities/${some?.ccn}/quality-measures`)
    ).json()) as FacilityQualityMeasures;
    expect(none.measures).toEqual([]);
    expect(none.footnote).toMatch(/no measures/);
  }, 120_000);

  it("fails a truncated member alone, named, leaving the quality tables as they were", async () => {
    const before = await tableDigest(db, "quality_mds");
    const mds = readFileSync(fileOf("mds", 4).path, "utf8").replaceAll("2026-07-01", "2026-11-01");
    const cut = mds.slice(0, Math.floor(mds.length * 0.6));
    const provider = readFileSync(fileOf("provider", 4).path, "utf8").replaceAll("2026-07-01", "2026-11-01");
    const archive = await writeZip(join(dir, `truncated-${engine.name}.zip`), {
      "NH_ProviderInfo_Nov2026.csv": provider,
      "NH_QualityMsr_MDS_Nov2026.csv": cut,
    });
    const results = await ingestFiles(db, [archive], { source: "files" });
    expect(results.map((result) => [result.kind ?? null, result.status])).toEqual([
      ["provider", "loaded"],
      [null, "failed"],
    ]);
    expect(results[1]?.error).toMatch(`truncated-${engine.name}.zip:NH_QualityMsr_MDS_Nov2026.csv (line`);
    expect(await tableDigest(db, "quality_mds")).toBe(before);
  }, 120_000);
});

describe("the demo's quality files", () => {
  it("are in each era's layout, with plausible scores and footnote 9 where residents are too few", async () => {
    const files = await writeDemoFiles(join(dir, "eras"), {
      facilities: 300,
      months: 50,
      quality: "quarterly",
      endMonth: "2026-07",
    });
    const mds = files.filter((file) => file.table === "mds");
    // Quarterly, and the newest month.
    expect(mds.every((file) => /-(01|04|07|10)-01$/.test(file.processingDate))).toBe(true);
    expect(files.filter((file) => file.table === "averages").length).toBe(50);
    const headerOf = (path: string) => readFileSync(path, "utf8").split("\n")[0] ?? "";
    const older = mds.find((file) => file.processingDate < "2023-07") as DemoFile;
    const newer = mds.at(-1) as DemoFile;
    expect(headerOf(older.path)).toMatch(
      /^Federal Provider Number,Provider Name,.*Provider Zip Code,Measure Code/,
    );
    expect(headerOf(newer.path)).toMatch(
      /^CMS Certification Number \(CCN\),Provider Name,.*ZIP Code,Measure Code/,
    );
    const [header = [], ...rows] = Papa.parse<string[]>(readFileSync(newer.path, "utf8"), {
      skipEmptyLines: true,
    }).data;
    const at = (name: string) => header.indexOf(name);
    const scores = rows
      .map((row) => row[at("Four Quarter Average Score")] ?? "")
      .filter((cell) => cell !== "");
    expect(scores.every((cell) => Number(cell) >= 0 && Number(cell) <= 100)).toBe(true);
    const footnote9 = rows.filter((row) => row[at("Footnote for Four Quarter Average Score")] === "9");
    expect(footnote9.length).toBeGreaterThan(rows.length * 0.01);
    expect(footnote9.every((row) => row[at("Four Quarter Average Score")] === "")).toBe(true);
    // Falls with major injury around CMS's national 3.2%; pneumococcal vaccination around 93%.
    const mean = (code: string) => {
      const values = rows
        .filter((row) => row[at("Measure Code")] === code && row[at("Four Quarter Average Score")] !== "")
        .map((row) => Number(row[at("Four Quarter Average Score")]));
      return values.reduce((a, b) => a + b, 0) / values.length;
    };
    expect(mean("410")).toBeGreaterThan(2);
    expect(mean("410")).toBeLessThan(5);
    expect(mean("415")).toBeGreaterThan(85);
  }, 120_000);
});
