// The header layouts of the CMS Provider Information files, column by column in file order, as CMS wrote them: what
// the demo generator writes, what the CMS stand-in serves and what the tests' fixtures are cut from. Written from
// the CMS files themselves, not from the product's header mapping (src/ingest/layout.ts), so that the tests do not
// agree with the product by construction. A layout is a list of blocks of columns that CMS kept together.

export const COLUMN_BLOCKS = {
  /** CCN to county, under the names of 2021 to mid 2023. */
  identity2021: [
    "Federal Provider Number",
    "Provider Name",
    "Provider Address",
    "Provider City",
    "Provider State",
    "Provider Zip Code",
    "Provider Phone Number",
    "Provider SSA County Code",
    "Provider County Name",
  ],
  /** CCN to county, under the names from mid 2023. */
  identity: [
    "CMS Certification Number (CCN)",
    "Provider Name",
    "Provider Address",
    "City/Town",
    "State",
    "ZIP Code",
    "Telephone Number",
    "Provider SSA County Code",
    "County/Parish",
  ],
  /** From 2025. */
  urban: ["Urban"],
  /** Ownership, beds, residents per day, provider type, legal name, date first approved. */
  capacity: [
    "Ownership Type",
    "Number of Certified Beds",
    "Average Number of Residents per Day",
    "Average Number of Residents per Day Footnote",
    "Provider Type",
    "Provider Resides in Hospital",
    "Legal Business Name",
    "Date First Approved to Provide Medicare and Medicaid Services",
  ],
  /** Mid 2023 to 2024: the affiliated entity. */
  affiliatedEntity: ["Affiliated Entity Name", "Affiliated Entity ID"],
  /** From 2025: the chain (the product's affiliated entity) and its average ratings. */
  chain: [
    "Chain Name",
    "Chain ID",
    "Number of Facilities in Chain",
    "Chain Average Overall 5-star Rating",
    "Chain Average Health Inspection Rating",
    "Chain Average Staffing Rating",
    "Chain Average QM Rating",
  ],
  /** Continuing care community, special focus status, abuse icon, old inspection, new owner, council, sprinklers. */
  flags: [
    "Continuing Care Retirement Community",
    "Special Focus Status",
    "Abuse Icon",
    "Most Recent Health Inspection More Than 2 Years Ago",
    "Provider Changed Ownership in Last 12 Months",
    "With a Resident and Family Council",
    "Automatic Sprinkler Systems in All Required Areas",
  ],
  /** The six star ratings, each with its footnote. */
  ratings: [
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
  ],
  /** Until 2022. */
  rnStaffingRating: ["RN Staffing Rating", "RN Staffing Rating Footnote"],
  /** Staffing footnotes and reported nurse staffing hours per resident per day. */
  reportedHours: [
    "Reported Staffing Footnote",
    "Physical Therapist Staffing Footnote",
    "Reported Nurse Aide Staffing Hours per Resident per Day",
    "Reported LPN Staffing Hours per Resident per Day",
    "Reported RN Staffing Hours per Resident per Day",
    "Reported Licensed Staffing Hours per Resident per Day",
    "Reported Total Nurse Staffing Hours per Resident per Day",
  ],
  /** Reported weekend staffing. */
  weekendHours: [
    "Total number of nurse staff hours per resident per day on the weekend",
    "Registered Nurse hours per resident per day on the weekend",
  ],
  physicalTherapistHours: ["Reported Physical Therapist Staffing Hours per Resident Per Day"],
  /** Staff turnover and administrators who left, with footnotes. */
  turnover: [
    "Total nursing staff turnover",
    "Total nursing staff turnover footnote",
    "Registered Nurse turnover",
    "Registered Nurse turnover footnote",
    "Number of administrators who have left the nursing home",
    "Administrator turnover footnote",
  ],
  /** From 2025. */
  caseMixIndex: ["Nursing Case-Mix Index", "Nursing Case-Mix Index Ratio"],
  /** Expected (case-mix) staffing hours. */
  caseMixHours: [
    "Case-Mix Nurse Aide Staffing Hours per Resident per Day",
    "Case-Mix LPN Staffing Hours per Resident per Day",
    "Case-Mix RN Staffing Hours per Resident per Day",
    "Case-Mix Total Nurse Staffing Hours per Resident per Day",
  ],
  /** From 2025. */
  caseMixWeekend: ["Case-Mix Weekend Total Nurse Staffing Hours per Resident per Day"],
  /** Case-mix adjusted staffing hours. */
  adjustedHours: [
    "Adjusted Nurse Aide Staffing Hours per Resident per Day",
    "Adjusted LPN Staffing Hours per Resident per Day",
    "Adjusted RN Staffing Hours per Resident per Day",
    "Adjusted Total Nurse Staffing Hours per Resident per Day",
  ],
  adjustedWeekend: ["Adjusted Weekend Total Nurse Staffing Hours per Resident per Day"],
  /** The most recent standard health survey cycle. */
  cycle1: [
    "Rating Cycle 1 Standard Survey Health Date",
    "Rating Cycle 1 Total Number of Health Deficiencies",
    "Rating Cycle 1 Number of Standard Health Deficiencies",
    "Rating Cycle 1 Number of Complaint Health Deficiencies",
    "Rating Cycle 1 Health Deficiency Score",
    "Rating Cycle 1 Number of Health Revisits",
    "Rating Cycle 1 Health Revisit Score",
    "Rating Cycle 1 Total Health Score",
  ],
  /** Until 2024: the second cycle. */
  cycle2: [
    "Rating Cycle 2 Standard Health Survey Date",
    "Rating Cycle 2 Total Number of Health Deficiencies",
    "Rating Cycle 2 Number of Standard Health Deficiencies",
    "Rating Cycle 2 Number of Complaint Health Deficiencies",
    "Rating Cycle 2 Health Deficiency Score",
    "Rating Cycle 2 Number of Health Revisits",
    "Rating Cycle 2 Health Revisit Score",
    "Rating Cycle 2 Total Health Score",
  ],
  /** Until 2024: the third cycle. */
  cycle3: [
    "Rating Cycle 3 Standard Health Survey Date",
    "Rating Cycle 3 Total Number of Health Deficiencies",
    "Rating Cycle 3 Number of Standard Health Deficiencies",
    "Rating Cycle 3 Number of Complaint Health Deficiencies",
    "Rating Cycle 3 Health Deficiency Score",
    "Rating Cycle 3 Number of Health Revisits",
    "Rating Cycle 3 Health Revisit Score",
    "Rating Cycle 3 Total Health Score",
  ],
  /** From 2025: the earlier cycles in one (CMS fills it from cycle 2). */
  cycle23: [
    "Rating Cycle 2 Standard Health Survey Date",
    "Rating Cycle 2/3 Total Number of Health Deficiencies",
    "Rating Cycle 2 Number of Standard Health Deficiencies",
    "Rating Cycle 2/3 Number of Complaint Health Deficiencies",
    "Rating Cycle 2/3 Health Deficiency Score",
    "Rating Cycle 2/3 Number of Health Revisits",
    "Rating Cycle 2/3 Health Revisit Score",
    "Rating Cycle 2/3 Total Health Score",
  ],
  weightedScore: ["Total Weighted Health Survey Score"],
  /** Until 2024: facility-reported incidents and substantiated complaints of the past three years. */
  complaints: ["Number of Facility Reported Incidents", "Number of Substantiated Complaints"],
  /** Infection control citations, fines, payment denials and their total. */
  penalties: [
    "Number of Citations from Infection Control Inspections",
    "Number of Fines",
    "Total Amount of Fines in Dollars",
    "Number of Payment Denials",
    "Total Number of Penalties",
  ],
  /** The address in one cell. */
  location: ["Location"],
  /** From mid 2023. */
  coordinates: ["Latitude", "Longitude", "Geocoding Footnote"],
  processingDate: ["Processing Date"],
} as const;

export type ColumnBlock = keyof typeof COLUMN_BLOCKS;

/** The Provider Information layouts by the year they began: 2021 (to mid 2023), 2023 (to 2024) and 2025. */
export type ProviderInfoEra = "2021" | "2023" | "2025";

export const PROVIDER_INFO_BLOCKS: Record<ProviderInfoEra, readonly ColumnBlock[]> = {
  "2021": [
    "identity2021",
    "capacity",
    "flags",
    "ratings",
    "rnStaffingRating",
    "reportedHours",
    "physicalTherapistHours",
    "caseMixHours",
    "adjustedHours",
    "cycle1",
    "cycle2",
    "cycle3",
    "weightedScore",
    "complaints",
    "penalties",
    "location",
    "processingDate",
  ],
  "2023": [
    "identity",
    "capacity",
    "affiliatedEntity",
    "flags",
    "ratings",
    "reportedHours",
    "weekendHours",
    "physicalTherapistHours",
    "turnover",
    "caseMixHours",
    "adjustedHours",
    "adjustedWeekend",
    "cycle1",
    "cycle2",
    "cycle3",
    "weightedScore",
    "complaints",
    "penalties",
    "location",
    "coordinates",
    "processingDate",
  ],
  "2025": [
    "identity",
    "urban",
    "capacity",
    "chain",
    "flags",
    "ratings",
    "reportedHours",
    "weekendHours",
    "physicalTherapistHours",
    "turnover",
    "caseMixIndex",
    "caseMixHours",
    "caseMixWeekend",
    "adjustedHours",
    "adjustedWeekend",
    "cycle1",
    "cycle23",
    "weightedScore",
    "penalties",
    "location",
    "coordinates",
    "processingDate",
  ],
};

/** The layout CMS used for the Provider Information of a processing date (`YYYY-MM-DD`). */
export function providerInfoEra(processingDate: string): ProviderInfoEra {
  return processingDate < "2023-07" ? "2021" : processingDate < "2025-01" ? "2023" : "2025";
}

export function columnsOf(era: ProviderInfoEra): readonly string[] {
  return PROVIDER_INFO_BLOCKS[era].flatMap((block) => COLUMN_BLOCKS[block]);
}

/** 2021 to mid 2023 (`Federal Provider Number`, `Provider City`, ...): the August 2021 file's header. */
export const PROVIDER_INFO_2021 = columnsOf("2021");
/** Mid 2023 to 2024 (CCN, affiliated entity, turnover, coordinates): the June 2024 file's header. */
export const PROVIDER_INFO_2023 = columnsOf("2023");
/** From 2025 (chains replace affiliated entities): the May 2026 file's header. */
export const PROVIDER_INFO_2025 = columnsOf("2025");

const STAR_RATINGS_HEAD = ["Federal Provider Number", "Provider Name", "Provider State"];
const { ratings, rnStaffingRating } = COLUMN_BLOCKS;

/** Star Ratings export up to mid 2020 (ratings only; the February 2017 file). */
export const STAR_RATINGS_2017: readonly string[] = [
  ...STAR_RATINGS_HEAD,
  ...ratings.slice(0, 6),
  ...ratings.slice(10),
  ...rnStaffingRating,
  "Location",
  "Processing Date",
];

/** Star Ratings export from July 2020, with long-stay and short-stay QM (the July 2020 file). */
export const STAR_RATINGS_2020: readonly string[] = [
  ...STAR_RATINGS_HEAD,
  ...ratings,
  ...rnStaffingRating,
  "Processing Date",
  "Location",
];

/**
 * The 2019-2020 monthly archives' `ProviderInfo_Download.csv` (layout L1) names columns in short: each L1 name with
 * the full names (2021 and 2023+) of the column it stands for. Other columns keep their full names, less those of
 * NOT_IN_L1; `FILEDATE` ends the header instead of `Processing Date`.
 */
export const L1_RENAMES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["provnum", ["Federal Provider Number", "CMS Certification Number (CCN)"]],
  ["PROVNAME", ["Provider Name"]],
  ["ADDRESS", ["Provider Address"]],
  ["CITY", ["Provider City", "City/Town"]],
  ["STATE", ["Provider State", "State"]],
  ["ZIP", ["Provider Zip Code", "ZIP Code"]],
  ["PHONE", ["Provider Phone Number", "Telephone Number"]],
  ["COUNTY_NAME", ["Provider County Name", "County/Parish"]],
  ["OWNERSHIP", ["Ownership Type"]],
  ["BEDCERT", ["Number of Certified Beds"]],
  ["RESTOT", ["Average Number of Residents per Day"]],
  ["overall_rating", ["Overall Rating"]],
  ["overall_rating_fn", ["Overall Rating Footnote"]],
  ["survey_rating", ["Health Inspection Rating"]],
  ["survey_rating_fn", ["Health Inspection Rating Footnote"]],
  ["quality_rating", ["QM Rating"]],
  ["quality_rating_fn", ["QM Rating Footnote"]],
  ["ls_quality_rating", ["Long-Stay QM Rating"]],
  ["ss_quality_rating", ["Short-Stay QM Rating"]],
  ["staffing_rating", ["Staffing Rating"]],
  ["staffing_rating_fn", ["Staffing Rating Footnote"]],
  ["RN_staffing_rating", ["RN Staffing Rating"]],
  // The staffing columns, as the download file of the 2016-2019 data dictionaries names them.
  ["STAFFING_FLAG", ["Reported Staffing Footnote"]],
  ["PT_STAFFING_FLAG", ["Physical Therapist Staffing Footnote"]],
  ["AIDHRD", ["Reported Nurse Aide Staffing Hours per Resident per Day"]],
  ["VOCHRD", ["Reported LPN Staffing Hours per Resident per Day"]],
  ["RNHRD", ["Reported RN Staffing Hours per Resident per Day"]],
  ["TOTLICHRD", ["Reported Licensed Staffing Hours per Resident per Day"]],
  ["TOTHRD", ["Reported Total Nurse Staffing Hours per Resident per Day"]],
  ["PTHRD", ["Reported Physical Therapist Staffing Hours per Resident Per Day"]],
  ["exp_aide", ["Case-Mix Nurse Aide Staffing Hours per Resident per Day"]],
  ["exp_lpn", ["Case-Mix LPN Staffing Hours per Resident per Day"]],
  ["exp_rn", ["Case-Mix RN Staffing Hours per Resident per Day"]],
  ["exp_total", ["Case-Mix Total Nurse Staffing Hours per Resident per Day"]],
  ["adj_aide", ["Adjusted Nurse Aide Staffing Hours per Resident per Day"]],
  ["adj_lpn", ["Adjusted LPN Staffing Hours per Resident per Day"]],
  ["adj_rn", ["Adjusted RN Staffing Hours per Resident per Day"]],
  ["adj_total", ["Adjusted Total Nurse Staffing Hours per Resident per Day"]],
  ["cycle_1_defs_score", ["Rating Cycle 1 Health Deficiency Score"]],
  ["WEIGHTED_ALL_CYCLES_SCORE", ["Total Weighted Health Survey Score"]],
  ["cmplnt_cnt", ["Number of Substantiated Complaints"]],
  ["FINE_TOT", ["Total Amount of Fines in Dollars"]],
  ["PAYDEN_CNT", ["Number of Payment Denials"]],
  ["FINE_CNT", ["Number of Fines"]],
];

/** Columns that did not exist in 2019 and so are not in an L1 file (with those of NOT_IN_L1_PATTERN). */
export const NOT_IN_L1: readonly string[] = [
  "Chain Name",
  "Chain ID",
  "Number of Facilities in Chain",
  "Affiliated Entity Name",
  "Affiliated Entity ID",
  "Latitude",
  "Longitude",
  "Geocoding Footnote",
  "Number of Citations from Infection Control Inspections",
  "Location",
];
export const NOT_IN_L1_PATTERN =
  /^chain average |turnover|administrators who have left|weekend|^nursing case-mix index/i;

// ------------------------------------------------------------------------------------------------------------
// Health Deficiencies (health citations) and Penalties

/** The columns that open every inspection file: the facility, under the names of 2017 to mid 2023 and since. */
const INSPECTION_FACILITY_2017 = COLUMN_BLOCKS.identity2021.filter(
  (name) => !/Phone|County/.test(name),
) as readonly string[];
const INSPECTION_FACILITY_2023 = COLUMN_BLOCKS.identity.filter(
  (name) => !/Telephone|County/.test(name),
) as readonly string[];

/** The Health Deficiencies layouts by the month they began. */
export type CitationsEra = "2017" | "2021" | "2023" | "2023-07";

function citationColumns(era: CitationsEra, { isFire = false } = {}): readonly string[] {
  return [
    ...(era === "2023-07" ? INSPECTION_FACILITY_2023 : INSPECTION_FACILITY_2017),
    "Survey Date",
    "Survey Type",
    "Deficiency Prefix",
    "Deficiency Category",
    "Deficiency Tag Number",
    // Fire Safety Deficiencies only (table 6 of the data dictionary): "Old" or "New" Life Safety Code tags.
    ...(isFire ? ["Tag Version"] : []),
    "Deficiency Description",
    "Scope Severity Code",
    "Deficiency Corrected",
    "Correction Date",
    "Inspection Cycle",
    "Standard Deficiency",
    "Complaint Deficiency",
    // From January 2021.
    ...(era === "2017" ? [] : ["Infection Control Inspection Deficiency"]),
    // From January 2023.
    ...(era === "2023" || era === "2023-07" ? ["Citation under IDR", "Citation under IIDR"] : []),
    "Location",
    "Processing Date",
  ];
}

/** The layout CMS used for the health citations of a processing date (`YYYY-MM-DD`). */
export function citationsEra(processingDate: string): CitationsEra {
  return processingDate < "2021-01"
    ? "2017"
    : processingDate < "2023-01"
      ? "2021"
      : processingDate < "2023-07"
        ? "2023"
        : "2023-07";
}

export const HEALTH_CITATIONS: Record<CitationsEra, readonly string[]> = {
  "2017": citationColumns("2017"),
  "2021": citationColumns("2021"),
  "2023": citationColumns("2023"),
  "2023-07": citationColumns("2023-07"),
};

/**
 * Fire Safety Deficiencies (`NH_FireSafetyCitations_MonYYYY.csv`) by the same eras: the health citations' columns
 * with `Tag Version` after the tag (the flags and dispute columns came in the same months).
 */
export const FIRE_SAFETY_CITATIONS: Record<CitationsEra, readonly string[]> = {
  "2017": citationColumns("2017", { isFire: true }),
  "2021": citationColumns("2021", { isFire: true }),
  "2023": citationColumns("2023", { isFire: true }),
  "2023-07": citationColumns("2023-07", { isFire: true }),
};

/** Penalties up to mid 2023 (the February 2017 and June 2021 files) and since. */
export type PenaltiesEra = "2017" | "2023-07";

export function penaltiesEra(processingDate: string): PenaltiesEra {
  return processingDate < "2023-07" ? "2017" : "2023-07";
}

const PENALTY_COLUMNS = [
  "Penalty Date",
  "Penalty Type",
  "Fine Amount",
  "Payment Denial Start Date",
  "Payment Denial Length in Days",
  "Location",
  "Processing Date",
];

export const PENALTIES: Record<PenaltiesEra, readonly string[]> = {
  "2017": [...INSPECTION_FACILITY_2017, ...PENALTY_COLUMNS],
  "2023-07": [...INSPECTION_FACILITY_2023, ...PENALTY_COLUMNS],
};

/**
 * The 2019-2020 monthly archives' `HealthDeficiencies_Download.csv` and `Penalties_Download.csv` (layout L1) name
 * columns in short, as the download files of the data dictionary of those years do; `FILEDATE` replaces
 * `Processing Date` and there is no `Location`. `CATEGORY` came in November 2019 (the archives before have none);
 * `hlthsrvy_post20171128` (a flag of surveys since 28 November 2017) went in April 2019.
 */
export const L1_INSPECTION_RENAMES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["provnum", ["Federal Provider Number", "CMS Certification Number (CCN)"]],
  ["provname", ["Provider Name"]],
  ["address", ["Provider Address"]],
  ["city", ["Provider City", "City/Town"]],
  ["state", ["Provider State", "State"]],
  ["zip", ["Provider Zip Code", "ZIP Code"]],
  ["survey_date_output", ["Survey Date"]],
  ["SurveyType", ["Survey Type"]],
  ["DEFPREF", ["Deficiency Prefix"]],
  ["CATEGORY", ["Deficiency Category"]],
  ["TAG", ["Deficiency Tag Number"]],
  ["TAG_DESC", ["Deficiency Description"]],
  ["SCOPE", ["Scope Severity Code"]],
  ["DEFSTAT", ["Deficiency Corrected"]],
  ["statdate", ["Correction Date"]],
  ["cycle", ["Inspection Cycle"]],
  ["standard", ["Standard Deficiency"]],
  ["complaint", ["Complaint Deficiency"]],
  ["pnlty_date", ["Penalty Date"]],
  ["pnlty_type", ["Penalty Type"]],
  ["fine_amt", ["Fine Amount"]],
  ["payden_strt_dt", ["Payment Denial Start Date"]],
  ["payden_days", ["Payment Denial Length in Days"]],
  ["filedate", ["Processing Date"]],
];

/**
 * Columns an L1 inspection file does not have. Its `FireSafetyDeficiencies_Download.csv` is taken to name its
 * columns as the health citations' download file does (no archive of the time was at hand), without a tag version.
 */
export const NOT_IN_L1_INSPECTION: readonly string[] = [
  "Location",
  "Tag Version",
  "Infection Control Inspection Deficiency",
  "Citation under IDR",
  "Citation under IIDR",
];

/**
 * An inspection layout's columns as an L1 archive names them: [L1 name, the full name whose values it holds (null
 * for a column only L1 has)], in file order.
 */
export function l1InspectionColumns(
  columns: readonly string[],
  { archiveMonth }: { archiveMonth: string },
): [string, string | null][] {
  const byFullName = new Map(
    L1_INSPECTION_RENAMES.flatMap(([l1, names]) => names.map((name) => [name, l1] as const)),
  );
  const mapped: [string, string | null][] = columns
    .filter((name) => !NOT_IN_L1_INSPECTION.includes(name))
    .filter((name) => name !== "Deficiency Category" || archiveMonth >= "2019-11")
    .map((name) => [byFullName.get(name) ?? name, name]);
  if (archiveMonth < "2019-04" && columns.includes("Deficiency Tag Number")) {
    mapped.splice(mapped.length - 1, 0, ["hlthsrvy_post20171128", null]);
  }
  return mapped;
}
