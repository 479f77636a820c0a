// The demo's inspection record: the health citations of each facility's surveys and the penalties they brought,
// and how CMS's files show them month by month (each release lists the last three years). Consistent with the
// facilities' health inspection ratings: the citations of a standard survey add up to about the deficiency score
// the world drew for it (world.ts, SurveyCycle), so low-rated homes have more and more severe citations, and more
// fines. What changes between releases changes as it does at CMS: a citation gets its correction date, one under
// dispute is regraded, a fine is reduced when the home waives its appeal, the inspection cycles move on.
//
// It draws from a stream of its own, so that the rest of the Provider Information files stays what it was without
// it. Their penalty columns come from it (penaltyTotals): Provider Information's fines and payment denials are
// the penalties file's of the same release, as in CMS's files.

import { isoDay } from "./calendar.ts";
import {
  citationsEra,
  FIRE_SAFETY_CITATIONS,
  HEALTH_CITATIONS,
  PENALTIES,
  penaltiesEra,
} from "./cms-layouts.ts";
import { STATES } from "./places.ts";
import { Rng } from "./random.ts";
import type { DemoWorld, Facility, SurveyCycle } from "./world.ts";

/** A deficiency tag: its number, CMS category, a description in the demo's words, how common it is. */
interface Tag {
  tag: string;
  category: string;
  description: string;
  weight: number;
  /** Cited at actual harm or worse more often than others. */
  isHarmProne: boolean;
}

const ABUSE = "Freedom from Abuse, Neglect, and Exploitation Deficiencies";
const QUALITY = "Quality of Life and Care Deficiencies";
const ASSESSMENT = "Resident Assessment and Care Planning Deficiencies";
const RIGHTS = "Resident Rights Deficiencies";
const INFECTION = "Infection Control Deficiencies";
const PHARMACY = "Pharmacy Service Deficiencies";
const NUTRITION = "Nutrition and Dietary Deficiencies";
const ENVIRONMENT = "Environmental Deficiencies";
const ADMINISTRATION = "Administration Deficiencies";

// biome-ignore format: a table reads better aligned
const TAGS: readonly Tag[] = [
  { tag: "0880", category: INFECTION, weight: 90, isHarmProne: false, description: "Keep an infection prevention and control program that stops infections from spreading." },
  { tag: "0689", category: QUALITY, weight: 80, isHarmProne: true, description: "Keep the home free of accident hazards and supervise residents to prevent accidents." },
  { tag: "0812", category: NUTRITION, weight: 75, isHarmProne: false, description: "Get food from approved sources, and store, prepare and serve it safely." },
  { tag: "0656", category: ASSESSMENT, weight: 60, isHarmProne: false, description: "Write and follow a care plan for each resident that meets their needs." },
  { tag: "0684", category: QUALITY, weight: 55, isHarmProne: true, description: "Give each resident the treatment and care their doctor's orders and wishes call for." },
  { tag: "0761", category: PHARMACY, weight: 40, isHarmProne: false, description: "Label and store medicines and biologicals safely." },
  { tag: "0686", category: QUALITY, weight: 35, isHarmProne: true, description: "Prevent pressure ulcers and treat the ones residents have." },
  { tag: "0584", category: ENVIRONMENT, weight: 35, isHarmProne: false, description: "Keep the home safe, clean, comfortable and homelike." },
  { tag: "0657", category: ASSESSMENT, weight: 30, isHarmProne: false, description: "Update each resident's care plan on time with the people who care for them." },
  { tag: "0641", category: ASSESSMENT, weight: 28, isHarmProne: false, description: "Assess each resident accurately." },
  { tag: "0550", category: RIGHTS, weight: 25, isHarmProne: false, description: "Respect each resident's dignity and rights." },
  { tag: "0695", category: QUALITY, weight: 22, isHarmProne: true, description: "Give respiratory care, oxygen included, as residents need it." },
  { tag: "0758", category: PHARMACY, weight: 20, isHarmProne: false, description: "Limit psychotropic drugs to what a resident needs, for as long as needed." },
  { tag: "0677", category: QUALITY, weight: 20, isHarmProne: false, description: "Help residents who need it with daily activities such as bathing and eating." },
  { tag: "0609", category: ABUSE, weight: 18, isHarmProne: true, description: "Report suspected abuse, neglect or theft to the authorities on time." },
  { tag: "0600", category: ABUSE, weight: 16, isHarmProne: true, description: "Protect each resident from abuse and neglect." },
  { tag: "0610", category: ABUSE, weight: 14, isHarmProne: false, description: "Investigate suspected abuse, prevent it from happening again and correct what caused it." },
  { tag: "0607", category: ABUSE, weight: 10, isHarmProne: false, description: "Have and follow policies that prevent abuse, neglect and theft." },
  { tag: "0602", category: ABUSE, weight: 5, isHarmProne: false, description: "Protect residents' money and belongings from being taken." },
  { tag: "0725", category: ADMINISTRATION, weight: 18, isHarmProne: true, description: "Have enough nursing staff to meet residents' needs." },
  { tag: "0835", category: ADMINISTRATION, weight: 12, isHarmProne: true, description: "Run the home so that it uses its resources well for residents." },
  { tag: "0760", category: PHARMACY, weight: 12, isHarmProne: true, description: "Keep residents free of significant medication errors." },
  { tag: "0692", category: NUTRITION, weight: 12, isHarmProne: true, description: "Keep residents' nutrition and hydration at acceptable levels." },
  { tag: "0580", category: RIGHTS, weight: 12, isHarmProne: true, description: "Tell the resident, doctor and family when the resident's condition changes." },
  { tag: "0842", category: ADMINISTRATION, weight: 15, isHarmProne: false, description: "Keep complete and accurate records of each resident." },
];

/** A fire safety tag: K (Life Safety Code) or E (emergency preparedness), its category and demo words. */
interface FireTag {
  prefix: "K" | "E";
  tag: string;
  category: string;
  description: string;
  weight: number;
}

const SMOKE = "Smoke Deficiencies";
const EGRESS = "Egress Deficiencies";
const ALARMS = "Fire Alarm Systems Deficiencies";
const SPRINKLERS = "Automatic Sprinkler Systems Deficiencies";
const ELECTRICAL = "Electrical Deficiencies";
const SERVICES = "Services Deficiencies";
const MISCELLANEOUS = "Miscellaneous Deficiencies";
const EMERGENCY = "Emergency Preparedness Deficiencies";

// biome-ignore format: a table reads better aligned
const FIRE_TAGS: readonly FireTag[] = [
  { prefix: "K", tag: "0353", category: SPRINKLERS, weight: 60, description: "Inspect, test and maintain the sprinkler system." },
  { prefix: "K", tag: "0918", category: ELECTRICAL, weight: 50, description: "Maintain and test the emergency generator and its power supply." },
  { prefix: "K", tag: "0363", category: SMOKE, weight: 45, description: "Keep corridor doors able to close and latch against smoke." },
  { prefix: "K", tag: "0712", category: MISCELLANEOUS, weight: 40, description: "Hold fire drills on every shift at unexpected times." },
  { prefix: "K", tag: "0211", category: EGRESS, weight: 35, description: "Keep the means of egress free of obstructions." },
  { prefix: "K", tag: "0345", category: ALARMS, weight: 30, description: "Test and maintain the fire alarm system." },
  { prefix: "K", tag: "0511", category: SERVICES, weight: 25, description: "Keep utilities such as gas and electric safe to code." },
  { prefix: "K", tag: "0321", category: SMOKE, weight: 22, description: "Protect hazardous areas with fire-rated walls and doors." },
  { prefix: "K", tag: "0923", category: MISCELLANEOUS, weight: 18, description: "Store and handle medical gas cylinders safely." },
  { prefix: "K", tag: "0920", category: ELECTRICAL, weight: 16, description: "Use power strips and extension cords only as allowed." },
  { prefix: "E", tag: "0041", category: EMERGENCY, weight: 20, description: "Plan for the emergency power and its fuel." },
  { prefix: "E", tag: "0039", category: EMERGENCY, weight: 15, description: "Test the emergency plan with exercises every year." },
  { prefix: "E", tag: "0004", category: EMERGENCY, weight: 10, description: "Write, keep and review an emergency preparedness plan." },
];
const FIRE_TAG_WEIGHTS = FIRE_TAGS.map((tag) => tag.weight);
/** Fire safety citations are nearly all D to F, widespread more often than health ones; a rare actual harm. */
const FIRE_CODE_SHARES = [0, 2, 3, 40, 30, 22, 1, 0.5, 0, 1, 0.5, 0];
/** Emergency preparedness (E) tags came with CMS's rule of November 2017. */
const EMERGENCY_PREPAREDNESS_START = "2017-11-15";

const TAG_WEIGHTS = TAGS.map((tag) => tag.weight);
const HARM_TAG_WEIGHTS = TAGS.map((tag) => tag.weight * (tag.isHarmProne ? 4 : 1));

/** CMS's points of each scope and severity code (A to L) in the health inspection score. */
const POINTS = [0, 0, 0, 4, 8, 16, 20, 35, 45, 50, 100, 150];
const CODES = "ABCDEFGHIJKL";
/** How common each code is among health citations, roughly: mostly D and E, a few percent actual harm or worse. */
const CODE_SHARES = [0, 4, 4, 45, 25, 12, 5, 1.5, 0.5, 3, 1.5, 0.5];

/**
 * Focused infection control inspections, which CMS began in March 2020 (its Survey Dates file lists them as
 * "Infection Control"): visits of their own between standard surveys, whose citations are mostly the infection
 * control tag, nearly all at D or E, and carry the "Infection Control Inspection Deficiency" flag alone (or with
 * the complaint flag when the visit also investigated a complaint).
 */
const FOCUSED_INFECTION_CONTROL_START = "2020-03-01";
/** The chance of a focused infection control inspection in the year or so before a standard survey. */
const FOCUSED_INFECTION_CONTROL_CHANCE = 0.35;
/** The codes of their citations: D, E, F, a rare G or J. */
const FOCUSED_CODE_SHARES = [0, 0, 0, 70, 22, 5, 2, 0, 0, 1, 0, 0];

const PLAN_OF_CORRECTION = "Deficient, Provider has plan of correction";
const DATE_OF_CORRECTION = "Deficient, Provider has date of correction";
const PAST_NONCOMPLIANCE = "Past Non-Compliance";

interface Citation {
  tag: Tag;
  /** 0 (A) to 11 (L), as cited. */
  code: number;
  isStandard: boolean;
  isComplaint: boolean;
  isInfectionControl: boolean;
  isPastNoncompliance: boolean;
  /** Days after the survey when CMS shows it corrected. */
  correctedAfter: number;
  /** Days after the survey a dispute (IDR) lasts, 0 when none; and the code it ends with. */
  disputeDays: number;
  finalCode: number;
}

interface Survey {
  day: number;
  date: string;
  isStandard: boolean;
  citations: Citation[];
}

/** A fire safety citation: its tag and code, and when CMS shows it corrected. */
interface FireCitation {
  tag: FireTag;
  code: number;
  correctedAfter: number;
}

interface FireSurvey {
  day: number;
  date: string;
  citations: FireCitation[];
}

interface Penalty {
  day: number;
  date: string;
  type: "Fine" | "Payment Denial";
  amount: number;
  /** A fine CMS lowers by 35% this many days after its date (the home waived its appeal), 0 when never. */
  reducedAfter: number;
  denialStart: string;
  denialDays: number;
}

/**
 * What Provider Information counts of a facility's penalties as of a release: its Number of Fines, Total Amount of
 * Fines in Dollars and Number of Payment Denials are those of the penalties file of the same release (the three
 * years before its processing date, a fine at its amount then).
 */
export interface PenaltyTotals {
  fines: number;
  fineDollars: number;
  paymentDenials: number;
}

interface FacilityRecord {
  /** The last standard survey cycle seen, to notice the next one. */
  lastCycle: SurveyCycle;
  surveys: Survey[];
  /** The fire safety surveys with citations: one with each standard survey, most with a few citations. */
  fireSurveys: FireSurvey[];
  penalties: Penalty[];
}

const DAY_MS = 86_400_000;
const dayOfIso = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
/** CMS lists three years of citations and penalties. */
const YEARS_LISTED = 3;

/**
 * The lines of a file, gathered into pieces of about a megabyte each: a month's citations are 60 MB, which as one
 * string (and its lines before the join) took a few hundred megabytes of the generator's heap.
 */
class Pieces {
  readonly buffers: Buffer[] = [];
  private lines: string[] = [];
  private length = 0;
  push(line: string): void {
    this.lines.push(line);
    this.length += line.length + 1;
    if (this.length >= 1 << 20) this.flush();
  }
  flush(): Buffer[] {
    if (this.lines.length > 0) this.buffers.push(Buffer.from(`${this.lines.join("\n")}\n`, "utf8"));
    this.lines = [];
    this.length = 0;
    return this.buffers;
  }
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export class DemoInspections {
  private readonly rng: Rng;
  /** The focused infection control inspections' draws, so that the rest of the record stays as it was without them. */
  private readonly focusedRng: Rng;
  /** The fire safety surveys' draws, likewise. */
  private readonly fireRng: Rng;
  private readonly records = new Map<Facility, FacilityRecord>();

  constructor(seed: number) {
    this.rng = new Rng((seed ^ 0x1a5bec7) >>> 0);
    this.focusedRng = new Rng((seed ^ 0x1c0f0c5) >>> 0);
    this.fireRng = new Rng((seed ^ 0x0f12e5a) >>> 0);
  }

  /** Takes in the surveys the world recorded since the last call, and forgets what no release lists any more. */
  update(world: DemoWorld, t: number): void {
    const [year, month] = world.calendar.months[t] ?? [2020, 1];
    const oldest = Date.UTC(year - YEARS_LISTED, month - 1, 1) / DAY_MS - 31;
    for (const f of world.facilities) {
      let record = this.records.get(f);
      const cycles = [f.cycle3, f.cycle2, f.cycle1];
      if (!record) {
        record = { lastCycle: f.cycle1, surveys: [], fireSurveys: [], penalties: [] };
        this.records.set(f, record);
        for (const cycle of cycles) this.recordSurvey(record, cycle);
      } else if (record.lastCycle !== f.cycle1) {
        // The surveys after the last one seen (more than one when months were walked without a call).
        for (const cycle of cycles.slice(cycles.indexOf(record.lastCycle) + 1))
          this.recordSurvey(record, cycle);
        record.lastCycle = f.cycle1;
      }
      if ((record.surveys[0]?.day ?? Number.POSITIVE_INFINITY) < oldest) {
        record.surveys = record.surveys.filter((survey) => survey.day >= oldest);
      }
      if ((record.fireSurveys[0]?.day ?? Number.POSITIVE_INFINITY) < oldest) {
        record.fireSurveys = record.fireSurveys.filter((survey) => survey.day >= oldest);
      }
      if ((record.penalties[0]?.day ?? Number.POSITIVE_INFINITY) < oldest) {
        record.penalties = record.penalties.filter((penalty) => penalty.day >= oldest);
      }
    }
  }

  /** The citations of a standard survey (and of the complaint surveys before it) and the penalties they bring. */
  private recordSurvey(record: FacilityRecord, cycle: SurveyCycle): void {
    if (cycle.date === "") return;
    const rng = this.rng;
    const day = dayOfIso(cycle.date);
    const codes = this.codesFor(cycle.deficiencies, cycle.deficiencyScore);
    const standard: Citation[] = [];
    const complaintSurveys = new Map<number, Citation[]>();
    codes.forEach((code, index) => {
      const isComplaint = index < cycle.complaint;
      // A complaint citation is on a complaint survey of its own, or (sometimes) found on the standard survey too.
      const coincides = !isComplaint || rng.chance(0.15);
      const citation = this.citation(code, !isComplaint || coincides, isComplaint, cycle.date);
      if (coincides) standard.push(citation);
      else {
        const complaintDay = day - (index % 2 === 0 ? rng.int(20, 140) : rng.int(141, 320));
        const list = complaintSurveys.get(complaintDay) ?? [];
        list.push(citation);
        complaintSurveys.set(complaintDay, list);
      }
    });
    const surveys: Survey[] = [
      ...[...complaintSurveys].map(([surveyDay, citations]) => ({
        day: surveyDay,
        date: isoDay(surveyDay),
        isStandard: false,
        citations,
      })),
      { day, date: cycle.date, isStandard: true, citations: standard },
    ].filter((survey) => survey.citations.length > 0);
    for (const survey of surveys) {
      record.surveys.push(survey);
      this.recordPenalties(record, survey);
    }
    // Without penalties (they rarely bring any), so that the main stream's draws stay as they were.
    record.surveys.push(...this.focusedInfectionControl(day, complaintSurveys));
    record.surveys.sort((a, b) => a.day - b.day);
    const fire = this.fireSafetySurvey(day, cycle.deficiencies);
    if (fire) record.fireSurveys.push(fire);
    record.penalties.sort((a, b) => a.day - b.day);
  }

  /**
   * A focused infection control inspection some months before the standard survey of `day` (none before March
   * 2020, nor on the day of a complaint survey), or nothing.
   */
  private focusedInfectionControl(day: number, complaintSurveys: Map<number, Citation[]>): Survey[] {
    const rng = this.focusedRng;
    if (!rng.chance(FOCUSED_INFECTION_CONTROL_CHANCE)) return [];
    const surveyDay = day - rng.int(30, 300);
    const surveyDate = isoDay(surveyDay);
    if (surveyDate < FOCUSED_INFECTION_CONTROL_START || surveyDay === day || complaintSurveys.has(surveyDay))
      return [];
    const withComplaint = rng.chance(0.15);
    const citations = Array.from({ length: rng.run(0.3, 3) }, (): Citation => {
      const tag = rng.chance(0.8) ? (TAGS[0] as Tag) : (TAGS[rng.weighted(TAG_WEIGHTS)] as Tag);
      const code = rng.weighted(FOCUSED_CODE_SHARES);
      return {
        tag,
        code,
        isStandard: false,
        isComplaint: withComplaint,
        isInfectionControl: true,
        isPastNoncompliance: false,
        correctedAfter: rng.int(15, 60),
        disputeDays: 0,
        finalCode: code,
      };
    });
    return [{ day: surveyDay, date: surveyDate, isStandard: false, citations }];
  }

  /**
   * The fire safety survey that comes with the standard survey of `day` (the same day, or a few days after): a few
   * K tags, more for homes with many health citations, an E tag now and then since the emergency preparedness rule;
   * none for about one home in five.
   */
  private fireSafetySurvey(day: number, healthDeficiencies: number): FireSurvey | null {
    const rng = this.fireRng;
    const surveyDay = day + (rng.chance(0.7) ? 0 : rng.int(1, 10));
    const date = isoDay(surveyDay);
    if (rng.chance(0.2)) return null;
    const count = Math.min(12, rng.run(0.45 + Math.min(0.35, healthDeficiencies / 40), 12));
    const byTag = new Map<FireTag, number>();
    const citations: FireCitation[] = [];
    for (let index = 0; index < count; index += 1) {
      let tag = FIRE_TAGS[rng.weighted(FIRE_TAG_WEIGHTS)] as FireTag;
      if (tag.prefix === "E" && date < EMERGENCY_PREPAREDNESS_START) tag = FIRE_TAGS[0] as FireTag;
      // A tag cited twice in one survey is rare: redrawn once.
      if (byTag.has(tag)) tag = FIRE_TAGS[rng.weighted(FIRE_TAG_WEIGHTS)] as FireTag;
      if (tag.prefix === "E" && date < EMERGENCY_PREPAREDNESS_START) continue;
      byTag.set(tag, (byTag.get(tag) ?? 0) + 1);
      citations.push({ tag, code: rng.weighted(FIRE_CODE_SHARES), correctedAfter: rng.int(10, 90) });
    }
    return citations.length > 0 ? { day: surveyDay, date, citations } : null;
  }

  /**
   * Codes for `count` citations whose points add up to about `score`: a higher score, more severe codes. Each code
   * is drawn by how common it is nationally (CODE_SHARES) and how near its points are to the points still needed.
   */
  private codesFor(count: number, score: number): number[] {
    const codes: number[] = [];
    let remaining = score;
    for (let index = 0; index < count; index += 1) {
      const average = remaining / (count - index);
      const spread = average * 0.5 + 3;
      const weights = POINTS.map(
        (points, code) => (CODE_SHARES[code] ?? 0) * Math.exp(-Math.abs(points - average) / spread),
      );
      const code = this.rng.weighted(weights);
      codes.push(code);
      remaining = Math.max(0, remaining - (POINTS[code] ?? 0));
    }
    return codes;
  }

  private citation(code: number, isStandard: boolean, isComplaint: boolean, date: string): Citation {
    const rng = this.rng;
    const tag = TAGS[rng.weighted(code >= 6 ? HARM_TAG_WEIGHTS : TAG_WEIGHTS)] as Tag;
    const disputeDays = code >= 3 && rng.chance(0.03) ? rng.int(60, 150) : 0;
    const finalCode = disputeDays > 0 && rng.chance(0.35) ? Math.max(3, code - 3) : code;
    return {
      tag,
      code,
      isStandard,
      isComplaint,
      // Focused infection control inspections began in March 2020.
      isInfectionControl: tag.category === INFECTION && date >= "2020-03-01" && rng.chance(0.4),
      isPastNoncompliance: rng.chance(0.03),
      correctedAfter: rng.int(15, 75),
      disputeDays,
      finalCode,
    };
  }

  private recordPenalties(record: FacilityRecord, survey: Survey): void {
    const rng = this.rng;
    const worst = Math.max(...survey.citations.map((citation) => citation.finalCode));
    // Fitted with the denials below to the August 2021 file's 44% of facilities fined in three years and 10% with
    // payment denials (Provider Information counts these since they are drawn together).
    const chance =
      worst >= 9 ? 0.9 : worst >= 6 ? 0.65 : worst >= 5 ? 0.25 : survey.citations.length >= 6 ? 0.14 : 0.05;
    if (!rng.chance(chance)) return;
    const [mu, sigma] = worst >= 9 ? [10.6, 0.8] : worst >= 6 ? [9.2, 0.9] : [7.9, 0.6];
    const fines = rng.chance(0.12) ? 2 : 1;
    for (let index = 0; index < fines; index += 1) {
      const amount = Math.round(Math.min(600_000, Math.max(650, Math.exp(mu + sigma * rng.normal()))));
      record.penalties.push({
        day: survey.day,
        date: survey.date,
        type: "Fine",
        amount,
        reducedAfter: rng.chance(0.4) ? rng.int(60, 120) : 0,
        denialStart: "",
        denialDays: 0,
      });
    }
    if (rng.chance(worst >= 9 ? 0.3 : worst >= 6 ? 0.2 : 0.1)) {
      record.penalties.push({
        day: survey.day,
        date: survey.date,
        type: "Payment Denial",
        amount: 0,
        reducedAfter: 0,
        denialStart: isoDay(survey.day + rng.int(20, 50)),
        denialDays: rng.int(5, 120),
      });
    }
  }

  /** The facility's columns that open its rows in the layout, and its Location cell. */
  private static facilityCells(f: Facility): { identity: string; location: string } {
    const state = STATES[f.stateIndex]?.code ?? "";
    return {
      identity: [f.ccn, csvField(f.name), csvField(f.street), csvField(f.town.name), state, f.zip].join(","),
      location: csvField([f.street, f.town.name, state, f.zip].join(",")),
    };
  }

  /**
   * The health citations file of the release of processing date `date` at calendar month t: every citation of
   * the three years before, as CMS showed it then, in the layout of that date.
   */
  citationsCsv(world: DemoWorld, t: number, date: string): Buffer[] {
    const columns = HEALTH_CITATIONS[citationsEra(date)];
    const hasInfection = columns.includes("Infection Control Inspection Deficiency");
    const hasDispute = columns.includes("Citation under IDR");
    const today = dayOfIso(date);
    const from = dayOfIso(`${Number(date.slice(0, 4)) - YEARS_LISTED}${date.slice(4)}`);
    const lines = new Pieces();
    lines.push(columns.map(csvField).join(","));
    for (const f of world.facilities) {
      if (t < f.openMonth || t >= f.closeMonth) continue;
      const record = this.records.get(f);
      if (!record) continue;
      const listed = record.surveys.filter((survey) => survey.day >= from && survey.day < today);
      if (listed.length === 0) continue;
      const { identity, location } = DemoInspections.facilityCells(f);
      // Standard surveys are cycles 1, 2, 3 from the newest; complaint surveys count years back.
      const standardDays = listed.filter((survey) => survey.isStandard).map((survey) => survey.day);
      for (const survey of listed) {
        const cycle = survey.isStandard
          ? standardDays.length - standardDays.indexOf(survey.day)
          : Math.min(3, Math.floor((today - survey.day) / 365) + 1);
        for (const citation of survey.citations) {
          const elapsed = today - survey.day;
          const isDisputed = elapsed < citation.disputeDays;
          const code = citation.disputeDays > 0 && !isDisputed ? citation.finalCode : citation.code;
          const corrected = citation.isPastNoncompliance || elapsed >= citation.correctedAfter;
          const status = citation.isPastNoncompliance
            ? PAST_NONCOMPLIANCE
            : corrected
              ? DATE_OF_CORRECTION
              : PLAN_OF_CORRECTION;
          const cells = [
            identity,
            survey.date,
            "Health",
            "F",
            csvField(citation.tag.category),
            citation.tag.tag,
            csvField(citation.tag.description),
            CODES[code] ?? "D",
            csvField(status),
            corrected
              ? isoDay(survey.day + (citation.isPastNoncompliance ? 3 : citation.correctedAfter))
              : "",
            String(cycle),
            citation.isStandard ? "Y" : "N",
            citation.isComplaint ? "Y" : "N",
          ];
          if (hasInfection) cells.push(citation.isInfectionControl ? "Y" : "N");
          if (hasDispute) cells.push(isDisputed ? "Y" : "N", "N");
          cells.push(location, date);
          lines.push(cells.join(","));
        }
      }
    }
    return lines.flush();
  }

  /**
   * The fire safety citations file of the release of processing date `date` at calendar month t: every fire safety
   * citation of the three years before, as CMS showed it then, in the layout of that date (the health citations'
   * with the tag version).
   */
  fireSafetyCsv(world: DemoWorld, t: number, date: string): Buffer[] {
    const columns = FIRE_SAFETY_CITATIONS[citationsEra(date)];
    const hasInfection = columns.includes("Infection Control Inspection Deficiency");
    const hasDispute = columns.includes("Citation under IDR");
    const today = dayOfIso(date);
    const from = dayOfIso(`${Number(date.slice(0, 4)) - YEARS_LISTED}${date.slice(4)}`);
    const lines = new Pieces();
    lines.push(columns.map(csvField).join(","));
    for (const f of world.facilities) {
      if (t < f.openMonth || t >= f.closeMonth) continue;
      const record = this.records.get(f);
      if (!record) continue;
      const listed = record.fireSurveys.filter((survey) => survey.day >= from && survey.day < today);
      if (listed.length === 0) continue;
      const { identity, location } = DemoInspections.facilityCells(f);
      for (const [index, survey] of listed.entries()) {
        // Cycles 1, 2, 3 from the newest, as the standard surveys they come with.
        const cycle = listed.length - index;
        for (const citation of survey.citations) {
          const corrected = today - survey.day >= citation.correctedAfter;
          const cells = [
            identity,
            survey.date,
            "Fire Safety",
            citation.tag.prefix,
            csvField(citation.tag.category),
            citation.tag.tag,
            survey.date < "2016-07-05" ? "Old" : "New",
            csvField(citation.tag.description),
            CODES[citation.code] ?? "D",
            csvField(corrected ? DATE_OF_CORRECTION : PLAN_OF_CORRECTION),
            corrected ? isoDay(survey.day + citation.correctedAfter) : "",
            String(Math.min(3, cycle)),
            "Y",
            "N",
          ];
          if (hasInfection) cells.push("N");
          if (hasDispute) cells.push("N", "N");
          cells.push(location, date);
          lines.push(cells.join(","));
        }
      }
    }
    return lines.flush();
  }

  /**
   * The penalties the release of processing date `date` lists for a facility (the three years before it), each
   * with its fine's amount as of that date (after a reduction, once made): what its penalties file has, and what
   * its Provider Information counts.
   */
  private listedPenalties(f: Facility, date: string): { penalty: Penalty; amount: number }[] {
    const record = this.records.get(f);
    if (!record) return [];
    const today = dayOfIso(date);
    const from = dayOfIso(`${Number(date.slice(0, 4)) - YEARS_LISTED}${date.slice(4)}`);
    return record.penalties
      .filter((penalty) => penalty.day >= from && penalty.day < today)
      .map((penalty) => {
        const isReduced = penalty.reducedAfter > 0 && today - penalty.day >= penalty.reducedAfter;
        const amount =
          penalty.type === "Fine" ? (isReduced ? Math.round(penalty.amount * 0.65) : penalty.amount) : 0;
        return { penalty, amount };
      });
  }

  /** A facility's penalties as Provider Information counts them in the release of processing date `date`. */
  penaltyTotals(f: Facility, date: string): PenaltyTotals {
    const totals: PenaltyTotals = { fines: 0, fineDollars: 0, paymentDenials: 0 };
    for (const { penalty, amount } of this.listedPenalties(f, date)) {
      if (penalty.type === "Fine") {
        totals.fines += 1;
        totals.fineDollars += amount;
      } else {
        totals.paymentDenials += 1;
      }
    }
    return totals;
  }

  /** The penalties file of the release of processing date `date`: the three years before, in its layout. */
  penaltiesCsv(world: DemoWorld, t: number, date: string): Buffer[] {
    const columns = PENALTIES[penaltiesEra(date)];
    const lines = new Pieces();
    lines.push(columns.map(csvField).join(","));
    for (const f of world.facilities) {
      if (t < f.openMonth || t >= f.closeMonth) continue;
      const listed = this.listedPenalties(f, date);
      if (listed.length === 0) continue;
      const { identity, location } = DemoInspections.facilityCells(f);
      for (const { penalty, amount: dollars } of listed) {
        const amount = penalty.type === "Fine" ? String(dollars) : "";
        lines.push(
          [
            identity,
            penalty.date,
            penalty.type,
            amount,
            penalty.denialStart,
            penalty.type === "Fine" ? "" : String(penalty.denialDays),
            location,
            date,
          ].join(","),
        );
      }
    }
    return lines.flush();
  }
}
