import { describe, expect, it } from "vitest";
import { entityPath } from "./entity-path.ts";

describe("entityPath", () => {
  it("keeps the whole name in one path segment", () => {
    expect(entityPath("A/B & C #1 100%?")).toBe("/entity/A%2FB%20%26%20C%20%231%20100%25%3F");
    expect(decodeURIComponent(entityPath("A/B & C #1").slice("/entity/".length))).toBe("A/B & C #1");
  });
});
