// Ownership files for the stand-in CMS, when a test gives it only Provider Information: a few owners and managers
// per facility of the Provider Information CSV (a direct owner of its own, a parent company and a lender shared by
// several facilities across states, an administrator), in the header layout CMS used for the month, or the
// abbreviated one of the 2019-2020 archives, so that every archive and current file the stand-in serves has them, as
// CMS's do. The full history (history.ts) takes them from the demo generator instead.

import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { OWNERSHIP_2020, OWNERSHIP_2023, ownershipL1Csv } from "../../src/ingest/demo/ownership.ts";
import type { FileBody } from "./server.ts";

const CCN_HEADERS = ["cms certification number (ccn)", "federal provider number", "provnum"];
const STATE_HEADERS = ["state", "provider state"];
const NAME_HEADERS = ["provider name", "provname"];
const DATE_HEADERS = ["processing date", "filedate"];

const PARENTS = [
  "STANDIN HEALTH HOLDINGS, LLC",
  "HARBOR SENIOR CARE GROUP, INC.",
  "NORTHFIELD CARE PARTNERS, LP",
];
const LENDERS = ["CAPITAL FUNDING, LLC", "OXFORD FINANCE LLC"];

function bodyText(body: FileBody): string {
  return Buffer.isBuffer(body) ? body.toString("utf8") : readFileSync(body.path, "utf8");
}

/** The month's Ownership CSV for every facility of the Provider Information CSV (`l1`: the archives' short form). */
export function ownershipCsvFor(
  providerCsv: string | FileBody,
  options: { l1?: boolean; fallbackDate: string },
): string {
  const text = typeof providerCsv === "string" ? providerCsv : bodyText(providerCsv);
  const [header = [], ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
    skipEmptyLines: true,
  }).data;
  const index = (names: string[]) => header.findIndex((cell) => names.includes(cell.trim().toLowerCase()));
  const [ccnAt, stateAt, nameAt, dateAt] = [CCN_HEADERS, STATE_HEADERS, NAME_HEADERS, DATE_HEADERS].map(
    index,
  );
  const first = rows[0]?.[dateAt ?? -1] ?? "";
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(first);
  const inFile = us ? `${us[3]}-${us[1]?.padStart(2, "0")}-${us[2]?.padStart(2, "0")}` : first;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(inFile) ? inFile : options.fallbackDate;
  const columns = date >= "2023-07" ? OWNERSHIP_2023 : OWNERSHIP_2020;
  const out: string[][] = [];
  rows.forEach((row, at) => {
    const ccn = row[ccnAt ?? 0] ?? "";
    const state = row[stateAt ?? -1] ?? "";
    const facility = {
      "Federal Provider Number": ccn,
      "CMS Certification Number (CCN)": ccn,
      "Provider Name": row[nameAt ?? -1] ?? "",
      "Provider State": state,
      State: state,
      "Processing Date": date,
    };
    const owners: [role: string, type: string, name: string, percentage: string][] = [
      ["5% OR GREATER DIRECT OWNERSHIP INTEREST", "Organization", `OPERATOR ${ccn}, LLC`, "100%"],
      ["5% OR GREATER INDIRECT OWNERSHIP INTEREST", "Organization", PARENTS[at % 3] as string, "100%"],
      ["MANAGING EMPLOYEE", "Individual", `ADMINISTRATOR ${ccn}`, "NOT APPLICABLE"],
    ];
    if (at % 2 === 0) {
      owners.push([
        "5% OR GREATER MORTGAGE INTEREST",
        "Organization",
        LENDERS[at % 4 === 0 ? 0 : 1] as string,
        "",
      ]);
    }
    for (const [role, type, name, percentage] of owners) {
      const cells: Record<string, string> = {
        ...facility,
        "Role played by Owner or Manager in Facility": role,
        "Owner Type": type,
        "Owner Name": name,
        "Ownership Percentage": percentage || "NO PERCENTAGE PROVIDED",
        "Association Date": "since 01/01/2015",
      };
      out.push(columns.map((column) => cells[column] ?? ""));
    }
  });
  const csv = `${Papa.unparse([[...columns], ...out], { newline: "\n" })}\n`;
  return options.l1 ? ownershipL1Csv(csv) : csv;
}
