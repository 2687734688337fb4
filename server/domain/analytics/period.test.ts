import { describe, expect, it } from "vitest";
import { bucketOf, bucketsOf, resolvePeriod } from "./period";

describe("analytics periods", () => {
  it("ends a preset today and compares it with the days just before", () => {
    const period = resolvePeriod({ period: "7d" }, new Date("2026-03-10T23:59:00Z"));
    expect(period).toEqual({ from: "2026-03-04", to: "2026-03-10", days: 7, previous: { from: "2026-02-25", to: "2026-03-03" }, bucket: "day" });
    expect(bucketsOf(period)).toHaveLength(7);
  });

  it("defaults to 30 days and takes a custom period as given, across a month's end", () => {
    expect(resolvePeriod({}, new Date("2026-03-01T00:00:00Z"))).toMatchObject({ from: "2026-01-31", to: "2026-03-01", days: 30 });
    expect(resolvePeriod({ period: "7d", from: "2026-02-27", to: "2026-03-02" }, new Date("2026-06-01T00:00:00Z"))).toMatchObject({
      from: "2026-02-27",
      to: "2026-03-02",
      days: 4,
      previous: { from: "2026-02-23", to: "2026-02-26" },
    });
  });

  it("charts long periods by weeks starting on the first day, the last week shorter", () => {
    const period = resolvePeriod({ period: "90d" }, new Date("2026-03-31T12:00:00Z"));
    expect(period.bucket).toBe("week");
    const buckets = bucketsOf(period);
    expect(buckets).toHaveLength(13);
    expect(buckets[0]).toBe(period.from);
    expect(bucketOf(period, period.from)).toBe(period.from);
    expect(bucketOf(period, "2026-03-31")).toBe(buckets[12]);
    expect(bucketOf(period, buckets[1]!)).toBe(buckets[1]);
  });
});
