import { describe, expect, it } from "vitest";
import { ROLE_GROUPS } from "../../core/ownership.ts";
import {
  describeHomes,
  describeOtherHomes,
  formatOwnerPercentage,
  ownerDashboardPath,
  ROLE_GROUP_HEADINGS,
  sentenceCase,
} from "./ownership-labels.ts";

describe("ownership labels", () => {
  it("gives every role group a heading", () => {
    expect(ROLE_GROUPS.every((group) => ROLE_GROUP_HEADINGS[group].length > 0)).toBe(true);
  });
  it("writes the share as a number, else CMS's text in sentence case, else nothing", () => {
    expect(formatOwnerPercentage({ percentage: 100, percentageText: "100%" })).toBe("100%");
    expect(formatOwnerPercentage({ percentage: 12.5, percentageText: "12.5%" })).toBe("12.5%");
    expect(formatOwnerPercentage({ percentage: null, percentageText: "NO PERCENTAGE PROVIDED" })).toBe(
      "No percentage provided",
    );
    expect(formatOwnerPercentage({ percentage: null, percentageText: null })).toBeNull();
    expect(formatOwnerPercentage({ percentage: null, percentageText: "  " })).toBeNull();
    expect(sentenceCase("NOT APPLICABLE")).toBe("Not applicable");
  });
  it("counts homes", () => {
    expect(describeOtherHomes(0)).toBe("No other homes");
    expect(describeOtherHomes(1)).toBe("1 other home");
    expect(describeOtherHomes(1234)).toBe("1,234 other homes");
    expect(describeHomes(1)).toBe("1 home");
    expect(describeHomes(3)).toBe("3 homes");
  });
  it("links an owner's homes on the dashboard with its owner filter", () => {
    expect(ownerDashboardPath({ type: "organization", name: "ACME HEALTH, LLC" })).toBe(
      "/?owner=organization%3AACME+HEALTH%2C+LLC",
    );
    expect(ownerDashboardPath({ type: "individual", name: "DOE, JANE" }, "TX")).toBe(
      "/?state=TX&owner=individual%3ADOE%2C+JANE",
    );
  });
});
