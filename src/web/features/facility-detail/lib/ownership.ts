// The detail page's Ownership section in words: the home's owners and managers grouped by role group (in CMS's
// order of groups, the largest share first), since when each has had its role, and the timeline of owners who came
// and went over the releases loaded.

import { formatMonthYear, formatShortDate } from "../../../../core/history.ts";
import type { FacilityOwner, FacilityOwnership, OwnerType, RoleGroup } from "../../../../core/ownership.ts";
import { ROLE_GROUPS } from "../../../../core/ownership.ts";
import { ROLE_GROUP_HEADINGS, sentenceCase } from "../../../lib/ownership-labels.ts";

export interface OwnerGroup {
  group: RoleGroup;
  heading: string;
  owners: FacilityOwner[];
}

/**
 * The owners by role group, groups in the order of ROLE_GROUPS and only those with owners; within a group the
 * largest percentage first (owners without a number after those with one), then by name.
 */
export function groupOwnersByRole(owners: readonly FacilityOwner[]): OwnerGroup[] {
  return ROLE_GROUPS.flatMap((group) => {
    const members = owners
      .filter((owner) => owner.roleGroup === group)
      .sort(
        (a, b) =>
          (b.percentage ?? -1) - (a.percentage ?? -1) ||
          a.name.localeCompare(b.name, "en-US", { sensitivity: "base" }) ||
          a.role.localeCompare(b.role),
      );
    return members.length === 0 ? [] : [{ group, heading: ROLE_GROUP_HEADINGS[group], owners: members }];
  });
}

/**
 * CMS's role text when it says more than its group's heading ('5% or greater direct ownership interest'); null
 * when it would only repeat it.
 */
export function roleDetail(owner: Pick<FacilityOwner, "role" | "roleGroup">): string | null {
  const role = owner.role.trim();
  if (role === "") return null;
  const text = sentenceCase(role);
  return text.toLowerCase() === ROLE_GROUP_HEADINGS[owner.roleGroup].toLowerCase() ? null : text;
}

/**
 * Since when the owner has had its role: CMS's association date ('Since Mar 4, 2015'), else the first release
 * loaded that lists it ('Listed since Jan 2021').
 */
export function describeSince(owner: Pick<FacilityOwner, "since" | "firstSeen">): string {
  if (owner.since) return `Since ${formatShortDate(owner.since)}`;
  return `Listed since ${formatMonthYear(owner.firstSeen)}`;
}

export interface TimelineOwner {
  name: string;
  type: OwnerType;
  ownerPath: string;
  /** Its role groups in that release, in the groups' order: 'direct owner, officer or director'. */
  roles: string;
}

export interface TimelineEntry {
  processingDate: string;
  /** 'Mar 2024' */
  month: string;
  came: TimelineOwner[];
  left: TimelineOwner[];
}

type ChangeOwner = FacilityOwnership["changes"][number]["added"][number];

/** One line per owner (an owner in several roles is named once, with its roles' groups), by name. */
function byOwner(rows: readonly ChangeOwner[]): TimelineOwner[] {
  const owners = new Map<string, { owner: ChangeOwner; groups: Set<RoleGroup> }>();
  for (const row of rows) {
    const key = row.ownerPath;
    const entry = owners.get(key) ?? { owner: row, groups: new Set<RoleGroup>() };
    entry.groups.add(row.roleGroup);
    owners.set(key, entry);
  }
  return [...owners.values()]
    .map(({ owner, groups }) => ({
      name: owner.name,
      type: owner.type,
      ownerPath: owner.ownerPath,
      roles: ROLE_GROUPS.filter((group) => groups.has(group)).join(", "),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en-US", { sensitivity: "base" }));
}

/**
 * The releases in which owners came or went, newest first (as the API lists them). An owner who only changed role
 * in a release (it left one role and took another) is not said to have come or gone: it is in neither list.
 */
export function buildOwnershipTimeline(changes: FacilityOwnership["changes"]): TimelineEntry[] {
  return changes
    .map((change) => {
      const stayed = (row: ChangeOwner, others: readonly ChangeOwner[]) =>
        others.some((other) => other.ownerPath === row.ownerPath);
      const came = change.added.filter((row) => !stayed(row, change.removed));
      const left = change.removed.filter((row) => !stayed(row, change.added));
      return {
        processingDate: change.processingDate,
        month: formatMonthYear(change.processingDate),
        came: byOwner(came),
        left: byOwner(left),
      };
    })
    .filter((entry) => entry.came.length > 0 || entry.left.length > 0)
    .sort((a, b) => b.processingDate.localeCompare(a.processingDate));
}

/** 'Came: 2 · Left: 1' words for a screen reader and the timeline's summary. */
export function describeTimeline(entries: readonly TimelineEntry[]): string {
  if (entries.length === 0) return "No owner came or left in the releases loaded.";
  const came = entries.reduce((sum, entry) => sum + entry.came.length, 0);
  const left = entries.reduce((sum, entry) => sum + entry.left.length, 0);
  const releases = entries.length;
  const owners = `${came} ${came === 1 ? "owner" : "owners"} came and ${left} left`;
  if (releases === 1) return `${owners} in ${entries[0]?.month}.`;
  return `${owners} in ${releases} releases, from ${entries.at(-1)?.month} to ${entries[0]?.month}.`;
}
