import { type ParsedRelease, parseRelease } from "./parse-release.ts";
import { decodeCsvText, readCsvSource } from "./source.ts";

/** Reads, decodes and parses one input file into a validated release. */
export async function readRelease(path: string): Promise<ParsedRelease> {
  const source = await readCsvSource(path);
  return parseRelease(source.name, source.bytes, decodeCsvText(source.bytes));
}
