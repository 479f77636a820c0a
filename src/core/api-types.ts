// Request and response shapes of the HTTP API (docs/api.md), shared by the server and the web client.
import { z } from "zod";
import type { AlertMetric, AlertPeriod } from "./constants.ts";

export const ratingSchema = z.number().int().min(0).max(5).nullable();

export const facilityListItemSchema = z.object({
  ccn: z.string(),
  providerName: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  overallRating: ratingSchema,
  healthInspectionRating: ratingSchema,
  staffingRating: ratingSchema,
  qmRating: ratingSchema,
  averageResidentsPerDay: z.number().int().nullable(),
  healthDeficiencyScore: z.number().nullable(),
  affiliatedEntityName: z.string().nullable(),
});

export const ratingAlertSchema = z.object({
  ratingMetric: z.string(),
  overallDiff: z.number(),
  healthInspectionDiff: z.number(),
  staffingDiff: z.number(),
  qmDiff: z.number(),
  longStayQmDiff: z.number(),
  shortStayQmDiff: z.number(),
  previousOverall: z.number().nullable(),
  previousHealthInspection: z.number().nullable(),
  previousStaffing: z.number().nullable(),
  previousQm: z.number().nullable(),
  previousLongStayQm: z.number().nullable(),
  previousShortStayQm: z.number().nullable(),
  latestOverall: z.number().nullable(),
  latestHealthInspection: z.number().nullable(),
  latestStaffing: z.number().nullable(),
  latestQm: z.number().nullable(),
  latestLongStayQm: z.number().nullable(),
  latestShortStayQm: z.number().nullable(),
  previousDate: z.string(),
  latestDate: z.string(),
});
export type RatingAlert = z.infer<typeof ratingAlertSchema>;

export const facilityWithAlertSchema = facilityListItemSchema.extend({ ratingAlert: ratingAlertSchema.optional() });
export type FacilityListItem = z.infer<typeof facilityWithAlertSchema>;

export const summarySchema = z.object({
  totalFacilities: z.number(),
  totalResidents: z.number(),
  averageRating: z.number().nullable(),
  averageDeficiencyScore: z.number().nullable(),
});
export type Summary = z.infer<typeof summarySchema>;

export const facilityListResponseSchema = z.object({
  data: z.array(facilityWithAlertSchema),
  totalCount: z.number(),
  summary: summarySchema,
  error: z.string().optional(),
});
export type FacilityListResponse = z.infer<typeof facilityListResponseSchema>;

export const facilityDetailSchema = facilityListItemSchema.extend({
  totalWeightedHealthSurveyScore: z.number().nullable(),
  substantiatedComplaints: z.number().nullable(),
  infectionControlCitations: z.number().nullable(),
  finesTotalDollars: z.number().nullable(),
  paymentDenials: z.number().nullable(),
  rnStaffingHoursPerResidentPerDay: z.number().nullable(),
  totalNursingStaffTurnover: z.number().nullable(),
  administratorsLeft: z.number().nullable(),
  certifiedBeds: z.number().nullable(),
  processingDate: z.string(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
  phone: z.string().nullable(),
  county: z.string().nullable(),
  ownershipType: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  affiliatedEntityId: z.string().nullable(),
  longStayQmRating: ratingSchema,
  shortStayQmRating: ratingSchema,
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

export const alertWithCcnSchema = ratingAlertSchema.extend({ ccn: z.string() });
export type AlertWithCcn = z.infer<typeof alertWithCcnSchema>;

export const dataSourceSchema = z.enum(["cms", "demo", "files"]);
export type DataSource = z.infer<typeof dataSourceSchema>;

export const metaSchema = z.object({
  source: dataSourceSchema.nullable(),
  latestProcessingDate: z.string().nullable(),
  processingDates: z.array(z.string()),
  facilityCount: z.number(),
  snapshotCount: z.number(),
  dataVersion: z.string(),
});
export type Meta = z.infer<typeof metaSchema>;

export const apiErrorSchema = z.object({
  error: z.object({ message: z.string(), param: z.string().optional() }),
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
}
