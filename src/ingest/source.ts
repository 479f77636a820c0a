// Reads an input file into the bytes of one CMS CSV: plain CSV, gzipped CSV, or a CMS monthly zip archive (whose
// Provider Information member is taken, in any of the archives' three layouts). Decodes UTF-8 or cp1252 text.
import { createReadStream } from "node:fs";
import { open, readFile } from "node:fs/promises";
import { basename } from "node:path";
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
  const parts = fileName.split("/");
  const base = parts.at(-1) ?? "";
  if (parts.includes("__MACOSX") || base.startsWith(".")) return false;
  return /^(?:[A-Za-z0-9-]+_\d{4}-\d{2}-\d{2}_)?(?:NH_)?ProviderInfo(?:_[A-Za-z0-9]+)?\.csv$/i.test(base);
}

export async function readCsvSource(path: string): Promise<CsvSource> {
  const name = basename(path);
  let raw: Buffer;
  try {
    const handle = await open(path, "r");
    try {
      const magic = Buffer.alloc(4);
      const { bytesRead } = await handle.read(magic, 0, 4, 0);
      if (bytesRead === 4 && magic.readUInt32LE(0) === 0x04034b50) return readZipMember(name, path);
    } finally {
      await handle.close();
    }
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
        if (!isProviderInfoMember(entry.fileName)) return zip.readEntry();
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
