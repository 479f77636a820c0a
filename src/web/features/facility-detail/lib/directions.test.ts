import { describe, expect, it } from "vitest";
import { directionsUrl } from "./directions.ts";

describe("directionsUrl", () => {
  it("routes to the address", () => {
    expect(
      directionsUrl({ address: "1 MAIN ST", city: "SPRINGFIELD", state: "IL", zip: "62701", position: null }),
    ).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=1%20MAIN%20ST%2C%20SPRINGFIELD%2C%20IL%2062701",
    );
  });

  it("routes to the position without an address, and nowhere without either", () => {
    expect(
      directionsUrl({
        address: null,
        city: "SPRINGFIELD",
        state: "IL",
        zip: null,
        position: { latitude: 39.8, longitude: -89.65, approximate: true },
      }),
    ).toBe("https://www.google.com/maps/dir/?api=1&destination=39.8%2C-89.65");
    expect(directionsUrl({ address: null, city: null, state: null, zip: null, position: null })).toBeNull();
  });
});
