import { createWriteStream, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import {
  csvText,
  type FixtureRow,
  LAYOUTS,
  providerRow,
  tempDir,
  writeFixture,
} from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import type { Db } from "../db/client.ts";
import { periodDates } from "./derive-alerts.ts";
import { ingestFiles } from "./ingest.ts";

const dir = tempDir();

/** A fingerprint of every table, to show that a failed ingest left the database exactly as it was. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = [
    "release",
    "rating_snapshot",
    "facility",
    "rating_alert",
    "state_lu",
    "affiliated_entity_name_lu",
  ];
  const result: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await db.query<{ digest: string | null; rows: number }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*)::integer AS rows FROM ${table} t`,
    );
    result[table] = `${row?.rows}:${row?.digest}`;
  }
  const [state] = await db.query<{ version: number }>("SELECT data_version AS version FROM app_state");
  result.version = String(state?.version);
  return result;
}

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

const month = (date: string, rows: FixtureRow[]) =>
  csvText(
    "provider2025",
    rows.map((row) => ({ ...row, "Processing Date": date })),
  );

describe.each(engines)("ingest on $name", (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(engine);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("loads a Provider Information file as the current facilities and a snapshot", async () => {
    const path = writeFixture(
      dir,
      `${engine.name}-2024-03.csv`,
      month("2024-03-01", [
        providerRow("015001", { "Chain Name": "ACME", "Overall Rating": 4, "Health Inspection Rating": 4 }),
        providerRow("015002", { State: "AK", "Overall Rating": 2 }),
        providerRow("015003", { State: "AK", "Overall Rating": 5, "Chain Name": "ACME" }),
      ]),
    );
    const [result] = await ingestFiles(db, [path], { source: "files" });
    expect(result).toMatchObject({
      status: "loaded",
      kind: "provider",
      rowCount: 3,
      replacedFacilities: true,
    });
    expect(await db.query("SELECT ccn, state FROM facility ORDER BY ccn")).toEqual([
      { ccn: "015001", state: "AL" },
      { ccn: "015002", state: "AK" },
      { ccn: "015003", state: "AK" },
    ]);
    expect(await db.query("SELECT state FROM state_lu ORDER BY state")).toEqual([
      { state: "AK" },
      { state: "AL" },
    ]);
    expect(await db.query("SELECT affiliated_entity_name AS name FROM affiliated_entity_name_lu")).toEqual([
      { name: "ACME" },
    ]);
  });

  it("re-ingesting a file already loaded changes nothing", async () => {
    const before = await fingerprint(db);
    const [result] = await ingestFiles(db, [join(dir, `${engine.name}-2024-03.csv`)], { source: "files" });
    expect(result?.status).toBe("unchanged");
    expect(await fingerprint(db)).toEqual(before);
  });

  it("recognises the same data inside a monthly zip archive", async () => {
    const zip = await writeZip(join(dir, `${engine.name}-archive.zip`), {
      "NH_QualityMsr_MDS_Mar2024.csv": "not this one",
      "nested/NH_ProviderInfo_Mar2024.csv": readFileSync(join(dir, `${engine.name}-2024-03.csv`), "utf8"),
    });
    const [result] = await ingestFiles(db, [zip], { source: "cms" });
    expect(result?.status).toBe("unchanged");
    expect(result?.file).toMatch(/archive\.zip:nested\/NH_ProviderInfo_Mar2024\.csv$/);
  });

  it("a second file for a month overwrites the ratings it has and keeps the ones it lacks", async () => {
    const path = writeFixture(
      dir,
      `${engine.name}-2024-03-ratings.csv`,
      csvText("starRatings2017", [
        { "Federal Provider Number": "015001", "Overall Rating": 1, "Processing Date": "03/01/2024" },
      ]),
    );
    const [result] = await ingestFiles(db, [path], { source: "files" });
    expect(result).toMatchObject({ status: "loaded", kind: "ratings" });
    expect(
      await db.query(
        `SELECT overall_rating, health_inspection_rating, long_stay_qm_rating FROM rating_snapshot
         WHERE ccn = '015001' AND processing_date = '2024-03-01'`,
      ),
    ).toEqual([{ overall_rating: 1, health_inspection_rating: null, long_stay_qm_rating: 3 }]);
    // Put the month back as it was for the tests below.
    await ingestFiles(
      db,
      [
        writeFixture(
          dir,
          `${engine.name}-2024-03-ratings-fix.csv`,
          csvText("starRatings2017", [
            {
              "Federal Provider Number": "015001",
              "Overall Rating": 4,
              "Health Inspection Rating": 4,
              "QM Rating": 3,
              "Staffing Rating": 3,
              "Processing Date": "03/01/2024",
            },
          ]),
        ),
      ],
      { source: "files" },
    );
  });

  it("a newer month replaces the facilities, computes alerts; an older one only adds history", async () => {
    const newer = writeFixture(
      dir,
      `${engine.name}-2024-04.csv`,
      month("2024-04-01", [
        providerRow("015001", { "Chain Name": "ACME", "Overall Rating": 2, "Health Inspection Rating": 2 }),
        providerRow("015002", { State: "AK", "Overall Rating": 3 }),
        providerRow("015004", { State: "AZ", "Overall Rating": 1 }),
      ]),
    );
    const older = writeFixture(
      dir,
      `${engine.name}-2023-12.csv`,
      month("2023-12-01", [providerRow("015001", { "Overall Rating": 5 }), providerRow("015009")]),
    );
    const results = await ingestFiles(db, [newer, older], { source: "files" });
    expect(results.map((result) => [result.status, result.replacedFacilities])).toEqual([
      ["loaded", true],
      ["loaded", false],
    ]);
    expect((await db.query("SELECT ccn FROM facility ORDER BY ccn")).map((row) => row.ccn)).toEqual([
      "015001",
      "015002",
      "015004",
    ]);
    expect(await db.query("SELECT state FROM state_lu ORDER BY state")).toEqual([
      { state: "AK" },
      { state: "AL" },
      { state: "AZ" },
    ]);
    const alerts = await db.query(
      `SELECT period, ccn, to_char(previous_date, 'YYYY-MM-DD') AS previous, overall_diff, abs_overall_diff,
              health_inspection_diff
       FROM rating_alert ORDER BY period, ccn`,
    );
    // lastPeriod: 2024-04 against 2024-03; lastQuarter: 2024-04 against the newest date <= 2024-01-01.
    expect(alerts).toEqual([
      {
        period: "lastPeriod",
        ccn: "015001",
        previous: "2024-03-01",
        overall_diff: -2,
        abs_overall_diff: 2,
        health_inspection_diff: -2,
      },
      {
        period: "lastPeriod",
        ccn: "015002",
        previous: "2024-03-01",
        overall_diff: 1,
        abs_overall_diff: 1,
        health_inspection_diff: 0,
      },
      {
        period: "lastQuarter",
        ccn: "015001",
        previous: "2023-12-01",
        overall_diff: -3,
        abs_overall_diff: 3,
        health_inspection_diff: -1,
      },
    ]);
  });

  it("a failing file is rejected whole and leaves the database exactly as before", async () => {
    const before = await fingerprint(db);
    const good = csvText("provider2025", [
      providerRow("015001", { "Processing Date": "2024-05-01" }),
      providerRow("015002", { "Processing Date": "2024-05-01" }),
    ]);
    const truncated = writeFixture(dir, `${engine.name}-truncated.csv`, good.slice(0, good.length - 30));
    const badValue = writeFixture(
      dir,
      `${engine.name}-bad.csv`,
      month("2024-05-01", [providerRow("015001"), providerRow("015002", { "Staffing Rating": "high" })]),
    );
    const missingColumn = writeFixture(
      dir,
      `${engine.name}-nocol.csv`,
      "Provider Name,Overall Rating\nX,3\n",
    );
    const brokenZip = join(dir, `${engine.name}-broken.zip`);
    writeFileSync(
      brokenZip,
      readFileSync(await writeZip(brokenZip, { "NH_ProviderInfo_May2024.csv": good })).subarray(0, 60),
    );
    const results = await ingestFiles(db, [truncated, badValue, missingColumn, brokenZip], {
      source: "files",
    });
    expect(results.map((result) => result.status)).toEqual(["failed", "failed", "failed", "failed"]);
    expect(results[0]?.error).toContain(
      `truncated.csv (line 3): expected ${LAYOUTS.provider2025.length} fields`,
    );
    expect(results[1]?.error).toMatch(
      /bad\.csv \(line 3, column "Staffing Rating"\): "high" is not a number/,
    );
    expect(results[2]?.error).toMatch(/nocol\.csv \(line 1\): missing required column/);
    expect(results[3]?.error).toMatch(/broken\.zip: unreadable zip archive/);
    expect(await fingerprint(db)).toEqual(before);
  });

  it("in a run of several months only the newest supplies the facilities, even when it fails", async () => {
    const july = writeFixture(
      dir,
      `${engine.name}-2024-07.csv`,
      month("2024-07-01", [providerRow("015007", { State: "CA" }), providerRow("015008", { State: "CA" })]),
    );
    const brokenAugust = writeFixture(
      dir,
      `${engine.name}-2024-08.csv`,
      month("2024-08-01", [providerRow("015007"), providerRow("015008", { "Overall Rating": "7" })]),
    );
    const september = writeFixture(
      dir,
      `${engine.name}-2024-09.csv`,
      month("2024-09-01", [providerRow("015009", { State: "TX" })]),
    );
    // September comes first in the list but is the newest: July only adds history.
    const results = await ingestFiles(db, [september, july], { source: "files" });
    expect(results.map((result) => result.replacedFacilities)).toEqual([true, false]);
    expect(await db.query("SELECT ccn FROM facility")).toEqual([{ ccn: "015009" }]);
    // November is the newest of the next run, so October only adds history; November fails (a bad value on its
    // last row), so October, the newest file that loaded, supplies the facilities after all.
    const october = writeFixture(
      dir,
      `${engine.name}-2024-10.csv`,
      month("2024-10-01", [providerRow("015010", { State: "NY" })]),
    );
    const brokenNovember = writeFixture(
      dir,
      `${engine.name}-2024-11.csv`,
      month("2024-11-01", [providerRow("015011"), providerRow("015012", { "Overall Rating": "x" })]),
    );
    const second = await ingestFiles(db, [brokenNovember, october, brokenAugust], { source: "files" });
    expect(second.map((result) => result.status)).toEqual(["failed", "loaded", "failed"]);
    expect(second[1]?.replacedFacilities).toBe(true);
    expect(await db.query("SELECT ccn, state FROM facility")).toEqual([{ ccn: "015010", state: "NY" }]);
    expect(await db.query("SELECT state FROM state_lu")).toEqual([{ state: "NY" }]);
  });

  it("a database error during the load rolls the whole file back", async () => {
    const before = await fingerprint(db);
    // A latitude beyond what the column holds fails inside the transaction, after the snapshots went in.
    const path = writeFixture(
      dir,
      `${engine.name}-overflow.csv`,
      month("2025-06-01", [providerRow("015001", { "Number of Certified Beds": "99999999999" })]),
    );
    const [result] = await ingestFiles(db, [path], { source: "files" });
    expect(result?.status).toBe("failed");
    expect(await fingerprint(db)).toEqual(before);
  });
});

describe("period rules", () => {
  const dates = ["2021-08-01", "2021-10-01", "2021-11-01", "2022-01-01", "2022-02-01"];
  it("lastPeriod compares the latest date with the previous date that exists", () => {
    expect(periodDates(dates, "lastPeriod")).toEqual({ latest: "2022-02-01", previous: "2022-01-01" });
  });
  it("lastQuarter compares with the newest date at least three months earlier", () => {
    expect(periodDates(dates, "lastQuarter")).toEqual({ latest: "2022-02-01", previous: "2021-11-01" });
    expect(periodDates(["2022-01-01", "2022-02-01"], "lastQuarter")).toBeNull();
    expect(periodDates(["2022-01-01"], "lastPeriod")).toBeNull();
  });
});
