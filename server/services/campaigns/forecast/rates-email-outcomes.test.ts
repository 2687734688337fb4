import { describe, expect, it } from "vitest";
import { DEFAULT_EMAIL_RATES, ratesEmailOutcomes } from "./rates-outcome-model";

const HOUR = 3_600_000;
const sent = { mailboxId: "mbx_a", toAddress: "ann@example.com", nth: 0, sentAt: Date.parse("2026-03-02T09:00:00Z") };
const DELIVERED = { ...DEFAULT_EMAIL_RATES, hardBounceRate: 0, softBounceRate: 0 };

describe("ratesEmailOutcomes", () => {
  it("opens within the delays, clicks only e-mails with links, and draws the same for the same e-mail", () => {
    const always = ratesEmailOutcomes({ ...DELIVERED, openRate: 1, clickOfOpenedRate: 1 });
    const linked = always.plan({ ...sent, hasLinks: true });
    expect(linked.openAt! - sent.sentAt).toBeGreaterThanOrEqual(DEFAULT_EMAIL_RATES.openDelayHours[0] * HOUR);
    expect(linked.openAt! - sent.sentAt).toBeLessThanOrEqual(DEFAULT_EMAIL_RATES.openDelayHours[1] * HOUR);
    expect(linked.clickAt! - linked.openAt!).toBeLessThanOrEqual(DEFAULT_EMAIL_RATES.clickDelayHours[1] * HOUR);
    expect(always.plan({ ...sent, hasLinks: false }).clickAt).toBeNull();
    expect(always.plan({ ...sent, hasLinks: true })).toEqual(linked);
    expect(ratesEmailOutcomes({ ...DELIVERED, openRate: 0 }).plan({ ...sent, hasLinks: true })).toMatchObject({ openAt: null, clickAt: null });
  });

  it("opens about as many e-mails as the rate says", () => {
    const model = ratesEmailOutcomes(DELIVERED);
    const opened = Array.from({ length: 2000 }, (_, index) => model.plan({ ...sent, toAddress: `person-${index}@example.com`, hasLinks: true })).filter((outcome) => outcome.openAt !== null);
    expect(opened.length / 2000).toBeCloseTo(DEFAULT_EMAIL_RATES.openRate, 1);
    const clicked = opened.filter((outcome) => outcome.clickAt !== null).length / opened.length;
    expect(clicked).toBeCloseTo(DEFAULT_EMAIL_RATES.clickOfOpenedRate, 1);
  });

  it("replies, bounces and complains about as often as the rates say, a missing address bouncing every time, and nothing after a bounce", () => {
    const rates = { ...DEFAULT_EMAIL_RATES, replyRate: 0.2, hardBounceRate: 0.1, softBounceRate: 0.1, complaintRate: 0.05 };
    const model = ratesEmailOutcomes(rates);
    const outcomes = Array.from({ length: 4000 }, (_, index) => model.plan({ ...sent, toAddress: `person-${index}@example.com`, hasLinks: false }));
    const share = (test: (outcome: (typeof outcomes)[number]) => boolean) => outcomes.filter(test).length / outcomes.length;
    expect(share((outcome) => outcome.bounce?.kind === "hard")).toBeCloseTo(0.1, 1);
    expect(share((outcome) => outcome.bounce?.kind === "soft")).toBeCloseTo(0.09, 1);
    expect(share((outcome) => outcome.replyAt != null)).toBeCloseTo(0.8 * 0.95 * 0.2, 1);
    expect(share((outcome) => outcome.complainAt != null)).toBeCloseTo(0.8 * 0.05, 1);
    for (const outcome of outcomes) {
      if (outcome.bounce) {
        expect(outcome).toMatchObject({ openAt: null, clickAt: null });
        expect(outcome.replyAt ?? outcome.complainAt ?? null).toBeNull();
        expect(outcome.bounce.at - sent.sentAt).toBeLessThanOrEqual(rates.bounceDelayHours[1] * HOUR);
      }
      expect(outcome.replyAt != null && outcome.complainAt != null).toBe(false);
    }
    const dead = outcomes.findIndex((outcome) => outcome.bounce?.kind === "hard");
    for (let nth = 1; nth < 4; nth++) expect(model.plan({ ...sent, toAddress: `person-${dead}@example.com`, nth, hasLinks: false }).bounce?.kind).toBe("hard");
  });
});
