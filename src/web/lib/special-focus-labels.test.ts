import { describe, expect, it } from "vitest";
import { describeSpecialFocusPeriod, specialFocusMark } from "./special-focus-labels.ts";

describe("special focus labels", () => {
  it("marks a Special Focus Facility and a candidate, nothing else", () => {
    expect(specialFocusMark({ specialFocus: "sff" })?.label).toBe("SFF");
    expect(specialFocusMark({ specialFocus: "candidate" })?.label).toBe("SFF candidate");
    expect(specialFocusMark({ specialFocus: "sff" })?.title).toMatch(
      /^Special Focus Facility: CMS has named/,
    );
    expect(specialFocusMark({ specialFocus: null })).toBeNull();
    expect(specialFocusMark({})).toBeNull();
  });
  it("describes a stretch of releases", () => {
    expect(
      describeSpecialFocusPeriod({ status: "sff", from: "2024-03-01", to: "2025-11-01", releases: 9 }),
    ).toBe("Special Focus Facility, Mar 2024 to Nov 2025 (9 releases)");
    expect(
      describeSpecialFocusPeriod({ status: "candidate", from: "2024-03-01", to: "2024-03-01", releases: 1 }),
    ).toBe("SFF candidate, Mar 2024 (1 release)");
  });
});
