// CCNs of the form SS + 'E' + 3 digits (e.g. '14E095') are read by spreadsheets as numbers in scientific
// notation and saved back as '1.40E+96'. This recovers them, using the facility's state where the digits
// alone are ambiguous ('1.00E+17' is '01E017' in Alabama or '10E016' in Florida).

/** SSA state codes: the first two characters of a CCN. */
// biome-ignore format: a table reads better aligned
export const STATE_CODE_BY_ABBREVIATION: Readonly<Record<string, string>> = {
  AL: "01", AK: "02", AZ: "03", AR: "04", CA: "05", CO: "06", CT: "07", DE: "08", DC: "09", FL: "10",
  GA: "11", HI: "12", ID: "13", IL: "14", IN: "15", IA: "16", KS: "17", KY: "18", LA: "19", ME: "20",
  MD: "21", MA: "22", MI: "23", MN: "24", MS: "25", MO: "26", MT: "27", NE: "28", NV: "29", NH: "30",
  NJ: "31", NM: "32", NY: "33", NC: "34", ND: "35", OH: "36", OK: "37", OR: "38", PA: "39", PR: "40",
  RI: "41", SC: "42", SD: "43", TN: "44", TX: "45", UT: "46", VT: "47", VI: "48", VA: "49", WA: "50",
  WV: "51", WI: "52", WY: "53", GU: "65",
};

const SCIENTIFIC = /^(\d)(?:\.(\d*))?E\+?(\d{1,3})$/i;

export function isSpreadsheetNumber(raw: string): boolean {
  return SCIENTIFIC.test(raw.trim());
}

/** The state abbreviation in a CMS `Location` value ('701 MONROE ST,RUSSELLVILLE,AL,35653' or '... AL 35653 (..)'). */
export function stateFromLocation(location: string): string | null {
  const match = /(?:^|[\s,])([A-Z]{2})[\s,]+\d{5}(?:-\d{4})?\b/.exec(location);
  return match?.[1] ?? null;
}

/** Recovers the CCN behind a value like '1.40E+96', or throws when it cannot be known. */
export function recoverSpreadsheetCcn(raw: string, stateHint: string | null): string {
  const match = SCIENTIFIC.exec(raw.trim());
  if (!match) throw new Error(`"${raw}" is not a number in scientific notation`);
  const digits = `${match[1]}${(match[2] ?? "").replace(/0+$/, "")}`;
  const exponent = Number(match[3]);
  const build = (state: string, power: number) =>
    power >= 0 && power <= 999 ? `${state}E${String(power).padStart(3, "0")}` : null;
  let candidates: string[];
  if (digits.length === 2) candidates = [build(digits, exponent - 1)].filter((value) => value !== null);
  else if (digits.length === 1) {
    candidates = [build(`0${digits}`, exponent), build(`${digits}0`, exponent - 1)].filter(
      (value) => value !== null,
    );
  } else candidates = [];
  const hintCode = stateHint ? STATE_CODE_BY_ABBREVIATION[stateHint] : undefined;
  const matching = hintCode ? candidates.filter((candidate) => candidate.startsWith(hintCode)) : candidates;
  if (matching.length === 1 && matching[0]) return matching[0];
  throw new Error(
    `"${raw}" is a CMS Certification Number mangled by a spreadsheet and cannot be recovered${
      candidates.length > 1 ? ` (could be ${candidates.join(" or ")}; no state to tell)` : ""
    }`,
  );
}
