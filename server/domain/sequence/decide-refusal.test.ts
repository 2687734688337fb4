// Issue 37 in the decision core: the do-not-contact list refuses every step towards a listed person
// (before a hold, before anything is read), and an e-mail step skips an address its campaign's
// verification policy says to skip, on the no branch, with the reason.
import { describe, expect, it } from "vitest";
import { doNotContactRefusal } from "../do-not-contact/entries";
import { DEFAULT_CAMPAIGN_VERIFICATION } from "../../schemas/verification";
import { decideEmailStep, EMAIL_OPTED_OUT, type EmailStepFacts } from "./decide-email-step";
import { decideRefusal, decideStep, type StepFacts } from "./decide-step";
import { wireSequence } from "./wire-sequence";

const AT = Date.parse("2026-03-02T10:00:00Z");
const sequence = wireSequence({
  steps: [
    { id: "visit", type: "visit_profile" },
    { id: "invite", type: "invite", parent: "visit" },
    { id: "check", type: "if_connected", parent: "invite", branch: "no" },
    { id: "first", type: "email", parent: "check", branch: "no", config: { subject: "Hi", text: "Hello" } },
  ],
});
const step = (id: string) => sequence.steps.find((candidate) => candidate.id === id)!;
const holder = { campaignId: "c2", campaignName: "Spring", senderName: "Ann" };
const byDomain = { kind: "domain" as const, value: "acme.com" };
const byProfile = { kind: "linkedin" as const, value: "ann-lee" };

function stepFacts(id: string, overrides: Partial<StepFacts> = {}): StepFacts {
  const profile = { connected: false, invitationPending: false, openProfile: false };
  return { step: step(id), campaignLeadId: "cl_1", at: AT, listed: null, holder: null, hasProfile: true, profile, inmailBalance: 0, capped: false, ...overrides };
}

function emailFacts(overrides: Partial<EmailStepFacts> = {}): EmailStepFacts {
  return {
    sequence,
    step: step("first"),
    campaignLeadId: "cl_1",
    at: AT,
    listed: null,
    holder: null,
    address: "ann@acme.com",
    optedOut: false,
    deadAddress: false,
    verification: null,
    verificationPolicy: DEFAULT_CAMPAIGN_VERIFICATION,
    verificationDue: false,
    hasMailbox: true,
    capped: false,
    previous: null,
    fields: {},
    ...overrides,
  };
}

const invalid = { status: "invalid" as const, check: "no-mail-domain", reason: "the domain acme.invalid receives no mail" };
const risky = { status: "risky" as const, check: "role", reason: "info@ is a role address" };
const webmail = { status: "risky" as const, check: "free-webmail", reason: "gmail.com is a free webmail provider" };

describe("the do-not-contact list in the decision core", () => {
  it("fails a listed lead at a LinkedIn step with the reason, before a hold, a missing profile or a cap", () => {
    const refusal = { kind: "fail", message: doNotContactRefusal(byProfile) };
    expect(decideStep(stepFacts("visit", { listed: byProfile, holder, hasProfile: false, profile: null, capped: true }))).toEqual(refusal);
    expect(decideStep(stepFacts("invite", { listed: byProfile }))).toEqual(refusal);
    expect(refusal.message).toContain("LinkedIn profile ann-lee");
  });

  it("leaves steps that contact nobody alone, and unlisted people to the other rules", () => {
    expect(decideStep(stepFacts("check", { listed: byDomain }))).toEqual({ kind: "none" });
    expect(decideStep(stepFacts("visit", { holder })).kind).toBe("held");
    expect(decideStep(stepFacts("visit", { profile: null }))).toEqual({ kind: "read-profile" });
  });

  it("fails a listed lead at an e-mail step, before a hold, an opt-out or a missing mailbox", () => {
    const refusal = { kind: "fail", message: doNotContactRefusal(byDomain) };
    expect(decideEmailStep(emailFacts({ listed: byDomain, holder, optedOut: true, hasMailbox: false }))).toEqual(refusal);
    expect(refusal.message).toContain("domain acme.com");
    expect(decideEmailStep(emailFacts({ holder })).kind).toBe("held");
  });

  it("says of an erased person's entry that they were erased, naming nothing", () => {
    expect(decideRefusal({ kind: "email", value: null })?.message).toMatch(/erased/);
    expect(decideRefusal(null)).toBeNull();
  });
});

describe("verification in the e-mail step", () => {
  it("skips an invalid address on the no branch under the default policy, with the reason", () => {
    const decision = decideEmailStep(emailFacts({ verification: invalid }));
    expect(decision).toEqual({ kind: "resolve", outcome: "no", detail: expect.stringContaining("the domain acme.invalid receives no mail") });
  });

  it("sends an invalid address when the campaign says send, and a risky one by default", () => {
    expect(decideEmailStep(emailFacts({ verification: invalid, verificationPolicy: { ...DEFAULT_CAMPAIGN_VERIFICATION, invalid: "send" } })).kind).toBe("act");
    expect(decideEmailStep(emailFacts({ verification: risky })).kind).toBe("act");
    expect(decideEmailStep(emailFacts({ verification: null })).kind).toBe("act");
  });

  it("skips a risky address when the campaign says skip; free webmail only when it targets companies", () => {
    const skipRisky = { ...DEFAULT_CAMPAIGN_VERIFICATION, risky: "skip" as const };
    expect(decideEmailStep(emailFacts({ verification: risky, verificationPolicy: skipRisky }))).toMatchObject({ kind: "resolve", outcome: "no", detail: expect.stringContaining("role address") });
    expect(decideEmailStep(emailFacts({ verification: webmail, verificationPolicy: skipRisky })).kind).toBe("resolve");
    expect(decideEmailStep(emailFacts({ verification: webmail, verificationPolicy: { ...skipRisky, targetsCompanies: false } })).kind).toBe("act");
  });

  it("asks for a verification when one is due, after the skips that need none", () => {
    expect(decideEmailStep(emailFacts({ verificationDue: true, verification: invalid }))).toEqual({ kind: "verify" });
    expect(decideEmailStep(emailFacts({ verificationDue: true, deadAddress: true })).kind).toBe("resolve");
    expect(decideEmailStep(emailFacts({ verificationDue: true, listed: byDomain })).kind).toBe("fail");
  });

  it("lets the opt-out's skip come first, and the hold before any skip", () => {
    expect(decideEmailStep(emailFacts({ verification: invalid, optedOut: true }))).toEqual({ kind: "resolve", outcome: "no", detail: EMAIL_OPTED_OUT });
    expect(decideEmailStep(emailFacts({ verification: invalid, holder })).kind).toBe("held");
  });
});
