import { describe, expect, it } from "vitest";
import { wireSequence } from "@/server/domain/sequence/wire-sequence";
import { branchTiming, formatHours, timingPhrase } from "./timing";

const step = (input: Record<string, unknown>) => wireSequence({ steps: [input] }).steps[0]!;

describe("branch timing", () => {
  it("uses the engine's defaults: 72 h for a reply, 14 days (or withdrawDays) for acceptance", () => {
    expect(branchTiming(step({ type: "message", config: { text: "Hi" } }), "no")).toEqual({ meaning: "No reply", hours: 72, defaulted: true, waitsForOutcome: true });
    expect(branchTiming(step({ type: "invite" }), "no")).toMatchObject({ meaning: "Not accepted", hours: 336, defaulted: true });
    expect(branchTiming(step({ type: "invite", config: { withdrawDays: 5 } }), "no")).toMatchObject({ hours: 120 });
    expect(branchTiming(step({ type: "invite" }), "yes")).toMatchObject({ meaning: "Accepted", hours: 0, waitsForOutcome: false });
  });

  it("reads the step's own delays", () => {
    expect(branchTiming(step({ type: "invite", branchDelays: { yes: 2, no: 48 } }), "no")).toMatchObject({ hours: 48, defaulted: false });
    expect(branchTiming(step({ type: "message", config: { text: "Hi" }, nextDelayHours: 24 }), "no")).toMatchObject({ hours: 24 });
    expect(branchTiming(step({ type: "message", config: { text: "Hi" }, nextDelayHours: 24, branchDelays: { no: 6 } }), "no")).toMatchObject({ hours: 6 });
    expect(branchTiming(step({ type: "if_open_profile", branchDelays: { yes: 5 } }), "yes")).toMatchObject({ meaning: "Open profile", hours: 5 });
    expect(branchTiming(step({ type: "visit_profile", nextDelayHours: 30 }), null)).toMatchObject({ meaning: "Next", hours: 30 });
  });

  it("phrases durations for people", () => {
    expect(formatHours(0)).toBe("0 h");
    expect(formatHours(5)).toBe("5 h");
    expect(formatHours(24)).toBe("1 day");
    expect(formatHours(50)).toBe("2 days 2 h");
    expect(timingPhrase({ meaning: "Accepted", hours: 0, defaulted: true, waitsForOutcome: false })).toBe("right away");
    expect(timingPhrase({ meaning: "No reply", hours: 72, defaulted: true, waitsForOutcome: true })).toBe("after 3 days");
  });
});
