// What a route module needs from the app factory (src/server/app.ts): the database, the log, and `cachedJson`, which
// answers a read from the response cache under the data version (ETag, revalidation, single-flight computation, the
// busy deadline). Each dataset's endpoints live in a module of this folder that the factory mounts.
import type { Context, Hono } from "hono";
import type { Logger } from "pino";
import type { Db } from "../../db/client.ts";
import type { ComputeKind } from "../compute-queue.ts";
import type { Compression } from "../response-cache.ts";

/** Cache-Control of lists and searches (their data changes monthly, their pages are many). */
export const LIST_CACHE = "public, max-age=30";
/** Alert answers are never reused without asking (SPEC: alert queries are not cached); a 304 is still cheap. */
export const ALERT_CACHE = "no-cache";
/** Cache-Control of a facility's or an entity's own answers. */
export const DETAIL_CACHE = "public, max-age=300";

/** The body of a computed answer: a value, JSON text (or its UTF-8 bytes) already, or (with a content type) text. */
export type Computed = ({ body: unknown } | { json: string | Buffer } | { text: string }) & {
  cacheable?: boolean;
  compression?: Compression;
};

export type CachedJson = (
  c: Context,
  key: string,
  cacheControl: string,
  compute: (version: string) => Promise<Computed>,
  kind?: ComputeKind,
  contentType?: string,
) => Promise<Response>;

export interface RouteKit {
  db: Db;
  logger: Logger;
  cachedJson: CachedJson;
  /** The ETag of a read under the current data version, for an answer not cached whole (the CSV export). */
  entityTag: (key: string) => Promise<string>;
  setCacheHeaders: (c: Context, etag: string, cacheControl: string) => void;
  /**
   * Runs `prepare` with a new data version's value as soon as the server sees it, before its answers are computed
   * (for what a module keeps in memory per data version).
   */
  onNewData: (prepare: (version: string) => void) => void;
}

/** A module's endpoints, added to the app by the factory. */
export type MountRoutes = (app: Hono, kit: RouteKit) => void;
