import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { csvText, LAYOUTS, providerRow, tempDir, writeFixture } from "../../test/csv-fixtures.ts";
import { IngestError } from "./errors.ts";
import { STAFFING_FIELDS } from "./layout.ts";
import { parseCcn, parseDate, parseRelease } from "./parse-release.ts";
import { decodeCsvText, readCsvSource } from "./source.ts";
import { recoverSpreadsheetCcn, stateFromLocation } from "./spreadsheet-ccn.ts";

async function parseFile(path: string) {
  const source = await readCsvSource(path);
  return parseRelease(source.name, source.bytes, decodeCsvText(source.bytes));
}

async function parseError(path: string): Promise<IngestError> {
  try {
    await parseFile(path);
  } catch (error) {
    if (error instanceof IngestError) return error;
    throw error;
  }
  throw new Error("expected the file to be rejected");
}

const dir = tempDir();

describe("header layouts", () => {
  it("reads a 2017 Star Ratings export as ratings only, with MM/DD/YYYY dates and quoted newlines", async () => {
    const path = writeFixture(
      dir,
      "star2017.csv",
      csvText("starRatings2017", [
        {
          "Federal Provider Number": "015019",
          "Provider Name": "MERRY WOOD LODGE",
          "Provider State": "AL",
          "Overall Rating": 4,
          "Health Inspection Rating": 3,
          "QM Rating": 2,
          "Staffing Rating": 4,
          Location: "130 ELMORE\nAL 36025\n",
          "Processing Date": "02/01/2017",
        },
      ]),
    );
    const release = await parseFile(path);
    expect(release.kind).toBe("ratings");
    expect(release.processingDate).toBe("2017-02-01");
    expect(release.fields.ccn).toEqual(["015019"]);
    expect(release.fields.overallRating).toEqual([4]);
    expect(release.fields.longStayQmRating).toBeUndefined();
  });

  it("reads the 2020 Star Ratings layout with long-stay and short-stay QM", async () => {
    const path = writeFixture(
      dir,
      "star2020.csv",
      csvText("starRatings2020", [
        {
          "Federal Provider Number": "015009",
          "Provider Name": "BURNS",
          "Provider State": "AL",
          "Overall Rating": 5,
          "Long-Stay QM Rating": 5,
          "Short-Stay QM Rating": 4,
          "Processing Date": "07/01/2020",
        },
      ]),
    );
    const release = await parseFile(path);
    expect(release.kind).toBe("ratings");
    expect(release.fields.longStayQmRating).toEqual([5]);
    expect(release.fields.shortStayQmRating).toEqual([4]);
  });

  it("reads a 2021 Provider Information file (Federal Provider Number, Provider City)", async () => {
    const path = writeFixture(
      dir,
      "provider2021.csv",
      csvText("provider2021", [providerRow("015009", { "Processing Date": "2021-08-01" })]),
    );
    const release = await parseFile(path);
    expect(release.kind).toBe("provider");
    expect(release.fields.city).toEqual(["SPRINGFIELD"]);
    expect(release.fields.state).toEqual(["AL"]);
    expect(release.fields.affiliatedEntityName).toBeUndefined();
  });

  it("reads the 2024 layout with affiliated entity, turnover and coordinates", async () => {
    const row = providerRow("01A193", {
      "Affiliated Entity Name": "ACME CARE",
      "Affiliated Entity ID": "123",
      "Total nursing staff turnover": "41.9",
      Latitude: "34.5149",
      Longitude: "-87.736",
    });
    const release = await parseFile(writeFixture(dir, "provider2024.csv", csvText("provider2024", [row])));
    expect(release.kind).toBe("provider");
    expect(release.fields.ccn).toEqual(["01A193"]);
    expect(release.fields.affiliatedEntityName).toEqual(["ACME CARE"]);
    expect(release.fields.totalNursingStaffTurnover).toEqual([41.9]);
    expect(release.fields.latitude).toEqual([34.5149]);
  });

  it("reads the 2025+ layout where Chain Name / Chain ID are the affiliated entity", async () => {
    const row = providerRow("015009", { "Chain Name": "BIG CHAIN", "Chain ID": "77" });
    const release = await parseFile(writeFixture(dir, "provider2025.csv", csvText("provider2025", [row])));
    expect(release.fields.affiliatedEntityName).toEqual(["BIG CHAIN"]);
    expect(release.fields.affiliatedEntityId).toEqual(["77"]);
  });
});

describe("the Abuse Icon", () => {
  it("is read as a flag under its names of 2019 (ABUSE, ABUSE_ICON) and since, and a value not Y or N rejects the file", async () => {
    const rows = [providerRow("015001", { "Abuse Icon": "Y" }), providerRow("015002", { "Abuse Icon": "N" })];
    const full = await parseFile(writeFixture(dir, "abuse.csv", csvText("provider2024", rows)));
    expect(full.fields.abuseIcon).toEqual(["t", "f"]);
    for (const name of ["ABUSE_ICON", "ABUSE"]) {
      const text = csvText("provider2024", rows)
        .replace('"Abuse Icon"', name)
        .replace(",Abuse Icon,", `,${name},`);
      const l1 = await parseFile(writeFixture(dir, `abuse-${name}.csv`, text));
      expect(l1.fields.abuseIcon, name).toEqual(["t", "f"]);
    }
    const bad = writeFixture(
      dir,
      "abuse-bad.csv",
      csvText("provider2024", [providerRow("015001", { "Abuse Icon": "X" })]),
    );
    expect((await parseError(bad)).message).toBe(
      'abuse-bad.csv (line 2, column "Abuse Icon"): "X" is not Y or N',
    );
  });
});

describe("CMS quirks", () => {
  it("decodes cp1252 so that a curly apostrophe survives", async () => {
    const row = providerRow("015009", { "Provider Name": "ST. MARY’S HOME" });
    const path = writeFixture(dir, "cp1252.csv", csvText("provider2024", [row], "\r\n"), {
      encoding: "cp1252",
    });
    expect((await parseFile(path)).fields.providerName).toEqual(["ST. MARY’S HOME"]);
  });

  it("reads UTF-8 with a byte-order mark, and gzipped files", async () => {
    const text = `\uFEFF${csvText("provider2024", [providerRow("015009", { "Provider Name": "CAFÉ CARE" })])}`;
    const path = writeFixture(dir, "bom.csv.gz", text, { gzip: true });
    const release = await parseFile(path);
    expect(release.fields.providerName).toEqual(["CAFÉ CARE"]);
    expect(release.fields.ccn).toEqual(["015009"]);
  });

  it("treats blank, '.' and 0 ratings as missing and keeps other numbers", async () => {
    const rows = [
      providerRow("015001", { "Overall Rating": "", "Rating Cycle 1 Health Deficiency Score": "." }),
      providerRow("015002", { "Overall Rating": "0", "Total Amount of Fines in Dollars": "$6,600" }),
    ];
    const release = await parseFile(writeFixture(dir, "missing.csv", csvText("provider2024", rows)));
    expect(release.fields.overallRating).toEqual([null, null]);
    expect(release.fields.healthDeficiencyScore).toEqual([null, 20]);
    expect(release.fields.finesTotalDollars).toEqual([null, 6600]);
  });

  it("pads numeric CCNs that lost their leading zeros and accepts US dates without padding", async () => {
    const rows = [providerRow("15009", { "Processing Date": "4/1/2023" })];
    const release = await parseFile(writeFixture(dir, "padded.csv", csvText("provider2024", rows)));
    expect(release.fields.ccn).toEqual(["015009"]);
    expect(release.processingDate).toBe("2023-04-01");
  });

  it("recovers CCNs a spreadsheet turned into scientific notation", () => {
    expect(recoverSpreadsheetCcn("1.40E+96", null)).toBe("14E095");
    expect(recoverSpreadsheetCcn("4.00E+90", "AR")).toBe("04E090");
    expect(recoverSpreadsheetCcn("1.00E+17", "FL")).toBe("10E016");
    expect(recoverSpreadsheetCcn("1.00E+17", "AL")).toBe("01E017");
    expect(() => recoverSpreadsheetCcn("1.00E+17", null)).toThrow(/cannot be recovered/);
    expect(stateFromLocation("701 MONROE STREET NW,RUSSELLVILLE,AL,35653")).toBe("AL");
    expect(stateFromLocation("260 WEST WALNUT STREET SYLACAUGA, AL 35150 (33.16, -86.25)")).toBe("AL");
  });

  it("parses dates and CCNs strictly", () => {
    expect(parseDate("2021-08-01")).toBe("2021-08-01");
    expect(parseDate("02/01/2017")).toBe("2017-02-01");
    expect(() => parseDate("2021-02-30")).toThrow(/not a valid date/);
    expect(() => parseDate("Aug 2021")).toThrow(/not a date/);
    expect(parseCcn(" 01a193 ")).toBe("01A193");
    expect(() => parseCcn("0150091")).toThrow(/not a CMS Certification Number/);
  });
});

describe("a release read for its snapshot alone", () => {
  it("keeps the CCNs, ratings, staffing and special focus status only, and still rejects a bad value in a column it drops", async () => {
    const read = async (name: string, rows: ReturnType<typeof providerRow>[]) => {
      const source = await readCsvSource(writeFixture(dir, name, csvText("provider2024", rows)));
      return parseRelease(source.name, source.bytes, decodeCsvText(source.bytes), undefined, {
        keep: "snapshot",
      });
    };
    const release = await read("snapshot.csv", [
      providerRow("015001", { "Reported Total Nurse Staffing Hours per Resident per Day": 4.04877 }),
      providerRow("015002", { "Total nursing staff turnover footnote": "6" }),
    ]);
    expect(release).toMatchObject({ kind: "provider", processingDate: "2024-06-01", rowCount: 2 });
    expect(release.fields).toEqual({});
    // The 2024 layout has every staffing column but the case-mix index and the case-mix weekend hours (2025).
    const staffing = STAFFING_FIELDS.filter(
      (field) =>
        !["nursingCaseMixIndex", "nursingCaseMixIndexRatio", "caseMixWeekendTotalNurseHours"].includes(field),
    );
    expect(Object.keys(release.snapshotArrays ?? {}).sort()).toEqual(
      [
        "ccn",
        "healthInspectionRating",
        "longStayQmRating",
        "overallRating",
        "qmRating",
        "shortStayQmRating",
        "staffingRating",
        ...staffing,
        // The special focus status, kept per release (migration 0030).
        "specialFocus",
      ].sort(),
    );
    expect(release.snapshotArrays?.ccn).toBe("{015001,015002}");
    expect(release.snapshotArrays?.overallRating).toBe("{3,3}");
    expect(release.snapshotArrays?.totalNurseHours).toBe("{4.04877,NULL}");
    expect(release.snapshotArrays?.totalNursingStaffTurnoverFootnote).toBe("{NULL,6}");
    await expect(
      read("snapshot-bad.csv", [
        providerRow("015001"),
        providerRow("015002", { "Number of Certified Beds": "many" }),
      ]),
    ).rejects.toThrow(/line 3, column "Number of Certified Beds"\): "many" is not a number/);
  });
});

describe("rejected files name the file, line and problem", () => {
  it("rejects a truncated last row with its line number", async () => {
    const text = csvText("provider2024", [providerRow("015001"), providerRow("015002")]);
    const cut = text.slice(0, text.lastIndexOf(",", text.length - 40));
    const error = await parseError(writeFixture(dir, "truncated.csv", cut));
    expect(error.file).toBe("truncated.csv");
    expect(error.line).toBe(3);
    expect(error.message).toMatch(
      new RegExp(
        `truncated\\.csv \\(line 3\\): expected ${LAYOUTS.provider2024.length} fields but found \\d+ \\(truncated row\\)`,
      ),
    );
  });

  it("counts lines through quoted newlines", async () => {
    const rows = [
      {
        "Federal Provider Number": "015001",
        "Overall Rating": 3,
        Location: "A\nB\nC",
        "Processing Date": "02/01/2017",
      },
      {
        "Federal Provider Number": "015002",
        "Overall Rating": 9,
        Location: "D",
        "Processing Date": "02/01/2017",
      },
    ];
    const error = await parseError(writeFixture(dir, "badrating.csv", csvText("starRatings2017", rows)));
    expect(error.line).toBe(5);
    expect(error.column).toBe("Overall Rating");
    expect(error.message).toContain('"9" is not a rating 1-5');
  });

  it("rejects a file without a CCN or processing date column", async () => {
    const noCcn = writeFixture(
      dir,
      "noccn.csv",
      "Provider Name,Overall Rating,Processing Date\nX,3,2021-08-01\n",
    );
    expect((await parseError(noCcn)).message).toMatch(
      /missing required column "CMS Certification Number \(CCN\)"/,
    );
    const noDate = writeFixture(dir, "nodate.csv", "Federal Provider Number,Overall Rating\n015009,3\n");
    expect((await parseError(noDate)).message).toMatch(/missing required column "Processing Date"/);
  });

  it("rejects mixed processing dates, duplicate CCNs, a blank provider name, an unterminated quote and an empty file", async () => {
    const mixed = csvText("provider2024", [
      providerRow("015001"),
      providerRow("015002", { "Processing Date": "2024-07-01" }),
    ]);
    expect((await parseError(writeFixture(dir, "mixed.csv", mixed))).message).toMatch(/line 3.*differs/);
    const duplicate = csvText("provider2024", [providerRow("015001"), providerRow("015001")]);
    expect((await parseError(writeFixture(dir, "dup.csv", duplicate))).message).toMatch(
      /line 3.*duplicate CCN 015001 \(first on line 2\)/,
    );
    const unnamed = csvText("provider2024", [
      providerRow("015001"),
      providerRow("015002", { "Provider Name": "" }),
    ]);
    expect((await parseError(writeFixture(dir, "unnamed.csv", unnamed))).message).toMatch(
      /unnamed\.csv \(line 3, column "Provider Name"\): Provider Name is blank/,
    );
    const unterminated = `${csvText("provider2024", [providerRow("015001")])}"015002,"BROKEN\n`;
    expect((await parseError(writeFixture(dir, "quote.csv", unterminated))).message).toMatch(/malformed CSV/);
    expect((await parseError(writeFixture(dir, "empty.csv", ""))).message).toMatch(/empty/);
  });

  it("rejects unreadable archives", async () => {
    const zip = join(dir, "broken.zip");
    writeFileSync(zip, Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]));
    expect((await parseError(zip)).message).toMatch(/broken\.zip: unreadable zip archive/);
    const gz = writeFixture(dir, "cut.csv.gz", csvText("provider2024", [providerRow("015001")]), {
      gzip: true,
    });
    const { readFileSync } = await import("node:fs");
    writeFileSync(gz, readFileSync(gz).subarray(0, 40));
    expect((await parseError(gz)).message).toMatch(/cut\.csv\.gz: unreadable gzip data/);
  });
});
