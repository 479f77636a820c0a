import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  citationQueryToSearchParams,
  facilityQueryToSearchParams,
  parseCitationQuery,
  parseFacilityQuery,
  QueryParamError,
} from "./api-query.ts";
import {
  HARM_LEVELS,
  harmLabel,
  harmLevelOf,
  normalizeTag,
  SCOPE_SEVERITY_CODES,
  SURVEY_KINDS,
  scopeOf,
  surveyTitle,
} from "./inspections.ts";

describe("CMS's scope and severity grid", () => {
  it("puts each code in its row of harm and its column of scope", () => {
    const grid = HARM_LEVELS.map((level) => level.codes.join(""));
    expect(grid).toEqual(["ABC", "DEF", "GHI", "JKL"]);
    expect(SCOPE_SEVERITY_CODES.map((code) => harmLevelOf(code)?.key).join(" ")).toBe(
      "minimal minimal minimal potential potential potential actual actual actual jeopardy jeopardy jeopardy",
    );
    expect(["A", "E", "I", "J", "L"].map(scopeOf)).toEqual([
      "Isolated",
      "Pattern",
      "Widespread",
      "Isolated",
      "Widespread",
    ]);
  });

  it("says each level in CMS's words, and nothing for what is not a code", () => {
    expect(harmLabel("B")).toBe("No actual harm, potential for minimal harm");
    expect(harmLabel("F")).toBe("No actual harm, potential for more than minimal harm");
    expect(harmLabel("G")).toBe("Actual harm");
    expect(harmLabel("K")).toBe("Immediate jeopardy");
    for (const value of [null, undefined, "", "M", "a", "AB"]) expect(harmLabel(value)).toBeNull();
  });
});

describe("surveyTitle", () => {
  it("titles a survey of one kind in Care Compare's words", () => {
    expect(surveyTitle(["standard"])).toBe("Standard inspection");
    expect(surveyTitle(["complaint"])).toBe("Complaint inspection");
    expect(surveyTitle(["infectionControl"])).toBe("Infection control inspection");
  });

  it("names every kind of a survey of several, in the order standard, complaint, infection control", () => {
    expect(surveyTitle(["standard", "complaint"])).toBe("Standard and complaint inspection");
    expect(surveyTitle(["complaint", "standard"])).toBe("Standard and complaint inspection");
    expect(surveyTitle(["infectionControl", "complaint"])).toBe("Complaint and infection control inspection");
    expect(surveyTitle(["standard", "infectionControl"])).toBe("Standard and infection control inspection");
    expect(surveyTitle([...SURVEY_KINDS].reverse())).toBe(
      "Standard, complaint and infection control inspection",
    );
  });

  it("says only that it was a health inspection when no citation's flag says which kind", () => {
    expect(surveyTitle([])).toBe("Health inspection");
  });
});

describe("normalizeTag", () => {
  it("reads the tag as CMS writes it, four digits, with or without F (K or E for fire safety tags)", () => {
    for (const text of ["F689", "F0689", "689", "0689", "f-0689", " F-689 ", "K689", "E0689"])
      expect(normalizeTag(text)).toBe("0689");
    expect(normalizeTag("5")).toBe("0005");
    for (const text of ["", "F", "G0689", "12345", "68a", "F 689", "-689", "6.8", "KE689"])
      expect(normalizeTag(text)).toBeNull();
  });

  it("gives four digits for any number below 10,000 however written", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.boolean(), (n, withF) => {
        expect(normalizeTag(`${withF ? "F" : ""}${n}`)).toBe(String(n).padStart(4, "0"));
      }),
    );
  });
});

const parse = (query: string) => parseFacilityQuery(new URLSearchParams(query));
const param = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof QueryParamError ? error.param : "other";
  }
  return null;
};

describe("harm and abuse on the list's query", () => {
  it("parses them strictly and writes them canonically", () => {
    expect(parse("harm=actual&abuse=true")).toMatchObject({ harm: "actual", abuse: true });
    expect(parse("")).toMatchObject({ harm: null, abuse: false });
    expect(facilityQueryToSearchParams(parse("abuse=true&state=tx&harm=jeopardy")).toString()).toBe(
      "state=TX&harm=jeopardy&abuse=true",
    );
    expect(facilityQueryToSearchParams(parse("abuse=false")).toString()).toBe("");
    expect(param(() => parse("harm=Actual"))).toBe("harm");
    expect(param(() => parse("harm="))).toBe("harm");
    expect(param(() => parse("abuse=1"))).toBe("abuse");
  });
});

describe("the citations query", () => {
  const citations = (query: string) => parseCitationQuery(new URLSearchParams(query));

  it("reads the inspection type from type, or kind=health|fire as its other spelling, beside a kind's flag", () => {
    expect(citations("")).toMatchObject({ type: "health", kind: null });
    expect(citations("type=fire")).toMatchObject({ type: "fire", kind: null });
    expect(citations("kind=fire")).toMatchObject({ type: "fire", kind: null });
    expect(citations("kind=health")).toMatchObject({ type: "health", kind: null });
    expect(citations("kind=fire&kind=complaint&type=fire")).toMatchObject({
      type: "fire",
      kind: "complaint",
    });
    expect(citations("kind=complaint&kind=complaint")).toMatchObject({ kind: "complaint" });
    // One query, one spelling: health is the default and left out.
    expect(citationQueryToSearchParams(citations("kind=fire&tag=K353")).toString()).toBe(
      "tag=0353&type=fire",
    );
    expect(citationQueryToSearchParams(citations("kind=health")).toString()).toBe("");
  });

  it("parses every parameter and writes the same query one way", () => {
    const query = citations(
      "tag=F689&category=Pharmacy%20Service%20Deficiencies&harm=actual&kind=complaint&state=tx&state=CA&entity=B&entity=A&from=2024-01-01&to=2024-12-31&q=%20falls%20%20%20injury%20&page=2&pageSize=50",
    );
    expect(query).toEqual({
      tag: "0689",
      category: "Pharmacy Service Deficiencies",
      harm: "actual",
      kind: "complaint",
      type: "health",
      states: ["CA", "TX"],
      entities: ["A", "B"],
      from: "2024-01-01",
      to: "2024-12-31",
      q: "falls injury",
      page: 2,
      pageSize: 50,
    });
    expect(citationQueryToSearchParams(query).toString()).toBe(
      "tag=0689&category=Pharmacy+Service+Deficiencies&harm=actual&kind=complaint&state=CA&state=TX&entity=A&entity=B&from=2024-01-01&to=2024-12-31&q=falls+injury&page=2&pageSize=50",
    );
    expect(citationQueryToSearchParams(citations("tag=&q=&page=1&pageSize=100")).toString()).toBe("");
  });

  it("refuses a bad value, naming the parameter", () => {
    for (const [query, name] of [
      ["tag=F68x", "tag"],
      ["from=2024-02-30", "from"],
      ["to=2024-1-1", "to"],
      ["from=2024-03-01&to=2024-02-29", "from"],
      [`q=${"x".repeat(201)}`, "q"],
      [`category=${"x".repeat(201)}`, "category"],
      ["harm=minimal", "harm"],
      ["kind=Health", "kind"],
      ["kind=fire&kind=health", "kind"],
      ["type=fire&kind=health", "kind"],
      ["kind=standard&kind=complaint", "kind"],
      ["type=smoke", "type"],
      ["type=", "type"],
      ["tag=G689", "tag"],
      ["kind=Standard", "kind"],
      ["kind=", "kind"],
      ["state=Texas", "state"],
      ["page=0", "page"],
      ["page=101", "page"],
      ["page=21&pageSize=500", "page"],
      ["pageSize=1001", "pageSize"],
    ]) {
      expect(
        param(() => citations(query as string)),
        query,
      ).toBe(name);
    }
    expect(citations("from=2024-02-29&to=2024-02-29")).toMatchObject({ type: "health" });
    expect(citations("from=2024-02-29&to=2024-02-29")).toMatchObject({
      from: "2024-02-29",
      to: "2024-02-29",
    });
  });
});
