import { describe, expect, it } from "vitest";
import { formatShare, placementShares, stackedBars } from "./warmup-chart-geometry";

describe("placementShares", () => {
  it("gives each place's share of the e-mails that landed", () => {
    expect(placementShares({ inbox: 6, promotions: 2, spam: 2 })).toEqual({ inbox: 0.6, promotions: 0.2, spam: 0.2, total: 10 });
    expect(placementShares({ inbox: 0, promotions: 0, spam: 0 })).toEqual({ inbox: 0, promotions: 0, spam: 0, total: 0 });
  });
});

describe("stackedBars", () => {
  it("stacks each day's segments from the bottom, one slot per day, leaving out zeros", () => {
    const bars = stackedBars(
      [
        { inbox: 0.5, spam: 0.5 },
        { inbox: 1, spam: 0 },
      ],
      ["inbox", "spam"],
      1,
      { width: 100, height: 50 },
      0.2,
    );
    expect(bars[0]).toEqual([
      { key: "inbox", x: 5, y: 25, width: 40, height: 25 },
      { key: "spam", x: 5, y: 0, width: 40, height: 25 },
    ]);
    expect(bars[1]).toEqual([{ key: "inbox", x: 55, y: 0, width: 40, height: 50 }]);
  });

  it("draws nothing for no days", () => {
    expect(stackedBars([], ["inbox"], 1, { width: 100, height: 50 })).toEqual([]);
    expect(formatShare(0.625)).toBe("63 %");
  });
});
