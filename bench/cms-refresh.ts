// What the benchmarks that refresh from CMS share: the stand-in CMS serving the full history from a process of its
// own (bench/cms-standin-process.ts), and the new month it publishes (the history's current file with moved ratings
// and a new processing date, as a current CSV and as a monthly archive in the newest layout, with the month's other
// datasets: new health surveys, the rest re-dated).
import { fork } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { subtractMonths } from "../src/core/dates.ts";
import { monthName, writeMonthlyArchive } from "../test/cms-standin/archives.ts";
import type { History } from "../test/cms-standin/history.ts";
import { addSurveys, perturbRatings, setProcessingDate } from "../test/cms-standin/layouts.ts";
import type { CurrentFile, ListedArchive } from "../test/cms-standin/server.ts";
import type { StandinCommand } from "./cms-standin-process.ts";

const root = resolve(import.meta.dirname, "..");

/** The stand-in CMS in a process of its own (bench/cms-standin-process.ts). */
export async function startStandinProcess() {
  const child = fork(join(root, "bench/cms-standin-process.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const reply = () =>
    new Promise<{ type: string; baseUrl?: string }>((done, fail) => {
      const onExit = (code: number | null) => fail(new Error(`the stand-in CMS exited with ${code}`));
      child.once("exit", onExit);
      child.once("message", (message: { type: string; baseUrl?: string }) => {
        child.off("exit", onExit);
        done(message);
      });
    });
  const ready = await reply();
  const send = async (command: StandinCommand) => {
    const answered = reply();
    child.send(command);
    await answered;
  };
  return {
    baseUrl: ready.baseUrl as string,
    setCurrent: (file: Extract<StandinCommand, { type: "setCurrent" }>["file"]) =>
      send({ type: "setCurrent", file }),
    publish: (archive: Extract<StandinCommand, { type: "publish" }>["archive"]) =>
      send({ type: "publish", archive }),
    close: async () => {
      const exited = new Promise((done) => child.once("exit", done));
      child.send({ type: "close" } satisfies StandinCommand);
      await exited;
    },
  };
}

/** The new month `month` (YYYY-MM) of the history, written into `dir`: its current file and its archive (the 20th). */
export async function writeNewMonth(
  history: History,
  dir: string,
  month: string,
): Promise<{ date: string; current: CurrentFile; archive: ListedArchive }> {
  const date = `${month}-01`;
  const archiveDate = `${month}-20`;
  const currentBody = history.current.body;
  if (Buffer.isBuffer(currentBody)) throw new Error("the history's current file is not on disk");
  const csv = setProcessingDate(
    perturbRatings(readFileSync(currentBody.path, "utf8"), Number(month.slice(0, 4))),
    date,
  );
  const fileName = `NH_ProviderInfo_${monthName(month)}.csv`;
  const csvPath = join(dir, fileName);
  writeFileSync(csvPath, csv);
  // The health citations and penalties of the new month: the history's newest, dated the new month, with a new
  // standard survey for about one facility in 30 (on the 15th of the month before; its older cycles move back, as a
  // release shows them: about 500 facilities' surveys change, and the citation counts are made again); the
  // penalties as they were (a load parses and compares them all and writes none).
  const inspections = history.current.inspections;
  const surveyDate = subtractMonths(`${month}-15`, 1);
  const inspection = (table: "citations" | "penalties") => {
    const body = inspections?.[table].body;
    if (!body || Buffer.isBuffer(body))
      throw new Error("the history's current inspection files are not on disk");
    const name = `${table === "citations" ? "NH_HealthCitations" : "NH_Penalties"}_${monthName(month)}.csv`;
    const read = readFileSync(body.path, "utf8");
    const text = setProcessingDate(
      table === "citations" ? addSurveys(read, surveyDate, Number(month.replace("-", ""))) : read,
      date,
    );
    writeFileSync(join(dir, name), text);
    return { name, text };
  };
  const citations = inspection("citations");
  const penalties = inspection("penalties");
  // The month's other datasets: the history's newest, dated the new month, as a month between two quarterly updates
  // publishes them (the same quarters, owners and fire safety surveys; CMS's averages as they were). A load compares
  // them all and writes almost nothing; a quarterly month, whose MDS file changes every row, is not measured here.
  const current = history.current;
  const carried = (file: { fileName: string; body: CurrentFile["body"] } | undefined, prefix: string) => {
    if (!file || Buffer.isBuffer(file.body))
      throw new Error(`the history's current ${prefix} file is not on disk`);
    const name = `${prefix}_${monthName(month)}.csv`;
    const read = readFileSync(file.body.path, "utf8");
    const text = prefix === "NH_StateUSAverages" ? read : setProcessingDate(read, date);
    writeFileSync(join(dir, name), text);
    return { fileName: name, body: { path: join(dir, name) } };
  };
  const fire = carried(inspections?.fire, "NH_FireSafetyCitations");
  const quality = {
    mds: carried(current.quality?.mds, "NH_QualityMsr_MDS"),
    claims: carried(current.quality?.claims, "NH_QualityMsr_Claims"),
    averages: carried(current.quality?.averages, "NH_StateUSAverages"),
  };
  const ownership = carried(current.ownership, "NH_Ownership");
  const archivePath = join(dir, `nursing-homes_${archiveDate}.zip`);
  await writeMonthlyArchive(archivePath, {
    layout: "L3",
    archiveDate,
    dataMonth: month,
    providerCsv: csv,
    citationsCsv: citations.text,
    penaltiesCsv: penalties.text,
    junk: true,
  });
  return {
    date,
    current: {
      fileName,
      body: { path: csvPath },
      modified: archiveDate,
      inspections: {
        citations: { fileName: citations.name, body: { path: join(dir, citations.name) } },
        penalties: { fileName: penalties.name, body: { path: join(dir, penalties.name) } },
        fire,
      },
      quality,
      ownership,
    },
    archive: { date: archiveDate, body: { path: archivePath } },
  };
}
