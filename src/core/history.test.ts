import { describe, expect, it } from "vitest";
import type { RatingSnapshot } from "./api-types.ts";
import {
  DEFAULT_HISTORY_RANGE,
  filterHistoryByRange,
  formatMonthDay,
  formatMonthYear,
  formatShortDate,
  getRangeStart,
  getSeasonalityColor,
  groupSeasonality,
  isHistoryRange,
  SEASONALITY_COLORS,
  selectMonthTicks,
  subtractMonths,
  withMonthlyGaps,
} from "./history.ts";

function snapshot(processingDate: string, overall: number | null = 3, extra: Partial<RatingSnapshot> = {}) {
  return {
    ccn: "015009",
    processingDate,
    overallRating: overall,
    healthInspectionRating: overall,
    qmRating: overall,
    longStayQmRating: null,
    shortStayQmRating: null,
    staffingRating: overall,
    ...extra,
  } satisfies RatingSnapshot;
}

const dates = (list: readonly { processingDate: string }[]) => list.map((item) => item.processingDate);

/** Facility 015009 in the real CMS files: ratings-only exports and two provider files. */
const BURNS_HISTORY = [
  snapshot("2023-04-01", 4, { staffingRating: 4 }),
  snapshot("2017-02-01", 4, { staffingRating: 5 }),
  snapshot("2020-06-01", 4, { staffingRating: 4 }),
  snapshot("2020-07-01", 4, { staffingRating: 4 }),
  snapshot("2020-08-01", 4, { staffingRating: 4 }),
  snapshot("2021-08-01", 5, { staffingRating: 1 }),
];

/** Monthly releases Jan 2022 to Jul 2024 with the public record's gaps: December 2022 and 2023. */
function monthlyWithDecemberGaps(): RatingSnapshot[] {
  const list: RatingSnapshot[] = [];
  for (let year = 2022; year <= 2024; year += 1) {
    for (let month = 1; month <= 12; month += 1) {
      if (month === 12 || (year === 2024 && month > 7)) continue;
      list.push(snapshot(`${year}-${String(month).padStart(2, "0")}-01`, ((year + month) % 5) + 1));
    }
  }
  return list;
}

describe("subtractMonths", () => {
  it("moves back whole calendar months across years", () => {
    expect(subtractMonths("2023-04-01", 6)).toBe("2022-10-01");
    expect(subtractMonths("2023-04-01", 12)).toBe("2022-04-01");
    expect(subtractMonths("2024-01-15", 1)).toBe("2023-12-15");
  });
  it("clamps the day to the target month", () => {
    expect(subtractMonths("2024-08-31", 6)).toBe("2024-02-29");
    expect(subtractMonths("2023-08-31", 6)).toBe("2023-02-28");
    expect(subtractMonths("2024-03-31", 1)).toBe("2024-02-29");
  });
});

describe("filterHistoryByRange", () => {
  it("defaults to one year and knows its ranges", () => {
    expect(DEFAULT_HISTORY_RANGE).toBe("1Y");
    expect(isHistoryRange("6M")).toBe(true);
    expect(isHistoryRange("All")).toBe(true);
    expect(isHistoryRange("2Y")).toBe(false);
  });

  it("returns nothing for no snapshots, whatever the range", () => {
    for (const range of ["6M", "1Y", "All"] as const) expect(filterHistoryByRange([], range)).toEqual([]);
    expect(getRangeStart([], "1Y")).toBeNull();
  });

  it("measures back from the latest snapshot, not from today, and includes the boundary dates", () => {
    const history = [
      snapshot("2021-09-30"),
      snapshot("2021-10-01"),
      snapshot("2022-03-31"),
      snapshot("2022-04-01"),
      snapshot("2022-09-30"),
      snapshot("2022-10-01"),
      snapshot("2023-04-01"),
    ];
    expect(getRangeStart(history, "6M")).toBe("2022-10-01");
    expect(dates(filterHistoryByRange(history, "6M"))).toEqual(["2022-10-01", "2023-04-01"]);
    expect(getRangeStart(history, "1Y")).toBe("2022-04-01");
    expect(dates(filterHistoryByRange(history, "1Y"))).toEqual([
      "2022-04-01",
      "2022-09-30",
      "2022-10-01",
      "2023-04-01",
    ]);
    expect(getRangeStart(history, "All")).toBeNull();
    expect(filterHistoryByRange(history, "All")).toHaveLength(history.length);
  });

  it("sorts unsorted input ascending and leaves the input alone", () => {
    const input = [...BURNS_HISTORY];
    expect(dates(filterHistoryByRange(input, "All"))).toEqual([
      "2017-02-01",
      "2020-06-01",
      "2020-07-01",
      "2020-08-01",
      "2021-08-01",
      "2023-04-01",
    ]);
    expect(dates(filterHistoryByRange(input, "1Y"))).toEqual(["2023-04-01"]);
    expect(dates(filterHistoryByRange(input, "6M"))).toEqual(["2023-04-01"]);
    expect(input).toEqual(BURNS_HISTORY);
  });

  it("keeps a single snapshot in every range", () => {
    for (const range of ["6M", "1Y", "All"] as const) {
      expect(dates(filterHistoryByRange([snapshot("2019-05-01")], range))).toEqual(["2019-05-01"]);
    }
  });

  it("counts a year of monthly data with a missing December as 12 months back", () => {
    const history = monthlyWithDecemberGaps();
    expect(dates(filterHistoryByRange(history, "1Y"))).toEqual([
      "2023-07-01",
      "2023-08-01",
      "2023-09-01",
      "2023-10-01",
      "2023-11-01",
      "2024-01-01",
      "2024-02-01",
      "2024-03-01",
      "2024-04-01",
      "2024-05-01",
      "2024-06-01",
      "2024-07-01",
    ]);
    expect(dates(filterHistoryByRange(history, "6M"))[0]).toBe("2024-01-01");
  });
});

describe("withMonthlyGaps", () => {
  it("returns no rows for no snapshots", () => {
    expect(withMonthlyGaps([])).toEqual([]);
    expect(withMonthlyGaps([], { from: "2020-01-01" })).toEqual([]);
  });

  it("maps the four ratings and leaves consecutive months alone", () => {
    const rows = withMonthlyGaps([
      snapshot("2020-07-01", 4, { healthInspectionRating: 3, qmRating: 5, staffingRating: null }),
      snapshot("2020-06-01", 2),
    ]);
    expect(rows).toEqual([
      { date: "2020-06-01", overall: 2, health: 2, qm: 2, staffing: 2, isGap: false },
      { date: "2020-07-01", overall: 4, health: 3, qm: 5, staffing: null, isGap: false },
    ]);
  });

  it("inserts a null row for every missing month between two snapshots, across a year end", () => {
    const rows = withMonthlyGaps([snapshot("2021-11-01", 3), snapshot("2022-02-01", 4)]);
    expect(rows.map((row) => [row.date, row.overall, row.isGap])).toEqual([
      ["2021-11-01", 3, false],
      ["2021-12-01", null, true],
      ["2022-01-01", null, true],
      ["2022-02-01", 4, false],
    ]);
    const gap = rows[1];
    expect(gap && [gap.health, gap.qm, gap.staffing]).toEqual([null, null, null]);
  });

  it("marks the missing Decembers of monthly data as gaps, and nothing else", () => {
    const history = monthlyWithDecemberGaps();
    const rows = withMonthlyGaps(history);
    expect(rows).toHaveLength(history.length + 2);
    expect(rows.filter((row) => row.isGap).map((row) => row.date)).toEqual(["2022-12-01", "2023-12-01"]);
  });

  it("spans years of silence in the real 015009 history with one row a month", () => {
    const rows = withMonthlyGaps(BURNS_HISTORY);
    // Feb 2017 to Apr 2023 inclusive is 75 months; six of them have a snapshot.
    expect(rows).toHaveLength(75);
    expect(rows.filter((row) => !row.isGap).map((row) => row.staffing)).toEqual([5, 4, 4, 4, 1, 4]);
    expect(rows.map((row) => row.date)).toEqual([...rows.map((row) => row.date)].sort());
  });

  it("pads the months from the range start up to the first snapshot", () => {
    const rows = withMonthlyGaps([snapshot("2023-04-01", 4)], { from: "2022-10-01" });
    expect(rows.map((row) => row.date)).toEqual([
      "2022-10-01",
      "2022-11-01",
      "2022-12-01",
      "2023-01-01",
      "2023-02-01",
      "2023-03-01",
      "2023-04-01",
    ]);
    expect(rows.slice(0, 6).every((row) => row.isGap)).toBe(true);
  });

  it("keeps two snapshots of the same month without a gap between them", () => {
    const rows = withMonthlyGaps([
      snapshot("2024-06-01", 3),
      snapshot("2024-06-15", 4),
      snapshot("2024-07-01", 4),
    ]);
    expect(rows.map((row) => row.isGap)).toEqual([false, false, false]);
  });
});

describe("selectMonthTicks", () => {
  it("labels every month of a short range", () => {
    const rows = withMonthlyGaps([snapshot("2023-01-01"), snapshot("2023-06-01")]);
    expect(selectMonthTicks(rows.map((row) => row.date))).toHaveLength(6);
  });
  it("thins long ranges to regular, January-aligned steps", () => {
    const ticks = selectMonthTicks(withMonthlyGaps(BURNS_HISTORY).map((row) => row.date));
    // 75 months: half-yearly labels (12), January and July.
    expect(ticks).toHaveLength(12);
    expect(ticks[0]).toBe("2017-07-01");
    expect(ticks.every((date) => date.endsWith("-01-01") || date.endsWith("-07-01"))).toBe(true);
    expect(
      selectMonthTicks(
        withMonthlyGaps(BURNS_HISTORY).map((row) => row.date),
        6,
      ),
    ).toEqual(["2018-01-01", "2019-01-01", "2020-01-01", "2021-01-01", "2022-01-01", "2023-01-01"]);
  });
  it("copes with nothing", () => {
    expect(selectMonthTicks([])).toEqual([]);
  });
});

describe("groupSeasonality", () => {
  it("returns no years and no rows for no snapshots", () => {
    expect(groupSeasonality([])).toEqual({ years: [], rows: [] });
  });

  it("lays each year over January to December with nulls where a year has no release", () => {
    const { years, rows } = groupSeasonality(monthlyWithDecemberGaps());
    expect(years).toEqual([2022, 2023, 2024]);
    expect(rows.map((row) => row.monthDay)).toEqual([
      "01-01",
      "02-01",
      "03-01",
      "04-01",
      "05-01",
      "06-01",
      "07-01",
      "08-01",
      "09-01",
      "10-01",
      "11-01",
      "12-01",
    ]);
    const december = rows[11];
    expect(december?.ratings).toEqual({ "2022": null, "2023": null, "2024": null });
    const november = rows[10];
    expect(november?.ratings).toEqual({
      "2022": ((2022 + 11) % 5) + 1,
      "2023": ((2023 + 11) % 5) + 1,
      "2024": null,
    });
    // 2024 stops in July: August onwards is null, not carried forward.
    expect(rows.slice(7).every((row) => row.ratings["2024"] === null)).toBe(true);
    expect(rows[6]?.ratings["2024"]).toBe(((2024 + 7) % 5) + 1);
  });

  it("groups unsorted real history by year with isolated months", () => {
    const { years, rows } = groupSeasonality(BURNS_HISTORY);
    expect(years).toEqual([2017, 2020, 2021, 2023]);
    const byMonth = Object.fromEntries(rows.map((row) => [row.monthDay, row.ratings]));
    expect(byMonth["02-01"]).toEqual({ "2017": 4, "2020": null, "2021": null, "2023": null });
    expect(byMonth["06-01"]?.["2020"]).toBe(4);
    expect(byMonth["08-01"]).toEqual({ "2017": null, "2020": 4, "2021": 5, "2023": null });
    expect(byMonth["04-01"]?.["2023"]).toBe(4);
    expect(byMonth["05-01"]?.["2023"]).toBeNull();
  });

  it("keeps a null rating as null and places off-first days on their own month-day", () => {
    const { rows } = groupSeasonality([
      snapshot("2021-03-01", null),
      snapshot("2021-03-15", 2),
      snapshot("2022-03-10", 5),
    ]);
    const byMonth = Object.fromEntries(rows.map((row) => [row.monthDay, row.ratings]));
    expect(rows).toHaveLength(14);
    expect(byMonth["03-01"]).toEqual({ "2021": null, "2022": null });
    // Within a month a rating holds until the next release; it never crosses into another month.
    expect(byMonth["03-10"]).toEqual({ "2021": null, "2022": 5 });
    expect(byMonth["03-15"]).toEqual({ "2021": 2, "2022": 5 });
    expect(byMonth["04-01"]).toEqual({ "2021": null, "2022": null });
  });

  it("cycles over five colours", () => {
    expect(SEASONALITY_COLORS).toHaveLength(5);
    expect(new Set(SEASONALITY_COLORS).size).toBe(5);
    expect(getSeasonalityColor(5)).toBe(getSeasonalityColor(0));
    expect(getSeasonalityColor(7)).toBe(SEASONALITY_COLORS[2]);
  });
});

describe("date labels", () => {
  it("formats months, dates and month-days", () => {
    expect(formatMonthYear("2017-02-01")).toBe("Feb 2017");
    expect(formatShortDate("2021-08-01")).toBe("Aug 1, 2021");
    expect(formatMonthDay("12-01")).toBe("Dec 1");
    expect(formatMonthDay("03-15")).toBe("Mar 15");
  });
});
