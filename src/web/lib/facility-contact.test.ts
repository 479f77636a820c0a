import { describe, expect, it } from "vitest";
import { formatAddress, formatPhone } from "./facility-contact.ts";

describe("contact formats", () => {
  it("formats US phone numbers and leaves others alone", () => {
    expect(formatPhone("2563324110")).toBe("(256) 332-4110");
    expect(formatPhone("+1 256 332 4110")).toBe("(256) 332-4110");
    expect(formatPhone("12345")).toBe("12345");
  });
  it("joins the address parts the data has", () => {
    expect(
      formatAddress({ address: "701 MONROE STREET NW", city: "RUSSELLVILLE", state: "AL", zip: "35653" }),
    ).toBe("701 MONROE STREET NW, RUSSELLVILLE, AL 35653");
    expect(formatAddress({ address: null, city: "RUSSELLVILLE", state: "AL", zip: null })).toBe(
      "RUSSELLVILLE, AL",
    );
  });
});
