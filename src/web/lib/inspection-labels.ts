// The words of the inspection record on the dashboard and the citations page: the harm filters' choices and the
// marks a facility card shows. The grid's codes and levels themselves are in src/core/inspections.ts.
import { type HarmFilter, harmLevelOf } from "../../core/inspections.ts";

/** The choices of the `harm` filter, as the dashboard's control, chips and the citations page name them. */
export const HARM_FILTER_LABELS: Record<HarmFilter, string> = {
  actual: "Harm found (G or worse)",
  jeopardy: "Immediate jeopardy (J or worse)",
};

/** How long back the list's inspection figures (and so the cards' marks and the filters) reach. */
export const INSPECTION_PERIOD = "in the last 3 years";

export interface InspectionMark {
  key: "jeopardy" | "harm" | "abuse";
  /** The visible words. */
  label: string;
  /** The words a screen reader hears after the label. */
  period: string;
  /** A longer explanation (the mark's tooltip). */
  title: string;
}

/**
 * The marks of a facility's card: its most severe citation when it is actual harm (G-I) or immediate jeopardy
 * (J-L), and abuse (CMS's Abuse Icon or an abuse citation); none for anything else or unknown.
 */
export function inspectionMarks(facility: {
  mostSevereCitation?: string | null;
  abuse?: boolean | null;
}): InspectionMark[] {
  const marks: InspectionMark[] = [];
  const code = facility.mostSevereCitation ?? null;
  const level = harmLevelOf(code)?.key;
  if (level === "jeopardy") {
    marks.push({
      key: "jeopardy",
      label: "Immediate jeopardy",
      period: ` cited ${INSPECTION_PERIOD}`,
      title: `A citation at ${code} (immediate jeopardy to residents' health or safety) ${INSPECTION_PERIOD}`,
    });
  } else if (level === "actual") {
    marks.push({
      key: "harm",
      label: "Harm cited",
      period: ` ${INSPECTION_PERIOD}`,
      title: `A citation at ${code} (actual harm to residents) ${INSPECTION_PERIOD}`,
    });
  }
  if (facility.abuse) {
    marks.push({
      key: "abuse",
      label: "Abuse cited",
      period: ` ${INSPECTION_PERIOD}`,
      title: `CMS's abuse icon, or a citation for abuse, neglect or exploitation ${INSPECTION_PERIOD}`,
    });
  }
  return marks;
}
