// The ownership endpoints on every engine, over the demo's files: their shapes, 404s and 400s, owner suggestions
// from memory and from SQL alike, and the owner filter on the list, the CSV, the points, the alert views and the feed.
import { join } from "node:path";
import Papa from "papaparse";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import {
  facilityOwnershipSchema,
  type Owner,
  type OwnerSuggestion,
  ownerSchema,
  ownerSuggestionSchema,
} from "../core/ownership.ts";
import type { Db } from "../db/client.ts";
import { writeDemoFiles } from "../ingest/demo-data.ts";
import { ingestFiles } from "../ingest/ingest.ts";
import { createApp } from "./app.ts";
import { OwnerIndex } from "./owner-index.ts";
import { suggestOwners } from "./ownership-repository.ts";

const dir = tempDir();
let files: string[] = [];

beforeAll(async () => {
  const demo = await writeDemoFiles(join(dir, "demo"), {
    facilities: 120,
    months: 6,
    ownership: "monthly",
    inspections: "yearly",
    endMonth: "2026-06",
  });
  files = demo.map((file) => file.path);
});

describe.each(engines)("ownership endpoints on $name", (engine) => {
  let db: Db;
  let app: ReturnType<typeof createApp>;
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  const json = async <T>(path: string): Promise<T> => {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const paramOf = async (path: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(400);
    return ((await response.json()) as { error: { param?: string } }).error.param;
  };
  /** The owners of most current homes, from the stored owners. */
  const bigOwners = () =>
    db.query<{ key: string; type: "individual" | "organization"; name: string; facilities: number }>(
      "SELECT owner_key AS key, owner_type AS type, name, facilities FROM owner_summary ORDER BY facilities DESC, name LIMIT 5",
    );
  const homesOf = async (key: string) =>
    (
      await db.query<{ ccn: string }>("SELECT ccn FROM owner_facility WHERE owner_key = $1 ORDER BY ccn", [
        key,
      ])
    ).map((row) => row.ccn);

  beforeAll(async () => {
    db = await openTestDb(engine);
    const results = await ingestFiles(db, files, { source: "files" });
    expect(results.filter((result) => result.status === "failed")).toEqual([]);
    app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
  }, 300_000);
  afterAll(async () => {
    await db?.close();
  });

  it("gives a facility's owners, their other homes and their changes; 404 for an unknown CCN", async () => {
    const [facility] = await db.query<{ ccn: string }>(
      "SELECT ccn FROM facility f WHERE EXISTS (SELECT 1 FROM ownership_role r WHERE r.ccn = f.ccn AND r.first_seen > '2026-01-01') ORDER BY ccn LIMIT 1",
    );
    const path = `/api/facilities/${facility?.ccn}/ownership`;
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const body = facilityOwnershipSchema.parse(await response.json());
    expect(body.processingDate).toBe("2026-06-01");
    expect(body.owners.length).toBeGreaterThan(2);
    expect(body.changes.length).toBeGreaterThan(0);
    expect(body.changes.map((change) => change.processingDate)).toEqual(
      [...body.changes.map((change) => change.processingDate)].sort().reverse(),
    );
    for (const owner of body.owners) {
      const [stored] = await db.query<{ facilities: number }>(
        "SELECT facilities FROM owner_summary WHERE owner_key = $1",
        [
          `${owner.type}:${owner.name
            .toUpperCase()
            .replace(/[.']/g, "")
            .replace(/[^A-Z0-9&]+/g, " ")
            .trim()}`,
        ],
      );
      expect(owner.otherFacilities).toBe((stored?.facilities ?? 0) - 1);
      expect(owner.ownerPath).toBe(`/owner/${owner.type}/${encodeURIComponent(owner.name)}`);
    }
    // Revalidation.
    const etag = response.headers.get("etag") ?? "";
    expect((await get(path, { "if-none-match": etag })).status).toBe(304);
    expect((await get("/api/facilities/999999/ownership")).status).toBe(404);
    expect(await paramOf("/api/facilities/12/ownership")).toBe("ccn");
  });

  it("suggests owners whose name holds every word, most homes first, from memory as from SQL", async () => {
    const suggestions = await json<OwnerSuggestion[]>("/api/owners?q=health%20hold");
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(20);
    for (const suggestion of suggestions) {
      ownerSuggestionSchema.parse(suggestion);
      expect(suggestion.name.toUpperCase()).toMatch(/HEALTH/);
      expect(suggestion.name.toUpperCase()).toMatch(/HOLD/);
    }
    const counts = suggestions.map((suggestion) => suggestion.facilities);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const index = await OwnerIndex.read(db);
    for (const words of [["HEALTH"], ["LLC", "MANAGEMENT"], ["A"], ["ZZZZ"], ["&"]]) {
      expect(index.search(words), words.join(" ")).toEqual(await suggestOwners(db, words));
    }
    expect(index.search(["LLC"]).length).toBe(20);
    for (const bad of ["q=a", "q=--", "q=%20%20", "q=ab&q=cd", "", `q=${"a".repeat(201)}`]) {
      expect(await paramOf(`/api/owners?${bad}`), bad).toBe("q");
    }
  });

  it("gives an owner's page beside the nation's; 404 for an unknown owner, 400 for a bad type or name", async () => {
    const [owner] = await bigOwners();
    if (!owner) throw new Error("no owner");
    const body = ownerSchema.parse(
      await json<Owner>(`/api/owners/${owner.type}/${encodeURIComponent(owner.name.toLowerCase())}`),
    );
    expect(body.name).toBe(owner.name);
    expect(body.facilityCount).toBe(owner.facilities);
    expect(body.facilities.map((facility) => facility.ccn).sort()).toEqual(await homesOf(owner.key));
    expect(body.states.reduce((sum, state) => sum + state.facilities, 0)).toBe(owner.facilities);
    const rated = Object.values(body.ratingDistribution).reduce((sum, count) => sum + count, 0);
    expect(rated).toBe(owner.facilities);
    expect(body.inspections?.totals.facilities).toBe(owner.facilities);
    expect(body.inspections?.national.facilities).toBe(120 - (await missingFacilities(db)));
    expect(body.nationalAverageRatings.overallRating).toBeGreaterThan(1);
    const [span] = await db.query<{ first: number; last: number }>(
      `SELECT extract(year FROM min(processing_date))::integer AS first,
         extract(year FROM max(processing_date))::integer AS last FROM ownership_release`,
    );
    expect(body.history.map((year) => year.year)).toEqual(
      Array.from(
        { length: (span?.last ?? 0) - (span?.first ?? 0) + 1 },
        (_, index) => (span?.first ?? 0) + index,
      ),
    );
    expect((await get("/api/owners/organization/NO%20SUCH%20OWNER")).status).toBe(404);
    expect(await paramOf("/api/owners/company/ACME")).toBe("type");
    expect(await paramOf(`/api/owners/organization/${"A".repeat(301)}`)).toBe("name");
    expect(await paramOf("/api/owners/organization/%2C%2C")).toBe("name");
  });

  it("filters the list, the CSV, the points, the alert views and the feed by owner", async () => {
    const owners = (await bigOwners()).slice(0, 2);
    const filter = owners
      .map((owner) => `owner=${encodeURIComponent(`${owner.type}:${owner.name}`)}`)
      .join("&");
    const homes = [
      ...new Set([...(await homesOf(owners[0]?.key ?? "")), ...(await homesOf(owners[1]?.key ?? ""))]),
    ].sort();
    const list = await json<{
      data: { ccn: string }[];
      totalCount: number;
      summary: { totalFacilities: number };
    }>(`/api/facilities?${filter}&pageSize=100`);
    expect(list.data.map((item) => item.ccn).sort()).toEqual(homes);
    expect(list.summary.totalFacilities).toBe(homes.length);
    // Combined with another filter.
    const rated = await json<{ data: { ccn: string; overallRating: number | null }[] }>(
      `/api/facilities?${filter}&rating=4&pageSize=100`,
    );
    expect(rated.data.every((item) => (item.overallRating ?? 0) >= 4 && homes.includes(item.ccn))).toBe(true);
    const csv = await get(`/api/facilities.csv?${filter}`);
    expect(csv.status).toBe(200);
    const rows = Papa.parse<string[]>((await csv.text()).replace(/^\uFEFF/, ""), {
      skipEmptyLines: true,
    }).data;
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(homes);
    // The points: SQL answers views with owners, with the same facilities.
    const points = await json<{ ccn: string[] }>(`/api/facilities/points?${filter}`);
    expect([...points.ccn].sort()).toEqual(homes);
    const alerts = await json<{ data: { ccn: string }[] }>(
      `/api/facilities?alertEnabled=true&pageSize=100&${filter}`,
    );
    const allAlerts = await json<{ data: { ccn: string }[] }>(
      "/api/facilities?alertEnabled=true&pageSize=100",
    );
    expect(alerts.data.map((item) => item.ccn).sort()).toEqual(
      allAlerts.data
        .map((item) => item.ccn)
        .filter((ccn) => homes.includes(ccn))
        .sort(),
    );
    const feed = await get(`/api/feeds/changes.atom?${filter}`);
    expect(feed.status).toBe(200);
    const text = await feed.text();
    const entries = [...text.matchAll(/facility\/([0-9A-Z]{6})\/\d{4}-\d{2}-\d{2}<\/id>/g)].map(
      (match) => match[1],
    );
    expect(entries.every((ccn) => homes.includes(ccn as string))).toBe(true);
    expect(text).toMatch(/<title>Rating changes: run by /);
    // An owner no facility has: an empty view, not an error.
    const none = await json<{ totalCount: number }>("/api/facilities?owner=organization:NOBODY%20AT%20ALL");
    expect(none.totalCount).toBe(0);
    for (const bad of [
      "owner=ACME",
      "owner=company:ACME",
      "owner=organization:..",
      `owner=individual:${"A".repeat(400)}`,
    ]) {
      expect(await paramOf(`/api/facilities?${bad}`), bad).toBe("owner");
      expect(await paramOf(`/api/facilities.csv?${bad}`), bad).toBe("owner");
      expect(await paramOf(`/api/facilities/points?${bad}`), bad).toBe("owner");
      expect(await paramOf(`/api/feeds/changes.atom?${bad}`), bad).toBe("owner");
    }
    const tooMany = Array.from({ length: 101 }, (_, index) => `owner=individual:P${index}`).join("&");
    expect(await paramOf(`/api/facilities?${tooMany}`)).toBe("owner");
  });
});

/** Facilities of the demo not current in its newest month (closed before it). */
async function missingFacilities(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>("SELECT 120 - count(*)::integer AS n FROM facility");
  return row?.n ?? 0;
}
