// The demo's facilities and chains, and how they change from month to month: a model of what CMS publishes, with
// no CSV in it (render.ts writes the rows). Same seed, same draws in the same order, same facilities.

import { type Calendar, dayOf, isoDay, pad2 } from "./calendar.ts";
import {
  BRAND_KINDS,
  CHAIN_KINDS,
  CHAIN_WORDS,
  COUNCIL_WEIGHTS,
  DIRECTIONS,
  makeFacilityName,
  makeLegalName,
  OWNERSHIP,
  OWNERSHIP_WEIGHTS,
  STREET_TYPES,
  STREETS,
} from "./names.ts";
import { allocateByState, makeTowns, STATES, type Town } from "./places.ts";
import { Rng } from "./random.ts";

export interface Chain {
  id: number;
  name: string;
  brand: string;
  homeState: number;
  /** Chain-wide quality shift shared by its facilities. */
  quality: number;
  members: Facility[];
  /** The chain columns of the current month, from its members present then. */
  present: number;
  averages: ChainAverages;
}

/** Sums and counts behind the chain's average ratings. */
export interface ChainAverages {
  rated: number;
  overall: number;
  hi: number;
  staffing: number;
  staffed: number;
  qm: number;
}

export interface Facility {
  ccn: string;
  stateIndex: number;
  town: Town;
  chain: Chain | undefined;
  /** Calendar month index when the facility first appears, and when it is gone (exclusive). */
  openMonth: number;
  closeMonth: number;
  name: string;
  legalName: string;
  street: string;
  zip: string;
  phone: string;
  isUrban: boolean;
  ownership: string;
  beds: number;
  providerType: string;
  isInHospital: boolean;
  /** Date first approved to provide Medicare and Medicaid services. */
  approved: string;
  lat: number;
  lon: number;
  hasGeocodingFootnote: boolean;
  occupancy: number;
  isSffCandidateProne: boolean;
  hasNoDeficiencyScore: boolean;
  hasShortStay: boolean;
  roundsQmUp: boolean;
  // Long-run star levels the month-to-month walk reverts to.
  targetHi: number;
  targetStaffing: number;
  targetLongStay: number;
  targetShortStay: number;
  hi: number;
  staffing: number;
  longStay: number;
  shortStay: number;
  /** 0 when rated, else the footnote that explains the blank ratings (1 new facility, 18 special focus). */
  blankFootnote: number;
  blankUntil: number;
  isStaffingBlank: boolean;
  hasAbuseIcon: boolean;
  changedOwnerUntil: number;
  surveyDay: number;
  isCcrc: boolean;
  /** Resident/family council (index into COUNCILS) times 2, plus 1 when sprinklers are only partial. */
  councilAndSprinkler: number;
  staffQuality: number;
  caseMix: number;
  staffingFigures: StaffingFigures;
  // Last health survey cycles and what came with the last survey.
  cycle1: SurveyCycle;
  cycle2: SurveyCycle;
  cycle3: SurveyCycle;
  penalties: Penalties;
  /** The RN staffing rating (published until 2022) less the staffing rating: -1, 0 or 1. */
  rnStaffingOffset: number;
  /** Bumped when the residents per day change, and when the staffing or survey figures change (render caches). */
  residentsRevision: number;
  figuresRevision: number;
}

export interface SurveyCycle {
  date: string;
  deficiencies: number;
  complaint: number;
  deficiencyScore: number;
  revisits: number;
  revisitScore: number;
}

export interface StaffingFigures {
  /** The case-mix index the figures were drawn with. */
  caseMix: number;
  totalTurnover: number | undefined;
  rnTurnover: number | undefined;
  administratorsLeft: number | undefined;
  /** Undefined when the facility reported no staffing. */
  hours: StaffingHours | undefined;
}

/** Hours per resident per day. */
export interface StaffingHours {
  aide: number;
  lpn: number;
  rn: number;
  total: number;
  weekend: number;
  weekendRn: number;
  physicalTherapist: number;
  adjustedAide: number;
  adjustedLpn: number;
  adjustedRn: number;
  adjustedTotal: number;
}

/**
 * What the last three years brought, as of the last standard survey. Fines and payment denials are not here: a
 * release's Provider Information counts the penalties its penalties file lists (demo/inspections.ts).
 */
export interface Penalties {
  facilityReportedIncidents: number;
  substantiatedComplaints: number;
  /** Undefined when the facility had no infection control inspection in the three years. */
  infectionCitations: number | undefined;
}

export const NATIONAL_CASE_MIX = 1.39174;
export const NATIONAL_HOURS = { aide: 2.33193, lpn: 0.86031, rn: 0.67931, total: 3.87155, weekend: 3.43467 };

const NO_STAFFING: StaffingFigures = {
  caseMix: NATIONAL_CASE_MIX,
  totalTurnover: undefined,
  rnTurnover: undefined,
  administratorsLeft: undefined,
  hours: undefined,
};
const NO_PENALTIES: Penalties = {
  facilityReportedIncidents: 0,
  substantiatedComplaints: 0,
  infectionCitations: undefined,
};
const NO_CYCLE: SurveyCycle = {
  date: "",
  deficiencies: 0,
  complaint: 0,
  deficiencyScore: 0,
  revisits: 0,
  revisitScore: 0,
};

/** Stars from a standard-normal score; `cuts` are the normal quantiles between 1|2, 2|3, 3|4 and 4|5 stars. */
function starsFromZ(z: number, cuts: readonly number[]): number {
  let star = 1;
  for (const cut of cuts) if (z > cut) star += 1;
  return star;
}
// Normal quantiles of the cumulative shares (HI: 20/23/23/24/10; staffing: 12/25/25/21/17; QM: 8/14/22/26/30).
const HI_CUTS = [-0.8416, -0.1764, 0.4125, 1.2816];
const STAFFING_CUTS = [-1.175, -0.3319, 0.3055, 0.9542];
const QM_CUTS = [-1.4051, -0.7722, -0.151, 0.5244];

/** CMS overall rating from its components; staffing undefined when the facility has no staffing rating. */
export function overallRating(hi: number, staffing: number | undefined, qm: number): number {
  let overall = hi;
  if (staffing !== undefined) {
    if (staffing >= 4 && staffing > hi) overall += 1;
    else if (staffing === 1) overall -= 1;
  }
  if (qm === 5) overall += 1;
  else if (qm === 1) overall -= 1;
  overall = Math.min(5, Math.max(1, overall));
  if (hi === 1) overall = Math.min(overall, 2);
  return overall;
}

export function qmRating(f: Facility): number {
  if (!f.hasShortStay) return f.longStay;
  const sum = f.longStay + f.shortStay;
  return sum % 2 === 0 ? sum / 2 : f.roundsQmUp ? (sum + 1) / 2 : (sum - 1) / 2;
}

/** One month of a star rating's walk: usually stays, else moves one (sometimes two) stars, mostly toward target. */
function stepStars(rng: Rng, current: number, target: number, p: number): number {
  if (!rng.chance(p)) return current;
  const size = rng.chance(0.1) ? 2 : 1;
  let direction: number;
  if (current === target) direction = rng.chance(0.5) ? 1 : -1;
  else direction = (target > current ? 1 : -1) * (rng.chance(0.75) ? 1 : -1);
  let next = current + direction * size;
  if (next < 1 || next > 5) next = current - direction * size;
  return Math.min(5, Math.max(1, next));
}

const ADJUSTED_TOTAL_BY_STAR = [0, 3.1, 3.5, 3.85, 4.25, 4.9];
const ADJUSTED_RN_BY_STAR = [0, 0.36, 0.5, 0.64, 0.8, 1.08];
const ADMINS_LEFT_WEIGHTS = [70, 22, 6, 2];
// Penalties and complaints by health inspection stars, fitted to the national file of August 2021: 44% of
// facilities fined in three years (1 fine 59%, 2 24%, 3 10%, ...; total median $14k, 90th percentile $100k, 99th
// $350k), 10% with payment denials, 62% with substantiated complaints (median 4 of those, 90th percentile 17),
// 40% with facility-reported incidents (median 2), 48% with infection control citations (1 half of those, 2 a
// quarter, ...). Facilities without an infection control inspection in three years were 0.3% then; in the 2024
// and 2026 files most are.
const FINE_CHANCE_BY_STAR = [0, 0.75, 0.55, 0.42, 0.3, 0.18];
const NO_COMPLAINTS_BY_STAR = [0, 0.15, 0.28, 0.38, 0.48, 0.62];
const NO_INFECTION_CITATIONS_BY_STAR = [0, 0.35, 0.45, 0.52, 0.6, 0.68];
/** Share of facilities with no infection control inspection in the three years before a survey, by survey date. */
function noInfectionInspectionShare(date: string): number {
  return date < "2023-07-01" ? 0.01 : date < "2025-01-01" ? 0.45 : 0.55;
}
const WEIGHTED_SCORE_BANDS: readonly (readonly [number, number])[] = [
  [0, 0],
  [85, 280],
  [42, 85],
  [22, 42],
  [9, 22],
  [0, 9],
];

/** Draws the staffing figures (hours, turnover, case mix) of a facility as it is now. */
function drawStaffing(rng: Rng, f: Facility): StaffingFigures {
  const ratio = f.caseMix / NATIONAL_CASE_MIX;
  const isTurnoverBlank = rng.chance(0.04);
  const isRnTurnoverBlank = isTurnoverBlank || rng.chance(0.05);
  const isAdminBlank = rng.chance(0.02);
  const totalTurnover = isTurnoverBlank ? undefined : rng.range(22, 75) - f.staffQuality * 6;
  const rnTurnover = isRnTurnoverBlank ? undefined : rng.range(5, 70);
  const administratorsLeft = isAdminBlank ? undefined : rng.weighted(ADMINS_LEFT_WEIGHTS);
  const figures = { caseMix: f.caseMix, totalTurnover, rnTurnover, administratorsLeft, hours: undefined };
  if (f.isStaffingBlank) return figures;
  const star = f.staffing;
  const adjTotal = Math.max(
    2.2,
    (ADJUSTED_TOTAL_BY_STAR[star] ?? 3.8) + f.staffQuality * 0.12 + rng.normal() * 0.06,
  );
  const adjRn = Math.max(
    0.15,
    (ADJUSTED_RN_BY_STAR[star] ?? 0.6) + f.staffQuality * 0.04 + rng.normal() * 0.03,
  );
  const adjLpn = Math.max(0.2, adjTotal * rng.range(0.17, 0.26));
  const adjAide = adjTotal - adjRn - adjLpn;
  const rn = adjRn * ratio;
  const lpn = adjLpn * ratio;
  const aide = adjAide * ratio;
  const total = rn + lpn + aide;
  const weekend = total * rng.range(0.8, 0.92);
  const weekendRn = rn * rng.range(0.55, 0.8);
  const physicalTherapist = rng.chance(0.05) ? 0 : rng.range(0.01, 0.14);
  return {
    ...figures,
    hours: {
      aide,
      lpn,
      rn,
      total,
      weekend,
      weekendRn,
      physicalTherapist,
      adjustedAide: adjAide,
      adjustedLpn: adjLpn,
      adjustedRn: adjRn,
      adjustedTotal: adjTotal,
    },
  };
}

function restaff(rng: Rng, f: Facility): void {
  f.staffingFigures = drawStaffing(rng, f);
  f.figuresRevision += 1;
}

function makeCycle(rng: Rng, date: string, totalScore: number): SurveyCycle {
  const score = Math.max(0, Math.min(300, Math.round(totalScore)));
  const deficiencies =
    score === 0 ? (rng.chance(0.3) ? 1 : 0) : Math.max(1, Math.round(score / rng.range(6, 14)));
  const complaint = Math.round(deficiencies * rng.range(0, 0.45));
  const twoRevisits = score > 20 && rng.chance(0.12);
  const revisitScore = twoRevisits ? Math.round(score / 3) : 0;
  return {
    date,
    deficiencies,
    complaint,
    deficiencyScore: score - revisitScore,
    revisits: deficiencies === 0 ? 0 : twoRevisits ? 2 : 1,
    revisitScore,
  };
}

/** A new standard health survey on `day`: cycle 1 moves to cycle 2, penalties are redrawn. */
function recordSurvey(rng: Rng, f: Facility, day: number, isInitial: boolean): void {
  const [lo, hi] = WEIGHTED_SCORE_BANDS[f.hi] ?? [0, 0];
  const weighted = rng.range(lo, hi);
  if (isInitial) {
    const previousDay = day - rng.int(330, 480);
    f.cycle3 = makeCycle(rng, isoDay(previousDay - rng.int(330, 480)), weighted * rng.range(0.5, 1.5));
    f.cycle2 = makeCycle(rng, isoDay(previousDay), weighted * rng.range(0.5, 1.5));
  } else {
    f.cycle3 = f.cycle2;
    f.cycle2 = f.cycle1;
  }
  const cycle2Total = f.cycle2.deficiencyScore + f.cycle2.revisitScore;
  f.cycle1 = makeCycle(rng, isoDay(day), Math.max(0, (weighted - 0.25 * cycle2Total) / 0.75));
  f.surveyDay = day;
  f.penalties = drawPenalties(rng, f.hi, isoDay(day));
  f.figuresRevision += 1;
}

/** The counts of the three years before a survey on `date` of a facility with `stars` for health inspection. */
function drawPenalties(rng: Rng, stars: number, date: string): Penalties {
  // Fines and payment denials were drawn here once; their draws are kept, unused, so that the rest of the world
  // (every draw after them) stays as it was. The penalties are the inspection record's (demo/inspections.ts).
  const isFined = rng.chance(FINE_CHANCE_BY_STAR[stars] ?? 0.42);
  const fines = isFined ? rng.run(0.4, 22) : 0;
  for (let i = 0; i < fines; i++) rng.normal();
  if (isFined && !rng.chance(0.7)) rng.int(1, 99);
  if (rng.chance(isFined ? 0.18 : 0.02)) rng.run(0.15, 5);
  const hasInfectionInspection = !rng.chance(noInfectionInspectionShare(date));
  const infectionCitations = !hasInfectionInspection
    ? undefined
    : rng.chance(NO_INFECTION_CITATIONS_BY_STAR[stars] ?? 0.52)
      ? 0
      : rng.run(0.55, 24);
  const substantiatedComplaints = rng.chance(NO_COMPLAINTS_BY_STAR[stars] ?? 0.38)
    ? 0
    : Math.min(140, Math.max(1, Math.round(Math.exp(Math.log(4) + (3 - stars) * 0.2 + rng.normal()))));
  const facilityReportedIncidents = rng.chance(0.6)
    ? 0
    : Math.min(80, Math.max(1, Math.round(Math.exp(0.75 + rng.normal()))));
  return { facilityReportedIncidents, substantiatedComplaints, infectionCitations };
}

function refreshResidents(rng: Rng, f: Facility): void {
  f.occupancy = Math.min(0.99, Math.max(0.35, f.occupancy + rng.normal() * 0.02));
  f.residentsRevision += 1;
}

/** Heavy-tailed chain sizes (2..maxSize) that add up to `total`. */
function chainSizes(rng: Rng, count: number, total: number, maxSize: number): number[] {
  // Log-normal sizes (many chains of 2 to 10, a few of hundreds), scaled to add up to `total`.
  const scores = Array.from({ length: count }, () => rng.normal()).sort((x, y) => y - x);
  const sizesFor = (mu: number) =>
    scores.map((z) => Math.min(maxSize, Math.max(2, Math.round(Math.exp(mu + 1.25 * z)))));
  const sum = (xs: number[]) => xs.reduce((acc, x) => acc + x, 0);
  let lo = -5;
  let hi = 8;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (sum(sizesFor(mid)) < total) lo = mid;
    else hi = mid;
  }
  const sizes = sizesFor(lo);
  // Spread the rounding remainder over the mid-sized chains.
  let diff = total - sum(sizes);
  for (let k = Math.floor(count / 10); diff !== 0 && count > 0; k = k + 1 >= count ? 0 : k + 1) {
    const size = sizes[k] ?? 2;
    if (diff > 0 && size < maxSize) {
      sizes[k] = size + 1;
      diff -= 1;
    } else if (diff < 0 && size > 2) {
      sizes[k] = size - 1;
      diff += 1;
    } else if (sizes.every((s) => (diff > 0 ? s >= maxSize : s <= 2))) {
      break;
    }
  }
  return sizes;
}

export class DemoWorld {
  readonly facilities: Facility[] = [];
  readonly chains: Chain[] = [];
  private readonly rng: Rng;
  private readonly towns: Town[][];
  private readonly nextNumber: number[];
  private readonly usedCcns = new Set<string>();

  constructor(
    seed: number,
    facilityCount: number,
    readonly calendar: Calendar,
  ) {
    this.rng = new Rng(seed);
    const rng = this.rng;
    const perState = allocateByState(facilityCount);
    this.towns = STATES.map((s, i) => makeTowns(rng, s, perState[i] ?? 0));
    this.nextNumber = STATES.map(() => 5000);
    const monthCount = calendar.months.length;

    // Chains: about one per 25 facilities, holding about 70% of them.
    const chainCount = facilityCount >= 10 ? Math.max(1, Math.round(facilityCount / 25)) : 0;
    const maxSize = Math.min(300, Math.max(40, Math.round(facilityCount / 50)));
    const sizes = chainCount > 0 ? chainSizes(rng, chainCount, Math.round(facilityCount * 0.7), maxSize) : [];
    const nameCombos: string[] = [];
    for (const w of CHAIN_WORDS) for (const k of CHAIN_KINDS) nameCombos.push(`${w} ${k}`);
    rng.shuffle(nameCombos);
    const ids = rng.shuffle(Array.from({ length: Math.ceil(chainCount * 1.15) }, (_, i) => i + 1));
    for (let c = 0; c < chainCount; c++) {
      const base = nameCombos[c % nameCombos.length] ?? "DEMO HEALTHCARE";
      const round = Math.floor(c / nameCombos.length);
      const name = round === 0 ? base : `${base} ${round + 1}`;
      this.chains.push({
        id: ids[c] ?? c + 1,
        name,
        brand: `${name.split(" ")[0]} ${rng.pick(BRAND_KINDS)}`,
        homeState: rng.weighted(STATES.map((s) => s.weight)),
        quality: rng.normal() * 0.6,
        members: [],
        present: 0,
        averages: { rated: 0, overall: 0, hi: 0, staffing: 0, staffed: 0, qm: 0 },
      });
    }

    // Base facilities present in the first month; assign chains regionally (big chains spread further).
    const stateOfSlot: number[] = [];
    perState.forEach((n, s) => {
      for (let i = 0; i < n; i++) stateOfSlot.push(s);
    });
    const byState: number[][] = STATES.map(() => []);
    rng.shuffle(stateOfSlot.map((_, i) => i)).forEach((slot) => {
      byState[stateOfSlot[slot] ?? 0]?.push(slot);
    });
    const chainOfSlot: (Chain | undefined)[] = stateOfSlot.map(() => undefined);
    const globalOrder = rng.shuffle(stateOfSlot.map((_, i) => i));
    let globalCursor = 0;
    const stateCursor = STATES.map(() => 0);
    this.chains.forEach((chain, c) => {
      const size = sizes[c] ?? 2;
      const homeShare = size > 100 ? 0.3 : size > 20 ? 0.6 : 0.85;
      for (let k = 0; k < size; k++) {
        let slot: number | undefined;
        if (rng.chance(homeShare)) {
          const pool = byState[chain.homeState] ?? [];
          let cursor = stateCursor[chain.homeState] ?? 0;
          while (cursor < pool.length && chainOfSlot[pool[cursor] ?? 0] !== undefined) cursor++;
          stateCursor[chain.homeState] = cursor;
          slot = pool[cursor];
        }
        if (slot === undefined) {
          while (
            globalCursor < globalOrder.length &&
            chainOfSlot[globalOrder[globalCursor] ?? 0] !== undefined
          ) {
            globalCursor++;
          }
          slot = globalOrder[globalCursor];
        }
        if (slot === undefined) return;
        chainOfSlot[slot] = chain;
      }
    });
    stateOfSlot.forEach((s, slot) => {
      this.facilities.push(this.makeFacility(s, chainOfSlot[slot], 0));
    });

    // Closures and openings over the span (at most 2% each), never emptying a small state.
    if (monthCount > 1) {
      const changes = Math.round(facilityCount * Math.min(0.02, 0.0005 * monthCount));
      const closable = rng.shuffle(
        this.facilities.filter((f) => (perState[f.stateIndex] ?? 0) > 3).map((f) => f),
      );
      for (const f of closable.slice(0, changes)) f.closeMonth = rng.int(1, monthCount - 1);
      const stateWeights = STATES.map((s) => s.weight);
      for (let i = 0; i < changes; i++) {
        const s = rng.weighted(stateWeights);
        const chain = this.chains.length > 0 && rng.chance(0.7) ? rng.pick(this.chains) : undefined;
        this.facilities.push(this.makeFacility(s, chain, rng.int(1, monthCount - 1)));
      }
    }
    this.facilities.sort((a, b) => (a.ccn < b.ccn ? -1 : a.ccn > b.ccn ? 1 : 0));
  }

  private makeCcn(stateIndex: number): string {
    const rng = this.rng;
    const prefix = STATES[stateIndex]?.ssa ?? "00";
    if (rng.chance(0.01)) {
      for (;;) {
        const ccn = `${prefix}${rng.pick(["A", "A", "A", "E", "F", "G"])}${String(rng.int(0, 999)).padStart(3, "0")}`;
        if (!this.usedCcns.has(ccn)) {
          this.usedCcns.add(ccn);
          return ccn;
        }
      }
    }
    const n = this.nextNumber[stateIndex] ?? 5000;
    if (n > 9999) throw new RangeError("too many facilities in one state for 4-digit CCN numbers");
    this.nextNumber[stateIndex] = n + 1;
    const ccn = `${prefix}${n}`;
    this.usedCcns.add(ccn);
    return ccn;
  }

  private makeFacility(stateIndex: number, chain: Chain | undefined, openMonth: number): Facility {
    const rng = this.rng;
    const state = STATES[stateIndex] ?? STATES[0];
    if (!state) throw new Error("no states");
    const town = rng.pick(this.towns[stateIndex] ?? []);
    const ccn = this.makeCcn(stateIndex);
    const ownership = OWNERSHIP[rng.weighted(OWNERSHIP_WEIGHTS)]?.[0] ?? "For profit - Corporation";
    const name = makeFacilityName(rng, chain?.brand, town, ownership);
    const legalName = makeLegalName(rng, name, ownership, town);
    const street = `${rng.int(1, 29) * (rng.chance(0.5) ? 100 : 10) + rng.int(0, 99)} ${rng.pick(STREETS)} ${rng.pick(STREET_TYPES)}${rng.pick(DIRECTIONS)}`;
    const zip = `${String(town.zip3).padStart(3, "0")}${pad2(rng.int(1, 99))}`;
    const phone = `${town.areaCode}${rng.int(200, 999)}${String(rng.int(0, 9999)).padStart(4, "0")}`;
    const beds = Math.round(Math.min(400, Math.max(20, 20 + Math.exp(4.35 + rng.normal() * 0.45))));
    const providerType = ["Medicare and Medicaid", "Medicare", "Medicaid"][rng.weighted([94, 4, 2])] ?? "";
    const firstMonth = this.calendar.months[openMonth] ?? [2020, 1];
    const approved =
      openMonth > 0
        ? isoDay(dayOf(firstMonth[0], firstMonth[1]) - rng.int(1, 40))
        : rng.chance(0.18)
          ? "1967-01-01"
          : isoDay(dayOf(rng.int(1966, 2022), rng.int(1, 12), rng.chance(0.6) ? 1 : rng.int(2, 28)));
    const lat = town.lat + rng.normal() * 0.04;
    const lon = town.lon + rng.normal() * 0.04;

    const quality = (chain ? chain.quality : 0) + rng.normal() * 0.85;
    const component = (rho: number) => rho * quality + Math.sqrt(1 - rho * rho) * rng.normal();
    const targetHi = starsFromZ(component(0.55), HI_CUTS);
    const targetStaffing = starsFromZ(component(0.55), STAFFING_CUTS);
    const targetLongStay = starsFromZ(component(0.45), QM_CUTS);
    const targetShortStay = starsFromZ(component(0.35), QM_CUTS);
    const jitter = (target: number) => stepStars(rng, target, target, 0.35);

    const f: Facility = {
      ccn,
      stateIndex,
      town,
      chain,
      openMonth,
      closeMonth: Number.POSITIVE_INFINITY,
      beds,
      occupancy: rng.range(0.6, 0.95),
      isSffCandidateProne: rng.chance(0.1),
      hasNoDeficiencyScore: rng.chance(0.01),
      hasShortStay: !rng.chance(0.07),
      roundsQmUp: rng.chance(0.5),
      targetHi,
      targetStaffing,
      targetLongStay,
      targetShortStay,
      hi: jitter(targetHi),
      staffing: jitter(targetStaffing),
      longStay: jitter(targetLongStay),
      shortStay: jitter(targetShortStay),
      blankFootnote: 0,
      blankUntil: 0,
      isStaffingBlank: rng.chance(0.007),
      hasAbuseIcon: rng.chance(0.05),
      changedOwnerUntil: rng.chance(0.03) ? rng.int(0, 11) : -1,
      surveyDay: 0,
      isCcrc: rng.chance(0.06),
      councilAndSprinkler: rng.weighted(COUNCIL_WEIGHTS) * 2 + (rng.chance(0.995) ? 0 : 1),
      staffQuality: quality,
      caseMix: Math.min(1.9, Math.max(1.05, NATIONAL_CASE_MIX + rng.normal() * 0.1)),
      // Drawn in this order after the case mix (the order of their columns once was).
      isUrban: rng.chance(0.7),
      isInHospital: rng.chance(0.05),
      hasGeocodingFootnote: rng.chance(0.01),
      name,
      legalName,
      street,
      zip,
      phone,
      ownership,
      providerType,
      approved,
      lat,
      lon,
      staffingFigures: NO_STAFFING,
      cycle1: NO_CYCLE,
      cycle2: NO_CYCLE,
      cycle3: NO_CYCLE,
      penalties: NO_PENALTIES,
      rnStaffingOffset: rng.weighted([1, 2, 1]) - 1,
      residentsRevision: 0,
      figuresRevision: 0,
    };
    if (openMonth > 0) {
      f.blankFootnote = 1;
      f.blankUntil = openMonth + rng.int(6, 14);
    } else if (rng.chance(0.0185)) {
      f.blankFootnote = 18;
    }
    chain?.members.push(f);
    refreshResidents(rng, f);
    restaff(rng, f);
    const surveyDay =
      openMonth > 0
        ? dayOf(firstMonth[0], firstMonth[1]) - rng.int(10, 60)
        : dayOf(firstMonth[0], firstMonth[1]) - rng.int(20, 900);
    recordSurvey(rng, f, surveyDay, true);
    return f;
  }

  /** Moves every facility from calendar month t-1 to t. */
  advance(t: number): void {
    const rng = this.rng;
    const [year, month] = this.calendar.months[t] ?? [2020, 1];
    const monthStart = dayOf(year, month);
    const isStaffingQuarter = month === 1 || month === 4 || month === 7 || month === 10;
    for (const f of this.facilities) {
      // Health inspection follows new standard surveys (about one a year).
      if (rng.chance(0.065)) {
        f.hi = stepStars(rng, f.hi, f.targetHi, 0.55);
        recordSurvey(rng, f, monthStart - rng.int(15, 75), false);
      }
      const wasStaffingBlank = f.isStaffingBlank;
      f.isStaffingBlank = f.isStaffingBlank ? !rng.chance(0.3) : rng.chance(0.002);
      const staffing = f.staffing;
      f.staffing = stepStars(rng, f.staffing, f.targetStaffing, isStaffingQuarter ? 0.05 : 0.003);
      f.longStay = stepStars(rng, f.longStay, f.targetLongStay, 0.04);
      f.shortStay = stepStars(rng, f.shortStay, f.targetShortStay, 0.04);
      if (f.blankFootnote === 1) {
        if (t >= f.blankUntil) f.blankFootnote = 0;
      } else if (f.blankFootnote === 18) {
        if (rng.chance(0.09)) f.blankFootnote = 0;
      } else if (rng.chance(0.0017)) {
        f.blankFootnote = 18;
      }
      f.hasAbuseIcon = f.hasAbuseIcon ? !rng.chance(0.06) : rng.chance(f.hi <= 2 ? 0.006 : 0.002);
      if (rng.chance(0.0025)) f.changedOwnerUntil = t + 12;
      // Staffing figures are redrawn at quarterly updates for about a third of facilities (redrawing all of them
      // costs a quarter of the writer's time for little visible difference), and whenever the rating changes.
      if (isStaffingQuarter && rng.chance(0.35)) {
        f.caseMix = Math.min(1.9, Math.max(1.05, f.caseMix + rng.normal() * 0.015));
        refreshResidents(rng, f);
        restaff(rng, f);
      } else if (staffing !== f.staffing || wasStaffingBlank !== f.isStaffingBlank) {
        restaff(rng, f);
      }
    }
  }

  /** Recomputes each chain's size and rating sums for calendar month t. */
  updateChains(t: number): void {
    for (const chain of this.chains) {
      let present = 0;
      let rated = 0;
      let overall = 0;
      let hi = 0;
      let staffing = 0;
      let staffed = 0;
      let qm = 0;
      for (const f of chain.members) {
        if (t < f.openMonth || t >= f.closeMonth) continue;
        present += 1;
        if (f.blankFootnote !== 0) continue;
        rated += 1;
        const q = qmRating(f);
        overall += overallRating(f.hi, f.isStaffingBlank ? undefined : f.staffing, q);
        hi += f.hi;
        qm += q;
        if (!f.isStaffingBlank) {
          staffing += f.staffing;
          staffed += 1;
        }
      }
      chain.present = present;
      chain.averages = { rated, overall, hi, staffing, staffed, qm };
    }
  }
}
