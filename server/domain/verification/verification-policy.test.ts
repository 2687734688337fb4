import { describe, expect, it } from "vitest";
import { DEFAULT_CAMPAIGN_VERIFICATION, campaignVerificationOf } from "../../schemas/verification";
import { verificationFor, verificationSkip } from "./verification-policy";

const invalid = { status: "invalid" as const, check: "no-mail-domain", reason: "the domain nomail.test receives no e-mail (no MX or A record)" };
const risky = { status: "risky" as const, check: "role", reason: "info@ is a role address, read by a team rather than a person" };
const webmail = { status: "risky" as const, check: "free-webmail", reason: "gmail.com is a free webmail provider: a private address rather than a work one" };

describe("verificationSkip", () => {
  it("skips invalid addresses by default and sends risky ones", () => {
    expect(verificationSkip(invalid, DEFAULT_CAMPAIGN_VERIFICATION)).toBe(`The address failed verification (${invalid.reason}): the e-mail step was skipped`);
    expect(verificationSkip(risky, DEFAULT_CAMPAIGN_VERIFICATION)).toBeNull();
  });

  it("follows the campaign's choice for each status", () => {
    expect(verificationSkip(invalid, { ...DEFAULT_CAMPAIGN_VERIFICATION, invalid: "send" })).toBeNull();
    expect(verificationSkip(risky, { ...DEFAULT_CAMPAIGN_VERIFICATION, risky: "skip" })).toMatch(/^The address is risky \(info@ is a role address/);
  });

  it("lets an unverified address go out", () => {
    expect(verificationSkip(null, { invalid: "skip", risky: "skip", targetsCompanies: true })).toBeNull();
  });

  it("counts free webmail as risky only for campaigns that target companies", () => {
    const policy = { invalid: "skip" as const, risky: "skip" as const, targetsCompanies: true };
    expect(verificationSkip(webmail, policy)).toMatch(/risky/);
    expect(verificationSkip(webmail, { ...policy, targetsCompanies: false })).toBeNull();
    expect(verificationFor(webmail, false).status).toBe("valid");
    expect(verificationFor(risky, false)).toBe(risky);
  });
});

describe("campaignVerificationOf", () => {
  it("fills what a stored policy lacks with the defaults and ignores what is not a policy", () => {
    expect(campaignVerificationOf({ invalid: "send", risky: "skip" })).toEqual({ invalid: "send", risky: "skip", targetsCompanies: true });
    expect(campaignVerificationOf(null)).toEqual(DEFAULT_CAMPAIGN_VERIFICATION);
    expect(campaignVerificationOf({ invalid: "maybe" })).toEqual(DEFAULT_CAMPAIGN_VERIFICATION);
  });
});
