// The CSV export of a filtered facility view (GET /api/facilities.csv): a header row and then the facilities in
// chunks, each read from the database only when the client has taken the previous one, so that memory stays flat
// however many facilities the view holds.
import Papa from "papaparse";
import type { FacilityQuery } from "../core/api-types.ts";
import type { Queryable } from "../db/client.ts";
import { type CsvCell, type CsvChunk, csvHeaderRow, readCsvChunk } from "./insights-repository.ts";
import { type DistanceFilter, readDataVersion } from "./repository.ts";

/** Facilities read per query. */
export const CSV_CHUNK_ROWS = 1000;

/** Spreadsheets (Excel) read a file without a byte order mark as their local code page, not UTF-8. */
const BOM = "\uFEFF";

/**
 * Rows as CSV lines (RFC 4180: CRLF, quotes doubled, fields with commas, quotes or line breaks quoted). A text cell
 * beginning with =, +, -, @, a tab or a carriage return is prefixed with ' so that a spreadsheet does not run it as a
 * formula; numbers are written as they are (a negative number is not a formula).
 */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  if (rows.length === 0) return "";
  return `${Papa.unparse(rows as CsvCell[][], { escapeFormulae: true, newline: "\r\n", header: false })}\r\n`;
}

/** The export's file name, with the date of the facilities' release. */
export function csvFileName(date: string | null): string {
  return date ? `cms-facilities-${date}.csv` : "cms-facilities.csv";
}

/**
 * The export as a byte stream. `first` is the first chunk, read before the response starts so that a failing query
 * is an error response rather than a cut-off file. If a load publishes new data while the export runs, the stream
 * fails instead of mixing two releases in one file (the download is reported as failed and can be repeated).
 */
export function csvStream(
  db: Queryable,
  query: FacilityQuery,
  near: DistanceFilter | null,
  first: CsvChunk,
  version: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let pending: CsvChunk | null = first;
  let cursor = first.next;
  let isHeaderSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!isHeaderSent) {
          isHeaderSent = true;
          controller.enqueue(encoder.encode(BOM + csvLines([csvHeaderRow(near !== null)])));
          return;
        }
        let chunk = pending;
        pending = null;
        if (chunk === null) {
          if ((await readDataVersion(db)) !== version) {
            throw new Error("the data changed while the export was being written");
          }
          chunk = await readCsvChunk(db, query, near, cursor, CSV_CHUNK_ROWS);
          cursor = chunk.next;
        }
        const { rows } = chunk;
        if (rows.length > 0) controller.enqueue(encoder.encode(csvLines(rows)));
        if (rows.length < CSV_CHUNK_ROWS) {
          controller.close();
          return;
        }
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
