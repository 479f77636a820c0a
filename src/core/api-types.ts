// Request and response shapes of the HTTP API (docs/api.md), shared by the server and the web client.
import * as z from "zod/mini";
import type { AlertMetric, AlertPeriod } from "./constants.ts";
import { benchmarkFiguresSchema } from "./figure-averages.ts";
import {
  type HarmFilter,
  INSPECTION_TYPES,
  type InspectionType,
  SCOPE_SEVERITY_CODES,
  SURVEY_KINDS,
  type SurveyKind,
} from "./inspections.ts";
import { type SffFilter, SPECIAL_FOCUS_STATUSES, specialFocusPeriodSchema } from "./special-focus.ts";

export const ratingSchema = z.nullable(z.int().check(z.minimum(0), z.maximum(5)));

export const facilityListItemSchema = z.object({
  ccn: z.string(),
  providerName: z.string(),
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
  overallRating: ratingSchema,
  healthInspectionRating: ratingSchema,
  staffingRating: ratingSchema,
  qmRating: ratingSchema,
  averageResidentsPerDay: z.nullable(z.int()),
  healthDeficiencyScore: z.nullable(z.number()),
  affiliatedEntityName: z.nullable(z.string()),
  /** Miles from the list's `near` place, one decimal; null without `near` (absent in older answers). */
  distanceMiles: z.optional(z.nullable(z.number())),
  // The last three years of the facility's inspection record (docs/api.md, "Inspections, penalties and
  // citations"): null when the database holds no health citations file (fines: no penalties file); absent in
  // answers from before they existed.
  /** Health citations in the three years at A-C (no actual harm, potential for minimal harm). */
  citationsMinimalHarm: z.optional(z.nullable(z.int())),
  /** ... at D-F (no actual harm, potential for more than minimal harm). */
  citationsPotentialHarm: z.optional(z.nullable(z.int())),
  /** ... at G-I (actual harm). */
  citationsActualHarm: z.optional(z.nullable(z.int())),
  /** ... at J-L (immediate jeopardy). */
  citationsImmediateJeopardy: z.optional(z.nullable(z.int())),
  /** The most severe scope and severity code cited in the three years ("A" to "L"); null when none. */
  mostSevereCitation: z.optional(z.nullable(z.enum(SCOPE_SEVERITY_CODES))),
  /** CMS's Abuse Icon, or a citation of the abuse category in the three years. */
  abuse: z.optional(z.nullable(z.boolean())),
  /** Fines with a penalty date in the three years: how many, and their dollars. */
  finesThreeYears: z.optional(z.nullable(z.int())),
  fineDollarsThreeYears: z.optional(z.nullable(z.number())),
  // Staffing from the facility's newest Provider Information release (docs/api.md, "Staffing"): null where its
  // layout lacks the figure; absent in answers from before they existed.
  /** Reported total nurse staffing hours per resident per day (`sort=nurseHours`). */
  totalNurseHours: z.optional(z.nullable(z.number())),
  /** Reported RN staffing hours per resident per day. */
  rnHours: z.optional(z.nullable(z.number())),
  /** Total nurse staff hours per resident per day at weekends (`sort=weekendNurseHours`; files since 2022). */
  weekendTotalNurseHours: z.optional(z.nullable(z.number())),
  /** Total nursing staff turnover, percent (files since 2022). */
  totalNurseTurnover: z.optional(z.nullable(z.number())),
  // From the facility's newest Provider Information release (docs/api.md, "Special focus and the home's own
  // fields"); absent in answers from before they existed.
  /** CMS's Special Focus Status: a Special Focus Facility (`sff`), a candidate, or null (neither, or not known). */
  specialFocus: z.optional(z.nullable(z.enum(SPECIAL_FOCUS_STATUSES))),
  /** CMS's "Provider Changed Ownership in Last 12 Months"; null where the release's layout lacks it. */
  ownershipChanged: z.optional(z.nullable(z.boolean())),
});

export const ratingAlertSchema = z.object({
  ratingMetric: z.string(),
  overallDiff: z.number(),
  healthInspectionDiff: z.number(),
  staffingDiff: z.number(),
  qmDiff: z.number(),
  longStayQmDiff: z.number(),
  shortStayQmDiff: z.number(),
  previousOverall: z.nullable(z.number()),
  previousHealthInspection: z.nullable(z.number()),
  previousStaffing: z.nullable(z.number()),
  previousQm: z.nullable(z.number()),
  previousLongStayQm: z.nullable(z.number()),
  previousShortStayQm: z.nullable(z.number()),
  latestOverall: z.nullable(z.number()),
  latestHealthInspection: z.nullable(z.number()),
  latestStaffing: z.nullable(z.number()),
  latestQm: z.nullable(z.number()),
  latestLongStayQm: z.nullable(z.number()),
  latestShortStayQm: z.nullable(z.number()),
  previousDate: z.string(),
  latestDate: z.string(),
});
export type RatingAlert = z.infer<typeof ratingAlertSchema>;

export const facilityWithAlertSchema = z.extend(facilityListItemSchema, {
  ratingAlert: z.optional(ratingAlertSchema),
});
export type FacilityListItem = z.infer<typeof facilityWithAlertSchema>;

export const summarySchema = z.object({
  totalFacilities: z.number(),
  totalResidents: z.number(),
  averageRating: z.nullable(z.number()),
  averageDeficiencyScore: z.nullable(z.number()),
});
export type Summary = z.infer<typeof summarySchema>;

export const PLACE_KINDS = ["zip", "city"] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** GET /api/places: a suggestion for the Near field. */
export const placeSchema = z.object({
  label: z.string(),
  kind: z.enum(PLACE_KINDS),
  latitude: z.number(),
  longitude: z.number(),
});
export type Place = z.infer<typeof placeSchema>;

/** The place of a list filtered by `near`, as the server resolved it. */
export const nearSchema = z.extend(placeSchema, {
  radiusMiles: z.number(),
  /** Facilities of the view (without `near`) that have no position, so are not shown. */
  withoutLocation: z.int(),
});
export type Near = z.infer<typeof nearSchema>;

export const facilityListResponseSchema = z.object({
  data: z.array(facilityWithAlertSchema),
  totalCount: z.number(),
  summary: summarySchema,
  near: z.optional(z.nullable(nearSchema)),
  error: z.optional(z.string()),
});
export type FacilityListResponse = z.infer<typeof facilityListResponseSchema>;

export const facilityDetailSchema = z.extend(facilityListItemSchema, {
  totalWeightedHealthSurveyScore: z.nullable(z.number()),
  substantiatedComplaints: z.nullable(z.number()),
  /**
   * Health citations flagged "Complaint Deficiency" with a survey date in the last three years (the window of the
   * list's three-year figures): what the product shows where Provider Information has no substantiated complaints
   * (CMS stopped publishing them in 2025). Null when no health citations file is loaded; absent in older answers.
   */
  complaintCitationsThreeYears: z.optional(z.nullable(z.int())),
  infectionControlCitations: z.nullable(z.number()),
  finesTotalDollars: z.nullable(z.number()),
  paymentDenials: z.nullable(z.number()),
  rnStaffingHoursPerResidentPerDay: z.nullable(z.number()),
  totalNursingStaffTurnover: z.nullable(z.number()),
  administratorsLeft: z.nullable(z.number()),
  certifiedBeds: z.nullable(z.number()),
  processingDate: z.string(),
  address: z.nullable(z.string()),
  zip: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  county: z.nullable(z.string()),
  ownershipType: z.nullable(z.string()),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  affiliatedEntityId: z.nullable(z.string()),
  longStayQmRating: ratingSchema,
  shortStayQmRating: ratingSchema,
  /** Where the facility is: CMS's coordinates, else its ZIP code's (approximate); null when neither is known. */
  position: z.optional(
    z.nullable(z.object({ latitude: z.number(), longitude: z.number(), approximate: z.boolean() })),
  ),
  // Provider Information's fields about the home itself, from its newest release: null where that release's layout
  // lacks the column (never false); absent in answers from before they existed.
  /** The legal business name CMS lists (as CMS writes it, "Legal Business Name Not Available" included). */
  legalBusinessName: z.optional(z.nullable(z.string())),
  /** Date first approved to provide Medicare and Medicaid services (YYYY-MM-DD). */
  firstApprovedDate: z.optional(z.nullable(z.string())),
  /** Part of a continuing care retirement community. */
  continuingCareRetirementCommunity: z.optional(z.nullable(z.boolean())),
  /** The home is inside a hospital. */
  residesInHospital: z.optional(z.nullable(z.boolean())),
  /** CMS's "With a Resident and Family Council": `Resident`, `Family`, `Both` or `None`, as CMS writes it. */
  residentFamilyCouncil: z.optional(z.nullable(z.string())),
  /** CMS's "Automatic Sprinkler Systems in All Required Areas": `Yes`, `Partial`, `No`, `Data Not Available`. */
  automaticSprinklerSystems: z.optional(z.nullable(z.string())),
  /** CMS's "Most Recent Health Inspection More Than 2 Years Ago". */
  healthInspectionOverTwoYearsAgo: z.optional(z.nullable(z.boolean())),
  /**
   * The stretches of consecutive releases loaded (Provider Information releases that list the home) in which CMS
   * listed it as a Special Focus Facility or a candidate, oldest first; empty when none.
   */
  specialFocusHistory: z.optional(z.array(specialFocusPeriodSchema)),
});
export type FacilityDetail = z.infer<typeof facilityDetailSchema>;

export const ratingSnapshotSchema = z.object({
  ccn: z.string(),
  processingDate: z.string(),
  overallRating: ratingSchema,
  healthInspectionRating: ratingSchema,
  qmRating: ratingSchema,
  longStayQmRating: ratingSchema,
  shortStayQmRating: ratingSchema,
  staffingRating: ratingSchema,
});
export type RatingSnapshot = z.infer<typeof ratingSnapshotSchema>;

export const alertWithCcnSchema = z.extend(ratingAlertSchema, { ccn: z.string() });
export type AlertWithCcn = z.infer<typeof alertWithCcnSchema>;

export const dataSourceSchema = z.enum(["cms", "demo", "files"]);
export type DataSource = z.infer<typeof dataSourceSchema>;

/** What the server is loading from CMS right now (first start or a refresh), for the page's progress. */
export const dataLoadSchema = z.object({
  /** True while a first load or a refresh is downloading or loading files. */
  isLoading: z.boolean(),
  /** "initial": the first load of an empty database; "refresh": a periodic check that found new files. */
  kind: z.nullable(z.enum(["initial", "refresh"])),
  /** A short description of the current step, e.g. "Downloading nursing-homes_2026-06-24.zip". */
  step: z.nullable(z.string()),
  filesDone: z.int(),
  filesTotal: z.int(),
  /** Bytes of the file being downloaded, when one is (total null when the server did not say). */
  bytesDone: z.nullable(z.number()),
  bytesTotal: z.nullable(z.number()),
});
export type DataLoad = z.infer<typeof dataLoadSchema>;

/** Nothing loading. */
export const IDLE_LOAD: DataLoad = {
  isLoading: false,
  kind: null,
  step: null,
  filesDone: 0,
  filesTotal: 0,
  bytesDone: null,
  bytesTotal: null,
};

/** The periodic refresh from CMS (CMS_REFRESH_INTERVAL_S); timestamps are ISO 8601. */
export const refreshStatusSchema = z.object({
  /** Seconds between checks; 0 when the refresh is off. */
  intervalSeconds: z.int(),
  lastCheck: z.nullable(z.string()),
  lastSuccess: z.nullable(z.string()),
  nextCheck: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
});
export type RefreshStatus = z.infer<typeof refreshStatusSchema>;

export const metaSchema = z.object({
  source: z.nullable(dataSourceSchema),
  latestProcessingDate: z.nullable(z.string()),
  /** Processing date of the Provider Information release the listed facilities come from. */
  facilitiesProcessingDate: z.nullable(z.string()),
  processingDates: z.array(z.string()),
  facilityCount: z.number(),
  snapshotCount: z.number(),
  dataVersion: z.string(),
  /**
   * The three years the list's inspection figures count (both days included): they end at the newest processing
   * date loaded. Null when no health citations or penalties file is loaded; absent in older answers.
   */
  inspectionWindow: z.optional(z.nullable(z.object({ start: z.string(), end: z.string() }))),
  load: dataLoadSchema,
  refresh: refreshStatusSchema,
});
export type Meta = z.infer<typeof metaSchema>;

export const apiErrorSchema = z.object({
  error: z.object({ message: z.string(), param: z.optional(z.string()) }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The facility-list query after strict validation on the server (and what the web client sends). */
export interface FacilityQuery {
  search: string;
  rating: number | null;
  states: string[];
  entities: string[];
  ccns: string[] | null;
  alertEnabled: boolean;
  alertThreshold: number;
  alertMetric: AlertMetric;
  alertPeriod: AlertPeriod;
  page: number;
  pageSize: number;
  /** A place (ZIP code or "City, ST") as given; null for no distance filter. */
  near?: string | null;
  /** Miles around `near` (1 to 500); null for the default (25). */
  radius?: number | null;
  /** The list's order; null for the default (distance with `near`, name without). */
  sort?: ListSort | null;
  /** Facilities with a citation at G or worse (`actual`) or J or worse (`jeopardy`) in three years; null for all. */
  harm?: HarmFilter | null;
  /** Only the facilities with CMS's Abuse Icon or an abuse citation in three years (false: all). */
  abuse?: boolean;
  /**
   * Only the facilities where one of these owners has a role now: owner keys (`organization:ACME HEALTH LLC`,
   * src/core/ownership.ts ownerKey), sorted; absent or empty for all.
   */
  owners?: string[];
  /** Special Focus Facilities (`sff`), candidates (`candidate`) or either; null for all. */
  sff?: SffFilter | null;
  /** Only the facilities CMS flags as having changed ownership in the last 12 months (false: all). */
  ownershipChanged?: boolean;
}

export const LIST_SORTS = ["name", "distance", "rating", "nurseHours", "weekendNurseHours"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** GET /api/facilities/points: the view's facilities that have a position, as parallel arrays in the list's order. */
export const facilityPointsSchema = z.object({
  ccn: z.array(z.string()),
  latitude: z.array(z.number()),
  longitude: z.array(z.number()),
  overallRating: z.array(ratingSchema),
  approximate: z.array(z.boolean()),
  withoutPosition: z.int(),
});
export type FacilityPoints = z.infer<typeof facilityPointsSchema>;

// ---- Benchmarks, rating changes, affiliated entities (docs/api.md) ----

/** One measure's average over the current facilities (nulls excluded) and how many facilities it counts. */
export const averageSchema = z.object({ average: z.nullable(z.number()), count: z.int() });
export type Average = z.infer<typeof averageSchema>;

/** The measures that have state and national averages, in the order the detail page shows them. */
export const BENCHMARK_MEASURES = [
  "overallRating",
  "healthInspectionRating",
  "staffingRating",
  "qmRating",
  "healthDeficiencyScore",
  "totalWeightedHealthSurveyScore",
  "rnStaffingHoursPerResidentPerDay",
  "totalNursingStaffTurnover",
  "finesTotalDollars",
] as const;
export type BenchmarkMeasure = (typeof BENCHMARK_MEASURES)[number];

export const benchmarkSchema = z.object({
  overallRating: averageSchema,
  healthInspectionRating: averageSchema,
  staffingRating: averageSchema,
  qmRating: averageSchema,
  healthDeficiencyScore: averageSchema,
  /** The detail page's Health Deficiency Score (the survey score of the detail call, SPEC section 3). */
  totalWeightedHealthSurveyScore: averageSchema,
  rnStaffingHoursPerResidentPerDay: averageSchema,
  totalNursingStaffTurnover: averageSchema,
  finesTotalDollars: averageSchema,
});
export type Benchmark = z.infer<typeof benchmarkSchema>;

/** GET /api/benchmarks/states: each state's averages, for the map's state layer. */
export const stateBenchmarksSchema = z.record(z.string(), benchmarkSchema);
export type StateBenchmarks = z.infer<typeof stateBenchmarksSchema>;

/** A scope of GET /api/benchmarks: the averages above, and every staffing figure's and quality measure's. */
export const benchmarkWithFiguresSchema = z.extend(benchmarkSchema, benchmarkFiguresSchema.shape);

/** GET /api/benchmarks?state=XX */
export const benchmarksSchema = z.object({
  state: z.nullable(benchmarkWithFiguresSchema),
  national: benchmarkWithFiguresSchema,
  /** The processing date of CMS's State/US averages file whose figures are given (null when none is loaded). */
  averagesProcessingDate: z.nullable(z.string()),
});
export type Benchmarks = z.infer<typeof benchmarksSchema>;

/** The four star ratings whose changes are listed. */
export const CHANGE_METRICS = [
  "overallRating",
  "healthInspectionRating",
  "staffingRating",
  "qmRating",
] as const;
export type ChangeMetric = (typeof CHANGE_METRICS)[number];

/** GET /api/facilities/{ccn}/changes: one rating that differs from the snapshot before it. */
export const ratingChangeSchema = z.object({
  processingDate: z.string(),
  previousProcessingDate: z.string(),
  metric: z.enum(CHANGE_METRICS),
  from: z.int(),
  to: z.int(),
});
export type RatingChange = z.infer<typeof ratingChangeSchema>;

/** GET /api/entities/{name} */
/**
 * The inspection figures of a group of facilities over the three years of the list's figures: their citations by
 * CMS's harm level, how many of the facilities have a citation at actual harm or worse (G-L), at immediate jeopardy
 * (J-L), abuse (CMS's Abuse Icon or an abuse citation) and fines, and the fines. Each null when no health citations
 * (or, for the fines, penalties) file is loaded.
 */
export const inspectionTotalsSchema = z.object({
  facilities: z.int(),
  citations: z.nullable(
    z.object({ minimal: z.int(), potential: z.int(), actual: z.int(), jeopardy: z.int() }),
  ),
  facilitiesWithActualHarm: z.nullable(z.int()),
  facilitiesWithImmediateJeopardy: z.nullable(z.int()),
  facilitiesWithAbuse: z.nullable(z.int()),
  fines: z.nullable(z.int()),
  fineDollars: z.nullable(z.number()),
  facilitiesFined: z.nullable(z.int()),
});
export type InspectionTotals = z.infer<typeof inspectionTotalsSchema>;

export const entitySchema = z.object({
  name: z.string(),
  facilityCount: z.int(),
  states: z.array(z.string()),
  averageRatings: z.object({
    overallRating: z.nullable(z.number()),
    healthInspectionRating: z.nullable(z.number()),
    staffingRating: z.nullable(z.number()),
    qmRating: z.nullable(z.number()),
  }),
  ratingDistribution: z.object({
    "1": z.int(),
    "2": z.int(),
    "3": z.int(),
    "4": z.int(),
    "5": z.int(),
    unrated: z.int(),
  }),
  /** The entity's facilities' three years of inspections, beside the nation's; null until such a file is loaded. */
  inspections: z.nullable(
    z.object({
      window: z.object({ start: z.string(), end: z.string() }),
      totals: inspectionTotalsSchema,
      national: inspectionTotalsSchema,
    }),
  ),
});
export type Entity = z.infer<typeof entitySchema>;

/** GET /api/entities/{name}/trend: one point per month the database holds, ascending. */
export const entityTrendPointSchema = z.object({
  processingDate: z.string(),
  facilities: z.int(),
  averageOverallRating: z.nullable(z.number()),
});
export type EntityTrendPoint = z.infer<typeof entityTrendPointSchema>;

// ---- Inspections, penalties and citations (docs/api.md) ----

const code = z.nullable(z.enum(SCOPE_SEVERITY_CODES));

/**
 * A health or fire safety citation as the API writes it (in a facility's surveys, and with its facility in
 * /api/citations).
 */
export const citationSchema = z.object({
  /** "F" for every health citation; "K" (Life Safety Code) or "E" (emergency preparedness) for fire safety ones. */
  prefix: z.string(),
  /** As CMS writes it, four digits: "0689". */
  tag: z.string(),
  /** CMS's category; for citations from files before November 2019, which have none, the tag's newest one. */
  category: z.nullable(z.string()),
  description: z.nullable(z.string()),
  scopeSeverity: code,
  /** The code's harm level in plain words (src/core/inspections.ts, HARM_LEVELS); null without a code. */
  harmLevel: z.nullable(z.string()),
  /** CMS's "Deficiency Corrected" text, e.g. "Deficient, Provider has date of correction". */
  corrected: z.nullable(z.string()),
  correctionDate: z.nullable(z.string()),
  inspectionCycle: z.nullable(z.int()),
  standard: z.nullable(z.boolean()),
  complaint: z.nullable(z.boolean()),
  infectionControl: z.nullable(z.boolean()),
  /** Under informal dispute resolution (IDR or IIDR); null in files before January 2023. */
  disputed: z.nullable(z.boolean()),
});
export type Citation = z.infer<typeof citationSchema>;

export const surveySchema = z.object({
  surveyDate: z.string(),
  /** The inspection's type: "health" (Health Deficiencies) or "fire" (Fire Safety Deficiencies). */
  type: z.enum(INSPECTION_TYPES),
  /** CMS's Survey Type: "Health" for every health citation, "Fire Safety" for fire safety ones. */
  surveyType: z.string(),
  /**
   * The kinds of inspection the survey was, in this order: those its citations are flagged with (the union of their
   * `standard`, `complaint` and `infectionControl`); empty when no citation says (src/core/inspections.ts,
   * surveyTitle, titles it).
   */
  kinds: z.array(z.enum(SURVEY_KINDS)),
  citations: z.array(citationSchema),
});
export type Survey = z.infer<typeof surveySchema>;

/** The counts of each scope and severity code, "A" to "L". */
export const codeCountsSchema = z.record(z.enum(SCOPE_SEVERITY_CODES), z.int());

/** A facility's last three years of health citations, for the detail page's grid and flags. */
export const inspectionSummarySchema = z.object({
  /** The three years counted, both days included: they end at the newest processing date loaded. */
  windowStart: z.string(),
  windowEnd: z.string(),
  /** Citations of each code "A" to "L" (every code present, 0 when none). */
  grid: codeCountsSchema,
  minimalHarm: z.int(),
  potentialHarm: z.int(),
  actualHarm: z.int(),
  immediateJeopardy: z.int(),
  mostSevere: code,
  /** Citations of CMS's abuse category. */
  abuseCitations: z.int(),
  /** CMS's Abuse Icon from the newest Provider Information file (null: not in that file). */
  abuseIcon: z.nullable(z.boolean()),
  /** The Abuse Icon, or an abuse citation in the three years. */
  abuse: z.boolean(),
});
export type InspectionSummary = z.infer<typeof inspectionSummarySchema>;

/** A facility's last three years of fire safety citations (in the window of the health ones). */
export const fireSafetySummarySchema = z.object({
  windowStart: z.string(),
  windowEnd: z.string(),
  /** Fire safety citations in the three years. */
  citations: z.int(),
  /** The fire safety surveys with citations in the three years. */
  surveys: z.int(),
  /** Citations of each code "A" to "L" (every code present, 0 when none). */
  grid: codeCountsSchema,
  minimalHarm: z.int(),
  potentialHarm: z.int(),
  actualHarm: z.int(),
  immediateJeopardy: z.int(),
  mostSevere: code,
  /** Citations of emergency preparedness (E tags), among `citations`. */
  emergencyPreparedness: z.int(),
});
export type FireSafetySummary = z.infer<typeof fireSafetySummarySchema>;

/** GET /api/facilities/{ccn}/inspections */
export const facilityInspectionsSchema = z.object({
  /** Every survey with health or fire safety citations the database holds for the facility, newest first. */
  surveys: z.array(surveySchema),
  /** The health citations' three years; null when no health citations file is loaded, or the facility is not a current one. */
  threeYears: z.nullable(inspectionSummarySchema),
  /**
   * The fire safety citations' three years, apart from the health ones; null when no fire safety citations file is
   * loaded, or the facility is not a current one.
   */
  fireThreeYears: z.nullable(fireSafetySummarySchema),
});
export type FacilityInspections = z.infer<typeof facilityInspectionsSchema>;

export const penaltySchema = z.object({
  /** The date of the inspection that triggered it. */
  date: z.string(),
  type: z.enum(["Fine", "Payment Denial"]),
  fineAmount: z.nullable(z.number()),
  denialStartDate: z.nullable(z.string()),
  denialDays: z.nullable(z.int()),
});
export type Penalty = z.infer<typeof penaltySchema>;

export const penaltyTotalsSchema = z.object({
  fines: z.int(),
  fineDollars: z.number(),
  paymentDenials: z.int(),
  denialDays: z.int(),
});
export type PenaltyTotals = z.infer<typeof penaltyTotalsSchema>;

/** GET /api/facilities/{ccn}/penalties */
export const facilityPenaltiesSchema = z.object({
  /** Every penalty the database holds for the facility, newest first. */
  penalties: z.array(penaltySchema),
  /** Over all of `penalties`. */
  totals: penaltyTotalsSchema,
  /** Over the penalties dated in the last three years (null when the facility is not a current one). */
  threeYears: z.nullable(z.extend(penaltyTotalsSchema, { windowStart: z.string(), windowEnd: z.string() })),
});
export type FacilityPenalties = z.infer<typeof facilityPenaltiesSchema>;

/** A row of GET /api/citations: the citation and its facility. */
export const citationRowSchema = z.extend(citationSchema, {
  ccn: z.string(),
  providerName: z.string(),
  state: z.nullable(z.string()),
  surveyDate: z.string(),
  /** The inspection's type, as the query's `type`. */
  type: z.enum(INSPECTION_TYPES),
  surveyType: z.string(),
});
export type CitationRow = z.infer<typeof citationRowSchema>;

/** GET /api/citations */
export const citationListSchema = z.object({ data: z.array(citationRowSchema), totalCount: z.int() });
export type CitationList = z.infer<typeof citationListSchema>;

/** GET /api/citations/categories: the categories and tags of the current facilities' citations, with counts. */
export const citationCategoriesSchema = z.object({
  categories: z.array(
    z.object({
      /** Null for citations with no category known. */
      category: z.nullable(z.string()),
      citations: z.int(),
      tags: z.array(
        z.object({
          prefix: z.string(),
          tag: z.string(),
          /** The tag's description in the newest file that cites it. */
          description: z.nullable(z.string()),
          citations: z.int(),
        }),
      ),
    }),
  ),
});
export type CitationCategories = z.infer<typeof citationCategoriesSchema>;

/** The citations query after strict validation (GET /api/citations). */
export interface CitationQuery {
  /** Four digits, as CMS writes it. */
  tag: string | null;
  category: string | null;
  harm: HarmFilter | null;
  /** The citations found on this kind of inspection (flagged so by CMS). */
  kind: SurveyKind | null;
  /** Health citations (the default) or fire safety citations. */
  type: InspectionType;
  states: string[];
  entities: string[];
  /** Survey dates, YYYY-MM-DD, both included. */
  from: string | null;
  to: string | null;
  /** Words that must all be in the description (case-insensitive). */
  q: string;
  page: number;
  pageSize: number;
}

// ---- The rest of the answers, for the API's OpenAPI document (src/server/openapi.ts) ----

/** GET /api/methodology: a change of method or a month without a release (src/core/methodology.ts). */
export const methodologyEventSchema = z.object({
  /** The processing date (`YYYY-MM-01`) of the first release it applies to, or of the missing month. */
  date: z.string(),
  /** A few words (at most 28 characters), drawn beside the charts' markers. */
  label: z.string(),
  description: z.string(),
  /** The CMS page it comes from (https, a .gov domain). */
  sourceUrl: z.string(),
});

/** GET /healthz: the server listens (`starting` while the database opens). */
export const healthSchema = z.object({ ok: z.boolean(), starting: z.optional(z.boolean()) });
/** /readyz when the server serves data (a 503 with the error shape says why it does not yet). */
export const readySchema = z.object({ ready: z.boolean() });
