// The feeds of rating changes (docs/api.md, "Feeds of rating changes"), in-process against a real database (PGlite,
// and PostgreSQL when TEST_DATABASE_URL is set), on demo data loaded as the CMS sync loads a history (the newest file
// first, then the older months one publication at a time), with a facility missing for a few months and a second file
// for a month: every feed document is valid Atom, and its entries are the rating changes the API gives for each
// facility of the view (GET /api/facilities/{ccn}/changes) in the newest 12 releases.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Papa from "papaparse";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AtomFeed, readAtomFeed } from "../../test/atom-feed.ts";
import { tempDir } from "../../test/csv-fixtures.ts";
import { engines, openTestDb } from "../../test/databases.ts";
import {
  type FacilityListResponse,
  facilityListResponseSchema,
  type RatingChange,
  ratingChangeSchema,
} from "../core/api-types.ts";
import {
  CHANGES_FEED_PATH,
  changeEntryTitle,
  describeChange,
  FEED_AUTHOR,
  FEED_PAGE_SIZE,
  RECENT_RELEASES,
} from "../core/change-feed.ts";
import type { Db } from "../db/client.ts";
import { type DemoFile, writeDemoFiles } from "../ingest/demo-data.ts";
import { recomputeDerived } from "../ingest/derive.ts";
import { ingestFiles } from "../ingest/ingest.ts";
import { type App, createApp } from "./app.ts";

const ORIGIN = "http://feeds.example";
const CCN_COLUMNS = ["CMS Certification Number (CCN)", "Federal Provider Number"];

/** Rewrites a demo file's records with `edit` (the file stays valid CSV). */
function editCsv(
  path: string,
  edit: (at: (name: string) => number, records: string[][]) => string[][],
  to = path,
): void {
  const [header = [], ...records] = Papa.parse<string[]>(readFileSync(path, "utf8"), {
    skipEmptyLines: true,
  }).data;
  const at = (name: string) => header.indexOf(name);
  const ccnAt = (name: string) =>
    name === "ccn" ? (CCN_COLUMNS.map(at).find((index) => index >= 0) ?? -1) : at(name);
  writeFileSync(to, `${Papa.unparse([header, ...edit(ccnAt, records)], { newline: "\n" })}\n`);
}

/** One entry as the feed should have it: a facility's changes in one release. */
interface ExpectedEntry {
  ccn: string;
  date: string;
  previousDate: string;
  changes: RatingChange[];
}

/** A whole view's feed: every page, followed by its `next` links from the first. */
async function readAllPages(app: App, path: string): Promise<AtomFeed[]> {
  const pages: AtomFeed[] = [];
  let url: string | undefined = `${ORIGIN}${path}`;
  while (url !== undefined) {
    const response = await app.request(url);
    expect(response.status, url).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const feed = readAtomFeed(await response.text());
    // The first page's own link is the canonical form of the address asked for; the others are those followed.
    if (pages.length === 0) expect(feed.links.self?.startsWith(`${ORIGIN}${CHANGES_FEED_PATH}`)).toBe(true);
    else expect(feed.links.self).toBe(url);
    pages.push(feed);
    expect(pages.length).toBeLessThan(100);
    url = feed.links.next;
  }
  return pages;
}

describe.each(engines)("feeds of rating changes on $name", (engine) => {
  let db: Db;
  let app: App;
  let files: DemoFile[];
  let recent: string[];
  /** Every current facility's position in the list's order (name, then CCN). */
  const listOrder = new Map<string, number>();
  const names = new Map<string, { name: string; state: string | null }>();
  /** Every entry the national feed should hold, in its order. */
  let expected: ExpectedEntry[];
  /** A facility missing from four months across the start of the newest releases. */
  let gapCcn: string;

  const getJson = async (path: string) => {
    const response = await app.request(`${ORIGIN}${path}`);
    expect(response.status, path).toBe(200);
    return response.json();
  };
  /** Every facility of a list view, all pages. */
  const listCcns = async (query: string): Promise<Set<string>> => {
    const ccns = new Set<string>();
    for (let page = 1; ; page += 1) {
      const list: FacilityListResponse = facilityListResponseSchema.parse(
        await getJson(`/api/facilities?${query}${query ? "&" : ""}pageSize=1000&page=${page}`),
      );
      for (const item of list.data) ccns.add(item.ccn);
      if (page * 1000 >= list.totalCount) return ccns;
    }
  };
  const byFeedOrder = (a: ExpectedEntry, b: ExpectedEntry) =>
    a.date === b.date ? (listOrder.get(a.ccn) ?? 0) - (listOrder.get(b.ccn) ?? 0) : a.date < b.date ? 1 : -1;
  const entryId = (entry: { ccn: string; date: string }) =>
    `tag:cms-star-ratings-dashboard,2026:facility/${entry.ccn}/${entry.date}`;
  const expectEntries = (pages: AtomFeed[], entries: ExpectedEntry[], label: string) => {
    const actual = pages.flatMap((page) => page.entries);
    expect(
      actual.map((entry) => entry.id),
      label,
    ).toEqual(entries.map(entryId));
    for (const [index, entry] of entries.entries()) {
      const got = actual[index] as AtomFeed["entries"][number];
      const facility = names.get(entry.ccn) as { name: string; state: string | null };
      expect(got.title).toBe(changeEntryTitle(facility, entry.changes));
      expect(got.updated).toBe(`${entry.date}T00:00:00.000Z`);
      expect(got.link).toBe(`${ORIGIN}/facility/${entry.ccn}`);
      for (const change of entry.changes) expect(got.content).toContain(describeChange(change));
      expect(got.content).toContain(`processing date ${entry.date}`);
    }
  };

  beforeAll(async () => {
    const dir = tempDir();
    files = (await writeDemoFiles(dir, { facilities: 700, months: 16 })).filter(
      (file) => file.table === "provider",
    );
    const dates = files.map((file) => file.processingDate);
    // A current facility missing from four months (two before the newest releases, two in them), with another
    // overall rating before the gap: its change across the gap is in the feed, compared with the month before it.
    const newest = files.at(-1) as DemoFile;
    editCsv(newest.path, (at, records) => {
      gapCcn = (records[7] as string[])[at("ccn")]?.padStart(6, "0") as string;
      return records;
    });
    const firstRecent = dates.length - RECENT_RELEASES;
    const isGap = (at: (name: string) => number) => (record: string[]) =>
      record[at("ccn")]?.padStart(6, "0") === gapCcn;
    for (const file of files.slice(firstRecent - 2, firstRecent + 2)) {
      editCsv(file.path, (at, records) => records.filter((record) => !isGap(at)(record)));
    }
    const afterGap = files[firstRecent + 2] as DemoFile;
    let ratingAfter = 0;
    editCsv(afterGap.path, (at, records) => {
      ratingAfter = Number(records.find(isGap(at))?.[at("Overall Rating")]);
      return records;
    });
    expect(ratingAfter).toBeGreaterThan(0);
    editCsv(files[firstRecent - 3]?.path as string, (at, records) => {
      const record = records.find(isGap(at)) as string[];
      record[at("Overall Rating")] = String(ratingAfter === 5 ? 3 : ratingAfter + 1);
      return records;
    });
    // A second file for a month among the newest releases, with every fourth overall rating moved by one star.
    const republished = join(dir, "republished.csv");
    editCsv(
      (files[dates.length - 5] as DemoFile).path,
      (at, records) =>
        records.map((record, index) => {
          const rating = Number(record[at("Overall Rating")]);
          if (index % 4 !== 0 || !(rating >= 1 && rating <= 5)) return record;
          const moved = [...record];
          moved[at("Overall Rating")] = String(rating === 5 ? 4 : rating + 1);
          return moved;
        }),
      republished,
    );

    db = await openTestDb(engine);
    const loaded = [
      ...(await ingestFiles(db, [newest.path], { source: "demo" })),
      ...(await ingestFiles(
        db,
        files
          .slice(0, -1)
          .reverse()
          .map((file) => file.path),
        { source: "demo", publishEachFile: true },
      )),
      ...(await ingestFiles(db, [republished], { source: "demo" })),
    ];
    expect(loaded.every((result) => result.status === "loaded")).toBe(true);
    app = createApp({ db, logger: pino({ level: "silent" }), dataVersionTtlMs: 0 });

    recent = dates.slice(-RECENT_RELEASES);
    const list = facilityListResponseSchema.parse(await getJson("/api/facilities?pageSize=1000"));
    expect(list.totalCount).toBeGreaterThan(600);
    for (const [index, item] of list.data.entries()) {
      listOrder.set(item.ccn, index);
      names.set(item.ccn, { name: item.providerName, state: item.state });
    }
    expected = [];
    for (const ccn of listOrder.keys()) {
      const changes = ((await getJson(`/api/facilities/${ccn}/changes`)) as unknown[]).map((change) =>
        ratingChangeSchema.parse(change),
      );
      const byDate = new Map<string, RatingChange[]>();
      for (const change of changes.filter((change) => recent.includes(change.processingDate))) {
        byDate.set(change.processingDate, [...(byDate.get(change.processingDate) ?? []), change]);
      }
      for (const [date, ofDate] of byDate) {
        const previousDate = (ofDate[0] as RatingChange).previousProcessingDate;
        expected.push({ ccn, date, previousDate, changes: ofDate });
      }
    }
    expected.sort(byFeedOrder);
  }, 300_000);
  afterAll(async () => {
    await db?.close();
  });

  it("holds every rating change of the newest 12 releases, as the changes API has them, 200 a page, newest first", async () => {
    expect(expected.length).toBeGreaterThan(2 * FEED_PAGE_SIZE);
    const pages = await readAllPages(app, CHANGES_FEED_PATH);
    const count = Math.ceil(expected.length / FEED_PAGE_SIZE);
    expect(pages).toHaveLength(count);
    for (const [index, page] of pages.entries()) {
      expect(page.entries.length).toBe(
        index < count - 1 ? FEED_PAGE_SIZE : expected.length - index * FEED_PAGE_SIZE,
      );
      const pageUrl = (number: number) =>
        `${ORIGIN}${CHANGES_FEED_PATH}${number > 1 ? `?page=${number}` : ""}`;
      expect(page.links).toEqual({
        alternate: `${ORIGIN}/`,
        self: pageUrl(index + 1),
        first: pageUrl(1),
        last: pageUrl(count),
        ...(index > 0 ? { previous: pageUrl(index) } : {}),
        ...(index < count - 1 ? { next: pageUrl(index + 2) } : {}),
      });
      // Every page is the same feed, updated with the newest release.
      expect(page.id).toBe(`tag:cms-star-ratings-dashboard,2026:${CHANGES_FEED_PATH}`);
      expect(page.title).toBe("Rating changes: all facilities");
      expect(page.updated).toBe(`${recent.at(-1)}T00:00:00.000Z`);
      expect(page.authors).toEqual([FEED_AUTHOR]);
    }
    expectEntries(pages, expected, "national");
    const ids = pages.flatMap((page) => page.entries.map((entry) => entry.id));
    expect(new Set(ids).size).toBe(ids.length);
    // Newest first, and only the newest 12 releases.
    const updated = pages.flatMap((page) => page.entries.map((entry) => entry.updated));
    expect([...updated].sort().reverse()).toEqual(updated);
    expect(new Set(updated.map((date) => date.slice(0, 10)))).toEqual(
      new Set(expected.map((entry) => entry.date)),
    );
    expect(expected.every((entry) => recent.includes(entry.date))).toBe(true);
  });

  it("compares a facility missing for a few months with its snapshot before the gap", async () => {
    const feed = readAtomFeed(
      await (await app.request(`${ORIGIN}${CHANGES_FEED_PATH}?ccn=${gapCcn}`)).text(),
    );
    const firstAfterGap = recent[2] as string;
    const entry = expected.find((item) => item.ccn === gapCcn && item.date === firstAfterGap);
    expect(entry?.previousDate).toBe(files[files.length - RECENT_RELEASES - 3]?.processingDate);
    expectEntries(
      [feed],
      expected.filter((item) => item.ccn === gapCcn),
      "gap",
    );
    const { name, state } = names.get(gapCcn) as { name: string; state: string };
    expect(feed.title).toBe(`Rating changes: ${name} (${state})`);
    expect(feed.links.alternate).toBe(`${ORIGIN}/facility/${gapCcn}`);
  });

  it("keeps the changes of the facilities of the view, with the list's filters", async () => {
    const sample = [...listOrder.keys()];
    const anyState = names.get(sample[3] as string)?.state as string;
    const word = names
      .get(sample[40] as string)
      ?.name.split(" ")[0]
      ?.toLowerCase() as string;
    const views = [
      `state=${anyState}`,
      "rating=4",
      `search=${encodeURIComponent(word)}`,
      `ccn=${sample[5]}&ccn=${sample[50]}&ccn=${sample[500]}`,
      "alertEnabled=true",
      "alertEnabled=true&alertMetric=Staffing+Rating&alertPeriod=lastQuarter",
      `state=${anyState}&rating=3`,
    ];
    for (const view of views) {
      const inView = await listCcns(view);
      const entries = expected.filter((entry) => inView.has(entry.ccn));
      expect(entries.length, view).toBeGreaterThan(0);
      expectEntries(await readAllPages(app, `${CHANGES_FEED_PATH}?${view}`), entries, view);
    }
    const stateFeed = readAtomFeed(
      await (await app.request(`${ORIGIN}${CHANGES_FEED_PATH}?state=${anyState}&rating=4`)).text(),
    );
    expect(stateFeed.title).toBe(`Rating changes: ${anyState}, 4+ stars`);
    expect(stateFeed.links.alternate).toBe(`${ORIGIN}/?rating=4&state=${anyState}`);
  });

  it("filters by a place and radius as the list does", async () => {
    const { city, state } = (await getJson(`/api/facilities/${[...listOrder.keys()][10]}`)) as {
      city: string;
      state: string;
    };
    const view = `near=${encodeURIComponent(`${city}, ${state}`)}&radius=100`;
    const inView = await listCcns(view);
    expect(inView.size).toBeGreaterThan(0);
    const pages = await readAllPages(app, `${CHANGES_FEED_PATH}?${view}`);
    expectEntries(
      pages,
      expected.filter((entry) => inView.has(entry.ccn)),
      view,
    );
    // The place as the list names it.
    const { near } = facilityListResponseSchema.parse(await getJson(`/api/facilities?${view}`));
    expect(pages[0]?.title).toBe(`Rating changes: within 100 mi of ${near?.label}`);
  });

  it("answers a view without facilities with a valid feed of no entries", async () => {
    const pages = await readAllPages(app, `${CHANGES_FEED_PATH}?ccn=`);
    expect(pages).toHaveLength(1);
    expect(pages[0]?.entries).toEqual([]);
    expect(pages[0]?.updated).toBe(`${recent.at(-1)}T00:00:00.000Z`);
  });

  it("answers a bad filter or page with the JSON 400 naming it", async () => {
    const last = Math.ceil(expected.length / FEED_PAGE_SIZE);
    for (const [query, param] of [
      ["state=C1", "state"],
      ["ccn=12", "ccn"],
      ["rating=9", "rating"],
      ["alertThreshold=x&alertEnabled=true", "alertThreshold"],
      ["near=nowhere", "near"],
      ["near=00000", "near"],
      ["sort=distance", "sort"],
      ["page=0", "page"],
      [`page=${last + 1}`, "page"],
      ["search=%00", "search"],
    ] as const) {
      const response = await app.request(`${ORIGIN}${CHANGES_FEED_PATH}?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("content-type"), query).toMatch(/^application\/json/);
      expect(response.headers.get("etag"), query).toBeNull();
      expect(response.headers.get("cache-control"), query).toBe("no-store");
      const body = (await response.json()) as { error: { param: string } };
      expect(body.error.param, query).toBe(param);
    }
    // The list's page size does not apply to a feed.
    expect((await app.request(`${ORIGIN}${CHANGES_FEED_PATH}?pageSize=0`)).status).toBe(200);
  });

  it("answers revalidation with 304, with the list's cache lifetime", async () => {
    for (const [query, cacheControl] of [
      ["state=CA", "public, max-age=30"],
      ["alertEnabled=true", "no-cache"],
    ] as const) {
      const url = `${ORIGIN}${CHANGES_FEED_PATH}?${query}`;
      const first = await app.request(url);
      const etag = first.headers.get("etag") as string;
      expect(etag).toMatch(/^".+"$/);
      expect(first.headers.get("cache-control")).toBe(cacheControl);
      const again = await app.request(url, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(await again.text()).toBe("");
      // Another origin writes other links: another answer.
      const elsewhere = await app.request(`http://elsewhere.example${CHANGES_FEED_PATH}?${query}`);
      expect(elsewhere.headers.get("etag")).not.toBe(etag);
      expect(await elsewhere.text()).toContain("http://elsewhere.example/facility/");
    }
    const gzipped = await app.request(`${ORIGIN}${CHANGES_FEED_PATH}`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
  });

  it("stores, publication by publication, the same changes as a computation of every release at once", async () => {
    const read = () =>
      db.query<{ row: string }>(
        `SELECT concat_ws('|', ccn, processing_date, previous_date, provider_name, changes) AS row
         FROM recent_change ORDER BY ccn, processing_date`,
      );
    const incremental = await read();
    expect(incremental.length).toBe(expected.length);
    await db.exec("DELETE FROM recent_change_basis");
    await recomputeDerived(db);
    expect(await read()).toEqual(incremental);
  });
});
