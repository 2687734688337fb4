import { describe, expect, it } from "vitest";
import type { TAnalyticsBreakdownRow } from "@/server/schemas/analytics";
import { changeTone, countChange, formatPeriod, formatRate, periodWords, rateChange, sortRows } from "./analytics-format";

describe("formatRate", () => {
  it("writes a share as a percentage with at most one decimal, and a dash when nothing could count", () => {
    expect(formatRate(0.125)).toBe("12.5%");
    expect(formatRate(0.4)).toBe("40%");
    expect(formatRate(1)).toBe("100%");
    expect(formatRate(0)).toBe("0%");
    expect(formatRate(0.0004)).toBe("<0.1%");
    expect(formatRate(null)).toBe("—");
  });
});

describe("countChange", () => {
  it("says there is no earlier data when the period before counted nothing", () => {
    expect(countChange(5, 0)).toEqual({ direction: "none", text: "no earlier data" });
    expect(countChange(0, 0)).toEqual({ direction: "none", text: "no earlier data" });
  });

  it("gives the change in per cent, up or down", () => {
    expect(countChange(15, 10)).toEqual({ direction: "up", text: "+50%" });
    expect(countChange(6, 10)).toEqual({ direction: "down", text: "−40%" });
    expect(countChange(10, 10)).toEqual({ direction: "same", text: "no change" });
    expect(countChange(1001, 1000)).toEqual({ direction: "up", text: "+<1%" });
  });
});

describe("rateChange", () => {
  it("gives the change in percentage points", () => {
    expect(rateChange(0.15, 0.125)).toEqual({ direction: "up", text: "+2.5 pts" });
    expect(rateChange(0.1, 0.11)).toEqual({ direction: "down", text: "−1 pt" });
    expect(rateChange(0.2, 0.2)).toEqual({ direction: "same", text: "no change" });
  });

  it("has nothing to compare when either rate had no lead to count", () => {
    expect(rateChange(0.2, null).direction).toBe("none");
    expect(rateChange(null, 0.2).direction).toBe("none");
  });
});

describe("changeTone", () => {
  it("reads more bounces as bad news and more replies as good", () => {
    expect(changeTone({ direction: "up", text: "+10%" }, true)).toBe("good");
    expect(changeTone({ direction: "up", text: "+10%" }, false)).toBe("bad");
    expect(changeTone({ direction: "down", text: "−10%" }, false)).toBe("good");
    expect(changeTone({ direction: "none", text: "no earlier data" }, true)).toBe("neutral");
  });
});

describe("the period in words", () => {
  it("writes the days, the year once", () => {
    expect(formatPeriod({ from: "2026-11-05", to: "2026-12-04" })).toBe("Nov 5 – Dec 4, 2026");
    expect(formatPeriod({ from: "2025-12-20", to: "2026-01-02" })).toBe("Dec 20, 2025 – Jan 2, 2026");
    expect(formatPeriod({ from: "2026-12-04", to: "2026-12-04" })).toBe("Dec 4, 2026");
  });

  it("says a preset by its length and a custom period by its days", () => {
    expect(periodWords({ from: "2026-11-05", to: "2026-12-04", days: 30 }, false)).toBe("in these 30 days");
    expect(periodWords({ from: "2026-11-05", to: "2026-12-04", days: 30 }, true)).toBe("between Nov 5, 2026 and Dec 4, 2026");
  });
});

describe("sortRows", () => {
  const counts = (replied: number, contacted: number) => ({ contacted, invited: 0, accepted: 0, messaged: 0, emailed: 0, replied, positive: 0, outcomes: 0, bounced: 0, complained: 0, unsubscribed: 0 });
  const row = (name: string, replied: number, contacted = 10): TAnalyticsBreakdownRow => ({
    key: name,
    name,
    campaignId: null,
    removed: false,
    stepId: null,
    variantId: null,
    counts: counts(replied, contacted),
    rates: { acceptanceRate: null, replyRate: replied / contacted, positiveReplyRate: 0, outcomeRate: 0, bounceRate: null, complaintRate: null, unsubscribeRate: null },
  });
  const rows = [row("Beta", 2), row("alpha", 5), row("Gamma 10", 2), row("Gamma 9", 1)];

  it("sorts by a figure either way, ties in the order given", () => {
    expect(sortRows(rows, { column: "replied", descending: true }).map((r) => r.name)).toEqual(["alpha", "Beta", "Gamma 10", "Gamma 9"]);
    expect(sortRows(rows, { column: "replied", descending: false }).map((r) => r.name)).toEqual(["Gamma 9", "Beta", "Gamma 10", "alpha"]);
  });

  it("sorts by name as people read them (case aside, numbers as numbers)", () => {
    expect(sortRows(rows, { column: "name", descending: false }).map((r) => r.name)).toEqual(["alpha", "Beta", "Gamma 9", "Gamma 10"]);
  });
});
