// What the entity page's "Staffing and quality measures" section says (GET /api/entities/{name}/staffing-quality):
// the staffing figures worth a row, the measures grouped by resident type, and how many of the entity's facilities
// each average counts. Scores are compared and written as on the detail page (src/web/lib/quality-measure-scores.ts).
import type {
  EntityQualityMeasure,
  EntityStaffingFigure,
  EntityStaffingQuality,
} from "../../../../core/figure-averages.ts";
import type { ResidentType } from "../../../../core/quality-measures.ts";

/** The figures with something to show: an average of the entity's facilities or a national one. */
export function shownEntityFigures(data: EntityStaffingQuality): EntityStaffingFigure[] {
  return data.staffing.filter((figure) => figure.average !== null || figure.national !== null);
}

export interface EntityMeasureGroup {
  residentType: ResidentType;
  title: string;
  measures: EntityQualityMeasure[];
}

/** Short-stay measures first, then long-stay, each in code order; groups without measures are left out. */
export function groupEntityMeasures(data: EntityStaffingQuality): EntityMeasureGroup[] {
  const groups: EntityMeasureGroup[] = [
    { residentType: "shortStay", title: "Short-stay residents", measures: [] },
    { residentType: "longStay", title: "Long-stay residents", measures: [] },
  ];
  for (const measure of [...data.qualityMeasures].sort((a, b) => a.code.localeCompare(b.code))) {
    groups.find((group) => group.residentType === measure.residentType)?.measures.push(measure);
  }
  return groups.filter((group) => group.measures.length > 0);
}

/** How many of the entity's facilities an average counts: "12 of 15", "All 3", "None of 4". */
export function facilitiesCountedText(counted: number, total: number): string {
  if (counted === 0) return `None of ${total}`;
  if (counted >= total) return total === 1 ? "The facility" : `All ${total}`;
  return `${counted} of ${total}`;
}
