import { describe, expect, it } from "vitest";
import { type BackContext, getBackTarget } from "./back-target.ts";

const ORIGIN = "https://ratings.example";
const base: BackContext = {
  historyLength: 1,
  referrer: "",
  origin: ORIGIN,
  currentSearch: "",
  hasInAppHistory: false,
};

describe("getBackTarget", () => {
  it("goes back one step when there is history and a referrer", () => {
    expect(getBackTarget({ ...base, historyLength: 3, referrer: `${ORIGIN}/?state=AL` })).toEqual({
      kind: "history",
    });
    expect(getBackTarget({ ...base, historyLength: 2, referrer: "https://search.example/?q=x" })).toEqual({
      kind: "history",
    });
  });

  it("goes back one step after an in-app navigation, whatever the first page's referrer", () => {
    expect(getBackTarget({ ...base, historyLength: 2, hasInAppHistory: true })).toEqual({ kind: "history" });
  });

  it("opens the dashboard with the current search when there is no referrer", () => {
    expect(getBackTarget({ ...base, historyLength: 5, currentSearch: "?state=AL&rating=4" })).toEqual({
      kind: "path",
      to: "/?state=AL&rating=4",
    });
    expect(getBackTarget(base)).toEqual({ kind: "path", to: "/" });
  });

  it("prefers a same-origin referrer's search when there is no history", () => {
    expect(
      getBackTarget({ ...base, referrer: `${ORIGIN}/?state=TX&favorites=true`, currentSearch: "?state=AL" }),
    ).toEqual({ kind: "path", to: "/?state=TX&favorites=true" });
    expect(getBackTarget({ ...base, referrer: `${ORIGIN}/`, currentSearch: "?state=AL" })).toEqual({
      kind: "path",
      to: "/",
    });
  });

  it("ignores a foreign or unparsable referrer's search", () => {
    expect(
      getBackTarget({ ...base, referrer: "https://other.example/?state=TX", currentSearch: "?state=AL" }),
    ).toEqual({ kind: "path", to: "/?state=AL" });
    expect(getBackTarget({ ...base, referrer: "not a url", currentSearch: "?rating=3" })).toEqual({
      kind: "path",
      to: "/?rating=3",
    });
  });
});
