// Staffing figures (docs/api.md, "Staffing"), in-process against a real database on every engine: a facility's
// history over releases of every layout CMS used (null where a layout lacks a figure), the endpoint's shape and
// averages, the 404, the list's staffing fields and sorts (list, alert view, points, CSV).
import { existsSync } from "node:fs";
import Papa from "papaparse";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realFile } from "../../scripts/real-data.ts";
import {
  csvOf,
  csvText,
  type FixtureRow,
  providerRow,
  tempDir,
  writeFixture,
} from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import { facilityListResponseSchema, facilityPointsSchema } from "../core/api-types.ts";
import { facilityStaffingSchema, type StaffingHistoryPoint, type StaffingKey } from "../core/staffing.ts";
import type { Db } from "../db/client.ts";
import { ingestFiles } from "../ingest/ingest.ts";
import { staffingTuning } from "../ingest/staffing.ts";
import { type App, createApp } from "./app.ts";
import { readCmsAverages } from "./quality-repository.ts";

/** The 2019-2020 archives' download file (abbreviated headers), the columns used here. */
const L1_HEADER = [
  "provnum",
  "PROVNAME",
  "CITY",
  "STATE",
  "overall_rating",
  "staffing_rating",
  "STAFFING_FLAG",
  "PT_STAFFING_FLAG",
  "AIDHRD",
  "VOCHRD",
  "RNHRD",
  "TOTLICHRD",
  "TOTHRD",
  "PTHRD",
  "exp_aide",
  "exp_lpn",
  "exp_rn",
  "exp_total",
  "adj_aide",
  "adj_lpn",
  "adj_rn",
  "adj_total",
  "FILEDATE",
];

/** Reported hours in the full names (2021 and later layouts). */
function hours(aide: number, lpn: number, rn: number, pt: number): FixtureRow {
  return {
    "Reported Nurse Aide Staffing Hours per Resident per Day": aide,
    "Reported LPN Staffing Hours per Resident per Day": lpn,
    "Reported RN Staffing Hours per Resident per Day": rn,
    "Reported Licensed Staffing Hours per Resident per Day": Number((lpn + rn).toFixed(5)),
    "Reported Total Nurse Staffing Hours per Resident per Day": Number((aide + lpn + rn).toFixed(5)),
    "Reported Physical Therapist Staffing Hours per Resident Per Day": pt,
    "Case-Mix Nurse Aide Staffing Hours per Resident per Day": 2.1,
    "Case-Mix LPN Staffing Hours per Resident per Day": 0.8,
    "Case-Mix RN Staffing Hours per Resident per Day": 0.4,
    "Case-Mix Total Nurse Staffing Hours per Resident per Day": 3.3,
    "Adjusted Nurse Aide Staffing Hours per Resident per Day": 2.2,
    "Adjusted LPN Staffing Hours per Resident per Day": 0.81,
    "Adjusted RN Staffing Hours per Resident per Day": 0.52,
    "Adjusted Total Nurse Staffing Hours per Resident per Day": 3.53,
  };
}

/** No staffing reported: blank hours and CMS's footnote 6. */
const NOT_REPORTED: FixtureRow = {
  "Reported Staffing Footnote": 6,
  "Physical Therapist Staffing Footnote": 6,
};

const WEEKEND = (total: number, rn: number): FixtureRow => ({
  "Total number of nurse staff hours per resident per day on the weekend": total,
  "Registered Nurse hours per resident per day on the weekend": rn,
  "Adjusted Weekend Total Nurse Staffing Hours per Resident per Day": Number((total * 0.95).toFixed(5)),
});

const TURNOVER = (total: number, rn: number, admins: number): FixtureRow => ({
  "Total nursing staff turnover": total,
  "Registered Nurse turnover": rn,
  "Number of administrators who have left the nursing home": admins,
});

const dir = tempDir();

/** The releases, written in layouts of different eras; loaded newest first, as the CMS sync loads a history. */
const FILES = {
  l1: writeFixture(
    dir,
    "ProviderInfo_Download_2020-06.csv",
    csvOf(L1_HEADER, [
      {
        provnum: "015001",
        PROVNAME: "ALPHA",
        CITY: "A",
        STATE: "AL",
        overall_rating: 3,
        staffing_rating: 3,
        AIDHRD: 2.5,
        VOCHRD: 0.9,
        RNHRD: 0.6,
        TOTLICHRD: 1.5,
        TOTHRD: 4,
        PTHRD: 0.05,
        exp_aide: 2.1,
        exp_lpn: 0.8,
        exp_rn: 0.4,
        exp_total: 3.3,
        adj_aide: 2.2,
        adj_lpn: 0.81,
        adj_rn: 0.52,
        adj_total: 3.53,
        FILEDATE: "2020-06-01",
      },
      {
        provnum: "015002",
        PROVNAME: "BRAVO",
        CITY: "B",
        STATE: "AL",
        overall_rating: 2,
        STAFFING_FLAG: "Data Not Available",
        PT_STAFFING_FLAG: "Data Not Available",
        FILEDATE: "2020-06-01",
      },
    ]),
  ),
  stars: writeFixture(
    dir,
    "Star_Ratings_Jul2020.csv",
    csvText("starRatings2020", [
      providerRow("015001", { "Processing Date": "2020-07-01" }),
      providerRow("015002", { "Processing Date": "2020-07-01" }),
    ]),
  ),
  aug2021: writeFixture(
    dir,
    "NH_ProviderInfo_Aug2021.csv",
    csvText("provider2021", [
      providerRow("015001", {
        "Provider Name": "ALPHA",
        ...hours(2.5, 0.9, 0.6, 0.05),
        "Processing Date": "2021-08-01",
      }),
      providerRow("015002", { "Provider Name": "BRAVO", ...NOT_REPORTED, "Processing Date": "2021-08-01" }),
    ]),
  ),
  // The same figures as August: no new row for the facility.
  sep2021: writeFixture(
    dir,
    "NH_ProviderInfo_Sep2021.csv",
    csvText("provider2021", [
      providerRow("015001", {
        "Provider Name": "ALPHA",
        ...hours(2.5, 0.9, 0.6, 0.05),
        "Processing Date": "2021-09-01",
      }),
      providerRow("015002", { "Provider Name": "BRAVO", ...NOT_REPORTED, "Processing Date": "2021-09-01" }),
    ]),
  ),
  jun2024: writeFixture(
    dir,
    "NH_ProviderInfo_Jun2024.csv",
    csvText("provider2024", [
      providerRow("015001", {
        "Provider Name": "ALPHA",
        ...hours(2.4, 0.8, 0.7, 0.06),
        ...WEEKEND(3.3, 0.45),
        ...TURNOVER(45.5, 30.1, 1),
        "Processing Date": "2024-06-01",
      }),
      providerRow("015002", {
        "Provider Name": "BRAVO",
        ...NOT_REPORTED,
        "Total nursing staff turnover footnote": 6,
        "Registered Nurse turnover footnote": 6,
        "Administrator turnover footnote": 6,
        "Processing Date": "2024-06-01",
      }),
    ]),
  ),
  may2026: writeFixture(
    dir,
    "NH_ProviderInfo_May2026.csv",
    csvText("provider2025", [
      providerRow("015001", {
        "Provider Name": "ALPHA",
        ...hours(2.47388, 0.54998, 1.02491, 0.01087),
        ...WEEKEND(3.18247, 0.57434),
        ...TURNOVER(41.9, 8.3, 0),
        "Nursing Case-Mix Index": 1.37999,
        "Nursing Case-Mix Index Ratio": 0.9916,
        "Case-Mix Weekend Total Nurse Staffing Hours per Resident per Day": 3.40574,
        "Processing Date": "2026-05-01",
      }),
      providerRow("015002", {
        "Provider Name": "BRAVO",
        ...NOT_REPORTED,
        "Total nursing staff turnover footnote": 6,
        "Processing Date": "2026-05-01",
      }),
      // Ties and missing values for the sorts: CHARLIE and DELTA have the same hours; ECHO has none at weekends.
      providerRow("015003", {
        "Provider Name": "CHARLIE",
        ...hours(3, 1, 1, 0),
        ...WEEKEND(4, 0.5),
        "Processing Date": "2026-05-01",
      }),
      providerRow("015004", {
        "Provider Name": "DELTA",
        ...hours(3, 1, 1, 0),
        ...WEEKEND(4.5, 0.5),
        "Processing Date": "2026-05-01",
      }),
      providerRow("015005", {
        "Provider Name": "ECHO",
        State: "GA",
        ...hours(4, 1, 1, 0),
        "Processing Date": "2026-05-01",
      }),
    ]),
  ),
};

const KEYS_2026 = ["015001", "015002", "015003", "015004", "015005"];

/** A history point with every figure null but those given. */
function point(
  processingDate: string,
  values: Partial<Record<StaffingKey, number>> = {},
): StaffingHistoryPoint {
  return {
    processingDate,
    nurseAideHours: null,
    lpnHours: null,
    rnHours: null,
    licensedHours: null,
    totalNurseHours: null,
    weekendTotalNurseHours: null,
    weekendRnHours: null,
    physicalTherapistHours: null,
    totalNurseTurnover: null,
    rnTurnover: null,
    administratorsLeft: null,
    nursingCaseMixIndex: null,
    nursingCaseMixIndexRatio: null,
    ...values,
  };
}

const ALPHA_2021 = {
  nurseAideHours: 2.5,
  lpnHours: 0.9,
  rnHours: 0.6,
  licensedHours: 1.5,
  totalNurseHours: 4,
  physicalTherapistHours: 0.05,
};

const REAL_AVERAGES = realFile("related/NH_StateUSAverages_Jul2026.csv.gz");

describe.each(engines)("staffing figures, $name", (engine) => {
  let db: Db;
  let app: App;
  const get = (path: string) => app.request(path);

  beforeAll(async () => {
    db = await openTestDb(engine);
    const newest = await ingestFiles(db, [FILES.may2026], { source: "files" });
    const older = await ingestFiles(
      db,
      [FILES.l1, FILES.stars, FILES.aug2021, FILES.sep2021, FILES.jun2024],
      {
        source: "files",
        publishEachFile: true,
      },
    );
    expect([...newest, ...older].map((result) => result.error ?? result.status)).toEqual(
      Array(6).fill("loaded"),
    );
    app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("keeps each release's figures, null where the layout lacks them, loaded in any order", async () => {
    const response = await get("/api/facilities/015001/staffing");
    expect(response.status).toBe(200);
    const body = facilityStaffingSchema.parse(await response.json());
    expect(body.history).toEqual([
      point("2020-06-01", ALPHA_2021),
      // A ratings-only export: no staffing column at all.
      point("2020-07-01"),
      point("2021-08-01", ALPHA_2021),
      point("2021-09-01", ALPHA_2021),
      point("2024-06-01", {
        nurseAideHours: 2.4,
        lpnHours: 0.8,
        rnHours: 0.7,
        licensedHours: 1.5,
        totalNurseHours: 3.9,
        weekendTotalNurseHours: 3.3,
        weekendRnHours: 0.45,
        physicalTherapistHours: 0.06,
        totalNurseTurnover: 45.5,
        rnTurnover: 30.1,
        administratorsLeft: 1,
      }),
      point("2026-05-01", {
        nurseAideHours: 2.47388,
        lpnHours: 0.54998,
        rnHours: 1.02491,
        licensedHours: 1.57489,
        totalNurseHours: 4.04877,
        weekendTotalNurseHours: 3.18247,
        weekendRnHours: 0.57434,
        physicalTherapistHours: 0.01087,
        totalNurseTurnover: 41.9,
        rnTurnover: 8.3,
        administratorsLeft: 0,
        nursingCaseMixIndex: 1.37999,
        nursingCaseMixIndexRatio: 0.9916,
      }),
    ]);
    // The same figures in a later release are not stored again.
    const rows = await db.query<{ date: string }>(
      "SELECT to_char(from_date, 'YYYY-MM-DD') AS date FROM staffing_period WHERE ccn = '015001' ORDER BY from_date",
    );
    expect(rows.map((row) => row.date)).not.toContain("2021-09-01");
  });

  it("answers every figure with its label, unit, case-mix and adjusted hours, footnote and averages", async () => {
    const body = facilityStaffingSchema.parse(await (await get("/api/facilities/015001/staffing")).json());
    expect(body.processingDate).toBe("2026-05-01");
    expect(body.figures.map((figure) => figure.key)).toEqual([
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
      "nursingCaseMixIndexRatio",
    ]);
    const byKey = new Map(body.figures.map((figure) => [figure.key, figure]));
    expect(byKey.get("totalNurseHours")).toEqual({
      key: "totalNurseHours",
      label: "Total nurse hours per resident per day",
      unit: "hoursPerResidentDay",
      value: 4.04877,
      caseMix: 3.3,
      adjusted: 3.53,
      footnote: null,
      // AL: ALPHA, CHARLIE (5), DELTA (5); BRAVO reported none. The nation adds ECHO (6).
      state: Number(((4.04877 + 5 + 5) / 3).toFixed(5)),
      national: Number(((4.04877 + 5 + 5 + 6) / 4).toFixed(5)),
      averagesSource: "product",
    });
    expect(byKey.get("weekendTotalNurseHours")).toMatchObject({
      value: 3.18247,
      caseMix: 3.40574,
      adjusted: 3.02335,
    });
    expect(byKey.get("weekendRnHours")).toMatchObject({ value: 0.57434, caseMix: null, adjusted: null });
    expect(byKey.get("totalNurseTurnover")).toMatchObject({ unit: "percent", value: 41.9, national: 41.9 });
    expect(byKey.get("administratorsLeft")).toMatchObject({ unit: "count", value: 0 });
    expect(byKey.get("nursingCaseMixIndex")).toMatchObject({ unit: "index", value: 1.37999 });

    const bravo = facilityStaffingSchema.parse(await (await get("/api/facilities/015002/staffing")).json());
    const total = bravo.figures.find((figure) => figure.key === "totalNurseHours");
    expect(total?.value).toBeNull();
    expect(total?.footnote).toMatch(/did not submit staffing data/);
    expect(bravo.figures.find((figure) => figure.key === "rnTurnover")?.footnote).toBeNull();
    expect(bravo.figures.find((figure) => figure.key === "totalNurseTurnover")?.footnote).toMatch(/staffing/);
    // The 2019 download file's staffing flag in words ("Data Not Available") is no code: no footnote, no failure.
    expect(bravo.history[0]).toEqual(point("2020-06-01"));
  });

  it("is a 404 for an unknown CCN and a 400 for a malformed one, cached like the other details", async () => {
    const unknown = await get("/api/facilities/999999/staffing");
    expect(unknown.status).toBe(404);
    expect((await get("/api/facilities/12/staffing")).status).toBe(400);
    const ok = await get("/api/facilities/015003/staffing");
    expect(ok.headers.get("cache-control")).toBe("public, max-age=300");
    const etag = ok.headers.get("etag") as string;
    expect(
      (await app.request("/api/facilities/015003/staffing", { headers: { "if-none-match": etag } })).status,
    ).toBe(304);
  });

  it("gives list items their staffing fields", async () => {
    const list = facilityListResponseSchema.parse(
      await (await get("/api/facilities?ccn=015001&ccn=015002")).json(),
    );
    expect(
      list.data.map(({ totalNurseHours, rnHours, weekendTotalNurseHours, totalNurseTurnover }) => ({
        totalNurseHours,
        rnHours,
        weekendTotalNurseHours,
        totalNurseTurnover,
      })),
    ).toEqual([
      {
        totalNurseHours: 4.04877,
        rnHours: 1.02491,
        weekendTotalNurseHours: 3.18247,
        totalNurseTurnover: 41.9,
      },
      { totalNurseHours: null, rnHours: null, weekendTotalNurseHours: null, totalNurseTurnover: null },
    ]);
    const detail = (await (await get("/api/facilities/015001")).json()) as Record<string, unknown>;
    expect(detail).toMatchObject({ totalNurseHours: 4.04877, weekendTotalNurseHours: 3.18247 });
  });

  it("sorts by nurse hours, most first, no value last, then by name, in the list, alert views, points and CSV", async () => {
    const order = async (query: string) =>
      facilityListResponseSchema
        .parse(await (await get(`/api/facilities?${query}`)).json())
        .data.map((item) => item.ccn);
    // ECHO 6, CHARLIE 5 and DELTA 5 (by name), ALPHA 4.05, BRAVO none.
    expect(await order("sort=nurseHours")).toEqual(["015005", "015003", "015004", "015001", "015002"]);
    // DELTA 4.5, CHARLIE 4, ALPHA 3.18, then BRAVO and ECHO (none) by name.
    expect(await order("sort=weekendNurseHours")).toEqual(["015004", "015003", "015001", "015002", "015005"]);
    expect(await order("sort=nurseHours&state=AL&page=2&pageSize=2")).toEqual(["015001", "015002"]);
    const alerts = await get("/api/facilities?alertEnabled=true&alertThreshold=1&sort=nurseHours");
    expect(alerts.status).toBe(200);
    const points = facilityPointsSchema.parse(
      await (await get("/api/facilities/points?sort=weekendNurseHours")).json(),
    );
    expect(points.ccn).toEqual(
      ["015004", "015003", "015001", "015002", "015005"].filter((ccn) => points.ccn.includes(ccn)),
    );
    const csv = await (await get("/api/facilities.csv?sort=nurseHours")).text();
    const [header = [], ...rows] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), {
      skipEmptyLines: true,
    }).data;
    expect(rows.map((row) => row[0])).toEqual(["015005", "015003", "015004", "015001", "015002"]);
    const column = (name: string) => header.indexOf(name);
    for (const name of [
      "Reported Total Nurse Staffing Hours per Resident per Day",
      "Reported RN Staffing Hours per Resident per Day",
      "Total number of nurse staff hours per resident per day on the weekend",
      "Total nursing staff turnover",
    ]) {
      expect(
        header.filter((cell) => cell === name),
        name,
      ).toHaveLength(1);
    }
    const alpha = rows.find((row) => row[0] === "015001") ?? [];
    expect(alpha[column("Reported Total Nurse Staffing Hours per Resident per Day")]).toBe("4.04877");
    expect(alpha[column("Total nursing staff turnover")]).toBe("41.9");
    expect(KEYS_2026).toHaveLength(rows.length);
  });

  it("keeps a later release's figures when an older release between two is loaded after them", async () => {
    const month = (date: string, aide: number) =>
      writeFixture(
        dir,
        `between-${date}.csv`,
        csvText("provider2021", [
          providerRow("016001", {
            "Provider Name": "FOXTROT",
            ...hours(aide, 1, 1, 0),
            "Processing Date": date,
          }),
        ]),
      );
    const other = await openTestDb(engine);
    try {
      // October has August's figures, so it writes no row of its own; September, loaded last, differs.
      for (const path of [month("2021-08-01", 2), month("2021-10-01", 2), month("2021-09-01", 3)]) {
        const [result] = await ingestFiles(other, [path], { source: "files" });
        expect(result?.error ?? result?.status).toBe("loaded");
      }
      const otherApp = createApp({ db: other, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
      const body = facilityStaffingSchema.parse(
        await (await otherApp.request("/api/facilities/016001/staffing")).json(),
      );
      expect(
        body.history.map((entry) => [entry.processingDate, entry.nurseAideHours, entry.totalNurseHours]),
      ).toEqual([
        ["2021-08-01", 2, 4],
        ["2021-09-01", 3, 5],
        ["2021-10-01", 2, 4],
      ]);
    } finally {
      await other.close();
    }
  });

  it("writes the same figures a facility per statement and transaction as all at once", async () => {
    const dump = (from: Db) =>
      from
        .query("SELECT * FROM staffing_period ORDER BY ccn, from_date")
        .then((rows) => JSON.stringify(rows));
    const before = { ...staffingTuning };
    const other = await openTestDb(engine);
    try {
      staffingTuning.chunk = 1;
      const results = [
        ...(await ingestFiles(other, [FILES.may2026], { source: "files" })),
        ...(await ingestFiles(other, [FILES.l1, FILES.stars, FILES.aug2021, FILES.sep2021, FILES.jun2024], {
          source: "files",
          publishEachFile: true,
        })),
      ];
      expect(results.map((result) => result.error ?? result.status)).toEqual(Array(6).fill("loaded"));
      const [counts] = await other.query<{ ccns: number; rows: number }>(
        "SELECT count(DISTINCT ccn)::integer AS ccns, count(*)::integer AS rows FROM staffing_period",
      );
      expect(counts?.ccns).toBeGreaterThan(1);
      expect(await dump(other)).toBe(await dump(db));
      // The scratch rows are gone once a release is written.
      expect(await other.query("SELECT ord FROM staffing_incoming")).toEqual([]);
    } finally {
      Object.assign(staffingTuning, before);
      await other.close();
    }
  });

  it.skipIf(!existsSync(REAL_AVERAGES))(
    "takes CMS's own state and national averages where its State/US averages file publishes them",
    async () => {
      const [loaded] = await ingestFiles(db, [REAL_AVERAGES], { source: "files" });
      expect(loaded?.error ?? loaded?.status).toBe("loaded");
      const cms = await app.request("/api/cms-averages?state=AL");
      expect(cms.status).toBe(200);
      const nation = await readCmsAverages(db, "AL");
      const body = facilityStaffingSchema.parse(await (await get("/api/facilities/015001/staffing")).json());
      const byKey = new Map(body.figures.map((figure) => [figure.key, figure]));
      // The Jul 2026 file: NATION 3.86139 total nurse hours, 45.8% turnover; AL's own row.
      expect(byKey.get("totalNurseHours")).toMatchObject({
        national: 3.86139,
        state: nation.state?.totalNurseHours,
        averagesSource: "cms",
      });
      expect(byKey.get("totalNurseTurnover")).toMatchObject({ national: 45.8, averagesSource: "cms" });
      // The file has no case-mix index ratio: the product's own average stays, labelled as such.
      expect(byKey.get("nursingCaseMixIndexRatio")?.averagesSource).toBe("product");
    },
  );

  it("rejects an unknown sort, naming it", async () => {
    const response = await get("/api/facilities?sort=nurses");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { param: string } }).error.param).toBe("sort");
  });

  it("answers a State/US averages release that is no calendar day with a 400 naming processingDate", async () => {
    for (const bad of ["0000-00-00", "0000-01-01", "2026-02-30", "2026-13-01", "June 2026"]) {
      const response = await get(`/api/cms-averages?processingDate=${encodeURIComponent(bad)}`);
      expect(response.status, bad).toBe(400);
      expect(((await response.json()) as { error: { param: string } }).error.param).toBe("processingDate");
    }
    expect((await get("/api/cms-averages?processingDate=1999-01-01")).status).toBe(404);
  });
});
