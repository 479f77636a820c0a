// A local stand-in for the CMS Provider Data Catalog (data.cms.gov/provider-data), on 127.0.0.1 only: the
// metadata of Provider Information, Health Deficiencies and Penalties, the nursing-home archive listing and the files
// they point to, with runtime controls to throttle, break off or stall downloads and to fail the JSON endpoints.

import { createHash } from "node:crypto";
import { createReadStream, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { inspectionCsvsFor } from "./inspections.ts";
import { ownershipCsvFor } from "./ownership.ts";
import { qualityCsvsFor } from "./quality.ts";

export type FileBody = Buffer | { path: string };

export interface CurrentFile {
  /** e.g. `NH_ProviderInfo_Nov2026.csv` */
  fileName: string;
  body: FileBody;
  /** `YYYY-MM-DD` */
  modified: string;
  /**
   * The current health citations, penalties and fire safety citations files, published with it; by default a few
   * rows per facility of the Provider Information file (inspections.ts).
   */
  inspections?: { citations: InspectionFile; penalties: InspectionFile; fire?: InspectionFile };
  /**
   * The current MDS and claims quality measures and State/US averages files; by default two measures of each kind
   * per facility of the Provider Information file (quality.ts) and a few states' averages.
   */
  quality?: { mds: InspectionFile; claims: InspectionFile; averages: InspectionFile };
  /** The current Ownership file; by default a few owners per facility of the Provider Information file (ownership.ts). */
  ownership?: InspectionFile;
}

export interface InspectionFile {
  /** e.g. `NH_HealthCitations_Nov2026.csv` */
  fileName: string;
  body: FileBody;
}

/** The datasets the stand-in publishes a current file of, by id. */
const DATASETS = {
  "4pq5-n9py": { key: "provider", title: "Provider Information" },
  "r5ix-sfxw": { key: "citations", title: "Health Deficiencies" },
  "ifjz-ge4w": { key: "fire", title: "Fire Safety Deficiencies" },
  "g6vv-u9sr": { key: "penalties", title: "Penalties" },
  "djen-97ju": { key: "mds", title: "MDS Quality Measures" },
  "ijh5-nb2v": { key: "claims", title: "Medicare Claims Quality Measures" },
  "xcdc-v8bm": { key: "averages", title: "State US Averages" },
  "y2hd-n93e": { key: "ownership", title: "Ownership" },
} as const;
type DatasetKey = (typeof DATASETS)[keyof typeof DATASETS]["key"];

export interface ListedArchive {
  /** Default `nursing-homes_<date>`. */
  name?: string;
  /** `YYYY-MM-DD` */
  date: string;
  /** Default "theme" (a monthly archive); "annual_theme" is a zip of monthly zips. */
  type?: "theme" | "annual_theme";
  body: FileBody;
}

export interface RequestRecord {
  method: string;
  path: string;
  range: string | null;
  /** 0 when the request was left hanging. */
  status: number;
}

export interface CmsStandinOptions {
  current?: CurrentFile;
  archives?: ListedArchive[];
  /** Default 0: any free port. */
  port?: number;
}

export interface CmsStandin {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /** Stops listening and destroys every open socket (stalled and hanging ones included). */
  close(): Promise<void>;
  requests: RequestRecord[];
  setCurrent(file: CurrentFile | null): void;
  /** Adds (or replaces, by name) a listing entry. */
  publish(archive: ListedArchive): void;
  remove(name: string): void;
  /** Every file body is sent at most at this rate, in small chunks; null: full speed. */
  throttle(bytesPerSecond: number | null): void;
  /** The next `times` GETs of a file whose path ends with pathSuffix send afterBytes of the body, then the socket is destroyed. */
  breakOff(pathSuffix: string, afterBytes: number, times?: number): void;
  /** The next `times` GETs of a file whose path ends with pathSuffix send afterBytes of the body, then nothing, forever. */
  stall(pathSuffix: string, afterBytes: number, times?: number): void;
  /** Metadata and listing requests answer this status (or never, "hang") until reset with null. */
  failJson(status: number | "hang" | null): void;
  /** How many GETs of files had a path ending with pathSuffix. */
  downloads(pathSuffix: string): number;
}

const METADATA_PREFIX = "/provider-data/api/1/metastore/schemas/dataset/items/";
const LISTING_PATH = "/provider-data/api/1/archive/aggregate/theme/nursing-homes/relative";
const ARCHIVE_DIR = "/provider-data/sites/default/files/dataset-archives/theme/nursing-homes/";
const RESOURCE_DIR = "/provider-data/sites/default/files/resources/";

interface ServedFile {
  body: FileBody;
  size: number;
  contentType: string;
  lastModified: string;
  etag: string;
}

interface Fault {
  suffix: string;
  afterBytes: number;
  remaining: number;
  kind: "break" | "stall";
}

function sha(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function sizeOf(body: FileBody): number {
  return Buffer.isBuffer(body) ? body.length : statSync(body.path).size;
}

function httpDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toUTCString();
}

function servedFile(body: FileBody, name: string, date: string): ServedFile {
  const size = sizeOf(body);
  return {
    body,
    size,
    contentType: name.endsWith(".zip") ? "application/zip" : "text/csv",
    lastModified: httpDate(date),
    etag: `"${size.toString(16)}-${sha(`${name}|${date}|${size}`).slice(0, 16)}"`,
  };
}

function archiveName(archive: ListedArchive): string {
  return archive.name ?? `nursing-homes_${archive.date}`;
}

/** Parses `bytes=N-`, `bytes=N-M` and `bytes=-N`; null when absent or not understood (then the whole file is sent). */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}

const CHUNK = 65_536;

/** Piece size when throttled: about 1/20 s worth of bytes, 512 B to 16 KiB. */
function throttledPiece(bytesPerSecond: number): number {
  return Math.max(512, Math.min(16_384, Math.floor(bytesPerSecond / 20)));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface PublishedCurrent {
  fileName: string;
  modified: string;
  path: string;
  served: ServedFile;
}

/** A few states' averages of the month (the current file's, when a test gives none). */
export function stateAveragesFor(date: string): string {
  return [
    '"State or Nation","Overall Rating","Reported Total Nurse Staffing Hours per Resident per Day","Percentage of long stay residents experiencing one or more falls with major injury","Processing Date"',
    `NATION,3.0,3.87157,3.248860,${date}`,
    `CA,3.3,4.17001,2.901120,${date}`,
    `TX,2.7,3.44010,3.551830,${date}`,
  ]
    .join("\n")
    .concat("\n");
}

export async function startCmsStandin(options: CmsStandinOptions = {}): Promise<CmsStandin> {
  let current: Record<DatasetKey, PublishedCurrent> | null = null;
  const listed = new Map<string, { archive: ListedArchive; served: ServedFile; nid: number }>();
  let nextNid = 81_000;
  let rate: number | null = null;
  const faults: Fault[] = [];
  let jsonFailure: number | "hang" | null = null;
  const requests: RequestRecord[] = [];
  const sockets = new Set<Socket>();
  let baseUrl = "";

  function setCurrent(file: CurrentFile | null): void {
    if (!file) {
      current = null;
      return;
    }
    const published = (fileName: string, body: FileBody): PublishedCurrent => {
      const hash = sha(`${fileName}|${file.modified}`).slice(0, 32);
      const timestamp = Math.floor(Date.parse(`${file.modified}T14:00:00Z`) / 1000);
      return {
        fileName,
        modified: file.modified,
        path: `${RESOURCE_DIR}${hash}_${timestamp}/${encodeURIComponent(fileName)}`,
        served: servedFile(body, fileName, file.modified),
      };
    };
    const inspectionMonth = /_([A-Z][a-z]{2}\d{4})\.csv$/.exec(file.fileName)?.[1] ?? "Current";
    const madeInspections = () =>
      inspectionCsvsFor(file.body, { fallbackDate: `${file.modified.slice(0, 7)}-01` });
    let inspections = file.inspections;
    if (!inspections) {
      const made = madeInspections();
      inspections = {
        citations: {
          fileName: `NH_HealthCitations_${inspectionMonth}.csv`,
          body: Buffer.from(made.citations),
        },
        penalties: { fileName: `NH_Penalties_${inspectionMonth}.csv`, body: Buffer.from(made.penalties) },
        fire: { fileName: `NH_FireSafetyCitations_${inspectionMonth}.csv`, body: Buffer.from(made.fire) },
      };
    }
    const fire = inspections.fire ?? {
      fileName: `NH_FireSafetyCitations_${inspectionMonth}.csv`,
      body: Buffer.from(madeInspections().fire),
    };
    let quality = file.quality;
    if (!quality) {
      const fallbackDate = `${file.modified.slice(0, 7)}-01`;
      const made = qualityCsvsFor(file.body, { fallbackDate });
      const month = /_([A-Z][a-z]{2}\d{4})\.csv$/.exec(file.fileName)?.[1] ?? "Current";
      quality = {
        mds: { fileName: `NH_QualityMsr_MDS_${month}.csv`, body: Buffer.from(made.mds) },
        claims: { fileName: `NH_QualityMsr_Claims_${month}.csv`, body: Buffer.from(made.claims) },
        averages: {
          fileName: `NH_StateUSAverages_${month}.csv`,
          body: Buffer.from(stateAveragesFor(fallbackDate)),
        },
      };
    }
    let ownership = file.ownership;
    if (!ownership) {
      const month = /_([A-Z][a-z]{2}\d{4})\.csv$/.exec(file.fileName)?.[1] ?? "Current";
      const made = ownershipCsvFor(file.body, { fallbackDate: `${file.modified.slice(0, 7)}-01` });
      ownership = { fileName: `NH_Ownership_${month}.csv`, body: Buffer.from(made) };
    }
    current = {
      provider: published(file.fileName, file.body),
      citations: published(inspections.citations.fileName, inspections.citations.body),
      fire: published(fire.fileName, fire.body),
      penalties: published(inspections.penalties.fileName, inspections.penalties.body),
      mds: published(quality.mds.fileName, quality.mds.body),
      claims: published(quality.claims.fileName, quality.claims.body),
      averages: published(quality.averages.fileName, quality.averages.body),
      ownership: published(ownership.fileName, ownership.body),
    };
  }

  function publish(archive: ListedArchive): void {
    const name = archiveName(archive);
    const previous = listed.get(name);
    listed.set(name, {
      archive,
      served: servedFile(archive.body, `${name}.zip`, archive.date),
      nid: previous?.nid ?? nextNid++,
    });
  }

  if (options.current) setCurrent(options.current);
  for (const archive of options.archives ?? []) publish(archive);

  function metadata(id: string, nested: boolean): unknown {
    const dataset = DATASETS[id as keyof typeof DATASETS];
    const file = dataset && current ? current[dataset.key] : null;
    if (!dataset || !file) return null;
    const downloadURL = `${baseUrl}${file.path}`;
    const distribution = {
      "@type": "dcat:Distribution",
      downloadURL,
      mediaType: "text/csv",
      title: file.fileName.replace(/\.csv$/i, ""),
    };
    const modified = file.modified;
    return {
      accessLevel: "public",
      landingPage: `https://data.cms.gov/provider-data/dataset/${id}`,
      bureauCode: ["009:38"],
      issued: "2020-12-14",
      modified,
      released: modified,
      keyword: ["Nursing homes"],
      identifier: id,
      title: dataset.title,
      description: `${dataset.title} of nursing homes including rehab services.`,
      theme: ["Nursing homes including rehab services"],
      distribution: [
        nested ? { identifier: sha(downloadURL).slice(0, 36), data: distribution } : distribution,
      ],
    };
  }

  function listing(): unknown {
    const entries = [...listed.entries()].sort(
      ([nameA, a], [nameB, b]) => b.archive.date.localeCompare(a.archive.date) || nameB.localeCompare(nameA),
    );
    return {
      data: entries.map(([name, { archive, served, nid }]) => ({
        name,
        nid: String(nid),
        identifier: sha(`archive|${name}`).slice(0, 32),
        type: archive.type ?? "theme",
        theme: "nursing-homes",
        url: `${ARCHIVE_DIR}${encodeURIComponent(name)}.zip`,
        size: served.size,
        date: archive.date,
        access_level: "public",
      })),
    };
  }

  function fileFor(pathname: string): ServedFile | null {
    const published = current ? Object.values(current).find((file) => file.path === pathname) : undefined;
    if (published) return published.served;
    if (pathname.startsWith(ARCHIVE_DIR) && pathname.endsWith(".zip")) {
      const name = decodeURIComponent(pathname.slice(ARCHIVE_DIR.length, -".zip".length));
      return listed.get(name)?.served ?? null;
    }
    return null;
  }

  function takeFault(pathname: string): Fault | null {
    const fault = faults.find((f) => f.remaining > 0 && pathname.endsWith(f.suffix));
    if (!fault) return null;
    fault.remaining -= 1;
    return fault;
  }

  async function sendBody(
    res: http.ServerResponse,
    file: ServedFile,
    start: number,
    end: number,
    fault: Fault | null,
  ): Promise<void> {
    let closed = false;
    let wake: (() => void) | null = null;
    res.on("close", () => {
      closed = true;
      wake?.();
    });
    const length = end - start + 1;
    const limit = fault ? Math.min(fault.afterBytes, length) : length;
    const stream = Buffer.isBuffer(file.body)
      ? null
      : createReadStream(file.body.path, { start, end, highWaterMark: CHUNK });
    const source: Iterable<Buffer> | AsyncIterable<Buffer> =
      stream ??
      (function* (body: Buffer) {
        for (let at = start; at <= end; at += CHUNK) yield body.subarray(at, Math.min(end + 1, at + CHUNK));
      })(file.body as Buffer);
    // Resolves once the piece is flushed to the socket (honours backpressure) or the response closed.
    const write = (piece: Buffer) =>
      new Promise<void>((resolve) => {
        wake = resolve;
        res.write(piece, () => resolve());
      });
    let sent = 0;
    let due = performance.now();
    try {
      for await (const chunk of source) {
        let at = 0;
        while (at < chunk.length && sent < limit && !closed) {
          const bytesPerSecond = rate;
          const size = bytesPerSecond === null ? chunk.length : throttledPiece(bytesPerSecond);
          const piece = chunk.subarray(at, Math.min(at + size, at + limit - sent));
          if (bytesPerSecond !== null) {
            const now = performance.now();
            if (due < now) due = now;
            if (due > now) await sleep(due - now);
            due += (piece.length / bytesPerSecond) * 1000;
            if (closed) break;
          }
          await write(piece);
          sent += piece.length;
          at += piece.length;
        }
        if (sent >= limit || closed) break;
      }
    } finally {
      stream?.destroy();
    }
    if (closed) return;
    if (fault && limit < length) {
      // "break": the socket goes away mid-body. "stall": the response stays open; close() destroys the socket.
      if (fault.kind === "break") res.socket?.destroy();
      return;
    }
    res.end();
  }

  function sendJson(res: http.ServerResponse, status: number, body: unknown, head: boolean): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      "Content-Type": "application/json",
      "Content-Length": Buffer.byteLength(text),
      "Cache-Control": "no-cache",
    });
    res.end(head ? undefined : text);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const pathname = url.pathname;
    const method = req.method ?? "GET";
    const rangeHeader = typeof req.headers.range === "string" ? req.headers.range : null;
    const record: RequestRecord = { method, path: pathname, range: rangeHeader, status: 0 };
    requests.push(record);
    const head = method === "HEAD";
    if (method !== "GET" && !head) {
      record.status = 405;
      res.setHeader("Allow", "GET, HEAD");
      return sendJson(res, 405, { message: "Method not allowed" }, false);
    }

    if (pathname.startsWith(METADATA_PREFIX) || pathname === LISTING_PATH) {
      if (jsonFailure === "hang") return; // never answered; close() destroys the socket
      if (jsonFailure !== null) {
        record.status = jsonFailure;
        return sendJson(res, jsonFailure, { message: `stand-in failure ${jsonFailure}` }, head);
      }
      if (pathname === LISTING_PATH) {
        record.status = 200;
        return sendJson(res, 200, listing(), head);
      }
      const body = metadata(
        pathname.slice(METADATA_PREFIX.length),
        url.searchParams.has("show-reference-ids"),
      );
      record.status = body ? 200 : 404;
      return sendJson(res, record.status, body ?? { message: "Not found", status: 404 }, head);
    }

    const file = fileFor(pathname);
    if (!file) {
      record.status = 404;
      return sendJson(res, 404, { message: "Not found" }, head);
    }
    const common = {
      "Accept-Ranges": "bytes",
      "Last-Modified": file.lastModified,
      ETag: file.etag,
    };
    let range = parseRange(rangeHeader ?? undefined, file.size);
    const ifRange = req.headers["if-range"];
    if (range && ifRange && ifRange !== file.etag && ifRange !== file.lastModified) range = null;
    if (range === "unsatisfiable") {
      record.status = 416;
      res.writeHead(416, { ...common, "Content-Range": `bytes */${file.size}`, "Content-Length": 0 });
      res.end();
      return;
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? file.size - 1;
    record.status = range ? 206 : 200;
    res.writeHead(record.status, {
      ...common,
      "Content-Type": file.contentType,
      "Content-Length": end - start + 1,
      ...(range ? { "Content-Range": `bytes ${start}-${end}/${file.size}` } : {}),
    });
    if (head || file.size === 0) {
      res.end();
      return;
    }
    await sendBody(res, file, start, end, takeFault(pathname));
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: String(error) }, false);
      else res.destroy();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    setCurrent,
    publish,
    remove: (name) => {
      listed.delete(name);
    },
    throttle: (bytesPerSecond) => {
      if (bytesPerSecond !== null && !(bytesPerSecond > 0))
        throw new RangeError("bytesPerSecond must be > 0");
      rate = bytesPerSecond;
    },
    breakOff: (pathSuffix, afterBytes, times = 1) => {
      faults.push({ suffix: pathSuffix, afterBytes, remaining: times, kind: "break" });
    },
    stall: (pathSuffix, afterBytes, times = 1) => {
      faults.push({ suffix: pathSuffix, afterBytes, remaining: times, kind: "stall" });
    },
    failJson: (status) => {
      jsonFailure = status;
    },
    downloads: (pathSuffix) =>
      requests.filter(
        (r) =>
          r.method === "GET" &&
          r.path.endsWith(pathSuffix) &&
          r.status >= 200 &&
          r.status < 300 &&
          isFilePath(r.path),
      ).length,
  };
}

function isFilePath(pathname: string): boolean {
  return pathname.startsWith(ARCHIVE_DIR) || pathname.startsWith(RESOURCE_DIR);
}
