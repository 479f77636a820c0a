// Reads a CSV byte stream in pieces that end at record boundaries, so that a national file (a health citations file
// of 400,000 rows, an MDS quality measures file of 255,000) is never held as one text: each piece is decoded and
// parsed on its own, and the caller keeps only the values it needs. Shared by parse-inspection.ts and
// parse-quality.ts.
import { isAscii, isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import iconv from "iconv-lite";
import Papa from "papaparse";
import { IngestError } from "./errors.ts";

/** Pieces end at a line break outside quotes, after at least this many bytes. */
const PIECE_BYTES = 1 << 20;

/**
 * Cuts a CSV byte stream into pieces that each end at a record boundary (a line break outside quoted text), so
 * that every piece parses on its own. Quotes are counted, which tells inside from outside because a quote inside
 * quoted text is written twice.
 */
export class RecordPieces {
  /** Chunks not yet cut into a piece, and their length. */
  private chunks: Buffer[] = [];
  private length = 0;

  /** The complete records now available (possibly none). */
  push(chunk: Buffer): Buffer | null {
    this.chunks.push(chunk);
    this.length += chunk.length;
    if (this.length < PIECE_BYTES) return null;
    const bytes = Buffer.concat(this.chunks, this.length);
    // The last line break outside quotes: the one before which the bytes hold an even number of quotes.
    let quotes = 0;
    let cut = -1;
    let from = 0;
    for (;;) {
      const quote = bytes.indexOf(0x22, from);
      const end = quote < 0 ? bytes.length : quote;
      if (quotes % 2 === 0 && end > from) {
        const lineBreak = bytes.lastIndexOf(0x0a, end - 1);
        if (lineBreak >= from) cut = lineBreak;
      }
      if (quote < 0) break;
      quotes += 1;
      from = quote + 1;
    }
    if (cut < 0) {
      this.chunks = [bytes];
      return null;
    }
    const rest = bytes.subarray(cut + 1);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return bytes.subarray(0, cut + 1);
  }

  /** What is left at the end of the stream. */
  rest(): Buffer | null {
    return this.length > 0 ? Buffer.concat(this.chunks, this.length) : null;
  }
}

/** Thrown when a file that looked like UTF-8 turns out to be cp1252 after non-ASCII text was read as UTF-8. */
export class ReadAgainAsCp1252 extends Error {}

/**
 * Where the next record starts: past line breaks and blank lines (of spaces or tabs), which the parse skips, so that
 * a record's line is counted from its own first character.
 */
function skipBlank(text: string, from: number): number {
  let at = from;
  for (;;) {
    const char = text.charCodeAt(at);
    if (char !== 10 && char !== 13 && char !== 32 && char !== 9) return at;
    at += 1;
  }
}

/** What a record's callback may do: reject the file at the record (its line), naming the column. */
export interface RecordContext {
  fail(problem: string, column?: string): never;
}

/**
 * Parses the CSV stream record by record (the header is record 0), piece by piece; `onRecord` gets each record's
 * cells. A record whose field count differs from the header's rejects the file (a truncated file). Returns the
 * sha256 of the bytes and the number of records. Throws ReadAgainAsCp1252 when `encoding` was utf8 and text read
 * as UTF-8 turns out to be cp1252: the caller reads the stream again.
 */
export async function eachCsvRecord(
  fileName: string,
  stream: AsyncIterable<Buffer>,
  encoding: "utf8" | "cp1252",
  onRecord: (cells: string[], record: number, context: RecordContext) => void,
): Promise<{ checksum: string; records: number }> {
  const hash = createHash("sha256");
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  let currentEncoding = encoding;
  let hasNonAsciiText = false;
  let record = 0;
  let fieldCount = -1;
  /** Lines before the current piece. */
  let linesBefore = 0;
  let pieceText = "";
  let recordStart = 0;
  let newline: "\n" | "\r\n" = "\n";
  const context: RecordContext = {
    fail(problem, column) {
      let line = linesBefore + 1;
      for (let index = 0; index < recordStart; index += 1) if (pieceText.charCodeAt(index) === 10) line += 1;
      throw new IngestError(fileName, problem, line, column);
    },
  };
  const parsePiece = (bytes: Buffer, isFirst: boolean) => {
    let piece = bytes;
    if (isFirst && piece[0] === 0xef && piece[1] === 0xbb && piece[2] === 0xbf) piece = piece.subarray(3);
    const ascii = isAscii(piece);
    if (currentEncoding === "utf8" && !ascii) {
      if (!isUtf8(piece)) {
        if (hasNonAsciiText) throw new ReadAgainAsCp1252();
        currentEncoding = "cp1252";
      } else hasNonAsciiText = true;
    }
    pieceText = currentEncoding === "utf8" || ascii ? utf8.decode(piece) : iconv.decode(piece, "win1252");
    recordStart = 0;
    if (isFirst) {
      const lineBreak = pieceText.indexOf("\n");
      newline = lineBreak > 0 && pieceText[lineBreak - 1] === "\r" ? "\r\n" : "\n";
    }
    recordStart = skipBlank(pieceText, 0);
    Papa.parse<string[]>(pieceText, {
      delimiter: ",",
      newline,
      skipEmptyLines: true,
      step: (result) => {
        const cells = result.data;
        // A line of blanks and commas is skipped (Papa's "greedy" test joins every record's cells to tell).
        if ((cells[0] ?? "").trim() === "" && cells.join("").trim() === "") {
          recordStart = skipBlank(pieceText, result.meta.cursor);
          return;
        }
        const error = result.errors[0];
        if (error) context.fail(`malformed CSV: ${error.message}`);
        if (fieldCount < 0) fieldCount = cells.length;
        else if (cells.length !== fieldCount) {
          context.fail(
            `expected ${fieldCount} fields but found ${cells.length}${cells.length < fieldCount ? " (truncated row)" : ""}`,
          );
        }
        onRecord(cells, record, context);
        record += 1;
        recordStart = skipBlank(pieceText, result.meta.cursor);
      },
    });
    for (let at = piece.indexOf(0x0a); at >= 0; at = piece.indexOf(0x0a, at + 1)) linesBefore += 1;
    pieceText = "";
  };
  const pieces = new RecordPieces();
  let isFirst = true;
  try {
    for await (const chunk of stream) {
      hash.update(chunk);
      const piece = pieces.push(chunk);
      if (piece) {
        parsePiece(piece, isFirst);
        isFirst = false;
      }
    }
  } catch (error) {
    if (error instanceof IngestError || error instanceof ReadAgainAsCp1252) throw error;
    throw new IngestError(fileName, `unreadable data: ${(error as Error).message}`);
  }
  const rest = pieces.rest();
  if (rest) parsePiece(rest, isFirst);
  return { checksum: hash.digest("hex"), records: record };
}
