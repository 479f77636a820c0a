import { describe, expect, it } from "vitest";
import type { Owner } from "../../../../core/ownership.ts";
import {
  countRoles,
  describeFootprint,
  describeHistory,
  describeListed,
  describeRoles,
  historyRows,
  OWNER_PAGE_SIZE,
  pageOfHomes,
  stateRows,
} from "./owner-descriptions.ts";

type Home = Owner["facilities"][number];
const role = (roleGroup: Home["ownerRoles"][number]["roleGroup"]) => ({
  role: roleGroup.toUpperCase(),
  roleGroup,
  percentage: null,
  percentageText: null,
  since: null,
  firstSeen: "2023-01-01",
});
const home = (...roles: Home["ownerRoles"]) => ({ ownerRoles: roles }) as unknown as Home;

describe("owner descriptions", () => {
  it("says the footprint and the years listed", () => {
    expect(describeFootprint({ facilityCount: 93, states: [{ state: "ND", facilities: 93 }] })).toBe(
      "93 homes in 1 state",
    );
    expect(
      describeFootprint({
        facilityCount: 1,
        states: [
          { state: "ND", facilities: 1 },
          { state: "SD", facilities: 1 },
        ],
      }),
    ).toBe("1 home in 2 states");
    expect(describeFootprint({ facilityCount: 0, states: [] })).toBe("No homes in the current data");
    expect(describeListed({ firstSeen: "2023-01-01", lastSeen: "2026-10-01" })).toBe(
      "Listed in CMS's ownership files from Jan 2023 to Oct 2026",
    );
    expect(describeListed({ firstSeen: "2026-10-01", lastSeen: "2026-10-01" })).toBe(
      "Listed in CMS's ownership files in Oct 2026",
    );
  });

  it("counts each role group once per home, in the groups' order", () => {
    const roles = countRoles([
      home(role("operational or managerial control"), role("direct owner")),
      home(role("direct owner"), role("direct owner")),
      home(role("officer or director")),
    ]);
    expect(roles).toEqual([
      { group: "direct owner", homes: 2 },
      { group: "operational or managerial control", homes: 1 },
      { group: "officer or director", homes: 1 },
    ]);
    expect(describeRoles(roles)).toBe(
      "Direct owner of 2 homes; operational or managerial control of 1 home; officer or director at 1 home",
    );
  });

  it("gives each state its share and bar", () => {
    expect(
      stateRows({
        facilityCount: 4,
        states: [
          { state: "TX", facilities: 3 },
          { state: "OK", facilities: 1 },
        ],
      }),
    ).toEqual([
      { state: "TX", homes: 3, share: "75.0%", width: 100 },
      { state: "OK", homes: 1, share: "25.0%", width: (100 * 1) / 3 },
    ]);
  });

  it("orders the years oldest first and scales the bars to the year of most change", () => {
    const rows = historyRows([
      { year: 2025, gained: 4, lost: 1 },
      { year: 2023, gained: 0, lost: 0 },
      { year: 2024, gained: 2, lost: 0 },
    ]);
    expect(rows.map((row) => [row.year, row.gainedWidth, row.lostWidth])).toEqual([
      [2023, 0, 0],
      [2024, 50, 0],
      [2025, 100, 25],
    ]);
    expect(describeHistory(rows)).toBe(
      "Gained 6 homes and lost 1 home from 2023 to 2025, in the releases loaded (the first release's homes are not counted as gained).",
    );
    expect(describeHistory(historyRows([{ year: 2026, gained: 0, lost: 0 }]))).toMatch(
      /^Its homes did not change in 2026/,
    );
    expect(describeHistory([])).toBe("No releases of CMS's ownership files list this owner.");
  });

  it("pages the homes, a page past the end being the last", () => {
    const homes = Array.from({ length: OWNER_PAGE_SIZE * 2 + 5 }, (_, index) => index);
    expect(pageOfHomes(homes, 1)).toMatchObject({ page: 1, pages: 3 });
    expect(pageOfHomes(homes, 2).homes[0]).toBe(OWNER_PAGE_SIZE);
    expect(pageOfHomes(homes, 9)).toMatchObject({ page: 3, pages: 3, homes: [48, 49, 50, 51, 52] });
    expect(pageOfHomes([], 1)).toEqual({ homes: [], page: 1, pages: 1 });
  });
});
