// Small CMS-format CSV files the tests write themselves, one per header layout CMS has used.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import iconv from "iconv-lite";
import {
  PROVIDER_INFO_2021,
  PROVIDER_INFO_2023,
  PROVIDER_INFO_2025,
  STAR_RATINGS_2017,
  STAR_RATINGS_2020,
} from "../src/ingest/demo/cms-layouts.ts";

/** The CMS header layouts, whole and in file order; a fixture row leaves blank the columns it does not name. */
export const LAYOUTS = {
  /** Star Ratings export up to 2020 (ratings only). */
  starRatings2017: STAR_RATINGS_2017,
  /** Star Ratings export from mid 2020, with long-stay and short-stay QM. */
  starRatings2020: STAR_RATINGS_2020,
  /** Provider Information 2021 to early 2023. */
  provider2021: PROVIDER_INFO_2021,
  /** Provider Information mid 2023 to 2024: CCN and affiliated entity columns, turnover, coordinates. */
  provider2024: PROVIDER_INFO_2023,
  /** Provider Information from 2025: chains replace affiliated entities. */
  provider2025: PROVIDER_INFO_2025,
} as const;

export type LayoutName = keyof typeof LAYOUTS;
export type FixtureRow = Record<string, string | number | null>;

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A CSV in the given layout; columns a row does not name are blank. */
export function csvText(layout: LayoutName, rows: FixtureRow[], lineEnd = "\n"): string {
  return csvOf(LAYOUTS[layout], rows, lineEnd);
}

/** A CSV with the given header; columns a row does not name are blank. */
export function csvOf(header: readonly string[], rows: FixtureRow[], lineEnd = "\n"): string {
  const lines = [header.map(quote).join(",")];
  for (const row of rows) lines.push(header.map((column) => quote(String(row[column] ?? ""))).join(","));
  return lines.join(lineEnd) + lineEnd;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "cms-test-"));
}

export function writeFixture(
  dir: string,
  name: string,
  text: string,
  options: { encoding?: "utf8" | "cp1252"; gzip?: boolean } = {},
): string {
  let bytes: Buffer =
    options.encoding === "cp1252" ? iconv.encode(text, "win1252") : Buffer.from(text, "utf8");
  if (options.gzip) bytes = gzipSync(bytes);
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** A provider row with sensible values for the newer layouts (column names of provider2024/provider2025). */
export function providerRow(ccn: string, overrides: FixtureRow = {}): FixtureRow {
  return {
    "CMS Certification Number (CCN)": ccn,
    "Federal Provider Number": ccn,
    "Provider Name": `FACILITY ${ccn}`,
    "Provider Address": "1 MAIN ST",
    "City/Town": "SPRINGFIELD",
    "Provider City": "SPRINGFIELD",
    State: "AL",
    "Provider State": "AL",
    "ZIP Code": "35000",
    "Number of Certified Beds": 100,
    "Average Number of Residents per Day": 80.4,
    "Overall Rating": 3,
    "Health Inspection Rating": 3,
    "QM Rating": 3,
    "Long-Stay QM Rating": 3,
    "Short-Stay QM Rating": 3,
    "Staffing Rating": 3,
    "Rating Cycle 1 Health Deficiency Score": 20,
    "Processing Date": "2024-06-01",
    ...overrides,
  };
}
