// The CSV text of a demo release: one row per facility present that month, in the CMS Provider Information layout.
//
// A month's file is copied together from cached UTF-8 pieces, 6 a row, each rebuilt only when its content changes:
// building a 10 MB string per month from many small strings took most of the writer's time.

import { dayOf, pad2 } from "./calendar.ts";
import { PROVIDER_INFO_2025 } from "./cms-layouts.ts";
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
  type StaffingFigures,
  type SurveyCycle,
} from "./world.ts";

/** A facility's cached pieces and the revisions of the facility they were built from. */
interface RowPieces {
  residentsRevision: number;
  figuresRevision: number;
  head: string;
  mid: string;
  tail: string;
  /** Columns 1-18 (CCN ... date first approved). */
  front: Uint8Array;
  /** Columns 45-98 (staffing ... geocoding footnote). */
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
  ): { buffer: Buffer; length: number } {
    const [year, month] = world.calendar.months[t] ?? [2020, 1];
    const twoYearsAgo = dayOf(year - 2, month);
    const dateLine = utf8(`${processingDate}\n`);
    const chains = new Map<Chain, Uint8Array>(world.chains.map((chain) => [chain, chainPiece(chain)]));
    const pieces = this.pieces;
    pieces.length = 0;
    pieces.push(HEADER_LINE);
    for (const f of world.facilities) {
      if (t < f.openMonth || t >= f.closeMonth) continue;
      const row = this.rowPieces(f);
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
      const chain = f.chain ? (chains.get(f.chain) ?? NO_CHAIN) : NO_CHAIN;
      pieces.push(row.front, chain, flags, ratings, row.back, dateLine);
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

  private rowPieces(f: Facility): RowPieces {
    let row = this.rows.get(f);
    if (row === undefined) {
      const head = headText(f);
      const mid = midText(f);
      const tail = tailText(f);
      row = {
        residentsRevision: f.residentsRevision,
        figuresRevision: f.figuresRevision,
        head,
        mid,
        tail,
        front: utf8(head + residentsText(f) + mid),
        back: utf8(staffingText(f.staffingFigures) + surveyText(f) + tail),
      };
      this.rows.set(f, row);
      return row;
    }
    if (row.residentsRevision !== f.residentsRevision) {
      row.front = utf8(row.head + residentsText(f) + row.mid);
      row.residentsRevision = f.residentsRevision;
    }
    if (row.figuresRevision !== f.figuresRevision) {
      row.back = utf8(staffingText(f.staffingFigures) + surveyText(f) + row.tail);
      row.figuresRevision = f.figuresRevision;
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

const HEADER_LINE = utf8(`${PROVIDER_INFO_2025.join(",")}\n`);
const NO_CHAIN = utf8(",,,,,,,");
const SFF_STATUS = ["", "SFF", "SFF Candidate"] as const;
const COUNCIL_AND_SPRINKLER = COUNCILS.flatMap((council) => [`${council},Yes`, `${council},Partial`]);

// Each text piece ends with a comma.

/** Columns 1-13 (CCN ... residents per day), less the residents per day. */
function headText(f: Facility): string {
  const { town } = f;
  return [
    f.ccn,
    csvField(f.name),
    csvField(f.street),
    csvField(town.name),
    STATES[f.stateIndex]?.code ?? "",
    f.zip,
    f.phone,
    town.countyCode,
    csvField(town.county),
    yesNo(f.isUrban),
    f.ownership,
    f.beds,
    "",
  ].join(",");
}

/** Columns 13-14 (residents per day and its footnote). */
function residentsText(f: Facility): string {
  return `${(f.beds * f.occupancy).toFixed(1)},,`;
}

/** Columns 15-18 (provider type ... date first approved). */
function midText(f: Facility): string {
  return [f.providerType, yesNo(f.isInHospital), csvField(f.legalName), f.approved, ""].join(",");
}

/** Columns 95-98 (location ... geocoding footnote). */
function tailText(f: Facility): string {
  const state = STATES[f.stateIndex]?.code ?? "";
  return [
    csvField([f.street, f.town.name, state, f.zip].join(",")),
    f.lat.toFixed(4),
    f.lon.toFixed(3),
    f.hasGeocodingFootnote ? "22" : "",
    "",
  ].join(",");
}

/** Columns 19-25 (Chain Name ... Chain Average QM Rating) plus a trailing comma, for the current month. */
function chainPiece(chain: Chain): Uint8Array {
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

/** Columns 45-72 (staffing footnotes, hours, turnover, case-mix, adjusted hours). */
function staffingText(figures: StaffingFigures): string {
  const { totalTurnover, rnTurnover, administratorsLeft, hours } = figures;
  const ratio = figures.caseMix / NATIONAL_CASE_MIX;
  const turnover = [
    totalTurnover === undefined ? "" : totalTurnover.toFixed(1),
    totalTurnover === undefined ? "6" : "",
    rnTurnover === undefined ? "" : rnTurnover.toFixed(1),
    rnTurnover === undefined ? "6" : "",
    administratorsLeft === undefined ? "" : String(administratorsLeft),
    administratorsLeft === undefined ? "26" : "",
  ];
  const caseMix = [
    f5(figures.caseMix),
    f5(ratio),
    f5(NATIONAL_HOURS.aide * ratio),
    f5(NATIONAL_HOURS.lpn * ratio),
    f5(NATIONAL_HOURS.rn * ratio),
    f5(NATIONAL_HOURS.total * ratio),
    f5(NATIONAL_HOURS.weekend * ratio),
  ];
  if (hours === undefined) {
    return ["6", "6", "", "", "", "", "", "", "", "", ...turnover, ...caseMix, "", "", "", "", "", ""].join(
      ",",
    );
  }
  return [
    "",
    "",
    f5(hours.aide),
    f5(hours.lpn),
    f5(hours.rn),
    f5(hours.rn + hours.lpn),
    f5(hours.total),
    f5(hours.weekend),
    f5(hours.weekendRn),
    f5(hours.physicalTherapist),
    ...turnover,
    ...caseMix,
    f5(hours.adjustedAide),
    f5(hours.adjustedLpn),
    f5(hours.adjustedRn),
    f5(hours.adjustedTotal),
    f5(hours.weekend / ratio),
    "",
  ].join(",");
}

function cycleFields(c: SurveyCycle, hideScore: boolean): (string | number)[] {
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

/** Columns 73-94 (survey cycles, weighted score, infection control citations, penalties). */
function surveyText(f: Facility): string {
  const c1Total = f.cycle1.deficiencyScore + f.cycle1.revisitScore;
  const cycle2Total = f.cycle2.deficiencyScore + f.cycle2.revisitScore;
  const { infectionCitations, fines, fineDollars, fineCents, paymentDenials } = f.penalties;
  return [
    ...cycleFields(f.cycle1, f.hasNoDeficiencyScore),
    ...cycleFields(f.cycle2, false),
    (0.75 * c1Total + 0.25 * cycle2Total).toFixed(3),
    infectionCitations === undefined ? "" : String(infectionCitations),
    fines,
    `${fineDollars}.${pad2(fineCents)}`,
    paymentDenials,
    fines + paymentDenials,
    "",
  ].join(",");
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
