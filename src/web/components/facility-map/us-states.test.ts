import { describe, expect, it } from "vitest";
import { locateState, locatorGeometry } from "./locator-geometry.ts";
import { FIPS_TO_POSTAL, stateName, stateShape, stateShapes } from "./us-states.ts";

describe("stateShapes", () => {
  it("gives every outline of the atlas a distinct postal code", () => {
    const codes = stateShapes().map((shape) => shape.code);
    expect(codes).toHaveLength(56);
    expect(new Set(codes).size).toBe(56);
    expect(new Set(codes)).toEqual(new Set(Object.values(FIPS_TO_POSTAL)));
    for (const code of ["CA", "DC", "AK", "HI", "PR", "VI", "GU", "MP", "AS"]) expect(codes).toContain(code);
  });

  it("names states by code", () => {
    expect(stateName("CA")).toBe("California");
    expect(stateName("vi")).toBe("U.S. Virgin Islands");
    expect(stateName("ZZ")).toBe("ZZ");
    expect(stateShape("TX")?.name).toBe("Texas");
  });
});

describe("locateState", () => {
  it("takes the given state, else the outline that holds the position", () => {
    expect(locateState(-122.42, 37.77, "NV")?.code).toBe("NV");
    expect(locateState(-122.42, 37.77)?.code).toBe("CA");
    expect(locateState(-66.1, 18.4)?.code).toBe("PR");
    expect(locateState(-30, 40)).toBeUndefined();
  });
});

describe("locatorGeometry", () => {
  it("draws the state with the marker inside the picture", () => {
    const geometry = locatorGeometry(37.77, -122.42, "CA");
    expect(geometry.state).toEqual({ code: "CA", name: "California" });
    expect(geometry.outlines).toHaveLength(1);
    const [x, y] = geometry.marker as [number, number];
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(geometry.width);
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(geometry.height);
  });

  it("draws Alaska, across the antimeridian, at a sensible size", () => {
    const geometry = locatorGeometry(61.22, -149.9, "AK");
    expect(geometry.height).toBeGreaterThanOrEqual(160);
    expect(geometry.height).toBeLessThanOrEqual(280);
    const [x, y] = geometry.marker as [number, number];
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(geometry.width);
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(geometry.height);
  });

  it("draws the nation when no outline holds the position and no state is known", () => {
    const geometry = locatorGeometry(40, -30, null);
    expect(geometry.state).toBeNull();
    expect(geometry.outlines).toHaveLength(56);
  });
});
