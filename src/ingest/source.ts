// Reads an input file into the bytes of one CMS CSV: plain CSV, gzipped CSV, or a CMS monthly zip archive
// (whose NH_ProviderInfo member is taken). Decodes UTF-8 or cp1252 text.
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

const PROVIDER_INFO_MEMBER = /(^|\/)NH_ProviderInfo[^/]*\.csv$/i;

export async function readCsvSource(path: string): Promise<CsvSource> {
  const name = basename(path);
  let raw: Buffer;
  try {
    raw = await readFile(path);
  } catch (error) {
    throw new IngestError(name, `cannot read file: ${(error as Error).message}`);
  }
  if (raw.length >= 4 && raw.readUInt32LE(0) === 0x04034b50) return readZipMember(name, raw);
  if (raw.length >= 2 && raw[0] === 0x1f && raw[1] === 0x8b) {
    try {
      return { name, bytes: gunzipSync(raw) };
    } catch (error) {
      throw new IngestError(name, `unreadable gzip data: ${(error as Error).message}`);
    }
  }
  return { name, bytes: raw };
}

function readZipMember(name: string, raw: Buffer): Promise<CsvSource> {
  return new Promise((resolve, reject) => {
    const fail = (problem: string) => reject(new IngestError(name, problem));
    yauzl.fromBuffer(raw, { lazyEntries: true }, (openError, zip) => {
      if (openError || !zip) return fail(`unreadable zip archive: ${openError?.message ?? "unknown error"}`);
      let found = false;
      zip.on("error", (error: Error) => fail(`unreadable zip archive: ${error.message}`));
      zip.on("end", () => {
        if (!found) fail("the zip archive has no NH_ProviderInfo CSV member");
      });
      zip.on("entry", (entry: yauzl.Entry) => {
        if (!PROVIDER_INFO_MEMBER.test(entry.fileName)) return zip.readEntry();
        found = true;
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream)
            return fail(`unreadable member ${entry.fileName}: ${streamError?.message}`);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", (error) => fail(`unreadable member ${entry.fileName}: ${error.message}`));
          stream.on("end", () => {
            zip.close();
            resolve({ name: `${name}:${entry.fileName}`, bytes: Buffer.concat(chunks) });
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
 * The header and first record of a file, read from its beginning only where the wrapper allows (plain and
 * gzipped CSV); zip members are read whole. Null when the file cannot be read: the ingest reports that later.
 */
export async function peekCsvHead(path: string, bytes = 256 * 1024): Promise<string | null> {
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
      return decodeCsvText((await readCsvSource(path)).bytes.subarray(0, bytes));
    }
    if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) {
      head = await gunzipHead(path, bytes);
    }
    return decodeCsvText(head);
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
