// The schema of GET /api/facilities/{ccn}/quality-measures (types in quality-measures.ts), with which the web app
// checks the answer it reads and the tests check the server's.
import * as z from "zod/mini";
import type { FacilityQualityMeasures } from "./quality-measures.ts";

const score = z.nullable(z.number());

const qualityMeasureSchema = z.object({
  code: z.string(),
  description: z.string(),
  residentType: z.enum(["shortStay", "longStay"]),
  source: z.enum(["mds", "claims"]),
  usedInRating: z.boolean(),
  period: z.string(),
  score,
  observed: score,
  expected: score,
  quarters: z.array(z.object({ quarter: z.string(), score, footnote: z.nullable(z.string()) })),
  footnote: z.nullable(z.string()),
  state: score,
  national: score,
  averagesSource: z.enum(["cms", "product"]),
  betterWhen: z.enum(["lower", "higher"]),
  history: z.array(z.object({ period: z.string(), score })),
});

export const facilityQualityMeasuresSchema = z.object({
  processingDate: z.nullable(z.string()),
  averagesProcessingDate: z.nullable(z.string()),
  measures: z.array(qualityMeasureSchema),
  footnote: z.nullable(z.string()),
});

// The schema and the type say the same: a change to one that the other lacks fails the type check here.
export type CheckedQualityMeasures =
  z.infer<typeof facilityQualityMeasuresSchema> extends FacilityQualityMeasures
    ? FacilityQualityMeasures extends z.infer<typeof facilityQualityMeasuresSchema>
      ? true
      : never
    : never;
export const QUALITY_SCHEMA_MATCHES: CheckedQualityMeasures = true;
