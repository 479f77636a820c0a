// What the page says about the server's CMS loads (GET /api/meta `load` and `refresh`): the first-load panel,
// its progress text, and the short status in the header's data-source line.
import type { DataLoad, Meta, RefreshStatus } from "../../../core/api-types.ts";

/** How often /api/meta is polled while the server loads CMS data. */
export const LOAD_POLL_MS = 2000;

/** The server's first load while it runs and no facility is loaded yet (facilityCount 0), else null. */
export function getFirstLoad(meta: Pick<Meta, "load" | "facilityCount"> | undefined): DataLoad | null {
  return meta?.load.isLoading === true && meta.facilityCount === 0 ? meta.load : null;
}

/**
 * The load to show in the progress panel instead of the facility list: while nothing is loaded yet, or while
 * the first load still runs and the list (of `listLength` items, undefined before it answers) came back empty,
 * which may only mean that its facilities are not loaded yet. Null when the list shows as usual.
 */
export function getLoadPanel(
  meta: Pick<Meta, "load" | "facilityCount"> | undefined,
  listLength: number | undefined,
): DataLoad | null {
  if (!meta?.load.isLoading) return null;
  if (meta.facilityCount === 0) return meta.load;
  return meta.load.kind === "initial" && listLength === 0 ? meta.load : null;
}

/** True when both versions are known and differ: the loaded data changed, so cached answers are out of date. */
export function hasDataVersionChanged(previous: string | undefined, next: string | undefined): boolean {
  return previous !== undefined && next !== undefined && previous !== next;
}

const BYTE_UNITS = [
  { size: 1e9, name: "GB", digits: 2 },
  { size: 1e6, name: "MB", digits: 1 },
  { size: 1e3, name: "KB", digits: 0 },
] as const;

function byteUnit(bytes: number) {
  return BYTE_UNITS.find((unit) => bytes >= unit.size) ?? BYTE_UNITS[2];
}

/** "12.4 MB"; or, with a total, both in the total's unit: "12.4 of 38.8 MB". */
export function formatBytes(done: number, total: number | null = null): string {
  const unit = byteUnit(total ?? done);
  const format = (bytes: number) => (bytes / unit.size).toFixed(unit.digits);
  return total === null ? `${format(done)} ${unit.name}` : `${format(done)} of ${format(total)} ${unit.name}`;
}

/** "3 of 12 files · 12.4 of 38.8 MB": the files loaded, and the bytes of the current file when known. */
export function formatLoadProgress(load: DataLoad): string {
  const parts: string[] = [];
  if (load.filesTotal > 0) {
    parts.push(`${load.filesDone} of ${load.filesTotal} ${load.filesTotal === 1 ? "file" : "files"}`);
  }
  if (load.bytesDone !== null) parts.push(formatBytes(load.bytesDone, load.bytesTotal));
  return parts.join(" · ");
}

/**
 * Percent done (0 to 100) for the progress bar: whole files, plus the part of the current file downloaded when
 * its size is known; null (an indeterminate bar) before the number of files is known.
 */
export function loadProgressPercent(load: DataLoad): number | null {
  if (load.filesTotal <= 0) return null;
  const current =
    load.bytesDone !== null && load.bytesTotal !== null && load.bytesTotal > 0
      ? Math.min(1, load.bytesDone / load.bytesTotal)
      : 0;
  const done = Math.min(load.filesTotal, load.filesDone + (load.filesDone < load.filesTotal ? current : 0));
  return Math.round((Math.max(0, done) / load.filesTotal) * 100);
}

/**
 * The header's note while a load runs and facilities are already listed: "Updating from CMS · 3 of 12 files"; for
 * the demo dataset, whose newest month is listed while its history loads, "Loading the demo history".
 */
export function formatLoadNote(load: DataLoad, source: Meta["source"] = null): string | null {
  if (!load.isLoading) return null;
  if (source === "demo" && load.kind === "initial") return "Loading the demo history";
  const label = load.kind === "refresh" ? "Updating from CMS" : "Loading from CMS";
  return load.filesTotal > 0 ? `${label} · ${load.filesDone} of ${load.filesTotal} files` : label;
}

const timeOfDay = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });
const monthDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });
const fullDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** "at 2:05 PM" today, "on Jun 24" this year, else "on Jun 24, 2025" (local time); null for a bad timestamp. */
export function formatCheckTime(iso: string, now: Date): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  if (date.toDateString() === now.toDateString()) return `at ${timeOfDay.format(date)}`;
  if (date.getFullYear() === now.getFullYear()) return `on ${monthDay.format(date)}`;
  return `on ${fullDate.format(date)}`;
}

/** "checked for updates at 2:05 PM", when a refresh check has succeeded. */
export function formatLastUpdateCheck(refresh: RefreshStatus, now: Date): string | null {
  if (!refresh.lastSuccess) return null;
  const when = formatCheckTime(refresh.lastSuccess, now);
  return when ? `checked for updates ${when}` : null;
}

/** True when the newest refresh check failed: an error is set and no success came after the last check. */
export function hasUpdateCheckFailed(refresh: RefreshStatus): boolean {
  if (!refresh.lastError) return false;
  if (!refresh.lastSuccess || !refresh.lastCheck) return true;
  const success = Date.parse(refresh.lastSuccess);
  const check = Date.parse(refresh.lastCheck);
  return Number.isNaN(success) || Number.isNaN(check) || check > success;
}
