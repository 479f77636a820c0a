import { describe, expect, it } from "vitest";
import {
  describeMarkers,
  METHODOLOGY_EVENTS,
  type MethodologyEntry,
  markersForRows,
  methodChangeFor,
  methodologyEvents,
  NO_RELEASE_LABEL,
  seasonalityMarkers,
} from "./methodology.ts";

/** The months CMS published no release (../shared/data/cms/README.md). */
const MONTHS_WITHOUT_RELEASE = ["2021-12", "2022-12", "2023-12", "2024-12", "2025-01", "2025-08", "2026-01"];

describe("the methodology events", () => {
  it("are dated on the first of a real month, in order, one entry per month", () => {
    const dates = METHODOLOGY_EVENTS.map((event) => event.date);
    for (const date of dates) {
      expect(date).toMatch(/^\d{4}-(0[1-9]|1[0-2])-01$/);
      expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
    }
    expect(dates).toEqual([...dates].sort());
    expect(new Set(dates.map((date) => date.slice(0, 7))).size).toBe(dates.length);
  });

  it("each cite an https source on an official (.gov) domain, with a short label and a sentence", () => {
    for (const event of METHODOLOGY_EVENTS) {
      const url = new URL(event.sourceUrl);
      expect(url.protocol, event.sourceUrl).toBe("https:");
      // CMS (cms.gov, data.cms.gov) or another government agency reproducing a CMS memo.
      expect(url.hostname, event.sourceUrl).toMatch(/^([a-z0-9-]+\.)+gov$/);
      expect(url.search, event.sourceUrl).toBe("");
      expect(event.label.length, event.label).toBeGreaterThan(0);
      expect(event.label.length, event.label).toBeLessThanOrEqual(28);
      expect(event.description.length, event.label).toBeGreaterThan(40);
      expect(event.description, event.label).toMatch(/\.\)?$/);
    }
  });

  it("name every month CMS published no release, and the known changes of method", () => {
    const noRelease = METHODOLOGY_EVENTS.filter((event) => event.kind === "no-release");
    expect(noRelease.map((event) => event.date.slice(0, 7))).toEqual(MONTHS_WITHOUT_RELEASE);
    for (const event of noRelease) expect(event.label).toBe(NO_RELEASE_LABEL);
    const method = new Map(
      METHODOLOGY_EVENTS.filter((event) => event.kind === "method").map((event) => [event.date, event]),
    );
    expect(method.get("2020-04-01")?.label).toMatch(/frozen/i);
    expect(method.get("2022-07-01")?.description).toMatch(/turnover/);
    expect(method.get("2022-07-01")?.description).toMatch(/weekend/);
    expect(method.get("2019-04-01")).toBeDefined();
    expect(method.get("2025-07-01")).toBeDefined();
  });

  it("are served with exactly the four fields of the API, in the same order", () => {
    const served = methodologyEvents();
    expect(served).toHaveLength(METHODOLOGY_EVENTS.length);
    for (const [index, event] of served.entries()) {
      expect(Object.keys(event)).toEqual(["date", "label", "description", "sourceUrl"]);
      expect(event.date).toBe(METHODOLOGY_EVENTS[index]?.date);
    }
  });
});

const method = (date: string, label = `Change ${date}`): MethodologyEntry => ({
  date,
  kind: "method",
  label,
  description: `Something changed in ${date}.`,
  sourceUrl: "https://www.cms.gov/x",
});
const gap = (date: string): MethodologyEntry => ({
  date,
  kind: "no-release",
  label: NO_RELEASE_LABEL,
  description: "No release.",
  sourceUrl: "https://data.cms.gov/x",
});

describe("methodChangeFor", () => {
  const events = [method("2024-07-01"), gap("2024-12-01")];
  it("matches a release to a change of method of the same month, whatever the day", () => {
    expect(methodChangeFor("2024-07-01", events)?.date).toBe("2024-07-01");
    expect(methodChangeFor("2024-07-15", events)?.date).toBe("2024-07-01");
    expect(methodChangeFor("2024-06-01", events)).toBeUndefined();
    expect(methodChangeFor("2024-08-01", events)).toBeUndefined();
  });
  it("never matches a month without a release", () => {
    expect(methodChangeFor("2024-12-01", events)).toBeUndefined();
  });
  it("knows the July 2022 staffing change", () => {
    expect(methodChangeFor("2022-07-01")?.label).toBe("Turnover in staffing rating");
  });
});

describe("markersForRows", () => {
  const events = [
    method("2023-03-01"),
    method("2024-07-01", "Staffing"),
    gap("2024-12-01"),
    gap("2025-01-01"),
    gap("2025-08-01"),
  ];

  it("places only the events within the rows' months, at the first row of the month", () => {
    const rows = ["2024-06-01", "2024-07-01", "2024-07-20", "2024-08-01"];
    const markers = markersForRows(rows, events);
    expect(markers.map((marker) => [marker.at, marker.label, marker.when])).toEqual([
      ["2024-07-01", "Staffing", "Jul 2024"],
    ]);
    expect(markersForRows(["2024-07-05"], events)[0]?.at).toBe("2024-07-05");
    expect(markersForRows([], events)).toEqual([]);
    expect(markersForRows(["2026-01-01"], events)).toEqual([]);
  });

  it("gives a run of months without a release one label, and every month its marker", () => {
    const rows = [
      "2024-11-01",
      "2024-12-01",
      "2025-01-01",
      "2025-02-01",
      "2025-07-01",
      "2025-08-01",
      "2025-09-01",
    ];
    const markers = markersForRows(rows, events);
    expect(markers.map((marker) => [marker.at, marker.label, marker.kind])).toEqual([
      ["2024-12-01", "No release (2 months)", "no-release"],
      ["2025-01-01", "", "no-release"],
      ["2025-08-01", "No release", "no-release"],
    ]);
    expect(markers[1]?.text).toMatch(/^Jan 2025: No release\. No release\.$/);
  });

  it("describes its markers for the text alternative", () => {
    const markers = markersForRows(["2024-07-01", "2024-12-01"], events);
    expect(describeMarkers(markers)).toBe(
      "Marked: CMS method changes and months without a release: Jul 2024, Staffing; Dec 2024, No release.",
    );
    expect(describeMarkers([])).toBe("");
  });
});

describe("seasonalityMarkers", () => {
  const events = [
    method("2022-07-01", "Turnover"),
    gap("2022-12-01"),
    gap("2023-12-01"),
    method("2023-07-01", "B"),
  ];

  it("marks the month of each event of a year the chart shows, naming the years", () => {
    expect(
      seasonalityMarkers([2023], events).map((marker) => [marker.at, marker.label, marker.when]),
    ).toEqual([
      ["07-01", "B 2023", "Jul 2023"],
      ["12-01", "No release 2023", "Dec 2023"],
    ]);
    const both = seasonalityMarkers([2022, 2023], events);
    expect(both.map((marker) => [marker.at, marker.label, marker.kind])).toEqual([
      ["07-01", "2022 Turnover / 2023 B", "method"],
      ["12-01", "No release 2022, 2023", "no-release"],
    ]);
    expect(both[0]?.text).toContain("Jul 2022: Turnover.");
    expect(seasonalityMarkers([2021], events)).toEqual([]);
  });
});
