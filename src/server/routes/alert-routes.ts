// The rating alerts of facilities (docs/api.md, /api/alerts), and the lookups the filters offer: states, affiliated
// entities and CMS's changes of method for the charts' markers.
import type { Hono } from "hono";
import { parseCcnList, parsePeriod } from "../../core/api-query.ts";
import { methodologyEvents } from "../../core/methodology.ts";
import { AlertTextsHolder, alertsOf, MEMORY_CCNS } from "../alerts-memory.ts";
import { listAlerts, listEntities, listStates } from "../repository.ts";
import { ALERT_CACHE, DETAIL_CACHE, LIST_CACHE, type RouteKit } from "./route-kit.ts";

export function mountAlertRoutes(app: Hono, { db, cachedJson, logger }: RouteKit): void {
  /** Every facility's alert text per period, in memory per data version (src/server/alerts-memory.ts). */
  const alertTexts = new AlertTextsHolder(db, (error) =>
    logger.warn({ err: error }, "could not read the alerts of a period"),
  );

  app.get("/api/alerts", (c) => {
    const params = new URL(c.req.url).searchParams;
    const period = parsePeriod(params, "period");
    const ccns = parseCcnList(params);
    const key = `alerts?${period}&${ccns ? [...ccns].sort().join(",") : "*"}`;
    // A few facilities' alerts come from memory once the period's are read (src/server/alerts-memory.ts); all alerts
    // of a period (several MB) take long.
    const fromMemory = ccns !== null && ccns.length <= MEMORY_CCNS;
    const compute = async (forVersion: string) => {
      const texts = fromMemory ? alertTexts.get(forVersion, period) : null;
      return { json: texts ? alertsOf(texts, ccns ?? []) : await listAlerts(db, period, ccns) };
    };
    return cachedJson(c, key, ALERT_CACHE, compute, {
      heavy: ccns === null,
      instant: fromMemory && alertTexts.has(period),
    });
  });

  app.get("/api/lookups/states", (c) =>
    cachedJson(c, "states", LIST_CACHE, async () => ({ json: await listStates(db) })),
  );
  app.get("/api/lookups/entities", (c) =>
    cachedJson(c, "entities", LIST_CACHE, async () => ({ json: await listEntities(db) })),
  );

  /** CMS's changes of method and months without a release (src/core/methodology.ts), for the charts' markers. */
  app.get("/api/methodology", (c) =>
    cachedJson(c, "methodology", DETAIL_CACHE, async () => ({ body: methodologyEvents() })),
  );
}
