import { describe, expect, it } from "vitest";
import {
  describeCitationCount,
  describeCorrection,
  fieldOfParam,
  formatTag,
  severityTone,
} from "./citation-format.ts";

describe("describeCitationCount", () => {
  it("counts with thousands separators and the singular for one", () => {
    expect(describeCitationCount(0)).toBe("0 citations");
    expect(describeCitationCount(1)).toBe("1 citation");
    expect(describeCitationCount(1234)).toBe("1,234 citations");
  });
});

describe("fieldOfParam", () => {
  it("maps the API's parameter names to the form's fields", () => {
    expect(fieldOfParam("from")).toBe("from");
    expect(fieldOfParam("state")).toBe("states");
    expect(fieldOfParam("entity")).toBe("entities");
    expect(fieldOfParam("tag")).toBe("tag");
    expect(fieldOfParam("page")).toBeNull();
    expect(fieldOfParam(undefined)).toBeNull();
    expect(fieldOfParam("toString")).toBeNull();
  });
});

describe("formatTag and severityTone", () => {
  it("writes the tag with its prefix and colours by harm level", () => {
    expect(formatTag({ prefix: "F", tag: "0689" })).toBe("F0689");
    expect(severityTone("B")).toBe("minimal");
    expect(severityTone("E")).toBe("potential");
    expect(severityTone("H")).toBe("actual");
    expect(severityTone("L")).toBe("jeopardy");
    expect(severityTone(null)).toBe("none");
  });
});

describe("describeCorrection", () => {
  it("is the date of correction when there is one", () => {
    expect(
      describeCorrection({
        corrected: "Deficient, Provider has date of correction",
        correctionDate: "2024-05-01",
      }),
    ).toEqual({ date: "2024-05-01", note: null });
  });
  it("keeps other texts beside the date, and in place of a missing one", () => {
    expect(describeCorrection({ corrected: "Past Non-Compliance", correctionDate: "2024-05-01" })).toEqual({
      date: "2024-05-01",
      note: "Past Non-Compliance",
    });
    expect(
      describeCorrection({ corrected: "Deficient, Provider has plan of correction", correctionDate: null }),
    ).toEqual({ date: null, note: "Plan of correction" });
    expect(describeCorrection({ corrected: null, correctionDate: null })).toEqual({
      date: null,
      note: "Not recorded",
    });
  });
});
