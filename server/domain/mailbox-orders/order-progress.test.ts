import { describe, expect, it } from "vitest";
import { addCalendarMonths, failedLabel, judgeProgress, orderPhase, pollDelayMs, stageOfStatus } from "./order-progress";

const MIN = 60_000;

describe("order progress", () => {
  it("is on time within the stage's expected time, delayed past it, needs attention past four times it", () => {
    const waitingOn = "Registering acme.com";
    expect(judgeProgress({ status: "placing", waitingOn, elapsedMs: 15 * MIN })).toEqual({ state: "on_time" });
    expect(judgeProgress({ status: "placing", waitingOn, elapsedMs: 16 * MIN })).toEqual({
      state: "delayed",
      label: "Registering acme.com is taking longer than usual",
    });
    expect(judgeProgress({ status: "placing_unknown", waitingOn, elapsedMs: 61 * MIN })).toMatchObject({ state: "needs_attention" });
    expect(judgeProgress({ status: "provisioning", waitingOn: "x", elapsedMs: 29 * MIN })).toEqual({ state: "on_time" });
    expect(judgeProgress({ status: "provisioning", waitingOn: "x", elapsedMs: 31 * MIN }).state).toBe("delayed");
    expect(judgeProgress({ status: "authorizing", waitingOn: "x", elapsedMs: 41 * MIN }).state).toBe("needs_attention");
    expect(judgeProgress({ status: "connecting", waitingOn: "x", elapsedMs: 11 * MIN }).state).toBe("delayed");
    expect(judgeProgress({ status: "completed", waitingOn: "x", elapsedMs: 1000 * MIN }).state).toBe("on_time");
  });

  it("maps statuses to stages", () => {
    expect(stageOfStatus("paid")).toBe("placing");
    expect(stageOfStatus("placed")).toBe("provisioning");
    expect(stageOfStatus("cancelled")).toBeNull();
  });

  it("tells a step whether to work, skip (a later step ran) or stop", () => {
    expect(orderPhase("paid", ["paid", "placing", "placing_unknown"])).toBe("here");
    expect(orderPhase("provisioning", ["paid", "placing", "placing_unknown"])).toBe("past");
    expect(orderPhase("placed", ["provisioning"])).toBe("here");
    expect(orderPhase("completed", ["connecting"])).toBe("past");
    expect(orderPhase("cancelled", ["provisioning"])).toBe("stopped");
    expect(orderPhase("needs_attention", ["provisioning"])).toBe("stopped");
    expect(orderPhase("quoted", ["paid"])).toBe("stopped");
  });

  it("says a failure in plain words", () => {
    expect(failedLabel("Creating jane@acme.com", "The platform refused.")).toBe(
      "Creating jane@acme.com failed (The platform refused). The team is looking into it and will resume the order.",
    );
  });

  it("polls soon at first, then every five minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(pollDelayMs)).toEqual([15_000, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000]);
  });

  it("adds calendar months, keeping the day or the month's last day", () => {
    expect(addCalendarMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addCalendarMonths(new Date("2026-03-02T09:00:00Z"), 1).toISOString()).toBe("2026-04-02T09:00:00.000Z");
    expect(addCalendarMonths(new Date("2026-12-15T00:00:00Z"), 1).toISOString()).toBe("2027-01-15T00:00:00.000Z");
  });
});
