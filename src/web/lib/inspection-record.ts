// The inspection record of a group of facilities (an affiliated entity's, an owner's) in words and numbers: their
// citations of the last three years by CMS's harm level, per facility beside the nation's, and the share of them
// with actual harm, immediate jeopardy, abuse and fines beside the nation's share, each with the dashboard's view of
// those facilities (the group's own filter, `entity` or `owner`, and the finding's).
import type { Entity, InspectionTotals } from "../../core/api-types.ts";
import { formatCount, formatPercent, formatUsd } from "../../core/format.ts";
import { HARM_LEVELS, type HarmLevelKey } from "../../core/inspections.ts";

/** The three years' record of a group's facilities beside the nation's (an entity's and an owner's answers). */
export type InspectionRecord = NonNullable<Entity["inspections"]>;

/** The dashboard's filter of the group: `["entity", name]`, `["owner", "organization:NAME"]`. */
export type GroupFilter = readonly [param: string, value: string];

export interface HarmRow {
  key: HarmLevelKey;
  /** CMS's words for the level. */
  label: string;
  /** Its codes: 'A-C', 'D-F', 'G-I', 'J-L'. */
  codes: string;
  citations: number;
  /** Citations per facility, 1 decimal: '2.4'. */
  perFacility: string;
  nationalPerFacility: string;
}

/** Per facility, 1 decimal ('0.0' for none); '-' for a group without facilities. */
function perFacility(value: number, facilities: number): string {
  return facilities === 0 ? "-" : (value / facilities).toFixed(1);
}

/** The citations by harm level, least severe first; null when no health citations file is loaded. */
export function harmRows(record: InspectionRecord): HarmRow[] | null {
  const own = record.totals.citations;
  const nation = record.national.citations;
  if (!own || !nation) return null;
  return HARM_LEVELS.map((level) => ({
    key: level.key,
    label: level.label,
    codes: `${level.codes[0]}-${level.codes[2]}`,
    citations: own[level.key],
    perFacility: perFacility(own[level.key], record.totals.facilities),
    nationalPerFacility: perFacility(nation[level.key], record.national.facilities),
  }));
}

export interface FacilitiesFigure {
  key: "actual" | "jeopardy" | "abuse" | "fined";
  label: string;
  /** '3 of 12 facilities (25.0%)'; null when not known. */
  value: string | null;
  /** 'Nation: 18.4%'; null when not known. */
  nation: string | null;
  /** The dashboard's query for these facilities (the group's and the finding's filters), when it has that filter. */
  dashboardQuery: string | null;
}

const share = (count: number, facilities: number) =>
  facilities === 0 ? "-" : formatPercent((100 * count) / facilities);

function facilitiesOf(count: number | null, facilities: number): string | null {
  if (count === null) return null;
  const noun = facilities === 1 ? "facility" : "facilities";
  return `${formatCount(count)} of ${formatCount(facilities)} ${noun} (${share(count, facilities)})`;
}

function dashboardQuery(group: GroupFilter, filter: [string, string]): string {
  const params = new URLSearchParams();
  params.append(group[0], group[1]);
  params.append(...filter);
  return params.toString();
}

/** How many of the group's facilities have each finding, beside the nation's share. */
export function facilityFigures(group: GroupFilter, record: InspectionRecord): FacilitiesFigure[] {
  const figure = (
    key: FacilitiesFigure["key"],
    label: string,
    pick: (totals: InspectionTotals) => number | null,
    filter: [string, string] | null,
  ): FacilitiesFigure => {
    const own = pick(record.totals);
    const nation = pick(record.national);
    return {
      key,
      label,
      value: facilitiesOf(own, record.totals.facilities),
      nation: nation === null ? null : `Nation: ${share(nation, record.national.facilities)}`,
      dashboardQuery: filter && own !== null && own > 0 ? dashboardQuery(group, filter) : null,
    };
  };
  return [
    figure("actual", "Facilities with harm found (G or worse)", (totals) => totals.facilitiesWithActualHarm, [
      "harm",
      "actual",
    ]),
    figure(
      "jeopardy",
      "Facilities with immediate jeopardy (J or worse)",
      (totals) => totals.facilitiesWithImmediateJeopardy,
      ["harm", "jeopardy"],
    ),
    figure(
      "abuse",
      "Facilities cited for abuse or with CMS's abuse icon",
      (totals) => totals.facilitiesWithAbuse,
      ["abuse", "true"],
    ),
    figure("fined", "Facilities fined", (totals) => totals.facilitiesFined, null),
  ];
}

/** The fines: '$123,456.00 in 12 fines', 'No fines'; null when no penalties file is loaded. */
export function describeFines(totals: InspectionTotals): string | null {
  if (totals.fines === null || totals.fineDollars === null) return null;
  if (totals.fines === 0) return "No fines";
  return `${formatUsd(totals.fineDollars)} in ${formatCount(totals.fines)} ${totals.fines === 1 ? "fine" : "fines"}`;
}

/** Fines per facility, beside the nation's: '$1,234.00 per facility (nation: $2,345.00)'; null when unknown. */
export function describeFinesPerFacility(record: InspectionRecord): string | null {
  const own = record.totals.fineDollars;
  const nation = record.national.fineDollars;
  if (own === null || nation === null || record.totals.facilities === 0 || record.national.facilities === 0)
    return null;
  return `${formatUsd(own / record.totals.facilities)} per facility (nation: ${formatUsd(nation / record.national.facilities)})`;
}
