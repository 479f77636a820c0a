// The ownership endpoints (docs/api.md, "Ownership"): a facility's owners and how they changed, owner suggestions,
// and an owner's page.
import type { Hono } from "hono";
import { checkParam, ownerPathSchemas, ownerQuerySchemas, QueryParamError } from "../../core/api-params.ts";
import { parseCcn } from "../../core/api-query.ts";
import { MAX_OWNER_QUERY_LENGTH, normalizeOwnerName, ownerKey } from "../../core/ownership.ts";
import { HttpError } from "../errors.ts";
import { OwnerIndexHolder } from "../owner-index.ts";
import {
  getFacilityOwnership,
  getOwner,
  type NationalFigures,
  readNationalFigures,
  suggestOwners,
} from "../ownership-repository.ts";
import { DETAIL_CACHE, LIST_CACHE, type RouteKit } from "./route-kit.ts";

/** The words of an owner query, normalised as owner names are (`q` 2 to 200 characters with a letter or digit). */
export function parseOwnerQuery(params: URLSearchParams): string[] {
  const values = params.getAll("q");
  if (values.length !== 1) {
    throw new QueryParamError("q", `q must be one text of 2 to ${MAX_OWNER_QUERY_LENGTH} characters`);
  }
  const text = checkParam(ownerQuerySchemas.q, (values[0] ?? "").trim(), "q");
  const words = [
    ...new Set(
      normalizeOwnerName(text)
        .split(" ")
        .filter((word) => word !== ""),
    ),
  ].sort();
  if (words.length === 0) throw new QueryParamError("q", "q must have a letter or digit");
  return words;
}

export function mountOwnershipRoutes(app: Hono, { db, cachedJson }: RouteKit): void {
  const index = new OwnerIndexHolder(db);
  // The nation's figures are the same on every owner's page: read once per data version.
  let national: { version: string; figures: Promise<NationalFigures> } | null = null;
  const nationalFigures = (version: string) => (): Promise<NationalFigures> => {
    if (national?.version !== version) {
      const figures = readNationalFigures(db);
      national = { version, figures };
      figures.catch(() => {
        if (national?.figures === figures) national = null;
      });
    }
    return national.figures;
  };

  app.get("/api/facilities/:ccn/ownership", (c) => {
    const ccn = parseCcn(c.req.param("ccn"));
    return cachedJson(c, `ownership/${ccn}`, DETAIL_CACHE, async () => {
      const body = await getFacilityOwnership(db, ccn);
      if (body === null) throw new HttpError(404, `No facility with CCN ${ccn}`);
      return { body };
    });
  });

  app.get("/api/owners", (c) => {
    const words = parseOwnerQuery(new URL(c.req.url).searchParams);
    return cachedJson(c, `owners?${words.join(" ")}`, LIST_CACHE, async (version) => ({
      body: index.get(version)?.search(words) ?? (await suggestOwners(db, words)),
    }));
  });

  app.get("/api/owners/:type/:name", (c) => {
    const type = checkParam(ownerPathSchemas.type, c.req.param("type"), "type");
    const name = checkParam(ownerPathSchemas.name, c.req.param("name"), "name");
    const key = ownerKey(type, name);
    return cachedJson(c, `owner?${encodeURIComponent(key)}`, DETAIL_CACHE, async (version) => {
      const json = await getOwner(db, key, nationalFigures(version));
      if (json === null) throw new HttpError(404, `No ${type} owner named ${JSON.stringify(name)}`);
      return { json };
    });
  });
}
