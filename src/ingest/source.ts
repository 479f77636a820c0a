// Reads an input file into the bytes of one CMS CSV: plain CSV, gzipped CSV, or a CMS monthly zip archive (whose
// Provider Information, Health Deficiencies or Penalties member is taken, in any of the archives' three layouts).
// Decodes UTF-8 or cp1252 text. Provider Information is read whole; the inspection tables, ten times larger, are
// streamed (openCsvStream).
import { createReadStream } from "node:fs";
import { open, readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { Readable } from "node:stream";
import { createGunzip, gunzipSync } from "node:zlib";
import iconv from "iconv-lite";
import yauzl from "yauzl";
import { IngestError } from "./errors.ts";

export interface CsvSource {
  /** The name used in messages: the file name, plus the archive member for zips. */
  name: string;
  bytes: Buffer;
}

/**
 * The Provider Information member of a CMS monthly archive, whatever the layout: `ProviderInfo_Download.csv`
 * (2019 to mid 2020), `NH_ProviderInfo_MonYYYY.csv` (mid 2020 to mid 2026, sometimes in a sub-folder) and
 * `<datasetId>_<YYYY-MM-DD>_NH_ProviderInfo_MonYYYY.csv` (from July 2026). Operating-system junk (`__MACOSX/`,
 * `._*`, `.DS_Store`), the other tables and `manifest.json` are not it.
 */
export function isProviderInfoMember(fileName: string): boolean {
  return isMemberOf("provider", fileName);
}

/** The tables the product reads from a monthly archive. */
export type ArchiveTable =
  | "provider"
  | "citations"
  | "fire"
  | "penalties"
  | "mds"
  | "claims"
  | "averages"
  | "ownership";

/** Every table, in the order an archive's members are loaded (Provider Information first). */
export const ARCHIVE_TABLES: readonly ArchiveTable[] = [
  "provider",
  "citations",
  "fire",
  "penalties",
  "mds",
  "claims",
  "averages",
  "ownership",
];

/**
 * The version of the product's reader of each table. A table's number goes up when the product reads more of its
 * files (Provider Information: 2 since the staffing columns, migration 0024; 3 since the special focus status and
 * the other fields of migration 0030); a new table starts at 1. The sync
 * reads again, from its download cache, every CMS file it loaded whose tables were read by an older version, or
 * not at all (cms_file.readers, migration 0035).
 */
export const READER_VERSIONS: Readonly<Record<ArchiveTable, number>> = {
  provider: 3,
  citations: 1,
  fire: 1,
  penalties: 1,
  mds: 1,
  claims: 1,
  averages: 1,
  ownership: 1,
};

/**
 * Each table's member name in the three layouts (with the dataset-id and date prefix of July 2026 on): Provider
 * Information as above; Health Deficiencies as `HealthDeficiencies_Download.csv` (2019 to mid 2020) and
 * `NH_HealthCitations_MonYYYY.csv`; Fire Safety Deficiencies as `FireSafetyDeficiencies_Download.csv` and
 * `NH_FireSafetyCitations_MonYYYY.csv`; Penalties as `Penalties_Download.csv` and `NH_Penalties_MonYYYY.csv`; the
 * MDS and claims quality measures as `QualityMsrMDS_Download.csv` and `QualityMsrClaims_Download.csv` (2019 to mid
 * 2020), `NH_QualityMsr_MDS_MonYYYY.csv` and `NH_QualityMsr_Claims_MonYYYY.csv`; the State/US averages as
 * `StateAverages_Download.csv` and `NH_StateUSAverages_MonYYYY.csv`; Ownership as `Ownership_Download.csv` and
 * `NH_Ownership_MonYYYY.csv`.
 */
const MEMBER_NAMES: Record<ArchiveTable, RegExp> = {
  provider: /^(?:[A-Za-z0-9-]+_\d{4}-\d{2}-\d{2}_)?(?:NH_)?ProviderInfo(?:_[A-Za-z0-9]+)?\.csv$/i,
  citations:
    /^(?:[A-Za-z0-9-]+_\d{4}-\d{2}-\d{2}_)?(?:NH_HealthCitations(?:_[A-Za-z0-9]+)?|HealthDeficiencies_Download)\.csv$/i,
  fire: /^(?:[A-Za-z0-9-]+_\d{4}-\d{2}-\d{2}_)?(?:NH_FireSafetyCitations(?:_[A-Za-z0-9]+)?|FireSafetyDeficiencies_Download)\.csv$/i,
  penalties:
    /^(?:[A-Za-z0-9-]+_\d{4}-\d{2}-\d{2}_)?(?:NH_Penalties(?:_[A-Za-z0-9]+)?|Penalties_Download)\.csv$/i,
  mds: /^(?:[A-Za-z0-9-]+_\d{4}-\d{2}-\d{2}_)?(?:NH_QualityMsr_MDS(?:_[A-Za-z0-9]+)?|QualityMsrMDS_Download)\.csv$/i,
  claims:
    /^(?:[A-Za-z0-9-]+_\d{4}-\d{2}-\d{2}_)?(?:NH_QualityMsr_Claims(?:_[A-Za-z0-9]+)?|QualityMsrClaims_Download)\.csv$/i,
  averages:
    /^(?:[A-Za-z0-9-]+_\d{4}-\d{2}-\d{2}_)?(?:NH_StateUSAverages(?:_[A-Za-z0-9]+)?|StateAverages_Download)\.csv$/i,
  ownership:
    /^(?:[A-Za-z0-9-]+_\d{4}-\d{2}-\d{2}_)?(?:NH_Ownership(?:_[A-Za-z0-9]+)?|Ownership_Download)\.csv$/i,
};

const TABLE_NAMES: Record<ArchiveTable, string> = {
  provider: "Provider Information CSV member (ProviderInfo_Download.csv or NH_ProviderInfo_*.csv)",
  citations: "Health Deficiencies CSV member (HealthDeficiencies_Download.csv or NH_HealthCitations_*.csv)",
  fire: "Fire Safety Deficiencies CSV member (FireSafetyDeficiencies_Download.csv or NH_FireSafetyCitations_*.csv)",
  penalties: "Penalties CSV member (Penalties_Download.csv or NH_Penalties_*.csv)",
  mds: "MDS Quality Measures CSV member (QualityMsrMDS_Download.csv or NH_QualityMsr_MDS_*.csv)",
  claims: "Claims Quality Measures CSV member (QualityMsrClaims_Download.csv or NH_QualityMsr_Claims_*.csv)",
  averages: "State/US Averages CSV member (StateAverages_Download.csv or NH_StateUSAverages_*.csv)",
  ownership: "Ownership CSV member (Ownership_Download.csv or NH_Ownership_*.csv)",
};

/** Whether an archive member is the table's CSV (operating-system junk and the manifest never are). */
export function isMemberOf(table: ArchiveTable, fileName: string): boolean {
  const parts = fileName.split("/");
  const base = parts.at(-1) ?? "";
  if (parts.includes("__MACOSX") || base.startsWith(".")) return false;
  return MEMBER_NAMES[table].test(base);
}

function isZip(magic: Buffer): boolean {
  return magic.length >= 4 && magic.readUInt32LE(0) === 0x04034b50;
}

async function readMagic(path: string): Promise<Buffer> {
  const handle = await open(path, "r");
  try {
    const magic = Buffer.alloc(4);
    const { bytesRead } = await handle.read(magic, 0, 4, 0);
    return magic.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The tables an input file holds, in the order they are loaded: for a monthly archive, those of its members
 * (Provider Information first); for a CSV, null (its header tells). An unreadable file gives null too: reading it
 * reports why.
 */
export async function archiveTables(path: string): Promise<ArchiveTable[] | null> {
  try {
    if (!isZip(await readMagic(path))) return null;
  } catch {
    return null;
  }
  const names = await new Promise<string[] | null>((resolve) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error || !zip) return resolve(null);
      const found: string[] = [];
      zip.on("error", () => {
        zip.close();
        resolve(null);
      });
      zip.on("end", () => {
        zip.close();
        resolve(found);
      });
      zip.on("entry", (entry: yauzl.Entry) => {
        found.push(entry.fileName);
        zip.readEntry();
      });
      zip.readEntry();
    });
  });
  if (names === null) return null;
  const tables = ARCHIVE_TABLES.filter((table) => names.some((name) => isMemberOf(table, name)));
  // An archive without any of them is still read as a Provider Information archive, which says what is missing.
  return tables.length > 0 ? tables : ["provider"];
}

export async function readCsvSource(path: string): Promise<CsvSource> {
  const name = basename(path);
  let raw: Buffer;
  try {
    if (isZip(await readMagic(path))) return readZipMember(name, path);
    raw = await readFile(path);
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError(name, `cannot read file: ${(error as Error).message}`);
  }
  if (raw.length >= 2 && raw[0] === 0x1f && raw[1] === 0x8b) {
    try {
      return { name, bytes: gunzipSync(raw) };
    } catch (error) {
      throw new IngestError(name, `unreadable gzip data: ${(error as Error).message}`);
    }
  }
  return { name, bytes: raw };
}

/**
 * A stream of the CSV bytes of an input file: the table's member of a zip archive, a gunzipped file, or the file.
 * Errors of the stream (a broken zip or gzip) name the file.
 */
export async function openCsvStream(
  path: string,
  table: ArchiveTable,
): Promise<{ name: string; stream: Readable }> {
  const name = basename(path);
  let magic: Buffer;
  try {
    magic = await readMagic(path);
  } catch (error) {
    throw new IngestError(name, `cannot read file: ${(error as Error).message}`);
  }
  if (isZip(magic)) return openZipMember(name, path, table);
  const file = createReadStream(path);
  if (magic.length >= 2 && magic[0] === 0x1f && magic[1] === 0x8b) {
    const gunzip = createGunzip();
    file.on("error", (error) => gunzip.destroy(error));
    return { name, stream: file.pipe(gunzip) };
  }
  return { name, stream: file };
}

/** The stream of an archive's member of the table; the zip is closed when the stream ends or fails. */
function openZipMember(
  name: string,
  path: string,
  table: ArchiveTable,
): Promise<{ name: string; stream: Readable }> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (openError, zip) => {
      if (openError || !zip) {
        return reject(
          new IngestError(name, `unreadable zip archive: ${openError?.message ?? "unknown error"}`),
        );
      }
      let isSettled = false;
      zip.on("error", (error: Error) => {
        zip.close();
        if (!isSettled) reject(new IngestError(name, `unreadable zip archive: ${error.message}`));
        isSettled = true;
      });
      zip.on("end", () => {
        zip.close();
        if (!isSettled) reject(new IngestError(name, `the zip archive has no ${TABLE_NAMES[table]}`));
        isSettled = true;
      });
      zip.on("entry", (entry: yauzl.Entry) => {
        if (!isMemberOf(table, entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          isSettled = true;
          if (streamError || !stream) {
            zip.close();
            return reject(
              new IngestError(name, `unreadable member ${entry.fileName}: ${streamError?.message}`),
            );
          }
          const close = () => zip.close();
          stream.on("end", close);
          stream.on("error", close);
          stream.on("close", close);
          resolve({ name: `${name}:${entry.fileName}`, stream });
        });
      });
      zip.readEntry();
    });
  });
}

/** The Provider Information member of a zip archive, whole or (with `limit`) its first `limit` bytes. */
function readZipMember(name: string, path: string, limit = Number.POSITIVE_INFINITY): Promise<CsvSource> {
  return new Promise((resolve, reject) => {
    let isSettled = false;
    const settle = (fn: () => void) => {
      if (isSettled) return;
      isSettled = true;
      fn();
    };
    const fail = (problem: string) => settle(() => reject(new IngestError(name, problem)));
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (openError, zip) => {
      if (openError || !zip) return fail(`unreadable zip archive: ${openError?.message ?? "unknown error"}`);
      let nestedArchives = 0;
      zip.on("error", (error: Error) => {
        zip.close();
        fail(`unreadable zip archive: ${error.message}`);
      });
      zip.on("end", () => {
        zip.close();
        fail(
          nestedArchives > 0
            ? `an annual bundle (a zip of ${nestedArchives} monthly archives), not a monthly archive: load the monthly archives instead`
            : "the zip archive has no Provider Information CSV member (ProviderInfo_Download.csv or NH_ProviderInfo_*.csv)",
        );
      });
      zip.on("entry", (entry: yauzl.Entry) => {
        if (/\.zip$/i.test(entry.fileName)) nestedArchives += 1;
        if (!isMemberOf("provider", entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) {
            zip.close();
            return fail(`unreadable member ${entry.fileName}: ${streamError?.message}`);
          }
          const chunks: Buffer[] = [];
          let length = 0;
          stream.on("data", (chunk: Buffer) => {
            chunks.push(chunk);
            length += chunk.length;
            if (length >= limit) {
              stream.destroy();
              zip.close();
              settle(() =>
                resolve({
                  name: `${name}:${entry.fileName}`,
                  bytes: Buffer.concat(chunks).subarray(0, limit),
                }),
              );
            }
          });
          stream.on("error", (error) => {
            zip.close();
            fail(`unreadable member ${entry.fileName}: ${error.message}`);
          });
          stream.on("end", () => {
            zip.close();
            settle(() => resolve({ name: `${name}:${entry.fileName}`, bytes: Buffer.concat(chunks) }));
          });
        });
      });
      zip.readEntry();
    });
  });
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * CMS files come in UTF-8 (newer) or Windows-1252 (older). Bytes that are valid UTF-8 are read as such;
 * anything else is decoded with a real cp1252 table (Node's TextDecoder maps 0x80-0x9F to control characters).
 */
export function decodeCsvText(bytes: Buffer): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = iconv.decode(bytes, "win1252");
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The beginning of a file's CSV text (its header and first records) and the file's name in messages (with the
 * archive member for zips), read from the file's beginning where the wrapper allows (plain and gzipped CSV); zip
 * members are read whole. Null when the file cannot be read: the ingest reports that later.
 */
export async function peekCsvHead(
  path: string,
  bytes = 256 * 1024,
): Promise<{ name: string; text: string } | null> {
  try {
    const handle = await open(path, "r");
    let head: Buffer;
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
    if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) {
      const source = await readZipMember(basename(path), path, bytes);
      return { name: source.name, text: decodeCsvText(source.bytes) };
    }
    if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) {
      head = await gunzipHead(path, bytes);
    }
    return { name: basename(path), text: decodeCsvText(head) };
  } catch {
    return null;
  }
}

function gunzipHead(path: string, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const input = createReadStream(path);
    const gunzip = createGunzip();
    const finish = () => {
      input.destroy();
      gunzip.destroy();
      resolve(Buffer.concat(chunks).subarray(0, bytes));
    };
    gunzip.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) finish();
    });
    gunzip.on("end", finish);
    gunzip.on("error", (error) => (length > 0 ? finish() : reject(error)));
    input.on("error", reject);
    input.pipe(gunzip);
  });
}
