// Loading health citations and penalties: the union over releases (each citation and penalty kept once, a later
// release's version winning), atomic files, monthly archives with all three tables, and the derived figures of the
// last three years against a computation of their own.
import { createWriteStream, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import iconv from "iconv-lite";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { hasRealData, realFile } from "../../scripts/real-data.ts";
import { csvOf, type FixtureRow, providerRow, tempDir, writeFixture } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import type { Db } from "../db/client.ts";
import { HEALTH_CITATIONS, PENALTIES, PROVIDER_INFO_2025 } from "./demo/cms-layouts.ts";
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

/** A fingerprint of the inspection tables and the data version, to show a failed file left nothing behind. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of [
    "citation",
    "penalty",
    "inspection_group",
    "inspection_release",
    "citation_tag",
    "citation_description",
  ]) {
    const [row] = await db.query<{ digest: string | null; rows: number }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*)::integer AS rows FROM ${table} t`,
    );
    result[table] = `${row?.rows}:${row?.digest}`;
  }
  const [state] = await db.query<{ version: number }>("SELECT data_version AS version FROM app_state");
  result.version = String(state?.version);
  return result;
}

function citation(
  ccn: string,
  surveyDate: string,
  tag: string,
  scope: string,
  more: FixtureRow = {},
): FixtureRow {
  return {
    "CMS Certification Number (CCN)": ccn,
    "Provider Name": `FACILITY ${ccn}`,
    State: "AL",
    "Survey Date": surveyDate,
    "Survey Type": "Health",
    "Deficiency Prefix": "F",
    "Deficiency Category": ["0600", "0602", "0607", "0609", "0610"].includes(tag)
      ? "Freedom from Abuse, Neglect, and Exploitation Deficiencies"
      : "Quality of Life and Care Deficiencies",
    "Deficiency Tag Number": tag,
    "Deficiency Description": `Description of ${tag}`,
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

function citationsFile(name: string, processingDate: string, rows: FixtureRow[]): string {
  return writeFixture(
    dir,
    name,
    csvOf(
      HEALTH_CITATIONS["2023-07"],
      rows.map((row) => ({ ...row, "Processing Date": processingDate })),
    ),
  );
}

function penalty(
  ccn: string,
  date: string,
  type: "Fine" | "Payment Denial",
  more: FixtureRow = {},
): FixtureRow {
  return {
    "CMS Certification Number (CCN)": ccn,
    "Provider Name": `FACILITY ${ccn}`,
    State: "AL",
    "Penalty Date": date,
    "Penalty Type": type,
    ...more,
  };
}

function penaltiesFile(name: string, processingDate: string, rows: FixtureRow[]): string {
  return writeFixture(
    dir,
    name,
    csvOf(
      PENALTIES["2023-07"],
      rows.map((row) => ({ ...row, "Processing Date": processingDate })),
    ),
  );
}

const citationRows = (db: Db, ccn: string) =>
  db.query<{
    survey_date: string;
    tag: string;
    rank: number;
    scope_severity: string;
    correction_date: string | null;
    release_date: string;
  }>(
    `SELECT survey_date, tag, rank, scope_severity, correction_date, release_date FROM citation
     WHERE ccn = $1 ORDER BY survey_date, tag, rank`,
    [ccn],
  );

describe.each(engines)("inspection records on $name", (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(engine);
    const providers = writeFixture(
      dir,
      `${engine.name}-provider.csv`,
      csvOf(PROVIDER_INFO_2025, [
        providerRow("015001", { "Processing Date": "2024-06-01", "Abuse Icon": "N" }),
        providerRow("015002", { "Processing Date": "2024-06-01", "Abuse Icon": "Y" }),
        providerRow("015003", { "Processing Date": "2024-06-01" }),
      ]),
    );
    const [result] = await ingestFiles(db, [providers], { source: "files" });
    expect(result?.status).toBe("loaded");
  });
  afterAll(async () => {
    await db?.close();
  });

  it("loads a health citations file: each citation, its survey and the file", async () => {
    const path = citationsFile(`${engine.name}-citations-2024-03.csv`, "2024-03-01", [
      citation("015001", "2023-05-10", "0689", "D"),
      citation("015001", "2023-05-10", "0689", "G"),
      citation("015001", "2023-05-10", "0600", "E"),
      citation("015001", "2021-04-02", "0880", "F"),
      citation("015002", "2022-09-15", "0812", "J", {
        "Complaint Deficiency": "Y",
        "Standard Deficiency": "N",
      }),
    ]);
    const [result] = await ingestFiles(db, [path], { source: "files" });
    expect(result).toMatchObject({ status: "loaded", kind: "citations", rowCount: 5, changedGroups: 3 });
    expect(await citationRows(db, "015001")).toEqual([
      {
        survey_date: "2021-04-02",
        tag: "0880",
        rank: 1,
        scope_severity: "F",
        correction_date: null,
        release_date: "2024-03-01",
      },
      {
        survey_date: "2023-05-10",
        tag: "0600",
        rank: 1,
        scope_severity: "E",
        correction_date: null,
        release_date: "2024-03-01",
      },
      {
        survey_date: "2023-05-10",
        tag: "0689",
        rank: 1,
        scope_severity: "D",
        correction_date: null,
        release_date: "2024-03-01",
      },
      {
        survey_date: "2023-05-10",
        tag: "0689",
        rank: 2,
        scope_severity: "G",
        correction_date: null,
        release_date: "2024-03-01",
      },
    ]);
    const [row] = await db.query(
      `SELECT c.category, d.description, c.is_complaint, c.is_standard FROM citation c
       JOIN citation_description d ON d.id = c.description_id WHERE c.ccn = '015002'`,
    );
    expect(row).toEqual({
      category: "Quality of Life and Care Deficiencies",
      description: "Description of 0812",
      is_complaint: true,
      is_standard: false,
    });
    expect(
      await db.query(
        "SELECT kind, processing_date, row_count, changed_groups, changed_rows FROM inspection_release",
      ),
    ).toEqual([
      { kind: "citations", processing_date: "2024-03-01", row_count: 5, changed_groups: 3, changed_rows: 5 },
    ]);
  });

  it("a file loaded before changes nothing", async () => {
    const before = await fingerprint(db);
    const [result] = await ingestFiles(db, [join(dir, `${engine.name}-citations-2024-03.csv`)], {
      source: "files",
    });
    expect(result?.status).toBe("unchanged");
    expect(await fingerprint(db)).toEqual(before);
  });

  it("keeps the union: a later release's correction wins, a survey it no longer lists stays, the same survey is kept once", async () => {
    const path = citationsFile(`${engine.name}-citations-2024-06.csv`, "2024-06-01", [
      // Corrected since, and in another order.
      citation("015001", "2023-05-10", "0600", "E", {
        "Correction Date": "2023-06-30",
        "Deficiency Corrected": "Deficient, Provider has date of correction",
      }),
      citation("015001", "2023-05-10", "0689", "G"),
      citation("015001", "2023-05-10", "0689", "D"),
      // 2021-04-02 has aged out of CMS's three years; 015002's survey is listed unchanged.
      citation("015002", "2022-09-15", "0812", "J", {
        "Complaint Deficiency": "Y",
        "Standard Deficiency": "N",
      }),
      citation("015003", "2024-04-22", "0609", "H"),
    ]);
    const [result] = await ingestFiles(db, [path], { source: "files" });
    expect(result).toMatchObject({ status: "loaded", rowCount: 5, changedGroups: 2 });
    const rows = await citationRows(db, "015001");
    expect(
      rows.map((row) => [row.survey_date, row.tag, row.rank, row.correction_date, row.release_date]),
    ).toEqual([
      ["2021-04-02", "0880", 1, null, "2024-03-01"],
      ["2023-05-10", "0600", 1, "2023-06-30", "2024-06-01"],
      ["2023-05-10", "0689", 1, null, "2024-06-01"],
      ["2023-05-10", "0689", 2, null, "2024-06-01"],
    ]);
    expect((await citationRows(db, "015002")).map((row) => row.release_date)).toEqual(["2024-03-01"]);
    expect(await db.query("SELECT count(*)::integer AS n FROM citation")).toEqual([{ n: 6 }]);
  });

  it("a regraded survey is replaced whole, and an older release loaded later changes nothing newer", async () => {
    // Regraded after a dispute: G becomes D; the survey keeps two citations of 0689.
    const regraded = citationsFile(`${engine.name}-citations-2024-07.csv`, "2024-07-01", [
      citation("015001", "2023-05-10", "0600", "E", {
        "Correction Date": "2023-06-30",
        "Deficiency Corrected": "Deficient, Provider has date of correction",
      }),
      citation("015001", "2023-05-10", "0689", "D"),
      citation("015001", "2023-05-10", "0689", "D"),
    ]);
    const older = citationsFile(`${engine.name}-citations-2023-12.csv`, "2023-12-01", [
      citation("015001", "2023-05-10", "0689", "K"),
      citation("015001", "2020-11-03", "0584", "B"),
    ]);
    const results = await ingestFiles(db, [regraded, older], { source: "files" });
    expect(results.map((result) => [result.status, result.changedGroups])).toEqual([
      ["loaded", 1],
      ["loaded", 1],
    ]);
    const rows = await citationRows(db, "015001");
    expect(
      rows.map((row) => [row.survey_date, row.tag, row.rank, row.scope_severity, row.release_date]),
    ).toEqual([
      ["2020-11-03", "0584", 1, "B", "2023-12-01"],
      ["2021-04-02", "0880", 1, "F", "2024-03-01"],
      ["2023-05-10", "0600", 1, "E", "2024-07-01"],
      ["2023-05-10", "0689", 1, "D", "2024-07-01"],
      ["2023-05-10", "0689", 2, "D", "2024-07-01"],
    ]);
  });

  it("a file with a bad value is named, loads nothing and leaves the records as they were", async () => {
    const before = await fingerprint(db);
    const path = citationsFile(`${engine.name}-citations-bad.csv`, "2024-08-01", [
      citation("015001", "2024-07-01", "0689", "D"),
      citation("015003", "2024-07-02", "0689", "X"),
    ]);
    const [result] = await ingestFiles(db, [path], { source: "files" });
    expect(result).toMatchObject({
      status: "failed",
      error: `${engine.name}-citations-bad.csv (line 3, column "Scope Severity Code"): "X" is not a scope and severity code A-L`,
    });
    expect(await fingerprint(db)).toEqual(before);
  });

  it("keeps every penalty once, identical ones included, and a later release's amount", async () => {
    const first = penaltiesFile(`${engine.name}-penalties-2024-03.csv`, "2024-03-01", [
      penalty("015001", "2023-05-10", "Fine", { "Fine Amount": "$10,000" }),
      penalty("015001", "2023-05-10", "Payment Denial", {
        "Payment Denial Start Date": "2023-06-01",
        "Payment Denial Length in Days": 30,
      }),
      penalty("015002", "2022-09-15", "Fine", { "Fine Amount": "6500" }),
      penalty("015002", "2022-09-15", "Fine", { "Fine Amount": "6500" }),
      penalty("015002", "2020-01-20", "Fine", { "Fine Amount": "1300" }),
    ]);
    const second = penaltiesFile(`${engine.name}-penalties-2024-06.csv`, "2024-06-01", [
      // Reduced by 35% once the home waived its appeal.
      penalty("015001", "2023-05-10", "Fine", { "Fine Amount": "6500" }),
      penalty("015001", "2023-05-10", "Payment Denial", {
        "Payment Denial Start Date": "2023-06-01",
        "Payment Denial Length in Days": 30,
      }),
      penalty("015002", "2022-09-15", "Fine", { "Fine Amount": "6500" }),
      penalty("015002", "2022-09-15", "Fine", { "Fine Amount": "6500" }),
    ]);
    const results = await ingestFiles(db, [first, second], { source: "files" });
    expect(results.map((result) => [result.status, result.kind, result.changedGroups])).toEqual([
      ["loaded", "penalties", 3],
      ["loaded", "penalties", 1],
    ]);
    expect(
      await db.query(
        `SELECT ccn, penalty_date, rank, penalty_type, fine_amount, denial_start_date, denial_days, release_date
         FROM penalty ORDER BY ccn, penalty_date, rank`,
      ),
    ).toEqual([
      {
        ccn: "015001",
        penalty_date: "2023-05-10",
        rank: 1,
        penalty_type: "Fine",
        fine_amount: 6500,
        denial_start_date: null,
        denial_days: null,
        release_date: "2024-06-01",
      },
      {
        ccn: "015001",
        penalty_date: "2023-05-10",
        rank: 2,
        penalty_type: "Payment Denial",
        fine_amount: null,
        denial_start_date: "2023-06-01",
        denial_days: 30,
        release_date: "2024-06-01",
      },
      {
        ccn: "015002",
        penalty_date: "2020-01-20",
        rank: 1,
        penalty_type: "Fine",
        fine_amount: 1300,
        denial_start_date: null,
        denial_days: null,
        release_date: "2024-03-01",
      },
      {
        ccn: "015002",
        penalty_date: "2022-09-15",
        rank: 1,
        penalty_type: "Fine",
        fine_amount: 6500,
        denial_start_date: null,
        denial_days: null,
        release_date: "2024-03-01",
      },
      {
        ccn: "015002",
        penalty_date: "2022-09-15",
        rank: 2,
        penalty_type: "Fine",
        fine_amount: 6500,
        denial_start_date: null,
        denial_days: null,
        release_date: "2024-03-01",
      },
    ]);
  });

  it("derives each facility's last three years, counted back from the newest processing date loaded", async () => {
    const [figures] = await db.query(`SELECT window_start, window_end FROM facility_inspection LIMIT 1`);
    // The newest processing date loaded: the July 2024 citations file.
    expect(figures).toEqual({ window_start: "2021-07-01", window_end: "2024-07-01" });
    expect(
      await db.query(
        `SELECT ccn, citations_minimal_harm AS ac, citations_potential_harm AS df, citations_actual_harm AS gi,
           citations_immediate_jeopardy AS jl, most_severe, abuse_citations, abuse_icon, is_abuse, fines,
           fine_dollars, payment_denials, denial_days
         FROM facility_inspection ORDER BY ccn`,
      ),
    ).toEqual([
      // 2021-04-02 and 2020-11-03 are before the window; 0600 is an abuse tag.
      {
        ccn: "015001",
        ac: 0,
        df: 3,
        gi: 0,
        jl: 0,
        most_severe: "E",
        abuse_citations: 1,
        abuse_icon: false,
        is_abuse: true,
        fines: 1,
        fine_dollars: 6500,
        payment_denials: 1,
        denial_days: 30,
      },
      {
        ccn: "015002",
        ac: 0,
        df: 0,
        gi: 0,
        jl: 1,
        most_severe: "J",
        abuse_citations: 0,
        abuse_icon: true,
        is_abuse: true,
        fines: 2,
        fine_dollars: 13000,
        payment_denials: 0,
        denial_days: 0,
      },
      {
        ccn: "015003",
        ac: 0,
        df: 0,
        gi: 1,
        jl: 0,
        most_severe: "H",
        abuse_citations: 1,
        abuse_icon: null,
        is_abuse: true,
        fines: 0,
        fine_dollars: 0,
        payment_denials: 0,
        denial_days: 0,
      },
    ]);
  });

  it("loads a monthly archive's three tables, each on its own: a truncated citations member fails alone", async () => {
    const providers = csvOf(PROVIDER_INFO_2025, [
      providerRow("015001", { "Processing Date": "2024-09-01" }),
      providerRow("015002", { "Processing Date": "2024-09-01" }),
    ]);
    const citations = csvOf(HEALTH_CITATIONS["2023-07"], [
      { ...citation("015001", "2024-08-01", "0689", "D"), "Processing Date": "2024-09-01" },
      { ...citation("015002", "2024-08-02", "0880", "E"), "Processing Date": "2024-09-01" },
    ]);
    const penalties = csvOf(PENALTIES["2023-07"], [
      {
        ...penalty("015001", "2024-08-01", "Fine", { "Fine Amount": "2000" }),
        "Processing Date": "2024-09-01",
      },
    ]);
    const zip = await writeZip(join(dir, `${engine.name}-nursing-homes_2024-09-20.zip`), {
      "NH_ProviderInfo_Sep2024.csv": providers,
      "NH_HealthCitations_Sep2024.csv": citations.slice(0, citations.lastIndexOf(",E,")),
      "NH_Penalties_Sep2024.csv": penalties,
      "NH_SurveyDates_Sep2024.csv": "not read\n",
    });
    const before = await db.query("SELECT count(*)::integer AS n FROM citation");
    const results = await ingestFiles(db, [zip], { source: "cms" });
    expect(results.map((result) => [result.file.split(":")[1], result.status, result.kind ?? null])).toEqual([
      ["NH_ProviderInfo_Sep2024.csv", "loaded", "provider"],
      ["NH_HealthCitations_Sep2024.csv", "failed", null],
      ["NH_Penalties_Sep2024.csv", "loaded", "penalties"],
    ]);
    expect(results[1]?.error).toBe(
      `${engine.name}-nursing-homes_2024-09-20.zip:NH_HealthCitations_Sep2024.csv (line 3): expected 23 fields but found 12 (truncated row)`,
    );
    expect(await db.query("SELECT count(*)::integer AS n FROM citation")).toEqual(before);
    expect(
      await db.query("SELECT count(*)::integer AS n FROM penalty WHERE penalty_date = '2024-08-01'"),
    ).toEqual([{ n: 1 }]);
    // The window now ends at September 2024.
    expect(await db.query("SELECT DISTINCT window_end FROM facility_inspection")).toEqual([
      { window_end: "2024-09-01" },
    ]);
  });
});

/** The penalties of a real file by CCN, read without any of the ingest code (cp1252, papaparse). */
function realPenalties(name: string): Map<string, string[]> {
  const text = iconv.decode(gunzipSync(readFileSync(realFile(`related/${name}`))), "win1252");
  const iso = (value: string) => {
    const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
    return value === "" ? "" : us ? `${us[3]}-${us[1]}-${us[2]}` : value;
  };
  const byCcn = new Map<string, string[]>();
  for (const row of Papa.parse<string[]>(text, { skipEmptyLines: true }).data.slice(1)) {
    const amount = (row[8] ?? "").replace("$", "");
    const penalty = [
      iso(row[6] ?? ""),
      row[7],
      amount === "" ? "" : Number(amount),
      iso(row[9] ?? ""),
      row[10],
    ].join("|");
    byCcn.set(row[0] ?? "", [...(byCcn.get(row[0] ?? "") ?? []), penalty]);
  }
  return byCcn;
}

describe.skipIf(!hasRealData).each(engines)("the real penalties files on $name", (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(engine);
    const results = await ingestFiles(
      db,
      [realFile("related/NH_Penalties_Jun2021.csv.gz"), realFile("related/Penalties_Feb2017.csv.gz")],
      { source: "files" },
    );
    expect(
      results.map((result) => [result.status, result.kind, result.processingDate, result.rowCount]),
    ).toEqual([
      ["loaded", "penalties", "2021-06-01", 11_396],
      ["loaded", "penalties", "2017-02-01", 6_897],
    ]);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("keeps every penalty of both files: their dates do not overlap, so the union is both", async () => {
    const expected = new Map<string, string[]>();
    for (const name of ["NH_Penalties_Jun2021.csv.gz", "Penalties_Feb2017.csv.gz"]) {
      for (const [ccn, penalties] of realPenalties(name))
        expected.set(ccn, [...(expected.get(ccn) ?? []), ...penalties]);
    }
    const stored = await db.query<{ ccn: string; penalty: string }>(
      `SELECT ccn, concat_ws('|', to_char(penalty_date, 'YYYY-MM-DD'), penalty_type, coalesce(fine_amount::text, ''),
         coalesce(to_char(denial_start_date, 'YYYY-MM-DD'), ''), coalesce(denial_days::text, '')) AS penalty
       FROM penalty`,
    );
    const actual = new Map<string, string[]>();
    for (const { ccn, penalty } of stored) actual.set(ccn, [...(actual.get(ccn) ?? []), penalty]);
    expect(stored).toHaveLength(11_396 + 6_897);
    // Sample facilities first (a fine of $6600 written "$6600" in 2017, a denial of -526 days in 2021, a fine listed
    // eight times), then every one.
    for (const ccn of ["015019", "015375", "056056", "015015"]) {
      expect(actual.get(ccn)?.sort(), ccn).toEqual(expected.get(ccn)?.sort());
    }
    expect(new Map([...actual].map(([ccn, list]) => [ccn, list.sort()]))).toEqual(
      new Map([...expected].map(([ccn, list]) => [ccn, list.sort()])),
    );
  });
});
