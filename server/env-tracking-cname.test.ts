import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("HERALD_TRACKING_CNAME_TARGET", () => {
  it("is a host name, lower-cased and without a trailing dot", () => {
    expect(parseEnv({ HERALD_TRACKING_CNAME_TARGET: " Tracking.Herald.Example.com. " }).HERALD_TRACKING_CNAME_TARGET).toBe("tracking.herald.example.com");
    expect(parseEnv({}).HERALD_TRACKING_CNAME_TARGET).toBeUndefined();
    // compose.yaml passes an unset one as empty.
    expect(parseEnv({ HERALD_TRACKING_CNAME_TARGET: "" }).HERALD_TRACKING_CNAME_TARGET).toBeUndefined();
  });

  it("refuses a URL, a port or an IP address, saying what it must be", () => {
    for (const value of ["https://herald.example.com", "herald.example.com:443", "192.0.2.1", "herald"]) {
      expect(() => parseEnv({ HERALD_TRACKING_CNAME_TARGET: value })).toThrow(/HERALD_TRACKING_CNAME_TARGET: must be a host name such as tracking\.herald\.example\.com/);
    }
  });
});
