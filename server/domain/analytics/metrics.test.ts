import { describe, expect, it } from "vitest";
import { addCounts, COUNT_KEYS, emptyCounts, RATE_DEFINITIONS, ratesOf } from "./metrics";

describe("analytics rates", () => {
  it("divide by the leads they could apply to, never by the replies", () => {
    const counts = addCounts(emptyCounts(), { contacted: 200, invited: 150, accepted: 60, emailed: 80, replied: 20, positive: 8, outcomes: 4, bounced: 2, complained: 1, unsubscribed: 3 });
    expect(ratesOf(counts)).toEqual({
      acceptanceRate: 0.4,
      replyRate: 0.1,
      positiveReplyRate: 0.04,
      outcomeRate: 0.02,
      bounceRate: 0.025,
      complaintRate: 0.0125,
      unsubscribeRate: 0.0375,
    });
    expect(RATE_DEFINITIONS.positiveReplyRate.denominator).toBe("contacted");
  });

  it("say nothing rather than 0% when nothing could count", () => {
    const rates = ratesOf(addCounts(emptyCounts(), { contacted: 3, invited: 3 }));
    expect(rates.acceptanceRate).toBe(0);
    expect(rates.bounceRate).toBeNull();
    expect(Object.values(ratesOf(emptyCounts())).every((rate) => rate === null)).toBe(true);
    expect(COUNT_KEYS).toHaveLength(11);
  });
});
