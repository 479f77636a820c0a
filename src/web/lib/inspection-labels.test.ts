import { describe, expect, it } from "vitest";
import { inspectionMarks } from "./inspection-labels.ts";

describe("inspectionMarks", () => {
  it("marks actual harm (G-I) and immediate jeopardy (J-L), never both", () => {
    for (const code of ["G", "H", "I"]) {
      expect(inspectionMarks({ mostSevereCitation: code }).map((mark) => mark.label)).toEqual(["Harm cited"]);
    }
    for (const code of ["J", "K", "L"]) {
      expect(inspectionMarks({ mostSevereCitation: code }).map((mark) => mark.label)).toEqual([
        "Immediate jeopardy",
      ]);
    }
  });
  it("marks abuse after the harm mark", () => {
    expect(inspectionMarks({ mostSevereCitation: "J", abuse: true }).map((mark) => mark.key)).toEqual([
      "jeopardy",
      "abuse",
    ]);
    expect(inspectionMarks({ mostSevereCitation: "D", abuse: true }).map((mark) => mark.key)).toEqual([
      "abuse",
    ]);
  });
  it("marks nothing below harm, without citations or without the figures", () => {
    for (const code of ["A", "C", "D", "F", null, undefined, "Z"]) {
      expect(inspectionMarks({ mostSevereCitation: code, abuse: false })).toEqual([]);
    }
    expect(inspectionMarks({})).toEqual([]);
  });
  it("says the marks cover the last 3 years, in the words read aloud and in the tooltip", () => {
    for (const mark of inspectionMarks({ mostSevereCitation: "H", abuse: true })) {
      expect(mark.period).toContain("in the last 3 years");
      expect(mark.title).toContain("in the last 3 years");
    }
  });
});
