import { describe, expect, it } from "vitest";
import type { FacilityOwner, FacilityOwnership } from "../../../../core/ownership.ts";
import { ownerPath, roleGroupOf } from "../../../../core/ownership.ts";
import {
  buildOwnershipTimeline,
  describeSince,
  describeTimeline,
  groupOwnersByRole,
  roleDetail,
} from "./ownership.ts";

function owner(name: string, role: string, percentage: number | null = null): FacilityOwner {
  return {
    name,
    type: /LLC|INC/.test(name) ? "organization" : "individual",
    role,
    roleGroup: roleGroupOf(role),
    percentage,
    percentageText: percentage === null ? "NO PERCENTAGE PROVIDED" : `${percentage}%`,
    since: null,
    firstSeen: "2021-01-01",
    ownerPath: ownerPath(/LLC|INC/.test(name) ? "organization" : "individual", name),
    otherFacilities: 0,
  };
}

const DIRECT = "5% OR GREATER DIRECT OWNERSHIP INTEREST";
const INDIRECT = "5% OR GREATER INDIRECT OWNERSHIP INTEREST";
const MANAGER = "OPERATIONAL/MANAGERIAL CONTROL";
const OFFICER = "CORPORATE OFFICER";

describe("groupOwnersByRole", () => {
  it("groups in CMS's order of role groups, the largest share first, then by name", () => {
    const groups = groupOwnersByRole([
      owner("SMITH, JOHN", OFFICER),
      owner("ZED HOLDINGS LLC", DIRECT, 20),
      owner("ACME HEALTH LLC", MANAGER),
      owner("ALPHA INC", DIRECT, 80),
      owner("BETA INC", INDIRECT),
      owner("AARDVARK INC", INDIRECT, 5),
    ]);
    expect(groups.map((group) => group.heading)).toEqual([
      "Direct owners",
      "Indirect owners",
      "Operational or managerial control",
      "Officers and directors",
    ]);
    expect(groups[0]?.owners.map((o) => o.name)).toEqual(["ALPHA INC", "ZED HOLDINGS LLC"]);
    // A number before CMS's "no percentage".
    expect(groups[1]?.owners.map((o) => o.name)).toEqual(["AARDVARK INC", "BETA INC"]);
  });
  it("leaves out groups without owners", () => {
    expect(groupOwnersByRole([])).toEqual([]);
  });
});

describe("roleDetail and describeSince", () => {
  it("gives CMS's role text when it says more than the group's heading", () => {
    expect(roleDetail(owner("A INC", DIRECT))).toBe("5% or greater direct ownership interest");
    expect(roleDetail({ role: "PARTNERS", roleGroup: "partner" })).toBeNull();
  });
  it("says since when: CMS's association date, else the first release listing the owner", () => {
    expect(describeSince({ since: "2015-03-04", firstSeen: "2021-01-01" })).toBe("Since Mar 4, 2015");
    expect(describeSince({ since: null, firstSeen: "2021-01-01" })).toBe("Listed since Jan 2021");
  });
});

describe("buildOwnershipTimeline", () => {
  const change = (name: string, role: string) => {
    const { type, roleGroup, ownerPath: path } = owner(name, role);
    return { name, type, role, roleGroup, ownerPath: path };
  };
  const changes: FacilityOwnership["changes"] = [
    {
      processingDate: "2024-05-01",
      added: [
        change("NEW OWNER LLC", DIRECT),
        change("NEW OWNER LLC", MANAGER),
        change("DOE, JANE", OFFICER),
      ],
      removed: [change("OLD OWNER LLC", DIRECT), change("DOE, JANE", "DIRECTOR")],
    },
    { processingDate: "2023-01-01", added: [change("OLD OWNER LLC", DIRECT)], removed: [] },
    // Only a change of role: nobody came or left.
    {
      processingDate: "2022-06-01",
      added: [change("DOE, JANE", "DIRECTOR")],
      removed: [change("DOE, JANE", MANAGER)],
    },
  ];

  it("names each owner who came or left once per release, with its role groups, newest first", () => {
    const timeline = buildOwnershipTimeline(changes);
    expect(timeline.map((entry) => entry.month)).toEqual(["May 2024", "Jan 2023"]);
    expect(timeline[0]?.came).toEqual([
      {
        name: "NEW OWNER LLC",
        type: "organization",
        ownerPath: "/owner/organization/NEW%20OWNER%20LLC",
        roles: "direct owner, operational or managerial control",
      },
    ]);
    expect(timeline[0]?.left.map((o) => o.name)).toEqual(["OLD OWNER LLC"]);
    expect(timeline[1]?.came.map((o) => o.name)).toEqual(["OLD OWNER LLC"]);
    expect(timeline[1]?.left).toEqual([]);
  });
  it("is described in words", () => {
    expect(describeTimeline(buildOwnershipTimeline(changes))).toBe(
      "2 owners came and 1 left in 2 releases, from Jan 2023 to May 2024.",
    );
    expect(describeTimeline([])).toBe("No owner came or left in the releases loaded.");
    expect(describeTimeline(buildOwnershipTimeline(changes.slice(1, 2)))).toBe(
      "1 owner came and 0 left in Jan 2023.",
    );
  });
});
