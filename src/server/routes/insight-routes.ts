// The averages and the affiliated entities' pages: benchmarks per state and for the nation (with every staffing
// figure and quality measure), an entity's summary, its staffing and quality measures, and its trend (docs/api.md).
import type { Hono } from "hono";
import { parseBenchmarkState, parseEntityName, QueryParamError } from "../../core/api-query.ts";
import { HttpError } from "../errors.ts";
import {
  benchmarkFiguresOf,
  type FigureAverages,
  getEntityStaffingQuality,
  readFigureAverages,
} from "../figure-averages-repository.ts";
import { getBenchmarks, getEntity, getEntityTrend } from "../insights-repository.ts";
import { listStateBenchmarks } from "../places-repository.ts";
import { DETAIL_CACHE, type RouteKit } from "./route-kit.ts";

export const NOTHING_LOADED_TEXT =
  "No data is loaded yet: the averages are computed when the first release is loaded.";

export function mountInsightRoutes(app: Hono, { db, cachedJson }: RouteKit): void {
  // The nation's staffing and quality averages are the same in every entity's answer: read once per data version.
  let national: { version: string; averages: Promise<FigureAverages> } | null = null;
  const nationalAverages = (version: string) => (): Promise<FigureAverages> => {
    if (national?.version !== version) {
      const averages = readFigureAverages(db, null);
      national = { version, averages };
      // A failed read is not kept: the next request reads again.
      averages.catch(() => {
        if (national?.averages === averages) national = null;
      });
    }
    return national.averages;
  };

  app.get("/api/benchmarks/states", (c) =>
    cachedJson(c, "benchmarks/states", DETAIL_CACHE, async () => ({ json: await listStateBenchmarks(db) })),
  );

  app.get("/api/benchmarks", (c) => {
    const state = parseBenchmarkState(new URL(c.req.url).searchParams);
    return cachedJson(c, `benchmarks?${state ?? ""}`, DETAIL_CACHE, async () => {
      const benchmarks = await getBenchmarks(db, state);
      if (benchmarks === null) throw new HttpError(503, NOTHING_LOADED_TEXT);
      if (benchmarks.state === undefined) {
        throw new QueryParamError("state", `state ${state} has no facilities`);
      }
      // The stored averages (an object's JSON text) gain the staffing figures and quality measures.
      const figures = await readFigureAverages(db, state);
      const scope = (body: string, name: "state" | "national") =>
        `${body.slice(0, -1)},${JSON.stringify(benchmarkFiguresOf(figures, name)).slice(1)}`;
      const stateBody = benchmarks.state === null ? "null" : scope(benchmarks.state, "state");
      return {
        json: `{"state":${stateBody},"national":${scope(benchmarks.national, "national")},"averagesProcessingDate":${JSON.stringify(figures.averagesProcessingDate)}}`,
      };
    });
  });

  app.get("/api/entities/:name", (c) => {
    const name = parseEntityName(c.req.param("name"));
    return cachedJson(c, `entity?${encodeURIComponent(name)}`, DETAIL_CACHE, async () => {
      const json = await getEntity(db, name);
      if (json === null) throw new HttpError(404, `No affiliated entity named ${JSON.stringify(name)}`);
      return { json };
    });
  });

  app.get("/api/entities/:name/staffing-quality", (c) => {
    const name = parseEntityName(c.req.param("name"));
    return cachedJson(
      c,
      `entity-staffing-quality?${encodeURIComponent(name)}`,
      DETAIL_CACHE,
      async (version) => {
        const body = await getEntityStaffingQuality(db, name, nationalAverages(version));
        if (body === null) throw new HttpError(404, `No affiliated entity named ${JSON.stringify(name)}`);
        return { body };
      },
    );
  });

  app.get("/api/entities/:name/trend", (c) => {
    const name = parseEntityName(c.req.param("name"));
    return cachedJson(c, `entity-trend?${encodeURIComponent(name)}`, DETAIL_CACHE, async () => {
      const json = await getEntityTrend(db, name);
      if (json === null) throw new HttpError(404, `No affiliated entity named ${JSON.stringify(name)}`);
      return { json };
    });
  });
}
