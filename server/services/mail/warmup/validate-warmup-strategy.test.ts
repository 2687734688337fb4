// The strategy PATCH's rules, pure: every bad field listed at once in plain words, unknown keys
// refused, presets resolved, custom values over a preset naming it `custom`.
import { describe, expect, it } from "vitest";
import { presetStrategy } from "../../../domain/mail/warmup-ramp";
import { validateWarmupChange } from "./validate-warmup-strategy";

const CONSERVATIVE = presetStrategy("conservative");
const LIMITS = { maxTarget: 50 };

function errorsOf(input: Record<string, unknown>, options = {}) {
  const result = validateWarmupChange(input, CONSERVATIVE, LIMITS, options);
  return result.ok ? [] : result.errors;
}

describe("validating a warmup strategy change", () => {
  it("lists every bad field at once, each in plain words, unknown keys included", () => {
    const errors = errorsOf({
      preset: "turbo",
      startingVolume: 0,
      dailyIncrease: 1.5,
      targetVolume: "lots",
      replyInbox: [40, 20],
      replyPromotions: [10, 120],
      replySpam: -1,
      holdOverride: "yes",
      colour: "blue",
    });
    expect(errors.map((error) => error.field).sort()).toEqual(
      ["colour", "dailyIncrease", "holdOverride", "preset", "replyInbox", "replyPromotions", "replySpam", "startingVolume", "targetVolume"].sort(),
    );
    const message = (field: string) => errors.find((error) => error.field === field)!.message;
    expect(message("preset")).toBe('must be conservative, standard or aggressive, not "turbo"');
    expect(message("startingVolume")).toMatch(/^must be a whole number of at least 1/);
    expect(message("replyInbox")).toBe("must start with the lower percentage: [20, 40], not [40, 20]");
    expect(message("replyPromotions")).toMatch(/two whole percentages from 0 to 100/);
    expect(message("colour")).toMatch(/is not a warmup setting/);
    expect(message("holdOverride")).toBe('must be true or false, not "yes"');
  });

  it("checks the target against the starting volume and the mailbox's highest target", () => {
    expect(errorsOf({ startingVolume: 30 })).toEqual([{ field: "startingVolume", message: "the target (20 a day) must be at least the starting volume (30 a day)" }]);
    expect(errorsOf({ targetVolume: 51 })).toEqual([{ field: "targetVolume", message: "must be at most 50 warmup e-mails a day for this mailbox, not 51" }]);
    // A preset above the mailbox's highest target is the preset's fault.
    expect(errorsOf({ preset: "aggressive" })).toEqual([{ field: "preset", message: "must be at most 50 warmup e-mails a day for this mailbox, not 80" }]);
    expect(errorsOf({ preset: "custom" })[0]!.message).toMatch(/send the values themselves/);
    expect(errorsOf({ replyInbox: [1, 2, 3] })[0]!.field).toBe("replyInbox");
  });

  it("a preset replaces the values; custom values over it make it custom unless they equal it", () => {
    const standard = validateWarmupChange({ preset: "standard" }, CONSERVATIVE, LIMITS);
    expect(standard).toEqual({ ok: true, change: { strategy: presetStrategy("standard"), startingVolumeSent: false } });
    const custom = validateWarmupChange({ preset: "standard", targetVolume: 45 }, CONSERVATIVE, LIMITS);
    expect(custom.ok && custom.change.strategy).toEqual({ ...presetStrategy("standard"), preset: "custom", targetVolume: 45 });
    const same = validateWarmupChange({ preset: "standard", targetVolume: 40 }, CONSERVATIVE, LIMITS);
    expect(same.ok && same.change.strategy.preset).toBe("standard");
    const onCurrent = validateWarmupChange({ replySpam: 8 }, CONSERVATIVE, LIMITS);
    expect(onCurrent.ok && onCurrent.change.strategy).toEqual({ ...CONSERVATIVE, preset: "custom", replySpam: 8 });
    const hold = validateWarmupChange({ holdOverride: true }, CONSERVATIVE, LIMITS);
    expect(hold).toEqual({ ok: true, change: { strategy: CONSERVATIVE, startingVolumeSent: false, holdOverride: true } });
  });

  it("past day 1 a preset keeps the warmup's starting volume", () => {
    const result = validateWarmupChange({ preset: "standard" }, CONSERVATIVE, LIMITS, { keepStartingVolume: true });
    expect(result.ok && result.change.strategy).toEqual({ ...presetStrategy("standard"), preset: "custom", startingVolume: 2 });
  });
});
