import { describe, expect, it } from "vitest";
import { DEFAULT_EMAIL_RATES, ratesEmailOutcomes } from "./rates-outcome-model";

const HOUR = 3_600_000;
const sent = { mailboxId: "mbx_a", toAddress: "ann@example.com", nth: 0, sentAt: Date.parse("2026-03-02T09:00:00Z") };

describe("ratesEmailOutcomes", () => {
  it("opens within the delays, clicks only e-mails with links, and draws the same for the same e-mail", () => {
    const always = ratesEmailOutcomes({ ...DEFAULT_EMAIL_RATES, openRate: 1, clickOfOpenedRate: 1 });
    const linked = always.plan({ ...sent, hasLinks: true });
    expect(linked.openAt! - sent.sentAt).toBeGreaterThanOrEqual(DEFAULT_EMAIL_RATES.openDelayHours[0] * HOUR);
    expect(linked.openAt! - sent.sentAt).toBeLessThanOrEqual(DEFAULT_EMAIL_RATES.openDelayHours[1] * HOUR);
    expect(linked.clickAt! - linked.openAt!).toBeLessThanOrEqual(DEFAULT_EMAIL_RATES.clickDelayHours[1] * HOUR);
    expect(always.plan({ ...sent, hasLinks: false }).clickAt).toBeNull();
    expect(always.plan({ ...sent, hasLinks: true })).toEqual(linked);
    expect(ratesEmailOutcomes({ ...DEFAULT_EMAIL_RATES, openRate: 0 }).plan({ ...sent, hasLinks: true })).toEqual({ openAt: null, clickAt: null });
  });

  it("opens about as many e-mails as the rate says", () => {
    const model = ratesEmailOutcomes(DEFAULT_EMAIL_RATES);
    const opened = Array.from({ length: 2000 }, (_, index) => model.plan({ ...sent, toAddress: `person-${index}@example.com`, hasLinks: true })).filter((outcome) => outcome.openAt !== null);
    expect(opened.length / 2000).toBeCloseTo(DEFAULT_EMAIL_RATES.openRate, 1);
    const clicked = opened.filter((outcome) => outcome.clickAt !== null).length / opened.length;
    expect(clicked).toBeCloseTo(DEFAULT_EMAIL_RATES.clickOfOpenedRate, 1);
  });
});
