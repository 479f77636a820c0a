// A facility's staffing figures beside the state's and the nation's, and their history (docs/api.md, "Staffing").
import type { Hono } from "hono";
import { parseCcn } from "../../core/api-query.ts";
import { HttpError } from "../errors.ts";
import { getFacilityStaffing } from "../staffing-repository.ts";
import { DETAIL_CACHE, type RouteKit } from "./route-kit.ts";

export function mountStaffingRoutes(app: Hono, { db, cachedJson }: RouteKit): void {
  app.get("/api/facilities/:ccn/staffing", (c) => {
    const ccn = parseCcn(c.req.param("ccn"));
    return cachedJson(c, `staffing/${ccn}`, DETAIL_CACHE, async () => {
      const json = await getFacilityStaffing(db, ccn);
      if (json === null) throw new HttpError(404, `No facility with CCN ${ccn}`);
      return { json };
    });
  });
}
