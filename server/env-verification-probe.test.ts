// The catch-all probe's installation settings: its sender is the installation's own address (never
// a mailbox's), by default verify@ the host Herald is reached at; its port is 25 unless set.
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv, resetEnv, verificationProbeFrom } from "./env";

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

describe("the catch-all probe's settings", () => {
  it("sends as verify@ the host of HERALD_URL unless HERALD_VERIFICATION_PROBE_FROM is set", () => {
    vi.stubEnv("HERALD_URL", "https://herald.acme.example/app");
    vi.stubEnv("HERALD_VERIFICATION_PROBE_FROM", "");
    resetEnv();
    expect(verificationProbeFrom()).toBe("verify@herald.acme.example");

    vi.stubEnv("HERALD_VERIFICATION_PROBE_FROM", "probe@ops.acme.example");
    resetEnv();
    expect(verificationProbeFrom()).toBe("probe@ops.acme.example");
  });

  it("connects on port 25 unless told otherwise, and refuses a sender or port that cannot be one", () => {
    expect(parseEnv({}).HERALD_VERIFICATION_PROBE_PORT).toBe(25);
    expect(parseEnv({ HERALD_VERIFICATION_PROBE_PORT: "2525" }).HERALD_VERIFICATION_PROBE_PORT).toBe(2525);
    expect(() => parseEnv({ HERALD_VERIFICATION_PROBE_PORT: "70000" })).toThrow(/HERALD_VERIFICATION_PROBE_PORT: must be a port from 1 to 65535/);
    expect(() => parseEnv({ HERALD_VERIFICATION_PROBE_FROM: "verify" })).toThrow(/HERALD_VERIFICATION_PROBE_FROM: must be an e-mail address/);
  });
});
