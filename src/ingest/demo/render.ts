// The CSV text of a demo release: one row per facility present that month, in the CMS Provider Information layout of
// the month's processing date (demo/cms-layouts.ts: the 2021, 2023 or 2025 layout).
//
// A month's file is copied together from cached UTF-8 pieces, 6 or 7 a row, each rebuilt only when its content
// changes: building a 10 MB string per month from many small strings took most of the writer's time. A row is
// front (identity to date first approved), entity (chain or affiliated entity, when the layout has one), flags,
// ratings (and the RN staffing rating of the 2021 layout), back (staffing to coordinates) and the processing date.
// The penalty columns are the facility's penalties of the release (demo/inspections.ts, penaltyTotals), as CMS's
// Provider Information counts those of its penalties file.

import { dayOf } from "./calendar.ts";
import {
  type ColumnBlock,
  columnsOf,
  PROVIDER_INFO_BLOCKS,
  type ProviderInfoEra,
  providerInfoEra,
} from "./cms-layouts.ts";
import type { PenaltyTotals } from "./inspections.ts";
import { COUNCILS } from "./names.ts";
import { STATES } from "./places.ts";
import {
  type Chain,
  type DemoWorld,
  type Facility,
  NATIONAL_CASE_MIX,
  NATIONAL_HOURS,
  overallRating,
  qmRating,
  type SurveyCycle,
} from "./world.ts";

/** How a layout's rows are made of pieces. */
interface RowPlan {
  era: ProviderInfoEra;
  header: Uint8Array;
  front: readonly ColumnBlock[];
  entity: "chain" | "affiliatedEntity" | undefined;
  hasRnStaffingRating: boolean;
  back: readonly ColumnBlock[];
  /** The weighted survey score counts three cycles (1/2, 1/3, 1/6) rather than cycle 1 and cycle 2/3 (3/4, 1/4). */
  hasThreeCycles: boolean;
}

function planRows(era: ProviderInfoEra): RowPlan {
  const blocks = PROVIDER_INFO_BLOCKS[era];
  const entity = blocks.find((block) => block === "chain" || block === "affiliatedEntity");
  const flags = blocks.indexOf("flags");
  const hasRnStaffingRating = blocks.includes("rnStaffingRating");
  const backStart = flags + (hasRnStaffingRating ? 3 : 2);
  const front = blocks.slice(0, entity === undefined ? flags : blocks.indexOf(entity));
  if (
    blocks[flags + 1] !== "ratings" ||
    front.length + (entity === undefined ? 0 : 1) !== flags ||
    (hasRnStaffingRating && blocks[flags + 2] !== "rnStaffingRating") ||
    blocks.at(-1) !== "processingDate"
  ) {
    throw new Error(`the ${era} layout's blocks are not in the order rows are built in`);
  }
  return {
    era,
    header: utf8(`${columnsOf(era).join(",")}\n`),
    front,
    entity,
    hasRnStaffingRating,
    back: blocks.slice(backStart, -1),
    hasThreeCycles: blocks.includes("cycle3"),
  };
}

const PLANS: Record<ProviderInfoEra, RowPlan> = {
  "2021": planRows("2021"),
  "2023": planRows("2023"),
  "2025": planRows("2025"),
};

/** Where a release's penalty columns come from: the facility's penalties listed by the release of `date`. */
export interface PenaltyRecord {
  penaltyTotals(f: Facility, date: string): PenaltyTotals;
}

/** A facility's cached pieces and what they were built from. */
interface RowPieces {
  era: ProviderInfoEra;
  residentsRevision: number;
  figuresRevision: number;
  /** The penalty columns' figures, which change with the release's three years as well as with a survey. */
  penaltiesKey: string;
  front: Uint8Array;
  back: Uint8Array;
}

export class ReleaseRenderer {
  private readonly rows = new Map<Facility, RowPieces>();
  /** Reused between months. */
  private readonly pieces: Uint8Array[] = [];

  /**
   * The CSV file of the release at calendar month t, copied into the start of `buffer`, or of a new buffer when it
   * is too small; returns the buffer used and the file's length.
   */
  render(
    world: DemoWorld,
    t: number,
    processingDate: string,
    buffer: Buffer | undefined,
    penalties: PenaltyRecord,
  ): { buffer: Buffer; length: number } {
    const [year, month] = world.calendar.months[t] ?? [2020, 1];
    const twoYearsAgo = dayOf(year - 2, month);
    const plan = PLANS[providerInfoEra(processingDate)];
    const dateLine = utf8(`${processingDate}\n`);
    const entity = plan.entity;
    const entities =
      entity === undefined
        ? undefined
        : new Map<Chain, Uint8Array>(world.chains.map((chain) => [chain, entityPiece(entity, chain)]));
    const noEntity = entity === undefined ? undefined : NO_ENTITY[entity];
    const pieces = this.pieces;
    pieces.length = 0;
    pieces.push(plan.header);
    for (const f of world.facilities) {
      if (t < f.openMonth || t >= f.closeMonth) continue;
      const row = this.rowPieces(f, plan, penalties.penaltyTotals(f, processingDate));
      let ratings: Uint8Array;
      let sff = 0;
      if (f.blankFootnote !== 0) {
        ratings = f.blankFootnote === 1 ? BLANK_RATINGS_NEW : BLANK_RATINGS_SFF;
        if (f.blankFootnote === 18) sff = 1;
      } else {
        ratings = ratingsPiece(f);
        if (f.isSffCandidateProne && f.hi === 1) sff = 2;
      }
      const flags = flagsPiece(
        f.isCcrc,
        sff,
        f.hasAbuseIcon,
        f.surveyDay < twoYearsAgo,
        f.changedOwnerUntil >= t,
        f.councilAndSprinkler,
      );
      pieces.push(row.front);
      if (entities !== undefined && noEntity !== undefined) {
        pieces.push(f.chain ? (entities.get(f.chain) ?? noEntity) : noEntity);
      }
      pieces.push(flags, ratings);
      if (plan.hasRnStaffingRating) pieces.push(rnStaffingPiece(f));
      pieces.push(row.back, dateLine);
    }
    let length = 0;
    for (const piece of pieces) length += piece.length;
    const target =
      buffer !== undefined && buffer.length >= length ? buffer : Buffer.allocUnsafe(length + (length >> 4));
    let offset = 0;
    for (const piece of pieces) {
      target.set(piece, offset);
      offset += piece.length;
    }
    return { buffer: target, length };
  }

  private rowPieces(f: Facility, plan: RowPlan, penalties: PenaltyTotals): RowPieces {
    let row = this.rows.get(f);
    const penaltiesKey = `${penalties.fines},${penalties.fineDollars},${penalties.paymentDenials}`;
    if (row === undefined || row.era !== plan.era) {
      row = {
        era: plan.era,
        residentsRevision: f.residentsRevision,
        figuresRevision: f.figuresRevision,
        penaltiesKey,
        front: blocksPiece(plan.front, f, plan, penalties),
        back: blocksPiece(plan.back, f, plan, penalties),
      };
      this.rows.set(f, row);
      return row;
    }
    if (row.residentsRevision !== f.residentsRevision) {
      row.front = blocksPiece(plan.front, f, plan, penalties);
      row.residentsRevision = f.residentsRevision;
    }
    if (row.figuresRevision !== f.figuresRevision || row.penaltiesKey !== penaltiesKey) {
      row.back = blocksPiece(plan.back, f, plan, penalties);
      row.figuresRevision = f.figuresRevision;
      row.penaltiesKey = penaltiesKey;
    }
    return row;
  }
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function yesNo(value: boolean): string {
  return value ? "Y" : "N";
}

function average(sum: number, n: number): string {
  return n > 0 ? (sum / n).toFixed(1) : "";
}

function utf8(text: string): Uint8Array {
  return Buffer.from(text, "utf8");
}

/** x.toFixed(5) for x >= 0, but faster (five-decimal figures are a quarter of every file). */
function f5(x: number): string {
  const scaled = Math.round(x * 100000);
  if (scaled < 100000) return `0.${String(scaled + 100000).slice(1)}`;
  const digits = String(scaled);
  return `${digits.slice(0, -5)}.${digits.slice(-5)}`;
}

const NO_ENTITY = { chain: utf8(",,,,,,,"), affiliatedEntity: utf8(",,") } as const;
const SFF_STATUS = ["", "SFF", "SFF Candidate"] as const;
const COUNCIL_AND_SPRINKLER = COUNCILS.flatMap((council) => [`${council},Yes`, `${council},Partial`]);

type Cell = string | number;

/** The cells of the blocks, each followed by a comma. */
function blocksPiece(
  blocks: readonly ColumnBlock[],
  f: Facility,
  plan: RowPlan,
  penalties: PenaltyTotals,
): Uint8Array {
  const cells: Cell[] = [];
  for (const block of blocks) cells.push(...blockCells(block, f, plan, penalties));
  cells.push("");
  return utf8(cells.join(","));
}

/** The cells of a block of columns cached per facility (not the entity, flags, ratings and date). */
function blockCells(block: ColumnBlock, f: Facility, plan: RowPlan, penalties: PenaltyTotals): Cell[] {
  const hours = f.staffingFigures.hours;
  const ratio = f.staffingFigures.caseMix / NATIONAL_CASE_MIX;
  const state = STATES[f.stateIndex]?.code ?? "";
  switch (block) {
    case "identity":
    case "identity2021":
      return [
        f.ccn,
        csvField(f.name),
        csvField(f.street),
        csvField(f.town.name),
        state,
        f.zip,
        f.phone,
        f.town.countyCode,
        csvField(f.town.county),
      ];
    case "urban":
      return [yesNo(f.isUrban)];
    case "capacity":
      return [
        f.ownership,
        f.beds,
        (f.beds * f.occupancy).toFixed(1),
        "",
        f.providerType,
        yesNo(f.isInHospital),
        csvField(f.legalName),
        f.approved,
      ];
    case "reportedHours":
      return hours === undefined
        ? ["6", "6", "", "", "", "", ""]
        : ["", "", f5(hours.aide), f5(hours.lpn), f5(hours.rn), f5(hours.rn + hours.lpn), f5(hours.total)];
    case "weekendHours":
      return hours === undefined ? ["", ""] : [f5(hours.weekend), f5(hours.weekendRn)];
    case "physicalTherapistHours":
      return [hours === undefined ? "" : f5(hours.physicalTherapist)];
    case "turnover": {
      const { totalTurnover, rnTurnover, administratorsLeft } = f.staffingFigures;
      return [
        totalTurnover === undefined ? "" : totalTurnover.toFixed(1),
        totalTurnover === undefined ? "6" : "",
        rnTurnover === undefined ? "" : rnTurnover.toFixed(1),
        rnTurnover === undefined ? "6" : "",
        administratorsLeft === undefined ? "" : String(administratorsLeft),
        administratorsLeft === undefined ? "26" : "",
      ];
    }
    case "caseMixIndex":
      return [f5(f.staffingFigures.caseMix), f5(ratio)];
    case "caseMixHours":
      return [
        f5(NATIONAL_HOURS.aide * ratio),
        f5(NATIONAL_HOURS.lpn * ratio),
        f5(NATIONAL_HOURS.rn * ratio),
        f5(NATIONAL_HOURS.total * ratio),
      ];
    case "caseMixWeekend":
      return [f5(NATIONAL_HOURS.weekend * ratio)];
    case "adjustedHours":
      return hours === undefined
        ? ["", "", "", ""]
        : [f5(hours.adjustedAide), f5(hours.adjustedLpn), f5(hours.adjustedRn), f5(hours.adjustedTotal)];
    case "adjustedWeekend":
      return [hours === undefined ? "" : f5(hours.weekend / ratio)];
    case "cycle1":
      return cycleCells(f.cycle1, f.hasNoDeficiencyScore);
    case "cycle2":
    case "cycle23":
      return cycleCells(f.cycle2, false);
    case "cycle3":
      return cycleCells(f.cycle3, false);
    case "weightedScore": {
      const [c1, c2, c3] = [f.cycle1, f.cycle2, f.cycle3].map((c) => c.deficiencyScore + c.revisitScore);
      const score = plan.hasThreeCycles
        ? (c1 ?? 0) / 2 + (c2 ?? 0) / 3 + (c3 ?? 0) / 6
        : 0.75 * (c1 ?? 0) + 0.25 * (c2 ?? 0);
      return [score.toFixed(3)];
    }
    case "complaints":
      return [f.penalties.facilityReportedIncidents, f.penalties.substantiatedComplaints];
    case "penalties": {
      // Infection control citations as of the last standard survey; fines and payment denials of the release.
      const { infectionCitations } = f.penalties;
      const { fines, fineDollars, paymentDenials } = penalties;
      return [
        infectionCitations === undefined ? "" : infectionCitations,
        fines,
        fineDollars.toFixed(2),
        paymentDenials,
        fines + paymentDenials,
      ];
    }
    case "location":
      return [csvField([f.street, f.town.name, state, f.zip].join(","))];
    case "coordinates":
      return [f.lat.toFixed(4), f.lon.toFixed(3), f.hasGeocodingFootnote ? "22" : ""];
    default:
      throw new Error(`the ${block} columns are not cached per facility`);
  }
}

function cycleCells(c: SurveyCycle, hideScore: boolean): Cell[] {
  return [
    c.date,
    c.deficiencies,
    c.deficiencies - c.complaint,
    c.complaint,
    hideScore ? "" : c.deficiencyScore,
    c.revisits,
    c.revisitScore,
    c.deficiencyScore + c.revisitScore,
  ];
}

/** The chain's or affiliated entity's columns plus a trailing comma, for the current month. */
function entityPiece(entity: "chain" | "affiliatedEntity", chain: Chain): Uint8Array {
  if (entity === "affiliatedEntity") return utf8(`${csvField(chain.name)},${chain.id},`);
  const { rated, overall, hi, staffing, staffed, qm } = chain.averages;
  return utf8(
    [
      csvField(chain.name),
      chain.id,
      chain.present,
      average(overall, rated),
      average(hi, rated),
      average(staffing, staffed),
      average(qm, rated),
      "",
    ].join(","),
  );
}

const flagsCache: (Uint8Array | undefined)[] = [];
/** Columns 26-32 (CCRC ... sprinklers) plus a trailing comma. */
function flagsPiece(
  isCcrc: boolean,
  sff: number,
  hasAbuseIcon: boolean,
  isSurveyOld: boolean,
  hasChangedOwner: boolean,
  councilAndSprinkler: number,
): Uint8Array {
  const key =
    ((((Number(isCcrc) * 3 + sff) * 2 + Number(hasAbuseIcon)) * 2 + Number(isSurveyOld)) * 2 +
      Number(hasChangedOwner)) *
      16 +
    councilAndSprinkler;
  let piece = flagsCache[key];
  if (piece === undefined) {
    piece = utf8(
      [
        yesNo(isCcrc),
        SFF_STATUS[sff] ?? "",
        yesNo(hasAbuseIcon),
        yesNo(isSurveyOld),
        yesNo(hasChangedOwner),
        COUNCIL_AND_SPRINKLER[councilAndSprinkler] ?? "",
        "",
      ].join(","),
    );
    flagsCache[key] = piece;
  }
  return piece;
}

const ratingsCache: (Uint8Array | undefined)[] = [];
/** Columns 33-44 (ratings and their footnotes) plus a trailing comma, for a rated facility. */
function ratingsPiece(f: Facility): Uint8Array {
  const qm = qmRating(f);
  const shortStay = f.hasShortStay ? f.shortStay : 0;
  const staffing = f.isStaffingBlank ? 0 : f.staffing;
  const key = ((f.hi * 6 + qm) * 6 + f.longStay) * 36 + shortStay * 6 + staffing;
  let piece = ratingsCache[key];
  if (piece === undefined) {
    piece = utf8(
      [
        overallRating(f.hi, staffing === 0 ? undefined : staffing, qm),
        "",
        f.hi,
        "",
        qm,
        "",
        f.longStay,
        "",
        shortStay === 0 ? "" : shortStay,
        shortStay === 0 ? "2" : "",
        staffing === 0 ? "" : staffing,
        staffing === 0 ? "6" : "",
        "",
      ].join(","),
    );
    ratingsCache[key] = piece;
  }
  return piece;
}

const BLANK_RATINGS_NEW = utf8(",1,,1,,1,,1,,1,,1,");
const BLANK_RATINGS_SFF = utf8(",18,,18,,18,,18,,18,,18,");

const RN_STAFFING_PIECES = [0, 1, 2, 3, 4, 5].map((stars) => utf8(stars === 0 ? ",6," : `${stars},,`));
const RN_STAFFING_BLANK = { 1: utf8(",1,"), 18: utf8(",18,") } as const;
/** The RN staffing rating and its footnote (the 2021 layout), plus a trailing comma. */
function rnStaffingPiece(f: Facility): Uint8Array {
  if (f.blankFootnote === 1 || f.blankFootnote === 18) return RN_STAFFING_BLANK[f.blankFootnote];
  const stars = f.isStaffingBlank ? 0 : Math.min(5, Math.max(1, f.staffing + f.rnStaffingOffset));
  return RN_STAFFING_PIECES[stars] ?? RN_STAFFING_PIECES[0] ?? utf8(",6,");
}
