import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDb } from "../../test/databases.ts";
import { arrayLiteral } from "./array-literal.ts";
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
