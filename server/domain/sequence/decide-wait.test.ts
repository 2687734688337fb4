import { describe, expect, it } from "vitest";
import { hasLinkedinProfile, decideCondition, decideWait, NO_REPLY_IN_TIME, NOT_ACCEPTED_IN_TIME } from "./decide-wait";
import { isWithinSchedule, type Schedule } from "./schedule";
import { CLOSED_SCHEDULE_RETRY_MS } from "./turn-policy";
import { wireSequence } from "./wire-sequence";
import type { WiredStep } from "../../schemas/sequence";

const schedule: Schedule = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };
const sequence = wireSequence({
  steps: [
    { id: "invite", type: "invite", config: { withdrawEnabled: true } },
    { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Hi" } },
    { id: "connected", type: "if_connected", parent: "invite", branch: "no" },
    
    { id: "kept", type: "invite", parent: "connected", branch: "no" },
    { id: "open", type: "if_open_profile", parent: "kept", branch: "no" },
  ],
});
const step = (id: string) => sequence.steps.find((candidate) => candidate.id === id)!;
const monday = Date.parse("2026-03-02T10:00:00Z"); // 11:00 in Paris
const saturday = Date.parse("2026-03-07T10:00:00Z");

describe("decideWait", () => {
  it("ends a lead past its last step", () => {
    expect(decideWait({ step: null, phase: "ready", at: monday, schedule, key: "cl_1" })).toEqual({ kind: "end" });
  });

  it("withdraws an invitation that was not accepted in time inside the schedule, then takes the no branch", () => {
    expect(decideWait({ step: step("invite"), phase: "waiting", at: monday, schedule, key: "cl_1" })).toEqual({ kind: "no-answer", step: step("invite"), withdraw: true, detail: NOT_ACCEPTED_IN_TIME });
    expect(decideWait({ step: step("kept"), phase: "waiting", at: saturday, schedule, key: "cl_1" })).toEqual({ kind: "no-answer", step: step("kept"), withdraw: false, detail: NOT_ACCEPTED_IN_TIME });
  });

  it("postpones a withdrawal that falls due while the schedule is closed into the next window, the same minute for the same lead", () => {
    const first = decideWait({ step: step("invite"), phase: "waiting", at: saturday, schedule, key: "cl_7" });
    expect(first.kind).toBe("postpone");
    const until = first.kind === "postpone" ? first.until : 0;
    expect(isWithinSchedule(schedule, new Date(until))).toBe(true);
    expect(until).toBeGreaterThan(saturday);
    expect(decideWait({ step: step("invite"), phase: "waiting", at: saturday + 3_600_000, schedule, key: "cl_7" })).toEqual(first);
    const ended = { ...schedule, endDate: "2026-03-06T00:00:00Z" };
    expect(decideWait({ step: step("invite"), phase: "waiting", at: saturday, schedule: ended, key: "cl_7" })).toEqual({ kind: "postpone", until: saturday + CLOSED_SCHEDULE_RETRY_MS });
  });

  it("takes the no-reply branch after a message at any hour", () => {
    expect(decideWait({ step: step("thanks"), phase: "waiting", at: saturday, schedule, key: "cl_1" })).toEqual({ kind: "no-answer", step: step("thanks"), withdraw: false, detail: NO_REPLY_IN_TIME });
  });

  it("evaluates conditions, and leaves action steps to their sender's turn", () => {
    expect(decideWait({ step: step("connected"), phase: "ready", at: saturday, schedule, key: "cl_1" })).toEqual({ kind: "condition", step: step("connected") });
    expect(decideWait({ step: step("thanks"), phase: "ready", at: monday, schedule, key: "cl_1" })).toEqual({ kind: "turn" });
  });

  it("decides a lead waiting at an e-mail activity condition on what it did, not as an answer that did not come", () => {
    const opened: WiredStep = { id: "opened", type: "if_email_opened", parent: null, branch: null, config: { variants: [] } };
    expect(decideWait({ step: opened, phase: "waiting", at: saturday, schedule, key: "cl_1" })).toEqual({ kind: "condition", step: opened });
  });
});

describe("decideCondition", () => {
  const known = { connected: false, openProfile: false, email: null, hasLinkedin: false, fields: {}, emails: [], at: 0 };
  it("follows what is known of the connection and the profile", () => {
    expect(decideCondition(step("connected"), { ...known, connected: true })).toEqual({ outcome: "yes", detail: "Connected" });
    expect(decideCondition(step("connected"), { ...known, openProfile: true })).toEqual({ outcome: "no", detail: "Not connected" });
    expect(decideCondition(step("open"), { ...known, openProfile: true })).toEqual({ outcome: "yes", detail: "Open profile" });
    expect(decideCondition(step("open"), { ...known, connected: true })).toEqual({ outcome: "no", detail: "Not an open profile" });
  });

  it("asks Herald's records of the lead: an address, a LinkedIn profile, a custom variable with a value", () => {
    const condition = (type: WiredStep["type"], config: WiredStep["config"] = { variants: [] }): WiredStep => ({ id: "c", type, parent: null, branch: null, config });
    expect(decideCondition(condition("if_has_email"), { ...known, email: "ann@acme.example" })).toEqual({ outcome: "yes", detail: "Has an e-mail address" });
    expect(decideCondition(condition("if_has_email"), { ...known, email: "  " })).toEqual({ outcome: "no", detail: "No e-mail address" });
    expect(decideCondition(condition("if_has_linkedin"), { ...known, hasLinkedin: true })).toEqual({ outcome: "yes", detail: "Has a LinkedIn profile" });
    expect(decideCondition(condition("if_has_linkedin"), known)).toEqual({ outcome: "no", detail: "No LinkedIn profile" });
    const phone = condition("if_has_variable", { variable: "phone", variants: [] });
    expect(decideCondition(phone, { ...known, fields: { phone: "+33 1 23 45 67 89" } })).toEqual({ outcome: "yes", detail: "phone is set" });
    expect(decideCondition(phone, { ...known, fields: { phone: " ", company: "Acme" } })).toEqual({ outcome: "no", detail: "phone is not set" });
    expect(decideCondition(phone, known)).toEqual({ outcome: "no", detail: "phone is not set" });
    expect(hasLinkedinProfile({ profileUrl: "", publicIdentifier: null })).toBe(false);
    expect(hasLinkedinProfile({ profileUrl: null, publicIdentifier: "ann-lee" })).toBe(true);
    // Only conditions are decided here; an action step is its sender's turn.
    expect(() => decideCondition(condition("visit_profile"), known)).toThrow("visit_profile is not a condition");
  });
});
