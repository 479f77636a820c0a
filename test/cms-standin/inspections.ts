// Health citations, fire safety citations and penalties files for the stand-in CMS, when a test gives it only Provider Information: a few
// rows per facility of the Provider Information CSV, in the header layout CMS used for the month (and the
// abbreviated one of the 2019-2020 archives), so that every archive and current file the stand-in serves has its
// three tables, as CMS's do. The full history (history.ts) takes them from the demo generator instead.

import { readFileSync } from "node:fs";
import Papa from "papaparse";
import {
  citationsEra,
  FIRE_SAFETY_CITATIONS,
  HEALTH_CITATIONS,
  l1InspectionColumns,
  PENALTIES,
  penaltiesEra,
} from "../../src/ingest/demo/cms-layouts.ts";
import type { FileBody } from "./server.ts";

interface FacilityRow {
  ccn: string;
  name: string;
  state: string;
}

const CCN_HEADERS = ["cms certification number (ccn)", "federal provider number", "provnum"];
const NAME_HEADERS = ["provider name", "provname"];
const STATE_HEADERS = ["state", "provider state"];
const DATE_HEADERS = ["processing date", "filedate"];

function bodyText(body: FileBody): string {
  return Buffer.isBuffer(body) ? body.toString("utf8") : readFileSync(body.path, "utf8");
}

/** The facilities and processing date of a Provider Information CSV (any of its layouts). */
function facilitiesOf(providerCsv: string): { facilities: FacilityRow[]; date: string } {
  const [header, ...rows] = Papa.parse<string[]>(providerCsv.replace(/^\uFEFF/, ""), {
    skipEmptyLines: true,
  }).data;
  const index = (names: string[]) =>
    (header ?? []).findIndex((cell) => names.includes(cell.trim().toLowerCase()));
  const [ccn, name, state, date] = [CCN_HEADERS, NAME_HEADERS, STATE_HEADERS, DATE_HEADERS].map(index);
  const first = rows[0]?.[date ?? -1] ?? "";
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(first);
  return {
    facilities: rows.map((row) => ({
      ccn: row[ccn ?? 0] ?? "",
      name: row[name ?? -1] ?? "",
      state: row[state ?? -1] ?? "",
    })),
    date: us ? `${us[3]}-${us[1]?.padStart(2, "0")}-${us[2]?.padStart(2, "0")}` : first,
  };
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const TAGS = [
  ["0689", "D", "Quality of Life and Care Deficiencies", "Keep the home free of accident hazards."],
  ["0880", "E", "Infection Control Deficiencies", "Run a program that prevents and controls infections."],
  [
    "0600",
    "G",
    "Freedom from Abuse, Neglect, and Exploitation Deficiencies",
    "Protect residents from abuse.",
  ],
] as const;

function csv(header: readonly string[], rows: Record<string, string | number>[]): string {
  return `${Papa.unparse([header, ...rows.map((row) => header.map((column) => row[column] ?? ""))], { newline: "\n" })}\n`;
}

/** For an L1 archive: the columns renamed and cut as its download files have them. */
function toL1(
  header: readonly string[],
  rows: Record<string, string | number>[],
  archiveMonth: string,
): string {
  const columns = l1InspectionColumns(header, { archiveMonth });
  return csv(
    columns.map(([l1]) => l1),
    rows.map((row) =>
      Object.fromEntries(columns.map(([l1, full]) => [l1, full === null ? "Y" : (row[full] ?? "")])),
    ),
  );
}

export interface InspectionCsvs {
  citations: string;
  /** Fire safety citations (`NH_FireSafetyCitations_MonYYYY.csv`, `FireSafetyDeficiencies_Download.csv` in L1). */
  fire: string;
  penalties: string;
}

const FIRE_TAGS = [
  ["K", "0353", "D", "Automatic Sprinkler Systems Deficiencies", "Maintain the sprinkler system."],
  ["K", "0712", "F", "Miscellaneous Deficiencies", "Hold fire drills on every shift."],
  ["E", "0041", "E", "Emergency Preparedness Deficiencies", "Plan for the emergency power."],
] as const;

/**
 * A citation for every facility (two surveys, the older one in the previous year), a fire safety survey with one or
 * two citations for every facility and a fine for every third,
 * dated before the month of the Provider Information CSV (or `fallbackDate` when it has none). With
 * `l1ArchiveMonth`, in the abbreviated layout.
 */
export function inspectionCsvsFor(
  providerCsv: string | FileBody,
  options: { l1ArchiveMonth?: string; fallbackDate: string },
): InspectionCsvs {
  const text = typeof providerCsv === "string" ? providerCsv : bodyText(providerCsv);
  const { facilities, date: dateInFile } = facilitiesOf(text);
  // A Provider Information CSV without a date column takes its archive's month.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(dateInFile) ? dateInFile : options.fallbackDate;
  const citations: Record<string, string | number>[] = [];
  const fire: Record<string, string | number>[] = [];
  const penalties: Record<string, string | number>[] = [];
  facilities.forEach((facility, index) => {
    const common = {
      "Federal Provider Number": facility.ccn,
      "CMS Certification Number (CCN)": facility.ccn,
      "Provider Name": facility.name,
      "Provider State": facility.state,
      State: facility.state,
      "Processing Date": date,
    };
    for (const [survey, daysBefore] of [
      [0, 40 + (index % 60)],
      [1, 400 + (index % 90)],
    ] as const) {
      const [tag, scope, category, description] = TAGS[(index + survey) % TAGS.length] ?? TAGS[0];
      const surveyDate = addDays(date, -daysBefore);
      citations.push({
        ...common,
        "Survey Date": surveyDate,
        "Survey Type": "Health",
        "Deficiency Prefix": "F",
        "Deficiency Category": category,
        "Deficiency Tag Number": tag,
        "Deficiency Description": description,
        "Scope Severity Code": scope,
        "Deficiency Corrected": "Deficient, Provider has date of correction",
        "Correction Date": addDays(surveyDate, 30),
        "Inspection Cycle": survey + 1,
        "Standard Deficiency": "Y",
        "Complaint Deficiency": "N",
        "Infection Control Inspection Deficiency": "N",
        "Citation under IDR": "N",
        "Citation under IIDR": "N",
      });
    }
    // A fire safety survey on the day of the newest standard survey, with one citation (two for every other home).
    const fireDate = addDays(date, -(40 + (index % 60)));
    for (const n of index % 2 === 0 ? [0, 1] : [0]) {
      const [prefix, tag, scope, category, description] =
        FIRE_TAGS[(index + n) % FIRE_TAGS.length] ?? FIRE_TAGS[0];
      fire.push({
        ...common,
        "Survey Date": fireDate,
        "Survey Type": "Fire Safety",
        "Deficiency Prefix": prefix,
        "Deficiency Category": category,
        "Deficiency Tag Number": tag,
        "Tag Version": "New",
        "Deficiency Description": description,
        "Scope Severity Code": scope,
        "Deficiency Corrected": "Deficient, Provider has plan of correction",
        "Inspection Cycle": 1,
        "Standard Deficiency": "Y",
        "Complaint Deficiency": "N",
        "Infection Control Inspection Deficiency": "N",
        "Citation under IDR": "N",
        "Citation under IIDR": "N",
      });
    }
    if (index % 3 === 0) {
      penalties.push({
        ...common,
        "Penalty Date": addDays(date, -(40 + (index % 60))),
        "Penalty Type": "Fine",
        "Fine Amount": 6500 + (index % 7) * 1325,
      });
    }
  });
  const citationsHeader = HEALTH_CITATIONS[citationsEra(date)];
  const fireHeader = FIRE_SAFETY_CITATIONS[citationsEra(date)];
  const penaltiesHeader = PENALTIES[penaltiesEra(date)];
  if (options.l1ArchiveMonth) {
    return {
      citations: toL1(citationsHeader, citations, options.l1ArchiveMonth),
      fire: toL1(fireHeader, fire, options.l1ArchiveMonth),
      penalties: toL1(penaltiesHeader, penalties, options.l1ArchiveMonth),
    };
  }
  return {
    citations: csv(citationsHeader, citations),
    fire: csv(fireHeader, fire),
    penalties: csv(penaltiesHeader, penalties),
  };
}
