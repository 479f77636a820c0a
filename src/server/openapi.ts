// The OpenAPI 3.1 document of the API (served at /api/openapi.json, shown at /api/docs), built from the code that
// validates requests and shapes answers: each parameter is the zod schema its parser checks values with
// (src/core/api-params.ts), each answer the zod schema of its shape (src/core/api-types.ts), both turned into JSON
// Schema (draft 2020-12, OpenAPI 3.1's dialect) by zod's own z.toJSONSchema. The operations are listed below, one
// entry per route of src/server/app.ts; a test (openapi.test.ts) checks that the app's routes and this list agree.
//
// To add an endpoint: add its route to app.ts and one entry to OPERATIONS (its parameters' and answer's schemas).
import * as z from "zod/mini";
import {
  alertQuerySchemas,
  benchmarkQuerySchemas,
  citationCategoriesQuerySchemas,
  citationQuerySchemas,
  facilityQuerySchemas,
  MAX_PARAM_LENGTH,
  ownerPathSchemas,
  ownerQuerySchemas,
  pathSchemas,
  placeQuerySchemas,
} from "../core/api-params.ts";
import {
  alertWithCcnSchema,
  apiErrorSchema,
  benchmarkSchema,
  benchmarksSchema,
  citationCategoriesSchema,
  citationListSchema,
  citationRowSchema,
  citationSchema,
  entitySchema,
  entityTrendPointSchema,
  facilityDetailSchema,
  facilityInspectionsSchema,
  facilityListResponseSchema,
  facilityPenaltiesSchema,
  facilityPointsSchema,
  facilityWithAlertSchema,
  fireSafetySummarySchema,
  healthSchema,
  inspectionSummarySchema,
  metaSchema,
  methodologyEventSchema,
  nearSchema,
  penaltySchema,
  placeSchema,
  ratingAlertSchema,
  ratingChangeSchema,
  ratingSnapshotSchema,
  readySchema,
  stateBenchmarksSchema,
  summarySchema,
  surveySchema,
} from "../core/api-types.ts";
import { entityStaffingQualitySchema } from "../core/figure-averages.ts";
import {
  facilityOwnerSchema,
  facilityOwnershipSchema,
  ownerRoleSchema,
  ownerSchema,
  ownerSuggestionSchema,
} from "../core/ownership.ts";
import {
  cmsAveragesQuerySchemas,
  cmsAveragesSchema,
  facilityQualityMeasuresSchema,
} from "../core/quality-measures.ts";
import {
  facilityStaffingSchema,
  staffingFigureSchema,
  staffingHistoryPointSchema,
} from "../core/staffing.ts";
import { MAX_URL_LENGTH } from "./errors.ts";

type Schema = z.ZodMiniType;

/** The answers' shapes that the document names (components.schemas); the others are written where they are used. */
const NAMED_SCHEMAS: Record<string, Schema> = {
  ApiError: apiErrorSchema,
  Health: healthSchema,
  Ready: readySchema,
  Meta: metaSchema,
  FacilityListItem: facilityWithAlertSchema,
  RatingAlert: ratingAlertSchema,
  Summary: summarySchema,
  Near: nearSchema,
  FacilityList: facilityListResponseSchema,
  FacilityDetail: facilityDetailSchema,
  FacilityPoints: facilityPointsSchema,
  Place: placeSchema,
  RatingSnapshot: ratingSnapshotSchema,
  RatingChange: ratingChangeSchema,
  Citation: citationSchema,
  Survey: surveySchema,
  InspectionSummary: inspectionSummarySchema,
  FireSafetySummary: fireSafetySummarySchema,
  FacilityInspections: facilityInspectionsSchema,
  Penalty: penaltySchema,
  FacilityPenalties: facilityPenaltiesSchema,
  StaffingFigure: staffingFigureSchema,
  StaffingHistoryPoint: staffingHistoryPointSchema,
  FacilityStaffing: facilityStaffingSchema,
  CitationRow: citationRowSchema,
  CitationList: citationListSchema,
  CitationCategories: citationCategoriesSchema,
  Benchmark: benchmarkSchema,
  Benchmarks: benchmarksSchema,
  StateBenchmarks: stateBenchmarksSchema,
  Entity: entitySchema,
  EntityTrendPoint: entityTrendPointSchema,
  EntityStaffingQuality: entityStaffingQualitySchema,
  FacilityOwner: facilityOwnerSchema,
  FacilityOwnership: facilityOwnershipSchema,
  OwnerSuggestion: ownerSuggestionSchema,
  OwnerRole: ownerRoleSchema,
  Owner: ownerSchema,
  AlertWithCcn: alertWithCcnSchema,
  MethodologyEvent: methodologyEventSchema,
};

/** What a successful answer is: JSON of a schema, or another media type (with a JSON Schema of its text). */
type Answer =
  | { json: Schema; description: string }
  | { mediaType: string; schema: Record<string, unknown>; description: string };

export interface Operation {
  /** The path as OpenAPI writes it (`/api/facilities/{ccn}`); the app's route has `:ccn`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** The query parameters, each the schema its parser checks it with. */
  query?: Record<string, Schema>;
  /** The query parameters that must be given. */
  required?: readonly string[];
  /** Path parameters by name. */
  pathParams?: Record<string, Schema>;
  answer: Answer;
  /** Error answers besides those every API request may get (400, 414, 431). */
  errors?: readonly (404 | 503)[];
  /** Cached reads: an ETag on every 200, and 304 to a matching If-None-Match. */
  cached?: boolean;
  /** Not under /api: the query checks (and their 400) do not apply. */
  outsideApi?: boolean;
}

const ccnPath = { ccn: pathSchemas.ccn };
const namePath = { name: pathSchemas.name };
const { page: _page, pageSize: _pageSize, ...unpagedFacilityQuery } = facilityQuerySchemas;
/** The feed's parameters: the list's, but for `pageSize`, which the feed does not read (`page` is the feed's). */
const feedQuerySchemas = { ...unpagedFacilityQuery, page: facilityQuerySchemas.page };

/** Every operation of the API, in the order the reference page shows them. */
export const OPERATIONS: readonly Operation[] = [
  {
    path: "/healthz",
    operationId: "health",
    tag: "Server",
    summary: "Whether the server listens",
    description: "200 as soon as the server listens, also while the database opens and the first load runs.",
    answer: { json: healthSchema, description: "The server listens." },
    outsideApi: true,
  },
  {
    path: "/readyz",
    operationId: "ready",
    tag: "Server",
    summary: "Whether the server serves data",
    description:
      "200 once the database is open, the answers most asked for are computed, facilities are loaded and no first " +
      "load runs; else a 503 (with Retry-After) whose message says why. For a load balancer in front of several servers.",
    answer: { json: readySchema, description: "The server serves data." },
    errors: [503],
    outsideApi: true,
  },
  {
    path: "/api/meta",
    operationId: "getMeta",
    tag: "Server",
    summary: "The data loaded, the load in progress and the refresh from CMS",
    answer: { json: metaSchema, description: "What the server holds and does." },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/facilities",
    operationId: "listFacilities",
    tag: "Facilities",
    summary: "A page of the filtered facility list, with its summary",
    query: facilityQuerySchemas,
    answer: { json: facilityListResponseSchema, description: "The page, the total and the summary cards." },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/facilities.csv",
    operationId: "exportFacilities",
    tag: "Facilities",
    summary: "Every facility of the filtered list, as CSV",
    description:
      "The list's filters (`page` and `pageSize` ignored, even invalid ones); UTF-8 with a byte order mark.",
    query: unpagedFacilityQuery,
    answer: {
      mediaType: "text/csv",
      schema: { type: "string" },
      description: "The CSV file (an attachment).",
    },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/facilities/points",
    operationId: "listFacilityPoints",
    tag: "Facilities",
    summary: "The positions of every facility of the filtered list, for the map",
    query: facilityQuerySchemas,
    answer: { json: facilityPointsSchema, description: "Parallel arrays in the list's order." },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/facilities/{ccn}",
    operationId: "getFacility",
    tag: "Facility",
    summary: "A facility's detail",
    pathParams: ccnPath,
    answer: { json: facilityDetailSchema, description: "The facility." },
    errors: [404, 503],
    cached: true,
  },
  {
    path: "/api/facilities/{ccn}/history",
    operationId: "getFacilityHistory",
    tag: "Facility",
    summary: "A facility's ratings in every month the database holds",
    pathParams: ccnPath,
    answer: { json: z.array(ratingSnapshotSchema), description: "The snapshots, oldest first." },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/facilities/{ccn}/changes",
    operationId: "getFacilityChanges",
    tag: "Facility",
    summary: "A facility's rating changes, newest first",
    pathParams: ccnPath,
    answer: { json: z.array(ratingChangeSchema), description: "The changes." },
    errors: [404, 503],
    cached: true,
  },
  {
    path: "/api/facilities/{ccn}/inspections",
    operationId: "getFacilityInspections",
    tag: "Facility",
    summary:
      "A facility's health and fire safety citations by survey (each survey's `type`), and the last three years of each",
    pathParams: ccnPath,
    answer: { json: facilityInspectionsSchema, description: "The surveys and the three years' summary." },
    errors: [404, 503],
    cached: true,
  },
  {
    path: "/api/facilities/{ccn}/penalties",
    operationId: "getFacilityPenalties",
    tag: "Facility",
    summary: "A facility's fines and payment denials",
    pathParams: ccnPath,
    answer: { json: facilityPenaltiesSchema, description: "The penalties and their totals." },
    errors: [404, 503],
    cached: true,
  },
  {
    path: "/api/facilities/{ccn}/staffing",
    operationId: "getFacilityStaffing",
    tag: "Facility",
    summary: "A facility's staffing figures beside its state's and the nation's, and their history",
    pathParams: ccnPath,
    answer: {
      json: facilityStaffingSchema,
      description:
        "Every staffing figure of the facility's release (null where its layout lacks it), and its history over every release loaded, oldest first.",
    },
    errors: [404, 503],
    cached: true,
  },
  {
    path: "/api/facilities/{ccn}/quality-measures",
    operationId: "getFacilityQualityMeasures",
    tag: "Facility",
    summary:
      "A facility's MDS and claims quality measures beside the state and the nation, with their history",
    description:
      "Each measure of CMS's newest MDS Quality Measures and Medicare Claims Quality Measures files for the facility: its score (MDS: the four-quarter average; claims: the risk-adjusted score), the four quarters (MDS) or the observed and expected scores (claims), footnotes in words, whether lower or higher is better, and every quarter or measure period kept, oldest first. `state` and `national` are CMS's State/US averages of the newest release where the file has the measure (`averagesSource: cms`), else the average of the current facilities' scores (`product`). A facility without measures has none, and a footnote that says why.",
    pathParams: ccnPath,
    answer: { json: facilityQualityMeasuresSchema, description: "The measures." },
    errors: [404, 503],
    cached: true,
  },
  {
    path: "/api/facilities/{ccn}/ownership",
    operationId: "getFacilityOwnership",
    tag: "Ownership",
    summary: "A facility's owners and managers now, and the releases in which they came or went",
    description:
      "The owners and managers of the facility's newest ownership listing (by role group: direct owner, indirect owner, mortgage or security interest, operational or managerial control, managing employee, officer or director, partner, other), each with CMS's role text, percentage, association date, the first release that lists it there, its page and how many other current facilities it has a role in; `changes` lists, newest first, the releases loaded in which owners came (`added`) or went (`removed`).",
    pathParams: ccnPath,
    answer: { json: facilityOwnershipSchema, description: "The owners and their changes." },
    errors: [404, 503],
    cached: true,
  },
  {
    path: "/api/owners",
    operationId: "suggestOwners",
    tag: "Ownership",
    summary: "Up to 20 owners whose name holds every word typed, most current facilities first",
    query: ownerQuerySchemas,
    required: ["q"],
    answer: { json: z.array(ownerSuggestionSchema), description: "The owners." },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/owners/{type}/{name}",
    operationId: "getOwner",
    tag: "Ownership",
    summary:
      "An owner's current facilities, their ratings and inspection record beside the nation's, and its history",
    description:
      "The owner (its type, and its name compared as owners are: case, spaces and punctuation normalised): its current facilities (list items, with its roles at each), by state, their average ratings and rating distribution beside the nation's averages, their three years of inspections beside the nation's (as an affiliated entity's), and per year of the releases loaded the facilities it came to and left. Its facilities on the list: `/api/facilities?owner={type}:{name}`.",
    pathParams: ownerPathSchemas,
    answer: { json: ownerSchema, description: "The owner." },
    errors: [404, 503],
    cached: true,
  },
  {
    path: "/api/cms-averages",
    operationId: "getCmsAverages",
    tag: "Benchmarks",
    summary: "Every column of CMS's State/US averages file, per state and for the nation",
    description:
      "The newest State/US Averages file loaded (or the release `processingDate`), every column as CMS published it: its header, a stable key and, for a quality measure's column, the measure code; the values of each state and NATION by key (a blank figure is null).",
    query: cmsAveragesQuerySchemas,
    answer: { json: cmsAveragesSchema, description: "The columns and each state's values." },
    errors: [404, 503],
    cached: true,
  },
  {
    path: "/api/places",
    operationId: "suggestPlaces",
    tag: "Places",
    summary: "Up to 10 places (ZIP codes or cities) that begin with the text typed",
    query: placeQuerySchemas,
    required: ["q"],
    answer: {
      json: z.array(placeSchema),
      description:
        "The suggestions. ZIP code points: GeoNames (geonames.org, CC BY 4.0) through the zipcodes package, else the US Census Bureau's ZIP Code Tabulation Areas.",
    },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/citations",
    operationId: "listCitations",
    tag: "Inspections",
    summary:
      "A page of the current facilities' health citations (or fire safety citations with `type=fire`), newest first",
    query: citationQuerySchemas,
    answer: { json: citationListSchema, description: "The page and the total." },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/citations/categories",
    operationId: "listCitationCategories",
    tag: "Inspections",
    summary:
      "The categories and tags of the current facilities' health citations (or fire safety citations with `type=fire`), with counts",
    query: citationCategoriesQuerySchemas,
    answer: { json: citationCategoriesSchema, description: "The categories." },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/benchmarks/states",
    operationId: "listStateBenchmarks",
    tag: "Benchmarks",
    summary: "Each state's averages, for the map",
    answer: { json: stateBenchmarksSchema, description: "The averages by state code." },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/benchmarks",
    operationId: "getBenchmarks",
    tag: "Benchmarks",
    summary: "The national averages, and a state's",
    description:
      "Each scope's averages of the star ratings and other facility measures over the current facilities (`{ average, count }`), and `staffing` (every staffing figure by key) and `qualityMeasures` (every current quality measure by CMS's code), each `{ average, source }`: CMS's State/US averages of the newest release, exactly, where its file has the figure (`source: cms`), else the mean over the current facilities (`product`).",
    query: benchmarkQuerySchemas,
    answer: { json: benchmarksSchema, description: "The averages." },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/entities/{name}",
    operationId: "getEntity",
    tag: "Affiliated entities",
    summary: "An affiliated entity's facilities summed up",
    pathParams: namePath,
    answer: { json: entitySchema, description: "The entity." },
    errors: [404, 503],
    cached: true,
  },
  {
    path: "/api/entities/{name}/staffing-quality",
    operationId: "getEntityStaffingQuality",
    tag: "Affiliated entities",
    summary: "An affiliated entity's average staffing figures and quality measures beside the nation's",
    description:
      "Over the entity's current facilities: each staffing figure's mean (their figures at their release) and how many facilities report it, and each current quality measure's mean score and how many facilities have one, each beside the national average (CMS's where its State/US averages file has it, `averagesSource: cms`, else the product's mean over the current facilities, `product`).",
    pathParams: namePath,
    answer: { json: entityStaffingQualitySchema, description: "The entity's figures and measures." },
    errors: [404, 503],
    cached: true,
  },
  {
    path: "/api/entities/{name}/trend",
    operationId: "getEntityTrend",
    tag: "Affiliated entities",
    summary: "An affiliated entity's average overall rating month by month",
    pathParams: namePath,
    answer: { json: z.array(entityTrendPointSchema), description: "One point per month, ascending." },
    errors: [404, 503],
    cached: true,
  },
  {
    path: "/api/alerts",
    operationId: "listAlerts",
    tag: "Facilities",
    summary: "The rating changes of a period",
    query: alertQuerySchemas,
    answer: { json: z.array(alertWithCcnSchema), description: "The changes, by CCN." },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/lookups/states",
    operationId: "listStates",
    tag: "Lookups",
    summary: "Every state with facilities",
    answer: { json: z.array(z.string()), description: "State codes, sorted." },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/lookups/entities",
    operationId: "listEntities",
    tag: "Lookups",
    summary: "Every affiliated entity's name",
    answer: { json: z.array(z.string()), description: "Names, sorted." },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/methodology",
    operationId: "listMethodologyEvents",
    tag: "Lookups",
    summary: "CMS's changes of method and the months without a release",
    answer: { json: z.array(methodologyEventSchema), description: "The events, oldest first." },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/feeds/changes.atom",
    operationId: "getChangesFeed",
    tag: "Feeds",
    summary:
      "An Atom feed of the rating changes of the list's view over the newest 12 releases, 200 entries a page (RFC 5005 links)",
    // The list's filters; `page` is the feed's page (past the last one a 400); `pageSize` is not read.
    query: feedQuerySchemas,
    answer: {
      mediaType: "application/atom+xml",
      schema: { type: "string" },
      description:
        "The Atom document: one entry per facility and release whose ratings changed, newest first.",
    },
    errors: [503],
    cached: true,
  },
  {
    path: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "Server",
    summary: "This document (OpenAPI 3.1)",
    answer: { mediaType: "application/json", schema: { type: "object" }, description: "The document." },
    cached: true,
  },
  {
    path: "/api/docs",
    operationId: "getApiReference",
    tag: "Server",
    summary: "The API reference page (this document, rendered)",
    answer: { mediaType: "text/html", schema: { type: "string" }, description: "The page." },
    cached: true,
  },
  {
    path: "/api/docs/{file}",
    operationId: "getApiReferenceFile",
    tag: "Server",
    summary: "A file of the API reference page (its script and style)",
    pathParams: {
      file: z.enum(["swagger-ui.css", "swagger-ui-bundle.js", "init.js", "favicon-32x32.png"]),
    },
    answer: {
      mediaType: "*/*",
      schema: { type: "string" },
      description: "The file (JavaScript, CSS or PNG).",
    },
    errors: [404],
    cached: true,
  },
];

/** A zod schema as JSON Schema draft 2020-12, without the `$schema` a document's schemas do not repeat. */
function jsonSchema(schema: Schema, io: "input" | "output", named = true): Record<string, unknown> {
  const converted = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    ...(named ? { metadata: registry } : {}),
  }) as Record<string, unknown>;
  delete converted.$schema;
  return converted;
}

const registry = z.registry<{ id: string }>();
for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) registry.add(schema, { id });

function componentSchemas(): Record<string, unknown> {
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io: "output",
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Record<string, unknown>> };
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return schemas;
}

/** A schema reference for an answer: named schemas by $ref, the others written out. */
function answerSchema(schema: Schema): Record<string, unknown> {
  const meta = registry.get(schema);
  if (meta) return { $ref: `#/components/schemas/${meta.id}` };
  const converted = jsonSchema(schema, "output");
  // A schema converted on its own defines the named ones it uses under $defs: they are the document's components.
  delete converted.$defs;
  return JSON.parse(JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/'));
}

function parameter(name: string, location: "query" | "path", schema: Schema, required: boolean) {
  const converted = jsonSchema(schema, "input", false);
  const description = converted.description;
  delete converted.description;
  const example = converted.example;
  delete converted.example;
  return {
    name,
    in: location,
    required,
    ...(typeof description === "string" ? { description } : {}),
    ...(converted.type === "array" ? { style: "form", explode: true } : {}),
    schema: converted,
    ...(example === undefined ? {} : { example }),
  };
}

const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } };
const noStore = { "Cache-Control": { $ref: "#/components/headers/NoStore" } };

/** The error answers, by status code. */
const ERROR_RESPONSES = {
  BadRequest: {
    description:
      "A parameter breaks its rules (`error.param` names it). On every /api request: a parameter's name or value " +
      `with control characters or invalid percent-encoding, or a value over ${MAX_PARAM_LENGTH} characters.`,
    headers: noStore,
    content: errorContent,
  },
  NotFound: { description: "Nothing has that name or CCN.", headers: noStore, content: errorContent },
  UriTooLong: {
    description: `The URL is longer than ${MAX_URL_LENGTH} characters.`,
    headers: noStore,
    content: errorContent,
  },
  HeadersTooLarge: {
    description:
      "The request line and headers together are larger than 16 KiB (the URL being within its limit).",
    headers: noStore,
    content: errorContent,
  },
  Unavailable: {
    description:
      "A query ran into the statement timeout (PostgreSQL), or no data is loaded yet (`/api/benchmarks`).",
    headers: noStore,
    content: errorContent,
  },
} as const;
const ERROR_REF: Record<number, string> = { 404: "NotFound", 503: "Unavailable" };

function responsesOf(operation: Operation): Record<string, unknown> {
  const { answer } = operation;
  const content =
    "json" in answer
      ? { "application/json": { schema: answerSchema(answer.json) } }
      : { [answer.mediaType]: { schema: answer.schema } };
  const responses: Record<string, unknown> = {
    "200": {
      description: answer.description,
      ...(operation.cached
        ? {
            headers: {
              ETag: { $ref: "#/components/headers/ETag" },
              "Cache-Control": { $ref: "#/components/headers/CacheControl" },
            },
          }
        : {}),
      content,
    },
  };
  if (operation.cached) responses["304"] = { $ref: "#/components/responses/NotModified" };
  if (!operation.outsideApi || operation.pathParams) {
    responses["400"] = { $ref: "#/components/responses/BadRequest" };
  }
  for (const status of operation.errors ?? []) {
    responses[String(status)] = { $ref: `#/components/responses/${ERROR_REF[status]}` };
  }
  responses["414"] = { $ref: "#/components/responses/UriTooLong" };
  responses["431"] = { $ref: "#/components/responses/HeadersTooLarge" };
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/** The OpenAPI 3.1 document of every operation. */
export function buildOpenApiDocument(operations: readonly Operation[] = OPERATIONS): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const operation of operations) {
    const parameters = [
      ...Object.entries(operation.pathParams ?? {}).map(([name, schema]) =>
        parameter(name, "path", schema, true),
      ),
      ...Object.entries(operation.query ?? {}).map(([name, schema]) =>
        parameter(name, "query", schema, operation.required?.includes(name) ?? false),
      ),
    ];
    paths[operation.path] = {
      get: {
        operationId: operation.operationId,
        tags: [operation.tag],
        summary: operation.summary,
        ...(operation.description ? { description: operation.description } : {}),
        ...(parameters.length > 0 ? { parameters } : {}),
        responses: responsesOf(operation),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "CMS Star Ratings Dashboard API",
      version: "1",
      description:
        "The read-only JSON API of the dashboard of CMS nursing-home star ratings. Errors are " +
        '`{ "error": { "message", "param"? } }` with `Cache-Control: no-store`. Repeatable parameters are ' +
        "written once per value (`?state=CA&state=NV`).",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: componentSchemas(),
      responses: {
        ...ERROR_RESPONSES,
        NotModified: {
          description: "The client's copy (`If-None-Match`) is current.",
          headers: { ETag: { $ref: "#/components/headers/ETag" } },
        },
      },
      headers: {
        ETag: { description: "The data version and the normalised request.", schema: { type: "string" } },
        CacheControl: { description: "How long the answer may be reused.", schema: { type: "string" } },
        NoStore: {
          description: "`no-store`: errors are not kept.",
          schema: { type: "string", const: "no-store" },
        },
      },
    },
  };
}
