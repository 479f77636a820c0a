// The demo's health citations and penalties: consistent with the facilities' health inspection ratings, and, once
// loaded, the union of the releases and the derived figures of the last three years equal to what this test
// computes from the files on its own (papaparse, no ingest code).
import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import type { Db } from "../db/client.ts";
import { type DemoFile, writeDemoFiles } from "./demo-data.ts";
import { ingestFiles } from "./ingest.ts";

type Row = Record<string, string>;

function records(path: string): Row[] {
  return Papa.parse<Row>(readFileSync(path, "utf8"), { header: true, skipEmptyLines: true }).data;
}

const CCN = "CMS Certification Number (CCN)";
const ABUSE = "Freedom from Abuse, Neglect, and Exploitation Deficiencies";

/** The union of the files' groups, each as the newest file that lists it has it. */
function union(files: DemoFile[], key: (row: Row) => string): Row[] {
  const groups = new Map<string, { date: string; rows: Row[] }>();
  for (const file of files) {
    const byGroup = new Map<string, Row[]>();
    for (const row of records(file.path)) {
      const rows = byGroup.get(key(row)) ?? [];
      rows.push(row);
      byGroup.set(key(row), rows);
    }
    for (const [group, rows] of byGroup) {
      const kept = groups.get(group);
      if (!kept || kept.date <= file.processingDate) groups.set(group, { date: file.processingDate, rows });
    }
  }
  return [...groups.values()].flatMap((group) => group.rows);
}

/** The date three years before an ISO date. */
const threeYearsBefore = (date: string) => `${Number(date.slice(0, 4)) - 3}${date.slice(4)}`;

/** Rows by their first column, the CCN in every layout (Federal Provider Number before mid 2023). */
function byCcn(path: string): { header: string[]; rows: Map<string, Row[]> } {
  const parsed = Papa.parse<Row>(readFileSync(path, "utf8"), { header: true, skipEmptyLines: true });
  const header = parsed.meta.fields ?? [];
  const rows = new Map<string, Row[]>();
  for (const row of parsed.data) {
    const ccn = row[header[0] ?? ""] ?? "";
    rows.set(ccn, [...(rows.get(ccn) ?? []), row]);
  }
  return { header, rows };
}

describe("demo Provider Information and penalties files of a release", () => {
  let files: DemoFile[];
  beforeAll(async () => {
    // Three years to June 2025: the 2021, 2023 and 2025 Provider Information layouts, both penalties layouts.
    files = await writeDemoFiles(tempDir(), {
      facilities: 300,
      months: 36,
      endMonth: "2025-06",
      inspections: "monthly",
    });
  }, 120_000);

  it("agree as CMS's do: the number and dollars of fines and the payment denials are the penalties file's", () => {
    const releases = files.filter((file) => file.table === "provider");
    expect(new Set(releases.map((file) => file.processingDate.slice(0, 4)))).toEqual(
      new Set(["2022", "2023", "2024", "2025"]),
    );
    let fined = 0;
    let reduced = 0;
    for (const release of releases) {
      const penaltiesFile = files.find(
        (file) => file.table === "penalties" && file.processingDate === release.processingDate,
      ) as DemoFile;
      const provider = byCcn(release.path);
      const penalties = byCcn(penaltiesFile.path).rows;
      // Every facility the penalties file names is one of the release's.
      expect([...penalties.keys()].filter((ccn) => !provider.rows.has(ccn))).toEqual([]);
      for (const [ccn, [row]] of provider.rows) {
        const own = penalties.get(ccn) ?? [];
        const fines = own.filter((penalty) => penalty["Penalty Type"] === "Fine");
        const denials = own.filter((penalty) => penalty["Penalty Type"] === "Payment Denial");
        const dollars = fines.reduce((sum, penalty) => sum + Number(penalty["Fine Amount"]), 0);
        expect(
          {
            ccn,
            date: release.processingDate,
            fines: Number(row?.["Number of Fines"]),
            dollars: Number(row?.["Total Amount of Fines in Dollars"]),
            denials: Number(row?.["Number of Payment Denials"]),
            penalties: Number(row?.["Total Number of Penalties"]),
          },
          `${ccn} in ${release.processingDate}`,
        ).toEqual({
          ccn,
          date: release.processingDate,
          fines: fines.length,
          dollars,
          denials: denials.length,
          penalties: own.length,
        });
        if (fines.length > 0) fined += 1;
      }
      // A fine lowered after its date (the home waived its appeal) is counted at its amount of that release.
      const previous = files
        .filter((file) => file.table === "penalties" && file.processingDate < release.processingDate)
        .at(-1);
      if (previous) {
        const before = byCcn(previous.path).rows;
        for (const [ccn, own] of penalties) {
          for (const penalty of own) {
            const then = before
              .get(ccn)
              ?.find(
                (old) => old["Penalty Date"] === penalty["Penalty Date"] && old["Penalty Type"] === "Fine",
              );
            if (then && penalty["Penalty Type"] === "Fine" && then["Fine Amount"] !== penalty["Fine Amount"])
              reduced += 1;
          }
        }
      }
    }
    // The test reads releases with fines, some of them reduced between two releases.
    expect(fined).toBeGreaterThan(releases.length * 20);
    expect(reduced).toBeGreaterThan(0);
  });
});

describe("demo health citations and penalties", () => {
  let files: DemoFile[];
  beforeAll(async () => {
    files = await writeDemoFiles(tempDir(), { facilities: 600, months: 14, inspections: "monthly" });
  });

  it("writes every month's three files, in the layout of its date", () => {
    expect(files.filter((file) => file.table === "citations")).toHaveLength(14);
    expect(files.filter((file) => file.table === "penalties")).toHaveLength(14);
    const newest = files.filter((file) => file.table === "citations").at(-1) as DemoFile;
    const [header] = Papa.parse<string[]>(readFileSync(newest.path, "utf8"), { preview: 1 }).data;
    expect(header?.slice(0, 2)).toEqual([CCN, "Provider Name"]);
    expect(header).toContain("Citation under IDR");
  });

  it("gives homes rated low for health inspection more and more severe citations, and more fines", () => {
    const date = files.at(-1)?.processingDate as string;
    const provider = records(
      files.find((file) => file.table === "provider" && file.processingDate === date)?.path ?? "",
    );
    const stars = new Map(provider.map((row) => [row[CCN] ?? "", Number(row["Health Inspection Rating"])]));
    const citations = records(
      files.find((file) => file.table === "citations" && file.processingDate === date)?.path ?? "",
    );
    const penalties = records(
      files.find((file) => file.table === "penalties" && file.processingDate === date)?.path ?? "",
    );
    const byStars = (low: boolean) => {
      const homes = [...stars].filter(([, rating]) => (low ? rating <= 2 : rating >= 4)).map(([ccn]) => ccn);
      const set = new Set(homes);
      const cited = citations.filter((row) => set.has(row[CCN] ?? ""));
      return {
        citations: cited.length / homes.length,
        harm: cited.filter((row) => (row["Scope Severity Code"] ?? "") >= "G").length / homes.length,
        fines:
          penalties.filter((row) => set.has(row[CCN] ?? "") && row["Penalty Type"] === "Fine").length /
          homes.length,
      };
    };
    const low = byStars(true);
    const high = byStars(false);
    expect(low.citations).toBeGreaterThan(high.citations * 1.5);
    expect(low.harm).toBeGreaterThan(high.harm * 2);
    expect(low.fines).toBeGreaterThan(high.fines * 2);
  });

  it("has every kind of inspection: standard, complaint, both, and focused infection control ones", () => {
    const newest = files.filter((file) => file.table === "citations").at(-1) as DemoFile;
    const kinds = new Map<string, Set<string>>();
    for (const row of records(newest.path)) {
      const survey = `${row[CCN]}|${row["Survey Date"]}|${row["Survey Type"]}`;
      const set = kinds.get(survey) ?? new Set<string>();
      if (row["Standard Deficiency"] === "Y") set.add("standard");
      if (row["Complaint Deficiency"] === "Y") set.add("complaint");
      if (row["Infection Control Inspection Deficiency"] === "Y") set.add("infectionControl");
      kinds.set(survey, set);
    }
    const counts = new Map<string, number>();
    for (const set of kinds.values()) {
      const key = [...set].sort().join("+");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const share = (key: string) => (counts.get(key) ?? 0) / kinds.size;
    expect(share("standard")).toBeGreaterThan(0.2);
    expect(share("complaint")).toBeGreaterThan(0.1);
    expect(share("complaint+standard")).toBeGreaterThan(0.02);
    expect(share("infectionControl")).toBeGreaterThan(0.02);
    expect(share("complaint+infectionControl")).toBeGreaterThan(0);
    // Every citation was found on some kind of inspection.
    expect(counts.get("") ?? 0).toBe(0);
  });

  it("writes every month's fire safety citations: K and E tags of fire safety surveys beside the standard surveys", () => {
    const fire = files.filter((file) => file.table === "fire");
    expect(fire).toHaveLength(14);
    const newest = fire.at(-1) as DemoFile;
    const rows = records(newest.path);
    expect(Object.keys(rows[0] ?? {})).toContain("Tag Version");
    expect(new Set(rows.map((row) => row["Survey Type"]))).toEqual(new Set(["Fire Safety"]));
    const prefixes = new Set(rows.map((row) => row["Deficiency Prefix"]));
    expect(prefixes).toEqual(new Set(["K", "E"]));
    // Most homes have fire safety citations, each survey on (or a few days after) a standard health survey.
    const homes = new Set(rows.map((row) => row[CCN]));
    expect(homes.size).toBeGreaterThan(600 * 0.5);
    const health = records(
      files.find((file) => file.table === "citations" && file.processingDate === newest.processingDate)
        ?.path ?? "",
    );
    const standardDays = new Map<string, number[]>();
    for (const row of health.filter((row) => row["Standard Deficiency"] === "Y")) {
      const days = standardDays.get(row[CCN] ?? "") ?? [];
      days.push(Date.parse(row["Survey Date"] ?? ""));
      standardDays.set(row[CCN] ?? "", days);
    }
    const near = rows.filter((row) =>
      (standardDays.get(row[CCN] ?? "") ?? []).some((day) => {
        const after = (Date.parse(row["Survey Date"] ?? "") - day) / 86_400_000;
        return after >= 0 && after <= 10;
      }),
    );
    expect(near.length / rows.length).toBeGreaterThan(0.8);
  });

  it("changes between releases as CMS's do: corrections come, the cycles move on", () => {
    const [older, newer] = files.filter((file) => file.table === "citations").slice(-2) as [
      DemoFile,
      DemoFile,
    ];
    const corrected = (file: DemoFile) =>
      new Map(
        records(file.path).map((row) => [
          `${row[CCN]}|${row["Survey Date"]}|${row["Deficiency Tag Number"]}`,
          row["Correction Date"],
        ]),
      );
    const before = corrected(older);
    const after = corrected(newer);
    const filledIn = [...after].filter(([key, date]) => date !== "" && before.get(key) === "").length;
    expect(filledIn).toBeGreaterThan(0);
  });
});

describe.each(engines)("demo inspection records loaded on $name", (engine) => {
  let db: Db;
  let files: DemoFile[];
  beforeAll(async () => {
    db = await openTestDb(engine);
    files = await writeDemoFiles(tempDir(), { facilities: 300, months: 30, inspections: "yearly" });
    const results = await ingestFiles(
      db,
      files.map((file) => file.path),
      { source: "demo" },
    );
    expect(results.filter((result) => result.status !== "loaded")).toEqual([]);
  }, 300_000);
  afterAll(async () => {
    await db?.close();
  });

  it("keeps the union of the releases' citations and penalties, each once", async () => {
    const citations = union(
      files.filter((file) => file.table === "citations"),
      (row) => `${row[CCN]}|${row["Survey Date"]}|${row["Survey Type"]}`,
    );
    const [stored] = await db.query<{ n: number }>("SELECT count(*)::integer AS n FROM citation");
    expect(stored?.n).toBe(citations.length);
    const penalties = union(
      files.filter((file) => file.table === "penalties"),
      (row) => `${row[CCN]}|${row["Penalty Date"]}`,
    );
    const [fines] = await db.query<{ n: number; dollars: number }>(
      "SELECT count(*)::integer AS n, coalesce(sum(fine_amount), 0)::float8 AS dollars FROM penalty",
    );
    expect(fines).toEqual({
      n: penalties.length,
      dollars: penalties.reduce((sum, row) => sum + Number(row["Fine Amount"] || 0), 0),
    });
    // Fire safety citations likewise, in their own table.
    const fire = union(
      files.filter((file) => file.table === "fire"),
      (row) => `${row[CCN]}|${row["Survey Date"]}|${row["Survey Type"]}`,
    );
    const [storedFire] = await db.query<{ n: number; k: number }>(
      "SELECT count(*)::integer AS n, count(*) FILTER (WHERE prefix = 'K')::integer AS k FROM fire_citation",
    );
    expect(storedFire).toEqual({
      n: fire.length,
      k: fire.filter((row) => row["Deficiency Prefix"] === "K").length,
    });
    expect(fire.length).toBeGreaterThan(300);
    // The union reaches further back than any one file.
    const oldest = citations.map((row) => row["Survey Date"] ?? "").sort()[0] ?? "";
    expect(oldest < threeYearsBefore(files.at(-1)?.processingDate ?? "")).toBe(true);
  });

  it("derives each facility's last three years as an independent count of the files does", async () => {
    const end = files.at(-1)?.processingDate as string;
    const start = threeYearsBefore(end);
    const inWindow = (date: string | undefined) => (date ?? "") >= start && (date ?? "") <= end;
    const citations = union(
      files.filter((file) => file.table === "citations"),
      (row) => `${row[CCN]}|${row["Survey Date"]}|${row["Survey Type"]}`,
    ).filter((row) => inWindow(row["Survey Date"]));
    const penalties = union(
      files.filter((file) => file.table === "penalties"),
      (row) => `${row[CCN]}|${row["Penalty Date"]}`,
    ).filter((row) => inWindow(row["Penalty Date"]));
    const current = records(
      files.find((file) => file.table === "provider" && file.processingDate === end)?.path ?? "",
    );
    const expected = current
      .map((facility) => {
        const ccn = facility[CCN] ?? "";
        const own = citations.filter((row) => row[CCN] === ccn);
        const level = (from: string, to: string) =>
          own.filter(
            (row) => (row["Scope Severity Code"] ?? "") >= from && (row["Scope Severity Code"] ?? "") <= to,
          ).length;
        const abuse = own.filter((row) => row["Deficiency Category"] === ABUSE).length;
        const fines = penalties.filter((row) => row[CCN] === ccn && row["Penalty Type"] === "Fine");
        const denials = penalties.filter(
          (row) => row[CCN] === ccn && row["Penalty Type"] === "Payment Denial",
        );
        const icon = facility["Abuse Icon"] === "Y";
        return {
          ccn,
          window_start: start,
          window_end: end,
          ac: level("A", "C"),
          df: level("D", "F"),
          gi: level("G", "I"),
          jl: level("J", "L"),
          most_severe:
            own
              .map((row) => row["Scope Severity Code"] ?? "")
              .sort()
              .at(-1) ?? null,
          abuse,
          abuse_icon: icon,
          is_abuse: icon || abuse > 0,
          fines: fines.length,
          fine_dollars: fines.reduce((sum, row) => sum + Number(row["Fine Amount"]), 0),
          payment_denials: denials.length,
          denial_days: denials.reduce((sum, row) => sum + Number(row["Payment Denial Length in Days"]), 0),
        };
      })
      .sort((a, b) => (a.ccn < b.ccn ? -1 : 1));
    const derived = await db.query(
      `SELECT ccn, window_start, window_end, citations_minimal_harm AS ac, citations_potential_harm AS df,
         citations_actual_harm AS gi, citations_immediate_jeopardy AS jl, most_severe, abuse_citations AS abuse,
         abuse_icon, is_abuse, fines, fine_dollars::float8 AS fine_dollars, payment_denials, denial_days
       FROM facility_inspection ORDER BY ccn`,
    );
    expect(derived).toEqual(expected);
    // Not all zeros: the test has something to compare.
    expect(expected.filter((row) => row.gi + row.jl > 0).length).toBeGreaterThan(10);
    expect(expected.filter((row) => row.abuse > 0).length).toBeGreaterThan(5);
  });
});
