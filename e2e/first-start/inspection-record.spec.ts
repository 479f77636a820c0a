// The inspection record on the live path, as a server runs it: the real server (a child process) on an empty
// database loads the health citations, fire safety citations and penalties of a stand-in CMS's current files and of
// monthly archives in
// each of CMS's three archive layouts (2019-2020 abbreviated, 2020-2026, from July 2026); a refresh loads the next
// month's; a second run on the same database and download folder downloads nothing new and loads nothing. What the
// stand-in served is worked out here on its own (test/cms-standin/inspections.ts: two surveys with a citation each
// per facility and month file, a fire safety survey on the day of the newer with two citations for every other
// facility and one for the rest, a fine for every third facility), not read back from the product.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { freePort } from "../../scripts/free-port.ts";
import type { Meta } from "../../src/core/api-types.ts";
import { buildMonthlyArchive } from "../../test/cms-standin/archives.ts";
import { toLayout } from "../../test/cms-standin/layouts.ts";
import { type CmsStandin, startCmsStandin } from "../../test/cms-standin/server.ts";
import { csvText, providerRow } from "../../test/csv-fixtures.ts";
import {
  dollars,
  inspectionsSection,
  penaltiesSection,
  plural,
  shortDate,
  surveys,
} from "../inspections/support.ts";
import { ROOT, startServerProcess, stopServerProcess } from "./server-process.ts";

const FACILITY_COUNT = 12;
const ccnOf = (index: number) => `02${String(6100 + index).padStart(4, "0")}`;

/** Provider Information (2025+ layout) of one month. */
function monthCsv(dataMonth: string): string {
  return csvText(
    "provider2025",
    Array.from({ length: FACILITY_COUNT }, (_, index) =>
      providerRow(ccnOf(index), {
        "Provider Name": `RECORD HOME ${index + 1}`,
        "Processing Date": `${dataMonth}-01`,
      }),
    ),
  );
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The survey dates the stand-in's files of these months give facility `index`, newest first. */
function surveyDates(months: readonly string[], index: number): string[] {
  return months
    .flatMap((month) => [
      addDays(`${month}-01`, -(40 + (index % 60))),
      addDays(`${month}-01`, -(400 + (index % 90))),
    ])
    .sort()
    .reverse();
}

/** The fire safety survey dates the stand-in's files of these months give facility `index`, newest first. */
function fireSurveyDates(months: readonly string[], index: number): string[] {
  return months
    .map((month) => addDays(`${month}-01`, -(40 + (index % 60))))
    .sort()
    .reverse();
}

/** The fire safety citations of each of facility `index`'s fire safety surveys. */
const fireCitationsOf = (index: number) => (index % 2 === 0 ? 2 : 1);

/** The fines the stand-in's files of these months give facility `index` (every third has one a month), newest first. */
function fines(months: readonly string[], index: number): { date: string; fineAmount: number }[] {
  if (index % 3 !== 0) return [];
  return months
    .map((month) => ({
      date: addDays(`${month}-01`, -(40 + (index % 60))),
      fineAmount: 6500 + (index % 7) * 1325,
    }))
    .sort((a, b) => b.date.localeCompare(a.date));
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
}

interface Inspections {
  surveys: {
    surveyDate: string;
    type: "health" | "fire";
    surveyType: string;
    citations: { prefix: string; tag: string; harmLevel: string }[];
  }[];
  fireThreeYears: { citations: number } | null;
}
interface Penalties {
  penalties: { date: string; type: string; fineAmount: number | null }[];
  totals: { fines: number; fineDollars: number };
}

/** Every facility's record as the API gives it equals what the stand-in served for these months. */
async function expectRecord(serverUrl: string, months: readonly string[]): Promise<void> {
  for (let index = 0; index < FACILITY_COUNT; index += 1) {
    const ccn = ccnOf(index);
    const inspections = await getJson<Inspections>(`${serverUrl}/api/facilities/${ccn}/inspections`);
    const health = inspections.surveys.filter((survey) => survey.type === "health");
    expect(
      health.map((survey) => survey.surveyDate),
      `${ccn}'s surveys`,
    ).toEqual(surveyDates(months, index));
    for (const survey of health) {
      expect(survey.surveyType).toBe("Health");
      expect(survey.citations).toHaveLength(1);
    }
    // Its fire safety surveys, from every layout's member and the current file, each kept once.
    const fire = inspections.surveys.filter((survey) => survey.type === "fire");
    expect(
      fire.map((survey) => survey.surveyDate),
      `${ccn}'s fire safety surveys`,
    ).toEqual(fireSurveyDates(months, index));
    for (const survey of fire) {
      expect(survey.surveyType).toBe("Fire Safety");
      expect(survey.citations).toHaveLength(fireCitationsOf(index));
      expect(survey.citations.every((citation) => ["K", "E"].includes(citation.prefix))).toBe(true);
    }
    expect(inspections.surveys).toHaveLength(health.length + fire.length);
    const penalties = await getJson<Penalties>(`${serverUrl}/api/facilities/${ccn}/penalties`);
    const expected = fines(months, index);
    expect(
      penalties.penalties.map(({ date, type, fineAmount }) => ({ date, type, fineAmount })),
      `${ccn}'s penalties`,
    ).toEqual(expected.map((fine) => ({ ...fine, type: "Fine" })));
    expect(penalties.totals.fines).toBe(expected.length);
    expect(penalties.totals.fineDollars).toBe(expected.reduce((sum, fine) => sum + fine.fineAmount, 0));
  }
  const all = await getJson<{ totalCount: number }>(`${serverUrl}/api/citations`);
  expect(all.totalCount).toBe(FACILITY_COUNT * 2 * months.length);
  const fire = await getJson<{ totalCount: number }>(`${serverUrl}/api/citations?type=fire`);
  let fireCitations = 0;
  for (let index = 0; index < FACILITY_COUNT; index += 1)
    fireCitations += fireCitationsOf(index) * months.length;
  expect(fire.totalCount).toBe(fireCitations);
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** The detail page lists facility 0's surveys (the newest first) and its fines (it is a fined one). */
async function expectDetailPage(page: Page, serverUrl: string, months: readonly string[]): Promise<void> {
  await page.goto(`${serverUrl}/facility/${ccnOf(0)}`);
  await expect(page.getByRole("heading", { level: 1, name: "RECORD HOME 1" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(inspectionsSection(page).getByText(/^Loading/)).toHaveCount(0);
  await expect(penaltiesSection(page).getByText(/^Loading/)).toHaveCount(0);
  const newest = surveyDates(months, 0)[0] ?? "";
  await expect(surveys(page).first()).toContainText(shortDate(newest));
  const expected = fines(months, 0);
  await expect(penaltiesSection(page)).toContainText(
    `${plural(expected.length, "fine")}, ${dollars(expected.reduce((sum, fine) => sum + fine.fineAmount, 0))}`,
  );
}

test("the inspection record on the live path: a first start and a refresh load it, a second run loads nothing", async ({
  page,
}) => {
  // The first load reads each archive's quality measures and averages too: on a busy 2-core machine, minutes.
  test.setTimeout(420_000);
  const temp = mkdtempSync(join(tmpdir(), "e2e-inspection-record-"));
  let standin: CmsStandin | null = null;
  let child: ChildProcess | null = null;
  const log: string[] = [];
  try {
    // 1. The stand-in: an archive in each layout (each with its citations and penalties members under that
    // layout's names and headers) and the current files of August 2026.
    standin = await startCmsStandin({
      current: {
        fileName: "NH_ProviderInfo_Aug2026.csv",
        body: Buffer.from(monthCsv("2026-08")),
        modified: "2026-08-05",
      },
      archives: [
        {
          date: "2020-05-20",
          body: await buildMonthlyArchive({
            layout: "L1",
            archiveDate: "2020-05-20",
            dataMonth: "2020-05",
            providerCsv: toLayout(monthCsv("2020-05"), "L1"),
          }),
        },
        {
          date: "2024-05-22",
          body: await buildMonthlyArchive({
            layout: "L2",
            archiveDate: "2024-05-22",
            dataMonth: "2024-05",
            providerCsv: monthCsv("2024-05"),
            subfolder: true,
          }),
        },
        {
          date: "2026-07-22",
          body: await buildMonthlyArchive({
            layout: "L3",
            archiveDate: "2026-07-22",
            dataMonth: "2026-07",
            providerCsv: monthCsv("2026-07"),
            junk: true,
          }),
        },
      ],
    });

    // 2. First start on an empty database.
    const port = await freePort();
    const serverUrl = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: join(temp, "db"),
      CMS_CACHE_DIR: join(temp, "downloads"),
      DATA_SOURCE: "cms",
      CMS_BASE_URL: standin.baseUrl,
      CMS_BACKFILL_MONTHS: "3",
      CMS_REFRESH_INTERVAL_S: "2",
      PORT: String(port),
      HOST: "127.0.0.1",
      STATIC_DIR: join(ROOT, "dist/web"),
      DATABASE_URL: "",
      LOG_LEVEL: "info",
    };
    child = startServerProcess(env, log);
    const meta = () => getJson<Meta>(`${serverUrl}/api/meta`).catch(() => null);
    await waitFor(
      "the first load",
      async () => {
        const now = await meta();
        return now !== null && !now.load.isLoading && now.latestProcessingDate === "2026-08-01";
      },
      240_000,
    );
    const firstMonths = ["2020-05", "2024-05", "2026-07", "2026-08"];
    await test.step("first start: every layout's health and fire safety citations and penalties", () =>
      expectRecord(serverUrl, firstMonths));

    // 3. CMS publishes September: a new current file and its archive; the next check loads them.
    const september = monthCsv("2026-09");
    standin.setCurrent({
      fileName: "NH_ProviderInfo_Sep2026.csv",
      body: Buffer.from(september),
      modified: "2026-09-05",
    });
    standin.publish({
      date: "2026-09-23",
      body: await buildMonthlyArchive({
        layout: "L3",
        archiveDate: "2026-09-23",
        dataMonth: "2026-09",
        providerCsv: september,
      }),
    });
    await waitFor(
      "the refresh",
      async () => {
        const now = await meta();
        return now !== null && !now.load.isLoading && now.latestProcessingDate === "2026-09-01";
      },
      150_000,
    );
    const refreshedMonths = [...firstMonths, "2026-09"];
    await test.step("refresh: September's health and fire safety citations and penalties", () =>
      expectRecord(serverUrl, refreshedMonths));
    await test.step("the detail page shows them", () => expectDetailPage(page, serverUrl, refreshedMonths));

    // 4. A second run on the same database and downloads: its check of CMS downloads and loads nothing.
    const files = [
      "NH_ProviderInfo_Sep2026.csv",
      "NH_HealthCitations_Sep2026.csv",
      "NH_FireSafetyCitations_Sep2026.csv",
      "NH_Penalties_Sep2026.csv",
      "nursing-homes_2020-05-20.zip",
      "nursing-homes_2024-05-22.zip",
      "nursing-homes_2026-07-22.zip",
      "nursing-homes_2026-09-23.zip",
    ];
    const downloads = () => files.map((file) => `${file}: ${standin?.downloads(file)}`);
    const before = downloads();
    await stopServerProcess(child);
    const logged = log.length;
    child = startServerProcess(env, log);
    const restarted = Date.now();
    await waitFor(
      "the second run's check of CMS",
      async () => {
        const now = await meta();
        const checked = now?.refresh.lastCheck ? Date.parse(now.refresh.lastCheck) : 0;
        return now !== null && !now.load.isLoading && checked >= restarted;
      },
      120_000,
    );
    expect(downloads(), "downloads during the second run").toEqual(before);
    const loadedFile = /\bloaded \S+\.csv/;
    expect(log.slice(0, logged).join(""), "the first run's log names the files it loaded").toMatch(
      loadedFile,
    );
    expect(log.slice(logged).join(""), "the second run loads no file").not.toMatch(loadedFile);
    await expectRecord(serverUrl, refreshedMonths);
  } catch (error) {
    console.log(`server output:\n${log.join("")}`);
    throw error;
  } finally {
    if (child) await stopServerProcess(child);
    await standin?.close();
    rmSync(temp, { recursive: true, force: true });
  }
});
