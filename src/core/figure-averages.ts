// The staffing figures' and quality measures' averages of a group of facilities: the state's and the nation's in
// GET /api/benchmarks, and an affiliated entity's beside the nation's in GET /api/entities/{name}/staffing-quality
// (docs/api.md). Where CMS's State/US Averages file publishes a state's or the nation's average, it is CMS's figure
// exactly (`averagesSource: "cms"`); else the product's own mean over the current facilities (`"product"`).
import * as z from "zod/mini";
import { AVERAGES_SOURCES, STAFFING_KEYS, STAFFING_UNITS } from "./staffing.ts";

const nullableNumber = z.nullable(z.number());
const averagesSource = z.enum(AVERAGES_SOURCES);

/** A state's or the nation's average of one figure or measure, and where it comes from. */
export const figureAverageSchema = z.object({ average: nullableNumber, source: averagesSource });
export type FigureAverage = z.infer<typeof figureAverageSchema>;

/** GET /api/benchmarks: every staffing figure by key and every current quality measure by code, for a scope. */
export const benchmarkFiguresSchema = z.object({
  staffing: z.record(z.enum(STAFFING_KEYS), figureAverageSchema),
  /** Keyed by CMS's measure code ("410"); the measures of the newest quality files and of CMS's averages file. */
  qualityMeasures: z.record(z.string(), figureAverageSchema),
});
export type BenchmarkFigures = z.infer<typeof benchmarkFiguresSchema>;

/** One staffing figure of an entity: its facilities' mean, how many of them report it, and the nation's average. */
export const entityStaffingFigureSchema = z.object({
  key: z.enum(STAFFING_KEYS),
  label: z.string(),
  unit: z.enum(STAFFING_UNITS),
  /** The mean over the entity's current facilities that report the figure at their release; null when none does. */
  average: nullableNumber,
  facilities: z.int(),
  national: nullableNumber,
  averagesSource: averagesSource,
});
export type EntityStaffingFigure = z.infer<typeof entityStaffingFigureSchema>;

/** One quality measure of an entity: its facilities' mean current score and the nation's average. */
export const entityQualityMeasureSchema = z.object({
  code: z.string(),
  description: z.string(),
  residentType: z.enum(["shortStay", "longStay"]),
  source: z.enum(["mds", "claims"]),
  usedInRating: z.boolean(),
  betterWhen: z.enum(["lower", "higher"]),
  /** The measure period of the newest release (MDS: `2025Q2-2026Q1`; claims: `2025-01-01/2025-12-31`). */
  period: z.string(),
  /** The mean of the current scores (MDS: four-quarter average; claims: adjusted) of the facilities that have one. */
  score: nullableNumber,
  facilities: z.int(),
  national: nullableNumber,
  averagesSource: averagesSource,
});
export type EntityQualityMeasure = z.infer<typeof entityQualityMeasureSchema>;

/** GET /api/entities/{name}/staffing-quality */
export const entityStaffingQualitySchema = z.object({
  name: z.string(),
  facilityCount: z.int(),
  /** The processing date of the newest quality measures release loaded (null when none is). */
  qualityProcessingDate: z.nullable(z.string()),
  /** The processing date of CMS's averages file used (null when none is loaded). */
  averagesProcessingDate: z.nullable(z.string()),
  staffing: z.array(entityStaffingFigureSchema),
  qualityMeasures: z.array(entityQualityMeasureSchema),
});
export type EntityStaffingQuality = z.infer<typeof entityStaffingQualitySchema>;
