// How owners are identified across homes and releases: the names that join and the names that stay apart (the
// examples of docs/ingest.md, "Ownership"), and the owner filter's values.
import { describe, expect, it } from "vitest";
import { facilityQueryToSearchParams, parseFacilityQuery } from "./api-query.ts";
import { normalizeOwnerName, ownerKey, ownerPath } from "./ownership.ts";

describe("owner names", () => {
  it.each([
    ["ACME HEALTH HOLDINGS, LLC", "Acme Health Holdings LLC"],
    ["ACME HEALTH HOLDINGS, L.L.C.", "ACME HEALTH HOLDINGS LLC"],
    [" ACME-HEALTH  HOLDINGS,LLC ", "ACME HEALTH HOLDINGS LLC"],
    ["O'BRIEN, KATHLEEN", "OBRIEN KATHLEEN"],
    ["SMITH&JONES", "SMITH & JONES"],
    ["JOSÉ GARCÍA", "JOSE GARCIA"],
    ["ST. JOSEPH'S HOME, INC.", "ST JOSEPHS HOME INC"],
    ["THE ENSIGN GROUP, INC", "The Ensign Group Inc"],
  ])("joins %j and %j", (a, b) => {
    expect(normalizeOwnerName(a)).toBe(normalizeOwnerName(b));
    expect(ownerKey("organization", a)).toBe(ownerKey("organization", b));
  });

  it.each([
    ["ACME HEALTH HOLDINGS LLC", "ACME HEALTH HOLDINGS INC"],
    ["ACME HEALTHCARE LLC", "ACME HEALTH CARE LLC"],
    ["SMITH & JONES", "SMITH AND JONES"],
    ["ST JOSEPH HOME", "SAINT JOSEPH HOME"],
    ["SMITH, JOHN", "JOHN SMITH"],
    ["J.P. MORGAN", "J. P. MORGAN"],
    ["INCORPORATED", "INC"],
  ])("keeps %j and %j apart", (a, b) => {
    expect(normalizeOwnerName(a)).not.toBe(normalizeOwnerName(b));
  });

  it("keeps an individual and an organization of the same name apart", () => {
    expect(ownerKey("individual", "ACME LLC")).not.toBe(ownerKey("organization", "ACME LLC"));
    expect(ownerKey("organization", "Acme, L.L.C.")).toBe("organization:ACME LLC");
  });

  it("writes an owner's page path with its name as given", () => {
    expect(ownerPath("organization", "ACME HEALTH, LLC")).toBe("/owner/organization/ACME%20HEALTH%2C%20LLC");
  });
});

describe("the owner filter", () => {
  it("takes owners as type and name, normalised, without repeats, in a canonical order", () => {
    const query = parseFacilityQuery(
      new URLSearchParams([
        ["owner", "organization:Acme Health, LLC"],
        ["owner", "individual:o'brien, kathleen"],
        ["owner", " organization:ACME HEALTH LLC"],
      ]),
    );
    expect(query.owners).toEqual(["individual:OBRIEN KATHLEEN", "organization:ACME HEALTH LLC"]);
    expect(facilityQueryToSearchParams(query).toString()).toBe(
      "owner=individual%3AOBRIEN+KATHLEEN&owner=organization%3AACME+HEALTH+LLC",
    );
  });

  it.each(["acme", "company:ACME", "organization:", "organization:--", `organization:${"A".repeat(400)}`])(
    "refuses %j, naming owner",
    (value) => {
      expect(() => parseFacilityQuery(new URLSearchParams([["owner", value]]))).toThrow(
        expect.objectContaining({ param: "owner" }),
      );
    },
  );

  it("takes at most 100 owners", () => {
    const many = Array.from({ length: 101 }, (_, index): [string, string] => [
      "owner",
      `individual:P${index}`,
    ]);
    expect(() => parseFacilityQuery(new URLSearchParams(many))).toThrow(
      expect.objectContaining({ param: "owner" }),
    );
    expect(parseFacilityQuery(new URLSearchParams(many.slice(0, 100))).owners?.length).toBe(100);
  });
});
