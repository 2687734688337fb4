import { describe, expect, it } from "vitest";
import { deliverabilityRetryAfterSeconds } from "./deliverability-limits";

const at = new Date("2026-03-02T12:00:00Z");
const hoursAgo = (hours: number) => new Date(at.getTime() - hours * 3600_000);

describe("deliverabilityRetryAfterSeconds", () => {
  it("lets a test start with fewer than 10 in the last 24 hours (older ones do not count)", () => {
    expect(deliverabilityRetryAfterSeconds([...Array.from({ length: 9 }, (_, index) => hoursAgo(index)), hoursAgo(24), hoursAgo(30)], at)).toBeNull();
  });

  it("waits until the oldest of the 10 is 24 hours old", () => {
    const starts = Array.from({ length: 10 }, (_, index) => hoursAgo(20 - index));
    expect(deliverabilityRetryAfterSeconds(starts, at)).toBe(4 * 3600);
  });
});
