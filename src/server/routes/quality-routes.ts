// The quality measures' endpoints: a facility's MDS and claims measures beside the state and the nation, and every
// column of CMS's State/US averages file (docs/api.md).
import type { Hono } from "hono";
import { checkParam } from "../../core/api-params.ts";
import { parseCcn } from "../../core/api-query.ts";
import { cmsAveragesQuerySchemas } from "../../core/quality-measures.ts";
import { HttpError } from "../errors.ts";
import { getFacilityQualityMeasures, listCmsAverages } from "../quality-repository.ts";
import { DETAIL_CACHE, LIST_CACHE, type RouteKit } from "./route-kit.ts";

export function mountQualityRoutes(app: Hono, { db, cachedJson }: RouteKit): void {
  app.get("/api/facilities/:ccn/quality-measures", (c) => {
    const ccn = parseCcn(c.req.param("ccn"));
    return cachedJson(c, `quality-measures/${ccn}`, DETAIL_CACHE, async () => {
      const body = await getFacilityQualityMeasures(db, ccn);
      if (body === null) throw new HttpError(404, `No facility with CCN ${ccn}`);
      return { body };
    });
  });

  /** Every column of the newest State/US averages file loaded (or of the release `processingDate`). */
  app.get("/api/cms-averages", (c) => {
    const params = new URL(c.req.url).searchParams;
    const given = params.get("processingDate");
    const date =
      given === null ? null : checkParam(cmsAveragesQuerySchemas.processingDate, given, "processingDate");
    return cachedJson(c, `cms-averages?${date ?? ""}`, LIST_CACHE, async () => {
      const body = await listCmsAverages(db, date);
      if (body === null) throw new HttpError(404, `No State/US averages for ${date}`);
      return { body };
    });
  });
}
