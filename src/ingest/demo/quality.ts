// The demo's MDS Quality Measures, Medicare Claims Quality Measures and State/US Averages files, in the header
// layout CMS used at the release (the `Federal Provider Number` layout until mid 2023, the `CMS Certification Number
// (CCN)` one since; the 2019-2020 archives' short headers are made from them by toQualityL1). Scores are drawn around
// the national averages of CMS's June 2026 averages file, better where the facility's QM stars are higher; a
// quarter's score is the same in every release that reports it (a hash of the facility, measure and quarter), but
// for a rare correction in the newest release that reports it. Facilities with too few residents get footnote 9, as
// CMS's do. The averages are the states' and the nation's means of what the demo facilities report.

import { quarterName } from "../../core/quality-measures.ts";
import { STATES } from "./places.ts";
import { type Facility, qmRating } from "./world.ts";

interface DemoMeasure {
  code: string;
  description: string;
  residentType: "Short Stay" | "Long Stay";
  /** The national mean the scores are drawn around. */
  mean: number;
  isHigherBetter: boolean;
  isUsedInRating: boolean;
}

const m = (
  code: string,
  residentType: "Short Stay" | "Long Stay",
  mean: number,
  isHigherBetter: boolean,
  isUsedInRating: boolean,
  description: string,
): DemoMeasure => ({ code, description, residentType, mean, isHigherBetter, isUsedInRating });

/** The MDS measures of releases since October 2024 (the June 2026 averages file's). */
const MDS_2024: readonly DemoMeasure[] = [
  m(
    "401",
    "Long Stay",
    14.39,
    false,
    true,
    "Percentage of long-stay residents whose need for help with daily activities has increased",
  ),
  m("404", "Long Stay", 5.31, false, false, "Percentage of long-stay residents who lose too much weight"),
  m(
    "406",
    "Long Stay",
    0.9,
    false,
    true,
    "Percentage of long-stay residents with a catheter inserted and left in their bladder",
  ),
  m(
    "407",
    "Long Stay",
    1.65,
    false,
    true,
    "Percentage of long-stay residents with a urinary tract infection",
  ),
  m(
    "408",
    "Long Stay",
    12.08,
    false,
    false,
    "Percentage of long-stay residents who have symptoms of depression",
  ),
  m(
    "409",
    "Long Stay",
    0.13,
    false,
    false,
    "Percentage of long-stay residents who were physically restrained",
  ),
  m(
    "410",
    "Long Stay",
    3.25,
    false,
    true,
    "Percentage of long-stay residents experiencing one or more falls with major injury",
  ),
  m(
    "415",
    "Long Stay",
    93.44,
    true,
    false,
    "Percentage of long-stay residents assessed and appropriately given the pneumococcal vaccine",
  ),
  m(
    "419",
    "Long Stay",
    15.45,
    false,
    true,
    "Percentage of long-stay residents who received an antipsychotic medication",
  ),
  m(
    "430",
    "Short Stay",
    81.78,
    true,
    false,
    "Percentage of short-stay residents assessed and appropriately given the pneumococcal vaccine",
  ),
  m(
    "434",
    "Short Stay",
    1.59,
    false,
    false,
    "Percentage of short-stay residents who newly received an antipsychotic medication",
  ),
  m(
    "451",
    "Long Stay",
    15.26,
    false,
    true,
    "Percentage of long-stay residents whose ability to walk independently worsened",
  ),
  m(
    "452",
    "Long Stay",
    19.54,
    false,
    false,
    "Percentage of long-stay residents who received an antianxiety or hypnotic medication",
  ),
  m(
    "411",
    "Long Stay",
    95.46,
    true,
    false,
    "Percentage of long-stay residents assessed and appropriately given the seasonal influenza vaccine",
  ),
  m(
    "472",
    "Short Stay",
    79.76,
    true,
    false,
    "Percentage of short-stay residents who were assessed and appropriately given the seasonal influenza vaccine",
  ),
  m("479", "Long Stay", 4.86, false, true, "Percentage of long-stay residents with pressure ulcers"),
  m(
    "480",
    "Long Stay",
    19.42,
    false,
    true,
    "Percentage of long-stay residents with new or worsened bowel or bladder incontinence",
  ),
];

/** Before October 2024: the high-risk pressure ulcer measure (453), the low-risk continence one (405) and, until
 * mid 2023, short-stay functional improvement (471). */
function mdsMeasures(processingDate: string): readonly DemoMeasure[] {
  if (processingDate >= "2024-10") return MDS_2024;
  const older = MDS_2024.filter((measure) => measure.code !== "479" && measure.code !== "480");
  return [
    ...older,
    m(
      "453",
      "Long Stay",
      7.4,
      false,
      true,
      "Percentage of high risk long-stay residents with pressure ulcers",
    ),
    m(
      "405",
      "Long Stay",
      47.8,
      false,
      false,
      "Percentage of low risk long-stay residents who lose control of their bowels or bladder",
    ),
    ...(processingDate < "2023-07"
      ? [
          m(
            "471",
            "Short Stay",
            69.2,
            true,
            true,
            "Percentage of short-stay residents who made improvements in function",
          ),
        ]
      : []),
  ];
}

const CLAIMS: readonly DemoMeasure[] = [
  m(
    "521",
    "Short Stay",
    23.88,
    false,
    true,
    "Percentage of short-stay residents who were re-hospitalized after a nursing home admission",
  ),
  m(
    "522",
    "Short Stay",
    12.01,
    false,
    true,
    "Percentage of short-stay residents who had an outpatient emergency department visit",
  ),
  m("551", "Long Stay", 1.9, false, true, "Number of hospitalizations per 1000 long-stay resident days"),
  m(
    "552",
    "Long Stay",
    1.8,
    false,
    true,
    "Number of outpatient emergency department visits per 1000 long-stay resident days",
  ),
];

/** The quarterly MDS and claims refreshes: the releases of January, April, July and October. */
export function isQualityRefreshMonth(processingDate: string): boolean {
  return ["01", "04", "07", "10"].includes(processingDate.slice(5, 7));
}

/**
 * The newest quarter a release's MDS measures report: the quarter that ended two quarters before the refresh the
 * release belongs to (July 2026's is 2026Q1).
 */
export function newestMdsQuarter(processingDate: string): number {
  const year = Number(processingDate.slice(0, 4));
  const month = Number(processingDate.slice(5, 7));
  return year * 4 + Math.floor((month - 1) / 3) - 2;
}

function quarterStart(index: number): string {
  return `${Math.floor(index / 4)}-${String((index % 4) * 3 + 1).padStart(2, "0")}-01`;
}

function quarterEnd(index: number): string {
  const month = (index % 4) * 3 + 3;
  const day = month === 3 || month === 12 ? 31 : 30;
  return `${Math.floor(index / 4)}-${String(month).padStart(2, "0")}-${day}`;
}

/** A uniform number in [0, 1) from a text (FNV-1a, then a mixer): the same facility, measure and quarter, the same draw. */
function unit(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x7feb352d);
  hash ^= hash >>> 15;
  return (hash >>> 0) / 4294967296;
}

/** A standard normal draw from two uniform ones (Box-Muller). */
function normal(text: string): number {
  const u = Math.max(1e-9, unit(`${text}|u`));
  const v = unit(`${text}|v`);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function residentsOf(f: Facility): number {
  return f.beds * f.occupancy;
}

/** A score around the measure's mean, better with the facility's stars; null when too few residents (footnote 9). */
function drawScore(f: Facility, measure: DemoMeasure, key: string, stars: number): number | null {
  const isShort = measure.residentType === "Short Stay";
  const residents = residentsOf(f);
  if ((isShort && (!f.hasShortStay || residents < 30)) || residents < 14) return null;
  if (unit(`${key}|small`) < 0.03) return null;
  const quality = (stars - 3) * 0.18 + normal(key) * 0.35 + normal(`${f.ccn}|${measure.code}`) * 0.25;
  if (measure.isHigherBetter) {
    const gap = (100 - measure.mean) * Math.exp(-quality);
    return Math.max(0, Math.min(100, 100 - gap));
  }
  const value = measure.mean * Math.exp(-quality);
  return measure.mean > 10 ? Math.min(100, value) : value;
}

function fixed(value: number | null, digits = 6): string {
  return value === null ? "" : value.toFixed(digits);
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function facilityCells(f: Facility): string[] {
  const state = STATES[f.stateIndex]?.code ?? "";
  return [f.ccn, f.name, f.street, f.town.name, state, f.zip].map(csvField);
}

export type QualityEra = "2021" | "2023";

/** The layout CMS used for the quality files of a processing date: `Federal Provider Number` until mid 2023. */
export function qualityEra(processingDate: string): QualityEra {
  return processingDate < "2023-07" ? "2021" : "2023";
}

const IDENTITY: Record<QualityEra, readonly string[]> = {
  "2021": [
    "Federal Provider Number",
    "Provider Name",
    "Provider Address",
    "Provider City",
    "Provider State",
    "Provider Zip Code",
  ],
  "2023": [
    "CMS Certification Number (CCN)",
    "Provider Name",
    "Provider Address",
    "City/Town",
    "State",
    "ZIP Code",
  ],
};

export const MDS_COLUMNS = [
  "Measure Code",
  "Measure Description",
  "Resident type",
  "Q1 Measure Score",
  "Footnote for Q1 Measure Score",
  "Q2 Measure Score",
  "Footnote for Q2 Measure Score",
  "Q3 Measure Score",
  "Footnote for Q3 Measure Score",
  "Q4 Measure Score",
  "Footnote for Q4 Measure Score",
  "Four Quarter Average Score",
  "Footnote for Four Quarter Average Score",
  "Used in Quality Measure Five Star Rating",
  "Measure Period",
  "Location",
  "Processing Date",
] as const;

export const CLAIMS_COLUMNS = [
  "Measure Code",
  "Measure Description",
  "Resident type",
  "Adjusted Score",
  "Observed Score",
  "Expected Score",
  "Footnote for the Measure Score",
  "Used in Quality Measure Five Star Rating",
  "Measure Period",
  "Location",
  "Processing Date",
] as const;

/** The header of an MDS or claims file of the era. */
export function qualityHeader(kind: "mds" | "claims", era: QualityEra): string[] {
  return [...IDENTITY[era], ...(kind === "mds" ? MDS_COLUMNS : CLAIMS_COLUMNS)];
}

/** What the averages need of each facility's current scores. */
type Scores = Map<string, number | null>;

/** The quality files of one release, and the facilities' current scores (for the averages). */
export class DemoQuality {
  /** Each current facility's newest four-quarter average or adjusted score, by measure code. */
  readonly current = new Map<Facility, Scores>();

  /** The MDS file of the release: one row per current facility and measure. */
  mdsCsv(facilities: readonly Facility[], t: number, processingDate: string): string {
    const era = qualityEra(processingDate);
    const last = newestMdsQuarter(processingDate);
    const quarters = [last - 3, last - 2, last - 1, last];
    const period = `${quarterName(last - 3)}-${quarterName(last)}`;
    const lines = [qualityHeader("mds", era).map(csvField).join(",")];
    for (const f of facilities) {
      if (t < f.openMonth || t >= f.closeMonth) continue;
      const location = csvField([f.street, f.town.name, STATES[f.stateIndex]?.code ?? "", f.zip].join(","));
      const scores = this.current.get(f) ?? new Map();
      this.current.set(f, scores);
      for (const measure of mdsMeasures(processingDate)) {
        const stars = measure.residentType === "Short Stay" ? f.shortStay : f.longStay;
        const cells: string[] = [];
        const values: number[] = [];
        for (const quarter of quarters) {
          const key = `${f.ccn}|${measure.code}|${quarter}`;
          let score = drawScore(f, measure, key, stars);
          // A correction: the newest release of a quarter now and then revises it.
          if (score !== null && quarter === last && unit(`${key}|${processingDate}|fix`) < 0.01)
            score *= 1.05;
          if (score !== null) values.push(score);
          cells.push(fixed(score), score === null ? "9" : "");
        }
        const average = values.length >= 2 ? values.reduce((a, b) => a + b, 0) / values.length : null;
        scores.set(measure.code, average);
        lines.push(
          [
            ...facilityCells(f),
            measure.code,
            csvField(measure.description),
            measure.residentType,
            ...cells,
            fixed(average),
            average === null ? "9" : "",
            measure.isUsedInRating ? "Y" : "N",
            period,
            location,
            processingDate,
          ].join(","),
        );
      }
    }
    return `${lines.join("\n")}\n`;
  }

  /** The claims file of the release: one row per current facility and claims measure. */
  claimsCsv(facilities: readonly Facility[], t: number, processingDate: string): string {
    const era = qualityEra(processingDate);
    const last = newestMdsQuarter(processingDate) - 1;
    const period = `${quarterStart(last - 3).replaceAll("-", "")}-${quarterEnd(last).replaceAll("-", "")}`;
    const lines = [qualityHeader("claims", era).map(csvField).join(",")];
    for (const f of facilities) {
      if (t < f.openMonth || t >= f.closeMonth) continue;
      const location = csvField([f.street, f.town.name, STATES[f.stateIndex]?.code ?? "", f.zip].join(","));
      const scores = this.current.get(f) ?? new Map();
      this.current.set(f, scores);
      for (const measure of CLAIMS) {
        const stars = measure.residentType === "Short Stay" ? f.shortStay : f.longStay;
        const key = `${f.ccn}|${measure.code}|${period}`;
        const observed = drawScore(f, measure, key, stars);
        const expected =
          observed === null
            ? null
            : measure.mean * Math.exp(normal(`${key}|expected`) * 0.12 + (f.caseMix - 1.39) * 0.4);
        const adjusted = observed === null || expected === null ? null : (observed / expected) * measure.mean;
        scores.set(measure.code, adjusted);
        lines.push(
          [
            ...facilityCells(f),
            measure.code,
            csvField(measure.description),
            measure.residentType,
            fixed(adjusted),
            fixed(observed),
            fixed(expected),
            adjusted === null ? "9" : "",
            measure.isUsedInRating ? "Y" : "N",
            period,
            location,
            processingDate,
          ].join(","),
        );
      }
    }
    return `${lines.join("\n")}\n`;
  }

  /**
   * The State/US averages of the release, in the June 2026 file's layout (later releases) or the 2020-2021 one: the
   * mean of the current facilities' ratings, staffing figures and current measure scores, per state and for the
   * nation.
   */
  averagesCsv(facilities: readonly Facility[], t: number, processingDate: string): string {
    const isNew = processingDate >= "2024-10";
    const qmCodes = isNew
      ? [
          "401",
          "404",
          "406",
          "407",
          "408",
          "409",
          "410",
          "415",
          "419",
          "430",
          "434",
          "451",
          "452",
          "411",
          "472",
          "479",
          "480",
        ]
      : [
          "401",
          "404",
          "405",
          "406",
          "407",
          "408",
          "409",
          "410",
          "415",
          "419",
          "430",
          "434",
          "451",
          "452",
          "453",
          "411",
          "472",
        ];
    const claimCodes = ["521", "522", "551", "552"];
    const descriptions = new Map(
      [...MDS_2024, ...mdsMeasures("2020-01"), ...CLAIMS].map((x) => [x.code, x.description]),
    );
    type Column = { header: string; value: (f: Facility) => number | null; digits: number };
    const hours =
      (pick: (h: NonNullable<Facility["staffingFigures"]["hours"]>) => number) => (f: Facility) => {
        const figures = f.staffingFigures.hours;
        return figures ? pick(figures) : null;
      };
    const columns: Column[] = [
      {
        header: "Overall Rating",
        value: (f) =>
          f.blankFootnote
            ? null
            : Math.min(5, Math.max(1, Math.round((f.hi + f.staffing + qmRating(f)) / 3))),
        digits: 1,
      },
      { header: "Health Inspection Rating", value: (f) => (f.blankFootnote ? null : f.hi), digits: 1 },
      { header: "QM Rating", value: (f) => (f.blankFootnote ? null : qmRating(f)), digits: 1 },
      {
        header: "Staffing Rating",
        value: (f) => (f.blankFootnote || f.isStaffingBlank ? null : f.staffing),
        digits: 1,
      },
      {
        header: "Cycle 1 Total Number of Health Deficiencies",
        value: (f) => f.cycle1.deficiencies,
        digits: 1,
      },
      {
        header: "Cycle 2 Total Number of Health Deficiencies",
        value: (f) => f.cycle2.deficiencies,
        digits: 1,
      },
      {
        header: "Cycle 3 Total Number of Health Deficiencies",
        value: (f) => f.cycle3.deficiencies,
        digits: 1,
      },
      { header: "Average Number of Residents per Day", value: residentsOf, digits: 1 },
      {
        header: "Reported Nurse Aide Staffing Hours per Resident per Day",
        value: hours((h) => h.aide),
        digits: 2,
      },
      { header: "Reported LPN Staffing Hours per Resident per Day", value: hours((h) => h.lpn), digits: 2 },
      { header: "Reported RN Staffing Hours per Resident per Day", value: hours((h) => h.rn), digits: 5 },
      {
        header: "Reported Licensed Staffing Hours per Resident per Day",
        value: hours((h) => h.rn + h.lpn),
        digits: 2,
      },
      {
        header: "Reported Total Nurse Staffing Hours per Resident per Day",
        value: hours((h) => h.total),
        digits: 5,
      },
      ...(processingDate >= "2022-01"
        ? [
            {
              header: "Total number of nurse staff hours per resident per day on the weekend",
              value: hours((h) => h.weekend),
              digits: 5,
            },
            {
              header: "Registered Nurse hours per resident per day on the weekend",
              value: hours((h) => h.weekendRn),
              digits: 2,
            },
          ]
        : []),
      {
        header: "Reported Physical Therapist Staffing Hours per Resident Per Day",
        value: hours((h) => h.physicalTherapist),
        digits: 2,
      },
      ...(processingDate >= "2022-01"
        ? [
            {
              header: "Total nursing staff turnover",
              value: (f: Facility) => f.staffingFigures.totalTurnover ?? null,
              digits: 1,
            },
            {
              header: "Registered Nurse turnover",
              value: (f: Facility) => f.staffingFigures.rnTurnover ?? null,
              digits: 1,
            },
            {
              header: "Number of administrators who have left the nursing home",
              value: (f: Facility) => f.staffingFigures.administratorsLeft ?? null,
              digits: 1,
            },
          ]
        : []),
      ...(isNew ? [{ header: "Nursing Case-Mix Index", value: (f: Facility) => f.caseMix, digits: 5 }] : []),
      ...[...qmCodes, ...claimCodes].map((code) => ({
        header: averagesHeader(code, descriptions.get(code) ?? code),
        value: (f: Facility) => this.current.get(f)?.get(code) ?? null,
        digits: 6,
      })),
    ];
    const sums = new Map<string, { sum: number[]; count: number[] }>();
    const add = (state: string, f: Facility) => {
      let entry = sums.get(state);
      if (!entry) {
        entry = { sum: columns.map(() => 0), count: columns.map(() => 0) };
        sums.set(state, entry);
      }
      columns.forEach((column, index) => {
        const value = column.value(f);
        if (value === null || !Number.isFinite(value)) return;
        (entry.sum[index] as number) += value;
        (entry.count[index] as number) += 1;
      });
    };
    for (const f of facilities) {
      if (t < f.openMonth || t >= f.closeMonth) continue;
      add("NATION", f);
      add(STATES[f.stateIndex]?.code ?? "", f);
    }
    const lines = [
      ["State or Nation", ...columns.map((c) => c.header), "Processing Date"].map((h) => `"${h}"`).join(","),
    ];
    const states = ["NATION", ...[...sums.keys()].filter((s) => s !== "NATION").sort()];
    for (const state of states) {
      const entry = sums.get(state);
      if (!entry) continue;
      const cells = columns.map((column, index) => {
        const count = entry.count[index] as number;
        return count === 0 ? "" : ((entry.sum[index] as number) / count).toFixed(column.digits);
      });
      lines.push([state, ...cells, processingDate].join(","));
    }
    return `${lines.join("\n")}\n`;
  }
}

/** How the averages file heads a measure's column: "Percentage of long stay residents ..." (no hyphen). */
function averagesHeader(code: string, description: string): string {
  if (code === "551" || code === "552") return description;
  return description
    .replace(/long-stay/g, "long stay")
    .replace(/short-stay/g, "short stay")
    .replace("re-hospitalized", "rehospitalized")
    .replace("have symptoms of depression", "have depressive symptoms");
}

/**
 * The 2019-2020 monthly archives' `QualityMsrMDS_Download.csv`, `QualityMsrClaims_Download.csv` and
 * `StateAverages_Download.csv` name columns in short, as the download files of those years did; `filedate`
 * replaces `Processing Date` and there is no `Location`. Each short name with the full names it stands for.
 */
export const QUALITY_L1_RENAMES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["provnum", ["Federal Provider Number", "CMS Certification Number (CCN)"]],
  ["provname", ["Provider Name"]],
  ["address", ["Provider Address"]],
  ["city", ["Provider City", "City/Town"]],
  ["state", ["Provider State", "State"]],
  ["zip", ["Provider Zip Code", "ZIP Code"]],
  ["msr_cd", ["Measure Code"]],
  ["msr_descr", ["Measure Description"]],
  ["stay_type", ["Resident type"]],
  ["q1_measure_score", ["Q1 Measure Score"]],
  ["q1_measure_fn", ["Footnote for Q1 Measure Score"]],
  ["q2_measure_score", ["Q2 Measure Score"]],
  ["q2_measure_fn", ["Footnote for Q2 Measure Score"]],
  ["q3_measure_score", ["Q3 Measure Score"]],
  ["q3_measure_fn", ["Footnote for Q3 Measure Score"]],
  ["q4_measure_score", ["Q4 Measure Score"]],
  ["q4_measure_fn", ["Footnote for Q4 Measure Score"]],
  ["measure_score_4qtr_avg", ["Four Quarter Average Score"]],
  ["score4qtr_fn", ["Footnote for Four Quarter Average Score"]],
  ["score_adjusted", ["Adjusted Score"]],
  ["score_observed", ["Observed Score"]],
  ["score_expected", ["Expected Score"]],
  ["score_fn", ["Footnote for the Measure Score"]],
  ["five_star_msr", ["Used in Quality Measure Five Star Rating"]],
  ["measure_period", ["Measure Period"]],
  ["filedate", ["Processing Date"]],
  // The averages.
  ["STATE", ["State or Nation"]],
  ["overall_rating", ["Overall Rating"]],
  ["survey_rating", ["Health Inspection Rating"]],
  ["quality_rating", ["QM Rating"]],
  ["staffing_rating", ["Staffing Rating"]],
  ["cycle_1_defs", ["Cycle 1 Total Number of Health Deficiencies"]],
  ["cycle_2_defs", ["Cycle 2 Total Number of Health Deficiencies"]],
  ["cycle_3_defs", ["Cycle 3 Total Number of Health Deficiencies"]],
  ["RESTOT", ["Average Number of Residents per Day"]],
  ["AIDHRD", ["Reported Nurse Aide Staffing Hours per Resident per Day"]],
  ["VOCHRD", ["Reported LPN Staffing Hours per Resident per Day"]],
  ["RNHRD", ["Reported RN Staffing Hours per Resident per Day"]],
  ["TOTLICHRD", ["Reported Licensed Staffing Hours per Resident per Day"]],
  ["TOTHRD", ["Reported Total Nurse Staffing Hours per Resident per Day"]],
  ["PTHRD", ["Reported Physical Therapist Staffing Hours per Resident Per Day"]],
];

/** The short name of a column in a 2019-2020 archive (`QM401` for an averages QM column), or null to drop it. */
export function qualityL1Name(header: string): string | null {
  if (header === "Location") return null;
  for (const [short, names] of QUALITY_L1_RENAMES) if (names.includes(header)) return short;
  const code = [...MDS_2024, ...mdsMeasures("2020-01"), ...CLAIMS].find(
    (measure) => averagesHeader(measure.code, measure.description) === header,
  )?.code;
  return code ? `QM${code}` : header;
}
