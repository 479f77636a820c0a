import { describe, expect, it } from "vitest";
import { ownerQueryText, ownerSuggestionsQueryOptions } from "./owners-queries.ts";

describe("ownerQueryText", () => {
  it("asks only for two characters or more with a letter or digit, trimmed and with single spaces", () => {
    expect(ownerQueryText("")).toBe("");
    expect(ownerQueryText(" a ")).toBe("");
    expect(ownerQueryText("&,")).toBe("");
    expect(ownerQueryText("  acme   health ")).toBe("acme health");
    expect(ownerQueryText("ab")).toBe("ab");
    expect(ownerQueryText("x".repeat(250))).toHaveLength(200);
  });
  it("is off for text it would not send, and keyed by the text sent", () => {
    expect(ownerSuggestionsQueryOptions("a").enabled).toBe(false);
    const options = ownerSuggestionsQueryOptions("  Acme  Health ");
    expect(options.enabled).toBe(true);
    expect(options.queryKey).toEqual(["owner-suggestions", "Acme Health"]);
  });
});
