import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  bodyText,
  GZIP_OFF_THREAD_BYTES,
  ResponseCache,
  toCachedResponse,
  toCachedResponseAsync,
} from "./response-cache.ts";

describe("the response cache", () => {
  it("keeps at most its number of entries, dropping the least recently used", () => {
    const cache = new ResponseCache(2);
    cache.set("a", toCachedResponse("1"));
    cache.set("b", toCachedResponse("2"));
    cache.get("a");
    cache.set("c", toCachedResponse("3"));
    const a = cache.get("a");
    const c = cache.get("c");
    expect([a && bodyText(a), cache.get("b"), c && bodyText(c)]).toEqual(["1", undefined, "3"]);
  });

  it("keeps its memory under its byte bound, however many entries it may hold", () => {
    const cache = new ResponseCache(1000, 100_000);
    for (let index = 0; index < 200; index += 1) cache.set(`page ${index}`, { body: "x".repeat(10_000) });
    expect(cache.byteSize).toBeLessThanOrEqual(100_000);
    expect(cache.size).toBe(4);
    expect(cache.get("page 199")).toBeDefined();
    expect(cache.get("page 0")).toBeUndefined();
  });

  it("keeps a large body only gzipped, and gives the same text back", () => {
    const text = JSON.stringify(
      Array.from({ length: 300 }, (_, index) => ({
        ccn: String(index).padStart(6, "0"),
        name: `Home ${index}`,
      })),
    );
    const entry = toCachedResponse(text);
    expect(entry.body).toBeUndefined();
    expect(entry.gzipped && gunzipSync(entry.gzipped).toString("utf8")).toBe(text);
    expect(bodyText(entry)).toBe(text);
    // Its bytes are all it holds: not a view of a larger zlib buffer that the cache would keep alive unseen.
    expect(entry.gzipped?.buffer.byteLength).toBe(entry.gzipped?.length);
    // A small body stays text: gzip would not pay for itself.
    expect(toCachedResponse('{"ok":true}')).toEqual({ body: '{"ok":true}' });
  });

  it("gzips a large body of numbers off the thread with the faster setting, and gives the same text back", async () => {
    const count = 15_000;
    const numbers = (scale: number) =>
      Array.from({ length: count }, (_, index) => ((index * 7919) % 100_000) / scale).join(",");
    const text = `{"latitude":[${numbers(2500)}],"longitude":[${numbers(-1000)}]}`;
    expect(text.length).toBeGreaterThan(GZIP_OFF_THREAD_BYTES);
    const fast = await toCachedResponseAsync(text, "numbers");
    const usual = await toCachedResponseAsync(text);
    expect(bodyText(fast)).toBe(text);
    expect(bodyText(usual)).toBe(text);
    expect(fast.gzipped?.buffer.byteLength).toBe(fast.gzipped?.length);
    // A different setting, and a size within a fifth of the usual one.
    expect(fast.gzipped?.equals(usual.gzipped as Buffer)).toBe(false);
    expect(fast.gzipped?.length).toBeLessThan((usual.gzipped?.length ?? 0) * 1.2);
  });

  it("holds a national working set (thousands of list pages) within its byte bound, counted by gzipped size", () => {
    const cache = new ResponseCache();
    const page = (index: number) =>
      JSON.stringify(
        Array.from({ length: 100 }, (_, row) => ({
          ccn: String(index * 100 + row).padStart(6, "0"),
          providerName: `Facility ${index * 100 + row} Care Center`,
          state: "CA",
          overallRating: row % 5,
        })),
      );
    for (let index = 0; index < 3000; index += 1)
      cache.set(`facilities?page=${index}`, toCachedResponse(page(index)));
    expect(cache.size).toBe(3000);
    expect(cache.byteSize).toBeLessThan(48 * 1024 * 1024);
  });
});
