// Download side of the ingest CLI (`--latest`, `--backfill N`): finds the CMS files through the Provider Data
// Catalog's JSON endpoints and streams them to local files. Reading the files is done elsewhere.
//
// Response shapes accepted (see docs/cms-download.md for the sources):
//
// 1. Dataset metadata, GET /provider-data/api/1/metastore/schemas/dataset/items/4pq5-n9py (DKAN metastore, DCAT-US):
//      { identifier, title, modified, released, ..., distribution: [ { "@type": "dcat:Distribution",
//        downloadURL: "https://data.cms.gov/provider-data/sites/default/files/resources/<hash>_<ts>/NH_ProviderInfo_MonYYYY.csv",
//        mediaType: "text/csv" } ] }
//    With `?show-reference-ids` (and in some DKAN versions) each distribution is wrapped:
//      { identifier, data: { downloadURL, mediaType, "%Ref:downloadURL": [...] } }
//    Both are accepted. Learned from public code that parses it: DKAN's own front end and metastore
//    (`dist.data.mediaType`, `data.downloadURL`), and CMS clients that hit the flat shape live and keep the
//    nested one as a fallback (`distribution[0].get("data", dist)`).
//
// 2. Monthly archive listing, GET /provider-data/api/1/archive/aggregate/theme/nursing-homes/relative
//    (undocumented; called by the "archived data" page of the catalog). Verified shape in public code (2026):
//      { data: [ { name: "nursing-homes_2026-06-24", nid, identifier, type: "theme" | "annual_theme",
//        theme: "nursing-homes", url: "/provider-data/sites/default/files/dataset-archives/theme/nursing-homes/
//        nursing-homes_2026-06-24.zip", size, date: "2026-06-24", access_level: "public" }, ... ] }
//    about 90 monthly `theme` zips since 2019-01 plus yearly `annual_theme` bundles (also seen as type "theme"
//    named "Annual Snapshot YYYY"). Also accepted, because older code and archives use them: a bare array of
//    entries, and an object keyed by year whose values are arrays of entries (optionally under `data`), with
//    legacy file names `nursing_homes_including_rehab_services_MM_YYYY.zip` and `nh_archive_MM_YYYY.zip`.
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { z } from "zod";

export interface DownloadOptions {
  /** Default 'https://data.cms.gov'; tests pass http://127.0.0.1:PORT. */
  baseUrl?: string;
  /** Where files are written (created if missing). A complete file already there is reused, not downloaded. */
  dir: string;
  /** Bounds reaching CMS: each metadata or listing request, from connecting to the last byte; default 120_000. */
  timeoutMs?: number;
  /** A file download fails when no byte arrives for this long; default 60_000. */
  stallTimeoutMs?: number;
  /** How often a broken or stalled download is resumed (with a Range request) before it fails; default 5. */
  maxResumes?: number;
  signal?: AbortSignal;
  /** `file` is the final local path of the file being downloaded. */
  onProgress?: (event: DownloadProgress) => void;
}

export interface DownloadProgress {
  file: string;
  receivedBytes: number;
  totalBytes: number | null;
  /** True when the file was already in the folder and nothing was downloaded. */
  isCached?: boolean;
}

export class DownloadError extends Error {
  constructor(
    message: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "DownloadError";
  }
}

export const DEFAULT_BASE_URL = "https://data.cms.gov";
/**
 * The Provider Data Catalog's datasets the product reads: Provider Information, the inspection tables, the MDS and
 * claims quality measures, the State/US averages and the Ownership table.
 */
export const DATASET_IDS = {
  provider: "4pq5-n9py",
  citations: "r5ix-sfxw",
  fire: "ifjz-ge4w",
  penalties: "g6vv-u9sr",
  mds: "djen-97ju",
  claims: "ijh5-nb2v",
  averages: "xcdc-v8bm",
  ownership: "y2hd-n93e",
} as const;
export type CurrentDataset = keyof typeof DATASET_IDS;
export const METADATA_PATH_PREFIX = "/provider-data/api/1/metastore/schemas/dataset/items/";
export const PROVIDER_INFO_METADATA_PATH = `${METADATA_PATH_PREFIX}${DATASET_IDS.provider}`;
export const NURSING_HOME_ARCHIVE_LISTING_PATH =
  "/provider-data/api/1/archive/aggregate/theme/nursing-homes/relative";

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_STALL_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_RESUMES = 5;
const METADATA_RETRIES = 2;
const RETRY_BACKOFF_MS = 200;

/** Reads the Provider Information dataset metadata, takes its distribution's `downloadURL` (the CSV) and downloads it. Returns the local path. */
export async function downloadLatestProviderInfo(options: DownloadOptions): Promise<string> {
  const { url } = await fetchCurrentFile(options);
  await mkdir(options.dir, { recursive: true });
  return downloadToFile(url, path.join(options.dir, fileNameFromUrl(url)), options);
}

/** Downloads one file into `dir` under its URL's file name (a complete file already there is reused). */
export async function downloadFile(url: string, options: DownloadOptions): Promise<string> {
  await mkdir(options.dir, { recursive: true });
  return downloadToFile(url, path.join(options.dir, fileNameFromUrl(url)), options);
}

/** A dataset's current CSV (Provider Information by default): its URL and the dataset's modified date. */
export async function fetchCurrentFile(
  options: Omit<DownloadOptions, "dir">,
  dataset: CurrentDataset = "provider",
): Promise<{ url: string; modified: string | null }> {
  const metadataUrl = resolveUrl(`${METADATA_PATH_PREFIX}${DATASET_IDS[dataset]}`, options);
  const json = await fetchJsonWithRetries(metadataUrl, options);
  const csvUrl = pickCsvDownloadUrl(json, metadataUrl);
  const modified = datasetModifiedSchema.safeParse(json);
  return {
    url: resolveUrl(csvUrl, options, metadataUrl),
    modified: modified.success ? (modified.data.modified?.slice(0, 10) ?? null) : null,
  };
}

/** Every monthly archive the listing names, oldest first (annual bundles and other entries left out). */
export async function fetchMonthlyArchives(options: Omit<DownloadOptions, "dir">): Promise<MonthlyArchive[]> {
  const listingUrl = resolveUrl(NURSING_HOME_ARCHIVE_LISTING_PATH, options);
  const json = await fetchJsonWithRetries(listingUrl, options);
  return listMonthlyArchives(json, listingUrl, options);
}

/** Reads the monthly archive listing, picks the newest N monthly zip archives and downloads them, oldest first. Returns local paths, oldest first. */
export async function downloadMonthlyArchives(n: number, options: DownloadOptions): Promise<string[]> {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a whole number >= 0, got ${n}`);
  if (n === 0) return [];
  const chosen = (await fetchMonthlyArchives(options)).slice(-n);
  await mkdir(options.dir, { recursive: true });
  const usedNames = new Set<string>();
  const paths: string[] = [];
  for (const archive of chosen) {
    const name = uniqueName(fileNameFromUrl(archive.url), usedNames);
    paths.push(await downloadToFile(archive.url, path.join(options.dir, name), options));
  }
  return paths;
}

// ---------------------------------------------------------------------------------------------------------------
// Metadata parsing

const distributionFields = z.object({
  downloadURL: z.string().min(1).optional(),
  mediaType: z.string().nullish(),
  format: z.string().nullish(),
});
const distributionSchema = distributionFields.extend({ data: distributionFields.optional() });
const datasetSchema = z.object({ distribution: z.array(distributionSchema).min(1) });
const datasetModifiedSchema = z.object({ modified: z.string().nullish() });

function pickCsvDownloadUrl(json: unknown, metadataUrl: string): string {
  const parsed = datasetSchema.safeParse(json);
  if (!parsed.success) {
    throw new DownloadError(
      `unexpected dataset metadata from ${metadataUrl}: ${z.prettifyError(parsed.error)}`,
      metadataUrl,
    );
  }
  const candidates = parsed.data.distribution.flatMap((d) => {
    const fields = d.downloadURL ? d : d.data;
    return fields?.downloadURL ? [{ ...fields, downloadURL: fields.downloadURL }] : [];
  });
  const isCsv = (d: (typeof candidates)[number]) =>
    d.mediaType?.toLowerCase() === "text/csv" ||
    d.format?.toLowerCase() === "csv" ||
    /\.csv$/i.test(safeUrlPath(d.downloadURL));
  const csv = candidates.find(isCsv);
  if (!csv) {
    throw new DownloadError(`dataset metadata from ${metadataUrl} has no CSV distribution`, metadataUrl);
  }
  return csv.downloadURL;
}

// ---------------------------------------------------------------------------------------------------------------
// Archive listing parsing and selection

const archiveEntrySchema = z.object({
  url: z.string().min(1),
  name: z.string().nullish(),
  type: z.string().nullish(),
  theme: z.string().nullish(),
  date: z.string().nullish(),
});
type ArchiveEntry = z.infer<typeof archiveEntrySchema>;

const entryListSchema = z.array(z.unknown());
const byYearSchema = z.record(z.string(), entryListSchema);
const listingSchema = z.union([
  z.object({ data: z.union([entryListSchema, byYearSchema]) }),
  entryListSchema,
  byYearSchema,
]);

export interface MonthlyArchive {
  url: string;
  /** 'YYYY-MM-DD' (day '00' when only the month is known): the order of the archives. */
  sortKey: string;
}

function listMonthlyArchives(
  json: unknown,
  listingUrl: string,
  options: Omit<DownloadOptions, "dir">,
): MonthlyArchive[] {
  const parsed = listingSchema.safeParse(json);
  if (!parsed.success) {
    throw new DownloadError(
      `unexpected archive listing from ${listingUrl}: ${z.prettifyError(parsed.error)}`,
      listingUrl,
    );
  }
  const root = Array.isArray(parsed.data) || !("data" in parsed.data) ? parsed.data : parsed.data.data;
  const rawEntries = Array.isArray(root) ? root : Object.values(root).flat();

  const byUrl = new Map<string, MonthlyArchive>();
  for (const raw of rawEntries) {
    const entry = archiveEntrySchema.safeParse(raw);
    if (!entry.success) continue;
    const sortKey = monthlySortKey(entry.data);
    if (!sortKey) continue;
    const url = resolveUrl(entry.data.url, options, listingUrl);
    byUrl.set(url, { url, sortKey });
  }
  const monthly = [...byUrl.values()].sort(
    (a, b) => a.sortKey.localeCompare(b.sortKey) || a.url.localeCompare(b.url),
  );
  if (monthly.length === 0) {
    throw new DownloadError(`archive listing from ${listingUrl} has no monthly zip archives`, listingUrl);
  }
  return monthly;
}

/** The sort key of a monthly archive, or null when the entry is not one (annual bundle, current zip, not a zip). */
export function monthlySortKey(entry: ArchiveEntry): string | null {
  const fileName = safeUrlPath(entry.url).split("/").pop() ?? "";
  if (!/\.zip$/i.test(fileName)) return null;
  // Seen: "theme" (monthly) and "annual_theme"; "current" on the sibling endpoint. Unknown types pass on to the name checks.
  if (entry.type && /annual|current|year|individual/i.test(entry.type)) return null;
  if (entry.theme && !/nursing/i.test(entry.theme)) return null;
  const label = `${entry.name ?? ""} ${fileName}`;
  if (/annual|snapshot|current/i.test(label)) return null;
  // A year bundle: `..._2025.zip` with no month before the year.
  if (/(?<![_-]\d\d)[_-](19|20)\d\d\.zip$/i.test(fileName)) return null;
  const isoDate = entry.date?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (isoDate) return `${isoDate[1]}-${isoDate[2]}-${isoDate[3]}`;
  return dateStamp(fileName) ?? (entry.name ? dateStamp(entry.name) : null);
}

/** Finds a YYYY-MM-DD, MM_YYYY or YYYY_MM stamp in a file name (separators `_` or `-`). */
export function dateStamp(text: string): string | null {
  const full = text.match(/(?<!\d)((?:19|20)\d\d)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?!\d)/);
  if (full) return `${full[1]}-${full[2]}-${full[3]}`;
  const monthYear = text.match(/(?<!\d)(0[1-9]|1[0-2])[_-]((?:19|20)\d\d)(?!\d)/);
  if (monthYear) return `${monthYear[2]}-${monthYear[1]}-00`;
  const yearMonth = text.match(/(?<!\d)((?:19|20)\d\d)[_-](0[1-9]|1[0-2])(?!\d)/);
  if (yearMonth) return `${yearMonth[1]}-${yearMonth[2]}-00`;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

function resolveUrl(url: string, options: Omit<DownloadOptions, "dir">, referrer?: string): string {
  let resolved: URL;
  try {
    resolved = new URL(url, referrer ?? options.baseUrl ?? DEFAULT_BASE_URL);
  } catch (cause) {
    throw new DownloadError(`not a valid URL: ${url}`, url, { cause });
  }
  if (resolved.protocol !== "https:" && resolved.protocol !== "http:") {
    throw new DownloadError(`refusing to download ${resolved.href}: only http and https`, resolved.href);
  }
  return resolved.href;
}

interface RequestSignal {
  signal: AbortSignal;
  /** Why the signal fired, for messages. */
  reason(): "timeout" | "abort" | null;
}

function requestSignal(options: Omit<DownloadOptions, "dir">): RequestSignal {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  return {
    signal,
    reason: () => (options.signal?.aborted ? "abort" : timeout.aborted ? "timeout" : null),
  };
}

function describeStop(reason: "timeout" | "abort", options: Omit<DownloadOptions, "dir">): string {
  return reason === "timeout"
    ? `timed out after ${options.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`
    : "was aborted";
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}

type JsonAttempt = { ok: true; value: unknown } | { ok: false; retryable: boolean; error: DownloadError };

async function fetchJsonOnce(url: string, options: Omit<DownloadOptions, "dir">): Promise<JsonAttempt> {
  const req = requestSignal(options);
  const fail = (retryable: boolean, message: string, cause?: unknown): JsonAttempt => ({
    ok: false,
    retryable,
    error: new DownloadError(message, url, { cause }),
  });
  let response: Response;
  try {
    response = await fetch(url, { signal: req.signal, headers: { accept: "application/json" } });
  } catch (cause) {
    const stop = req.reason();
    if (stop) return fail(false, `request for ${url} ${describeStop(stop, options)}`, cause);
    return fail(true, `request for ${url} failed: ${errorText(cause)}`, cause);
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => {});
    const retryable = response.status >= 500;
    return fail(
      retryable,
      `request for ${url} returned HTTP ${response.status} ${response.statusText}`.trim(),
    );
  }
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    const stop = req.reason();
    if (stop) return fail(false, `request for ${url} ${describeStop(stop, options)}`, cause);
    return fail(true, `response from ${url} broke off: ${errorText(cause)}`, cause);
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (cause) {
    return fail(false, `response from ${url} is not JSON: ${errorText(cause)}`, cause);
  }
}

/** Metadata and listing requests are small: retried on connection errors and 5xx, with a short backoff. */
async function fetchJsonWithRetries(url: string, options: Omit<DownloadOptions, "dir">): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const result = await fetchJsonOnce(url, options);
    if (result.ok) return result.value;
    if (!result.retryable || attempt >= METADATA_RETRIES || options.signal?.aborted) throw result.error;
    await sleep(RETRY_BACKOFF_MS * 2 ** attempt, options.signal).catch(() => {
      throw new DownloadError(`request for ${url} was aborted`, url, { cause: result.error });
    });
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** What a partial download needs to be resumed: the URL, and the validator its bytes belong to. */
interface PartState {
  url: string;
  validator: string | null;
  totalBytes: number | null;
}

async function readPartState(
  partPath: string,
  url: string,
): Promise<{ offset: number; state: PartState | null }> {
  try {
    const state = JSON.parse(await readFile(`${partPath}.json`, "utf8")) as PartState;
    const { size } = await stat(partPath);
    if (state.url === url && size > 0) return { offset: size, state };
  } catch {
    // No usable partial download: start from the beginning.
  }
  await rm(partPath, { force: true });
  await rm(`${partPath}.json`, { force: true });
  return { offset: 0, state: null };
}

type AttemptOutcome = { done: true } | { done: false; error: DownloadError; isFatal: boolean };

/**
 * Downloads `url` to `finalPath` through `<finalPath>.part`, renamed only when complete (HTTP 200/206 and, when the
 * size is known, exactly that many bytes). A complete file already there is reused. A connection that breaks off
 * or stalls (no byte for `stallTimeoutMs`) is resumed with a Range request, up to `maxResumes` times; the partial
 * file stays for a later run to resume. Failures throw `DownloadError`.
 */
async function downloadToFile(url: string, finalPath: string, options: DownloadOptions): Promise<string> {
  try {
    const { size } = await stat(finalPath);
    options.onProgress?.({ file: finalPath, receivedBytes: size, totalBytes: size, isCached: true });
    return finalPath;
  } catch {
    // Not downloaded yet.
  }
  const partPath = `${finalPath}.part`;
  const maxResumes = options.maxResumes ?? DEFAULT_MAX_RESUMES;
  for (let attempt = 0; ; attempt += 1) {
    const outcome = await downloadAttempt(url, partPath, options);
    if (outcome.done) break;
    if (outcome.isFatal || attempt >= maxResumes || options.signal?.aborted) throw outcome.error;
    await sleep(Math.min(500 * 2 ** attempt, 10_000), options.signal).catch(() => {
      throw outcome.error;
    });
  }
  try {
    await rename(partPath, finalPath);
    await rm(`${partPath}.json`, { force: true });
  } catch (cause) {
    throw new DownloadError(
      `download of ${url} could not be saved as ${finalPath}: ${errorText(cause)}`,
      url,
      { cause },
    );
  }
  return finalPath;
}

async function downloadAttempt(
  url: string,
  partPath: string,
  options: DownloadOptions,
): Promise<AttemptOutcome> {
  const { offset, state } = await readPartState(partPath, url);
  const stallMs = options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
  const stall = new AbortController();
  let stallTimer = setTimeout(() => stall.abort(), stallMs);
  const resetStall = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => stall.abort(), stallMs);
  };
  const signal = options.signal ? AbortSignal.any([stall.signal, options.signal]) : stall.signal;
  const stopReason = () =>
    options.signal?.aborted
      ? "was aborted"
      : stall.signal.aborted
        ? `stalled (no data for ${stallMs} ms)`
        : null;
  // identity: so that content-length counts the bytes we receive.
  const headers: Record<string, string> = { "accept-encoding": "identity" };
  if (offset > 0) {
    headers.range = `bytes=${offset}-`;
    if (state?.validator) headers["if-range"] = state.validator;
  }
  let receivedBytes = offset;
  let totalBytes: number | null = state?.totalBytes ?? null;
  const of = () => `${receivedBytes} of ${totalBytes ?? "unknown"} bytes`;
  const broken = (what: string, cause?: unknown, isFatal = false): AttemptOutcome => ({
    done: false,
    isFatal: isFatal || options.signal?.aborted === true,
    error: new DownloadError(`download of ${url} ${what}`, url, { cause }),
  });
  try {
    let response: Response;
    try {
      response = await fetch(url, { signal, headers });
    } catch (cause) {
      const stop = stopReason();
      return broken(stop ?? `failed: ${errorText(cause)}`, cause, stop === "was aborted");
    }
    resetStall();
    let append = false;
    if (response.status === 206 && offset > 0) {
      const range = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(response.headers.get("content-range") ?? "");
      if (!range || Number(range[1]) !== offset) {
        await response.body?.cancel().catch(() => {});
        await rm(partPath, { force: true });
        return broken("was resumed at the wrong offset; starting again");
      }
      append = true;
      totalBytes = range[2] === "*" ? null : Number(range[2]);
    } else if (response.status === 416 && offset > 0 && totalBytes === offset) {
      await response.body?.cancel().catch(() => {});
      return { done: true };
    } else if (response.status === 200) {
      receivedBytes = 0;
      totalBytes = expectedLength(response);
    } else {
      await response.body?.cancel().catch(() => {});
      const text = `returned HTTP ${response.status} ${response.statusText}`.trim();
      return broken(text, undefined, response.status < 500);
    }
    const validator = response.headers.get("etag") ?? response.headers.get("last-modified");
    await mkdir(path.dirname(partPath), { recursive: true });
    await writeFile(`${partPath}.json`, JSON.stringify({ url, validator, totalBytes } satisfies PartState));
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        receivedBytes += chunk.length;
        resetStall();
        options.onProgress?.({ file: partPath.slice(0, -5), receivedBytes, totalBytes });
        callback(null, chunk);
      },
    });
    try {
      const body = response.body
        ? Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)
        : Readable.from([]);
      await pipeline(body, counter, createWriteStream(partPath, { flags: append ? "a" : "w" }), { signal });
    } catch (cause) {
      const stop = stopReason();
      const what = stop ? `${stop} after ${of()}` : `broke off after ${of()} (${errorText(cause)})`;
      return broken(what, cause, stop === "was aborted");
    }
    if (totalBytes !== null && receivedBytes !== totalBytes) return broken(`broke off after ${of()}`);
    return { done: true };
  } finally {
    clearTimeout(stallTimer);
  }
}

/** content-length, unless the body was re-encoded (then the header counts other bytes than we receive). */
function expectedLength(response: Response): number | null {
  const encoding = response.headers.get("content-encoding");
  if (encoding && encoding.toLowerCase() !== "identity") return null;
  const header = response.headers.get("content-length");
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header);
}

// ---------------------------------------------------------------------------------------------------------------
// File names

function safeUrlPath(url: string): string {
  try {
    return new URL(url, DEFAULT_BASE_URL).pathname;
  } catch {
    return url;
  }
}

/** The URL path's last segment, decoded and reduced to `[A-Za-z0-9._-]`. */
export function fileNameFromUrl(url: string): string {
  const segment = safeUrlPath(url).split("/").pop() ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    decoded = segment;
  }
  const cleaned = decoded
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(0, 200);
  return cleaned === "" ? "download" : cleaned;
}

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  const ext = path.extname(name);
  for (let i = 2; used.has(candidate); i++)
    candidate = `${name.slice(0, name.length - ext.length)}-${i}${ext}`;
  used.add(candidate);
  return candidate;
}
