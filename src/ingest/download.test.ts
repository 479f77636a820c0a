// Runs the downloader against a real HTTP server on 127.0.0.1 that answers like the CMS Provider Data Catalog.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DownloadError,
  dateStamp,
  downloadLatestProviderInfo,
  downloadMonthlyArchives,
  fileNameFromUrl,
  monthlySortKey,
  NURSING_HOME_ARCHIVE_LISTING_PATH,
  PROVIDER_INFO_METADATA_PATH,
} from "./download.ts";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const routes = new Map<string, Handler>();
const hits = new Map<string, number>();
let server: Server;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const handler = routes.get(pathname);
    if (handler) handler(req, res);
    else res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(async () => {
  routes.clear();
  hits.clear();
  dir = await mkdtemp(path.join(tmpdir(), "cms-download-"));
});

afterEach(async () => {
  // Hung handlers keep their sockets; close them so the next test starts clean.
  server.closeAllConnections();
  await rm(dir, { recursive: true, force: true });
});

const json =
  (body: unknown, status = 200): Handler =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };

const bytes =
  (content: Buffer, contentType = "application/octet-stream"): Handler =>
  (_req, res) => {
    res.writeHead(200, { "content-type": contentType, "content-length": content.length }).end(content);
  };

const CSV_PATH =
  "/provider-data/sites/default/files/resources/0a1b2c3d_1717000000/NH_ProviderInfo_Jun2024.csv";
const CSV = Buffer.from(
  `"CMS Certification Number (CCN)","Provider Name"\r\n"015009","BURNS NURSING HOME, INC."\r\n`.repeat(2000),
);

/** Metastore item as CMS serves it (flat distribution), trimmed to a few fields. */
function metastoreItem(downloadURL: string) {
  return {
    "@type": "dcat:Dataset",
    accessLevel: "public",
    identifier: "4pq5-n9py",
    title: "Provider Information",
    modified: "2024-06-01",
    released: "2024-06-26",
    theme: ["Nursing homes including rehab services"],
    distribution: [
      {
        "@type": "dcat:Distribution",
        downloadURL,
        mediaType: "text/csv",
      },
    ],
  };
}

const ARCHIVE_DIR = "/provider-data/sites/default/files/dataset-archives/theme/nursing-homes";
const zipPath = (date: string) => `${ARCHIVE_DIR}/nursing-homes_${date}.zip`;
const zipBytes = (date: string) => Buffer.from(`PK fake zip for ${date} `.repeat(500));

function archiveEntry(date: string, extra: Record<string, unknown> = {}) {
  return {
    name: `nursing-homes_${date}`,
    nid: "123",
    identifier: `id-${date}`,
    type: "theme",
    theme: "nursing-homes",
    url: zipPath(date),
    size: zipBytes(date).length,
    date,
    access_level: "public",
    ...extra,
  };
}

const MONTHLY_DATES = ["2026-03-25", "2026-06-24", "2026-04-29", "2026-05-27"];

function serveArchiveListing(listing: unknown) {
  routes.set(NURSING_HOME_ARCHIVE_LISTING_PATH, json(listing));
}

function serveZips(dates: string[]) {
  for (const date of dates) routes.set(zipPath(date), bytes(zipBytes(date), "application/zip"));
}

describe("downloadLatestProviderInfo", () => {
  it("reads the metastore item and downloads its CSV under the URL's file name", async () => {
    routes.set(PROVIDER_INFO_METADATA_PATH, json(metastoreItem(`${baseUrl}${CSV_PATH}`)));
    routes.set(CSV_PATH, bytes(CSV, "text/csv"));
    const events: { receivedBytes: number; totalBytes: number | null }[] = [];

    const file = await downloadLatestProviderInfo({
      baseUrl,
      dir: path.join(dir, "created", "on", "demand"),
      onProgress: (e) => events.push(e),
    });

    expect(path.basename(file)).toBe("NH_ProviderInfo_Jun2024.csv");
    expect((await readFile(file)).equals(CSV)).toBe(true);
    expect(await readdir(path.dirname(file))).toEqual(["NH_ProviderInfo_Jun2024.csv"]);
    expect(events.length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ receivedBytes: CSV.length, totalBytes: CSV.length });
  });

  it("accepts the reference-expanded shape (distribution[].data.downloadURL) and relative URLs", async () => {
    routes.set(
      PROVIDER_INFO_METADATA_PATH,
      json({
        identifier: "4pq5-n9py",
        distribution: [
          {
            identifier: "d-1",
            data: { downloadURL: "/docs/NH_Data_Dictionary.pdf", mediaType: "application/pdf" },
          },
          {
            identifier: "d-2",
            data: { downloadURL: CSV_PATH, mediaType: "text/csv", "%Ref:downloadURL": [] },
          },
        ],
      }),
    );
    routes.set(CSV_PATH, bytes(CSV, "text/csv"));

    const file = await downloadLatestProviderInfo({ baseUrl, dir });

    expect(file).toBe(path.join(dir, "NH_ProviderInfo_Jun2024.csv"));
    expect((await readFile(file)).equals(CSV)).toBe(true);
  });

  it("throws when the connection keeps breaking off halfway, keeping the part for a later resume", async () => {
    routes.set(PROVIDER_INFO_METADATA_PATH, json(metastoreItem(CSV_PATH)));
    routes.set(CSV_PATH, (_req, res) => {
      res.writeHead(200, { "content-type": "text/csv", "content-length": 2_097_152 });
      res.write(Buffer.alloc(1_048_576, 0x41), () => {
        setTimeout(() => res.socket?.destroy(), 20);
      });
    });

    const error = await downloadLatestProviderInfo({ baseUrl, dir, maxResumes: 0 }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(DownloadError);
    expect((error as DownloadError).url).toBe(`${baseUrl}${CSV_PATH}`);
    const match = (error as DownloadError).message.match(
      new RegExp(`download of ${baseUrl}${CSV_PATH} broke off after (\\d+) of 2097152 bytes`),
    );
    // undici may drop the last chunk it had buffered when the socket closes, so not always all 1048576.
    const received = Number(match?.[1]);
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThanOrEqual(1_048_576);
    // No complete-looking file: only the part and what a resume needs.
    expect((await readdir(dir)).sort()).toEqual([
      "NH_ProviderInfo_Jun2024.csv.part",
      "NH_ProviderInfo_Jun2024.csv.part.json",
    ]);
  });

  it("throws on a 404 for the CSV and writes no file", async () => {
    routes.set(
      PROVIDER_INFO_METADATA_PATH,
      json(metastoreItem(`${baseUrl}/gone/NH_ProviderInfo_Jun2024.csv`)),
    );

    await expect(downloadLatestProviderInfo({ baseUrl, dir })).rejects.toThrow(
      /download of http:\/\/127\.0\.0\.1:\d+\/gone\/NH_ProviderInfo_Jun2024\.csv returned HTTP 404/,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it("retries a 500 on the metadata twice, then throws", async () => {
    routes.set(PROVIDER_INFO_METADATA_PATH, json({ message: "Internal Server Error" }, 500));

    const error = await downloadLatestProviderInfo({ baseUrl, dir }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(DownloadError);
    expect((error as DownloadError).message).toMatch(/returned HTTP 500/);
    expect((error as DownloadError).url).toBe(`${baseUrl}${PROVIDER_INFO_METADATA_PATH}`);
    expect(hits.get(PROVIDER_INFO_METADATA_PATH)).toBe(3);
  });

  it("recovers when the metadata fails once with a 503", async () => {
    let calls = 0;
    routes.set(PROVIDER_INFO_METADATA_PATH, (req, res) => {
      calls += 1;
      if (calls === 1) res.writeHead(503).end();
      else json(metastoreItem(CSV_PATH))(req, res);
    });
    routes.set(CSV_PATH, bytes(CSV, "text/csv"));

    const file = await downloadLatestProviderInfo({ baseUrl, dir });

    expect((await readFile(file)).equals(CSV)).toBe(true);
    expect(calls).toBe(2);
  });

  it("does not retry a 404 on the metadata", async () => {
    const error = await downloadLatestProviderInfo({ baseUrl, dir }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(DownloadError);
    expect((error as DownloadError).message).toMatch(/returned HTTP 404/);
    expect(hits.get(PROVIDER_INFO_METADATA_PATH)).toBe(1);
  });

  it("times out on metadata that never answers", async () => {
    routes.set(PROVIDER_INFO_METADATA_PATH, () => {
      // never answers
    });

    const started = Date.now();
    await expect(downloadLatestProviderInfo({ baseUrl, dir, timeoutMs: 300 })).rejects.toThrow(
      /request for .* timed out after 300 ms/,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("fails a CSV body that stops flowing for the stall timeout, whatever the metadata timeout", async () => {
    routes.set(PROVIDER_INFO_METADATA_PATH, json(metastoreItem(CSV_PATH)));
    routes.set(CSV_PATH, (_req, res) => {
      res.writeHead(200, { "content-type": "text/csv", "content-length": 10_000 });
      res.write(Buffer.alloc(4_000, 0x42));
      // ... and then nothing more
    });

    const error = await downloadLatestProviderInfo({
      baseUrl,
      dir,
      timeoutMs: 100,
      stallTimeoutMs: 400,
      maxResumes: 0,
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(DownloadError);
    expect((error as DownloadError).message).toMatch(
      /stalled \(no data for 400 ms\) after \d+ of 10000 bytes/,
    );
    expect(await readdir(dir)).not.toContain("NH_ProviderInfo_Jun2024.csv");
  });

  it("stops when the caller aborts", async () => {
    routes.set(PROVIDER_INFO_METADATA_PATH, json(metastoreItem(CSV_PATH)));
    const controller = new AbortController();
    routes.set(CSV_PATH, (_req, res) => {
      res.writeHead(200, { "content-type": "text/csv", "content-length": 10_000 });
      res.write(Buffer.alloc(1_000, 0x43), () => setTimeout(() => controller.abort(), 20));
    });

    await expect(downloadLatestProviderInfo({ baseUrl, dir, signal: controller.signal })).rejects.toThrow(
      /was aborted after \d+ of 10000 bytes/,
    );
    expect(await readdir(dir)).not.toContain("NH_ProviderInfo_Jun2024.csv");
  });

  it("rejects metadata of the wrong shape", async () => {
    routes.set(
      PROVIDER_INFO_METADATA_PATH,
      json({ identifier: "4pq5-n9py", distribution: "NH_ProviderInfo.csv" }),
    );
    await expect(downloadLatestProviderInfo({ baseUrl, dir })).rejects.toThrow(/unexpected dataset metadata/);

    routes.set(PROVIDER_INFO_METADATA_PATH, json({ distribution: [{ mediaType: "text/csv" }] }));
    await expect(downloadLatestProviderInfo({ baseUrl, dir })).rejects.toThrow(/no CSV distribution/);

    routes.set(PROVIDER_INFO_METADATA_PATH, (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" }).end("<html>maintenance</html>");
    });
    await expect(downloadLatestProviderInfo({ baseUrl, dir })).rejects.toThrow(/is not JSON/);
    expect(await readdir(dir)).toEqual([]);
  });

  it("throws a DownloadError when nothing listens", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    await expect(downloadLatestProviderInfo({ baseUrl: `http://127.0.0.1:${port}`, dir })).rejects.toThrow(
      DownloadError,
    );
  });
});

describe("downloadMonthlyArchives", () => {
  it("downloads the newest N monthly zips, oldest first, skipping annual and current bundles", async () => {
    serveArchiveListing({
      data: [
        ...MONTHLY_DATES.map((d) => archiveEntry(d)),
        archiveEntry("2025-12-31", {
          type: "annual_theme",
          name: "nursing-homes_2025",
          url: `${ARCHIVE_DIR}/nursing-homes_2025.zip`,
        }),
        archiveEntry("2026-07-01", { name: "Annual Snapshot 2026" }),
        archiveEntry("2026-07-02", {
          type: "current",
          url: "/provider-data/sites/default/files/dataset-archives/current/theme/theme_nursing-homes_current.zip",
        }),
      ],
    });
    serveZips(MONTHLY_DATES);

    const files = await downloadMonthlyArchives(2, { baseUrl, dir });

    expect(files.map((f) => path.basename(f))).toEqual([
      "nursing-homes_2026-05-27.zip",
      "nursing-homes_2026-06-24.zip",
    ]);
    expect(await readFile(files[0] ?? "")).toEqual(zipBytes("2026-05-27"));
    expect(await readFile(files[1] ?? "")).toEqual(zipBytes("2026-06-24"));
    expect((await readdir(dir)).sort()).toEqual([
      "nursing-homes_2026-05-27.zip",
      "nursing-homes_2026-06-24.zip",
    ]);
    expect(hits.get(zipPath("2026-03-25"))).toBeUndefined();
  });

  it("returns every monthly zip when fewer than N exist", async () => {
    serveArchiveListing({ data: MONTHLY_DATES.map((d) => archiveEntry(d)) });
    serveZips(MONTHLY_DATES);

    const files = await downloadMonthlyArchives(10, { baseUrl, dir });

    expect(files.map((f) => path.basename(f))).toEqual([
      "nursing-homes_2026-03-25.zip",
      "nursing-homes_2026-04-29.zip",
      "nursing-homes_2026-05-27.zip",
      "nursing-homes_2026-06-24.zip",
    ]);
  });

  it("accepts a listing keyed by year with legacy MM_YYYY names and no dates", async () => {
    const legacy = (mm: string, yyyy: string) =>
      `/provider-data/sites/default/files/archive/Nursing%20homes%20including%20rehab%20services/${yyyy}/nursing_homes_including_rehab_services_${mm}_${yyyy}.zip`;
    serveArchiveListing({
      "2020": [{ name: "December 2020", url: legacy("12", "2020") }],
      "2021": [
        { name: "February 2021", url: legacy("02", "2021") },
        { name: "January 2021", url: legacy("01", "2021") },
        { name: "All 2021", url: "/provider-data/sites/default/files/archive/nursing_homes_2021.zip" },
      ],
    });
    for (const [mm, yyyy] of [
      ["12", "2020"],
      ["01", "2021"],
      ["02", "2021"],
    ] as const) {
      routes.set(legacy(mm, yyyy), bytes(Buffer.from(`${yyyy}-${mm}`)));
    }

    const files = await downloadMonthlyArchives(2, { baseUrl, dir });

    expect(files.map((f) => path.basename(f))).toEqual([
      "nursing_homes_including_rehab_services_01_2021.zip",
      "nursing_homes_including_rehab_services_02_2021.zip",
    ]);
    expect(await readFile(files[1] ?? "", "utf8")).toBe("2021-02");
  });

  it("accepts a bare array of entries", async () => {
    serveArchiveListing(MONTHLY_DATES.map((d) => archiveEntry(d)));
    serveZips(MONTHLY_DATES);

    const files = await downloadMonthlyArchives(1, { baseUrl, dir });

    expect(files.map((f) => path.basename(f))).toEqual(["nursing-homes_2026-06-24.zip"]);
  });

  it("stops at a failed archive and keeps the complete ones", async () => {
    serveArchiveListing({ data: MONTHLY_DATES.map((d) => archiveEntry(d)) });
    serveZips(["2026-05-27"]);
    routes.set(zipPath("2026-06-24"), (_req, res) => {
      res.writeHead(200, { "content-length": 50_000 });
      res.write(Buffer.alloc(20_000), () => setTimeout(() => res.socket?.destroy(), 20));
    });

    await expect(downloadMonthlyArchives(2, { baseUrl, dir, maxResumes: 0 })).rejects.toThrow(
      /nursing-homes_2026-06-24\.zip broke off after \d+ of 50000 bytes/,
    );
    expect((await readdir(dir)).filter((name) => name.endsWith(".zip"))).toEqual([
      "nursing-homes_2026-05-27.zip",
    ]);
  });

  it("rejects a listing of the wrong shape or without monthly zips", async () => {
    serveArchiveListing({ data: "soon" });
    await expect(downloadMonthlyArchives(2, { baseUrl, dir })).rejects.toThrow(/unexpected archive listing/);

    serveArchiveListing({ data: [archiveEntry("2025-12-31", { type: "annual_theme" }), { name: "no url" }] });
    await expect(downloadMonthlyArchives(2, { baseUrl, dir })).rejects.toThrow(/no monthly zip archives/);
  });

  it("returns nothing for N = 0 without asking the server, and rejects a bad N", async () => {
    await expect(downloadMonthlyArchives(0, { baseUrl, dir })).resolves.toEqual([]);
    await expect(downloadMonthlyArchives(-1, { baseUrl, dir })).rejects.toThrow(RangeError);
    await expect(downloadMonthlyArchives(1.5, { baseUrl, dir })).rejects.toThrow(RangeError);
    expect(hits.size).toBe(0);
  });
});

describe("helpers", () => {
  it("names files from the URL's last path segment, decoded and sanitised", () => {
    expect(fileNameFromUrl("https://data.cms.gov/a/b/NH_ProviderInfo_Jun2024.csv?x=1#y")).toBe(
      "NH_ProviderInfo_Jun2024.csv",
    );
    expect(fileNameFromUrl("https://data.cms.gov/a/Provider%20Info%20(2024).csv")).toBe(
      "Provider_Info_2024_.csv",
    );
    expect(fileNameFromUrl("https://data.cms.gov/a/..%2F..%2Fetc%2Fpasswd")).toBe("etc_passwd");
    expect(fileNameFromUrl("https://data.cms.gov/")).toBe("download");
    expect(fileNameFromUrl("https://data.cms.gov/a/%E0%A4%A.zip")).toBe("E0_A4_A.zip");
  });

  it("reads date stamps in the forms CMS has used", () => {
    expect(dateStamp("nursing-homes_2026-06-24.zip")).toBe("2026-06-24");
    expect(dateStamp("nursing_homes_including_rehab_services_08_2021.zip")).toBe("2021-08-00");
    expect(dateStamp("nh_archive_01_2019.zip")).toBe("2019-01-00");
    expect(dateStamp("nh_archive_2019_01.zip")).toBe("2019-01-00");
    expect(dateStamp("nursing_homes_2021.zip")).toBeNull();
  });

  it("classifies archive entries", () => {
    expect(
      monthlySortKey({ url: "/x/nursing-homes_2026-06-24.zip", type: "theme", date: "2026-06-24" }),
    ).toBe("2026-06-24");
    expect(
      monthlySortKey({ url: "/x/nursing-homes_2025.zip", type: "annual_theme", date: "2025-12-31" }),
    ).toBeNull();
    expect(monthlySortKey({ url: "/x/nursing_homes_2025.zip", date: "2025-12-31" })).toBeNull();
    expect(monthlySortKey({ url: "/x/nursing-homes_2026-06-24.csv", date: "2026-06-24" })).toBeNull();
    expect(monthlySortKey({ url: "/x/hospitals_2026-06-24.zip", theme: "hospitals" })).toBeNull();
    expect(
      monthlySortKey({ url: "/x/theme_nursing-homes_current.zip", type: "current", date: "2026-07-02" }),
    ).toBeNull();
    expect(monthlySortKey({ url: "/x/nh_archive_01_2019.zip", type: "monthly_theme" })).toBe("2019-01-00");
  });
});

describe("resuming and reusing downloads", () => {
  /** Serves CSV honouring Range; the first `breaks` full requests break off after `cut` bytes. */
  function rangeServer(body: Buffer, { breaks = 1, cut = 10_000, honourRange = true } = {}) {
    const seen: (string | null)[] = [];
    let broken = 0;
    routes.set(CSV_PATH, (req, res) => {
      const range = req.headers.range ?? null;
      seen.push(range);
      const start = honourRange && range ? Number(/bytes=(\d+)-/.exec(range)?.[1]) : 0;
      const rest = body.subarray(start);
      const headers = { "content-length": rest.length, etag: '"v1"', "accept-ranges": "bytes" };
      if (start > 0) {
        res.writeHead(206, {
          ...headers,
          "content-range": `bytes ${start}-${body.length - 1}/${body.length}`,
        });
      } else res.writeHead(200, headers);
      if (broken < breaks) {
        broken += 1;
        res.write(rest.subarray(0, cut), () => setTimeout(() => res.socket?.destroy(), 20));
      } else res.end(rest);
    });
    return seen;
  }

  it("resumes a broken download with a Range request and ends with the exact bytes", async () => {
    routes.set(PROVIDER_INFO_METADATA_PATH, json(metastoreItem(CSV_PATH)));
    const seen = rangeServer(CSV, { breaks: 2 });

    const file = await downloadLatestProviderInfo({ baseUrl, dir });

    expect((await readFile(file)).equals(CSV)).toBe(true);
    expect(seen[0]).toBeNull();
    expect(seen.slice(1).every((range) => range !== null && /^bytes=[1-9]\d*-$/.test(range))).toBe(true);
    expect(await readdir(dir)).toEqual(["NH_ProviderInfo_Jun2024.csv"]);
  });

  it("starts again when the server answers a resume with the whole file", async () => {
    routes.set(PROVIDER_INFO_METADATA_PATH, json(metastoreItem(CSV_PATH)));
    rangeServer(CSV, { breaks: 1, honourRange: false });

    const file = await downloadLatestProviderInfo({ baseUrl, dir });

    expect((await readFile(file)).equals(CSV)).toBe(true);
  });

  it("resumes a stalled download", async () => {
    routes.set(PROVIDER_INFO_METADATA_PATH, json(metastoreItem(CSV_PATH)));
    let calls = 0;
    routes.set(CSV_PATH, (req, res) => {
      calls += 1;
      const start = Number(/bytes=(\d+)-/.exec(req.headers.range ?? "")?.[1] ?? 0);
      const rest = CSV.subarray(start);
      const headers = { "content-length": rest.length, etag: '"v1"' };
      if (start > 0) {
        res.writeHead(206, { ...headers, "content-range": `bytes ${start}-${CSV.length - 1}/${CSV.length}` });
        res.end(rest);
      } else {
        res.writeHead(200, headers);
        res.write(rest.subarray(0, 5_000)); // ... then nothing more
      }
    });

    const file = await downloadLatestProviderInfo({ baseUrl, dir, stallTimeoutMs: 300 });

    expect((await readFile(file)).equals(CSV)).toBe(true);
    expect(calls).toBe(2);
  });

  it("a later run resumes the part a failed run left, and reuses a complete file without downloading", async () => {
    routes.set(PROVIDER_INFO_METADATA_PATH, json(metastoreItem(CSV_PATH)));
    const seen = rangeServer(CSV, { breaks: 1 });
    await expect(downloadLatestProviderInfo({ baseUrl, dir, maxResumes: 0 })).rejects.toThrow(/broke off/);

    const file = await downloadLatestProviderInfo({ baseUrl, dir });
    expect((await readFile(file)).equals(CSV)).toBe(true);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatch(/^bytes=[1-9]\d*-$/);

    const events: { isCached?: boolean }[] = [];
    await downloadLatestProviderInfo({ baseUrl, dir, onProgress: (event) => events.push(event) });
    expect(seen).toHaveLength(2);
    expect(events).toEqual([expect.objectContaining({ isCached: true, receivedBytes: CSV.length })]);
  });
});
