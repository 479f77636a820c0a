// Special focus status and the home's own Provider Information fields (docs/api.md, "Special focus and the home's
// own fields"), in-process against a real database on every engine: the status kept per release over every layout
// CMS used (the 2019-2020 download file's `SFF` Y/N and `SFFStatus`, the full names since), whatever the order the
// files are loaded in; the fields null where a layout lacks them; the detail, the list item, and the `sff` and
// `ownershipChanged` filters on the list, the alert views, the CSV, the points (in memory as by SQL) and the feed,
// with 400s naming the parameter.
import Papa from "papaparse";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  csvOf,
  csvText,
  type FixtureRow,
  providerRow,
  tempDir,
  writeFixture,
} from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import { parseFacilityQuery } from "../core/api-query.ts";
import { facilityDetailSchema, facilityListResponseSchema, facilityPointsSchema } from "../core/api-types.ts";
import type { Db } from "../db/client.ts";
import { ingestFiles } from "../ingest/ingest.ts";
import { type App, createApp } from "./app.ts";
import { listPoints } from "./places-repository.ts";
import { PointColumns } from "./points-memory.ts";
import { countWithoutPosition } from "./repository.ts";

/** The 2019-2020 archives' download file, as CMS's data dictionary of those years names its columns. */
function l1Header(sff: "SFF" | "SFFStatus"): string[] {
  return [
    "provnum",
    "PROVNAME",
    "ADDRESS",
    "CITY",
    "STATE",
    "ZIP",
    "BEDCERT",
    "RESTOT",
    "CERTIFICATION",
    "INHOSP",
    "LBN",
    "PARTICIPATION_DATE",
    "CCRC_FACIL",
    sff,
    "OLDSURVEY",
    "CHOW_LAST_12MOS",
    "resfamcouncil",
    "sprinkler_status",
    "overall_rating",
    "survey_rating",
    "quality_rating",
    "staffing_rating",
    "FILEDATE",
  ];
}

const CCNS = { alpha: "015001", bravo: "015002", charlie: "025001", delta: "025002" } as const;
const STATES: Record<string, string> = { "015001": "AL", "015002": "AL", "025001": "AK", "025002": "AK" };

/** An L1 row: the facility, its special focus cell, overall rating and the date. */
function l1Row(ccn: string, sff: string, overall: number, date: string, sffColumn: "SFF" | "SFFStatus") {
  return {
    provnum: ccn,
    PROVNAME: `HOME ${ccn}`,
    ADDRESS: "1 MAIN ST",
    CITY: "SPRINGFIELD",
    STATE: STATES[ccn] ?? "AL",
    ZIP: "35000",
    BEDCERT: 90,
    RESTOT: 70,
    CERTIFICATION: "Medicare and Medicaid",
    INHOSP: "N",
    LBN: `LEGAL ${ccn} INC`,
    PARTICIPATION_DATE: "1988-03-01",
    CCRC_FACIL: "N",
    [sffColumn]: sff,
    OLDSURVEY: "N",
    CHOW_LAST_12MOS: ccn === CCNS.alpha ? "Y" : "N",
    resfamcouncil: "Resident",
    sprinkler_status: "Yes",
    overall_rating: overall,
    survey_rating: overall,
    quality_rating: 3,
    staffing_rating: 3,
    FILEDATE: date,
  } satisfies FixtureRow;
}

/** A row of the layouts since 2021 (full names). */
function fullRow(ccn: string, date: string, overall: number, fields: FixtureRow = {}): FixtureRow {
  return providerRow(ccn, {
    "Provider Name": `HOME ${ccn}`,
    State: STATES[ccn] ?? "AL",
    "Provider State": STATES[ccn] ?? "AL",
    "Overall Rating": overall,
    "Health Inspection Rating": overall,
    "Processing Date": date,
    "Provider Resides in Hospital": "N",
    "Legal Business Name": `LEGAL ${ccn} INC`,
    "Date First Approved to Provide Medicare and Medicaid Services": "1988-03-01",
    "Continuing Care Retirement Community": "N",
    "Most Recent Health Inspection More Than 2 Years Ago": "N",
    "Provider Changed Ownership in Last 12 Months": "N",
    "With a Resident and Family Council": "Resident",
    "Automatic Sprinkler Systems in All Required Areas": "Yes",
    ...fields,
  });
}

const dir = tempDir();
const SFF = "Special Focus Status";

/** The releases, oldest first: each CMS layout, a ratings-only export between them. */
function releaseFiles(): { path: string; date: string }[] {
  const l1May = writeFixture(
    dir,
    "l1-2019-05.csv",
    csvOf(l1Header("SFF"), [
      l1Row(CCNS.alpha, "Y", 1, "2019-05-01", "SFF"),
      l1Row(CCNS.bravo, "N", 2, "2019-05-01", "SFF"),
      l1Row(CCNS.charlie, "N", 3, "2019-05-01", "SFF"),
      l1Row(CCNS.delta, "N", 4, "2019-05-01", "SFF"),
    ]),
  );
  const l1August = writeFixture(
    dir,
    "l1-2019-08.csv",
    csvOf(l1Header("SFFStatus"), [
      l1Row(CCNS.alpha, "SFF", 1, "2019-08-01", "SFFStatus"),
      l1Row(CCNS.bravo, "SFF Candidate", 2, "2019-08-01", "SFFStatus"),
      l1Row(CCNS.charlie, "", 3, "2019-08-01", "SFFStatus"),
      l1Row(CCNS.delta, "", 4, "2019-08-01", "SFFStatus"),
    ]),
  );
  // A Star Ratings export: ratings only, no special focus column. It says nothing of the month's list.
  const ratings = writeFixture(
    dir,
    "ratings-2020-07.csv",
    csvText(
      "starRatings2020",
      Object.values(CCNS).map((ccn) => ({
        "Federal Provider Number": ccn,
        "Provider Name": `HOME ${ccn}`,
        "Provider State": STATES[ccn] ?? "AL",
        "Overall Rating": 2,
        "Processing Date": "2020-07-01",
      })),
    ),
  );
  const y2021 = writeFixture(
    dir,
    "provider-2021-08.csv",
    csvText("provider2021", [
      fullRow(CCNS.alpha, "2021-08-01", 1, { [SFF]: "SFF" }),
      fullRow(CCNS.bravo, "2021-08-01", 2),
      fullRow(CCNS.charlie, "2021-08-01", 3),
      fullRow(CCNS.delta, "2021-08-01", 4),
    ]),
  );
  const y2024 = writeFixture(
    dir,
    "provider-2024-06.csv",
    csvText("provider2024", [
      fullRow(CCNS.alpha, "2024-06-01", 2),
      fullRow(CCNS.bravo, "2024-06-01", 2, { [SFF]: "SFF Candidate" }),
      fullRow(CCNS.charlie, "2024-06-01", 2, { [SFF]: "SFF" }),
      fullRow(CCNS.delta, "2024-06-01", 4),
    ]),
  );
  const y2025 = writeFixture(
    dir,
    "provider-2025-06.csv",
    csvText("provider2025", [
      fullRow(CCNS.alpha, "2025-06-01", 3, {
        [SFF]: "SFF Candidate",
        "Provider Changed Ownership in Last 12 Months": "Y",
        "Continuing Care Retirement Community": "Y",
        "With a Resident and Family Council": "Both",
        "Automatic Sprinkler Systems in All Required Areas": "Partial",
        "Date First Approved to Provide Medicare and Medicaid Services": "1990-07-01",
        "Legal Business Name": "ALPHA CARE LLC",
        "Most Recent Health Inspection More Than 2 Years Ago": "Y",
      }),
      fullRow(CCNS.bravo, "2025-06-01", 2, { [SFF]: "SFF Candidate", "Provider Resides in Hospital": "Y" }),
      fullRow(CCNS.charlie, "2025-06-01", 1, { [SFF]: "SFF" }),
      fullRow(CCNS.delta, "2025-06-01", 4),
    ]),
  );
  return [
    { path: l1May, date: "2019-05-01" },
    { path: l1August, date: "2019-08-01" },
    { path: ratings, date: "2020-07-01" },
    { path: y2021, date: "2021-08-01" },
    { path: y2024, date: "2024-06-01" },
    { path: y2025, date: "2025-06-01" },
  ];
}

/** The history each home should have after the files above. */
const HISTORY = {
  [CCNS.alpha]: [
    // 2019-05 (`SFF` Y), 2019-08 and 2021-08; the ratings-only export of 2020-07 neither breaks nor counts.
    { status: "sff", from: "2019-05-01", to: "2021-08-01", releases: 3 },
    { status: "candidate", from: "2025-06-01", to: "2025-06-01", releases: 1 },
  ],
  [CCNS.bravo]: [
    { status: "candidate", from: "2019-08-01", to: "2019-08-01", releases: 1 },
    { status: "candidate", from: "2024-06-01", to: "2025-06-01", releases: 2 },
  ],
  [CCNS.charlie]: [{ status: "sff", from: "2024-06-01", to: "2025-06-01", releases: 2 }],
  [CCNS.delta]: [],
};

describe.each(engines)("special focus and the home's own fields on $name", (engine) => {
  let db: Db;
  let app: App;
  const files = releaseFiles();
  const get = (path: string) => app.request(path);
  const json = async (path: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    return response.json();
  };
  const list = async (query: string) =>
    facilityListResponseSchema.parse(await json(`/api/facilities?${query}`)).data.map((item) => item.ccn);
  const detail = async (ccn: string) => facilityDetailSchema.parse(await json(`/api/facilities/${ccn}`));

  beforeAll(async () => {
    db = await openTestDb(engine);
    const results = await ingestFiles(
      db,
      files.map((file) => file.path),
      { source: "files" },
    );
    expect(results.map((result) => result.status)).toEqual(files.map(() => "loaded"));
    app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("keeps each release's special focus list: the months a home was SFF or a candidate", async () => {
    for (const [ccn, history] of Object.entries(HISTORY)) {
      expect((await detail(ccn)).specialFocusHistory, ccn).toEqual(history);
    }
    // The 2019-05 download file's `SFF` says Y or N: a candidate then is not known, never written as one.
    const rows = await db.query<{ ccn: string; date: string; status: string }>(
      `SELECT ccn, to_char(processing_date, 'YYYY-MM-DD') AS date, status FROM special_focus_release
       WHERE processing_date = '2019-05-01' ORDER BY ccn`,
    );
    expect(rows).toEqual([{ ccn: CCNS.alpha, date: "2019-05-01", status: "sff" }]);
  });

  it("gives the detail the newest release's fields and the list item its marks", async () => {
    const alpha = await detail(CCNS.alpha);
    expect(alpha).toMatchObject({
      specialFocus: "candidate",
      ownershipChanged: true,
      legalBusinessName: "ALPHA CARE LLC",
      firstApprovedDate: "1990-07-01",
      continuingCareRetirementCommunity: true,
      residesInHospital: false,
      residentFamilyCouncil: "Both",
      automaticSprinklerSystems: "Partial",
      healthInspectionOverTwoYearsAgo: true,
    });
    expect(await detail(CCNS.bravo)).toMatchObject({ residesInHospital: true, ownershipChanged: false });
    const items = facilityListResponseSchema.parse(await json("/api/facilities")).data;
    expect(items.map((item) => [item.ccn, item.specialFocus, item.ownershipChanged])).toEqual([
      [CCNS.alpha, "candidate", true],
      [CCNS.bravo, "candidate", false],
      [CCNS.charlie, "sff", false],
      [CCNS.delta, null, false],
    ]);
  });

  it("filters the list, the alert views, the CSV, the points and the feed by sff and ownershipChanged", async () => {
    const views: [string, string[]][] = [
      ["sff=sff", [CCNS.charlie]],
      ["sff=candidate", [CCNS.alpha, CCNS.bravo]],
      ["sff=either", [CCNS.alpha, CCNS.bravo, CCNS.charlie]],
      ["ownershipChanged=true", [CCNS.alpha]],
      ["ownershipChanged=false", Object.values(CCNS)],
      ["sff=either&ownershipChanged=true", [CCNS.alpha]],
      ["sff=candidate&state=AK", []],
      ["sff=either&state=AK", [CCNS.charlie]],
      ["sff=either&rating=2", [CCNS.alpha, CCNS.bravo]],
      // The alert views: the ratings that changed since 2024-06 are alpha's (2 -> 3) and charlie's (2 -> 1).
      ["alertEnabled=true", [CCNS.alpha, CCNS.charlie]],
      ["alertEnabled=true&sff=sff", [CCNS.charlie]],
      ["alertEnabled=true&sff=candidate&ownershipChanged=true", [CCNS.alpha]],
      ["alertEnabled=true&ownershipChanged=true&state=AK", []],
    ];
    const columns = await PointColumns.read(db);
    for (const [view, expected] of views) {
      expect(await list(view), view).toEqual(expected);
      const body = facilityListResponseSchema.parse(await json(`/api/facilities?${view}`));
      expect(body.totalCount, view).toBe(expected.length);
      expect(body.summary.totalFacilities, view).toBe(expected.length);
      // The CSV: the same facilities, the status in CMS's words.
      const csv = Papa.parse<string[]>((await (await get(`/api/facilities.csv?${view}`)).text()).slice(1), {
        skipEmptyLines: true,
      }).data;
      expect(
        csv.slice(1).map((row) => row[0]),
        view,
      ).toEqual(expected);
      // The points: in memory exactly as by SQL, and the same facilities.
      const query = parseFacilityQuery(new URLSearchParams(view));
      const sql = await listPoints(db, query, null, await countWithoutPosition(db, query));
      expect(columns?.points(query, null), view).toBe(sql);
      const points = facilityPointsSchema.parse(await json(`/api/facilities/points?${view}`));
      expect([...points.ccn].sort(), view).toEqual([...expected].sort());
      // The feed of the view's rating changes: its facilities whose ratings changed (all but bravo's did).
      const feed = await (await get(`/api/feeds/changes.atom?${view}`)).text();
      for (const ccn of Object.values(CCNS)) {
        expect(feed.includes(`facility/${ccn}/`), `${view} ${ccn}`).toBe(
          expected.includes(ccn) && ccn !== CCNS.bravo,
        );
      }
    }
    const csv = Papa.parse<string[]>(
      (await (await get("/api/facilities.csv?sff=either")).text()).slice(1),
    ).data;
    const header = csv[0] ?? [];
    expect(
      csv
        .slice(1, 4)
        .map((row) => [
          row[header.indexOf(SFF)],
          row[header.indexOf("Provider Changed Ownership in Last 12 Months")],
        ]),
    ).toEqual([
      ["SFF Candidate", "Y"],
      ["SFF Candidate", "N"],
      ["SFF", "N"],
    ]);
  });

  it("answers a bad sff or ownershipChanged with a 400 naming it, on every view that takes them", async () => {
    for (const path of [
      "/api/facilities",
      "/api/facilities.csv",
      "/api/facilities/points",
      "/api/feeds/changes.atom",
    ]) {
      for (const [query, param] of [
        ["sff=yes", "sff"],
        ["sff=SFF", "sff"],
        ["sff=", "sff"],
        ["ownershipChanged=yes", "ownershipChanged"],
        ["alertEnabled=true&sff=both", "sff"],
        ["alertEnabled=true&ownershipChanged=1", "ownershipChanged"],
      ]) {
        const response = await get(`${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(await response.json()).toEqual({ error: { message: expect.any(String), param } });
      }
    }
  });

  it("gives the same history whatever the order the files are loaded in, and a later file of a month replaces it", async () => {
    const other = await openTestDb(engine);
    try {
      // Newest first, one file at a time (the server loads the current files, then the archives).
      for (const file of [...files].reverse()) {
        const [result] = await ingestFiles(other, [file.path], { source: "files", publishEachFile: true });
        expect(result?.status, file.path).toBe("loaded");
      }
      const otherApp = createApp({ db: other, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
      for (const [ccn, history] of Object.entries(HISTORY)) {
        const body = facilityDetailSchema.parse(
          await (await otherApp.request(`/api/facilities/${ccn}`)).json(),
        );
        expect(body.specialFocusHistory, ccn).toEqual(history);
      }
      // CMS's later file of June 2024 lists charlie as a candidate that month: it replaces the earlier file's word.
      const again = writeFixture(
        dir,
        "provider-2024-06-again.csv",
        csvText("provider2024", [
          fullRow(CCNS.alpha, "2024-06-01", 2),
          fullRow(CCNS.bravo, "2024-06-01", 2, { [SFF]: "SFF Candidate" }),
          fullRow(CCNS.charlie, "2024-06-01", 2, { [SFF]: "SFF Candidate" }),
          fullRow(CCNS.delta, "2024-06-01", 4, { "Overall Rating": 5 }),
        ]),
      );
      expect((await ingestFiles(other, [again], { source: "files" })).map((r) => r.status)).toEqual([
        "loaded",
      ]);
      const charlie = facilityDetailSchema.parse(
        await (await otherApp.request(`/api/facilities/${CCNS.charlie}`)).json(),
      );
      expect(charlie.specialFocusHistory).toEqual([
        { status: "candidate", from: "2024-06-01", to: "2024-06-01", releases: 1 },
        { status: "sff", from: "2025-06-01", to: "2025-06-01", releases: 1 },
      ]);

      // A newer Provider Information file whose layout lacks the fields: each is null (unknown), never false.
      const minimal = writeFixture(
        dir,
        "provider-2025-07-minimal.csv",
        csvOf(
          [
            "CMS Certification Number (CCN)",
            "Provider Name",
            "City/Town",
            "State",
            "Overall Rating",
            "Processing Date",
          ],
          Object.values(CCNS).map((ccn) => ({
            "CMS Certification Number (CCN)": ccn,
            "Provider Name": `HOME ${ccn}`,
            "City/Town": "SPRINGFIELD",
            State: STATES[ccn] ?? "AL",
            "Overall Rating": 3,
            "Processing Date": "2025-07-01",
          })),
        ),
      );
      expect((await ingestFiles(other, [minimal], { source: "files" })).map((r) => r.status)).toEqual([
        "loaded",
      ]);
      const alpha = facilityDetailSchema.parse(
        await (await otherApp.request(`/api/facilities/${CCNS.alpha}`)).json(),
      );
      expect(alpha).toMatchObject({
        specialFocus: null,
        ownershipChanged: null,
        legalBusinessName: null,
        firstApprovedDate: null,
        continuingCareRetirementCommunity: null,
        residesInHospital: null,
        residentFamilyCouncil: null,
        automaticSprinklerSystems: null,
        healthInspectionOverTwoYearsAgo: null,
      });
      // The history it had stays.
      expect(alpha.specialFocusHistory).toEqual(HISTORY[CCNS.alpha]);
      const items = facilityListResponseSchema.parse(
        await (await otherApp.request("/api/facilities?ownershipChanged=true")).json(),
      );
      expect(items.totalCount).toBe(0);
    } finally {
      await other.close();
    }
  });
});
