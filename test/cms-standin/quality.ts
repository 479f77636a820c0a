// MDS and claims quality measures files for the stand-in CMS, when a test gives it only Provider Information: a few
// measures per facility of the Provider Information CSV, in the header layout CMS used for the month (and the
// abbreviated one of the 2019-2020 archives), so that every archive and current file the stand-in serves has them,
// as CMS's do. The full history (history.ts) takes them from the demo generator instead.

import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { qualityEra, qualityHeader, qualityL1Name } from "../../src/ingest/demo/quality.ts";
import type { FileBody } from "./server.ts";

const CCN_HEADERS = ["cms certification number (ccn)", "federal provider number", "provnum"];
const STATE_HEADERS = ["state", "provider state"];
const DATE_HEADERS = ["processing date", "filedate"];

function bodyText(body: FileBody): string {
  return Buffer.isBuffer(body) ? body.toString("utf8") : readFileSync(body.path, "utf8");
}

function csv(header: readonly string[], rows: Record<string, string | number>[]): string {
  return `${Papa.unparse([header, ...rows.map((row) => header.map((column) => row[column] ?? ""))], { newline: "\n" })}\n`;
}

/** The CSV with the 2019-2020 archives' short headers (the `Location` column dropped). */
export function qualityToL1(text: string): string {
  const [header = [], ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
    skipEmptyLines: true,
  }).data;
  const names = header.map((name) => qualityL1Name(name));
  const keep = (row: string[]) => row.filter((_, index) => names[index] !== null);
  return `${Papa.unparse([names.filter((name) => name !== null) as string[], ...rows.map(keep)], { newline: "\n" })}\n`;
}

export interface QualityCsvs {
  mds: string;
  claims: string;
}

/** Two MDS and two claims measures for every facility of the Provider Information CSV. */
export function qualityCsvsFor(
  providerCsv: string | FileBody,
  options: { l1?: boolean; fallbackDate: string },
): QualityCsvs {
  const text = typeof providerCsv === "string" ? providerCsv : bodyText(providerCsv);
  const [header = [], ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
    skipEmptyLines: true,
  }).data;
  const index = (names: string[]) => header.findIndex((cell) => names.includes(cell.trim().toLowerCase()));
  const [ccnAt, stateAt, dateAt] = [CCN_HEADERS, STATE_HEADERS, DATE_HEADERS].map(index);
  const first = rows[0]?.[dateAt ?? -1] ?? "";
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(first);
  const inFile = us ? `${us[3]}-${us[1]?.padStart(2, "0")}-${us[2]?.padStart(2, "0")}` : first;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(inFile) ? inFile : options.fallbackDate;
  const year = Number(date.slice(0, 4));
  const quarter = Math.floor((Number(date.slice(5, 7)) - 1) / 3);
  const last = year * 4 + quarter - 2;
  const name = (q: number) => `${Math.floor(q / 4)}Q${(q % 4) + 1}`;
  const era = qualityEra(date);
  const mds: Record<string, string | number>[] = [];
  const claims: Record<string, string | number>[] = [];
  rows.forEach((row, at) => {
    const ccn = row[ccnAt ?? 0] ?? "";
    const common = {
      "Federal Provider Number": ccn,
      "CMS Certification Number (CCN)": ccn,
      "Provider State": row[stateAt ?? -1] ?? "",
      State: row[stateAt ?? -1] ?? "",
      "Processing Date": date,
    };
    for (const [code, description, type, base] of [
      [
        "410",
        "Percentage of long-stay residents experiencing one or more falls with major injury",
        "Long Stay",
        3,
      ],
      [
        "434",
        "Percentage of short-stay residents who newly received an antipsychotic medication",
        "Short Stay",
        1.5,
      ],
    ] as const) {
      const small = at % 7 === 0 && type === "Short Stay";
      const scores = [0, 1, 2, 3].map((q) => (small ? "" : (base + ((at + q + last) % 5) * 0.25).toFixed(6)));
      mds.push({
        ...common,
        "Measure Code": code,
        "Measure Description": description,
        "Resident type": type,
        ...Object.fromEntries(
          scores.flatMap((score, q) => [
            [`Q${q + 1} Measure Score`, score],
            [`Footnote for Q${q + 1} Measure Score`, small ? "9" : ""],
          ]),
        ),
        "Four Quarter Average Score": small ? "" : (base + 0.375).toFixed(6),
        "Footnote for Four Quarter Average Score": small ? "9" : "",
        "Used in Quality Measure Five Star Rating": "Y",
        "Measure Period": `${name(last - 3)}-${name(last)}`,
      });
    }
    for (const [code, description, type, base] of [
      [
        "521",
        "Percentage of short-stay residents who were re-hospitalized after a nursing home admission",
        "Short Stay",
        23,
      ],
      ["551", "Number of hospitalizations per 1000 long-stay resident days", "Long Stay", 1.8],
    ] as const) {
      claims.push({
        ...common,
        "Measure Code": code,
        "Measure Description": description,
        "Resident type": type,
        "Adjusted Score": (base + (at % 3) * 0.5).toFixed(6),
        "Observed Score": (base + (at % 4) * 0.5).toFixed(6),
        "Expected Score": base.toFixed(6),
        "Used in Quality Measure Five Star Rating": "Y",
        "Measure Period": `${year - 1}0101-${year - 1}1231`,
      });
    }
  });
  const made = {
    mds: csv(qualityHeader("mds", era), mds),
    claims: csv(qualityHeader("claims", era), claims),
  };
  return options.l1 ? { mds: qualityToL1(made.mds), claims: qualityToL1(made.claims) } : made;
}
