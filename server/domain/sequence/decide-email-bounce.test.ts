import { describe, expect, it } from "vitest";
import { ADDRESS_BOUNCED, ADDRESS_KEPT_BOUNCING, decideEmailBounce, decideEmailComplaint, SOFT_BOUNCE_LIMIT, SOFT_BOUNCE_RETRY_MS } from "./decide-email-bounce";

const at = Date.UTC(2026, 10, 24, 9);

describe("decideEmailBounce", () => {
  it("kills the address and fails a going lead on a hard bounce", () => {
    expect(decideEmailBounce({ severity: "hard", softBouncesBefore: 0, leadActive: true, leadAtStep: false, at })).toEqual({
      hard: true,
      deadAddress: true,
      softBounces: 0,
      lead: { kind: "fail", message: ADDRESS_BOUNCED },
    });
  });

  it("kills the address but leaves a finished lead alone", () => {
    expect(decideEmailBounce({ severity: "hard", softBouncesBefore: 0, leadActive: false, leadAtStep: false, at }).lead).toEqual({ kind: "none" });
  });

  it("retries a soft bounce later while the lead is on the step", () => {
    const decision = decideEmailBounce({ severity: "soft", softBouncesBefore: 0, leadActive: true, leadAtStep: true, at });
    expect(decision).toEqual({ hard: false, deadAddress: false, softBounces: 1, lead: { kind: "retry", at: at + SOFT_BOUNCE_RETRY_MS } });
  });

  it("does not retry a soft bounce once the lead moved past the step", () => {
    expect(decideEmailBounce({ severity: "soft", softBouncesBefore: 0, leadActive: true, leadAtStep: false, at }).lead).toEqual({ kind: "none" });
  });

  it("treats the soft bounce that reaches the limit as hard", () => {
    const decision = decideEmailBounce({ severity: "soft", softBouncesBefore: SOFT_BOUNCE_LIMIT - 1, leadActive: true, leadAtStep: true, at });
    expect(decision).toEqual({ hard: true, deadAddress: true, softBounces: SOFT_BOUNCE_LIMIT, lead: { kind: "fail", message: ADDRESS_KEPT_BOUNCING } });
  });
});

describe("decideEmailComplaint", () => {
  it("opts the address out and stops only a going lead", () => {
    expect(decideEmailComplaint({ leadActive: true, stopsLinkedin: true })).toEqual({ optOut: true, stopLead: true });
    expect(decideEmailComplaint({ leadActive: false, stopsLinkedin: true })).toEqual({ optOut: true, stopLead: false });
  });

  it("leaves the lead going, its e-mail steps skipping the address, when the workspace keeps LinkedIn steps after an opt-out", () => {
    expect(decideEmailComplaint({ leadActive: true, stopsLinkedin: false })).toEqual({ optOut: true, stopLead: false });
  });
});
