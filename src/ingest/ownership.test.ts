// The Ownership files, loaded on every engine: the demo's files in every archive layout and as current files, the
// spans and each owner's homes equal to what an independent reading of the files gives, whatever order the releases
// are loaded in; owner names that join and names that stay apart; an owner who comes and goes; a broken file
// rejected with its line and column, and a truncated member failing alone.
import { createWriteStream, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Papa from "papaparse";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import { type FacilityOwnership, type Owner, roleGroupOf } from "../core/ownership.ts";
import type { Db } from "../db/client.ts";
import { createApp } from "../server/app.ts";
import { OWNERSHIP_2023, ownershipL1Csv } from "./demo/ownership.ts";
import { type DemoFile, writeDemoFiles } from "./demo-data.ts";
import { ingestFiles } from "./ingest.ts";
import { parseAssociationDate, parseOwnerType, parsePercentage } from "./parse-ownership.ts";

const dir = tempDir();

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

/**
 * An owner's identity as this test reads the files, written apart from the product's: the type, and the name upper-
 * cased with periods and apostrophes dropped and every other run of punctuation and spaces one space.
 */
function ownerOf(type: string, name: string): string {
  const words = name
    .toUpperCase()
    .replace(/[.']/g, "")
    .split(/[^A-Z0-9&]+/)
    .filter(Boolean);
  return `${type.toLowerCase()}:${words.join(" ")}`;
}

interface FileRow {
  ccn: string;
  owner: string;
  name: string;
  type: string;
  role: string;
}

/** The rows of an Ownership CSV (any layout) as this test reads them. */
function readOwnershipCsv(text: string): { date: string; rows: FileRow[] } {
  const [header = [], ...lines] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  const at = (...names: string[]) => header.findIndex((cell) => names.includes(cell));
  const ccn = at("CMS Certification Number (CCN)", "Federal Provider Number", "PROVNUM");
  const role = at("Role played by Owner or Manager in Facility", "ROLE_DESC");
  const type = at("Owner Type", "OWNER_TYPE");
  const name = at("Owner Name", "OWNER_NAME");
  const date = at("Processing Date", "filedate");
  const rows = lines.map((cells) => ({
    ccn: cells[ccn] as string,
    owner: ownerOf(cells[type] as string, cells[name] as string),
    name: cells[name] as string,
    type: (cells[type] as string).toLowerCase(),
    role: (cells[role] as string).toUpperCase(),
  }));
  const raw = lines[0]?.[date] ?? "";
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(raw);
  return { date: us ? `${us[3]}-${us[1]}-${us[2]}` : raw, rows };
}

/** Per facility, owner and role: the first and last release of `files` that list it. */
function spansOf(files: readonly { date: string; rows: FileRow[] }[]): Map<string, [string, string]> {
  const spans = new Map<string, [string, string]>();
  for (const { date, rows } of files) {
    for (const row of rows) {
      const key = `${row.ccn}|${row.owner}|${row.role}`;
      const span = spans.get(key);
      if (!span) spans.set(key, [date, date]);
      else spans.set(key, [[span[0], date].sort()[0] as string, [span[1], date].sort()[1] as string]);
    }
  }
  return spans;
}

async function storedSpans(db: Db): Promise<Map<string, [string, string]>> {
  const rows = await db.query<{ key: string; first: string; last: string }>(
    `SELECT r.ccn || '|' || r.owner_key || '|' || r.role_key AS key, to_char(r.first_seen, 'YYYY-MM-DD') AS first,
       to_char(coalesce(r.last_seen, f.last_seen), 'YYYY-MM-DD') AS last
     FROM ownership_role r JOIN ownership_facility f ON f.ccn = r.ccn`,
  );
  return new Map(rows.map((row) => [row.key, [row.first, row.last]]));
}

async function tableDigest(db: Db, table: string): Promise<string> {
  const [row] = await db.query<{ digest: string | null; rows: number }>(
    `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*)::integer AS rows FROM ${table} t`,
  );
  return `${row?.rows}:${row?.digest}`;
}

/** A small Ownership file in the layout since mid 2023. */
function ownershipCsv(
  date: string,
  rows: [ccn: string, role: string, type: string, name: string, pct?: string][],
) {
  const cells = rows.map(([ccn, role, type, name, percentage]) =>
    OWNERSHIP_2023.map((column) => {
      const value = {
        "CMS Certification Number (CCN)": ccn,
        "Provider Name": `HOME ${ccn}`,
        State: "CA",
        "Role played by Owner or Manager in Facility": role,
        "Owner Type": type,
        "Owner Name": name,
        "Ownership Percentage": percentage ?? "NOT APPLICABLE",
        "Association Date": "since 01/01/2010",
        "Processing Date": date,
      }[column];
      return value ?? "";
    }),
  );
  return Papa.unparse([[...OWNERSHIP_2023], ...cells], { newline: "\n" });
}

const DIRECT = "5% OR GREATER DIRECT OWNERSHIP INTEREST";
const OFFICER = "OFFICER";

let demo: DemoFile[] = [];
const ofTable = (table: DemoFile["table"]) => demo.filter((file) => file.table === table);

beforeAll(async () => {
  // Eight releases that cross CMS's change of headers in July 2023.
  demo = await writeDemoFiles(join(dir, "demo"), {
    facilities: 60,
    months: 8,
    ownership: "monthly",
    endMonth: "2023-11",
  });
});

describe("the ownership values", () => {
  it("reads owner types, percentages and association dates as CMS writes them", () => {
    expect(parseOwnerType("Individual")).toBe("individual");
    expect(parseOwnerType(" ORGANIZATION ")).toBe("organization");
    expect(parseOwnerType("O")).toBe("organization");
    expect(() => parseOwnerType("Trust")).toThrow(/not an owner type/);
    expect(parsePercentage("100%")).toEqual({ text: "100%", value: 100 });
    expect(parsePercentage("5.5%")).toEqual({ text: "5.5%", value: 5.5 });
    expect(parsePercentage("NO PERCENTAGE PROVIDED")).toEqual({
      text: "NO PERCENTAGE PROVIDED",
      value: null,
    });
    expect(parsePercentage("NOT APPLICABLE")).toEqual({ text: "NOT APPLICABLE", value: null });
    expect(parsePercentage("250%")).toEqual({ text: "250%", value: null });
    expect(parsePercentage(" ")).toEqual({ text: null, value: null });
    expect(parseAssociationDate("since 01/01/2010")).toBe("2010-01-01");
    expect(parseAssociationDate("SINCE 12/31/1999")).toBe("1999-12-31");
    expect(parseAssociationDate("2015-06-01")).toBe("2015-06-01");
    expect(parseAssociationDate("NO DATE PROVIDED")).toBeNull();
    expect(parseAssociationDate("")).toBeNull();
    expect(() => parseAssociationDate("since 02/30/2010")).toThrow(/date/);
  });

  it("groups CMS's role texts in plain words", () => {
    expect(roleGroupOf("5% OR GREATER DIRECT OWNERSHIP INTEREST")).toBe("direct owner");
    expect(roleGroupOf("5% or greater indirect ownership interest")).toBe("indirect owner");
    expect(roleGroupOf("5% OR GREATER MORTGAGE INTEREST")).toBe("mortgage or security interest");
    expect(roleGroupOf("5% OR GREATER SECURITY INTEREST")).toBe("mortgage or security interest");
    expect(roleGroupOf("OPERATIONAL/MANAGERIAL CONTROL")).toBe("operational or managerial control");
    expect(roleGroupOf("MANAGING CONTROL - GOVERNING BODY")).toBe("operational or managerial control");
    expect(roleGroupOf("MANAGING EMPLOYEE")).toBe("managing employee");
    expect(roleGroupOf("W-2 MANAGING EMPLOYEE")).toBe("managing employee");
    expect(roleGroupOf("CONTRACTED MANAGING EMPLOYEE")).toBe("managing employee");
    expect(roleGroupOf("OFFICER")).toBe("officer or director");
    expect(roleGroupOf("DIRECTOR")).toBe("officer or director");
    expect(roleGroupOf("PARTNERSHIP INTEREST")).toBe("partner");
    expect(roleGroupOf("GENERAL PARTNERSHIP INTEREST")).toBe("partner");
    expect(roleGroupOf("LIMITED PARTNERSHIP INTEREST")).toBe("partner");
    expect(roleGroupOf("5% OR MORE OWNERSHIP INTEREST")).toBe("direct owner");
    expect(roleGroupOf("TRUSTEE OF THE SNF")).toBe("other");
  });
});

describe("the demo's Ownership files", () => {
  it("are in each era's layout, with owners shared across homes and states, and owners who come and go", () => {
    const files = ofTable("ownership");
    expect(files.length).toBe(8);
    const header = (file: DemoFile) => readFileSync(file.path, "utf8").split("\n")[0] ?? "";
    expect(header(files[0] as DemoFile)).toMatch(/^Federal Provider Number,.*,Location,Processing Date$/);
    expect(header(files.at(-1) as DemoFile)).toMatch(
      /^CMS Certification Number \(CCN\),.*,Association Date,Processing Date$/,
    );
    const read = files.map((file) => readOwnershipCsv(readFileSync(file.path, "utf8")));
    const newest = read.at(-1) as { rows: FileRow[] };
    const statesOf = new Map<string, Set<string>>();
    const text = readFileSync((files.at(-1) as DemoFile).path, "utf8");
    for (const row of Papa.parse<string[]>(text, { skipEmptyLines: true }).data.slice(1)) {
      const owner = ownerOf(row[7] as string, row[8] as string);
      statesOf.set(owner, (statesOf.get(owner) ?? new Set()).add(row[4] as string));
    }
    expect([...statesOf.values()].some((states) => states.size >= 3)).toBe(true);
    expect(newest.rows.some((row) => row.type === "individual")).toBe(true);
    expect(newest.rows.some((row) => row.type === "organization")).toBe(true);
    const every = files.map((file) => readFileSync(file.path, "utf8")).join("");
    expect(every).toMatch(/,NO PERCENTAGE PROVIDED,/);
    expect(text).toMatch(/,\d+%,since \d{2}\/\d{2}\/\d{4},/);
    // Some rows of the first month are gone by the last, and the last has rows the first did not.
    const keys = (rows: FileRow[]) => new Set(rows.map((row) => `${row.ccn}|${row.owner}|${row.role}`));
    const first = keys((read[0] as { rows: FileRow[] }).rows);
    const last = keys(newest.rows);
    expect([...first].some((key) => !last.has(key))).toBe(true);
    expect([...last].some((key) => !first.has(key))).toBe(true);
    // The 2019-2020 archives' member: short headers, dates as MM/DD/YYYY.
    const l1 = ownershipL1Csv(readFileSync((files[0] as DemoFile).path, "utf8"));
    expect(l1.split("\n")[0]).toBe(
      "PROVNUM,PROVNAME,address,city,state,zip,ROLE_DESC,OWNER_TYPE,OWNER_NAME,OWNER_PERCENTAGE,ASSOCIATION_DATE,filedate",
    );
    expect(l1.split("\n")[1]).toMatch(/,since \d{2}\/\d{2}\/\d{4},\d{2}\/\d{2}\/\d{4}$/);
  });
});

describe.each(engines)("ownership on $name", (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(engine);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("loads the Ownership member of every archive layout and the current files; spans and homes match the files", async () => {
    const ownership = ofTable("ownership");
    const providers = ofTable("provider");
    const text = (file: DemoFile | undefined) => readFileSync(file?.path ?? "", "utf8");
    const l1 = await writeZip(join(dir, `l1-${engine.name}.zip`), {
      "Ownership_Download.csv": ownershipL1Csv(text(ownership[0])),
    });
    const l2 = await writeZip(join(dir, `l2-${engine.name}.zip`), {
      "nursing_homes_including_rehab_services_05_2023/NH_ProviderInfo_May2023.csv": text(providers[1]),
      "nursing_homes_including_rehab_services_05_2023/NH_Ownership_May2023.csv": text(ownership[1]),
    });
    const l3 = await writeZip(join(dir, `l3-${engine.name}.zip`), {
      "4pq5-n9py_2023-06-20_NH_ProviderInfo_Jun2023.csv": text(providers[2]),
      "y2hd-n93e_2023-06-20_NH_Ownership_Jun2023.csv": text(ownership[2]),
      "manifest.json": "[]",
      "__MACOSX/._y2hd-n93e_2023-06-20_NH_Ownership_Jun2023.csv": "junk",
    });
    const rest = demo
      .filter((file) => file.table === "provider" || file.table === "ownership")
      .filter((file) => file.processingDate > (ownership[2] as DemoFile).processingDate)
      .map((file) => file.path);
    const results = await ingestFiles(db, [(providers[0] as DemoFile).path, l1, l2, l3, ...rest], {
      source: "files",
    });
    const owned = results.filter((result) => result.kind === "ownership");
    expect(owned.map((result) => result.file).slice(0, 3)).toEqual([
      `l1-${engine.name}.zip:Ownership_Download.csv`,
      `l2-${engine.name}.zip:nursing_homes_including_rehab_services_05_2023/NH_Ownership_May2023.csv`,
      `l3-${engine.name}.zip:y2hd-n93e_2023-06-20_NH_Ownership_Jun2023.csv`,
    ]);
    expect(owned.every((result) => result.status === "loaded")).toBe(true);
    expect(owned.length).toBe(8);
    expect(results.filter((result) => result.status === "failed")).toEqual([]);

    // Per facility, owner and role: the first and last release that list it, as the files say.
    const read = ownership.map((file) => readOwnershipCsv(text(file)));
    const expected = spansOf(read);
    const stored = await storedSpans(db);
    expect(stored.size).toBe(expected.size);
    expect(Object.fromEntries(stored)).toEqual(Object.fromEntries(expected));
    // Far fewer rows than one per release.
    const total = read.reduce((sum, file) => sum + file.rows.length, 0);
    expect(stored.size).toBeLessThan(total / 4);

    // Each owner's homes now: the current facilities the newest file lists it at, in any role.
    const current = new Set(
      (await db.query<{ ccn: string }>("SELECT ccn FROM facility")).map((row) => row.ccn),
    );
    const homes = new Map<string, Set<string>>();
    for (const row of (read.at(-1) as { rows: FileRow[] }).rows) {
      if (!current.has(row.ccn)) continue;
      homes.set(row.owner, (homes.get(row.owner) ?? new Set()).add(row.ccn));
    }
    const storedHomes = await db.query<{ key: string; ccns: string[] }>(
      "SELECT owner_key AS key, array_agg(ccn ORDER BY ccn) AS ccns FROM owner_facility GROUP BY owner_key",
    );
    expect(Object.fromEntries(storedHomes.map((row) => [row.key, row.ccns]))).toEqual(
      Object.fromEntries([...homes].map(([owner, ccns]) => [owner, [...ccns].sort()])),
    );
    // The API's owner pages say the same, for the owners of most homes.
    const app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
    const biggest = [...homes].sort((a, b) => b[1].size - a[1].size).slice(0, 5);
    for (const [owner, ccns] of biggest) {
      const [type, name] = [owner.slice(0, owner.indexOf(":")), owner.slice(owner.indexOf(":") + 1)];
      const response = await app.request(`/api/owners/${type}/${encodeURIComponent(name.toLowerCase())}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Owner;
      expect(body.facilityCount).toBe(ccns.size);
      expect(body.facilities.map((facility) => facility.ccn).sort()).toEqual([...ccns].sort());
      expect(body.facilities.every((facility) => facility.ownerRoles.length > 0)).toBe(true);
      const list = (await (
        await app.request(`/api/facilities?owner=${encodeURIComponent(owner)}&pageSize=100`)
      ).json()) as { data: { ccn: string }[]; totalCount: number };
      expect(list.totalCount).toBe(ccns.size);
      expect(list.data.map((item) => item.ccn).sort()).toEqual([...ccns].sort());
    }
    // A file loaded again changes nothing.
    const again = await ingestFiles(db, [(ownership.at(-1) as DemoFile).path], { source: "files" });
    expect(again[0]?.status).toBe("unchanged");
  }, 300_000);

  it("gives the same spans whatever order the releases are loaded in", async () => {
    const ownership = ofTable("ownership").map((file) => file.path);
    const newestProvider = (ofTable("provider").at(-1) as DemoFile).path;
    const digests: string[] = [];
    // In order, newest first then oldest first (as the server's backfill), and reversed.
    const orders = [
      ownership,
      [ownership.at(-1) as string, ...ownership.slice(0, -1)],
      [...ownership].reverse(),
      [
        ownership[3],
        ownership[0],
        ownership[6],
        ownership[1],
        ownership[7],
        ownership[2],
        ownership[5],
        ownership[4],
      ],
    ];
    for (const order of orders) {
      const fresh = await openTestDb(engine);
      try {
        const results = await ingestFiles(fresh, [newestProvider, ...(order as string[])], {
          source: "files",
        });
        expect(results.every((result) => result.status === "loaded")).toBe(true);
        if (order === orders[1]) {
          // The backfill's archives, each the next after the one before: only facilities whose owners changed since
          // it are written.
          const archives = results.slice(3).map((result) => result.changedFacilities ?? 0);
          expect(Math.max(...archives)).toBeLessThan(20);
        }
        digests.push(
          `${await tableDigest(fresh, "ownership_role")} ${await tableDigest(fresh, "ownership_facility")} ${await tableDigest(fresh, "owner_summary")}`,
        );
      } finally {
        await fresh.close();
      }
    }
    expect(new Set(digests).size).toBe(1);
  }, 600_000);

  it("joins names that differ only in case, spaces and punctuation, and keeps the others apart", async () => {
    const fresh = await openTestDb(engine);
    try {
      const jan = join(dir, `NH_Ownership_Jan2024-names-${engine.name}.csv`);
      const feb = join(dir, `NH_Ownership_Feb2024-names-${engine.name}.csv`);
      writeFileSync(
        jan,
        ownershipCsv("2024-01-01", [
          ["055001", DIRECT, "Organization", "ACME HEALTH HOLDINGS, L.L.C.", "100%"],
          ["055002", DIRECT, "Organization", "ACME HEALTH HOLDINGS INC", "100%"],
          ["055003", DIRECT, "Individual", "ACME HEALTH HOLDINGS LLC", "100%"],
          ["055004", OFFICER, "Individual", "O'BRIEN, KATHLEEN"],
          ["055005", OFFICER, "Individual", "SMITH & JONES"],
          ["055006", OFFICER, "Individual", "ST JOSEPH"],
        ]),
      );
      writeFileSync(
        feb,
        ownershipCsv("2024-02-01", [
          ["055001", DIRECT, "Organization", "Acme Health Holdings LLC", "100%"],
          ["055002", DIRECT, "Organization", "ACME HEALTH HOLDINGS INC", "100%"],
          ["055003", DIRECT, "Individual", "ACME HEALTH HOLDINGS LLC", "100%"],
          ["055004", OFFICER, "Individual", "OBRIEN  KATHLEEN"],
          ["055005", OFFICER, "Individual", "SMITH AND JONES"],
          ["055006", OFFICER, "Individual", "SAINT JOSEPH"],
          ["055007", DIRECT, "Organization", " ACME-HEALTH HOLDINGS,LLC ", "50%"],
          ["055008", OFFICER, "Individual", "Smith&Jones"],
        ]),
      );
      const results = await ingestFiles(fresh, [jan, feb], { source: "files" });
      expect(results.map((result) => result.status)).toEqual(["loaded", "loaded"]);
      const owners = await fresh.query<{
        key: string;
        name: string;
        homes: string[];
        first: string;
        last: string;
      }>(
        `SELECT owner_key AS key, min(owner_name) AS name, array_agg(DISTINCT ccn ORDER BY ccn) AS homes,
           to_char(min(first_seen), 'YYYY-MM-DD') AS first,
           to_char(max(coalesce(last_seen, '2024-02-01')), 'YYYY-MM-DD') AS last
         FROM ownership_role GROUP BY owner_key ORDER BY owner_key`,
      );
      const byKey = Object.fromEntries(owners.map((owner) => [owner.key, owner]));
      // Joined: case, commas, periods, hyphens, apostrophes and spaces.
      expect(byKey["organization:ACME HEALTH HOLDINGS LLC"]).toMatchObject({
        homes: ["055001", "055007"],
        first: "2024-01-01",
        last: "2024-02-01",
      });
      expect(byKey["individual:OBRIEN KATHLEEN"]).toMatchObject({ homes: ["055004"], last: "2024-02-01" });
      expect(byKey["individual:SMITH & JONES"]?.homes).toEqual(["055005", "055008"]);
      // Apart: other words (INC, AND, SAINT) and the other type.
      expect(byKey["organization:ACME HEALTH HOLDINGS INC"]?.homes).toEqual(["055002"]);
      expect(byKey["individual:ACME HEALTH HOLDINGS LLC"]?.homes).toEqual(["055003"]);
      expect(byKey["individual:SMITH AND JONES"]?.homes).toEqual(["055005"]);
      expect(byKey["individual:ST JOSEPH"]?.last).toBe("2024-01-01");
      expect(byKey["individual:SAINT JOSEPH"]?.first).toBe("2024-02-01");
      // One span per facility, owner and role: a name spelled anew is not a new owner there.
      const [spans] = await fresh.query<{ n: number }>(
        "SELECT count(*)::integer AS n FROM ownership_role WHERE ccn = '055001'",
      );
      expect(spans?.n).toBe(1);
      // The owner's page takes any spelling, and names it as the newest release does.
      const app = createApp({ db: fresh, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
      const owner = (await (
        await app.request(`/api/owners/organization/${encodeURIComponent("acme health holdings, l.l.c.")}`)
      ).json()) as Owner;
      expect(owner.name).toBe("Acme Health Holdings LLC");
      expect((await app.request("/api/owners/individual/ACME%20HEALTH%20HOLDINGS%20INC")).status).toBe(404);
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it("says when an owner came and when it left, loaded in any order", async () => {
    const months = ["2024-01-01", "2024-02-01", "2024-03-01", "2025-04-01"];
    const paths = months.map((date, index) => {
      const path = join(
        dir,
        `NH_Ownership_${["Jan2024", "Feb2024", "Mar2024", "Apr2025"][index]}-${engine.name}.csv`,
      );
      const rows: [string, string, string, string, string?][] = [
        ["065001", DIRECT, "Organization", "STEADY OWNER LLC", "100%"],
      ];
      // A lender listed in February and March 2024 only.
      if (index === 1 || index === 2)
        rows.push(["065001", "5% OR GREATER MORTGAGE INTEREST", "Organization", "BRIEF LENDER INC"]);
      // An officer from March 2024 on.
      if (index >= 2) rows.push(["065001", OFFICER, "Individual", "NEW OFFICER"]);
      writeFileSync(path, ownershipCsv(date, rows));
      return path;
    });
    const answers: string[] = [];
    // In order as the command line loads (one publication at the end), and reversed as a server loads (each file
    // published as it is loaded: the owner tables rebuilt on their own, no whole publication).
    for (const order of [paths, [...paths].reverse()]) {
      const fresh = await openTestDb(engine);
      try {
        const isServer = order !== paths;
        await ingestFiles(fresh, order, { source: "files", publishEachFile: isServer });
        const [state] = await fresh.query<{ fresh: boolean }>(
          "SELECT derived_version = data_version AS fresh FROM app_state",
        );
        expect(state?.fresh).toBe(true);
        const app = createApp({ db: fresh, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });
        const response = await app.request("/api/facilities/065001/ownership");
        expect(response.status).toBe(200);
        const body = (await response.json()) as FacilityOwnership;
        expect(body.processingDate).toBe("2025-04-01");
        expect(body.owners.map((owner) => [owner.name, owner.roleGroup, owner.firstSeen])).toEqual([
          ["STEADY OWNER LLC", "direct owner", "2024-01-01"],
          ["NEW OFFICER", "officer or director", "2024-03-01"],
        ]);
        expect(body.changes).toEqual([
          {
            processingDate: "2025-04-01",
            added: [],
            removed: [
              {
                name: "BRIEF LENDER INC",
                type: "organization",
                role: "5% OR GREATER MORTGAGE INTEREST",
                roleGroup: "mortgage or security interest",
                ownerPath: "/owner/organization/BRIEF%20LENDER%20INC",
              },
            ],
          },
          {
            processingDate: "2024-03-01",
            added: [expect.objectContaining({ name: "NEW OFFICER", roleGroup: "officer or director" })],
            removed: [],
          },
          {
            processingDate: "2024-02-01",
            added: [expect.objectContaining({ name: "BRIEF LENDER INC" })],
            removed: [],
          },
        ]);
        const lender = (await (
          await app.request("/api/owners/organization/BRIEF%20LENDER%20INC")
        ).json()) as Owner;
        expect(lender).toMatchObject({ firstSeen: "2024-02-01", lastSeen: "2024-03-01", facilityCount: 0 });
        expect(lender.history).toEqual([
          { year: 2024, gained: 1, lost: 0 },
          { year: 2025, gained: 0, lost: 1 },
        ]);
        answers.push(JSON.stringify(body));
      } finally {
        await fresh.close();
      }
    }
    expect(answers[0]).toBe(answers[1]);
  }, 120_000);

  it("rejects a broken file with its line and column, and fails a truncated member alone", async () => {
    const before = `${await tableDigest(db, "ownership_role")} ${await tableDigest(db, "ownership_facility")}`;
    const bad = join(dir, `NH_Ownership_Dec2023-bad-${engine.name}.csv`);
    writeFileSync(
      bad,
      ownershipCsv("2023-12-01", [
        ["075001", DIRECT, "Organization", "GOOD OWNER LLC", "100%"],
        ["075002", DIRECT, "Partnership", "ODD OWNER LP", "100%"],
      ]),
    );
    const [failed] = await ingestFiles(db, [bad], { source: "files" });
    expect(failed?.status).toBe("failed");
    expect(failed?.error).toBe(
      `NH_Ownership_Dec2023-bad-${engine.name}.csv (line 3, column "Owner Type"): "Partnership" is not an owner type (Individual or Organization)`,
    );
    const newest = readFileSync((ofTable("ownership").at(-1) as DemoFile).path, "utf8").replaceAll(
      "2023-11-01",
      "2023-12-01",
    );
    const provider = readFileSync((ofTable("provider").at(-1) as DemoFile).path, "utf8").replaceAll(
      "2023-11-01",
      "2023-12-01",
    );
    const archive = await writeZip(join(dir, `truncated-${engine.name}.zip`), {
      "NH_ProviderInfo_Dec2023.csv": provider,
      "NH_Ownership_Dec2023.csv": newest.slice(0, Math.floor(newest.length * 0.6)),
    });
    const results = await ingestFiles(db, [archive], { source: "files" });
    expect(results.map((result) => [result.kind ?? null, result.status])).toEqual([
      ["provider", "loaded"],
      [null, "failed"],
    ]);
    expect(results[1]?.error).toMatch(`truncated-${engine.name}.zip:NH_Ownership_Dec2023.csv (line`);
    expect(`${await tableDigest(db, "ownership_role")} ${await tableDigest(db, "ownership_facility")}`).toBe(
      before,
    );
  }, 120_000);
});
