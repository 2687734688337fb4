import { describe, expect, it } from "vitest";
import type { WiredSequence } from "../../schemas/sequence";
import { sequenceWithAppliedDefaults, withAppliedDefaults } from "./applied-defaults";
import { decideInmailUnable } from "./decide-step";
import { afterAction, placeAfter, replyWindowHours, type Placement } from "./step-timing";
import { wireSequence } from "./wire-sequence";

const at = new Date("2026-03-02T10:00:00Z");
const sequence = wireSequence({
  steps: [
    { id: "visit", type: "visit_profile" },
    { id: "invite", type: "invite", parent: "visit", config: { withdrawDays: 5 } },
    { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Hi" }, nextDelayHours: 48 },
    { id: "inmail", type: "inmail", parent: "invite", branch: "no", config: { subject: "s", text: "t" } },
    { id: "connected", type: "if_connected", parent: "inmail", branchDelays: { yes: 6 } },
    { id: "mail", type: "email", parent: "connected", branch: "no", config: { subject: "s", text: "t" }, branchDelays: { no: 24 }, nextDelayHours: 96 },
    { id: "second", type: "invite", parent: "mail" },
    { id: "comment", type: "comment_post", parent: "thanks", config: { prompt: "Be kind" }, nextDelayHours: 2 },
    { id: "skipper", type: "inmail", parent: "second", branch: "no", config: { subject: "s", text: "t", whenUnable: "skip" } },
  ],
});
const applied = sequenceWithAppliedDefaults(sequence);
const step = (steps: WiredSequence, id: string) => steps.steps.find((candidate) => candidate.id === id)!;
// Where a lead goes, by the next step's id (the step objects differ: one is shown with defaults).
const placed = (placement: Placement) => (placement.kind === "step" ? { id: placement.step.id, waitUntil: placement.waitUntil } : placement);
const decided = (decision: ReturnType<typeof afterAction>) => (decision.kind === "place" ? placed(decision.placement) : decision);

describe("a step shown with the defaults the executor applies", () => {
  it("writes out whenUnable, the reply and acceptance windows, branch delays and the next step's delay", () => {
    const shown = (id: string) => {
      const { nextDelayHours, branchDelays, config } = step(applied, id);
      return { nextDelayHours, branchDelays, whenUnable: config.whenUnable };
    };
    expect(shown("visit")).toEqual({ nextDelayHours: 0, branchDelays: undefined, whenUnable: undefined });
    expect(shown("invite")).toEqual({ nextDelayHours: undefined, branchDelays: { yes: 0, no: 5 * 24 }, whenUnable: undefined });
    expect(shown("second")).toEqual({ nextDelayHours: undefined, branchDelays: { yes: 0, no: 14 * 24 }, whenUnable: undefined });
    expect(shown("thanks")).toEqual({ nextDelayHours: 48, branchDelays: undefined, whenUnable: undefined });
    expect(shown("inmail")).toEqual({ nextDelayHours: 72, branchDelays: undefined, whenUnable: "auto" });
    expect(shown("skipper")).toEqual({ nextDelayHours: 72, branchDelays: undefined, whenUnable: "skip" });
    expect(shown("connected")).toEqual({ nextDelayHours: undefined, branchDelays: { yes: 6, no: 0 }, whenUnable: undefined });
    // branchDelays.no wins over nextDelayHours for a reply window: the shown step says so, and keeps
    // the stored branchDelays.no (a reply step shows no branchDelays it was not sent).
    expect(shown("mail")).toEqual({ nextDelayHours: 24, branchDelays: { no: 24 }, whenUnable: undefined });
    expect(shown("comment")).toEqual({ nextDelayHours: 2, branchDelays: undefined, whenUnable: undefined });
  });

  it("changes nothing the executor decides, read as stored or as shown and sent back, and applies once", () => {
    const sentBack = wireSequence(JSON.parse(JSON.stringify(applied)));
    for (const shown of [applied, sentBack]) {
      for (const original of sequence.steps) {
        const again = step(shown, original.id);
        // afterAction follows a sender's action; a condition has none (it resolves at once).
        if (original.type !== "if_connected") expect(decided(afterAction(shown, again, at)), original.id).toEqual(decided(afterAction(sequence, original, at)));
        for (const outcome of ["yes", "no", null] as const) {
          expect(placed(placeAfter(shown, again, outcome, at)), `${original.id} ${outcome}`).toEqual(placed(placeAfter(sequence, original, outcome, at)));
        }
        if (original.type === "inmail") {
          for (const outOfCredits of [true, false]) {
            expect(decideInmailUnable(again, { outOfCredits, at: at.getTime() })).toEqual(decideInmailUnable(original, { outOfCredits, at: at.getTime() }));
          }
        }
      }
    }
    expect(sequenceWithAppliedDefaults(applied)).toEqual(applied);
    expect(sequence.steps.map(withAppliedDefaults)).toEqual(applied.steps);
  });

  it("lets a consumer change a reply window by the nextDelayHours it read: read, change, send back", () => {
    const edited = JSON.parse(JSON.stringify(applied)) as WiredSequence;
    step(edited, "inmail").nextDelayHours = 24;
    const sentBack = wireSequence(edited);
    expect(replyWindowHours(step(sentBack, "inmail"))).toBe(24);
    expect(step(sequenceWithAppliedDefaults(sentBack), "inmail").nextDelayHours).toBe(24);
  });
});
