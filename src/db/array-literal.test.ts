import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDb } from "../../test/databases.ts";
import { arrayLiteral, sliceArrayLiteral } from "./array-literal.ts";
import type { Db } from "./client.ts";

describe.each(engines)("array parameters as text ($name)", (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(engine);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("reads back every value as it was", async () => {
    const texts = [
      "015001",
      "NULL",
      "null",
      "",
      " padded ",
      'a "quoted" \\ back',
      "{braces},comma",
      "O’Neil\nline",
      null,
    ];
    const numbers = [1, 5, null, 0, 10, -87.25, 80.4, 1234567];
    const [row] = await db.query<{ texts: (string | null)[]; numbers: (number | null)[]; ratings: number[] }>(
      "SELECT $1::text[] AS texts, $2::float8[] AS numbers, $3::smallint[] AS ratings",
      [arrayLiteral(texts), arrayLiteral(numbers), arrayLiteral([1, 2, 3, 4, 5])],
    );
    expect(row).toEqual({ texts, numbers, ratings: [1, 2, 3, 4, 5] });
    expect(arrayLiteral([])).toBe("{}");
  });
});

describe("slices of an array literal", () => {
  it("cuts numbers, NULLs and CCNs into slices that hold every value once, in order", () => {
    const values = ["015001", null, 3.25, 0, -1, 1e-7, "67A123"];
    const slices = sliceArrayLiteral(arrayLiteral(values), 3);
    expect(slices).toEqual([
      arrayLiteral(values.slice(0, 3)),
      arrayLiteral(values.slice(3, 6)),
      arrayLiteral(values.slice(6)),
    ]);
    expect(sliceArrayLiteral("{}", 3)).toEqual([]);
  });

  it("refuses a literal with a quoted element, whose text may hold a comma", () => {
    expect(sliceArrayLiteral(arrayLiteral(["a,b", "c"]), 1)).toBeNull();
  });
});
