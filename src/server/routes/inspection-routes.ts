// The inspection record's endpoints: a facility's surveys and penalties, and the citations search (docs/api.md).
import type { Hono } from "hono";
import {
  citationQueryToSearchParams,
  parseCcn,
  parseCitationCategoriesQuery,
  parseCitationQuery,
  QueryParamError,
} from "../../core/api-query.ts";
import { HttpError } from "../errors.ts";
import {
  citationCategories,
  getFacilityInspections,
  getFacilityPenalties,
  listCitations,
  unknownStates,
} from "../inspections-repository.ts";
import { DETAIL_CACHE, LIST_CACHE, type RouteKit } from "./route-kit.ts";

export function mountInspectionRoutes(app: Hono, { db, cachedJson }: RouteKit): void {
  app.get("/api/facilities/:ccn/inspections", (c) => {
    const ccn = parseCcn(c.req.param("ccn"));
    return cachedJson(c, `inspections/${ccn}`, DETAIL_CACHE, async () => {
      const json = await getFacilityInspections(db, ccn);
      if (json === null) throw new HttpError(404, `No facility with CCN ${ccn}`);
      return { json };
    });
  });

  app.get("/api/facilities/:ccn/penalties", (c) => {
    const ccn = parseCcn(c.req.param("ccn"));
    return cachedJson(c, `penalties/${ccn}`, DETAIL_CACHE, async () => {
      const json = await getFacilityPenalties(db, ccn);
      if (json === null) throw new HttpError(404, `No facility with CCN ${ccn}`);
      return { json };
    });
  });

  /** Citations across the current facilities, newest first, paged like the list (docs/api.md). */
  app.get("/api/citations", (c) => {
    const query = parseCitationQuery(new URL(c.req.url).searchParams);
    return cachedJson(c, `citations?${citationQueryToSearchParams(query)}`, LIST_CACHE, async () => {
      const unknown = await unknownStates(db, query.states);
      if (unknown.length > 0) {
        throw new QueryParamError("state", `state ${unknown.join(", ")} has no facilities`);
      }
      return { json: await listCitations(db, query) };
    });
  });

  /** The categories and tags of one type of citations (health unless `type=fire`), with their counts. */
  app.get("/api/citations/categories", (c) => {
    const { type } = parseCitationCategoriesQuery(new URL(c.req.url).searchParams);
    const key = type === "health" ? "citation-categories" : `citation-categories?type=${type}`;
    return cachedJson(c, key, LIST_CACHE, async () => ({ json: await citationCategories(db, type) }));
  });
}
