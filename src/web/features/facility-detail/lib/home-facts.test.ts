import { describe, expect, it } from "vitest";
import { homeFacts } from "./home-facts.ts";

const NOTHING = {
  providerName: "SUNNY ACRES",
  legalBusinessName: null,
  firstApprovedDate: null,
  continuingCareRetirementCommunity: null,
  residesInHospital: null,
  residentFamilyCouncil: null,
  automaticSprinklerSystems: null,
  healthInspectionOverTwoYearsAgo: null,
};

describe("homeFacts", () => {
  it("says nothing for blank fields, 'No' answers that are the common case and CMS's 'not available'", () => {
    expect(homeFacts(NOTHING)).toEqual([]);
    expect(
      homeFacts({
        ...NOTHING,
        continuingCareRetirementCommunity: false,
        residesInHospital: false,
        healthInspectionOverTwoYearsAgo: false,
        automaticSprinklerSystems: "Data Not Available",
        legalBusinessName: "Legal Business Name Not Available",
      }),
    ).toEqual([]);
  });
  it("warns first of an old inspection and missing sprinklers, then the home's other facts", () => {
    const facts = homeFacts({
      providerName: "SUNNY ACRES",
      legalBusinessName: "SUNNY ACRES OPERATIONS, LLC",
      firstApprovedDate: "1990-01-03",
      continuingCareRetirementCommunity: true,
      residesInHospital: true,
      residentFamilyCouncil: "Both",
      automaticSprinklerSystems: "Partial",
      healthInspectionOverTwoYearsAgo: true,
    });
    expect(facts.map((fact) => [fact.key, fact.text, fact.isWarning])).toEqual([
      ["old-inspection", "Last health inspection more than 2 years ago", true],
      ["sprinklers", "Automatic sprinklers in only some required areas", true],
      ["councils", "Has resident and family councils", false],
      ["ccrc", "Part of a continuing care retirement community", false],
      ["hospital", "Inside a hospital", false],
      ["first-approved", "Medicare and Medicaid since Jan 3, 1990", false],
      ["legal-name", "Legal business name: SUNNY ACRES OPERATIONS, LLC", false],
    ]);
  });
  it("leaves out a legal name that is the provider's name but for case and punctuation", () => {
    expect(homeFacts({ ...NOTHING, legalBusinessName: "Sunny Acres." })).toEqual([]);
    expect(homeFacts({ ...NOTHING, residentFamilyCouncil: "None" }).map((f) => f.text)).toEqual([
      "No resident or family council",
    ]);
    expect(homeFacts({ ...NOTHING, automaticSprinklerSystems: "Yes" })[0]?.isWarning).toBe(false);
  });
});
