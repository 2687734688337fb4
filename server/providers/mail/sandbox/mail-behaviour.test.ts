import { describe, expect, it } from "vitest";
import { isNonexistentAddress, personaOf, planSandboxEmail, SANDBOX_MAIL_RATES, sandboxReplyText } from "./mail-behaviour";

const SENT = Date.UTC(2026, 0, 5, 9, 0, 0);
const MINUTE = 60_000;

function plan(toAddress: string, options: { nth?: number; hasLinks?: boolean; fromAddress?: string; sentAt?: number } = {}) {
  return planSandboxEmail({
    fromAddress: options.fromAddress ?? "anna@herald.test",
    toAddress,
    nth: options.nth ?? 0,
    sentAt: options.sentAt ?? SENT,
    hasLinks: options.hasLinks ?? true,
  });
}

describe("planSandboxEmail", () => {
  it("gives the same plan for the same writer, recipient and count, whatever the case of the addresses", () => {
    for (let i = 0; i < 200; i++) {
      expect(plan(`Person${i}@Acme.test`)).toEqual(plan(`person${i}@acme.test`));
    }
  });

  it("plans each e-mail of a pair apart, and the sending time only moves the moments", () => {
    const plans = Array.from({ length: 400 }, (_, i) => plan(`lead${i}@acme.test`, { nth: 0 }));
    const followUps = Array.from({ length: 400 }, (_, i) => plan(`lead${i}@acme.test`, { nth: 1 }));
    expect(plans.filter((first, i) => (first.openAt === null) !== (followUps[i]!.openAt === null)).length).toBeGreaterThan(50);

    const later = plan("lead7@acme.test", { sentAt: SENT + 3_600_000 });
    const first = plan("lead7@acme.test");
    for (const field of ["openAt", "clickAt", "replyAt", "autoReplyAt", "complainAt"] as const) {
      expect(later[field] === null ? null : later[field]! - 3_600_000).toBe(first[field]);
    }
  });

  it("matches the seeded rates over many addresses", () => {
    const count = 20_000;
    const plans = Array.from({ length: count }, (_, i) => plan(`prospect${i}@company${i % 97}.test`));
    const share = (predicate: (outcome: (typeof plans)[number]) => boolean) => plans.filter(predicate).length / count;
    const delivered = plans.filter((outcome) => outcome.bounce === null);
    const opened = delivered.filter((outcome) => outcome.openAt !== null);

    expect(share((outcome) => outcome.bounce?.kind === "hard")).toBeCloseTo(SANDBOX_MAIL_RATES.hardBounceAddress, 2);
    expect(share((outcome) => outcome.bounce?.kind === "soft")).toBeCloseTo(SANDBOX_MAIL_RATES.softBounce * (1 - SANDBOX_MAIL_RATES.hardBounceAddress), 2);
    expect(opened.length / delivered.length).toBeCloseTo(SANDBOX_MAIL_RATES.open, 1.5);
    expect(opened.filter((outcome) => outcome.clickAt !== null).length / opened.length).toBeCloseTo(SANDBOX_MAIL_RATES.clickOfOpened, 1.5);
    expect(delivered.filter((outcome) => outcome.replyAt !== null).length / delivered.length).toBeCloseTo(SANDBOX_MAIL_RATES.reply, 1.5);
    expect(delivered.filter((outcome) => outcome.autoReplyAt !== null).length / delivered.length).toBeCloseTo(SANDBOX_MAIL_RATES.outOfOffice, 1.5);
    const complaints = delivered.filter((outcome) => outcome.complainAt !== null).length / delivered.length;
    expect(complaints).toBeGreaterThan(0.001);
    expect(complaints).toBeLessThan(0.006);
  });

  it("never clicks without links or without opening, opens only after Herald's two-minute window, and skews delays short", () => {
    const plans = Array.from({ length: 5_000 }, (_, i) => plan(`someone${i}@acme.test`, { hasLinks: false }));
    expect(plans.every((outcome) => outcome.clickAt === null)).toBe(true);
    const withLinks = Array.from({ length: 5_000 }, (_, i) => plan(`someone${i}@acme.test`));
    for (const outcome of withLinks) {
      if (outcome.clickAt !== null) expect(outcome.clickAt).toBeGreaterThan(outcome.openAt!);
      if (outcome.openAt !== null) expect(outcome.openAt).toBeGreaterThanOrEqual(SENT + 3 * MINUTE);
      if (outcome.bounce) expect([outcome.openAt, outcome.replyAt, outcome.clickAt, outcome.complainAt, outcome.autoReplyAt]).toEqual([null, null, null, null, null]);
      if (outcome.complainAt !== null) expect(outcome.replyAt).toBeNull();
    }
    const openDelays = withLinks.flatMap((outcome) => (outcome.openAt === null ? [] : [outcome.openAt - SENT])).sort((a, b) => a - b);
    const median = openDelays[Math.floor(openDelays.length / 2)]!;
    // Uniform over 3 minutes to 72 hours would put the median near 36 hours; the skew brings it well under.
    expect(median).toBeLessThan(24 * 60 * MINUTE);
  });

  it("knows addresses that do not exist for every sender and every e-mail", () => {
    const missing = Array.from({ length: 2_000 }, (_, i) => `ghost${i}@acme.test`).filter(isNonexistentAddress);
    expect(missing.length).toBeGreaterThan(10);
    for (const address of missing) {
      expect(plan(address, { nth: 3, fromAddress: "other@herald.test" }).bounce?.kind).toBe("hard");
    }
  });
});

describe("test addresses", () => {
  it("recognises the documented local parts", () => {
    expect(personaOf("Bounce.Mike@acme.test")).toBe("bounce");
    expect(personaOf("softbounce@acme.test")).toBe("softbounce");
    expect(personaOf("reply-anna@acme.test")).toBe("reply");
    expect(personaOf("anna@bounce.test")).toBeNull();
  });

  it("always behave as their name says", () => {
    for (let nth = 0; nth < 20; nth++) {
      const options = { nth, fromAddress: `sender${nth}@herald.test` };
      expect(plan(`bounce${nth}@acme.test`, options).bounce?.kind).toBe("hard");
      expect(plan(`softbounce${nth}@acme.test`, options).bounce?.kind).toBe("soft");
      const complainer = plan(`complain${nth}@acme.test`, options);
      expect(complainer.complainAt).toBeGreaterThan(complainer.openAt!);
      const replier = plan(`reply${nth}@acme.test`, options);
      expect(replier.replyAt).toBeGreaterThan(replier.openAt!);
      expect(replier.bounce).toBeNull();
      const away = plan(`ooo${nth}@acme.test`, options);
      expect(away.autoReplyAt).toBeLessThanOrEqual(SENT + MINUTE);
      expect(away.replyAt).toBeNull();
      const opener = plan(`opener${nth}@acme.test`, options);
      expect([opener.openAt !== null, opener.clickAt, opener.replyAt]).toEqual([true, null, null]);
      const clicker = plan(`clicker${nth}@acme.test`, options);
      expect(clicker.clickAt).toBeGreaterThan(clicker.openAt!);
      expect(plan(`clicker${nth}@acme.test`, { ...options, hasLinks: false }).clickAt).toBeNull();
    }
  });
});

describe("reply texts", () => {
  it("gives a fixed reply text per e-mail", () => {
    const texts = new Set(Array.from({ length: 50 }, (_, i) => sandboxReplyText(`<m${i}@herald.test>`)));
    expect(texts.size).toBeGreaterThan(3);
    expect(sandboxReplyText("<m1@herald.test>")).toBe(sandboxReplyText("<m1@herald.test>"));
  });
});
