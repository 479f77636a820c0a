// CMS's footnote codes (table 17 of the Nursing Home data dictionary, March 2023), as the words a visitor reads. A
// footnote explains why a figure is missing or what to know about it; the product never shows the bare number.

/** The text CMS gives each footnote code. */
export const FOOTNOTE_TEXTS: Readonly<Record<number, string>> = {
  1: "Newly certified nursing home with less than 12-15 months of data available or the nursing home opened less than 6 months ago, and there were no data to submit or claims for this measure.",
  2: "Not enough data available to calculate a star rating.",
  6: "This facility did not submit staffing data or submitted data that did not meet the criteria required to calculate a staffing measure.",
  7: "CMS determined that the percentage was not accurate, or data suppressed by CMS for one or more quarters.",
  9: "The number of residents or resident stays is too small to report. Call the facility to discuss this quality measure.",
  10: "The data for this measure is missing or was not submitted. Call the facility to discuss this quality measure.",
  12: "This facility either did not submit staffing data, has reported a high number of days without a registered nurse onsite, or submitted data that could not be verified through an audit.",
  13: "Results are based on a shorter time period than required.",
  14: "This nursing home is not required to submit data for the Skilled Nursing Facility Quality Reporting Program.",
  18: "This facility is not rated due to a history of serious quality issues and is included in the special focus facility program.",
  20: "This facility submitted data that could not be verified through an audit.",
  21: "The data for this measure could not be verified through an audit.",
};

/**
 * The words of a footnote code, or null when there is none. A code CMS's dictionary no longer lists (older files used
 * a few since dropped) still says it is a note from CMS rather than showing a number alone.
 */
export function footnoteText(code: number | null | undefined): string | null {
  if (code === null || code === undefined || !Number.isFinite(code)) return null;
  return (
    FOOTNOTE_TEXTS[code] ??
    `CMS marked this figure with a note (code ${code}) that its current data dictionary no longer describes.`
  );
}

/**
 * Reads a footnote cell of a CMS file: blank is none; several codes (`"9, 13"`) keep the first, the one CMS lists
 * first as the reason. Returns null for a blank cell, or the problem as a string.
 */
export function parseFootnote(cell: string): number | null | string {
  const text = cell.trim();
  if (text === "" || text === ".") return null;
  const first = text.split(/[,;\s]+/)[0] ?? "";
  const code = Number(first);
  if (!Number.isInteger(code) || code < 0 || code > 99) return `not a footnote code: ${JSON.stringify(cell)}`;
  return code;
}
