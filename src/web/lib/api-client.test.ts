import { describe, expect, it } from "vitest";
import { readCacheMode, revalidateCachedReads } from "./api-client.ts";

describe("readCacheMode", () => {
  it("revalidates cached reads for 5 min after the data changed, and keeps a caller's mode", () => {
    const changedAt = 1_000_000;
    expect(readCacheMode(undefined, changedAt)).toBeUndefined();
    revalidateCachedReads(changedAt);
    expect(readCacheMode(undefined, changedAt + 1)).toBe("no-cache");
    expect(readCacheMode(undefined, changedAt + 299_999)).toBe("no-cache");
    expect(readCacheMode(undefined, changedAt + 300_000)).toBeUndefined();
    expect(readCacheMode("no-cache", changedAt + 400_000)).toBe("no-cache");
  });
});
