// The record reader shared by the inspection, quality and ownership parsers: blank lines (empty, of spaces, or of
// commas only) are skipped wherever they fall, a piece boundary included, and a rejected record is named by the line
// it starts on, counted across pieces.
import { describe, expect, it } from "vitest";
import { eachCsvRecord } from "./csv-pieces.ts";
import { IngestError } from "./errors.ts";

async function* streamOf(text: string, chunk = 7): AsyncIterable<Buffer> {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
}

async function recordsOf(text: string): Promise<string[][]> {
  const records: string[][] = [];
  await eachCsvRecord("test.csv", streamOf(text), "utf8", (cells) => records.push(cells));
  return records;
}

describe("eachCsvRecord", () => {
  it("skips empty lines, lines of spaces and lines of commas, and keeps records with blank first cells", async () => {
    const text = "a,b,c\n1,2,3\n\n   \n,,\n , ,\n,5,6\n7,8,9\n,,\n";
    expect(await recordsOf(text)).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
      ["", "5", "6"],
      ["7", "8", "9"],
    ]);
  });

  it("names the line of a truncated record after skipped lines, across pieces of a long file", async () => {
    const rows = Array.from({ length: 150_000 }, (_, index) => `${index},x,${index % 7 === 0 ? "" : "y"}`);
    // Blank and comma-only lines before the broken record, which starts on line 150,005.
    const text = `a,b,c\n${rows.join("\n")}\n\n,,\n   \n1,2\n`;
    const error = await recordsOf(text).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IngestError);
    expect((error as IngestError).line).toBe(150_005);
    expect((error as IngestError).problem).toMatch(/expected 3 fields but found 2/);
  });
});
