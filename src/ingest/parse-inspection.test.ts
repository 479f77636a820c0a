// Parsing of CMS health citations and penalties files in every header layout, the two real penalties files, and
// the rejection of bad files with their line and column.
import { readFileSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import iconv from "iconv-lite";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { hasRealData, realFile } from "../../scripts/real-data.ts";
import { csvOf, type FixtureRow, tempDir, writeFixture } from "../../test/csv-fixtures.ts";
import { HEALTH_CITATIONS, l1InspectionColumns, PENALTIES } from "./demo/cms-layouts.ts";
import { IngestError } from "./errors.ts";
import { type InspectionRelease, readInspectionRelease } from "./parse-inspection.ts";

const dir = tempDir();

function read(path: string, kind: "citations" | "penalties"): Promise<InspectionRelease> {
  return readInspectionRelease(path, kind, () => undefined);
}

async function rejection(path: string, kind: "citations" | "penalties"): Promise<IngestError> {
  try {
    await read(path, kind);
  } catch (error) {
    if (error instanceof IngestError) return error;
    throw error;
  }
  throw new Error("expected the file to be rejected");
}

/** The rows of a release as plain objects, group fields included, in the release's order. */
function rowsOf(release: InspectionRelease): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  const { groups } = release;
  for (let group = 0; group < groups.ccn.length; group += 1) {
    for (let row = groups.start[group] as number; row < (groups.start[group + 1] as number); row += 1) {
      const values: Record<string, unknown> = {
        ccn: groups.ccn[group],
        date: groups.date[group],
        surveyType: groups.surveyType[group],
      };
      for (const [field, column] of Object.entries(release.columns)) {
        values[field] = column.values[column.codes[row] as number];
      }
      rows.push(values);
    }
  }
  return rows;
}

/** A CSV in an L1 layout, from rows keyed by the full column names. */
function l1Csv(columns: readonly string[], archiveMonth: string, rows: FixtureRow[]): string {
  const mapped = l1InspectionColumns(columns, { archiveMonth });
  const header = mapped.map(([l1]) => l1);
  return csvOf(
    header,
    rows.map((row) =>
      Object.fromEntries(mapped.map(([l1, full]) => [l1, full === null ? "Y" : (row[full] ?? "")])),
    ),
  );
}

const CITATION: FixtureRow = {
  "Federal Provider Number": "15009",
  "CMS Certification Number (CCN)": "015009",
  "Provider Name": "BURNS NURSING HOME, INC.",
  "Provider State": "AL",
  State: "AL",
  "Survey Date": "2023-03-14",
  "Survey Type": "Health",
  "Deficiency Prefix": "F",
  "Deficiency Category": "Freedom from Abuse, Neglect, and Exploitation Deficiencies",
  "Deficiency Tag Number": "0600",
  "Deficiency Description": "Protect each resident from abuse and neglect.",
  "Scope Severity Code": "g",
  "Deficiency Corrected": "Deficient, Provider has date of correction",
  "Correction Date": "2023-04-20",
  "Inspection Cycle": 1,
  "Standard Deficiency": "Y",
  "Complaint Deficiency": "N",
  "Infection Control Inspection Deficiency": "N",
  "Citation under IDR": "N",
  "Citation under IIDR": "N",
  Location: "701 MONROE STREET NW,RUSSELLVILLE,AL,35653",
  "Processing Date": "2024-06-01",
};

describe("health citations", () => {
  it.each(Object.keys(HEALTH_CITATIONS) as (keyof typeof HEALTH_CITATIONS)[])(
    "reads the %s layout",
    async (era) => {
      const columns = HEALTH_CITATIONS[era];
      const path = writeFixture(
        dir,
        `citations-${era}.csv`,
        csvOf(columns, [
          CITATION,
          { ...CITATION, "Deficiency Tag Number": "689", "Scope Severity Code": "D", "Correction Date": "" },
        ]),
      );
      const release = await read(path, "citations");
      expect(release).toMatchObject({ kind: "citations", processingDate: "2024-06-01", rowCount: 2 });
      expect(release.groups.ccn).toEqual(["015009"]);
      const rows = rowsOf(release);
      expect(rows.map((row) => [row.tag, row.scopeSeverity, row.correctionDate, row.rank])).toEqual([
        ["0600", "G", "2023-04-20", 1],
        ["0689", "D", null, 1],
      ]);
      expect(rows[0]).toMatchObject({
        date: "2023-03-14",
        surveyType: "Health",
        prefix: "F",
        category: "Freedom from Abuse, Neglect, and Exploitation Deficiencies",
        standard: "t",
        complaint: "f",
        inspectionCycle: 1,
        infectionControl: era === "2017" ? null : "f",
        underIdr: era === "2023" || era === "2023-07" ? "f" : null,
      });
    },
  );

  it.each(["2019-02", "2019-12"])("reads the abbreviated layout of a %s archive", async (month) => {
    const path = writeFixture(
      dir,
      `HealthDeficiencies-${month}.csv`,
      l1Csv(HEALTH_CITATIONS["2017"], month, [{ ...CITATION, "Processing Date": `${month}-01` }]),
    );
    const text = readFileSync(path, "utf8");
    expect(text.split("\n")[0]).toMatch(/^provnum,provname,.*survey_date_output,SurveyType,DEFPREF,/);
    const release = await read(path, "citations");
    const [row] = rowsOf(release);
    expect(row).toMatchObject({
      ccn: "015009",
      date: "2023-03-14",
      tag: "0600",
      scopeSeverity: "G",
      category: month < "2019-11" ? null : "Freedom from Abuse, Neglect, and Exploitation Deficiencies",
    });
    expect(release.processingDate).toBe(`${month}-01`);
  });

  it("numbers the citations of one survey that share a tag, and digests a survey whatever its rows' order", async () => {
    const rows = [
      CITATION,
      { ...CITATION, "Scope Severity Code": "D" },
      { ...CITATION, "Deficiency Tag Number": "0880", "Scope Severity Code": "E" },
      { ...CITATION, "Survey Date": "2022-01-05" },
    ];
    const first = await read(
      writeFixture(dir, "order-1.csv", csvOf(HEALTH_CITATIONS["2023-07"], rows)),
      "citations",
    );
    const second = await read(
      writeFixture(dir, "order-2.csv", csvOf(HEALTH_CITATIONS["2023-07"], [...rows].reverse())),
      "citations",
    );
    expect(rowsOf(first).map((row) => [row.date, row.tag, row.scopeSeverity, row.rank])).toEqual([
      ["2023-03-14", "0600", "D", 1],
      ["2023-03-14", "0600", "G", 2],
      ["2023-03-14", "0880", "E", 1],
      ["2022-01-05", "0600", "G", 1],
    ]);
    const digests = (release: InspectionRelease) =>
      Object.fromEntries(release.groups.date.map((date, index) => [date, release.groups.digest[index]]));
    expect(digests(second)).toEqual(digests(first));
    const changed = await read(
      writeFixture(
        dir,
        "order-3.csv",
        csvOf(HEALTH_CITATIONS["2023-07"], [
          ...rows.slice(0, 3),
          { ...rows[3], "Correction Date": "2022-02-01" },
        ]),
      ),
      "citations",
    );
    expect(digests(changed)["2023-03-14"]).toBe(digests(first)["2023-03-14"]);
    expect(digests(changed)["2022-01-05"]).not.toBe(digests(first)["2022-01-05"]);
  });

  it("streams a large file in pieces, quoted line breaks and all, and names the line of a late problem", async () => {
    const rows: FixtureRow[] = [];
    for (let index = 0; index < 12_000; index += 1) {
      rows.push({
        ...CITATION,
        "CMS Certification Number (CCN)": String(15000 + (index % 900)).padStart(6, "0"),
        "Survey Date": `2023-${String(1 + (index % 12)).padStart(2, "0")}-10`,
        "Deficiency Description": `Keep residents safe,\n"well cared for" and clean ${index % 50}. ${"x".repeat(60)}`,
      });
    }
    const good = writeFixture(dir, "large.csv", csvOf(HEALTH_CITATIONS["2023-07"], rows));
    const release = await read(good, "citations");
    expect(release.rowCount).toBe(12_000);
    expect(release.columns.description?.values).toHaveLength(50);
    const bad = [...rows];
    bad[11_000] = { ...bad[11_000], "Scope Severity Code": "M" };
    const error = await rejection(
      writeFixture(dir, "large-bad.csv", csvOf(HEALTH_CITATIONS["2023-07"], bad)),
      "citations",
    );
    // Each record spans two lines (the description's line break).
    expect(error.message).toBe(
      `large-bad.csv (line ${2 + 11_000 * 2}, column "Scope Severity Code"): "M" is not a scope and severity code A-L`,
    );
  });

  it.each([
    [
      "a scope and severity code outside A-L",
      { "Scope Severity Code": "Z" },
      "Scope Severity Code",
      '"Z" is not a scope and severity code A-L',
    ],
    [
      "a flag that is not Y or N",
      { "Standard Deficiency": "maybe" },
      "Standard Deficiency",
      '"maybe" is not Y or N',
    ],
    ["a blank survey date", { "Survey Date": "" }, "Survey Date", "Survey Date is blank"],
    [
      "a tag that is no number",
      { "Deficiency Tag Number": "F06X9" },
      "Deficiency Tag Number",
      '"F06X9" is not a deficiency tag number',
    ],
    [
      "a bad correction date",
      { "Correction Date": "2023-02-30" },
      "Correction Date",
      '"2023-02-30" is not a valid date',
    ],
    [
      "a CCN that is none",
      { "CMS Certification Number (CCN)": "12-34" },
      "CMS Certification Number (CCN)",
      '"12-34" is not a CMS Certification Number',
    ],
  ])("rejects %s with its line and column", async (_what, change, column, problem) => {
    const path = writeFixture(
      dir,
      "bad-citations.csv",
      csvOf(HEALTH_CITATIONS["2023-07"], [CITATION, CITATION, { ...CITATION, ...change }]),
    );
    const error = await rejection(path, "citations");
    expect(error.message).toBe(`bad-citations.csv (line 4, column "${column}"): ${problem}`);
  });

  it("rejects a truncated file and one without the columns of its table", async () => {
    const text = csvOf(HEALTH_CITATIONS["2021"], [CITATION, CITATION, CITATION]);
    const betweenFields = writeFixture(dir, "truncated.csv", `${text.slice(0, text.lastIndexOf(',"701'))}\n`);
    expect((await rejection(betweenFields, "citations")).message).toBe(
      "truncated.csv (line 4): expected 21 fields but found 19 (truncated row)",
    );
    const inQuotes = writeFixture(dir, "truncated-quote.csv", text.slice(0, text.length - 20));
    expect((await rejection(inQuotes, "citations")).message).toBe(
      "truncated-quote.csv (line 4): malformed CSV: Quoted field unterminated",
    );
    const penalties = writeFixture(dir, "not-citations.csv", csvOf(PENALTIES["2017"], [{}]));
    expect((await rejection(penalties, "citations")).message).toBe(
      'not-citations.csv (line 1): missing required columns "Survey Date" (or "survey_date_output"), ' +
        '"Deficiency Tag Number" (or "TAG"), "Scope Severity Code" (or "SCOPE") of a health citations file',
    );
  });

  it("reads cp1252 text, also when the first non-ASCII byte comes after a megabyte", async () => {
    const rows = Array.from({ length: 6000 }, (_, index) => ({
      ...CITATION,
      "Survey Date": `2023-01-${String(1 + (index % 28)).padStart(2, "0")}`,
      "Deficiency Description": `Ensure each resident’s care ${"y".repeat(150)}`.slice(
        0,
        index === 5999 ? 200 : 20,
      ),
    }));
    const path = writeFixture(dir, "cp1252.csv", csvOf(HEALTH_CITATIONS["2023-07"], rows), {
      encoding: "cp1252",
    });
    const release = await read(path, "citations");
    expect(release.columns.description?.values).toContain(
      `Ensure each resident’s care ${"y".repeat(150)}`.slice(0, 200),
    );
  });
});

describe("a file that is UTF-8 at first and not later", () => {
  it("is read as cp1252 from its first byte, as a file read whole would be", async () => {
    const rows = Array.from({ length: 6000 }, (_, index) => ({
      ...CITATION,
      "Deficiency Description": index < 10 ? "Café menu" : index === 5999 ? "x\u0092y" : "plain",
    }));
    // UTF-8 bytes for the first rows' "é", a lone cp1252 byte (0x92) after the first megabyte.
    const text = csvOf(HEALTH_CITATIONS["2023-07"], rows);
    const bytes = Buffer.from(text, "utf8");
    const lone = bytes.lastIndexOf(Buffer.from("x\u0092y", "utf8"));
    const mixed = Buffer.concat([bytes.subarray(0, lone + 1), Buffer.from([0x92]), bytes.subarray(lone + 3)]);
    const path = writeFixture(dir, "mixed.csv", "");
    writeFileSync(path, mixed);
    const release = await read(path, "citations");
    expect(release.columns.description?.values).toEqual(
      expect.arrayContaining([iconv.decode(Buffer.from("Café menu", "utf8"), "win1252"), "x’y"]),
    );
  });
});

const PENALTY: FixtureRow = {
  "Federal Provider Number": "015375",
  "CMS Certification Number (CCN)": "015375",
  "Provider Name": "ANNISTON HEALTH AND REHAB SERVICES",
  "Provider State": "AL",
  State: "AL",
  "Penalty Date": "04/01/2016",
  "Penalty Type": "Fine",
  "Fine Amount": "$135,656",
  Location: "1825 ANNISTON\nAL 36207\n",
  "Processing Date": "02/01/2017",
};

describe("penalties", () => {
  it.each(Object.keys(PENALTIES) as (keyof typeof PENALTIES)[])("reads the %s layout", async (era) => {
    const path = writeFixture(
      dir,
      `penalties-${era}.csv`,
      csvOf(PENALTIES[era], [
        PENALTY,
        {
          ...PENALTY,
          "Penalty Type": "Payment Denial",
          "Fine Amount": "",
          "Payment Denial Start Date": "4/9/2016",
          "Payment Denial Length in Days": 27,
        },
        { ...PENALTY, "Fine Amount": "715.50", "Penalty Date": "2015-05-21" },
      ]),
    );
    const release = await read(path, "penalties");
    expect(release).toMatchObject({ kind: "penalties", processingDate: "2017-02-01", rowCount: 3 });
    expect(
      rowsOf(release).map((row) => [
        row.date,
        row.rank,
        row.penaltyType,
        row.fineAmount,
        row.denialStartDate,
        row.denialDays,
      ]),
    ).toEqual([
      ["2016-04-01", 1, "Fine", 135656, null, null],
      ["2016-04-01", 2, "Payment Denial", null, "2016-04-09", 27],
      ["2015-05-21", 1, "Fine", 715.5, null, null],
    ]);
  });

  it("reads the abbreviated layout of the 2019-2020 archives", async () => {
    const path = writeFixture(
      dir,
      "Penalties_Download.csv",
      l1Csv(PENALTIES["2017"], "2020-03", [
        { ...PENALTY, "Fine Amount": "6600", "Processing Date": "2020-03-01" },
      ]),
    );
    expect(readFileSync(path, "utf8").split("\n")[0]).toBe(
      "provnum,provname,address,city,state,zip,pnlty_date,pnlty_type,fine_amt,payden_strt_dt,payden_days,filedate",
    );
    const release = await read(path, "penalties");
    expect(rowsOf(release)).toEqual([
      expect.objectContaining({ ccn: "015375", date: "2016-04-01", penaltyType: "Fine", fineAmount: 6600 }),
    ]);
  });

  it.each([
    [
      "a penalty type that is neither",
      { "Penalty Type": "Warning" },
      "Penalty Type",
      '"Warning" is not a penalty type (Fine or Payment Denial)',
    ],
    [
      "an amount that is no amount",
      { "Fine Amount": "$12.5.0" },
      "Fine Amount",
      '"$12.5.0" is not an amount of dollars',
    ],
    ["a negative amount", { "Fine Amount": "-650" }, "Fine Amount", '"-650" is not an amount of dollars'],
    [
      "a length that is no whole number",
      { "Payment Denial Length in Days": "2.5" },
      "Payment Denial Length in Days",
      '"2.5" is not a whole number',
    ],
  ])("rejects %s with its line and column", async (_what, change, column, problem) => {
    const path = writeFixture(
      dir,
      "bad-penalties.csv",
      csvOf(PENALTIES["2023-07"], [PENALTY, { ...PENALTY, ...change }]),
    );
    // The Location cells span three lines each.
    expect((await rejection(path, "penalties")).message).toBe(
      `bad-penalties.csv (line 5, column "${column}"): ${problem}`,
    );
  });
});

/** The rows of a real CMS file read without any of the ingest code: cp1252 text, papaparse. */
function independentRows(name: string): string[][] {
  const text = iconv.decode(gunzipSync(readFileSync(realFile(`related/${name}`))), "win1252");
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data.slice(1);
}

describe.skipIf(!hasRealData)("the real penalties files", () => {
  it.each([
    ["NH_Penalties_Jun2021.csv.gz", "2021-06-01", 11_396],
    ["Penalties_Feb2017.csv.gz", "2017-02-01", 6_897],
  ])("reads %s: every penalty, amount and date as the file has it", async (name, processingDate, count) => {
    const release = await read(realFile(`related/${name}`), "penalties");
    expect(release).toMatchObject({ processingDate, rowCount: count });
    const isoDate = (value: string) => {
      if (value === "") return null;
      const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
      return us ? `${us[3]}-${us[1]}-${us[2]}` : value;
    };
    const expected = independentRows(name)
      .map((row) =>
        [
          row[0],
          isoDate(row[6] ?? ""),
          row[7],
          row[8] ? Number((row[8] ?? "").replace("$", "")) : null,
          isoDate(row[9] ?? ""),
          row[10] ? Number(row[10]) : null,
        ].join("|"),
      )
      .sort();
    const actual = rowsOf(release)
      .map((row) =>
        [row.ccn, row.date, row.penaltyType, row.fineAmount, row.denialStartDate, row.denialDays].join("|"),
      )
      .sort();
    expect(actual).toEqual(expected);
  });

  it("keeps the names' cp1252 characters out of the way and counts the 2017 file's repeated fines", async () => {
    const release = await read(realFile("related/Penalties_Feb2017.csv.gz"), "penalties");
    const ranks = release.columns.rank as { values: unknown[]; codes: Int32Array };
    const repeated = Array.from(ranks.codes).filter((code) => (ranks.values[code] as number) > 1).length;
    expect(repeated).toBeGreaterThan(0);
    // The distinct (facility, date) groups times their penalties give every row back.
    expect(release.groups.start.at(-1)).toBe(6_897);
  });
});
