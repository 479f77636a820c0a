// Who runs a home (docs/api.md, "Ownership"): CMS's Ownership file lists, per facility, every owner and manager with
// its role, type, name, percentage and association date. Here, for the ingest, the server and the web app alike: how
// an owner is identified across homes and releases (its type and its name normalised, ownerKey), the role groups
// in plain words, and the shapes of the ownership endpoints.
import * as z from "zod/mini";
import { facilityWithAlertSchema, inspectionTotalsSchema } from "./api-types.ts";

export const OWNER_TYPES = ["individual", "organization"] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];

/**
 * The groups of CMS's role texts, in the order a facility's owners are listed: table 13 of the data dictionary
 * names the roles (`5% OR GREATER DIRECT OWNERSHIP INTEREST`, `OPERATIONAL/MANAGERIAL CONTROL`, ...), the SNF All
 * Owners dictionary the rarer ones (`GENERAL PARTNERSHIP INTEREST`, `W-2 MANAGING EMPLOYEE`, `DIRECTOR`, ...).
 */
export const ROLE_GROUPS = [
  "direct owner",
  "indirect owner",
  "mortgage or security interest",
  "operational or managerial control",
  "managing employee",
  "officer or director",
  "partner",
  "other",
] as const;
export type RoleGroup = (typeof ROLE_GROUPS)[number];

/** The group of one of CMS's role texts (case and spaces do not matter); `other` for a text no group names. */
export function roleGroupOf(role: string): RoleGroup {
  const text = role.toUpperCase().replace(/\s+/g, " ");
  if (/\bINDIRECT OWNERSHIP\b/.test(text)) return "indirect owner";
  if (/\bDIRECT OWNERSHIP\b|^5% OR MORE OWNERSHIP INTEREST$/.test(text)) return "direct owner";
  if (/\b(MORTGAGE|SECURITY) INTEREST\b/.test(text)) return "mortgage or security interest";
  if (/\bOPERATIONAL\b|\bMANAGERIAL CONTROL\b|\bMANAGING CONTROL\b/.test(text)) {
    return "operational or managerial control";
  }
  if (/\bMANAGING EMPLOYEE\b/.test(text)) return "managing employee";
  if (/\bOFFICER\b|\bDIRECTOR\b/.test(text)) return "officer or director";
  if (/\bPARTNER/.test(text)) return "partner";
  return "other";
}

/** A role text as roles are compared (one facility's owner in one role is one row of the history). */
export function roleKey(role: string): string {
  return role.toUpperCase().replace(/\s+/g, " ").trim();
}

/**
 * An owner's name as owners are compared: accents dropped, upper case, periods and apostrophes removed (`L.L.C.` is
 * `LLC`, `O'BRIEN` is `OBRIEN`), `&` a word of its own, every other run of punctuation and spaces one space, none
 * at the ends. Words are not rewritten: `INC` and `INCORPORATED`, `ST` and `SAINT`, `AND` and `&` stay apart, and so
 * does word order (`SMITH, JOHN` is `SMITH JOHN`, not `JOHN SMITH`). Examples in docs/ingest.md, "Ownership".
 */
export function normalizeOwnerName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .replace(/['’‘`.]/g, "")
    .replace(/&/g, " & ")
    .replace(/[^\p{L}\p{N}&]+/gu, " ")
    .trim();
}

/** An owner's identity across homes and releases: its type and normalised name, `organization:ACME HEALTH LLC`. */
export function ownerKey(type: OwnerType, name: string): string {
  return `${type}:${normalizeOwnerName(name)}`;
}

/** The owner's page in the web app, `/owner/organization/ACME%20HEALTH%2C%20LLC`. */
export function ownerPath(type: OwnerType, name: string): string {
  return `/owner/${type}/${encodeURIComponent(name)}`;
}

/** The owner's answer in the API, `/api/owners/organization/ACME%20HEALTH%2C%20LLC`. */
export function ownerApiPath(type: OwnerType, name: string): string {
  return `/api/owners/${type}/${encodeURIComponent(name)}`;
}

export const MAX_OWNER_NAME_LENGTH = 300;
export const MIN_OWNER_QUERY_LENGTH = 2;
export const MAX_OWNER_QUERY_LENGTH = 200;
/** Owners a suggestion answer lists at most. */
export const OWNER_SUGGESTIONS = 20;
/** `owner` values a list query takes at most. */
export const MAX_OWNER_FILTERS = 100;

// ---- Answers ----

const roleGroupSchema = z.enum(ROLE_GROUPS);
const ownerTypeSchema = z.enum(OWNER_TYPES);

/** One owner or manager of a facility in one role, as the facility's newest ownership listing has it. */
export const facilityOwnerSchema = z.object({
  name: z.string(),
  type: ownerTypeSchema,
  /** CMS's role text, `5% OR GREATER DIRECT OWNERSHIP INTEREST`. */
  role: z.string(),
  roleGroup: roleGroupSchema,
  /** The ownership percentage when CMS gives a number (direct and indirect owners), else null. */
  percentage: z.nullable(z.number()),
  /** CMS's text of the percentage, `100%` or `NO PERCENTAGE PROVIDED`; null when blank. */
  percentageText: z.nullable(z.string()),
  /** The association date: since when the owner has had the role, as CMS says (YYYY-MM-DD); null when none. */
  since: z.nullable(z.string()),
  /** The first release loaded that lists the owner in this role at this facility. */
  firstSeen: z.string(),
  ownerPath: z.string(),
  /** How many other current facilities the owner has a role in. */
  otherFacilities: z.int(),
});
export type FacilityOwner = z.infer<typeof facilityOwnerSchema>;

/** An owner in a role who came or went between two releases. */
export const ownershipChangeOwnerSchema = z.object({
  name: z.string(),
  type: ownerTypeSchema,
  role: z.string(),
  roleGroup: roleGroupSchema,
  ownerPath: z.string(),
});

/** GET /api/facilities/{ccn}/ownership */
export const facilityOwnershipSchema = z.object({
  /** The newest release loaded that lists the facility's owners (null when none does). */
  processingDate: z.nullable(z.string()),
  owners: z.array(facilityOwnerSchema),
  /** The releases in which owners came or went, newest first. */
  changes: z.array(
    z.object({
      processingDate: z.string(),
      added: z.array(ownershipChangeOwnerSchema),
      removed: z.array(ownershipChangeOwnerSchema),
    }),
  ),
});
export type FacilityOwnership = z.infer<typeof facilityOwnershipSchema>;

/** GET /api/owners?q= */
export const ownerSuggestionSchema = z.object({
  name: z.string(),
  type: ownerTypeSchema,
  /** Current facilities the owner has a role in. */
  facilities: z.int(),
  /** The owner's page in the web app. */
  path: z.string(),
});
export type OwnerSuggestion = z.infer<typeof ownerSuggestionSchema>;

/** An owner's role at one of its facilities. */
export const ownerRoleSchema = z.object({
  role: z.string(),
  roleGroup: roleGroupSchema,
  percentage: z.nullable(z.number()),
  percentageText: z.nullable(z.string()),
  since: z.nullable(z.string()),
  firstSeen: z.string(),
});

const averageRatingsSchema = z.object({
  overallRating: z.nullable(z.number()),
  healthInspectionRating: z.nullable(z.number()),
  staffingRating: z.nullable(z.number()),
  qmRating: z.nullable(z.number()),
});

/** GET /api/owners/{type}/{name} */
export const ownerSchema = z.object({
  name: z.string(),
  type: ownerTypeSchema,
  path: z.string(),
  /** The first and last release loaded that list the owner at any facility. */
  firstSeen: z.string(),
  lastSeen: z.string(),
  facilityCount: z.int(),
  /** The owner's current facilities by state, most first. */
  states: z.array(z.object({ state: z.string(), facilities: z.int() })),
  /** The current facilities (list items, by name), each with the owner's roles there. */
  facilities: z.array(z.extend(facilityWithAlertSchema, { ownerRoles: z.array(ownerRoleSchema) })),
  averageRatings: averageRatingsSchema,
  nationalAverageRatings: averageRatingsSchema,
  ratingDistribution: z.object({
    "1": z.int(),
    "2": z.int(),
    "3": z.int(),
    "4": z.int(),
    "5": z.int(),
    unrated: z.int(),
  }),
  /** As an affiliated entity's (GET /api/entities/{name}): the three years of inspections, beside the nation's. */
  inspections: z.nullable(
    z.object({
      window: z.object({ start: z.string(), end: z.string() }),
      totals: inspectionTotalsSchema,
      national: inspectionTotalsSchema,
    }),
  ),
  /** Facilities the owner came to (a role at a facility where it had none) and left, per year of the releases. */
  history: z.array(z.object({ year: z.int(), gained: z.int(), lost: z.int() })),
});
export type Owner = z.infer<typeof ownerSchema>;
