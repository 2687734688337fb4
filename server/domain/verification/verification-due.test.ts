import { describe, expect, it } from "vitest";
import { isVerificationDue } from "./verification-due";

const AT = Date.parse("2026-03-31T10:00:00Z");
const daysAgo = (days: number) => new Date(AT - days * 86_400_000);

describe("isVerificationDue", () => {
  it("verifies an address never verified, or verified longer ago than the workspace's setting, before the first e-mail", () => {
    expect(isVerificationDue({ checkedAt: null, emailContacted: false, maxAgeDays: 30, at: AT })).toBe(true);
    expect(isVerificationDue({ checkedAt: daysAgo(31), emailContacted: false, maxAgeDays: 30, at: AT })).toBe(true);
    expect(isVerificationDue({ checkedAt: daysAgo(29), emailContacted: false, maxAgeDays: 30, at: AT })).toBe(false);
    expect(isVerificationDue({ checkedAt: daysAgo(2), emailContacted: false, maxAgeDays: 1, at: AT })).toBe(true);
  });

  it("never again once the lead was e-mailed", () => {
    expect(isVerificationDue({ checkedAt: null, emailContacted: true, maxAgeDays: 30, at: AT })).toBe(false);
    expect(isVerificationDue({ checkedAt: daysAgo(400), emailContacted: true, maxAgeDays: 30, at: AT })).toBe(false);
  });
});
