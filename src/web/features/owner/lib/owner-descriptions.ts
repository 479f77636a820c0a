// The owner page's figures in words: its footprint, the years CMS's files list it, its roles across its homes, its
// homes by state and the homes it gained and lost by year (with the text alternative of that chart), and one page
// of its homes.
import { formatCount, formatPercent } from "../../../../core/format.ts";
import { formatMonthYear } from "../../../../core/history.ts";
import { type Owner, ROLE_GROUPS, type RoleGroup } from "../../../../core/ownership.ts";
import { describeHomes } from "../../../lib/ownership-labels.ts";

/** '93 homes in 34 states'; 'No homes in the current data' for an owner seen only in older releases. */
export function describeFootprint(owner: Pick<Owner, "facilityCount" | "states">): string {
  if (owner.facilityCount === 0) return "No homes in the current data";
  const states = owner.states.length;
  return `${describeHomes(owner.facilityCount)} in ${formatCount(states)} ${states === 1 ? "state" : "states"}`;
}

/** 'Listed in CMS's ownership files from Jan 2023 to Oct 2026' ('in Oct 2026' for one release). */
export function describeListed(owner: Pick<Owner, "firstSeen" | "lastSeen">): string {
  const from = formatMonthYear(owner.firstSeen);
  const to = formatMonthYear(owner.lastSeen);
  return from === to
    ? `Listed in CMS's ownership files in ${from}`
    : `Listed in CMS's ownership files from ${from} to ${to}`;
}

/** The owner's roles across its homes, plain words: 'indirect owner' at 80 homes. */
export interface RoleCount {
  group: RoleGroup;
  homes: number;
}

/** How many of its homes the owner has each role group at (a home counts once per group), in the groups' order. */
export function countRoles(facilities: Owner["facilities"]): RoleCount[] {
  return ROLE_GROUPS.flatMap((group) => {
    const homes = facilities.filter((facility) =>
      facility.ownerRoles.some((role) => role.roleGroup === group),
    ).length;
    return homes === 0 ? [] : [{ group, homes }];
  });
}

/** 'Indirect owner of 80 homes; operational or managerial control of 12 homes'. */
export function describeRoles(roles: readonly RoleCount[]): string {
  return roles
    .map((role, index) => {
      const words = index === 0 ? role.group.charAt(0).toUpperCase() + role.group.slice(1) : role.group;
      const preposition =
        role.group === "officer or director" || role.group === "managing employee" ? "at" : "of";
      return `${words} ${preposition} ${describeHomes(role.homes)}`;
    })
    .join("; ");
}

export interface StateRow {
  state: string;
  homes: number;
  /** Its share of the owner's homes: '17.2%'. */
  share: string;
  /** Its width beside the largest state's, 0 to 100. */
  width: number;
}

export function stateRows(owner: Pick<Owner, "states" | "facilityCount">): StateRow[] {
  const largest = Math.max(1, ...owner.states.map((row) => row.facilities));
  return owner.states.map((row) => ({
    state: row.state,
    homes: row.facilities,
    share: owner.facilityCount === 0 ? "-" : formatPercent((100 * row.facilities) / owner.facilityCount),
    width: (100 * row.facilities) / largest,
  }));
}

export interface HistoryRow {
  year: number;
  gained: number;
  lost: number;
  /** Bar widths beside the year of most change, 0 to 100. */
  gainedWidth: number;
  lostWidth: number;
}

/** The homes gained and lost per year, oldest first. */
export function historyRows(history: Owner["history"]): HistoryRow[] {
  const largest = Math.max(1, ...history.flatMap((row) => [row.gained, row.lost]));
  return [...history]
    .sort((a, b) => a.year - b.year)
    .map((row) => ({
      ...row,
      gainedWidth: (100 * row.gained) / largest,
      lostWidth: (100 * row.lost) / largest,
    }));
}

/** The text alternative of the homes gained and lost. */
export function describeHistory(rows: readonly HistoryRow[]): string {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return "No releases of CMS's ownership files list this owner.";
  const gained = rows.reduce((sum, row) => sum + row.gained, 0);
  const lost = rows.reduce((sum, row) => sum + row.lost, 0);
  const span = first.year === last.year ? `in ${first.year}` : `from ${first.year} to ${last.year}`;
  if (gained === 0 && lost === 0) {
    return `Its homes did not change ${span}, in the releases loaded (the first release's homes are not counted as gained).`;
  }
  return (
    `Gained ${describeHomes(gained)} and lost ${describeHomes(lost)} ${span}, in the releases loaded ` +
    "(the first release's homes are not counted as gained)."
  );
}

/** Cards per page: a whole number of rows in the grid's 1, 2 and 3 columns. */
export const OWNER_PAGE_SIZE = 24;

/** One page of the owner's homes (pages from 1; a page past the end is the last). */
export function pageOfHomes<T>(
  homes: readonly T[],
  page: number,
): { homes: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(homes.length / OWNER_PAGE_SIZE));
  const shown = Math.min(Math.max(1, page), pages);
  return { homes: homes.slice((shown - 1) * OWNER_PAGE_SIZE, shown * OWNER_PAGE_SIZE), page: shown, pages };
}
