import { describe, expect, it } from "vitest";
import { footnoteText, parseFootnote } from "./footnotes.ts";

describe("footnotes", () => {
  it("says what CMS's codes mean in CMS's words, never as a bare number", () => {
    expect(footnoteText(9)).toBe(
      "The number of residents or resident stays is too small to report. Call the facility to discuss this quality measure.",
    );
    expect(footnoteText(18)).toMatch(/special focus facility program/);
    expect(footnoteText(19)).toMatch(/^CMS marked this figure with a note \(code 19\)/);
    expect(footnoteText(null)).toBeNull();
  });

  it("reads footnote cells: blank is none, several codes keep the first, text is a problem", () => {
    expect(parseFootnote("")).toBeNull();
    expect(parseFootnote(" 9 ")).toBe(9);
    expect(parseFootnote("9, 13")).toBe(9);
    expect(parseFootnote("n/a")).toMatch(/not a footnote code/);
  });
});
