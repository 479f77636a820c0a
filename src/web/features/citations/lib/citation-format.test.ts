import { describe, expect, it } from "vitest";
import { describeCitationCount, fieldOfParam, severityTone } from "./citation-format.ts";

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

describe("severityTone", () => {
  it("colours by harm level", () => {
    expect(severityTone("B")).toBe("minimal");
    expect(severityTone("E")).toBe("potential");
    expect(severityTone("H")).toBe("actual");
    expect(severityTone("L")).toBe("jeopardy");
    expect(severityTone(null)).toBe("none");
  });
});
