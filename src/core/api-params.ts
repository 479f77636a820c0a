// The rules of every API parameter, as zod schemas that both validate (src/core/api-query.ts parses each value with
// its schema, whose messages are the 400 answers' messages) and describe (src/server/openapi.ts turns them into the
// parameters of the OpenAPI document). One schema per parameter; a repeatable parameter is an array of its values.
import * as z from "zod/mini";
import { LIST_SORTS } from "./api-types.ts";
import { ALERT_METRICS, ALERT_PERIODS, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./constants.ts";
import { HARM_FILTERS, INSPECTION_TYPES, SURVEY_KINDS } from "./inspections.ts";
import {
  MAX_OWNER_FILTERS,
  MAX_OWNER_NAME_LENGTH,
  MAX_OWNER_QUERY_LENGTH,
  MIN_OWNER_QUERY_LENGTH,
  OWNER_TYPES,
} from "./ownership.ts";
import { SFF_FILTERS } from "./special-focus.ts";

export const MAX_SEARCH_LENGTH = 200;
export const MAX_ENTITY_LENGTH = 300;
export const MAX_LIST_VALUES = 1000;
/** Longest query parameter name or value considered at all. */
export const MAX_PARAM_LENGTH = 2000;
/** The longest `category` of /api/citations (CMS's longest is about 60 characters). */
export const MAX_CATEGORY_LENGTH = 200;
/** The longest `q` of /api/citations. */
export const MAX_CITATION_TEXT_LENGTH = 200;
export const DEFAULT_RADIUS_MILES = 25;
export const MAX_RADIUS_MILES = 500;
export const MAX_PLACE_LENGTH = 100;
export const MAX_PAGE = 1_000_000;

/** An integer parameter from `min` to `max` (its text: 1 to 9 digits, spaces around ignored). */
function integer(name: string, min: number, max: number, description: string, byDefault?: number) {
  const error = `${name} must be an integer from ${min} to ${max}`;
  return z
    .int({ error })
    .check(
      z.minimum(min, { error }),
      z.maximum(max, { error }),
      z.meta({ description, ...(byDefault === undefined ? {} : { default: byDefault }) }),
    );
}

/** A parameter that takes one of a few words. */
function oneOf<const T extends readonly [string, ...string[]]>(
  name: string,
  values: T,
  description: string,
  byDefault?: T[number],
) {
  return z
    .enum(values, { error: `${name} must be one of ${values.join(", ")}` })
    .check(z.meta({ description, ...(byDefault === undefined ? {} : { default: byDefault }) }));
}

/** `true` or `false`; absent means false. */
function flag(name: string, description: string) {
  return z
    .enum(["true", "false"], { error: `${name} must be true or false` })
    .check(z.meta({ description, default: "false" }));
}

/** A repeatable parameter (`?state=CA&state=NV`): at most MAX_LIST_VALUES values. */
function list<T extends z.ZodMiniType>(name: string, item: T, description: string) {
  return z
    .array(item)
    .check(
      z.maxLength(MAX_LIST_VALUES, { error: `at most ${MAX_LIST_VALUES} ${name} values` }),
      z.meta({ description }),
    );
}

const stateCode = z.string().check(z.regex(/^[A-Za-z]{2}$/, { error: "state must be a two-letter code" }));
const entityName = z
  .string()
  .check(
    z.minLength(1, { error: `entity must be 1 to ${MAX_ENTITY_LENGTH} characters` }),
    z.maxLength(MAX_ENTITY_LENGTH, { error: `entity must be 1 to ${MAX_ENTITY_LENGTH} characters` }),
  );

/** A CMS Certification Number: 6 letters or digits (any case). */
export const ccnSchema = z
  .string()
  .check(
    z.regex(/^[0-9A-Za-z]{6}$/, { error: "ccn must be 6 letters or digits" }),
    z.meta({ description: "A CMS Certification Number: 6 letters or digits (any case).", example: "015009" }),
  );

/** A value of the repeatable `ccn` filter: a CCN, or `""`, `undefined` or `null`, which are dropped. */
const ccnListValue = z
  .string()
  .check(z.regex(/^\s*(?:[0-9A-Za-z]{6}|undefined|null)?\s*$/, { error: "ccn must be 6 letters or digits" }));

/** An affiliated entity's name, matched exactly. */
export const entityNameSchema = z.string().check(
  z.minLength(1, { error: `name must be 1 to ${MAX_ENTITY_LENGTH} characters` }),
  z.maxLength(MAX_ENTITY_LENGTH, { error: `name must be 1 to ${MAX_ENTITY_LENGTH} characters` }),
  z.meta({
    description: "An affiliated entity's name (percent-encoded in the path), matched exactly.",
    example: "GENESIS HEALTHCARE",
  }),
);

const page = integer("page", 1, MAX_PAGE, "The page, from 1.", 1);
const pageSize = integer("pageSize", 1, MAX_PAGE_SIZE, "Items per page.", DEFAULT_PAGE_SIZE);
const harm = oneOf(
  "harm",
  HARM_FILTERS,
  "Only what has a citation at G or worse (actual harm: `actual`) or J or worse (immediate jeopardy: `jeopardy`) " +
    "in the last three years.",
);
const states = list("state", stateCode, "Two-letter state codes (any case); repeat for several.");
const entities = list(
  "entity",
  entityName,
  `Affiliated entity names, 1 to ${MAX_ENTITY_LENGTH} characters each, matched exactly; repeat for several.`,
);
const ccns = list(
  "ccn",
  ccnListValue,
  "CMS Certification Numbers; repeat for several. The values `` (empty), `undefined` and `null` are dropped; a " +
    "`ccn` present with no value left gives an empty answer.",
);

/** A value of the repeatable `owner` filter: `individual:` or `organization:` and the owner's name. */
const ownerFilterValue = z.string().check(
  z.regex(new RegExp(`^\\s*(?:${OWNER_TYPES.join("|")}):[\\s\\S]*[A-Za-z0-9]`), {
    error: "owner must be individual:<name> or organization:<name>, the name with a letter or digit",
  }),
  z.maxLength(MAX_OWNER_NAME_LENGTH + 20, {
    error: `owner names must be at most ${MAX_OWNER_NAME_LENGTH} characters`,
  }),
);
const owners = z.array(ownerFilterValue).check(
  z.maxLength(MAX_OWNER_FILTERS, { error: `at most ${MAX_OWNER_FILTERS} owner values` }),
  z.meta({
    description:
      "Owners, `individual:<name>` or `organization:<name>` (the name compared as owners are: case, spaces and " +
      `punctuation normalised); only the facilities where one of them has a role now. Repeat for several, at most ${MAX_OWNER_FILTERS}.`,
    examples: [["organization:ACME HEALTH HOLDINGS, LLC"]],
  }),
);

/** The parameters of the facility list, its CSV export and its points (docs/api.md). */
export const facilityQuerySchemas = {
  search: z
    .string()
    .check(
      z.maxLength(MAX_SEARCH_LENGTH, { error: `search must be at most ${MAX_SEARCH_LENGTH} characters` }),
      z.meta({ description: "Text in the provider name, city or CCN (spaces around ignored)." }),
    ),
  rating: integer("rating", 1, 5, "Overall rating at least this many stars."),
  state: states,
  entity: entities,
  ccn: ccns,
  alertEnabled: flag("alertEnabled", "Only the facilities whose rating changed (the rating alert filter)."),
  alertThreshold: integer("alertThreshold", 1, 5, "Smallest change of the alert's metric, in stars.", 1),
  alertMetric: z.string().check(
    z.meta({
      description: `The rating whose change the alert filter looks at: ${ALERT_METRICS.join(", ")}; any other text is Overall Rating.`,
      default: "Overall Rating",
      examples: [...ALERT_METRICS],
    }),
  ),
  alertPeriod: oneOf(
    "alertPeriod",
    ALERT_PERIODS,
    "The alert's period: since the previous release or the previous quarter.",
    "lastPeriod",
  ),
  page,
  pageSize,
  near: z.string().check(
    z.maxLength(MAX_PLACE_LENGTH),
    z.regex(/^\s*(?:\d{5}(?:-\d{4})?|[^,]*[^\s,][^,]*,\s*[A-Za-z]{2})?\s*$/),
    z.meta({
      description:
        "A place: a 5-digit ZIP code or `City, ST`. Only the facilities within `radius` miles of it; an unknown " +
        "place is a 400 naming `near`.",
      examples: ["94110", "San Francisco, CA"],
    }),
  ),
  radius: integer(
    "radius",
    1,
    MAX_RADIUS_MILES,
    "Miles around `near` (ignored without it).",
    DEFAULT_RADIUS_MILES,
  ),
  sort: oneOf(
    "sort",
    LIST_SORTS,
    "The order: `name` (default without `near`), `distance` (needs `near`; its default), `rating`, " +
      "`nurseHours` (reported total nurse hours per resident per day, most first, no value last) or " +
      "`weekendNurseHours` (the same at weekends).",
  ),
  harm,
  abuse: flag(
    "abuse",
    "Only the facilities with CMS's Abuse Icon or an abuse citation in the last three years.",
  ),
  owner: owners,
  sff: oneOf(
    "sff",
    SFF_FILTERS,
    "Only the Special Focus Facilities (`sff`), the candidates for the program (`candidate`) or either " +
      "(`either`), as CMS's newest Provider Information lists them.",
  ),
  ownershipChanged: flag(
    "ownershipChanged",
    "Only the facilities CMS flags as having changed ownership in the last 12 months.",
  ),
};

/**
 * A calendar date written YYYY-MM-DD that a database can hold: a real day (not 2024-02-30) of a year from 1 to 9999
 * (PostgreSQL has no year 0).
 */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith("0000")) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The `from` and `to` dates of /api/citations. */
function date(name: string, description: string) {
  return z
    .string()
    .check(
      z.regex(/^\s*\d{4}-\d{2}-\d{2}\s*$/, { error: `${name} must be a date written YYYY-MM-DD` }),
      z.meta({ description, format: "date" }),
    );
}

/** The parameters of GET /api/citations. */
export const citationQuerySchemas = {
  tag: z.string().check(
    z.regex(/^\s*(?:(?:[FfKkEe]-?)?\d{1,4})?\s*$/, {
      error: "tag must be a deficiency tag number: 1 to 4 digits, optionally after F, K or E",
    }),
    z.meta({
      description:
        "A deficiency tag: 1 to 4 digits, optionally after F, K or E (`F689`, `0689`, `689`; `K353` with `type=fire`).",
    }),
  ),
  category: z.string().check(
    z.maxLength(MAX_CATEGORY_LENGTH, {
      error: `category must be at most ${MAX_CATEGORY_LENGTH} characters`,
    }),
    z.meta({ description: "CMS's category of the citation, matched exactly." }),
  ),
  harm,
  type: oneOf(
    "type",
    INSPECTION_TYPES,
    "The type of inspection whose citations are searched: `health` (F tags, CMS's Health Deficiencies) or `fire` " +
      "(fire safety: K tags of the Life Safety Code and E tags of emergency preparedness, CMS's Fire Safety " +
      "Deficiencies). `kind=health` and `kind=fire` are other spellings of it.",
    "health",
  ),
  kind: oneOf(
    "kind",
    [...SURVEY_KINDS, ...INSPECTION_TYPES] as const,
    "Only the citations found on this kind of inspection, as CMS flags each citation: the yearly standard " +
      "survey (`standard`), a complaint investigation (`complaint`) or a focused infection control inspection " +
      "(`infectionControl`, since 2020). A citation can carry more than one flag; a flag a file did not have " +
      "(infection control before January 2021) is unknown and does not match. Also `health` or `fire`, the " +
      "inspection's type (as `type`). Repeatable: at most one flag and one type; a second flag, or a type other " +
      "than `type` or another `kind` names, is a 400.",
  ),
  state: states,
  entity: entities,
  from: date("from", "Surveys on or after this date (YYYY-MM-DD)."),
  to: date("to", "Surveys on or before this date (YYYY-MM-DD); not before `from`."),
  q: z.string().check(
    z.maxLength(MAX_CITATION_TEXT_LENGTH, {
      error: `q must be at most ${MAX_CITATION_TEXT_LENGTH} characters`,
    }),
    z.meta({ description: "Words that must all be in the citation's description (case-insensitive)." }),
  ),
  page,
  pageSize,
};

/** The parameters of GET /api/citations/categories. */
export const citationCategoriesQuerySchemas = {
  type: oneOf(
    "type",
    INSPECTION_TYPES,
    "The type of inspection whose citations' categories are listed: `health` or `fire` (fire safety). " +
      "`kind=health` and `kind=fire` are other spellings of it.",
    "health",
  ),
  kind: oneOf("kind", INSPECTION_TYPES, "The inspection's type, another spelling of `type`."),
};

/** The parameters of GET /api/benchmarks. */
export const benchmarkQuerySchemas = {
  state: z
    .string()
    .check(
      z.regex(/^[A-Za-z]{2}$/, { error: "state must be one two-letter code" }),
      z.meta({ description: "One two-letter state code (any case) with current facilities." }),
    ),
};

/** The parameters of GET /api/places. */
export const placeQuerySchemas = {
  q: z
    .string()
    .check(
      z.minLength(1, { error: `q must be one text of 1 to ${MAX_PLACE_LENGTH} characters` }),
      z.maxLength(MAX_PLACE_LENGTH, { error: `q must be one text of 1 to ${MAX_PLACE_LENGTH} characters` }),
      z.meta({ description: "The text typed so far: ZIP code digits or a city name, optionally `, ST`." }),
    ),
};

const ownerQueryError = `q must be ${MIN_OWNER_QUERY_LENGTH} to ${MAX_OWNER_QUERY_LENGTH} characters with a letter or digit`;

/** The parameters of GET /api/owners. */
export const ownerQuerySchemas = {
  q: z.string().check(
    z.minLength(MIN_OWNER_QUERY_LENGTH, { error: ownerQueryError }),
    z.maxLength(MAX_OWNER_QUERY_LENGTH, { error: ownerQueryError }),
    z.regex(/[A-Za-z0-9]/, { error: ownerQueryError }),
    z.meta({
      description:
        "Words that must all be in the owner's name (case, spaces and punctuation normalised as owners are compared).",
      example: "health",
    }),
  ),
};

/** The path parameters of GET /api/owners/{type}/{name}. */
export const ownerPathSchemas = {
  type: z
    .enum(OWNER_TYPES, { error: `type must be one of ${OWNER_TYPES.join(", ")}` })
    .check(z.meta({ description: "The owner's type." })),
  name: z.string().check(
    z.minLength(1, { error: `name must be 1 to ${MAX_OWNER_NAME_LENGTH} characters` }),
    z.maxLength(MAX_OWNER_NAME_LENGTH, { error: `name must be 1 to ${MAX_OWNER_NAME_LENGTH} characters` }),
    z.regex(/[A-Za-z0-9]/, { error: "name must have a letter or digit" }),
    z.meta({
      description:
        "The owner's name (percent-encoded), compared as owners are: case, spaces and punctuation normalised.",
      example: "ACME HEALTH HOLDINGS, LLC",
    }),
  ),
};

/** The parameters of GET /api/alerts. */
export const alertQuerySchemas = {
  period: oneOf("period", ALERT_PERIODS, "The period of the changes.", "lastPeriod"),
  ccn: ccns,
};

/** The path parameters. */
export const pathSchemas = { ccn: ccnSchema, name: entityNameSchema };

/**
 * Checks a value with its schema; a value that breaks a rule is a 400 naming the parameter, with the rule's message.
 * Returns the value.
 */
export function checkParam<T extends z.ZodMiniType>(schema: T, value: unknown, param: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new QueryParamError(param, result.error.issues[0]?.message ?? `${param} is not valid`);
}

export class QueryParamError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
    this.name = "QueryParamError";
  }
}
