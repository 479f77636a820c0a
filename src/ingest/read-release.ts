import {
  type DateFallback,
  monthFromName,
  type ParsedRelease,
  type ParseOptions,
  parseRelease,
} from "./parse-release.ts";
import { decodeCsvText, readCsvSource } from "./source.ts";

/** What the caller knows of a file beyond its bytes: the listing date of the CMS archive it came from. */
export interface ReadHint {
  listedDate?: string;
}

/**
 * The processing date of a file that has none: the month of a `MonYYYY` token in its name (or its archive
 * member's), else the month of the archive's listing date.
 */
export function dateFallbackFor(sourceName: string, hint?: ReadHint): DateFallback | undefined {
  const fromName = monthFromName(sourceName);
  if (fromName) return { date: fromName, source: `the month in its name, ${sourceName}` };
  const listed = hint?.listedDate?.match(/^(\d{4})-(\d{2})/);
  if (listed)
    return { date: `${listed[1]}-${listed[2]}-01`, source: `the archive's date, ${hint?.listedDate}` };
  return undefined;
}

/** Reads, decodes and parses one input file into a validated release. */
export async function readRelease(
  path: string,
  hint?: ReadHint,
  options: ParseOptions = {},
): Promise<ParsedRelease> {
  const source = await readCsvSource(path);
  return parseRelease(
    source.name,
    source.bytes,
    decodeCsvText(source.bytes),
    dateFallbackFor(source.name, hint),
    options,
  );
}
