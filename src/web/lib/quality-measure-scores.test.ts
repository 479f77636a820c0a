import { describe, expect, it } from "vitest";
import type { QualityMeasure } from "../../core/quality-measures.ts";
import {
  compareScore,
  formatScore,
  groupMeasures,
  periodLabel,
  trendText,
} from "./quality-measure-scores.ts";

function measure(overrides: Partial<QualityMeasure>): QualityMeasure {
  return {
    code: "410",
    description: "Percentage of long stay residents experiencing one or more falls with major injury",
    residentType: "longStay",
    source: "mds",
    usedInRating: true,
    period: "2025Q2-2026Q1",
    score: 3.2,
    observed: null,
    expected: null,
    quarters: [],
    footnote: null,
    state: 3.1,
    national: 3.233889,
    averagesSource: "cms",
    betterWhen: "lower",
    history: [],
    ...overrides,
  };
}

describe("the Quality measures section's words", () => {
  it("writes percentages and rates per 1,000 days", () => {
    expect(formatScore(measure({}), 13.873069)).toBe("13.9%");
    const rate = measure({ description: "Number of hospitalizations per 1000 long-stay resident days" });
    expect(formatScore(rate, 1.8957)).toBe("1.90 per 1,000 days");
    expect(formatScore(rate, null)).toBe("Not reported");
  });

  it("marks a score better or worse by the measure's direction; equal as shown is the same", () => {
    expect(compareScore(measure({ score: 2.0 }), 3.2)).toBe("better");
    expect(compareScore(measure({ score: 5.0 }), 3.2)).toBe("worse");
    const vaccine = measure({ code: "415", betterWhen: "higher", score: 95 });
    expect(compareScore(vaccine, 93.5)).toBe("better");
    expect(compareScore(vaccine, 96)).toBe("worse");
    expect(compareScore(measure({ score: 3.21 }), 3.233889)).toBe("same");
    expect(compareScore(measure({ score: null }), 3.2)).toBeNull();
    expect(compareScore(measure({}), null)).toBeNull();
  });

  it("groups short-stay before long-stay, in code order", () => {
    const groups = groupMeasures({
      processingDate: "2026-07-01",
      averagesProcessingDate: "2026-07-01",
      footnote: null,
      measures: [
        measure({ code: "419" }),
        measure({ code: "521", residentType: "shortStay", source: "claims" }),
        measure({ code: "401" }),
      ],
    });
    expect(groups.map((group) => [group.title, group.measures.map((m) => m.code)])).toEqual([
      ["Short-stay residents", ["521"]],
      ["Long-stay residents", ["401", "419"]],
    ]);
  });

  it("tells the trend in words, quarters and claims periods as people say them", () => {
    expect(periodLabel("2026Q1")).toBe("Q1 2026");
    expect(periodLabel("2025-01-01/2025-12-31")).toBe("Jan 2025 to Dec 2025");
    const trend = measure({
      history: [
        { period: "2025Q4", score: 4.04 },
        { period: "2026Q1", score: null },
        { period: "2026Q2", score: 3.2 },
      ],
    });
    expect(trendText(trend)).toBe("Q4 2025 4.0%, Q2 2026 3.2%");
    expect(trendText(measure({ history: [{ period: "2026Q1", score: 3 }] }))).toBe("No earlier scores");
  });
});
