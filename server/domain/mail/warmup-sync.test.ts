// The warmup sync's decisions: the day on today's local date, warming → warm at the target,
// health from the last 7 days, the warming hold until its end, the poor-health hold a day at a time,
// and a pause with a plain error when the mailbox cannot send.
import { describe, expect, it } from "vitest";
import { decideWarmupSync, mailboxProblem, type WarmupSyncFacts } from "./warmup-sync";

const DAY = 86_400_000;
const at = Date.parse("2026-03-10T12:00:00Z");
const facts = (overrides: Partial<WarmupSyncFacts> = {}): WarmupSyncFacts => ({
  status: "warming",
  strategy: { startingVolume: 2, dailyIncrease: 1, targetVolume: 20 },
  day: 3,
  dayDate: "2026-03-09",
  holdUntil: at + 5 * DAY,
  holdReason: "warming",
  warmingHoldUntil: at + 5 * DAY,
  error: null,
  mailboxStatus: "connected",
  counts: { inbox: 40, spam: 1, promotions: 2 },
  today: "2026-03-10",
  at,
  tomorrow: Date.parse("2026-03-11T00:00:00Z"),
  ...overrides,
});

describe("decideWarmupSync", () => {
  it("advances a warming mailbox one day per local date", () => {
    expect(decideWarmupSync(facts())).toMatchObject({ status: "warming", day: 4, dayDate: "2026-03-10" });
    expect(decideWarmupSync(facts({ dayDate: "2026-03-10" }))).toMatchObject({ day: 3 });
    expect(decideWarmupSync(facts({ dayDate: "2026-03-07" }))).toMatchObject({ day: 6 });
  });

  it("turns warm once the day's volume reaches the target, and back to warming when the target is raised", () => {
    expect(decideWarmupSync(facts({ day: 18 }))).toMatchObject({ status: "warm", day: 19 });
    expect(decideWarmupSync(facts({ day: 17 }))).toMatchObject({ status: "warming", day: 18 });
    expect(decideWarmupSync(facts({ status: "warm", day: 19, strategy: { startingVolume: 2, dailyIncrease: 1, targetVolume: 30 } }))).toMatchObject({ status: "warming", day: 19 });
  });

  it("keeps a paused warmup on its day while its date moves along", () => {
    expect(decideWarmupSync(facts({ status: "paused", dayDate: "2026-03-05" }))).toMatchObject({ status: "paused", day: 3, dayDate: "2026-03-10", pauseAtNetwork: false });
  });

  it("pauses warmup with a plain error when the mailbox is disconnected or failing, once", () => {
    const paused = decideWarmupSync(facts({ mailboxStatus: "disconnected" }));
    expect(paused).toMatchObject({ status: "paused", pauseAtNetwork: true, error: mailboxProblem("disconnected") });
    expect(paused.error).toMatch(/Reconnect it, then resume warmup/);
    expect(decideWarmupSync(facts({ mailboxStatus: "error" }))).toMatchObject({ status: "paused", pauseAtNetwork: true });
    expect(decideWarmupSync(facts({ status: "paused", mailboxStatus: "error", error: "x" }))).toMatchObject({ status: "paused", pauseAtNetwork: false, error: "x" });
    expect(mailboxProblem("connected")).toBeNull();
  });

  it("takes health from the last days' placement", () => {
    expect(decideWarmupSync(facts())).toMatchObject({ health: "good", healthScore: 95.3 });
    expect(decideWarmupSync(facts({ counts: { inbox: 3, spam: 0, promotions: 0 } }))).toMatchObject({ health: "unknown", healthScore: null });
  });

  it("holds campaigns while warming, until the hold's end", () => {
    expect(decideWarmupSync(facts())).toMatchObject({ holdReason: "warming", holdUntil: at + 5 * DAY });
    expect(decideWarmupSync(facts({ holdUntil: at, warmingHoldUntil: at }))).toMatchObject({ holdReason: null, holdUntil: null });
    expect(decideWarmupSync(facts({ holdUntil: null, holdReason: null, warmingHoldUntil: null }))).toMatchObject({ holdReason: null, holdUntil: null });
  });

  it("holds campaigns for poor health until tomorrow, and lifts it when health recovers", () => {
    const poor = { inbox: 10, spam: 8, promotions: 2 };
    const afterWarming = { holdUntil: at - DAY, warmingHoldUntil: at - DAY };
    expect(decideWarmupSync(facts({ ...afterWarming, counts: poor }))).toMatchObject({ health: "poor", holdReason: "poor-health", holdUntil: Date.parse("2026-03-11T00:00:00Z") });
    // While the warming hold runs, the later end wins; the warming hold's end is kept for when health recovers.
    expect(decideWarmupSync(facts({ counts: poor }))).toMatchObject({ holdReason: "poor-health", holdUntil: at + 5 * DAY });
    expect(decideWarmupSync(facts({ holdReason: "poor-health", holdUntil: at + 5 * DAY }))).toMatchObject({ holdReason: "warming", holdUntil: at + 5 * DAY });
    expect(decideWarmupSync(facts({ holdReason: "poor-health", holdUntil: Date.parse("2026-03-11T00:00:00Z"), warmingHoldUntil: at - DAY }))).toMatchObject({ holdReason: null, holdUntil: null });
  });
});
