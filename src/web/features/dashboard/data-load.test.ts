import { describe, expect, it } from "vitest";
import { type DataLoad, IDLE_LOAD, type RefreshStatus } from "../../../core/api-types.ts";
import {
  formatBytes,
  formatCheckTime,
  formatLastUpdateCheck,
  formatLoadNote,
  formatLoadProgress,
  getFirstLoad,
  getLoadPanel,
  hasDataVersionChanged,
  hasUpdateCheckFailed,
  loadProgressPercent,
} from "./data-load.ts";

const idle: DataLoad = IDLE_LOAD;
const loading: DataLoad = {
  isLoading: true,
  kind: "initial",
  step: "Downloading nursing-homes_2026-06-24.zip",
  filesDone: 3,
  filesTotal: 12,
  bytesDone: 12_400_000,
  bytesTotal: 38_800_000,
};
const refresh: RefreshStatus = {
  intervalSeconds: 86_400,
  lastCheck: null,
  lastSuccess: null,
  nextCheck: null,
  lastError: null,
};

describe("getFirstLoad", () => {
  it("shows the panel only while a load runs and no facility is loaded yet", () => {
    expect(getFirstLoad({ load: loading, facilityCount: 0 })).toBe(loading);
    expect(getFirstLoad({ load: { ...loading, kind: "refresh" }, facilityCount: 0 })).not.toBeNull();
    expect(getFirstLoad({ load: loading, facilityCount: 15_000 })).toBeNull();
    expect(getFirstLoad({ load: idle, facilityCount: 0 })).toBeNull();
    expect(getFirstLoad(undefined)).toBeNull();
  });
});

describe("getLoadPanel", () => {
  it("replaces the list while nothing is loaded yet", () => {
    expect(getLoadPanel({ load: loading, facilityCount: 0 }, undefined)).toBe(loading);
    expect(getLoadPanel({ load: loading, facilityCount: 0 }, 0)).toBe(loading);
    expect(getLoadPanel(undefined, 0)).toBeNull();
    expect(getLoadPanel({ load: idle, facilityCount: 0 }, 0)).toBeNull();
  });
  it("replaces an empty list while the first load runs, never a refresh's", () => {
    expect(getLoadPanel({ load: loading, facilityCount: 500 }, 0)).toBe(loading);
    expect(getLoadPanel({ load: loading, facilityCount: 500 }, 100)).toBeNull();
    expect(getLoadPanel({ load: { ...loading, kind: "refresh" }, facilityCount: 500 }, 0)).toBeNull();
  });
});

describe("hasDataVersionChanged", () => {
  it("is true only between two different known versions", () => {
    expect(hasDataVersionChanged("1.0.5", "2.0.9")).toBe(true);
    expect(hasDataVersionChanged("1.0.5", "1.0.5")).toBe(false);
    expect(hasDataVersionChanged(undefined, "1.0.5")).toBe(false);
    expect(hasDataVersionChanged("1.0.5", undefined)).toBe(false);
  });
});

describe("formatBytes", () => {
  it("writes both amounts in the total's unit", () => {
    expect(formatBytes(12_400_000, 38_800_000)).toBe("12.4 of 38.8 MB");
    expect(formatBytes(500_000, 38_800_000)).toBe("0.5 of 38.8 MB");
    expect(formatBytes(1_250_000_000, 2_500_000_000)).toBe("1.25 of 2.50 GB");
    expect(formatBytes(12_000, 640_000)).toBe("12 of 640 KB");
  });
  it("writes the amount alone when the total is unknown", () => {
    expect(formatBytes(12_400_000)).toBe("12.4 MB");
    expect(formatBytes(0)).toBe("0 KB");
  });
});

describe("formatLoadProgress", () => {
  it("counts files and adds the current file's bytes when known", () => {
    expect(formatLoadProgress(loading)).toBe("3 of 12 files · 12.4 of 38.8 MB");
    expect(formatLoadProgress({ ...loading, bytesTotal: null })).toBe("3 of 12 files · 12.4 MB");
    expect(formatLoadProgress({ ...loading, bytesDone: null, bytesTotal: null })).toBe("3 of 12 files");
    expect(formatLoadProgress({ ...loading, filesDone: 0, filesTotal: 1, bytesDone: null })).toBe(
      "0 of 1 file",
    );
  });
  it("is empty before the files are known", () => {
    expect(formatLoadProgress({ ...loading, filesTotal: 0, bytesDone: null, bytesTotal: null })).toBe("");
  });
});

describe("loadProgressPercent", () => {
  it("counts whole files plus the downloaded part of the current one", () => {
    expect(loadProgressPercent({ ...loading, bytesDone: null, bytesTotal: null })).toBe(25);
    expect(loadProgressPercent({ ...loading, bytesDone: 19_400_000 })).toBe(29);
    expect(loadProgressPercent({ ...loading, filesDone: 12 })).toBe(100);
  });
  it("stays within 0 to 100 and is indeterminate before the files are known", () => {
    expect(loadProgressPercent({ ...loading, bytesDone: 50_000_000 })).toBe(33);
    expect(loadProgressPercent({ ...loading, filesDone: 13 })).toBe(100);
    expect(loadProgressPercent({ ...loading, filesTotal: 0 })).toBeNull();
  });
});

describe("formatLoadNote", () => {
  it("names a refresh or a load and counts files", () => {
    expect(formatLoadNote({ ...loading, kind: "refresh" })).toBe("Updating from CMS · 3 of 12 files");
    expect(formatLoadNote({ ...loading, kind: "refresh", filesTotal: 0 })).toBe("Updating from CMS");
    expect(formatLoadNote(loading)).toBe("Loading from CMS · 3 of 12 files");
    expect(formatLoadNote(idle)).toBeNull();
  });
  it("says the demo's history is loading, not CMS data, once its newest month is listed", () => {
    expect(formatLoadNote({ ...loading, filesTotal: 0 }, "demo")).toBe("Loading the demo history");
    expect(formatLoadNote({ ...loading, kind: "refresh" }, "demo")).toBe("Updating from CMS · 3 of 12 files");
    expect(formatLoadNote(loading, "cms")).toBe("Loading from CMS · 3 of 12 files");
  });
});

describe("update checks", () => {
  const now = new Date(2026, 5, 24, 18, 30);
  it("writes the time today and the date before", () => {
    expect(formatCheckTime(new Date(2026, 5, 24, 14, 5).toISOString(), now)).toMatch(/^at 2:05\sPM$/);
    expect(formatCheckTime(new Date(2026, 4, 3, 9, 0).toISOString(), now)).toBe("on May 3");
    expect(formatCheckTime(new Date(2025, 11, 31, 9, 0).toISOString(), now)).toBe("on Dec 31, 2025");
    expect(formatCheckTime("not a date", now)).toBeNull();
  });
  it("says when updates were last checked, once a check succeeded", () => {
    expect(formatLastUpdateCheck(refresh, now)).toBeNull();
    const lastSuccess = new Date(2026, 5, 20, 3, 0).toISOString();
    expect(formatLastUpdateCheck({ ...refresh, lastSuccess }, now)).toBe("checked for updates on Jun 20");
  });
  it("reports a failed check only when no success came after it", () => {
    const earlier = "2026-06-23T03:00:00.000Z";
    const later = "2026-06-24T03:00:00.000Z";
    expect(hasUpdateCheckFailed(refresh)).toBe(false);
    expect(hasUpdateCheckFailed({ ...refresh, lastError: "HTTP 503" })).toBe(true);
    expect(
      hasUpdateCheckFailed({ ...refresh, lastError: "HTTP 503", lastSuccess: earlier, lastCheck: later }),
    ).toBe(true);
    expect(
      hasUpdateCheckFailed({ ...refresh, lastError: "HTTP 503", lastSuccess: later, lastCheck: later }),
    ).toBe(false);
    expect(hasUpdateCheckFailed({ ...refresh, lastSuccess: earlier, lastCheck: later })).toBe(false);
  });
});
