// The campaign cap of a warming mailbox (warmupCampaignCap, fed by warmupCapFacts from a stored
// row): nothing during the hold unless overridden, then the ramp's volume of the warmup day on the
// date asked (advancing with the date), never above the daily limit; no cap without warmup.
import { describe, expect, it } from "vitest";
import { warmupCapFacts, type WarmupCapRow } from "./warmup-cap-facts";
import { warmupCampaignCap, WARMUP_PRESET_VALUES } from "./warmup-ramp";

const START = Date.parse("2026-03-02T09:00:00Z");
const DAY = 86_400_000;

function row(overrides: Partial<WarmupCapRow> = {}): WarmupCapRow {
  const { startingVolume, dailyIncrease, targetVolume } = WARMUP_PRESET_VALUES.conservative;
  return { status: "warming", startingVolume, dailyIncrease, targetVolume, day: 1, dayDate: "2026-03-02", holdUntil: new Date(START + 3 * DAY), holdOverride: false, ...overrides };
}

describe("the campaign cap of a warming mailbox", () => {
  it("is 0 while the hold lasts, then the ramp's volume of the day (2, 3, 4… up to 20), never above the daily limit", () => {
    const facts = warmupCapFacts(row());
    expect(warmupCampaignCap(facts, 50, START, "2026-03-02")).toBe(0);
    expect(warmupCampaignCap(facts, 50, START + 3 * DAY - 1, "2026-03-05")).toBe(0);
    // The hold ended during day 4: the ramp's 2 + 3 × 1 = 5.
    expect(warmupCampaignCap(facts, 50, START + 3 * DAY, "2026-03-05")).toBe(5);
    expect(warmupCampaignCap(facts, 50, START + 4 * DAY, "2026-03-06")).toBe(6);
    expect(warmupCampaignCap(facts, 4, START + 4 * DAY, "2026-03-06")).toBe(4);
    // Day 18: 19; day 19 reaches the target of 20: warm, the daily limit (whether or not the sync marked it yet).
    expect(warmupCampaignCap(facts, 50, START + 17 * DAY, "2026-03-19")).toBe(19);
    expect(warmupCampaignCap(facts, 50, START + 18 * DAY, "2026-03-20")).toBe(50);
    expect(warmupCampaignCap(facts, 50, START + 40 * DAY, "2026-04-11")).toBe(50);
  });

  it("holdOverride lifts the hold but not the ramp", () => {
    const facts = warmupCapFacts(row({ holdOverride: true }));
    expect(warmupCampaignCap(facts, 50, START, "2026-03-02")).toBe(2);
    expect(warmupCampaignCap(facts, 50, START + DAY, "2026-03-03")).toBe(3);
  });

  it("a paused warmup stays on its day; a warm one and one without warmup have their daily limit", () => {
    const paused = warmupCapFacts(row({ status: "paused", day: 6, holdUntil: null }));
    expect(warmupCampaignCap(paused, 50, START + 10 * DAY, "2026-03-12")).toBe(7);
    expect(warmupCampaignCap(warmupCapFacts(row({ status: "warm", holdUntil: null })), 50, START, "2026-03-02")).toBe(50);
    expect(warmupCampaignCap(warmupCapFacts(row({ status: "pending" })), 50, START, "2026-03-02")).toBe(50);
    expect(warmupCampaignCap(warmupCapFacts(row({ status: "stopped" })), 50, START, "2026-03-02")).toBe(50);
    expect(warmupCampaignCap(warmupCapFacts(null), 50, START, "2026-03-02")).toBe(50);
    expect(warmupCapFacts(row({ status: "unheard-of" }))).toBeNull();
  });

  it("a custom ramp: 10, then 14, 18… and the daily limit once it reaches its target of 30", () => {
    const facts = warmupCapFacts(row({ startingVolume: 10, dailyIncrease: 4, targetVolume: 30, holdUntil: null }));
    expect([0, 1, 2, 4, 5, 9].map((offset) => warmupCampaignCap(facts, 100, START + offset * DAY, new Date(START + offset * DAY).toISOString().slice(0, 10)))).toEqual([10, 14, 18, 26, 100, 100]);
    // A paused one stays on its ramp even at the target.
    expect(warmupCampaignCap(warmupCapFacts(row({ status: "paused", day: 9, startingVolume: 10, dailyIncrease: 4, targetVolume: 30, holdUntil: null })), 100, START, "2026-03-02")).toBe(30);
  });
});
