// What the Staffing section says about a facility's staffing figures (GET /api/facilities/{ccn}/staffing): each
// figure in its unit, the weekend hours against the weekday ones, the reported hours against what CMS expects for
// residents this sick (case-mix), and the rows of the nurse-hours chart.
import { fromMonthIndex, parseIsoDate, toIsoDate, toMonthIndex } from "../../core/dates.ts";
import type { FacilityStaffing, StaffingFigure, StaffingKey, StaffingUnit } from "../../core/staffing.ts";

/** A figure in its unit: hours with two decimals, turnover as a percent, a count, an index with three decimals. */
export function formatStaffingValue(value: number | null, unit: StaffingUnit): string {
  if (value === null) return "Not reported";
  switch (unit) {
    case "hoursPerResidentDay":
      return `${value.toFixed(2)} hrs`;
    case "percent":
      return `${value.toFixed(1)}%`;
    case "count":
      return Number.isInteger(value) ? String(value) : value.toFixed(1);
    case "index":
      return value.toFixed(3);
  }
}

export function figureOf(staffing: FacilityStaffing, key: StaffingKey): StaffingFigure | undefined {
  return staffing.figures.find((figure) => figure.key === key);
}

/** A difference in percent of `base`, rounded to a whole number (null when either is missing or base is 0). */
function percentChange(value: number | null, base: number | null): number | null {
  if (value === null || base === null || base <= 0) return null;
  return Math.round(((value - base) / base) * 100);
}

/**
 * "22% fewer nurse hours at weekends" (or "more", or "About the same nurse hours at weekends" within 1%): the total
 * nurse hours per resident per day at weekends against those of every day. Null when either is not reported.
 */
export function weekendGapText(staffing: FacilityStaffing): string | null {
  const all = figureOf(staffing, "totalNurseHours")?.value ?? null;
  const weekend = figureOf(staffing, "weekendTotalNurseHours")?.value ?? null;
  const change = percentChange(weekend, all);
  if (change === null) return null;
  if (Math.abs(change) < 1) return "About the same nurse hours at weekends as on weekdays";
  return `${Math.abs(change)}% ${change < 0 ? "fewer" : "more"} nurse hours at weekends`;
}

/**
 * The reported total nurse hours against the case-mix hours (what CMS expects for residents this sick):
 * "12% more nurse hours than expected for its residents' needs" or "fewer"; null without both.
 */
export function caseMixText(staffing: FacilityStaffing): string | null {
  const total = figureOf(staffing, "totalNurseHours");
  const change = percentChange(total?.value ?? null, total?.caseMix ?? null);
  if (change === null) return null;
  if (Math.abs(change) < 1) return "About the nurse hours CMS expects for its residents' needs";
  return `${Math.abs(change)}% ${change < 0 ? "fewer" : "more"} nurse hours than CMS expects for its residents' needs`;
}

/** Whether higher is better for a figure: hours are, turnover and administrators leaving are not; an index is neither. */
export function betterWhenForFigure(key: StaffingKey): "higher" | "lower" | null {
  if (key === "totalNurseTurnover" || key === "rnTurnover" || key === "administratorsLeft") return "lower";
  if (key === "nursingCaseMixIndex" || key === "nursingCaseMixIndexRatio") return null;
  return "higher";
}

/** The figures the section's table shows: every figure the release reports, or that an average exists for. */
export function shownFigures(staffing: FacilityStaffing): StaffingFigure[] {
  return staffing.figures.filter(
    (figure) => figure.value !== null || figure.state !== null || figure.national !== null,
  );
}

export interface NurseHoursRow {
  date: string;
  totalNurseHours: number | null;
  rnHours: number | null;
}

/** The table's rows: total nurse and RN hours of each release, oldest first; releases without either are left out. */
export function nurseHoursRows(staffing: FacilityStaffing): NurseHoursRow[] {
  return staffing.history
    .map((point) => ({
      date: point.processingDate,
      totalNurseHours: point.totalNurseHours,
      rnHours: point.rnHours,
    }))
    .filter((row) => row.totalNurseHours !== null || row.rnHours !== null);
}

/**
 * The chart's rows on a monthly grid: a row with no hours for every month without a release between two releases,
 * so that the lines break there instead of bridging the gap.
 */
export function withMonthGaps(rows: readonly NurseHoursRow[]): NurseHoursRow[] {
  const out: NurseHoursRow[] = [];
  let previous: number | null = null;
  for (const row of rows) {
    const month = toMonthIndex(parseIsoDate(row.date));
    if (previous !== null) {
      for (let missing = previous + 1; missing < month; missing += 1) {
        out.push({
          date: toIsoDate({ ...fromMonthIndex(missing), day: 1 }),
          totalNurseHours: null,
          rnHours: null,
        });
      }
    }
    out.push(row);
    previous = month;
  }
  return out;
}
