// Loading fire safety citations (CMS's Fire Safety Deficiencies): every layout (the 2019-2020 archives' download
// file, the archives' NH_ member in and out of its sub-folder, the dated members of July 2026, the current file),
// kept apart from the health citations of the same surveys, once across releases by the health citations' rules,
// and atomic files: a truncated member fails alone, naming its line, and leaves the records as they were.
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { inspectionToL1 } from "../../test/cms-standin/layouts.ts";
import { csvOf, type FixtureRow, providerRow, tempDir, writeFixture } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import type { Db } from "../db/client.ts";
import { FIRE_SAFETY_CITATIONS, HEALTH_CITATIONS, PROVIDER_INFO_2025 } from "./demo/cms-layouts.ts";
import { ingestFiles } from "./ingest.ts";

const dir = tempDir();

function writeZip(path: string, members: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const [name, text] of Object.entries(members)) zip.addBuffer(Buffer.from(text), name);
    zip.end();
    zip.outputStream
      .pipe(createWriteStream(path))
      .on("close", () => resolve(path))
      .on("error", reject);
  });
}

function fireCitation(
  ccn: string,
  surveyDate: string,
  prefix: "K" | "E",
  tag: string,
  scope: string,
  more: FixtureRow = {},
): FixtureRow {
  return {
    "CMS Certification Number (CCN)": ccn,
    "Federal Provider Number": ccn,
    "Provider Name": `FACILITY ${ccn}`,
    State: "AL",
    "Provider State": "AL",
    "Survey Date": surveyDate,
    "Survey Type": "Fire Safety",
    "Deficiency Prefix": prefix,
    "Deficiency Category": prefix === "K" ? "Smoke Deficiencies" : "Emergency Preparedness Deficiencies",
    "Deficiency Tag Number": tag,
    "Tag Version": "New",
    "Deficiency Description": `Fire safety description of ${prefix}${tag.padStart(4, "0")}`,
    "Scope Severity Code": scope,
    "Deficiency Corrected": "Deficient, Provider has plan of correction",
    "Inspection Cycle": 1,
    "Standard Deficiency": "Y",
    "Complaint Deficiency": "N",
    "Infection Control Inspection Deficiency": "N",
    "Citation under IDR": "N",
    "Citation under IIDR": "N",
    ...more,
  };
}

/** A fire safety CSV in the layout of its processing date's era. */
function fireCsv(
  era: keyof typeof FIRE_SAFETY_CITATIONS,
  processingDate: string,
  rows: FixtureRow[],
): string {
  return csvOf(
    FIRE_SAFETY_CITATIONS[era],
    rows.map((row) => ({ ...row, "Processing Date": processingDate })),
  );
}

/** A fingerprint of the fire safety records and the data version, to show a failed file left nothing behind. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of ["fire_citation", "citation", "inspection_group", "inspection_release"]) {
    const [row] = await db.query<{ digest: string | null; rows: number }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*)::integer AS rows FROM ${table} t`,
    );
    result[table] = `${row?.rows}:${row?.digest}`;
  }
  const [state] = await db.query<{ version: number }>("SELECT data_version AS version FROM app_state");
  result.version = String(state?.version);
  return result;
}

const fireRows = (db: Db, ccn: string) =>
  db.query<{
    survey_date: string;
    survey_type: string;
    prefix: string;
    tag: string;
    rank: number;
    scope_severity: string;
    correction_date: string | null;
    release_date: string;
  }>(
    `SELECT survey_date, survey_type, prefix, tag, rank, scope_severity, correction_date, release_date
     FROM fire_citation WHERE ccn = $1 ORDER BY survey_date, prefix, tag, rank`,
    [ccn],
  );

describe.each(engines)("fire safety citations on $name", (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(engine);
    const providers = writeFixture(
      dir,
      `${engine.name}-provider.csv`,
      csvOf(PROVIDER_INFO_2025, [
        providerRow("015001", { "Processing Date": "2024-06-01" }),
        providerRow("015002", { "Processing Date": "2024-06-01" }),
      ]),
    );
    const [result] = await ingestFiles(db, [providers], { source: "files" });
    expect(result?.status).toBe("loaded");
  });
  afterAll(async () => {
    await db?.close();
  });

  it("loads a current file as fire safety citations, apart from the health citations of the same day", async () => {
    const health = writeFixture(
      dir,
      `${engine.name}-NH_HealthCitations_Jun2024.csv`,
      csvOf(HEALTH_CITATIONS["2023-07"], [
        {
          "CMS Certification Number (CCN)": "015001",
          State: "AL",
          "Survey Date": "2024-02-01",
          "Survey Type": "Health",
          "Deficiency Prefix": "F",
          "Deficiency Tag Number": "0689",
          "Scope Severity Code": "D",
          "Processing Date": "2024-06-01",
        },
      ]),
    );
    const fire = writeFixture(
      dir,
      `${engine.name}-NH_FireSafetyCitations_Jun2024.csv`,
      fireCsv("2023-07", "2024-06-01", [
        fireCitation("015001", "2024-02-01", "K", "0353", "F"),
        fireCitation("015001", "2024-02-01", "K", "0353", "D"),
        fireCitation("015001", "2024-02-01", "E", "0041", "C"),
        // Tag numbers as a spreadsheet writes them, padded as for health citations.
        fireCitation("015002", "2023-11-15", "K", "712", "E", { "Tag Version": "" }),
      ]),
    );
    const results = await ingestFiles(db, [health, fire], { source: "files" });
    expect(results.map((result) => [result.kind, result.status, result.rowCount])).toEqual([
      ["citations", "loaded", 1],
      ["fire", "loaded", 4],
    ]);
    expect(await fireRows(db, "015001")).toEqual([
      {
        survey_date: "2024-02-01",
        survey_type: "Fire Safety",
        prefix: "E",
        tag: "0041",
        rank: 1,
        scope_severity: "C",
        correction_date: null,
        release_date: "2024-06-01",
      },
      expect.objectContaining({ prefix: "K", tag: "0353", rank: 1, scope_severity: "D" }),
      expect.objectContaining({ prefix: "K", tag: "0353", rank: 2, scope_severity: "F" }),
    ]);
    expect(await fireRows(db, "015002")).toEqual([expect.objectContaining({ prefix: "K", tag: "0712" })]);
    // The health citation of the same facility and day is a health citation alone.
    expect(await db.query("SELECT ccn, prefix, tag FROM citation")).toEqual([
      { ccn: "015001", prefix: "F", tag: "0689" },
    ]);
    expect(
      await db.query(
        "SELECT kind, ccn, survey_type, row_count FROM inspection_group WHERE kind IN ('citations', 'fire') ORDER BY kind, ccn",
      ),
    ).toEqual([
      { kind: "citations", ccn: "015001", survey_type: "Health", row_count: 1 },
      { kind: "fire", ccn: "015001", survey_type: "Fire Safety", row_count: 3 },
      { kind: "fire", ccn: "015002", survey_type: "Fire Safety", row_count: 1 },
    ]);
    // The tags' descriptions, for the API.
    expect(
      await db.query(
        `SELECT t.prefix, t.tag, d.description FROM citation_tag t JOIN citation_description d ON d.id = t.description_id
         WHERE t.prefix IN ('K', 'E') ORDER BY t.prefix, t.tag`,
      ),
    ).toEqual([
      { prefix: "E", tag: "0041", description: "Fire safety description of E0041" },
      { prefix: "K", tag: "0353", description: "Fire safety description of K0353" },
      { prefix: "K", tag: "0712", description: "Fire safety description of K0712" },
    ]);
  });

  it("keeps each fire safety citation once across releases, a later release's version winning", async () => {
    const before = await fireRows(db, "015001");
    // The next release lists the same survey, its citations now corrected: kept once, as the newer release has them.
    const next = writeFixture(
      dir,
      `${engine.name}-NH_FireSafetyCitations_Jul2024.csv`,
      fireCsv("2023-07", "2024-07-01", [
        fireCitation("015001", "2024-02-01", "E", "0041", "C", {
          "Deficiency Corrected": "Deficient, Provider has date of correction",
          "Correction Date": "2024-03-01",
        }),
        fireCitation("015001", "2024-02-01", "K", "0353", "D"),
        fireCitation("015001", "2024-02-01", "K", "0353", "F"),
        fireCitation("015002", "2023-11-15", "K", "0712", "E"),
      ]),
    );
    const [result] = await ingestFiles(db, [next], { source: "files" });
    expect(result).toMatchObject({ kind: "fire", status: "loaded", changedGroups: 1 });
    const after = await fireRows(db, "015001");
    expect(after).toHaveLength(before.length);
    expect(after[0]).toMatchObject({
      prefix: "E",
      correction_date: "2024-03-01",
      release_date: "2024-07-01",
    });
    // The unchanged survey of 015002 stays as first loaded.
    expect(await fireRows(db, "015002")).toEqual([
      expect.objectContaining({ tag: "0712", release_date: "2024-06-01" }),
    ]);
    // An older release loaded later changes nothing newer; the same file again changes nothing at all.
    const snapshot = await fingerprint(db);
    const older = writeFixture(
      dir,
      `${engine.name}-NH_FireSafetyCitations_May2024.csv`,
      fireCsv("2023-07", "2024-05-01", [fireCitation("015001", "2024-02-01", "K", "0353", "L")]),
    );
    const [oldResult] = await ingestFiles(db, [older, next], { source: "files" });
    expect(oldResult).toMatchObject({ kind: "fire", status: "loaded", changedGroups: 0 });
    const { inspection_release: _release, ...records } = await fingerprint(db);
    const { inspection_release: _before, ...recordsBefore } = snapshot;
    expect(records).toEqual(recordsBefore);
  });

  it("reads every archive layout's member, a CSV told by its header or first row, and keeps their surveys once", async () => {
    // L1 (2019-2020): FireSafetyDeficiencies_Download.csv, the short names, FILEDATE, no tag version.
    const l1 = inspectionToL1(
      fireCsv("2017", "2020-03-01", [
        fireCitation("015001", "2019-06-04", "K", "0211", "E"),
        fireCitation("015002", "2019-08-20", "E", "0004", "B"),
      ]),
      "2020-03",
    );
    expect(l1.split("\n")[0]).toContain("DEFPREF");
    // L2: the NH_ member, in its sub-folder; the same surveys, listed a year later.
    const l2 = fireCsv("2021", "2021-03-01", [
      fireCitation("015001", "2019-06-04", "K", "0211", "E"),
      fireCitation("015002", "2019-08-20", "E", "0004", "B"),
      fireCitation("015002", "2020-09-10", "K", "0918", "F"),
    ]);
    // L3 (from July 2026): the dated member beside manifest.json.
    const l3 = fireCsv("2023-07", "2026-08-01", [fireCitation("015001", "2026-05-05", "K", "0345", "D")]);
    const archives = [
      await writeZip(join(dir, `${engine.name}-nursing_homes_including_rehab_services_03_2020.zip`), {
        "FireSafetyDeficiencies_Download.csv": l1,
        "SurveySummary_Download.csv": "not read\n",
      }),
      await writeZip(join(dir, `${engine.name}-nursing_homes_including_rehab_services_03_2021.zip`), {
        "nursing_homes_including_rehab_services_03_2021/NH_FireSafetyCitations_Mar2021.csv": l2,
        "__MACOSX/nursing_homes_including_rehab_services_03_2021/._NH_FireSafetyCitations_Mar2021.csv":
          "junk",
      }),
      await writeZip(join(dir, `${engine.name}-nursing_homes_including_rehab_services_08_2026.zip`), {
        "ifjz-ge4w_2026-08-15_NH_FireSafetyCitations_Aug2026.csv": l3,
        "manifest.json": "{}",
      }),
    ];
    const results = await ingestFiles(db, archives, { source: "cms" });
    expect(results.map((result) => [result.file.split(":")[1], result.kind, result.status])).toEqual([
      ["FireSafetyDeficiencies_Download.csv", "fire", "loaded"],
      ["nursing_homes_including_rehab_services_03_2021/NH_FireSafetyCitations_Mar2021.csv", "fire", "loaded"],
      ["ifjz-ge4w_2026-08-15_NH_FireSafetyCitations_Aug2026.csv", "fire", "loaded"],
    ]);
    expect(results.map((result) => result.processingDate)).toEqual([
      "2020-03-01",
      "2021-03-01",
      "2026-08-01",
    ]);
    // Each survey once, its citations as the newest release listing it has them.
    expect(
      await db.query(
        `SELECT ccn, to_char(survey_date, 'YYYY-MM-DD') AS survey_date, prefix, tag, rank, release_date FROM fire_citation
         WHERE survey_date < '2021-01-01' OR survey_date > '2026-01-01' ORDER BY ccn, survey_date, tag`,
      ),
    ).toEqual([
      {
        ccn: "015001",
        survey_date: "2019-06-04",
        prefix: "K",
        tag: "0211",
        rank: 1,
        release_date: "2021-03-01",
      },
      {
        ccn: "015001",
        survey_date: "2026-05-05",
        prefix: "K",
        tag: "0345",
        rank: 1,
        release_date: "2026-08-01",
      },
      {
        ccn: "015002",
        survey_date: "2019-08-20",
        prefix: "E",
        tag: "0004",
        rank: 1,
        release_date: "2021-03-01",
      },
      {
        ccn: "015002",
        survey_date: "2020-09-10",
        prefix: "K",
        tag: "0918",
        rank: 1,
        release_date: "2021-03-01",
      },
    ]);
    // A CSV on its own without "Tag Version" is a fire safety file when its first row's prefix is K or E.
    const shortHeader = FIRE_SAFETY_CITATIONS["2021"].filter((column) => column !== "Tag Version");
    const byRow = writeFixture(
      dir,
      `${engine.name}-fire-by-first-row.csv`,
      csvOf(shortHeader, [
        { ...fireCitation("015002", "2021-01-05", "K", "0521", "D"), "Processing Date": "2021-04-01" },
      ]),
    );
    const [told] = await ingestFiles(db, [byRow], { source: "files" });
    expect(told).toMatchObject({ kind: "fire", status: "loaded" });
  });

  it("a truncated member fails alone, named with its line, and a bad file leaves the records as they were", async () => {
    const providers = csvOf(PROVIDER_INFO_2025, [
      providerRow("015001", { "Processing Date": "2024-09-01" }),
      providerRow("015002", { "Processing Date": "2024-09-01" }),
    ]);
    const health = csvOf(HEALTH_CITATIONS["2023-07"], [
      {
        "CMS Certification Number (CCN)": "015001",
        State: "AL",
        "Survey Date": "2024-08-01",
        "Survey Type": "Health",
        "Deficiency Prefix": "F",
        "Deficiency Tag Number": "0880",
        "Scope Severity Code": "E",
        "Processing Date": "2024-09-01",
      },
    ]);
    const fire = fireCsv("2023-07", "2024-09-01", [
      fireCitation("015001", "2024-08-01", "K", "0353", "D"),
      fireCitation("015002", "2024-08-02", "K", "0712", "E"),
    ]);
    const before = await fingerprint(db);
    const zip = await writeZip(join(dir, `${engine.name}-nursing-homes_2024-09-20.zip`), {
      "NH_ProviderInfo_Sep2024.csv": providers,
      "NH_HealthCitations_Sep2024.csv": health,
      "NH_FireSafetyCitations_Sep2024.csv": fire.slice(0, fire.lastIndexOf(",E,")),
    });
    const results = await ingestFiles(db, [zip], { source: "cms" });
    expect(results.map((result) => [result.file.split(":")[1], result.status, result.kind ?? null])).toEqual([
      ["NH_ProviderInfo_Sep2024.csv", "loaded", "provider"],
      ["NH_HealthCitations_Sep2024.csv", "loaded", "citations"],
      ["NH_FireSafetyCitations_Sep2024.csv", "failed", null],
    ]);
    expect(results[2]?.error).toBe(
      `${engine.name}-nursing-homes_2024-09-20.zip:NH_FireSafetyCitations_Sep2024.csv (line 3): expected 24 fields but found 13 (truncated row)`,
    );
    const after = await fingerprint(db);
    expect(after.fire_citation).toBe(before.fire_citation);
    expect(after.citation).not.toBe(before.citation);

    // A fire safety file with a health prefix is rejected whole, named, and changes nothing.
    const unchanged = await fingerprint(db);
    const bad = writeFixture(
      dir,
      `${engine.name}-NH_FireSafetyCitations_Oct2024.csv`,
      fireCsv("2023-07", "2024-10-01", [
        fireCitation("015001", "2024-09-01", "K", "0353", "D"),
        { ...fireCitation("015002", "2024-09-02", "K", "0712", "E"), "Deficiency Prefix": "F" },
      ]),
    );
    const [failed] = await ingestFiles(db, [bad], { source: "files" });
    expect(failed?.status).toBe("failed");
    expect(failed?.error).toBe(
      `${engine.name}-NH_FireSafetyCitations_Oct2024.csv (line 3, column "Deficiency Prefix"): "F" is not a fire safety deficiency prefix (K or E)`,
    );
    expect(await fingerprint(db)).toEqual(unchanged);
  });
});
