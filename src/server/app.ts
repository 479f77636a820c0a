// The HTTP app: the JSON API of docs/api.md plus the built web app. A factory without listen(), so tests call
// it in-process against a real database.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import type { Logger } from "pino";
import { checkPathText, checkRawQuery, pathParamName, QueryParamError } from "../core/api-query.ts";
import { type DataLoad, IDLE_LOAD, type RefreshStatus } from "../core/api-types.ts";
import type { Db } from "../db/client.ts";
import { apiDocsFiles, openApiFile } from "./api-docs.ts";
import { BoundedMap, BoundedSet } from "./bounded-memo.ts";
import { type ComputeKind, ComputeQueue } from "./compute-queue.ts";
import { HttpError, MAX_URL_LENGTH, toErrorResponse, unavailable } from "./errors.ts";
import {
  ASSET_CACHE,
  acceptsBrotli,
  acceptsGzip,
  type FastAnswer,
  type HeaderList,
  headersAddedBy,
  PAGE_CACHE,
  sendReady,
  staticAnswers,
} from "./fast-answers.ts";
import { Popularity } from "./popularity.ts";
import { readDataVersion, readMeta, warmDatabase } from "./repository.ts";
import {
  bodyText,
  type CachedResponse,
  hashKey,
  IdentityBodies,
  ResponseCache,
  toCachedResponse,
  toCachedResponseAsync,
} from "./response-cache.ts";
import { mountAlertRoutes } from "./routes/alert-routes.ts";
import { mountFacilityListRoutes } from "./routes/facility-list-routes.ts";
import { mountFacilityRoutes } from "./routes/facility-routes.ts";
import { mountInsightRoutes } from "./routes/insight-routes.ts";
import { mountInspectionRoutes } from "./routes/inspection-routes.ts";
import { mountOwnershipRoutes } from "./routes/ownership-routes.ts";
import { mountQualityRoutes } from "./routes/quality-routes.ts";
import type { Computed, MountRoutes, RouteKit } from "./routes/route-kit.ts";
import { mountStaffingRoutes } from "./routes/staffing-routes.ts";
import { readStaticFiles, type StaticFile } from "./static-files.ts";

/** The endpoints of each dataset, in modules of src/server/routes/ (a view's points before a facility's detail). */
const ROUTE_MODULES: readonly MountRoutes[] = [
  mountFacilityListRoutes,
  mountFacilityRoutes,
  mountAlertRoutes,
  mountInspectionRoutes,
  mountInsightRoutes,
  mountOwnershipRoutes,
  mountQualityRoutes,
  mountStaffingRoutes,
];

export interface AppOptions {
  db: Db;
  logger: Logger;
  /** Folder of the built web app; omitted or missing means API only. */
  staticDir?: string | undefined;
  /** What the server is loading and its refresh status, for /api/meta (absent: nothing loads in this process). */
  loader?: { readonly load: DataLoad; readonly refresh: RefreshStatus };
  /** How long a read of the data version is trusted before it is read again. */
  dataVersionTtlMs?: number;
  cacheEntries?: number;
  /** Computations of uncached answers running at once (default: 2 on the embedded database, 8 on PostgreSQL). */
  maxRunning?: number;
  /**
   * Whether the answers most asked for are computed as soon as new data is seen: the data version is then read every
   * second in the background (not only when a request asks for it), and a new one warms the cache (default false;
   * the server turns it on).
   */
  warm?: boolean;
  /**
   * Resolves when `db` is open (the server listens before; until then every statement fails at once with
   * DatabaseOpening, src/server/opening-db.ts). Absent: the database is open.
   */
  databaseOpen?: Promise<unknown>;
}

/** How long new data waits for its answers most asked for to be computed before it is served anyway. */
const SWITCH_WAIT_MS = 15_000;
/** How often the server saves the requests most asked for (src/server/popularity.ts). */
const POPULARITY_SAVE_MS = 60_000;

/**
 * The answers every visitor needs, computed as soon as the server sees new data (at start and after every load),
 * with the answers most asked for of late (src/server/popularity.ts), at a priority below visitors' requests: the
 * dashboard's default list and its alert views, meta, the lookups, the national averages, all alerts of each
 * period, and the map's points of every facility and its state averages.
 */
export const WARM_PATHS = [
  "/api/meta",
  "/api/facilities",
  "/api/lookups/states",
  "/api/lookups/entities",
  "/api/benchmarks",
  "/api/facilities?alertEnabled=true",
  "/api/facilities?alertEnabled=true&alertPeriod=lastQuarter",
  "/api/alerts?period=lastPeriod",
  "/api/alerts?period=lastQuarter",
  "/api/facilities/points",
  "/api/benchmarks/states",
  "/api/citations",
  "/api/citations/categories",
];

/**
 * While the server starts (before its first warm-up ends) or loads data, an answer that is not computed within this
 * time is a 503 with Retry-After instead (its computation goes on and is cached for the retry): the embedded
 * database runs one statement at a time, and a load's statements may hold it for a second or more.
 */
export const BUSY_ANSWER_DEADLINE_MS = 800;
/** What a client is told when its answer was not computed within that time. */
export const BUSY_TEXT = "The server is loading data and could not answer in time. Try again in a moment.";
/** The load a server reports while its database opens. */
const OPENING_LOAD: DataLoad = {
  ...IDLE_LOAD,
  isLoading: true,
  kind: "initial",
  step: "Opening the database",
};

/** The stored part of meta before anything is known of the data (the database still opening). */
const OPENING_META = JSON.stringify({
  source: null,
  latestProcessingDate: null,
  facilitiesProcessingDate: null,
  processingDates: [],
  facilityCount: 0,
  snapshotCount: 0,
  dataVersion: "0",
  inspectionWindow: null,
});

/** How long a request waits for a fresh read of the data version before it uses the one known. */
const VERSION_WAIT_MS = 50;
const MAX_BODY_BYTES = 16 * 1024;

const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Charts and popovers position themselves with inline style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** A view of a Buffer's bytes, not a copy (a Buffer's memory is an ArrayBuffer, never shared). */
function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);
}

/** A cached answer: its gzipped bytes to a client that takes gzip, else its plain bytes (kept for hot answers). */
function sendCached(c: Context, entry: CachedResponse, identity: IdentityBodies): Response {
  if (entry.gzipped && acceptsGzip(c.req.header("accept-encoding"))) {
    c.header("Content-Encoding", "gzip");
    return c.body(bytesOf(entry.gzipped), 200);
  }
  return c.body(bytesOf(identity.get(entry)), 200);
}

/**
 * A file held in memory (the web app's, the API reference page's), with its ETag, and compressed when accepted
 * (brotli first). fast-answers.ts sends the web app's files the same way, before the app.
 */
function send(c: Context, file: StaticFile, cacheControl: string): Response {
  c.header("Cache-Control", cacheControl);
  c.header("ETag", file.etag);
  c.header("Vary", "Accept-Encoding");
  if (c.req.header("if-none-match") === file.etag) return c.body(null, 304);
  c.header("Content-Type", file.contentType);
  const acceptEncoding = c.req.header("accept-encoding");
  if (file.brotli && acceptsBrotli(acceptEncoding)) {
    c.header("Content-Encoding", "br");
    return c.body(bytesOf(file.brotli), 200);
  }
  if (file.gzipped && acceptsGzip(acceptEncoding)) {
    c.header("Content-Encoding", "gzip");
    return c.body(bytesOf(file.gzipped), 200);
  }
  return c.body(bytesOf(file.body), 200);
}

/** The path of a URL as the app's log shows it (percent-decoded, as Hono's `c.req.path`). */
function pathOf(url: string): string {
  const queryStart = url.indexOf("?");
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  if (!path.includes("%")) return path;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

export type App = Hono & {
  /** Computations of uncached answers started so far (tests read it). */
  readonly computations: () => number;
  /** Resolves when the first warm-up has ended (only with `warm`). */
  readonly warmed: Promise<void>;
  /** Saves what the server keeps in the database across starts (the requests most asked for), before it stops. */
  readonly saveState: () => Promise<void>;
  /**
   * Resolves once every answer the app gives comes from the data the database holds now (its data version read at
   * the call): after a load, its new data is warmed and served. A load reports itself done only then.
   */
  readonly servingCurrentData: () => Promise<void>;
  /**
   * Answers a GET from memory on Node's own request and response, before the app, when it can (a cached answer of a
   * URL the app answered before, a file of the web app; fast-answers.ts); false when the app must answer.
   */
  readonly answerFast: (request: IncomingMessage, response: ServerResponse) => boolean;
};

/** A cached answer the app has sent for a URL, ready to be sent again before the app (fast-answers.ts). */
interface LearnedAnswer {
  /** The data version and cache key it was answered under, and its ETag. */
  version: string;
  key: string;
  etag: string;
  notModified: HeaderList;
  /** The headers of a 200 before its Content-Encoding and Content-Length. */
  ok: HeaderList;
  /**
   * The complete headers, with the body length they were built for (not the entry itself, which the cache must stay
   * free to drop).
   */
  gzip?: { length: number; headers: HeaderList };
  identity?: { length: number; headers: HeaderList };
}

export function createApp(options: AppOptions): App {
  const { db, logger } = options;
  const cache = new ResponseCache(options.cacheEntries);
  const identity = new IdentityBodies();
  const queue = new ComputeQueue({
    maxRunning: options.maxRunning ?? (db.kind === "pglite" ? 2 : 8),
    maxHeavy: db.kind === "pglite" ? 1 : 2,
  });
  /** Marks the warm-up's own requests (known to this process only). */
  const warmToken = randomUUID();
  const popularity = new Popularity();
  /** What route modules keep in memory per data version, prepared when a new one is seen (RouteKit.onNewData). */
  const newDataHooks: ((version: string) => void)[] = [];
  const versionTtl = options.dataVersionTtlMs ?? 1000;
  /** Whether the first warm-up has ended (without warm-up, from the start). */
  let firstWarmDone = !options.warm;
  /** Starting (the first warm-up) or loading data in this process: answers must not wait on the database. */
  const isBusy = () => !firstWarmDone || options.loader?.load.isLoading === true;
  /**
   * `work` as it is when the server is not busy; while it is, bounded by the deadline `at` (performance.now() ms):
   * a 503 with Retry-After if it has not settled by then (the work goes on; a computation is cached for the retry).
   */
  const inTime = <T>(work: Promise<T>, at: number, always = false): Promise<T> => {
    if (!always && !isBusy()) return work;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(unavailable(BUSY_TEXT)), Math.max(0, at - performance.now()));
      work.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  };
  /** Callbacks waiting for the served version to change (servingCurrentData). */
  const versionWaiters = new Set<() => void>();
  const servedVersionChanged = () => {
    for (const waiter of versionWaiters) waiter();
  };
  /** The data version answers are served under, and when the database was last asked for its version. */
  let version: { value: string; readAt: number } | null = null;
  /** A newer version the warm-up is preparing; served once its answers most asked for are computed. */
  let pending: string | null = null;
  let versionRead: Promise<string> | null = null;
  const readVersion = () => {
    versionRead ??= readDataVersion(db)
      .then((value) => {
        const served = version?.value;
        if (served === undefined || !options.warm) {
          version = { value, readAt: Date.now() };
          if (served !== value) servedVersionChanged();
          if (served === undefined && options.warm) warmUp(value);
          return value;
        }
        version = { value: served, readAt: Date.now() };
        if (value !== served && value !== pending) {
          // New data: its answers most asked for are computed first, while the cached answers of the data before
          // are still served; then the new version is served. A request the cache cannot answer meanwhile is
          // computed from the new data (the database holds nothing else).
          pending = value;
          const switchTo = () => {
            if (pending !== value) return;
            pending = null;
            version = { value, readAt: Date.now() };
            servedVersionChanged();
          };
          warmUp(value).then(switchTo);
          setTimeout(switchTo, SWITCH_WAIT_MS).unref();
        }
        return version.value;
      })
      .finally(() => {
        versionRead = null;
      });
    return versionRead;
  };
  /**
   * The data version, read again when older than the TTL. Once known, a read that takes longer than a few
   * milliseconds (a load holds the embedded database for a moment) answers with the version known so far while the
   * read completes in the background, so requests the cache can answer are not held up.
   */
  const dataVersion = async (): Promise<string> => {
    if (!version) return readVersion();
    if (Date.now() - version.readAt <= versionTtl) return version.value;
    const stale = version.value;
    const fresh = readVersion();
    fresh.catch(() => {});
    return Promise.race([
      fresh,
      new Promise<string>((done) => setTimeout(() => done(stale), VERSION_WAIT_MS)),
    ]);
  };
  /** The version a request's answer is computed and cached under: the warm-up's own, or the served one. */
  const versionFor = (c: Context): Promise<string> | string => {
    if (c.req.header("x-warm-up") === warmToken) return c.req.header("x-warm-version") ?? dataVersion();
    popularity.hit(c.req.url.slice(c.req.url.indexOf("/", c.req.url.indexOf("//") + 2)));
    return dataVersion();
  };

  /**
   * The ETag of a read: the data version and the normalised request. The CSV export, which is streamed and never
   * cached whole, uses it as it is.
   */
  const entityTag = async (key: string) => {
    const current = await dataVersion();
    return `"${hashKey(`${current}|${key}`)}-${current}"`;
  };
  const setCacheHeaders = (c: Context, etag: string, cacheControl: string) => {
    c.header("Cache-Control", cacheControl);
    c.header("ETag", etag);
    c.header("Vary", "Accept-Encoding");
  };

  /** The security headers of every answer (read from the middleware below once it has run), for fast-answers.ts. */
  let security: HeaderList | null = null;
  /** Cached answers by the URL Node received (path and query), ready to send again (fast-answers.ts). */
  const learned = new BoundedMap<LearnedAnswer>(10_000);
  /**
   * Remembers a cached answer of a visitor's request under the URL as Node received it (the app through
   * @hono/node-server has it as `env.incoming`; a request made in-process has none), so that the same URL is
   * answered before the app while the data version and the cache entry stay the same.
   */
  const learn = (
    c: Context,
    current: string,
    key: string,
    etag: string,
    cacheControl: string,
    contentType: string,
  ) => {
    const url = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.url;
    if (url === undefined || security === null || learned.get(url)?.etag === etag) return;
    const notModified = [...security, "cache-control", cacheControl, "etag", etag, "vary", "Accept-Encoding"];
    learned.set(url, {
      version: current,
      key,
      etag,
      notModified,
      ok: [...notModified, "content-type", contentType],
    });
  };
  /** A learned answer sent again, as cachedJson would send it (its status), or 0 when the app must answer. */
  const answerLearned = (
    known: LearnedAnswer,
    url: string,
    request: IncomingMessage,
    response: ServerResponse,
  ): number => {
    // The version cachedJson would answer under without reading it again (dataVersion), or the app reads it.
    if (version === null || version.value !== known.version || Date.now() - version.readAt > versionTtl)
      return 0;
    if (request.headers["if-none-match"] === known.etag) {
      popularity.hit(url);
      sendReady(response, 304, known.notModified);
      return 304;
    }
    const entry = cache.get(known.key);
    if (!entry) return 0;
    popularity.hit(url);
    const gzipped = entry.gzipped;
    if (gzipped && acceptsGzip(request.headers["accept-encoding"])) {
      if (known.gzip?.length !== gzipped.length) {
        const headers = [...known.ok, "content-encoding", "gzip", "content-length", String(gzipped.length)];
        known.gzip = { length: gzipped.length, headers };
      }
      sendReady(response, 200, known.gzip.headers, gzipped);
      return 200;
    }
    const body = identity.get(entry);
    if (known.identity?.length !== body.length) {
      known.identity = { length: body.length, headers: [...known.ok, "content-length", String(body.length)] };
    }
    sendReady(response, 200, known.identity.headers, body);
    return 200;
  };
  /** The web app's files, answered before the app once the security headers are known. */
  let statics: FastAnswer | null = null;

  /**
   * Answers a read from the cache when it can: the ETag is known before any query runs (it depends only on the
   * data version and the normalised request), so a revalidation costs no database work at all. A miss is computed
   * through the queue: once for all identical requests in flight, in turn with the other misses.
   */
  const cachedJson = async (
    c: Context,
    key: string,
    cacheControl: string,
    /**
     * The response body as a value, or as JSON text (or its UTF-8 bytes) already, or (with `contentType`) as text,
     * computed for the data version the answer is cached under.
     */
    compute: (version: string) => Promise<Computed>,
    kind: ComputeKind = {},
    contentType = "application/json; charset=UTF-8",
  ) => {
    const warm = c.req.header("x-warm-up") === warmToken;
    const deadline = performance.now() + BUSY_ANSWER_DEADLINE_MS;
    const asked = versionFor(c);
    const current = typeof asked === "string" || warm ? await asked : await inTime(asked, deadline);
    const cacheKey = `${current}|${key}`;
    const etag = `"${hashKey(cacheKey)}-${current}"`;
    const cacheHeaders = () => {
      c.header("Cache-Control", cacheControl);
      c.header("ETag", etag);
      c.header("Vary", "Accept-Encoding");
    };
    // The client already holds this exact response: only error responses carry no ETag, so it was a 200.
    if (c.req.header("if-none-match") === etag) {
      cacheHeaders();
      learn(c, current, cacheKey, etag, cacheControl, contentType);
      return c.body(null, 304);
    }
    let entry = cache.get(cacheKey);
    if (!entry) {
      const computation = queue.run(cacheKey, { ...kind, warm }, async () => {
        const result = await compute(current);
        const body =
          "json" in result ? result.json : "text" in result ? result.text : JSON.stringify(result.body);
        if (result.cacheable === false) return { body, cacheable: false as const };
        const stored = await toCachedResponseAsync(body, result.compression);
        cache.set(cacheKey, stored);
        return { entry: stored, cacheable: true as const };
      });
      const computed = warm ? await computation : await inTime(computation, deadline);
      if (!computed.cacheable) {
        c.header("Cache-Control", "no-store");
        const text = typeof computed.body === "string" ? computed.body : computed.body.toString("utf8");
        return c.body(text, 200, { "Content-Type": contentType });
      }
      entry = computed.entry;
    }
    cacheHeaders();
    c.header("Content-Type", contentType);
    learn(c, current, cacheKey, etag, cacheControl, contentType);
    return sendCached(c, entry, identity);
  };

  /**
   * Under a new data version: reads the tables visitors' reads use into the database's buffers, then computes the
   * answers most asked for (those every visitor needs, and the most asked of late), each through the queue at the
   * warm-up's priority (a visitor's request goes first, and one that asks for the same answer waits for the same
   * computation). Resolves when they are all computed.
   */
  let resolveWarmed: () => void = () => {};
  const warmed = new Promise<void>((resolve) => {
    resolveWarmed = resolve;
  });
  const warmUp = async (forVersion: string): Promise<void> => {
    const started = performance.now();
    const headers = { "accept-encoding": "gzip", "x-warm-up": warmToken, "x-warm-version": forVersion };
    const tables = queue.run(`${forVersion}|warm-database`, { warm: true }, () => warmDatabase(db));
    for (const prepare of newDataHooks) prepare(forVersion);
    const all = [...new Set([...WARM_PATHS, ...popularity.top()])];
    const answers = all.map(async (path) => {
      await tables.catch(() => {});
      const response = await app.request(path, { headers });
      await response.arrayBuffer();
    });
    const results = await Promise.allSettled([tables, ...answers]);
    const failed = results.filter((result) => result.status === "rejected");
    for (const failure of failed.slice(0, 3)) {
      logger.warn({ err: (failure as PromiseRejectedResult).reason }, "warm-up failed");
    }
    logger.info(
      { ms: Math.round(performance.now() - started), answers: all.length, failed: failed.length },
      "computed the answers most asked for, for the new data",
    );
    firstWarmDone = true;
    resolveWarmed();
  };

  /** The log's line of a request (at the default level, one per request). */
  const logRequest = (method: string, path: string, status: number, started: number) => {
    logger.info({ method, path, status, ms: Math.round((performance.now() - started) * 10) / 10 }, "request");
  };

  const app = new Hono();
  /** URLs whose path and query passed the checks of the first middleware (most requests repeat one of a few). */
  const checkedUrls = new BoundedSet(10_000);

  app.use("*", async (c, next) => {
    const started = performance.now();
    if (c.req.url.length > MAX_URL_LENGTH) throw new HttpError(414, "The request URL is too long");
    if (c.req.path.startsWith("/api/") && !checkedUrls.has(c.req.url)) {
      const url = c.req.url;
      const queryStart = url.indexOf("?");
      if (queryStart >= 0) checkRawQuery(url.slice(queryStart + 1).replace(/#.*$/s, ""));
      const rawPath = url.slice(
        url.indexOf("/", url.indexOf("//") + 2),
        queryStart >= 0 ? queryStart : undefined,
      );
      rawPath.split("/").forEach((segment, index) => {
        const param = pathParamName(rawPath, index);
        let decoded: string;
        try {
          decoded = decodeURIComponent(segment);
        } catch {
          throw new QueryParamError(param, `${param} is not valid percent-encoded UTF-8`);
        }
        checkPathText(decoded, param);
      });
      checkedUrls.add(url);
    }
    await next();
    logRequest(c.req.method, c.req.path, c.res.status, started);
  });
  const securityHeaders = secureHeaders({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    crossOriginEmbedderPolicy: false,
  });
  app.use("*", securityHeaders);
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new HttpError(413, "The request body is too large");
    },
  });
  // A GET or HEAD has no body to limit. Looking for one builds the full web Request of the Node adapter, whose abort
  // listener and finalizer per request piled up faster than the collector freed them under load (a few hundred MB
  // in a minute at 8,000 requests a second).
  app.use("*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next),
  );
  // Cached answers, meta and static files are gzipped once, when they are stored (a compression stream per request,
  // even for a body of a few hundred bytes, cost a tenth of the server thread under load); the CSV export is
  // compressed as it streams.

  app.onError((error, c) => {
    const { status, body, retryAfterSeconds } = toErrorResponse(error);
    // An answer the server chose (a 503 before any data, or while the database opens) is not a failure of the server.
    if (status >= 500 && retryAfterSeconds === undefined && !(error instanceof HttpError)) {
      logger.error({ err: error, path: c.req.path }, "request failed");
    }
    if (retryAfterSeconds !== undefined) c.header("Retry-After", String(retryAfterSeconds));
    c.header("Cache-Control", "no-store");
    return c.json(body, status as 400);
  });

  let isDatabaseOpen = options.databaseOpen === undefined;
  options.databaseOpen?.then(() => {
    isDatabaseOpen = true;
  });
  app.get("/healthz", (c) => c.json(isDatabaseOpen ? { ok: true } : { ok: true, starting: true }));

  const noRefresh: RefreshStatus = {
    intervalSeconds: 0,
    lastCheck: null,
    lastSuccess: null,
    nextCheck: null,
    lastError: null,
  };
  /**
   * The stored part of meta (what the database says of its data) of the newest data versions, kept apart from the
   * response cache so that it is never evicted: a meta answer never waits for the database once it is known. The
   * loading progress and refresh status are this process's own, added to each answer.
   */
  const storedMetas = new Map<string, { entry: CachedResponse; facilityCount: number }>();
  /** What is known of the served data when the database does not answer in time: never a version still warming. */
  const servedMeta = (): CachedResponse | undefined => {
    const served = version ? storedMetas.get(version.value) : undefined;
    if (served) return served.entry;
    for (const [key, stored] of storedMetas) if (key !== pending) return stored.entry;
    return undefined;
  };
  const storedMeta = async (current: string) => {
    const known = storedMetas.get(current);
    if (known) return known;
    return queue.run(`${current}|meta`, {}, async () => {
      const meta = await readMeta(db);
      const stored = { entry: { body: JSON.stringify(meta) }, facilityCount: meta.facilityCount };
      storedMetas.set(current, stored);
      for (const key of storedMetas.keys())
        if (storedMetas.size > 2 && key !== current) storedMetas.delete(key);
      return stored;
    });
  };
  let metaAnswer: { etag: string; entry: CachedResponse } | null = null;
  app.get("/api/meta", async (c) => {
    const warm = c.req.header("x-warm-up") === warmToken;
    const deadline = performance.now() + BUSY_ANSWER_DEADLINE_MS;
    let answer: { current: string; entry: CachedResponse } | null = null;
    try {
      const asked = versionFor(c);
      const current = typeof asked === "string" || warm ? await asked : await inTime(asked, deadline);
      const stored = storedMeta(current);
      answer = { current, entry: (warm ? await stored : await inTime(stored, deadline)).entry };
    } catch (error) {
      // While the database opens, or is held by a load beyond the deadline: what is known of the data so far (the
      // months listed are never more than the lists serve), or nothing yet.
      if (toErrorResponse(error).retryAfterSeconds === undefined) throw error;
    }
    const load = !isDatabaseOpen ? OPENING_LOAD : (options.loader?.load ?? IDLE_LOAD);
    const refresh = options.loader?.refresh ?? noRefresh;
    const known = answer?.entry ?? servedMeta();
    const stored = known ? bodyText(known) : OPENING_META;
    const body = `${stored.slice(0, -1)},"load":${JSON.stringify(load)},"refresh":${JSON.stringify(refresh)}}`;
    c.header("Content-Type", "application/json; charset=UTF-8");
    if (load.isLoading || !answer) {
      c.header("Cache-Control", "no-store");
      return c.body(body, 200);
    }
    const etag = `"${hashKey(body)}-${answer.current}"`;
    // Always asked again (a 304 when nothing changed): a refresh may start at any moment.
    c.header("Cache-Control", "no-cache");
    c.header("ETag", etag);
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    // Between loads the answer stays the same: compressed once, not on every request.
    if (metaAnswer?.etag !== etag) metaAnswer = { etag, entry: toCachedResponse(body) };
    return sendCached(c, metaAnswer.entry, identity);
  });

  /**
   * Readiness, for a load balancer in front of several servers: 200 once this server serves data (its database
   * open, the answers most asked for computed, facilities loaded), else 503 with the reason. /healthz only says
   * that the process answers.
   */
  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    const deadline = performance.now() + BUSY_ANSWER_DEADLINE_MS;
    const facilityCount = async () => {
      const current = await inTime(dataVersion(), deadline, true);
      return (await inTime(storedMeta(current), deadline, true)).facilityCount;
    };
    const load = options.loader?.load ?? IDLE_LOAD;
    const reason = !isDatabaseOpen
      ? "The database is opening."
      : !firstWarmDone
        ? "The answers most asked for are being computed."
        : load.isLoading && load.kind === "initial"
          ? "The first data is loading."
          : ((await facilityCount().catch(() => null)) ?? 0) === 0
            ? "No data is loaded, or the database did not answer in time."
            : null;
    if (reason === null) return c.json({ ready: true });
    c.header("Retry-After", "5");
    return c.json({ error: { message: reason } }, 503);
  });

  const kit: RouteKit = {
    db,
    logger,
    cachedJson,
    entityTag,
    setCacheHeaders,
    onNewData: (prepare) => newDataHooks.push(prepare),
  };
  for (const mount of ROUTE_MODULES) mount(app, kit);

  // The OpenAPI document (src/server/openapi.ts) and the reference page that renders it (src/server/api-docs.ts).
  app.get("/api/openapi.json", (c) => send(c, openApiFile(), "no-cache"));
  app.get("/api/docs", (c) => send(c, apiDocsFiles().get("") as StaticFile, "no-cache"));
  app.get("/api/docs/:file", (c) => {
    const file = apiDocsFiles().get(c.req.param("file"));
    if (!file) throw new HttpError(404, "No such file");
    return send(c, file, "no-cache");
  });

  app.all("/api/*", () => {
    throw new HttpError(404, "No such API endpoint");
  });

  const staticDir = options.staticDir;
  const files = staticDir && existsSync(join(staticDir, "index.html")) ? readStaticFiles(staticDir) : null;
  if (files) {
    const index = files.get("/index.html") as StaticFile;
    app.get("/assets/*", (c) => {
      const file = files.get(c.req.path);
      if (!file) throw new HttpError(404, "No such file");
      // Built assets carry a content hash in their names.
      return send(c, file, ASSET_CACHE);
    });
    // Every other path is a client route: the web app decides what to show (including its not-found screen).
    app.get("*", (c) => send(c, index, PAGE_CACHE));
  }
  void headersAddedBy(securityHeaders).then((headers) => {
    security = headers;
    if (files) statics = staticAnswers(files, headers);
  });
  const answerFast = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== "GET" || security === null) return false;
    const started = performance.now();
    const url = request.url ?? "";
    const known = learned.get(url);
    const status = known
      ? answerLearned(known, url, request, response)
      : (statics?.(url, request, response) ?? 0);
    if (status === 0) return false;
    logRequest("GET", pathOf(url), status, started);
    return true;
  };

  const savePopularity = async () => {
    // Nothing to save into before the database is open.
    if (!isDatabaseOpen) return;
    await popularity
      .save(db)
      .catch((error: unknown) => logger.warn({ err: error }, "could not save the requests most asked for"));
  };
  if (options.warm) {
    const poll = () =>
      readVersion().catch((error: unknown) => logger.debug({ err: error }, "data version read failed"));
    // The requests most asked for before this start are warmed with the others.
    Promise.resolve(options.databaseOpen)
      .then(() => popularity.load(db))
      .catch((error: unknown) => logger.warn({ err: error }, "could not read the requests most asked for"))
      .then(poll);
    setInterval(poll, versionTtl).unref();
    setInterval(savePopularity, POPULARITY_SAVE_MS).unref();
  }

  const servingCurrentData = async (): Promise<void> => {
    const giveUpAt = Date.now() + SWITCH_WAIT_MS + 5000;
    while (Date.now() < giveUpAt) {
      const [stored, served] = await Promise.all([readDataVersion(db), readVersion()]);
      if (served === stored) return;
      // The served version changes when the warm-up of the new data ends (or the database is read again).
      await new Promise<void>((done) => {
        const finish = () => {
          versionWaiters.delete(finish);
          clearTimeout(timer);
          done();
        };
        const timer = setTimeout(finish, 250);
        versionWaiters.add(finish);
      });
    }
  };

  return Object.assign(app, {
    computations: () => queue.computations,
    warmed,
    saveState: () => (options.warm ? savePopularity() : Promise.resolve()),
    servingCurrentData,
    answerFast,
  });
}
