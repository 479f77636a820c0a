import Papa from "papaparse";
import { type InspectionKind, inspectionKindOf } from "./inspection-layout.ts";
import { isOwnershipHeader, type OwnershipKind } from "./ownership-layout.ts";
import { type InspectionRelease, readInspectionRelease } from "./parse-inspection.ts";
import { type OwnershipRelease, readOwnershipRelease } from "./parse-ownership.ts";
import { type QualityRelease, readQualityRelease } from "./parse-quality.ts";
import {
  type DateFallback,
  monthFromName,
  type ParsedRelease,
  type ParseOptions,
  parseRelease,
} from "./parse-release.ts";
import { type QualityKind, qualityKindOf } from "./quality-layout.ts";
import { type ArchiveTable, decodeCsvText, peekCsvHead, readCsvSource } from "./source.ts";

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

/**
 * A release of any table: Provider Information (or ratings only), an inspection table, a quality table or the
 * ownership table.
 */
export type AnyRelease = ParsedRelease | InspectionRelease | QualityRelease | OwnershipRelease;

export function isInspectionRelease(release: AnyRelease): release is InspectionRelease {
  return release.kind === "citations" || release.kind === "fire" || release.kind === "penalties";
}

export function isQualityRelease(release: AnyRelease): release is QualityRelease {
  return release.kind === "mds" || release.kind === "claims" || release.kind === "averages";
}

export function isOwnershipRelease(release: AnyRelease): release is OwnershipRelease {
  return release.kind === "ownership";
}

/**
 * The inspection, quality or ownership table a CSV holds, from its header; null for Provider Information and
 * anything else.
 */
async function tableKindOfFile(path: string): Promise<InspectionKind | QualityKind | OwnershipKind | null> {
  const head = await peekCsvHead(path, 64 * 1024);
  if (!head) return null;
  const [header, firstRow] = Papa.parse<string[]>(head.text, { delimiter: ",", preview: 2 }).data;
  if (!header) return null;
  return (
    inspectionKindOf(header, firstRow) ??
    qualityKindOf(header) ??
    (isOwnershipHeader(header) ? "ownership" : null)
  );
}

/**
 * Reads one input: the table's member of a monthly archive, or a CSV of whichever table its header says (table
 * undefined).
 */
export async function readInput(
  path: string,
  table: ArchiveTable | undefined,
  hint?: ReadHint,
  options: ParseOptions = {},
): Promise<AnyRelease> {
  const kind = table === undefined ? await tableKindOfFile(path) : table === "provider" ? null : table;
  if (kind === null) return readRelease(path, hint, options);
  if (kind === "citations" || kind === "fire" || kind === "penalties") {
    return readInspectionRelease(path, kind, (name) => dateFallbackFor(name, hint));
  }
  if (kind === "ownership") return readOwnershipRelease(path, (name) => dateFallbackFor(name, hint));
  return readQualityRelease(path, kind, (name) => dateFallbackFor(name, hint));
}
