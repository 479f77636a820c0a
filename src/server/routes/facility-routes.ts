// A facility's own endpoints kept with its ratings (docs/api.md): its detail, its rating history and the changes of
// its ratings between releases. Its inspections, staffing and quality measures are in their datasets' modules.
import type { Hono } from "hono";
import { parseCcn } from "../../core/api-query.ts";
import { HttpError } from "../errors.ts";
import { getRatingChanges } from "../insights-repository.ts";
import { getFacility, getHistory } from "../repository.ts";
import { DETAIL_CACHE, type RouteKit } from "./route-kit.ts";

export function mountFacilityRoutes(app: Hono, { db, cachedJson }: RouteKit): void {
  app.get("/api/facilities/:ccn", (c) => {
    const ccn = parseCcn(c.req.param("ccn"));
    return cachedJson(c, `facility/${ccn}`, DETAIL_CACHE, async () => {
      const facility = await getFacility(db, ccn);
      if (!facility) throw new HttpError(404, `No facility with CCN ${ccn}`);
      return { body: facility };
    });
  });

  app.get("/api/facilities/:ccn/history", (c) => {
    const ccn = parseCcn(c.req.param("ccn"));
    return cachedJson(c, `history/${ccn}`, DETAIL_CACHE, async () => ({
      json: await getHistory(db, ccn),
    }));
  });

  app.get("/api/facilities/:ccn/changes", (c) => {
    const ccn = parseCcn(c.req.param("ccn"));
    return cachedJson(c, `changes/${ccn}`, DETAIL_CACHE, async () => {
      const json = await getRatingChanges(db, ccn);
      if (json === null) throw new HttpError(404, `No facility with CCN ${ccn}`);
      return { json };
    });
  });
}
