// The words of ownership on the detail page, the owner page and the dashboard: the role groups' headings, an
// owner's percentage and the count of its other homes, and the owner filter's values. The groups themselves and an
// owner's identity are in src/core/ownership.ts.
import { formatCount } from "../../core/format.ts";
import type { OwnerType, RoleGroup } from "../../core/ownership.ts";

/** Each role group as a heading over its owners. */
export const ROLE_GROUP_HEADINGS: Record<RoleGroup, string> = {
  "direct owner": "Direct owners",
  "indirect owner": "Indirect owners",
  "mortgage or security interest": "Mortgage or security interest",
  "operational or managerial control": "Operational or managerial control",
  "managing employee": "Managing employees",
  "officer or director": "Officers and directors",
  partner: "Partners",
  other: "Other roles",
};

export const OWNER_TYPE_LABELS: Record<OwnerType, string> = {
  individual: "Individual",
  organization: "Organization",
};

/** CMS's upper-case text in sentence case: `NO PERCENTAGE PROVIDED` is 'No percentage provided'. */
export function sentenceCase(text: string): string {
  const lower = text.trim().toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/**
 * An owner's share: the number when CMS gives one ('100%', '12.5%'), else CMS's text in sentence case ('No
 * percentage provided'); null when CMS says nothing.
 */
export function formatOwnerPercentage(owner: {
  percentage: number | null;
  percentageText: string | null;
}): string | null {
  if (owner.percentage !== null) {
    return `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(owner.percentage)}%`;
  }
  const text = owner.percentageText?.trim() ?? "";
  return text === "" ? null : sentenceCase(text);
}

/** 'No other homes', '1 other home', '12 other homes'. */
export function describeOtherHomes(count: number): string {
  if (count === 0) return "No other homes";
  return `${formatCount(count)} other ${count === 1 ? "home" : "homes"}`;
}

/** '1 home', '240 homes'. */
export function describeHomes(count: number): string {
  return `${formatCount(count)} ${count === 1 ? "home" : "homes"}`;
}

/** The value of the dashboard's `owner` filter for an owner: `organization:ACME HEALTH, LLC`. */
export function ownerFilterValue(owner: { type: OwnerType; name: string }): string {
  return `${owner.type}:${owner.name}`;
}

/** The dashboard filtered to an owner's homes (and a state): the same homes with the dashboard's tools. */
export function ownerDashboardPath(owner: { type: OwnerType; name: string }, state?: string): string {
  const params = new URLSearchParams();
  if (state) params.append("state", state);
  params.append("owner", ownerFilterValue(owner));
  return `/?${params.toString()}`;
}
