// The demo's Ownership files (CMS's `NH_Ownership_MonYYYY.csv`, table 13 of the data dictionary), in the header
// layout CMS used at the release: `Federal Provider Number` until mid 2023, `CMS Certification Number (CCN)` since;
// the 2019-2020 archives' `Ownership_Download.csv` with its short headers is made from them by ownershipL1Csv.
//
// Who owns what, drawn from hashes of the facility, its chain and the month (never from the world's random stream,
// so that the other files stay as they were):
// - a chain's facilities share its parent company (an indirect owner, across states), the two individuals behind it
//   (indirect owners with percentages), its management company (operational/managerial control) and its officers
//   and directors; about a third of the chains are sold during the years (the parent and its individuals leave, an
//   investment firm comes), and one officer is replaced at another month;
// - each facility has its own operating company (the direct owner, 100%), a new one after each change of owner that
//   Provider Information flags (the world's `changedOwnerUntil`), and administrators (managing employees) who come
//   and go every few years; most have a lender (a mortgage or security interest) from a few national ones, which
//   some refinance with another;
// - independent homes are owned by one or two individuals (a percentage each, or "NO PERCENTAGE PROVIDED"), or by
//   their non-profit or county with its board (officers and directors);
// - the chains' parents are spelled `..., L.L.C.` before 2021 and `..., LLC` after, names that the product joins.

import { STATES } from "./places.ts";
import { Rng } from "./random.ts";
import type { DemoWorld, Facility } from "./world.ts";

const FIRST_NAMES =
  `JAMES MARY ROBERT PATRICIA JOHN JENNIFER MICHAEL LINDA DAVID ELIZABETH WILLIAM BARBARA RICHARD
  SUSAN JOSEPH JESSICA THOMAS SARAH CHARLES KAREN CHRISTOPHER LISA DANIEL NANCY MATTHEW BETTY ANTHONY MARGARET MARK
  SANDRA DONALD ASHLEY STEVEN KIMBERLY PAUL EMILY ANDREW DONNA JOSHUA MICHELLE KENNETH CAROL KEVIN AMANDA BRIAN
  DOROTHY GEORGE MELISSA TIMOTHY DEBORAH AVRAHAM MOSHE YEHUDA ESTHER RIVKA SHLOMO`.split(/\s+/);
const LAST_NAMES = `SMITH JOHNSON WILLIAMS BROWN JONES GARCIA MILLER DAVIS RODRIGUEZ MARTINEZ HERNANDEZ LOPEZ
  GONZALEZ WILSON ANDERSON THOMAS TAYLOR MOORE JACKSON MARTIN LEE PEREZ THOMPSON WHITE HARRIS SANCHEZ CLARK RAMIREZ
  LEWIS ROBINSON WALKER YOUNG ALLEN KING WRIGHT SCOTT TORRES NGUYEN HILL FLORES GREEN ADAMS NELSON BAKER HALL RIVERA
  CAMPBELL MITCHELL CARTER ROBERTS SCHWARTZ FRIEDMAN KLEIN ROSENBERG WEISS GOLDBERG O'BRIEN O'CONNOR MCDONALD`.split(
  /\s+/,
);
/** Lenders with mortgage or security interests across the country. */
const LENDERS = [
  "CAPITAL FUNDING, LLC",
  "OXFORD FINANCE LLC",
  "MIDCAP FUNDING IV TRUST",
  "CIBC BANK USA",
  "BERKADIA COMMERCIAL MORTGAGE LLC",
  "LUMENT REAL ESTATE CAPITAL, LLC",
  "WELLS FARGO BANK, NATIONAL ASSOCIATION",
  "THE HUNTINGTON NATIONAL BANK",
];
/** The investment firms that buy chains. */
const BUYERS = [
  "PORTOPICCOLO GROUP",
  "TRIDENT CAPITAL PARTNERS",
  "BLUE OAK EQUITY",
  "HARBOR POINT INVESTORS",
  "SUMMIT RIDGE CAPITAL",
];

/** A row of the file: one owner or manager of a facility in one role. */
export interface DemoOwnerRow {
  role: string;
  type: "Individual" | "Organization";
  name: string;
  percentage: string;
  /** The association date, YYYY-MM-DD. */
  since: string;
}

const DIRECT = "5% OR GREATER DIRECT OWNERSHIP INTEREST";
const INDIRECT = "5% OR GREATER INDIRECT OWNERSHIP INTEREST";
const MORTGAGE = "5% OR GREATER MORTGAGE INTEREST";
const SECURITY = "5% OR GREATER SECURITY INTEREST";
const CONTROL = "OPERATIONAL/MANAGERIAL CONTROL";
const MANAGING = "MANAGING EMPLOYEE";
const OFFICER = "OFFICER";
const DIRECTOR = "DIRECTOR";
const NOT_APPLICABLE = "NOT APPLICABLE";
const NO_PERCENTAGE = "NO PERCENTAGE PROVIDED";

/** FNV-1a of a text: a seed for the draws of one thing (a chain, a facility, a period). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function rngOf(...parts: (string | number)[]): Rng {
  return new Rng(hash(parts.join("|")));
}

/** A month as a number (year x 12 + month - 1), and back as the first day `YYYY-MM-01`. */
function monthNumber(year: number, month: number): number {
  return year * 12 + month - 1;
}
function firstDay(month: number): string {
  return `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, "0")}-01`;
}

/** A person's name, `FIRST M LAST`. */
function personName(rng: Rng): string {
  const middle = String.fromCharCode(65 + rng.int(0, 25));
  return `${rng.pick(FIRST_NAMES)} ${middle} ${rng.pick(LAST_NAMES)}`;
}

/** The chain's name without its kind: `APEX HEALTHCARE` -> `APEX`. */
function chainStem(chainName: string): string {
  return chainName.split(" ")[0] ?? chainName;
}

export class DemoOwnership {
  /** Per facility, the months (as month numbers) its owner changed, oldest first. */
  private readonly changes = new Map<Facility, number[]>();

  constructor(
    private readonly seed: number,
    private readonly world: DemoWorld,
  ) {}

  private monthOf(t: number): number {
    const months = this.world.calendar.months;
    const first = months[0] ?? [2020, 1];
    const at = months[t];
    return at ? monthNumber(at[0], at[1]) : monthNumber(first[0], first[1]) + t;
  }

  /** Notes the changes of owner the world flags at calendar month t (call it for every month, from 0). */
  update(t: number): void {
    for (const f of this.world.facilities) {
      // The world sets changedOwnerUntil to twelve months after a change of owner (before the first month too).
      const changed = f.changedOwnerUntil - 12;
      if (changed > t || f.changedOwnerUntil < 0) continue;
      const list = this.changes.get(f) ?? [];
      const month = this.monthOf(changed);
      if (list.at(-1) !== month) {
        list.push(month);
        this.changes.set(f, list);
      }
    }
  }

  /** The facility's owners and managers at calendar month t. */
  ownersOf(f: Facility, t: number): DemoOwnerRow[] {
    const month = this.monthOf(t);
    const rows: DemoOwnerRow[] = [];
    const changes = (this.changes.get(f) ?? []).filter((change) => change <= month);
    const epoch = changes.length;
    const opened = this.monthOf(f.openMonth) - (f.openMonth > 0 ? 1 : 0);
    const facilityRng = rngOf(this.seed, f.ccn, "facility");
    // When the record's owners came: a few years before the data, or the month the facility opened.
    const origin = f.openMonth > 0 ? opened : opened - facilityRng.int(12, 240);
    const ownedSince = changes.at(-1) ?? origin;
    const town = f.town.name.replace(/[^A-Z ]/g, "").trim();
    const chain = f.chain;
    if (chain) {
      const chainRng = rngOf(this.seed, "chain", chain.id);
      const stem = chainStem(chain.name);
      const chainSince = origin - chainRng.int(0, 60);
      const saleMonth = chainRng.chance(0.35)
        ? this.monthOf(0) + chainRng.int(3, 90)
        : Number.POSITIVE_INFINITY;
      const isSold = month >= saleMonth;
      const parentSince = Math.max(chainSince, isSold ? saleMonth : chainSince);
      const suffix = month < monthNumber(2021, 1) ? ", L.L.C." : ", LLC";
      const parent = isSold
        ? `${BUYERS[chainRng.int(0, BUYERS.length - 1)]} FUND ${chainRng.int(2, 6)}, LP`
        : `${stem} HEALTH HOLDINGS${suffix}`;
      rows.push({
        role: INDIRECT,
        type: "Organization",
        name: parent,
        percentage: "100%",
        since: firstDay(parentSince),
      });
      if (!isSold) {
        const share = chainRng.int(5, 9) * 10;
        const founders = [personName(chainRng), personName(chainRng)];
        rows.push(
          {
            role: INDIRECT,
            type: "Individual",
            name: founders[0] as string,
            percentage: `${share}%`,
            since: firstDay(chainSince),
          },
          {
            role: INDIRECT,
            type: "Individual",
            name: founders[1] as string,
            percentage: chainRng.chance(0.4) ? NO_PERCENTAGE : `${100 - share}%`,
            since: firstDay(chainSince),
          },
        );
      }
      rows.push({
        role: CONTROL,
        type: "Organization",
        name: `${stem} MANAGEMENT SERVICES, LLC`,
        percentage: NOT_APPLICABLE,
        since: firstDay(chainSince),
      });
      // Officers and directors of the chain: the chief officer is replaced once, at a chain's own month.
      const replaced = this.monthOf(0) + rngOf(this.seed, "officer", chain.id).int(6, 120);
      const officerRng = rngOf(this.seed, "officers", chain.id, month >= replaced ? 1 : 0);
      rows.push({
        role: OFFICER,
        type: "Individual",
        name: personName(officerRng),
        percentage: NOT_APPLICABLE,
        since: firstDay(month >= replaced ? replaced : chainSince),
      });
      const boardRng = rngOf(this.seed, "board", chain.id);
      rows.push({
        role: DIRECTOR,
        type: "Individual",
        name: personName(boardRng),
        percentage: NOT_APPLICABLE,
        since: firstDay(chainSince),
      });
      rows.push({
        role: DIRECT,
        type: "Organization",
        name: `${town} ${epoch > 0 ? `OPERATIONS ${["", "II", "III", "IV", "V"][Math.min(epoch, 4)]}`.trim() : "OPERATING COMPANY"}, LLC`,
        percentage: "100%",
        since: firstDay(ownedSince),
      });
    } else if (/Non profit|Government/i.test(f.ownership)) {
      const owner = /Government/i.test(f.ownership)
        ? `${(f.town.name.split(" ")[0] ?? "DEMO").toUpperCase()} COUNTY`
        : `${town} SENIOR SERVICES, INC.`;
      rows.push({
        role: DIRECT,
        type: "Organization",
        name: owner,
        percentage: "100%",
        since: firstDay(origin),
      });
      const boardRng = rngOf(this.seed, "board", f.ccn, epoch);
      for (const role of [OFFICER, DIRECTOR, DIRECTOR]) {
        rows.push({
          role,
          type: "Individual",
          name: personName(boardRng),
          percentage: NOT_APPLICABLE,
          since: firstDay(ownedSince),
        });
      }
    } else {
      const ownerRng = rngOf(this.seed, "owners", f.ccn, epoch);
      const two = ownerRng.chance(0.4);
      const share = two ? ownerRng.int(5, 9) * 10 : 100;
      rows.push({
        role: DIRECT,
        type: "Individual",
        name: personName(ownerRng),
        percentage: ownerRng.chance(0.25) ? NO_PERCENTAGE : `${share}%`,
        since: firstDay(ownedSince),
      });
      if (two) {
        rows.push({
          role: DIRECT,
          type: "Individual",
          name: personName(ownerRng),
          percentage: `${100 - share}%`,
          since: firstDay(ownedSince),
        });
      }
      rows.push({
        role: CONTROL,
        type: "Organization",
        name: `${town} CARE ADMINISTRATORS, INC.`,
        percentage: NOT_APPLICABLE,
        since: firstDay(ownedSince),
      });
    }
    // The lender: most homes have one, some refinance with another at a month of their own.
    if (facilityRng.chance(0.6)) {
      const refinanced = this.monthOf(0) + facilityRng.int(0, 150);
      const lenderRng = rngOf(this.seed, "lender", f.ccn, month >= refinanced ? 1 : 0);
      rows.push({
        role: lenderRng.chance(0.7) ? MORTGAGE : SECURITY,
        type: "Organization",
        name: LENDERS[lenderRng.int(0, LENDERS.length - 1)] as string,
        percentage: NOT_APPLICABLE,
        since: firstDay(month >= refinanced ? refinanced : origin),
      });
    }
    // Administrators: a new one every few years.
    const tenure = 24 + (hash(`${this.seed}|tenure|${f.ccn}`) % 36);
    const term = Math.floor((month - origin) / tenure);
    rows.push({
      role: MANAGING,
      type: "Individual",
      name: personName(rngOf(this.seed, "administrator", f.ccn, term)),
      percentage: NOT_APPLICABLE,
      since: firstDay(origin + term * tenure),
    });
    return rows;
  }

  /** The Ownership file of the facilities present at calendar month t, in the layout of the release's date. */
  csv(t: number, processingDate: string): string {
    const isCcnEra = processingDate >= "2023-07";
    const header = isCcnEra ? OWNERSHIP_2023 : OWNERSHIP_2020;
    const lines = [header.map(csvField).join(",")];
    for (const f of this.world.facilities) {
      if (t < f.openMonth || t >= f.closeMonth) continue;
      const state = STATES[f.stateIndex]?.code ?? "";
      const facility = [f.ccn, f.name, f.street, f.town.name, state, f.zip];
      const location = [f.street, f.town.name, state, f.zip].join(",");
      for (const row of this.ownersOf(f, t)) {
        const [year, month, day] = row.since.split("-");
        const cells = [
          ...facility,
          row.role,
          row.type,
          row.name,
          row.percentage,
          `since ${month}/${day}/${year}`,
          ...(isCcnEra ? [] : [location]),
          processingDate,
        ];
        lines.push(cells.map(csvField).join(","));
      }
    }
    return `${lines.join("\n")}\n`;
  }
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The Ownership file's columns from 2020 to mid 2023. */
export const OWNERSHIP_2020: readonly string[] = [
  "Federal Provider Number",
  "Provider Name",
  "Provider Address",
  "Provider City",
  "Provider State",
  "Provider Zip Code",
  "Role played by Owner or Manager in Facility",
  "Owner Type",
  "Owner Name",
  "Ownership Percentage",
  "Association Date",
  "Location",
  "Processing Date",
];

/** The Ownership file's columns since mid 2023. */
export const OWNERSHIP_2023: readonly string[] = [
  "CMS Certification Number (CCN)",
  "Provider Name",
  "Provider Address",
  "City/Town",
  "State",
  "ZIP Code",
  "Role played by Owner or Manager in Facility",
  "Owner Type",
  "Owner Name",
  "Ownership Percentage",
  "Association Date",
  "Processing Date",
];

/** The 2019-2020 archives' `Ownership_Download.csv` columns, and the full names whose values they hold. */
const L1_COLUMNS: readonly [string, readonly string[]][] = [
  ["PROVNUM", ["Federal Provider Number", "CMS Certification Number (CCN)"]],
  ["PROVNAME", ["Provider Name"]],
  ["address", ["Provider Address"]],
  ["city", ["Provider City", "City/Town"]],
  ["state", ["Provider State", "State"]],
  ["zip", ["Provider Zip Code", "ZIP Code"]],
  ["ROLE_DESC", ["Role played by Owner or Manager in Facility"]],
  ["OWNER_TYPE", ["Owner Type"]],
  ["OWNER_NAME", ["Owner Name"]],
  ["OWNER_PERCENTAGE", ["Ownership Percentage"]],
  ["ASSOCIATION_DATE", ["Association Date"]],
  ["filedate", ["Processing Date"]],
];

/**
 * An Ownership CSV in the 2019-2020 archives' layout (`Ownership_Download.csv`): its short headers, no `Location`,
 * and `filedate` written `MM/DD/YYYY` as that era's download files write dates.
 */
export function ownershipL1Csv(csv: string): string {
  const lines = csv.split("\n").filter((line) => line !== "");
  const header = splitCsvLine(lines[0] ?? "");
  const picks = L1_COLUMNS.map(([, names]) => header.findIndex((name) => names.includes(name)));
  const out = [L1_COLUMNS.map(([name]) => name).join(",")];
  for (const line of lines.slice(1)) {
    const cells = splitCsvLine(line);
    out.push(
      picks
        .map((at, index) => {
          const value = at < 0 ? "" : (cells[at] ?? "");
          const isDate = index === picks.length - 1 && /^\d{4}-\d{2}-\d{2}$/.test(value);
          return csvField(isDate ? `${value.slice(5, 7)}/${value.slice(8, 10)}/${value.slice(0, 4)}` : value);
        })
        .join(","),
    );
  }
  return `${out.join("\n")}\n`;
}

/** The cells of one CSV line (quoted cells with doubled quotes; no line breaks inside cells, as the demo writes). */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let at = 0;
  while (at <= line.length) {
    if (line[at] === '"') {
      let value = "";
      let index = at + 1;
      for (;;) {
        const quote = line.indexOf('"', index);
        if (quote < 0) throw new Error("unterminated quote");
        value += line.slice(index, quote);
        if (line[quote + 1] === '"') {
          value += '"';
          index = quote + 2;
        } else {
          at = quote + 2;
          break;
        }
      }
      cells.push(value);
    } else {
      const comma = line.indexOf(",", at);
      const end = comma < 0 ? line.length : comma;
      cells.push(line.slice(at, end));
      at = end + 1;
    }
  }
  return cells;
}
