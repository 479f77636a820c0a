// A column of values as the text of a PostgreSQL array, passed as one parameter and cast in the statement.

const DIGITS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
/** Text that a PostgreSQL array literal may hold unquoted (and that is not NULL). */
const BARE_ELEMENT = /^[0-9A-Za-z]+$/;

/**
 * A column's values as the text of a PostgreSQL array (`{015001,"A B",NULL}`), to pass as one parameter and cast
 * (`$1::smallint[]`). The drivers' own conversion of a JS array makes several strings per value; for the 100,000
 * values of a month's snapshots that was megabytes of garbage per file, which outlived the statement and piled up
 * in the loading thread's heap until a full collection.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  const elements = values.map((value) => {
    if (value === null) return "NULL";
    if (typeof value === "number")
      return Number.isInteger(value) && value >= 0 && value < 10 ? (DIGITS[value] as string) : String(value);
    if (BARE_ELEMENT.test(value) && value.toUpperCase() !== "NULL") return value;
    return `"${value.replace(/[\\"]/g, "\\$&")}"`;
  });
  return `{${elements.join(",")}}`;
}

/**
 * Cuts an array literal of numbers, NULLs and bare words (as arrayLiteral writes them) into literals of at most
 * `size` elements each, in order, so that a long column can be written a slice at a time. Null when the literal
 * holds a quoted element (whose text may hold a comma): it is then passed whole.
 */
export function sliceArrayLiteral(literal: string, size: number): string[] | null {
  if (literal.includes('"') || !literal.startsWith("{") || !literal.endsWith("}")) return null;
  const inner = literal.slice(1, -1);
  if (inner === "") return [];
  const elements = inner.split(",");
  const slices: string[] = [];
  for (let start = 0; start < elements.length; start += size) {
    slices.push(`{${elements.slice(start, start + size).join(",")}}`);
  }
  return slices;
}
