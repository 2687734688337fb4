// The sandbox network's day figures: a pure function of the mailbox, the date and the share of the
// day elapsed, growing through the day up to the ramp's volume, never past it; placement follows
// the filter model (a failing domain lands more in spam); replies stay in the strategy's ranges.
import { describe, expect, it } from "vitest";
import { presetStrategy, warmupVolumeOnDay } from "../../../domain/mail/warmup-ramp";
import { elapsedShare, sandboxWarmupDayFigures, type SandboxWarmupDayInput } from "./sandbox-warmup-day";

const strategy = presetStrategy("standard");
const input = (overrides: Partial<SandboxWarmupDayInput> = {}): SandboxWarmupDayInput => ({
  mailboxId: "mbx_a",
  date: "2026-03-02",
  day: 5,
  strategy,
  elapsed: 1,
  facts: { dns: "ok", bounceRate: 0 },
  ...overrides,
});

describe("sandboxWarmupDayFigures", () => {
  it("is the same for the same mailbox, date and share", () => {
    expect(sandboxWarmupDayFigures(input({ elapsed: 0.4 }))).toEqual(sandboxWarmupDayFigures(input({ elapsed: 0.4 })));
  });

  it("sends the ramp's volume over the day, growing, never past it", () => {
    const planned = warmupVolumeOnDay(strategy, 5);
    let previous = sandboxWarmupDayFigures(input({ elapsed: 0 }));
    expect(previous).toMatchObject({ planned, sent: 0, received: 0 });
    for (let step = 1; step <= 48; step++) {
      const figures = sandboxWarmupDayFigures(input({ elapsed: step / 48 }));
      for (const key of ["sent", "inbox", "received", "opened", "replied", "rescued"] as const) expect(figures[key]).toBeGreaterThanOrEqual(previous[key]);
      expect(figures.sent).toBeLessThanOrEqual(planned);
      expect(figures.inbox + figures.spam + figures.promotions).toBe(figures.sent);
      previous = figures;
    }
    expect(previous.sent).toBe(planned);
    expect(previous.received).toBe(planned);
    expect(previous.opened).toBe(previous.received);
    expect(sandboxWarmupDayFigures(input({ elapsed: 0.5 })).sent).toBeGreaterThan(0);
    expect(sandboxWarmupDayFigures(input({ elapsed: 0.5 })).sent).toBeLessThan(planned);
  });

  it("lands more in spam from a failing domain than from a healthy one", () => {
    const total = (dns: "ok" | "failing") => {
      let spam = 0;
      let sent = 0;
      for (let index = 0; index < 40; index++) {
        const figures = sandboxWarmupDayFigures(input({ mailboxId: `mbx_${index}`, day: 20, facts: { dns, bounceRate: 0 } }));
        spam += figures.spam;
        sent += figures.sent;
      }
      return spam / sent;
    };
    expect(total("ok")).toBeLessThan(0.1);
    expect(total("failing")).toBeGreaterThan(0.3);
  });

  it("replies within the strategy's ranges, and rescues only mail that landed outside the inbox", () => {
    let received = 0;
    let replied = 0;
    for (let index = 0; index < 200; index++) {
      const figures = sandboxWarmupDayFigures(input({ mailboxId: `mbx_${index}`, day: 20 }));
      received += figures.received;
      replied += figures.replied;
      expect(figures.rescued).toBeLessThanOrEqual(figures.replied);
    }
    // Mostly inbox (25–35 %), a little Promotions (15–25 %) and spam (10 %).
    expect(replied / received).toBeGreaterThan(0.2);
    expect(replied / received).toBeLessThan(0.36);
  });

  it("sends nothing before day 1", () => {
    expect(sandboxWarmupDayFigures(input({ day: 0 }))).toMatchObject({ planned: 0, sent: 0, received: 0 });
  });
});

describe("elapsedShare", () => {
  it("is the share of the window elapsed, 0 before, 1 after", () => {
    expect(elapsedShare(50, 100, 200)).toBe(0);
    expect(elapsedShare(150, 100, 200)).toBe(0.5);
    expect(elapsedShare(250, 100, 200)).toBe(1);
    expect(elapsedShare(200, 200, 200)).toBe(1);
  });
});
