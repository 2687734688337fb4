import { describe, expect, it } from "vitest";
import type { TSequenceInput } from "../../schemas/sequence";
import { retimeWaitingLeads } from "./retime-waiting-leads";
import { placeAfter } from "./step-timing";
import { wireSequence } from "./wire-sequence";

const HOUR = 3_600_000;
const steps: TSequenceInput["steps"] = [
  { id: "visit", type: "visit_profile", nextDelayHours: 2 },
  { id: "invite", type: "invite", parent: "visit", branchDelays: { yes: 1 }, config: { withdrawDays: 5 } },
  { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Hi" }, nextDelayHours: 72 },
  { id: "follow", type: "email", parent: "thanks", branch: "no", config: { subject: "s", text: "t" } },
  { id: "inmail", type: "inmail", parent: "invite", branch: "no", config: { subject: "s", text: "t" } },
  { id: "opened", type: "if_email_opened", parent: "follow", config: { windowHours: 24 } },
];
const before = wireSequence({ steps });
const edited = (changes: Record<string, Partial<TSequenceInput["steps"][number]>>) =>
  wireSequence({ steps: steps.map((step) => ({ ...step, ...changes[step.id!] })) }, { previous: before });

describe("re-timing waiting leads after a delay changed", () => {
  it("needs no shift when no delay changed (copy edits)", () => {
    expect(retimeWaitingLeads(before, edited({ thanks: { config: { text: "Hello there" } } }))).toEqual([]);
  });

  it("moves leads waiting before a step by the change of the delay that put them there", () => {
    expect(retimeWaitingLeads(before, edited({ visit: { nextDelayHours: 0 } }))).toEqual([{ stepId: "invite", phase: "ready", shiftMs: -2 * HOUR }]);
    expect(retimeWaitingLeads(before, edited({ invite: { branchDelays: { yes: 4 }, config: { withdrawDays: 5 } } }))).toEqual([{ stepId: "thanks", phase: "ready", shiftMs: 3 * HOUR }]);
  });

  it("moves leads waiting at an e-mail activity condition by the change of its window", () => {
    expect(retimeWaitingLeads(before, edited({ opened: { config: { windowHours: 48 } } }))).toEqual([{ stepId: "opened", phase: "waiting", shiftMs: 24 * HOUR }]);
  });

  it("moves leads waiting for an answer by the change of the step's window", () => {
    expect(retimeWaitingLeads(before, edited({ invite: { branchDelays: { yes: 1 }, config: { withdrawDays: 7 } } }))).toEqual([{ stepId: "invite", phase: "waiting", shiftMs: 48 * HOUR }]);
    expect(retimeWaitingLeads(before, edited({ thanks: { nextDelayHours: 24 } }))).toEqual([{ stepId: "thanks", phase: "waiting", shiftMs: -48 * HOUR }]);
  });

  it("agrees with where the executor places a lead: the old placement plus the shift is the new placement", () => {
    const after = edited({ visit: { nextDelayHours: 6 } });
    const at = new Date("2026-03-02T10:00:00Z");
    const visit = (sequence: typeof before) => sequence.steps.find((step) => step.id === "visit")!;
    const old = placeAfter(before, visit(before), null, at);
    const now = placeAfter(after, visit(after), null, at);
    const [shift] = retimeWaitingLeads(before, after);
    if (old.kind !== "step" || now.kind !== "step") throw new Error("the visit leads to the invitation");
    expect(old.waitUntil.getTime() + shift!.shiftMs).toBe(now.waitUntil.getTime());
  });

  it("leaves new steps and first steps alone", () => {
    const grown = wireSequence({ steps: [...steps, { id: "late", type: "visit_profile", parent: "inmail", branch: "no" }] }, { previous: before });
    expect(retimeWaitingLeads(before, grown)).toEqual([]);
  });
});
