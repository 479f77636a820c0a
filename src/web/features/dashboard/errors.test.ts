import { describe, expect, it } from "vitest";
import { isTimeoutMessage } from "./errors.ts";

describe("isTimeoutMessage", () => {
  it("recognises timeouts and cancelled statements, in any case", () => {
    expect(isTimeoutMessage("canceling statement due to statement timeout")).toBe(true);
    expect(isTimeoutMessage("Request Timeout: no answer within 15 seconds")).toBe(true);
    expect(isTimeoutMessage("ERROR: Canceling statement due to user request")).toBe(true);
  });
  it("leaves other failures alone", () => {
    expect(isTimeoutMessage("Database unavailable")).toBe(false);
    expect(isTimeoutMessage("Request failed with status 500")).toBe(false);
  });
});
