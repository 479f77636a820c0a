// Small CMS-format CSV files the tests write themselves, one per header layout CMS has used.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import iconv from "iconv-lite";

export const LAYOUTS = {
  /** Star Ratings export up to 2020 (ratings only). */
  starRatings2017: [
    "Federal Provider Number",
    "Provider Name",
    "Provider State",
    "Overall Rating",
    "Overall Rating Footnote",
    "Health Inspection Rating",
    "Health Inspection Rating Footnote",
    "QM Rating",
    "QM Rating Footnote",
    "Staffing Rating",
    "Staffing Rating Footnote",
    "RN Staffing Rating",
    "RN Staffing Rating Footnote",
    "Location",
    "Processing Date",
  ],
  /** Star Ratings export from mid 2020, with long-stay and short-stay QM. */
  starRatings2020: [
    "Federal Provider Number",
    "Provider Name",
    "Provider State",
    "Overall Rating",
    "Overall Rating Footnote",
    "Health Inspection Rating",
    "Health Inspection Rating Footnote",
    "QM Rating",
    "QM Rating Footnote",
    "Long-Stay QM Rating",
    "Long-Stay QM Rating Footnote",
    "Short-Stay QM Rating",
    "Short-Stay QM Rating Footnote",
    "Staffing Rating",
    "Staffing Rating Footnote",
    "RN Staffing Rating",
    "RN Staffing Rating Footnote",
    "Processing Date",
    "Location",
  ],
  /** Provider Information 2021 to early 2023. */
  provider2021: [
    "Federal Provider Number",
    "Provider Name",
    "Provider Address",
    "Provider City",
    "Provider State",
    "Provider Zip Code",
    "Provider Phone Number",
    "Provider County Name",
    "Ownership Type",
    "Number of Certified Beds",
    "Average Number of Residents per Day",
    "Overall Rating",
    "Health Inspection Rating",
    "QM Rating",
    "Long-Stay QM Rating",
    "Short-Stay QM Rating",
    "Staffing Rating",
    "Reported RN Staffing Hours per Resident per Day",
    "Rating Cycle 1 Health Deficiency Score",
    "Total Weighted Health Survey Score",
    "Number of Substantiated Complaints",
    "Number of Citations from Infection Control Inspections",
    "Total Amount of Fines in Dollars",
    "Number of Payment Denials",
    "Location",
    "Processing Date",
  ],
  /** Provider Information mid 2023 to 2024: CCN and affiliated entity columns, turnover, coordinates. */
  provider2024: [
    "CMS Certification Number (CCN)",
    "Provider Name",
    "Provider Address",
    "City/Town",
    "State",
    "ZIP Code",
    "Telephone Number",
    "County/Parish",
    "Ownership Type",
    "Number of Certified Beds",
    "Average Number of Residents per Day",
    "Affiliated Entity Name",
    "Affiliated Entity ID",
    "Overall Rating",
    "Health Inspection Rating",
    "QM Rating",
    "Long-Stay QM Rating",
    "Short-Stay QM Rating",
    "Staffing Rating",
    "Reported RN Staffing Hours per Resident per Day",
    "Total nursing staff turnover",
    "Number of administrators who have left the nursing home",
    "Rating Cycle 1 Health Deficiency Score",
    "Total Weighted Health Survey Score",
    "Number of Substantiated Complaints",
    "Number of Citations from Infection Control Inspections",
    "Total Amount of Fines in Dollars",
    "Number of Payment Denials",
    "Location",
    "Latitude",
    "Longitude",
    "Processing Date",
  ],
  /** Provider Information from 2025: chains replace affiliated entities. */
  provider2025: [
    "CMS Certification Number (CCN)",
    "Provider Name",
    "Provider Address",
    "City/Town",
    "State",
    "ZIP Code",
    "Telephone Number",
    "County/Parish",
    "Ownership Type",
    "Number of Certified Beds",
    "Average Number of Residents per Day",
    "Chain Name",
    "Chain ID",
    "Number of Facilities in Chain",
    "Chain Average Overall 5-star Rating",
    "Overall Rating",
    "Health Inspection Rating",
    "QM Rating",
    "Long-Stay QM Rating",
    "Short-Stay QM Rating",
    "Staffing Rating",
    "Reported RN Staffing Hours per Resident per Day",
    "Total nursing staff turnover",
    "Number of administrators who have left the nursing home",
    "Rating Cycle 1 Health Deficiency Score",
    "Total Weighted Health Survey Score",
    "Number of Substantiated Complaints",
    "Number of Citations from Infection Control Inspections",
    "Total Amount of Fines in Dollars",
    "Number of Payment Denials",
    "Latitude",
    "Longitude",
    "Processing Date",
  ],
} as const;

export type LayoutName = keyof typeof LAYOUTS;
export type FixtureRow = Record<string, string | number | null>;

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A CSV in the given layout; columns a row does not name are blank. */
export function csvText(layout: LayoutName, rows: FixtureRow[], lineEnd = "\n"): string {
  const header = LAYOUTS[layout];
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
