// The colours of CMS's four harm levels (the detail page's grid and surveys, the entity page's inspection record):
// grey for minimal harm, amber for potential harm, orange for actual harm, red for immediate jeopardy. Colour is
// never the only carrier: the letter and the words are shown beside it. Every pair keeps AA contrast for its text.
import type { HarmLevelKey } from "../../core/inspections.ts";

/** A grid cell or letter chip with citations. */
export const HARM_TONES: Record<HarmLevelKey, string> = {
  minimal: "bg-slate-100 text-slate-800 ring-slate-400/40",
  potential: "bg-amber-100 text-amber-950 ring-amber-500/40",
  actual: "bg-orange-200 text-orange-950 ring-orange-600/40",
  jeopardy: "bg-red-700 text-white ring-red-900/40",
};

/** A grid cell without citations: the level's letter stays readable, the cell recedes. */
export const EMPTY_CELL_TONE = "bg-white text-slate-500 ring-slate-200";
