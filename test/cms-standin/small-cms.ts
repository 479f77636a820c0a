// A small CMS for the tests of the server's loads: four facilities whose every rating is `overall` in a month, as
// the current Provider Information file and as monthly archives (layout L2 before July 2026, L3 after).
import { csvText, providerRow } from "../csv-fixtures.ts";
import { buildMonthlyArchive } from "./archives.ts";
import type { CmsStandinOptions, CurrentFile } from "./server.ts";

export const CCNS = ["015001", "015002", "015003", "045004"];

/** A month's Provider Information CSV (2025+ layout): every facility rated `overall` that month. */
export function monthCsv(date: string, overall: number, ccns = CCNS): string {
  return csvText(
    "provider2025",
    ccns.map((ccn) => providerRow(ccn, { "Processing Date": date, "Overall Rating": overall })),
  );
}

export function archive(archiveDate: string, dataMonth: string, overall: number) {
  return buildMonthlyArchive({
    layout: archiveDate >= "2026-07" ? "L3" : "L2",
    archiveDate,
    dataMonth,
    providerCsv: monthCsv(`${dataMonth}-01`, overall),
  });
}

export function current(dataMonth: string, overall: number, ccns = CCNS): CurrentFile {
  const [year, month] = dataMonth.split("-");
  const name = new Date(Date.UTC(Number(year), Number(month) - 1)).toLocaleString("en", {
    month: "short",
    timeZone: "UTC",
  });
  return {
    fileName: `NH_ProviderInfo_${name}${year}.csv`,
    body: Buffer.from(monthCsv(`${dataMonth}-01`, overall, ccns)),
    modified: `${dataMonth}-05`,
  };
}

/**
 * The stand-in CMS most load tests start from: June 2024 as the current file (every facility rated 5), and the
 * April and May archives before it (rated 3 and 4).
 */
export async function threeMonths(): Promise<CmsStandinOptions> {
  return {
    current: current("2024-06", 5),
    archives: [
      { date: "2024-04-24", body: await archive("2024-04-24", "2024-04", 3) },
      { date: "2024-05-22", body: await archive("2024-05-22", "2024-05", 4) },
    ],
  };
}
