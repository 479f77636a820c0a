// CMS's Special Focus Facility program in one place for the server (filters, answers) and the web (marks, words):
// homes with a history of serious quality issues that CMS inspects twice as often until they improve (they then
// "graduate") or leave Medicare and Medicaid, and the candidates CMS may pick them from (Provider Information's
// "Special Focus Status": SFF, SFF Candidate or blank; table 2 of the data dictionary).
import * as z from "zod/mini";

/** A home's special focus status: on the program (`sff`) or a candidate for it (`candidate`). */
export const SPECIAL_FOCUS_STATUSES = ["sff", "candidate"] as const;
export type SpecialFocusStatus = (typeof SPECIAL_FOCUS_STATUSES)[number];

/** The `sff` filter of lists: the homes on the program, the candidates, or either. */
export const SFF_FILTERS = ["sff", "candidate", "either"] as const;
export type SffFilter = (typeof SFF_FILTERS)[number];

/** CMS's words for each status, as Care Compare writes them. */
export const SPECIAL_FOCUS_LABELS: Record<SpecialFocusStatus, string> = {
  sff: "Special Focus Facility",
  candidate: "SFF candidate",
};

/** CMS's own explanation of each status (Care Compare's wording, shortened). */
export const SPECIAL_FOCUS_EXPLANATIONS: Record<SpecialFocusStatus, string> = {
  sff:
    "CMS has named this nursing home a Special Focus Facility: it has a history of serious quality issues and is " +
    "inspected about twice as often as other homes until it improves or leaves Medicare and Medicaid.",
  candidate:
    "This nursing home is a candidate for the Special Focus Facility program: its history of quality issues " +
    "qualifies it, though CMS has not picked it for the program (its places are limited).",
};

/** One stretch of consecutive releases in which CMS listed a home with the same status. */
export const specialFocusPeriodSchema = z.object({
  status: z.enum(SPECIAL_FOCUS_STATUSES),
  /** The processing dates of the first and the last release of the stretch (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  /** How many releases loaded list the home so in the stretch. */
  releases: z.int(),
});
export type SpecialFocusPeriod = z.infer<typeof specialFocusPeriodSchema>;
