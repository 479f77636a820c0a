// The download paths of the ingest (--latest, --backfill) and the first-start data, against a local HTTP server
// that answers like CMS does. Nothing here leaves 127.0.0.1.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { ownershipCsvFor } from "../../test/cms-standin/ownership.ts";
import { qualityCsvsFor } from "../../test/cms-standin/quality.ts";
import { stateAveragesFor } from "../../test/cms-standin/server.ts";
import { csvOf, csvText, providerRow, tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import type { Db } from "../db/client.ts";
import { DataLoader, type LoaderEnv } from "../server/data-loader.ts";
import { syncFromCms } from "./cms-sync.ts";
import { FIRE_SAFETY_CITATIONS, HEALTH_CITATIONS, PENALTIES } from "./demo/cms-layouts.ts";

const monthCsv = (date: string, overall: number) =>
  csvText("provider2025", [
    providerRow("015001", { "Processing Date": date, "Overall Rating": overall }),
    providerRow("015002", { "Processing Date": date, State: "AK" }),
  ]);

const citationsCsv = (date: string) =>
  csvOf(HEALTH_CITATIONS["2023-07"], [
    {
      "CMS Certification Number (CCN)": "015001",
      "Survey Date": "2024-02-01",
      "Deficiency Tag Number": "0689",
      "Scope Severity Code": "D",
      "Processing Date": date,
    },
  ]);
const fireSafetyCsv = (date: string) =>
  csvOf(FIRE_SAFETY_CITATIONS["2023-07"], [
    {
      "CMS Certification Number (CCN)": "015002",
      "Survey Date": "2024-03-05",
      "Survey Type": "Fire Safety",
      "Deficiency Prefix": "K",
      "Deficiency Tag Number": "0353",
      "Scope Severity Code": "F",
      "Processing Date": date,
    },
  ]);
const penaltiesCsv = (date: string) =>
  csvOf(PENALTIES["2023-07"], [
    {
      "CMS Certification Number (CCN)": "015001",
      "Penalty Date": "2024-02-01",
      "Penalty Type": "Fine",
      "Fine Amount": "$1,300",
      "Processing Date": date,
    },
  ]);

/** The current quality measures and averages files, made from the current Provider Information file's facilities. */
const CURRENT_QUALITY = qualityCsvsFor(monthCsv("2024-06-01", 2), { fallbackDate: "2024-06-01" });

/** The current files besides Provider Information: their dataset ids and CSVs. */
const CURRENT_INSPECTIONS: Record<string, [name: string, csv: string]> = {
  "r5ix-sfxw": ["NH_HealthCitations_Jun2024.csv", citationsCsv("2024-06-01")],
  "ifjz-ge4w": ["NH_FireSafetyCitations_Jun2024.csv", fireSafetyCsv("2024-06-01")],
  "g6vv-u9sr": ["NH_Penalties_Jun2024.csv", penaltiesCsv("2024-06-01")],
  "djen-97ju": ["NH_QualityMsr_MDS_Jun2024.csv", CURRENT_QUALITY.mds],
  "ijh5-nb2v": ["NH_QualityMsr_Claims_Jun2024.csv", CURRENT_QUALITY.claims],
  "xcdc-v8bm": ["NH_StateUSAverages_Jun2024.csv", stateAveragesFor("2024-06-01")],
  "y2hd-n93e": [
    "NH_Ownership_Jun2024.csv",
    ownershipCsvFor(monthCsv("2024-06-01", 2), { fallbackDate: "2024-06-01" }),
  ],
};

function zipOf(members: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(members)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
  return once(zip.outputStream, "end").then(() => Buffer.concat(chunks));
}

interface FakeCms {
  server: Server;
  baseUrl: string;
  /** When set, the latest CSV is cut off after half its bytes. */
  breakLatest: boolean;
}

async function startFakeCms(): Promise<FakeCms> {
  const latestCsv = Buffer.from(monthCsv("2024-06-01", 2));
  const archives: Record<string, Buffer> = {
    "nursing-homes_2024-04-20.zip": await zipOf({
      "NH_HealthCitations_Apr2024.csv": citationsCsv("2024-04-01"),
      "NH_SurveyDates_Apr2024.csv": "x,y\n1,2\n",
      "NH_ProviderInfo_Apr2024.csv": monthCsv("2024-04-01", 4),
    }),
    "nursing-homes_2024-05-22.zip": await zipOf({ "NH_ProviderInfo_May2024.csv": monthCsv("2024-05-01", 5) }),
  };
  const fake: FakeCms = { server: createServer(), baseUrl: "", breakLatest: false };
  fake.server.on("request", (request, response) => {
    const url = request.url ?? "";
    if (url.startsWith("/provider-data/api/1/metastore/schemas/dataset/items/4pq5-n9py")) {
      response.setHeader("content-type", "application/json");
      response.end(
        JSON.stringify({
          identifier: "4pq5-n9py",
          distribution: [
            { mediaType: "text/csv", downloadURL: `${fake.baseUrl}/files/NH_ProviderInfo_Jun2024.csv` },
          ],
        }),
      );
    } else if (url.startsWith("/provider-data/api/1/metastore/schemas/dataset/items/")) {
      const [name] = CURRENT_INSPECTIONS[url.split("/").pop() ?? ""] ?? [];
      if (!name) return response.writeHead(404).end();
      response.setHeader("content-type", "application/json");
      response.end(
        JSON.stringify({
          distribution: [{ mediaType: "text/csv", downloadURL: `${fake.baseUrl}/files/${name}` }],
        }),
      );
    } else if (
      /^\/files\/NH_(HealthCitations|FireSafetyCitations|Penalties|QualityMsr|StateUSAverages|Ownership)/.test(
        url,
      )
    ) {
      const [, csv] = Object.values(CURRENT_INSPECTIONS).find(([name]) => url.endsWith(name)) ?? [];
      if (!csv) return response.writeHead(404).end();
      response.writeHead(200, { "content-type": "text/csv" }).end(csv);
    } else if (url.startsWith("/provider-data/api/1/archive/aggregate/theme/nursing-homes/relative")) {
      response.setHeader("content-type", "application/json");
      response.end(
        JSON.stringify({
          data: Object.keys(archives).map((name) => ({
            name: name.replace(".zip", ""),
            type: "theme",
            url: `/archives/${name}`,
            date: name.slice(14, 24),
          })),
        }),
      );
    } else if (url === "/files/NH_ProviderInfo_Jun2024.csv") {
      response.writeHead(200, { "content-length": latestCsv.length, "content-type": "text/csv" });
      if (fake.breakLatest) {
        response.write(latestCsv.subarray(0, latestCsv.length / 2), () => response.destroy());
      } else response.end(latestCsv);
    } else if (url.startsWith("/archives/") && archives[url.slice(10)]) {
      const body = archives[url.slice(10)] as Buffer;
      response.writeHead(200, { "content-length": body.length, "content-type": "application/zip" });
      response.end(body);
    } else {
      response.writeHead(404).end();
    }
  });
  fake.server.listen(0, "127.0.0.1");
  await once(fake.server, "listening");
  fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

async function tableCounts(db: Db) {
  return db.query(
    `SELECT (SELECT count(*) FROM release)::integer AS releases,
            (SELECT count(*) FROM rating_snapshot)::integer AS snapshots,
            (SELECT count(*) FROM facility)::integer AS facilities`,
  );
}

let cms: FakeCms;
beforeAll(async () => {
  cms = await startFakeCms();
});
afterAll(() => {
  cms?.server.close();
});

describe.each(engines)("CMS downloads on $name", (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(engine);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("a download that keeps breaking off loads nothing and says which file failed", async () => {
    cms.breakLatest = true;
    const sync = await syncFromCms(db, {
      baseUrl: cms.baseUrl,
      cacheDir: tempDir(),
      latest: true,
      archives: 0,
      maxResumes: 0,
    });
    expect(sync.failures).toEqual([expect.stringMatching(/NH_ProviderInfo_Jun2024\.csv broke off/)]);
    expect(await tableCounts(db)).toEqual([{ releases: 0, snapshots: 0, facilities: 0 }]);
    cms.breakLatest = false;
    // The other current files are loaded all the same.
    expect(sync.results.map((result) => [result.status, result.kind])).toEqual([
      ["loaded", "citations"],
      ["loaded", "fire"],
      ["loaded", "penalties"],
      ["loaded", "mds"],
      ["loaded", "claims"],
      ["loaded", "averages"],
      ["loaded", "ownership"],
    ]);
  });

  it("--backfill 2 and --latest load the current CSV and the archives' Provider Information members", async () => {
    const sync = await syncFromCms(db, {
      baseUrl: cms.baseUrl,
      cacheDir: tempDir(),
      latest: true,
      archives: 2,
    });
    const results = sync.results;
    expect(sync.failures).toEqual([]);
    // The current health citations and penalties files were loaded by the run before, whose Provider Information
    // download broke off.
    expect(results.map((result) => [result.status, result.kind, result.processingDate])).toEqual([
      ["loaded", "provider", "2024-06-01"],
      ["loaded", "provider", "2024-04-01"],
      ["loaded", "citations", "2024-04-01"],
      ["loaded", "provider", "2024-05-01"],
    ]);
    expect(results[1]?.file).toMatch(/nursing-homes_2024-04-20\.zip:NH_ProviderInfo_Apr2024\.csv$/);
    expect(await db.query("SELECT tag, scope_severity FROM citation")).toEqual([
      { tag: "0689", scope_severity: "D" },
    ]);
    expect(await db.query("SELECT fine_amount FROM penalty")).toEqual([{ fine_amount: 1300 }]);
    expect(await db.query("SELECT ccn, prefix, tag, scope_severity FROM fire_citation")).toEqual([
      { ccn: "015002", prefix: "K", tag: "0353", scope_severity: "F" },
    ]);
    expect(await db.query("SELECT DISTINCT source FROM release")).toEqual([{ source: "cms" }]);
    expect(await db.query("SELECT overall_rating FROM facility WHERE ccn = '015001'")).toEqual([
      { overall_rating: 2 },
    ]);
    expect(
      await db.query(
        "SELECT previous_overall, overall_diff FROM rating_alert WHERE period = 'lastPeriod' AND ccn = '015001'",
      ),
    ).toEqual([{ previous_overall: 5, overall_diff: -3 }]);
  });
});

describe.each(engines)("first start on $name", (engine) => {
  const logger = pino({ level: "silent" });
  const env = (overrides: Partial<LoaderEnv>): LoaderEnv => ({
    DATA_SOURCE: "auto",
    CMS_BASE_URL: cms.baseUrl,
    CMS_CACHE_DIR: tempDir(),
    CMS_BACKFILL_MONTHS: 1,
    CMS_AUTO_TIMEOUT_MS: 2000,
    CMS_REFRESH_INTERVAL_S: 0,
    ...overrides,
  });
  const start = async (db: Db, overrides: Partial<LoaderEnv>) => {
    const loader = new DataLoader({ db, env: env(overrides), logger, demo: { facilities: 200, months: 3 } });
    try {
      await loader.start();
    } finally {
      await loader.stop();
    }
  };

  it("DATA_SOURCE=auto loads CMS data when CMS answers", async () => {
    const db = await openTestDb(engine);
    try {
      await start(db, {});
      expect(await db.query("SELECT DISTINCT source FROM release")).toEqual([{ source: "cms" }]);
    } finally {
      await db.close();
    }
  });

  it("DATA_SOURCE=auto falls back to demo data when CMS is unreachable, and only when the database is empty", async () => {
    const db = await openTestDb(engine);
    try {
      await start(db, { CMS_BASE_URL: "http://127.0.0.1:9" });
      expect(await db.query("SELECT source, count(*)::integer AS n FROM release GROUP BY source")).toEqual([
        { source: "demo", n: 3 },
      ]);
      await start(db, { CMS_BASE_URL: "http://127.0.0.1:9" });
      expect(await db.query("SELECT count(*)::integer AS n FROM release")).toEqual([{ n: 3 }]);
    } finally {
      await db.close();
    }
  });

  it("DATA_SOURCE=cms fails loudly when CMS is unreachable; none leaves the database empty", async () => {
    const db = await openTestDb(engine);
    try {
      await expect(start(db, { DATA_SOURCE: "cms", CMS_BASE_URL: "http://127.0.0.1:9" })).rejects.toThrow(
        /CMS data could not be loaded/,
      );
      await start(db, { DATA_SOURCE: "none", CMS_BASE_URL: "http://127.0.0.1:9" });
      expect(await db.query("SELECT count(*)::integer AS n FROM release")).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  });
});
