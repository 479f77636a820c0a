import { describe, expect, it } from "vitest";
import { ResponseCache } from "./response-cache.ts";

describe("the response cache", () => {
  it("keeps at most its number of entries, dropping the least recently used", () => {
    const cache = new ResponseCache(2);
    cache.set("a", { body: "1" });
    cache.set("b", { body: "2" });
    cache.get("a");
    cache.set("c", { body: "3" });
    expect([cache.get("a")?.body, cache.get("b"), cache.get("c")?.body]).toEqual(["1", undefined, "3"]);
  });

  it("keeps its memory under its byte bound, however many entries it may hold", () => {
    const cache = new ResponseCache(1000, 100_000);
    for (let index = 0; index < 200; index += 1) cache.set(`page ${index}`, { body: "x".repeat(10_000) });
    expect(cache.byteSize).toBeLessThanOrEqual(100_000);
    expect(cache.size).toBe(4);
    expect(cache.get("page 199")).toBeDefined();
    expect(cache.get("page 0")).toBeUndefined();
  });
});
