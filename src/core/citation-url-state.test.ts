import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { citationQueryToSearchParams } from "./api-query.ts";
import {
  type CitationFilters,
  type CitationUrlState,
  citationStateToParams,
  DEFAULT_CITATION_FILTERS,
  DEFAULT_CITATION_PAGE_SIZE,
  hasCitationFilters,
  parseCitationParams,
  toCitationQuery,
  withoutUnknownChoices,
} from "./citation-url-state.ts";
import { HARM_FILTERS, INSPECTION_TYPES, SURVEY_KINDS } from "./inspections.ts";

function parse(query: string): CitationUrlState {
  return parseCitationParams(new URLSearchParams(query));
}

const DEFAULT_STATE: CitationUrlState = {
  filters: DEFAULT_CITATION_FILTERS,
  page: 1,
  pageSize: DEFAULT_CITATION_PAGE_SIZE,
};

describe("parseCitationParams", () => {
  it("gives the defaults for an empty address and ignores unknown parameters", () => {
    expect(parse("")).toEqual(DEFAULT_STATE);
    expect(parse("utm_source=mail&search=oak&rating=4")).toEqual(DEFAULT_STATE);
  });

  it("tag: kept as typed (trimmed, capped), for the API to read or refuse", () => {
    expect(parse("tag=F689").filters.tag).toBe("F689");
    expect(parse("tag=%200689%20").filters.tag).toBe("0689");
    expect(parse("tag=abc").filters.tag).toBe("abc");
    expect(parse(`tag=${"9".repeat(50)}`).filters.tag).toHaveLength(20);
  });

  it("harm: actual or jeopardy; anything else is ignored", () => {
    for (const harm of HARM_FILTERS) expect(parse(`harm=${harm}`).filters.harm).toBe(harm);
    for (const bad of ["", "G", "Actual", "minimal", "potential"]) {
      expect(parse(`harm=${bad}`).filters.harm, bad).toBeNull();
    }
  });

  it("kind: standard, complaint or infectionControl; anything else is ignored", () => {
    for (const kind of SURVEY_KINDS) expect(parse(`kind=${kind}`).filters.kind).toBe(kind);
    for (const bad of ["", "Standard", "infection", "infection_control", "health"]) {
      expect(parse(`kind=${bad}`).filters.kind, bad).toBeNull();
    }
  });

  it("state and entity: repeatable, like the dashboard's; malformed states dropped", () => {
    expect(parse("state=ca&state=NY&state=CA&state=Texas").filters.states).toEqual(["CA", "NY"]);
    expect(parse("entity=A%26B%20Care&entity=&entity=A%26B%20Care").filters.entities).toEqual(["A&B Care"]);
  });

  it("from and to: calendar dates written YYYY-MM-DD; anything else is ignored", () => {
    expect(parse("from=2024-01-31&to=2024-02-29").filters).toMatchObject({
      from: "2024-01-31",
      to: "2024-02-29",
    });
    for (const bad of ["2023-02-29", "2024-13-01", "01/02/2024", "2024-1-1", "yesterday", ""]) {
      expect(parse(`from=${bad}`).filters.from, bad).toBe("");
    }
    // A range the wrong way round is kept: the API's message says so under the field.
    expect(parse("from=2025-01-01&to=2024-01-01").filters).toMatchObject({
      from: "2025-01-01",
      to: "2024-01-01",
    });
  });

  it("q: words with their spaces made single, at most 200 characters", () => {
    expect(parse("q=%20fall%20%20%20risk%20").filters.q).toBe("fall risk");
    expect(parse(`q=${"a".repeat(300)}`).filters.q).toHaveLength(200);
  });

  it("category: kept as given, capped", () => {
    expect(parse("category=Infection%20Control%20Deficiencies").filters.category).toBe(
      "Infection Control Deficiencies",
    );
    expect(parse(`category=${"x".repeat(300)}`).filters.category).toHaveLength(200);
  });

  it("page and pageSize: a positive page; one of the offered sizes, else the default", () => {
    expect(parse("page=3&pageSize=100")).toMatchObject({ page: 3, pageSize: 100 });
    for (const bad of ["0", "-1", "abc"]) expect(parse(`page=${bad}`).page).toBe(1);
    for (const bad of ["10", "1000", "abc", ""]) {
      expect(parse(`pageSize=${bad}`).pageSize, bad).toBe(DEFAULT_CITATION_PAGE_SIZE);
    }
  });
});

describe("the inspection type", () => {
  it("is fire for type=fire or the API's other spelling kind=fire, else health", () => {
    expect(parse("type=fire").filters.type).toBe("fire");
    expect(parse("kind=fire").filters).toMatchObject({ type: "fire", kind: null });
    expect(parse("kind=fire&kind=complaint").filters).toMatchObject({ type: "fire", kind: "complaint" });
    expect(parse("type=smoke").filters.type).toBe("health");
    expect(parse("").filters.type).toBe("health");
    expect(citationStateToParams(parse("kind=fire")).toString()).toBe("type=fire");
    expect(toCitationQuery(parse("type=fire&tag=K353"))).toMatchObject({ type: "fire", tag: "0353" });
  });

  it("is a filter: fire safety alone offers Clear filters", () => {
    expect(hasCitationFilters({ ...DEFAULT_CITATION_FILTERS, type: "fire" })).toBe(true);
    expect(hasCitationFilters(DEFAULT_CITATION_FILTERS)).toBe(false);
  });
});

describe("citationStateToParams", () => {
  it("writes nothing for the defaults", () => {
    expect(citationStateToParams(DEFAULT_STATE).toString()).toBe("");
  });

  it("writes every field, in the page's order", () => {
    const filters: CitationFilters = {
      tag: "F689",
      category: "Infection Control Deficiencies",
      harm: "actual",
      kind: "complaint",
      type: "fire",
      states: ["TX", "CA"],
      entities: ["Genesis Healthcare"],
      from: "2024-01-01",
      to: "2024-12-31",
      q: "hand hygiene",
    };
    expect(citationStateToParams({ filters, page: 2, pageSize: 25 }).toString()).toBe(
      "tag=F689&category=Infection+Control+Deficiencies&harm=actual&kind=complaint&type=fire&state=TX&state=CA" +
        "&entity=Genesis+Healthcare&from=2024-01-01&to=2024-12-31&q=hand+hygiene&page=2&pageSize=25",
    );
  });

  it("leaves out blank text, dates that are no dates and sizes that are not offered", () => {
    const filters = { ...DEFAULT_CITATION_FILTERS, tag: "  ", q: "  ", from: "2024-02-30" };
    expect(citationStateToParams({ filters, page: 1, pageSize: 7 }).toString()).toBe("");
  });
});

describe("round trip", () => {
  const stateArbitrary: fc.Arbitrary<CitationUrlState> = fc.record({
    filters: fc.record({
      tag: fc.constantFrom("", "F689", "0689", "689", "f-0880", "abc"),
      category: fc.constantFrom("", "Infection Control Deficiencies", "A & B / C"),
      harm: fc.option(fc.constantFrom(...HARM_FILTERS), { nil: null }),
      kind: fc.option(fc.constantFrom(...SURVEY_KINDS), { nil: null }),
      type: fc.constantFrom(...INSPECTION_TYPES),
      states: fc.uniqueArray(fc.constantFrom("AL", "CA", "NY", "TX", "PR"), { maxLength: 3 }),
      entities: fc.uniqueArray(
        fc.string({ minLength: 1, maxLength: 20 }).filter((value) => value.trim() !== ""),
        { maxLength: 2 },
      ),
      from: fc.constantFrom("", "2020-01-01", "2024-02-29"),
      to: fc.constantFrom("", "2023-12-31", "2026-10-01"),
      q: fc.constantFrom("", "fall", "hand hygiene", "résident's"),
    }),
    page: fc.integer({ min: 1, max: 500 }),
    pageSize: fc.constantFrom(25, 50, 100),
  });

  it("reads back what it writes, and writes it back the same", () => {
    fc.assert(
      fc.property(stateArbitrary, (state) => {
        const query = citationStateToParams(state).toString();
        expect(parse(query)).toEqual(state);
        expect(citationStateToParams(parse(query)).toString()).toBe(query);
      }),
    );
  });

  it("never throws on arbitrary addresses", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (query) => {
        const state = parse(query);
        expect(parse(citationStateToParams(state).toString())).toEqual(state);
      }),
    );
  });
});

describe("hasCitationFilters", () => {
  it("is false for the defaults and blank text, true for any filter", () => {
    expect(hasCitationFilters(DEFAULT_CITATION_FILTERS)).toBe(false);
    expect(hasCitationFilters({ ...DEFAULT_CITATION_FILTERS, tag: " ", q: "  " })).toBe(false);
    const changes: Partial<CitationFilters>[] = [
      { tag: "689" },
      { category: "X" },
      { harm: "jeopardy" },
      { kind: "infectionControl" },
      { states: ["CA"] },
      { entities: ["E"] },
      { from: "2024-01-01" },
      { to: "2024-01-01" },
      { q: "fall" },
    ];
    for (const change of changes) {
      expect(hasCitationFilters({ ...DEFAULT_CITATION_FILTERS, ...change }), JSON.stringify(change)).toBe(
        true,
      );
    }
  });
});

describe("withoutUnknownChoices", () => {
  const filters = { ...DEFAULT_CITATION_FILTERS, states: ["CA", "ZZ"], category: "Made Up" };
  it("drops the states and the category the server does not know", () => {
    expect(withoutUnknownChoices(filters, { states: ["CA", "NY"], categories: ["Real"] })).toEqual({
      ...filters,
      states: ["CA"],
      category: "",
    });
  });
  it("keeps them while a list is not known", () => {
    expect(withoutUnknownChoices(filters, { states: null, categories: null })).toEqual(filters);
    expect(withoutUnknownChoices(filters, { states: null, categories: ["Made Up"] })).toEqual(filters);
  });
});

describe("toCitationQuery", () => {
  it("sends a tag as CMS writes it, whichever way it was typed", () => {
    for (const tag of ["F689", "f0689", "0689", "689", "F-0689"]) {
      expect(toCitationQuery(parse(`tag=${tag}`)).tag, tag).toBe("0689");
    }
  });
  it("sends text that is no tag as typed, for the API to refuse", () => {
    expect(toCitationQuery(parse("tag=abc")).tag).toBe("abc");
  });
  it("sends every filter, the page and its size, which the API's encoding writes canonically", () => {
    const query = toCitationQuery(
      parse(
        "state=TX&state=CA&harm=jeopardy&kind=infectionControl&from=2024-01-01&q=fall%20%20risk&page=3&pageSize=25&tag=880",
      ),
    );
    expect(query).toEqual({
      tag: "0880",
      category: null,
      harm: "jeopardy",
      kind: "infectionControl",
      type: "health",
      states: ["CA", "TX"],
      entities: [],
      from: "2024-01-01",
      to: null,
      q: "fall risk",
      page: 3,
      pageSize: 25,
    });
    expect(citationQueryToSearchParams(query).toString()).toBe(
      "tag=0880&harm=jeopardy&kind=infectionControl&state=CA&state=TX&from=2024-01-01&q=fall+risk&page=3&pageSize=25",
    );
  });
  it("sends nothing for the defaults but the page size", () => {
    expect(citationQueryToSearchParams(toCitationQuery(DEFAULT_STATE)).toString()).toBe("pageSize=50");
  });
});
