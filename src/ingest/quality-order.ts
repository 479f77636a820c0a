// The order in which a run loads the archives' MDS and claims quality measures: after every other table, newest
// first. Loaded newest first, an older release only adds the quarters and periods no newer one reported
// (quality-stored.ts), so each keeps the value of the newest release that reports it whatever order the archives
// come in, and what a backfill adds of most archives is nothing (the months that repeat a quarter) or one quarter
// per row. Loaded oldest first after the current file, the first archive to report a quarter would keep it.
import Papa from "papaparse";
import { normalizeHeader } from "./layout.ts";
import { monthFromName, parseDate } from "./parse-release.ts";
import { type ArchiveTable, openCsvStream } from "./source.ts";

/** The archives' tables loaded newest first. */
export const NEWEST_FIRST_TABLES: ReadonlySet<ArchiveTable> = new Set(["mds", "claims"]);

/** Bytes of a member read to find its processing date. */
const HEAD_BYTES = 64 * 1024;

/** Headers of a quality member's processing date (its `Processing Date`, or `filedate` in the 2019-2020 archives). */
const DATE_HEADERS = new Set(["processingdate", "filedate"]);

/**
 * An archive member's processing date, from its first record (or the month in its name); "" when neither tells.
 * Reads only the member's first bytes.
 */
export async function memberDate(path: string, table: ArchiveTable): Promise<string> {
  try {
    const { name, stream } = await openCsvStream(path, table);
    let head = Buffer.alloc(0);
    try {
      for await (const chunk of stream) {
        head = Buffer.concat([head, chunk as Buffer]);
        if (head.length >= HEAD_BYTES) break;
      }
    } finally {
      stream.destroy();
    }
    const [header = [], first = []] = Papa.parse<string[]>(head.toString("utf8"), {
      delimiter: ",",
      preview: 2,
      skipEmptyLines: true,
    }).data;
    const column = header.findIndex((cell) => DATE_HEADERS.has(normalizeHeader(cell)));
    const date = column >= 0 ? parseDate(first[column] ?? "") : null;
    return date ?? monthFromName(name) ?? "";
  } catch {
    // A member that cannot be read fails when it is loaded, with its own message.
    return "";
  }
}

/** The inputs newest first by their member's date; undated ones last, the one given last first. */
export async function newestFirst<T extends { path: string; table?: ArchiveTable }>(
  inputs: readonly T[],
): Promise<T[]> {
  const dated: { input: T; date: string }[] = [];
  for (const input of [...inputs].reverse()) {
    dated.push({ input, date: input.table ? await memberDate(input.path, input.table) : "" });
  }
  return dated.sort((a, b) => b.date.localeCompare(a.date)).map(({ input }) => input);
}
