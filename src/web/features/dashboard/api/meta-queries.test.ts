import { describe, expect, it } from "vitest";
import type { Meta } from "../../../../core/api-types.ts";
import { metaRefetchInterval } from "./meta-queries.ts";

const meta: Meta = {
  source: "cms",
  latestProcessingDate: null,
  facilitiesProcessingDate: null,
  processingDates: [],
  facilityCount: 0,
  snapshotCount: 0,
  dataVersion: "1",
  load: {
    isLoading: true,
    kind: "initial",
    step: null,
    filesDone: 0,
    filesTotal: 12,
    bytesDone: null,
    bytesTotal: null,
  },
  refresh: { intervalSeconds: 0, lastCheck: null, lastSuccess: null, nextCheck: null, lastError: null },
};

describe("metaRefetchInterval", () => {
  const idle = { ...meta, load: { ...meta.load, isLoading: false } };
  const now = Date.parse("2026-06-24T12:00:00Z");
  const withNextCheck = (nextCheck: string | null, intervalSeconds = 3600) => ({
    ...idle,
    refresh: { ...idle.refresh, intervalSeconds, nextCheck },
  });
  it("polls every 2 s while the server loads, and not otherwise", () => {
    expect(metaRefetchInterval(meta, now)).toBe(2000);
    expect(metaRefetchInterval(idle, now)).toBe(false);
    expect(metaRefetchInterval(undefined, now)).toBe(false);
    expect(metaRefetchInterval(withNextCheck(null), now)).toBe(false);
    expect(metaRefetchInterval(withNextCheck("2026-06-24T12:10:00Z", 0), now)).toBe(false);
  });
  it("asks again just after the next refresh check, within 30 s to 1 h", () => {
    expect(metaRefetchInterval(withNextCheck("2026-06-24T12:10:00Z"), now)).toBe(605_000);
    expect(metaRefetchInterval(withNextCheck("2026-06-24T11:00:00Z"), now)).toBe(30_000);
    expect(metaRefetchInterval(withNextCheck("2026-06-25T12:00:00Z"), now)).toBe(3_600_000);
  });
});
