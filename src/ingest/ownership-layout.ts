// The columns the product reads from CMS's Ownership table (one row per facility, owner or manager, and role), under
// every header name CMS has used: the abbreviated `Ownership_Download.csv` of the 2019-2020 monthly archives
// (`PROVNUM`, `ROLE_DESC`, `OWNER_TYPE`, `OWNER_NAME`, `OWNER_PERCENTAGE`, `ASSOCIATION_DATE`, `filedate`), the
// `Federal Provider Number` files of 2020 to mid 2023 and the `CMS Certification Number (CCN)` files since.
// What the columns mean: table 13 of NH_Data_Dictionary_Mar2023 (and the SNF All Owners dictionary for the roles).

import { normalizeHeader } from "./layout.ts";

export type OwnershipKind = "ownership";

export const OWNERSHIP_FIELDS = {
  ccn: ["CMS Certification Number (CCN)", "Federal Provider Number", "Provider Number", "PROVNUM"],
  state: ["State", "Provider State", "STATE"],
  location: ["Location"],
  role: ["Role played by Owner or Manager in Facility", "Role Played by Owner in Facility", "ROLE_DESC"],
  ownerType: ["Owner Type", "OWNER_TYPE"],
  ownerName: ["Owner Name", "OWNER_NAME"],
  percentage: ["Ownership Percentage", "OWNER_PERCENTAGE"],
  associationDate: ["Association Date", "ASSOCIATION_DATE"],
  processingDate: ["Processing Date", "FILEDATE"],
} as const;

export type OwnershipField = keyof typeof OWNERSHIP_FIELDS;

/** Every file of the table has these (the percentage and the association date are read where a layout has them). */
const REQUIRED: readonly OwnershipField[] = ["ccn", "role", "ownerType", "ownerName"];

export type OwnershipColumns = Partial<Record<OwnershipField, number>>;

function byHeader(): Map<string, OwnershipField> {
  const map = new Map<string, OwnershipField>();
  for (const [field, headers] of Object.entries(OWNERSHIP_FIELDS) as [OwnershipField, readonly string[]][]) {
    for (const name of headers) map.set(normalizeHeader(name), field);
  }
  return map;
}

const FIELD_BY_HEADER = byHeader();

/** The column of each field in a header (the first when a name repeats). */
export function ownershipColumns(header: readonly string[]): OwnershipColumns {
  const columns: OwnershipColumns = {};
  header.forEach((cell, index) => {
    const field = FIELD_BY_HEADER.get(normalizeHeader(cell));
    if (field !== undefined && columns[field] === undefined) columns[field] = index;
  });
  return columns;
}

/** Whether a header is an Ownership file's: a CCN, an owner's name and a role. */
export function isOwnershipHeader(header: readonly string[]): boolean {
  const columns = ownershipColumns(header);
  return columns.ccn !== undefined && columns.ownerName !== undefined && columns.role !== undefined;
}

/** The problem with a header of the table, or null. */
export function missingOwnershipColumns(columns: OwnershipColumns, hasFallbackDate: boolean): string | null {
  const missing: OwnershipField[] = REQUIRED.filter((field) => columns[field] === undefined);
  if (columns.processingDate === undefined && !hasFallbackDate) missing.push("processingDate");
  if (missing.length === 0) return null;
  const names = missing.map((field) => {
    const headers = OWNERSHIP_FIELDS[field];
    return `"${headers[0]}"${headers.length > 1 ? ` (or "${headers.at(-1)}")` : ""}`;
  });
  return `missing required ${missing.length > 1 ? "columns" : "column"} ${names.join(", ")} of an ownership file`;
}
