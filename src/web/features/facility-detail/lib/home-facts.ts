// Provider Information's fields about the home itself, in the detail page's header: only those that say something
// (a field CMS left blank, "Data Not Available", or a "No" that is the common case is left out).
import type { FacilityDetail } from "../../../../core/api-types.ts";
import { formatShortDate } from "../../../../core/history.ts";

export interface HomeFact {
  key: "legal-name" | "first-approved" | "ccrc" | "hospital" | "councils" | "sprinklers" | "old-inspection";
  text: string;
  /** A fact a family should notice (no or partial sprinklers, an old inspection). */
  isWarning: boolean;
}

const COUNCILS: Record<string, string> = {
  RESIDENT: "Has a resident council",
  FAMILY: "Has a family council",
  BOTH: "Has resident and family councils",
  NONE: "No resident or family council",
};

const SPRINKLERS: Record<string, { text: string; isWarning: boolean }> = {
  YES: { text: "Automatic sprinklers in all required areas", isWarning: false },
  PARTIAL: { text: "Automatic sprinklers in only some required areas", isWarning: true },
  NO: { text: "No automatic sprinklers in the required areas", isWarning: true },
};

/** Letters and digits only, upper case: names that differ only in case and punctuation are the same. */
function nameKey(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]+/g, "");
}

type HomeFields = Pick<
  FacilityDetail,
  | "providerName"
  | "legalBusinessName"
  | "firstApprovedDate"
  | "continuingCareRetirementCommunity"
  | "residesInHospital"
  | "residentFamilyCouncil"
  | "automaticSprinklerSystems"
  | "healthInspectionOverTwoYearsAgo"
>;

export function homeFacts(facility: HomeFields): HomeFact[] {
  const facts: HomeFact[] = [];
  const fact = (key: HomeFact["key"], text: string, isWarning = false) =>
    facts.push({ key, text, isWarning });
  if (facility.healthInspectionOverTwoYearsAgo) {
    fact("old-inspection", "Last health inspection more than 2 years ago", true);
  }
  const sprinklers = SPRINKLERS[facility.automaticSprinklerSystems?.trim().toUpperCase() ?? ""];
  if (sprinklers) fact("sprinklers", sprinklers.text, sprinklers.isWarning);
  const councils = COUNCILS[facility.residentFamilyCouncil?.trim().toUpperCase() ?? ""];
  if (councils) fact("councils", councils);
  if (facility.continuingCareRetirementCommunity)
    fact("ccrc", "Part of a continuing care retirement community");
  if (facility.residesInHospital) fact("hospital", "Inside a hospital");
  if (facility.firstApprovedDate) {
    fact("first-approved", `Medicare and Medicaid since ${formatShortDate(facility.firstApprovedDate)}`);
  }
  const legalName = facility.legalBusinessName?.trim() ?? "";
  if (
    legalName !== "" &&
    !/not available/i.test(legalName) &&
    nameKey(legalName) !== nameKey(facility.providerName)
  ) {
    fact("legal-name", `Legal business name: ${legalName}`);
  }
  return facts;
}
