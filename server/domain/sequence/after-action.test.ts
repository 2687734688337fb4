import { describe, expect, it } from "vitest";
import { afterAction } from "./step-timing";
import { wireSequence } from "./wire-sequence";

const HOUR = 3_600_000;
const at = new Date("2026-03-02T10:00:00Z");
const sequence = wireSequence({
  steps: [
    { id: "visit", type: "visit_profile", nextDelayHours: 4 },
    { id: "invite", type: "invite", parent: "visit", config: { withdrawDays: 5 } },
    { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Hi" }, nextDelayHours: 48 },
    { id: "inmail", type: "inmail", parent: "invite", branch: "no", config: { subject: "s", text: "t" } },
    { id: "comment", type: "comment_post", parent: "thanks", config: { prompt: "Be kind" }, nextDelayHours: 2 },
    { id: "spoken", type: "ai_voice_note", parent: "comment", config: { script: "Hi" }, nextDelayHours: 24 },
  ],
});
const step = (id: string) => sequence.steps.find((candidate) => candidate.id === id)!;

describe("after the sender acted", () => {
  it("moves a visited lead on to its next step after the step's delay", () => {
    expect(afterAction(sequence, step("visit"), at)).toEqual({ kind: "place", placement: { kind: "step", step: step("invite"), waitUntil: new Date(at.getTime() + 4 * HOUR) } });
  });

  it("waits for an acceptance for the invitation's window, and for a reply for the message's", () => {
    expect(afterAction(sequence, step("invite"), at)).toEqual({ kind: "await", until: new Date(at.getTime() + 5 * 24 * HOUR) });
    expect(afterAction(sequence, step("thanks"), at)).toEqual({ kind: "await", until: new Date(at.getTime() + 48 * HOUR) });
    expect(afterAction(sequence, step("inmail"), at)).toEqual({ kind: "await", until: new Date(at.getTime() + 72 * HOUR) });
  });

  it("moves a lead on after a comment (nobody answers a comment), and waits for a reply to a voice note", () => {
    expect(afterAction(sequence, step("comment"), at)).toEqual({ kind: "place", placement: { kind: "step", step: step("spoken"), waitUntil: new Date(at.getTime() + 2 * HOUR) } });
    expect(afterAction(sequence, step("spoken"), at)).toEqual({ kind: "await", until: new Date(at.getTime() + 24 * HOUR) });
  });
});
