// The endpoints of a view of the facilities (the list's filters, docs/api.md): the list page, the map's points, the
// CSV export and the Atom feed of the view's rating changes, plus the place suggestions the `near` filter takes.
import type { Context, Hono } from "hono";
import { compress } from "hono/compress";
import {
  DEFAULT_RADIUS_MILES,
  effectiveRadius,
  facilityQueryToSearchParams,
  parseFacilityQuery,
  parsePlaceText,
  QueryParamError,
  unknownPlaceMessage,
} from "../../core/api-query.ts";
import type { FacilityQuery, Near } from "../../core/api-types.ts";
import { BoundedMemo } from "../bounded-memo.ts";
import { ATOM_CONTENT_TYPE, parseFeedRequest, renderChangesFeed } from "../changes-feed.ts";
import { CSV_CHUNK_ROWS, csvFileName, csvStream } from "../csv-export.ts";
import { HttpError, isQueryTimeout } from "../errors.ts";
import { readChangesPage } from "../feed-repository.ts";
import { facilitiesDate, readCsvChunk } from "../insights-repository.ts";
import { listPoints, nationalPoints, resolvePlace, suggestPlaces } from "../places-repository.ts";
import { PointColumnsHolder } from "../points-memory.ts";
import {
  countWithoutPosition,
  type DistanceFilter,
  type FacilityPage,
  listFacilities,
  readDataVersion,
} from "../repository.ts";
import { ALERT_CACHE, DETAIL_CACHE, LIST_CACHE, type RouteKit } from "./route-kit.ts";

const ALERTS_TIMEOUT_TEXT =
  "The rating alerts query timed out. Try a different time period or a more specific filter.";
const ALERTS_FAILED_TEXT = "The rating alerts could not be loaded. Try again later.";
const NO_FEED_TEXT = "No data is loaded yet: the feeds of rating changes start with the first release.";

/** The list response (docs/api.md), written around the page's items, which are JSON text already. */
function facilityListJson(page: FacilityPage, near: Near | null, error?: string): string {
  const { summary } = page;
  const tail = error === undefined ? "" : `,"error":${JSON.stringify(error)}`;
  return `{"data":[${page.itemsJson}],"totalCount":${summary.totalFacilities},"summary":${JSON.stringify(summary)},"near":${JSON.stringify(near)}${tail}}`;
}

export function mountFacilityListRoutes(app: Hono, kit: RouteKit): void {
  const { db, cachedJson, entityTag, logger, setCacheHeaders } = kit;
  /** Facility-list queries parsed from a URL, with their canonical query string. */
  const parsedQueries = new BoundedMemo<FacilityQuery & { canonical: string }>(10_000);
  /** The map's columns of the current facilities, in memory per data version (src/server/points-memory.ts). */
  const pointColumns = new PointColumnsHolder(db, (error) =>
    logger.warn({ err: error }, "could not read the facilities' columns for the map"),
  );
  // Not awaited: the points of a view are computed by SQL until the copy is read.
  kit.onNewData((version) => void pointColumns.build(version));

  /** The `near` filter of a list query: its place resolved (a 400 naming `near` when no place has that name). */
  const distanceFilter = async (query: FacilityQuery): Promise<DistanceFilter | null> => {
    if (!query.near) return null;
    const place = await resolvePlace(db, query.near);
    if (!place) throw new QueryParamError("near", unknownPlaceMessage(query.near));
    return { place, radius: effectiveRadius(query) ?? DEFAULT_RADIUS_MILES };
  };
  const parseListQuery = (c: Context) =>
    parsedQueries.get(c.req.url, () => {
      const parsed = parseFacilityQuery(new URL(c.req.url).searchParams);
      return { ...parsed, canonical: facilityQueryToSearchParams(parsed).toString() };
    });

  app.get("/api/facilities", (c) => {
    const query = parseListQuery(c);
    const key = `facilities?${query.canonical}`;
    return cachedJson(c, key, query.alertEnabled ? ALERT_CACHE : LIST_CACHE, async () => {
      const near = await distanceFilter(query);
      const nearJson = async (withAlerts: boolean): Promise<Near | null> =>
        near && {
          ...near.place,
          radiusMiles: near.radius,
          withoutLocation: await countWithoutPosition(db, query, withAlerts),
        };
      if (!query.alertEnabled) {
        const [page, about] = await Promise.all([listFacilities(db, query, false, near), nearJson(false)]);
        return { json: facilityListJson(page, about) };
      }
      try {
        const [page, about] = await Promise.all([listFacilities(db, query, true, near), nearJson(true)]);
        return { json: facilityListJson(page, about) };
      } catch (error) {
        // The spec's fallback: the facilities without alerts, and the reason.
        logger.warn({ err: error }, "alert-filtered facility query failed");
        const [plain, about] = await Promise.all([listFacilities(db, query, false, near), nearJson(false)]);
        const reason = isQueryTimeout(error) ? ALERTS_TIMEOUT_TEXT : ALERTS_FAILED_TEXT;
        return { json: facilityListJson(plain, about, reason), cacheable: false };
      }
    });
  });

  /** Every facility of the view that has a position, for the map (docs/api.md). */
  app.get("/api/facilities/points", (c) => {
    const query = parseListQuery(c);
    const params = new URLSearchParams(query.canonical);
    params.delete("page");
    params.delete("pageSize");
    return cachedJson(
      c,
      `points?${params}`,
      query.alertEnabled ? ALERT_CACHE : LIST_CACHE,
      async (version) => {
        const near = await distanceFilter(query);
        // The columns of the data version in memory, once read (until then, and for the few views they leave to the
        // database, SQL).
        const fromMemory = pointColumns.get(version)?.pointsBytes(query, near);
        if (fromMemory) return { json: fromMemory, compression: "numbers" };
        // The whole nation (no parameter left): stored at publication.
        const stored = params.size === 0 ? await nationalPoints(db) : null;
        if (stored !== null) return { json: stored, compression: "numbers" };
        const withoutPosition = await countWithoutPosition(db, query);
        return { json: await listPoints(db, query, near, withoutPosition), compression: "numbers" };
      },
    );
  });

  app.get("/api/places", (c) => {
    const text = parsePlaceText(new URL(c.req.url).searchParams);
    return cachedJson(c, `places?${text.toLowerCase()}`, DETAIL_CACHE, async () => ({
      json: await suggestPlaces(db, text),
    }));
  });

  /** Every facility of the list's filtered view (page and pageSize ignored), streamed as CSV (docs/api.md). */
  app.get("/api/facilities.csv", compress(), async (c) => {
    const params = new URL(c.req.url).searchParams;
    params.delete("page");
    params.delete("pageSize");
    const query = parseFacilityQuery(params);
    const etag = await entityTag(`facilities.csv?${facilityQueryToSearchParams(query).toString()}`);
    const near = await distanceFilter(query);
    const cacheControl = query.alertEnabled ? ALERT_CACHE : LIST_CACHE;
    if (c.req.header("if-none-match") === etag) {
      setCacheHeaders(c, etag, cacheControl);
      return c.body(null, 304);
    }
    const [version, first, date] = await Promise.all([
      readDataVersion(db),
      readCsvChunk(db, query, near, null, CSV_CHUNK_ROWS),
      facilitiesDate(db),
    ]);
    // Only now: an error response must not carry an ETag (a revalidation would turn it into a 304).
    setCacheHeaders(c, etag, cacheControl);
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="${csvFileName(date)}"`);
    return c.body(csvStream(db, query, near, first, version), 200);
  });

  /** The Atom feed of the rating changes of the list's view (src/server/changes-feed.ts, docs/api.md). */
  app.get("/api/feeds/changes.atom", (c) => {
    const request = parseFeedRequest(c.req.url);
    const cacheControl = request.query.alertEnabled ? ALERT_CACHE : LIST_CACHE;
    const compute = async () => {
      const near = await distanceFilter(request.query);
      const page = await readChangesPage(db, request.query, near, request.page);
      if (page.releases.length === 0) throw new HttpError(503, NO_FEED_TEXT);
      return { text: renderChangesFeed(request, page, { place: near?.place.label ?? null }) };
    };
    return cachedJson(c, request.cacheKey, cacheControl, compute, {}, ATOM_CONTENT_TYPE);
  });
}
